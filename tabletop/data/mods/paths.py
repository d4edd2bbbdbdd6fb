"""Where mod files are and which of them may be read: nothing in a mod may reach outside
its folder (symbolic links refused, every path checked after resolving)."""
from __future__ import annotations

import re
import stat
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
    """Files ``mod_dir/sub/*suffix`` that are safe to read (links and anything that is not a
    regular file are refused into ``errors``)."""
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
        problem = file_problem(path)
        if problem:
            if errors is not None:
                errors.append(f"{path}: (file): {problem}")
            continue
        out.append(path)
    return out


def file_problem(path: Path) -> str | None:
    """Why a file inside a mod may not be read, or None: only regular files with one
    name are read (a hard link can be a second name of a file outside the mod; a FIFO
    or a device would block or never end)."""
    try:
        st = path.lstat()
    except OSError as exc:
        return f"cannot read ({exc.strerror})"
    if stat.S_ISLNK(st.st_mode):
        return "symbolic links are not allowed in a mod (they can point outside the folder); refused"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a pipe, device or socket); refused"
    if st.st_nlink > 1:
        return (f"a hard link (the file has {st.st_nlink} names, one may be outside the mod); "
                f"copy the file instead; refused")
    return None

