"""Game data files and mod overlays.

Base data: every ``config/<game>/*.yaml`` (sub-folders are not data files of the engine).
A mod folder has ``mod.yaml`` (id, name, version, load_order) and may hold
``<game>/<file>.yaml`` overlays, ``i18n/<lang>.yaml`` strings, ``images/`` and ``fonts/``.
An overlay file with the same name as a base file is merged into it:

* a list of mappings that all have ``id`` merges by id (fields of an existing entry are
  replaced one by one, new ids are appended);
* a mapping merges key by key (recursively);
* anything else is replaced.

Marks: ``LoadedFile.marks`` maps a dotted path to ``(file, line)`` so an error in a merged
value points at the file that supplied it.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from ..engine.errors import DataError
from .loader import load_yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"


@dataclasses.dataclass
class LoadedFile:
    name: str                 # file stem, e.g. "characters"
    data: Any
    marks: dict[str, tuple[str, int]]
    source: str               # the base file (or the mod file that created it)


def _tag(marks: dict[str, int], source: str, prefix: str = "") -> dict[str, tuple[str, int]]:
    out = {}
    for path, line in marks.items():
        full = f"{prefix}.{path}" if prefix and path else (prefix or path)
        out[full] = (source, line)
    return out


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def merge(base: Any, over: Any, base_marks: dict, over_marks: dict, path: str = "") -> Any:
    """Overlay ``over`` on ``base``; ``base_marks`` is updated with the overlay's marks."""
    def sub(p, k):
        return f"{p}.{k}" if p else str(k)

    def remap(old_path: str, new_path: str):
        for k, v in over_marks.items():
            if k == old_path or k.startswith(old_path + "."):
                base_marks[new_path + k[len(old_path):]] = v

    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if key in out:
                out[key] = merge(out[key], value, base_marks, over_marks, sub(path, key))
            else:
                out[key] = value
                remap(sub(path, key), sub(path, key))
        return out
    if _is_id_list(base) and isinstance(over, list) and all(isinstance(v, dict) and "id" in v for v in over):
        out = list(base)
        index = {item["id"]: i for i, item in enumerate(out)}
        for j, item in enumerate(over):
            if item["id"] in index:
                i = index[item["id"]]
                # merge field by field; marks for the fields come from the overlay item
                merged = dict(out[i])
                for k, v in item.items():
                    if k in merged and isinstance(merged[k], (dict, list)) and isinstance(v, type(merged[k])):
                        merged[k] = merge(merged[k], v, base_marks, _shift(over_marks, sub(path, j), sub(path, i)), sub(sub(path, i), k))
                    else:
                        merged[k] = v
                        remap(sub(sub(path, j), k), sub(sub(path, i), k))
                out[i] = merged
            else:
                index[item["id"]] = len(out)
                remap(sub(path, j), sub(path, len(out)))
                out.append(item)
        return out
    remap(path, path)
    return over


def _shift(marks: dict, old: str, new: str) -> dict:
    """Marks of the overlay with the prefix ``old`` renamed to ``new``."""
    out = dict(marks)
    for k, v in marks.items():
        if k == old or k.startswith(old + "."):
            out[new + k[len(old):]] = v
    return out


def safe_child(folder: Path, relative: str, what: str = "path") -> Path:
    """``folder/relative`` resolved, refusing anything that leaves ``folder`` (.., absolute
    paths, links pointing outside)."""
    folder = folder.resolve()
    target = (folder / relative).resolve()
    if target != folder and folder not in target.parents:
        raise DataError(f"{folder}: {what} {relative!r} points outside the mod folder; refused")
    return target


def load_game_files(game: str, mods: list[str | Path] | None = None,
                    config_dir: Path | None = None) -> dict[str, LoadedFile]:
    """Every data file of ``game`` with the mods' overlays applied in load order.
    Collects every loading error before raising ``DataError``."""
    base_dir = (config_dir or CONFIG) / game
    files: dict[str, LoadedFile] = {}
    errors: list[str] = []
    for path in sorted(base_dir.glob("*.yaml")):
        try:
            data, marks = load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        files[path.stem] = LoadedFile(path.stem, data, _tag(marks, str(path)), str(path))
    for mod_dir in ordered_mods(mods or []):
        overlay_dir = mod_dir / game
        if not overlay_dir.is_dir():
            continue
        for path in sorted(overlay_dir.glob("*.yaml")):
            safe_child(mod_dir, str(path.relative_to(mod_dir)))
            try:
                data, marks = load_yaml(path)
            except DataError as exc:
                errors.extend(exc.errors)
                continue
            tagged = _tag(marks, str(path))
            if path.stem in files:
                f = files[path.stem]
                f.data = merge(f.data, data, f.marks, tagged)
            else:
                files[path.stem] = LoadedFile(path.stem, data, tagged, str(path))
    if errors:
        raise DataError(errors)
    return files


def read_mod_manifest(mod_dir: Path) -> dict:
    from .loader import load_yaml as _load
    manifest = mod_dir / "mod.yaml"
    if not manifest.is_file():
        raise DataError(f"{mod_dir}: mod.yaml: missing (a mod folder needs mod.yaml with id, name, version)")
    data, marks = _load(manifest)
    if not isinstance(data, dict):
        raise DataError(f"{manifest}:1: (file): expected a mapping with id, name, version")
    return data


def ordered_mods(mods: list[str | Path]) -> list[Path]:
    """Mod folders sorted by their ``load_order`` (then as given)."""
    found = []
    for i, m in enumerate(mods):
        path = Path(m).resolve()
        if not path.is_dir():
            raise DataError(f"{m}: not a folder (--mod wants a mod folder with mod.yaml)")
        manifest = read_mod_manifest(path)
        order = manifest.get("load_order", 0)
        found.append((order if isinstance(order, int) else 0, i, path))
    return [p for _, _, p in sorted(found)]
