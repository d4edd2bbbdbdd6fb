"""Where mod files are and which of them may be read: nothing in a mod may reach outside
its folder (symbolic links refused, every path checked after resolving)."""
from __future__ import annotations

import re
from pathlib import Path

from ...engine.errors import DataError

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "config"
LANGS = ("en", "ja")
IMAGE_SUFFIXES = (".png",)
FONT_SUFFIXES = (".ttf", ".otf")
MANIFEST_KEYS = ("id", "name", "version", "load_order", "description", "author")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
VERSION_RE = re.compile(r"^\d+(\.\d+){0,2}([-+][0-9A-Za-z.-]+)?$")
ASSET_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")


def safe_child(folder: Path, relative: str, what: str = "path") -> Path:
    """``folder/relative`` resolved, refusing anything that leaves ``folder`` (.., absolute
    paths, links) — a symbolic link anywhere below ``folder`` is refused."""
    folder = Path(folder).resolve()
    joined = folder / relative
    target = joined.resolve()
    if target != folder and folder not in target.parents:
        raise DataError(f"{folder}: {what} {relative!r} points outside the mod folder; refused")
    probe = joined
    while probe != folder and probe != probe.parent:
        if probe.is_symlink():
            raise DataError(f"{probe}: (file): symbolic links are not allowed in a mod "
                            f"(they can point outside the folder); refused")
        probe = probe.parent
    return target


def mod_files(mod_dir: Path, sub: str, suffixes: tuple[str, ...], errors: list[str] | None = None) -> list[Path]:
    """Files ``mod_dir/sub/*suffix`` that are safe to read (links refused into ``errors``)."""
    folder = mod_dir / sub
    if not folder.exists() and not folder.is_symlink():
        return []
    out = []
    try:
        safe_child(mod_dir, sub)
        entries = sorted(folder.iterdir())
    except DataError as exc:
        if errors is not None:
            errors.extend(exc.errors)
        return []
    except OSError:
        return []
    for path in entries:
        if path.suffix.lower() not in suffixes or path.name.startswith("."):
            continue
        try:
            safe_child(mod_dir, str(path.relative_to(mod_dir)))
        except DataError as exc:
            if errors is not None:
                errors.extend(exc.errors)
            continue
        if path.is_file():
            out.append(path)
    return out

