"""Game data files and mod overlays (docs/MODDING.md is the modder's guide).

Base data: every ``config/<game>/*.yaml`` (sub-folders are not data files of the engine).
A mod folder has ``mod.yaml`` (id, name, version, load_order) and may hold
``<game>/<file>.yaml`` overlays, ``i18n/<lang>.yaml`` strings, ``images/*.png`` and
``fonts/*.ttf|otf``. An overlay file with the same name as a base file is merged into it:

* a list of mappings that all have ``id`` merges by id: fields of an existing entry are
  merged one by one (mappings deep, other values replaced); an entry whose id is not in
  the base is an error ("did you mean") unless it says ``new: true``, then it is appended;
* a mapping merges key by key (recursively);
* anything else is replaced.

Marks: ``LoadedFile.marks`` maps a dotted path to ``(file, line)`` so an error in a merged
value points at the file that supplied it. Nothing in a mod may reach outside its folder:
symbolic links are refused, and every path is checked after resolving.
"""
from __future__ import annotations

import contextvars
import dataclasses
import re
import sys
from pathlib import Path
from typing import Any

from ..engine.errors import DataError
from .loader import line_of, load_yaml
from .hints import did_you_mean

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
LANGS = ("en", "ja")
IMAGE_SUFFIXES = (".png",)
FONT_SUFFIXES = (".ttf", ".otf")
MANIFEST_KEYS = ("id", "name", "version", "load_order", "description", "author")
_PNG = b"\x89PNG\r\n\x1a\n"
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_VERSION_RE = re.compile(r"^\d+(\.\d+){0,2}([-+][0-9A-Za-z.-]+)?$")
_ASSET_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")


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


