"""``mod.yaml`` (id, name, version, load_order) and the order mods load in."""
from __future__ import annotations

import contextvars
from pathlib import Path
from typing import Any

from ...engine.errors import DataError
from ..hints import did_you_mean
from .paths import ID_RE, MANIFEST_KEYS, VERSION_RE, file_problem


def read_mod_manifest(mod_dir: Path, errors: list[str] | None = None) -> dict:
    """``mod.yaml`` checked field by field. With ``errors`` given, problems are appended
    to it and a best-effort manifest is returned; otherwise they raise ``DataError``."""
    collect: list[str] = [] if errors is None else errors
    start = len(collect)
    manifest = Path(mod_dir) / "mod.yaml"
    data: Any = None
    marks: dict = {}
    problem = file_problem(manifest) if manifest.exists() or manifest.is_symlink() else None
    if manifest.is_symlink():
        collect.append(f"{manifest}: (file): symbolic links are not allowed in a mod; refused")
    elif not manifest.exists():
        collect.append(f"{manifest}: (file): missing (a mod folder needs mod.yaml with id, name, version)")
    elif problem:
        collect.append(f"{manifest}: (file): {problem}")
    else:
        # imported here to save start-up time: the saves import this module before the
        # launcher's first frame, which reads no mod.yaml (and so needs no YAML parser)
        from ..loader import load_yaml
        try:
            data, marks = load_yaml(manifest)
        except DataError as exc:
            collect.extend(exc.errors)
    out: dict = {}
    if data is not None or manifest.is_file():
        out = _check_manifest(data, marks, str(manifest), collect)
    if errors is None and len(collect) > start:
        raise DataError(collect)
    return out


def _check_manifest(data: Any, marks: dict, source: str, errors: list[str]) -> dict:
    def at(field):
        line = marks.get(field) or marks.get("")
        return f"{source}:{line}" if line else source

    if not isinstance(data, dict):
        if data is not None or not errors or not errors[-1].startswith(source):
            errors.append(f"{source}:1: (file): expected a mapping with id, name, version "
                          f"(got {type(data).__name__ if data is not None else 'an empty file'})")
        return {}
    for key in data:
        if key not in MANIFEST_KEYS:
            errors.append(f"{at(key)}: {key}: unknown key{did_you_mean(key, MANIFEST_KEYS)} "
                          f"(mod.yaml takes {', '.join(MANIFEST_KEYS)})")
    out = {"load_order": 0}
    if "id" in data:
        v = data["id"]
        if not isinstance(v, str) or not ID_RE.match(v):
            errors.append(f"{at('id')}: id: must be lower-case letters, digits, '-' or '_' "
                          f"(at most 64, starting with a letter or digit) (got {v!r})")
        else:
            out["id"] = v
    if "name" in data:
        v = data["name"]
        if not isinstance(v, str) or not v.strip():
            errors.append(f"{at('name')}: name: must be a non-empty text (got {v!r})")
        else:
            out["name"] = v
    if "version" in data:
        v = data["version"]
        if not isinstance(v, str) or not VERSION_RE.match(v):
            hint = f" — write it in quotes: version: \"{v}\"" if isinstance(v, (int, float)) and not isinstance(v, bool) else ""
            errors.append(f"{at('version')}: version: must be a text like \"1.0.0\" (got {v!r}){hint}")
        else:
            out["version"] = v
    if "load_order" in data:
        v = data["load_order"]
        if not isinstance(v, int) or isinstance(v, bool):
            errors.append(f"{at('load_order')}: load_order: must be a whole number (got {v!r})")
        elif not -1000 <= v <= 1000:
            errors.append(f"{at('load_order')}: load_order: must be between -1000 and 1000 (got {v})")
        else:
            out["load_order"] = v
    for key in ("description", "author"):
        if key in data:
            if not isinstance(data[key], str):
                errors.append(f"{at(key)}: {key}: must be a text (got {data[key]!r})")
            else:
                out[key] = data[key]
    for key in ("id", "name", "version"):
        if key not in data:
            errors.append(f"{at('')}: {key}: required field is missing")
    return out


# While validate-mod runs, manifest problems are reported once by the manifest check and
# do not stop the game data from being checked too.
LENIENT_MANIFEST: contextvars.ContextVar[bool] = contextvars.ContextVar("lenient_manifest", default=False)
# ... and overlay entries refused while merging (unknown ids…) are collected here instead
# of stopping the load, so the game's own checks of the rest run in the same pass.
DEFERRED: contextvars.ContextVar[list | None] = contextvars.ContextVar("deferred_overlay_errors", default=None)


def ordered_mods(mods: list[str | Path] | None) -> list[Path]:
    """Mod folders sorted by their ``load_order`` (then as given; later wins). A folder
    that is missing or has a bad ``mod.yaml`` raises ``DataError``."""
    found = []
    errors: list[str] = []
    lenient = LENIENT_MANIFEST.get()
    ids: dict[str, str] = {}
    seen: set[Path] = set()
    for i, m in enumerate(mods or []):
        path = Path(m).resolve()
        if path in seen:                 # the same folder given twice loads once
            continue
        seen.add(path)
        if not path.is_dir():
            errors.append(f"{m}: (file): not a folder (--mod wants a mod folder with mod.yaml)")
            continue
        manifest = read_mod_manifest(path, [] if lenient else errors)
        mod_id = manifest.get("id")
        if mod_id in ids:
            errors.append(f"{path / 'mod.yaml'}: id: mod id {mod_id!r} is also used by {ids[mod_id]}")
        elif mod_id:
            ids[mod_id] = str(m)
        found.append((manifest.get("load_order", 0), i, path))
    if errors:
        raise DataError(errors)
    return [p for _, _, p in sorted(found)]