def _sub(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def _loc(over_marks: dict, path: str) -> str:
    """``file:line`` of an overlay path (marks hold (file, line) pairs)."""
    mark = line_of(over_marks, path)
    if isinstance(mark, tuple):
        return f"{mark[0]}:{mark[1]}"
    return "?"


def merge(base: Any, over: Any, base_marks: dict, over_marks: dict, path: str = "",
          over_path: str | None = None, errors: list[str] | None = None) -> Any:
    """Overlay ``over`` on ``base`` and return the result (neither is modified).

    ``base_marks`` is updated so every path the overlay supplied points at the overlay's
    (file, line); ``path`` is the position in the merged data, ``over_path`` the same
    value's position in the overlay file (they differ under id-merged lists). Problems
    (unknown ids without ``new: true``…) are appended to ``errors`` as
    ``file:line: field: message`` with the overlay's own dotted path."""
    if over_path is None:
        over_path = path
    if errors is None:
        errors = []

    def replace(value):
        stale = [k for k in base_marks if k == path or k.startswith(path + ".")] if path else list(base_marks)
        for k in stale:
            del base_marks[k]
        for k, v in over_marks.items():
            if not over_path:
                base_marks[_sub(path, k) if k else path] = v
            elif k == over_path or k.startswith(over_path + "."):
                base_marks[path + k[len(over_path):]] = v
        return _strip_new(value)

    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if key in out:
                out[key] = merge(out[key], value, base_marks, over_marks, _sub(path, key),
                                 _sub(over_path, key), errors)
            else:
                out[key] = _merge_new(value, base_marks, over_marks, _sub(path, key), _sub(over_path, key))
        return out
    if _is_id_list(base) and isinstance(over, list):
        out = list(base)
        index = {item["id"]: i for i, item in enumerate(out)}
        given: dict[Any, int] = {}
        for j, item in enumerate(over):
            op = _sub(over_path, j)
            if not isinstance(item, dict) or "id" not in item:
                errors.append(f"{_loc(over_marks, op)}: {op}: an entry of this list needs an id "
                              f"(lists of entries merge by id)")
                continue
            if item["id"] in given:
                errors.append(f"{_loc(over_marks, _sub(op, 'id'))}: {_sub(op, 'id')}: id {item['id']!r} "
                              f"given twice in this file (first at item {given[item['id']]})")
                continue
            given[item["id"]] = j
            new = item.get("new", False)
            if new not in (True, False):
                errors.append(f"{_loc(over_marks, _sub(op, 'new'))}: {_sub(op, 'new')}: "
                              f"must be true or false (got {new!r})")
                continue
            fields = {k: v for k, v in item.items() if k != "new"}
            if item["id"] in index:
                if new:
                    errors.append(f"{_loc(over_marks, _sub(op, 'id'))}: {_sub(op, 'id')}: id {item['id']!r} "
                                  f"already exists in the base data; remove 'new: true' to change that entry")
                    continue
                i = index[item["id"]]
                merged = dict(out[i])
                for k, v in fields.items():
                    bp, vp = _sub(_sub(path, i), k), _sub(op, k)
                    if k in merged:
                        merged[k] = merge(merged[k], v, base_marks, over_marks, bp, vp, errors)
                    else:
                        merged[k] = _merge_new(v, base_marks, over_marks, bp, vp)
                out[i] = merged
            elif not new:
                errors.append(f"{_loc(over_marks, _sub(op, 'id'))}: {_sub(op, 'id')}: unknown id {item['id']!r}"
                              f"{did_you_mean(item['id'], index)}; to add a new entry write 'new: true' in it")
            else:
                index[item["id"]] = len(out)
                bp = _sub(path, len(out))
                for k in [k for k in base_marks if k == bp or k.startswith(bp + ".")]:
                    del base_marks[k]
                for k, v in over_marks.items():
                    if (k == op or k.startswith(op + ".")) and not (k == f"{op}.new" or k.startswith(f"{op}.new.")):
                        base_marks[bp + k[len(op):]] = v
                out.append(_strip_new(fields))
        return out
    return replace(over)


def _merge_new(value, base_marks, over_marks, path, over_path):
    """A key the base does not have: taken from the overlay as it is (``new`` markers
    inside it are dropped)."""
    for k, v in over_marks.items():
        if k == over_path or k.startswith(over_path + "."):
            base_marks[path + k[len(over_path):]] = v
    return _strip_new(value)


def _strip_new(value):
    if isinstance(value, list):
        return [({k: _strip_new(v) for k, v in item.items() if k != "new"} if isinstance(item, dict) and "id" in item
                 else _strip_new(item)) for item in value]
    if isinstance(value, dict):
        return {k: _strip_new(v) for k, v in value.items()}
    return value


# --- paths -------------------------------------------------------------------------
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


def _mod_files(mod_dir: Path, sub: str, suffixes: tuple[str, ...], errors: list[str] | None = None) -> list[Path]:
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


# --- manifest and load order -------------------------------------------------------
def read_mod_manifest(mod_dir: Path, errors: list[str] | None = None) -> dict:
    """``mod.yaml`` checked field by field. With ``errors`` given, problems are appended
    to it and a best-effort manifest is returned; otherwise they raise ``DataError``."""
    collect: list[str] = [] if errors is None else errors
    start = len(collect)
    manifest = Path(mod_dir) / "mod.yaml"
    data: Any = None
    marks: dict = {}
    if manifest.is_symlink():
        collect.append(f"{manifest}: (file): symbolic links are not allowed in a mod; refused")
    elif not manifest.is_file():
        collect.append(f"{manifest}: (file): missing (a mod folder needs mod.yaml with id, name, version)")
    else:
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
        if not isinstance(v, str) or not _ID_RE.match(v):
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
        if not isinstance(v, str) or not _VERSION_RE.match(v):
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
_LENIENT_MANIFEST: contextvars.ContextVar[bool] = contextvars.ContextVar("lenient_manifest", default=False)
# ... and overlay entries refused while merging (unknown ids…) are collected here instead
# of stopping the load, so the game's own checks of the rest run in the same pass.
_DEFERRED: contextvars.ContextVar[list | None] = contextvars.ContextVar("deferred_overlay_errors", default=None)


def ordered_mods(mods: list[str | Path] | None) -> list[Path]:
    """Mod folders sorted by their ``load_order`` (then as given; later wins). A folder
    that is missing or has a bad ``mod.yaml`` raises ``DataError``."""
    found = []
    errors: list[str] = []
    lenient = _LENIENT_MANIFEST.get()
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


# --- game data ---------------------------------------------------------------------
def load_game_files(game: str, mods: list[str | Path] | None = None,
                    config_dir: Path | None = None) -> dict[str, LoadedFile]:
    """Every data file of ``game`` with the mods' overlays applied in load order.
    Collects every loading and overlay error before raising ``DataError``."""
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
        for path in _mod_files(mod_dir, game, (".yaml",), errors):
            try:
                data, marks = load_yaml(path)
            except DataError as exc:
                errors.extend(exc.errors)
                continue
            if data is None:
                continue
            tagged = _tag(marks, str(path))
            if path.stem in files:
                f = files[path.stem]
                deferred = _DEFERRED.get()
                f.data = merge(f.data, data, f.marks, tagged, errors=errors if deferred is None else deferred)
            else:
                known = [p.stem for p in base_dir.glob("*.yaml")]
                errors.append(f"{path}:1: (file): the game has no data file {path.stem!r} to overlay"
                              f"{did_you_mean(path.stem, known)} (overlay files take the name of a file "
                              f"in config/{game}/)")
    if errors:
        raise DataError(errors)
    return files


# --- translations, images, fonts ---------------------------------------------------
def flatten_strings(data: Any, marks: dict | None = None, prefix: str = "",
                    problems: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """Nested mappings to ``{"dotted.key": value}``; non-mapping leaves are kept as they
    are (callers check they are strings). ``problems`` receives (key, message)."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            key = _sub(prefix, k)
            if isinstance(v, dict):
                out.update(flatten_strings(v, marks, key, problems))
            else:
                out[key] = v
    elif data is not None and problems is not None:
        problems.append((prefix, "expected a mapping of keys to texts"))
    return out


def _base_strings(lang: str, config_dir: Path | None = None) -> dict[str, Any]:
    path = (config_dir or CONFIG) / "i18n" / f"{lang}.yaml"
    if not path.is_file():
        return {}
    data, _ = load_yaml(path)
    return flatten_strings(data)


def load_translations(lang: str, mods: list[str | Path] | None = None,
                      config_dir: Path | None = None) -> dict[str, str]:
    """Flattened dotted keys of ``config/i18n/<lang>.yaml`` overlaid by each mod's
    ``i18n/<lang>.yaml`` in load order. Non-text values are skipped (``validate-mod``
    reports them); a file that is not valid YAML raises ``DataError``."""
    strings = {k: v for k, v in _base_strings(lang, config_dir).items() if isinstance(v, str)}
    for mod_dir in ordered_mods(mods or []):
        for path in _mod_files(mod_dir, "i18n", (".yaml",)):
            if path.stem != lang:
                continue
            data, _ = load_yaml(path)
            strings.update({k: v for k, v in flatten_strings(data).items() if isinstance(v, str)})
    return strings


def _asset_paths(mods, sub: str, suffixes: tuple[str, ...]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for mod_dir in ordered_mods(mods or []):
        for path in _mod_files(mod_dir, sub, suffixes):
            if _valid_asset(path, suffixes) is None:
                out[path.stem] = path
    return out


def mod_image_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{image id: path}`` of every valid ``images/<id>.png`` in the mods (later mods in
    load order win). Invalid files are skipped; ``validate-mod`` reports them."""
    return _asset_paths(mods, "images", IMAGE_SUFFIXES)


def mod_font_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{font id: path}`` of every valid ``fonts/<id>.ttf|otf`` in the mods."""
    return _asset_paths(mods, "fonts", FONT_SUFFIXES)


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG header, or None when it is not a PNG."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(24)
    except OSError:
        return None
    if len(head) < 24 or not head.startswith(_PNG) or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_SIDE = 8192
MAX_FONT_BYTES = 30 * 1024 * 1024


def _valid_asset(path: Path, suffixes: tuple[str, ...]) -> str | None:
    """None when the file is usable, else the reason."""
    if not _ASSET_ID_RE.match(path.stem):
        return (f"file name {path.name!r} is not a valid id (lower-case letters, digits, "
                f"'.', '-', '_')")
    size = path.stat().st_size
    if suffixes == IMAGE_SUFFIXES:
        if size > MAX_IMAGE_BYTES:
            return f"image is over {MAX_IMAGE_BYTES // (1024 * 1024)} MB; refused"
        dims = png_size(path)
        if dims is None:
            return "not a PNG image (its header is wrong)"
        if not (0 < dims[0] <= MAX_IMAGE_SIDE and 0 < dims[1] <= MAX_IMAGE_SIDE):
            return f"image is {dims[0]}x{dims[1]}; each side must be 1..{MAX_IMAGE_SIDE} pixels"
        return None
    if size > MAX_FONT_BYTES:
        return f"font is over {MAX_FONT_BYTES // (1024 * 1024)} MB; refused"
    with open(path, "rb") as fh:
        head = fh.read(4)
    if head not in _FONT_MAGIC:
        return "not a TrueType/OpenType font (its header is wrong)"
    return None


# --- validate-mod ------------------------------------------------------------------
_TOP_FILES = re.compile(r"^(mod\.yaml|README(\..+)?|LICEN[SC]E(\..+)?|CREDITS(\..+)?|.+\.md|.+\.txt)$", re.I)


def _walk_tree(mod_dir: Path, errors: list[str]) -> None:
    """Refuse links anywhere in the mod and report files that are not part of a mod."""
    from .. import games
    known_dirs = set(games.GAMES) | {"i18n", "images", "fonts"}
    stack = [mod_dir]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(folder.iterdir())
        except OSError as exc:
            errors.append(f"{folder}: (file): cannot read ({exc.strerror})")
            continue
        for path in entries:
            rel = path.relative_to(mod_dir)
            if path.is_symlink():
                errors.append(f"{path}: (file): symbolic links are not allowed in a mod "
                              f"(they can point outside the folder); refused")
                continue
            if path.name.startswith("."):
                continue                     # .git, editor files
            if path.is_dir():
                if folder == mod_dir and path.name not in known_dirs:
                    errors.append(f"{path}: (file): unknown folder {path.name!r}"
                                  f"{did_you_mean(path.name, sorted(known_dirs))} "
                                  f"(a mod holds {', '.join(sorted(known_dirs))})")
                elif folder != mod_dir:
                    errors.append(f"{path}: (file): sub-folders are not read here; "
                                  f"put the files directly in {folder.name}/")
                else:
                    stack.append(path)
                continue
            if folder == mod_dir:
                if not _TOP_FILES.match(path.name):
                    errors.append(f"{path}: (file): not part of a mod (the top folder holds mod.yaml "
                                  f"and README/LICENSE/CREDITS texts)")
                continue
            kind = rel.parts[0]
            wanted = {"images": IMAGE_SUFFIXES, "fonts": FONT_SUFFIXES}.get(kind, (".yaml",))
            if path.suffix.lower() not in wanted:
                errors.append(f"{path}: (file): {kind}/ takes {' or '.join(wanted)} files")


def _placeholders(text: str) -> set[str] | None:
    """Names of ``{placeholders}`` in a text, or None when its braces are malformed."""
    import string
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def _check_i18n(mod_dir: Path, errors: list[str]) -> int:
    count = 0
    base: dict[str, dict[str, Any]] = {}
    for lang in LANGS:
        try:
            base[lang] = _base_strings(lang)
        except DataError as exc:
            errors.extend(exc.errors)
            base[lang] = {}
    base_keys = set(base["en"])
    for path in _mod_files(mod_dir, "i18n", (".yaml",)):
        if path.stem not in LANGS:
            errors.append(f"{path}: (file): unknown language {path.stem!r}"
                          f"{did_you_mean(path.stem, LANGS)} (the program speaks {', '.join(LANGS)})")
            continue
        try:
            data, marks = load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        if data is None:
            continue
        problems: list[tuple[str, str]] = []
        flat = flatten_strings(data, marks, "", problems)
        for key, message in problems:
            errors.append(f"{path}:{marks.get(key, 1)}: {key or '(file)'}: {message}")
        for key, value in flat.items():
            where = f"{path}:{marks.get(key, 1)}"
            if not (key in base_keys or key.startswith("mod.")):
                errors.append(f"{where}: {key}: unknown text key{did_you_mean(key, base_keys)} "
                              f"(keys must exist in config/i18n/en.yaml, or start with 'mod.')")
            elif not isinstance(value, str):
                errors.append(f"{where}: {key}: must be a text (got {value!r})")
            elif not value.strip():
                errors.append(f"{where}: {key}: must not be empty")
            elif _placeholders(value) is None:
                errors.append(f"{where}: {key}: unbalanced braces; write {{{{ and }}}} for literal braces")
            else:
                allowed: set[str] = set()
                for lang in LANGS:
                    ref = base[lang].get(key)
                    if isinstance(ref, str):
                        allowed |= _placeholders(ref) or set()
                extra = sorted(_placeholders(value) - allowed) if key in base_keys else []
                if extra:
                    errors.append(f"{where}: {key}: unknown placeholder {{{extra[0]}}}"
                                  f"{did_you_mean(extra[0], allowed)} (this text can use "
                                  f"{', '.join('{' + a + '}' for a in sorted(allowed)) or 'no placeholders'})")
                    continue
                count += 1
    return count


#: Image ids the screens ask for (docs/MODDING.md, "Images"). An image with another id is
#: loaded but never shown, so validate-mod adds a note (not an error: new screens may ask
#: for new ids before this list knows them).
IMAGE_IDS = (
    r"pendulum\.board", r"pendulum\.card\.back", r"pendulum\.worker\.[a-z0-9_-]+\.(common|grande)",
    r"grailwar\.map",
)
_EXAMPLE_IMAGE_IDS = ("pendulum.board", "pendulum.card.back", "pendulum.worker.red.common",
                      "pendulum.worker.red.grande", "grailwar.map")


def _check_assets(mod_dir: Path, sub: str, suffixes: tuple[str, ...], errors: list[str],
                  notes: list[str] | None = None) -> int:
    count = 0
    for path in _mod_files(mod_dir, sub, suffixes, errors):
        reason = _valid_asset(path, suffixes)
        if reason:
            errors.append(f"{path}: (file): {reason}")
            continue
        count += 1
        if notes is not None and suffixes == IMAGE_SUFFIXES and \
                not any(re.fullmatch(rx, path.stem) for rx in IMAGE_IDS):
            notes.append(f"{path.relative_to(mod_dir)}: no screen asks for image id {path.stem!r}"
                         f"{did_you_mean(path.stem, _EXAMPLE_IMAGE_IDS)} (see docs/MODDING.md)")
    return count


def _check_game_data(mod_dir: Path, errors: list[str]) -> tuple[int, list[str]]:
    """Overlays of every game folder; returns (overlay count, notes)."""
    from .. import games
    count, notes = 0, []
    for game in games.GAMES:
        overlays = _mod_files(mod_dir, game, (".yaml",), errors)
        if not overlays:
            continue
        count += len(overlays)
        try:
            built = games.available(game)
        except Exception as exc:       # the game module itself is broken
            errors.append(f"{mod_dir / game}: (file): the {game} game failed to load "
                          f"({type(exc).__name__}: {exc})")
            continue
        try:
            if built:
                games.load(game).make_rules(mods=[str(mod_dir)])
            else:
                notes.append(f"{game} is not built: its overlays were checked for syntax and ids only")
                if (CONFIG / game).is_dir():
                    load_game_files(game, [mod_dir])
                else:
                    for path in overlays:
                        load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
        except Exception as exc:
            errors.append(f"{mod_dir / game}: (file): the {game} rules could not use this data "
                          f"({type(exc).__name__}: {exc})")
    return count, notes


def validate_mod(mod_dir: str | Path) -> tuple[list[str], dict]:
    """Every problem of a mod folder as ``file:line: field: message`` lines, and counts."""
    given = str(mod_dir).rstrip("/") or "/"
    mod_dir = Path(mod_dir)
    errors: list[str] = []
    counts = {"overlays": 0, "strings": 0, "images": 0, "fonts": 0, "notes": []}
    if not mod_dir.is_dir():
        return [f"{given}: (file): not a folder (validate-mod wants a mod folder with mod.yaml)"], counts
    mod_dir = mod_dir.resolve()
    read_mod_manifest(mod_dir, errors)
    _walk_tree(mod_dir, errors)
    deferred: list[str] = []
    token, token2 = _LENIENT_MANIFEST.set(True), _DEFERRED.set(deferred)
    try:
        counts["overlays"], counts["notes"] = _check_game_data(mod_dir, errors)
    finally:
        _LENIENT_MANIFEST.reset(token)
        _DEFERRED.reset(token2)
    errors.extend(deferred)
    counts["strings"] = _check_i18n(mod_dir, errors)
    counts["images"] = _check_assets(mod_dir, "images", IMAGE_SUFFIXES, errors, counts["notes"])
    counts["fonts"] = _check_assets(mod_dir, "fonts", FONT_SUFFIXES, errors)
    lines = [_shorten(e, mod_dir, given) for e in dict.fromkeys(errors)]
    return _by_file_and_line(lines), counts


def _by_file_and_line(lines: list[str]) -> list[str]:
    """Errors grouped by file (in order of first appearance), by line within a file."""
    first: dict[str, int] = {}
    keys = []
    for i, line in enumerate(lines):
        m = re.match(r"^(.*?)(?::(\d+))?: ", line)
        name, num = (m.group(1), int(m.group(2) or 0)) if m else (line, 0)
        first.setdefault(name, len(first))
        keys.append((first[name], num, i))
    return [lines[i] for _, _, i in sorted(keys)]


def _shorten(line: str, mod_dir: Path, given: str) -> str:
    """Error lines name files as the user wrote the mod folder, and the base data
    relative to the current folder."""
    resolved = str(mod_dir)
    if line.startswith(resolved + "/") or line.startswith(resolved + ":"):
        return given + line[len(resolved):]
    cwd = str(Path.cwd().resolve())
    if line.startswith(cwd + "/"):
        return line[len(cwd) + 1:]
    return line


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def validate_mod_cli(mod_dir: str) -> int:
    """``python main.py validate-mod DIR``: every error and exit 1, or a summary and 0."""
    errors, counts = validate_mod(mod_dir)
    if errors:
        for line in errors:
            print(line)
        print(f"{mod_dir}: {_plural(len(errors), 'error')}", file=sys.stderr)
        return 1
    summary = (f"{str(mod_dir).rstrip('/')}: OK — {_plural(counts['overlays'], 'data overlay')}, "
               f"{_plural(counts['strings'], 'string')}, {_plural(counts['images'], 'image')}")
    if counts["fonts"]:
        summary += f", {_plural(counts['fonts'], 'font')}"
    print(summary)
    for note in counts["notes"]:
        print(f"  note: {note}", file=sys.stderr)
    return 0
