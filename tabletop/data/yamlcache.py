"""Parsed YAML kept on disk between runs, so a game's first frame does not pay for parsing
its data files again (``loader.load_yaml`` asks here first).

An entry is one file's ``(data, marks)`` as the loader returned it, stored as JSON in the
user cache folder (``$TABLETOP_DATA_DIR/cache/yaml`` when that is set, as in tests). It is
used only when everything it was made from is unchanged: the file's path, modification
time and size, a checksum of its bytes (an edit within the clock's resolution still counts),
the loader's own source (its size and time: a new loader rejects every old entry) and
this module's format. Only files that loaded cleanly are stored: a file with errors is
parsed every time, so every error message comes from the loader itself, never from here.

Nothing here is trusted: an entry that cannot be read, is not valid JSON, has another
shape or holds a value the loader could not have made is ignored and replaced; a cache
folder that cannot be written is ignored. The cache is never the only copy of anything.
"""
from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_text
from ..cachedir import cache_dir

FORMAT = 1
_LOADER = Path(__file__).resolve().with_name("loader.py")
_PAIRS = "\x00pairs"        # a mapping with keys that are not all texts; no YAML key holds a NUL


def _loader_stamp() -> list:
    try:
        st = os.stat(_LOADER)
        return [FORMAT, st.st_mtime_ns, st.st_size]
    except OSError:
        return [FORMAT, None, None]


def _entry_path(path: Path) -> Path:
    key = str(path).encode("utf-8", "surrogatepass")
    return cache_dir() / "yaml" / f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}.json"   # the stamp names the path


def _stamp(path: Path, st: os.stat_result, raw: bytes) -> dict:
    return {"path": str(path), "mtime_ns": st.st_mtime_ns, "size": st.st_size,
            "crc32": zlib.crc32(raw), "loader": _loader_stamp()}


# --- values <-> JSON (mappings may have number, bool or null keys) -------------------------
def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {_PAIRS: [[k, _encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    return value


class _Bad(Exception):
    pass


def _pairs(obj: dict) -> dict:
    """``json.loads``'s object hook: a stored mapping with keys that are not all texts back
    as itself; anything the loader could not have made is ``_Bad``."""
    if _PAIRS not in obj:
        return obj
    pairs = obj[_PAIRS]
    if len(obj) != 1 or not isinstance(pairs, list):
        raise _Bad
    out = {}
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and type(pair[0]) in (int, float, str)) or pair[0] in out:
            raise _Bad
        out[pair[0]] = pair[1]
    return out


def _constant(name: str):
    raise _Bad          # NaN and infinities never come out of the loader


# --- the cache -------------------------------------------------------------------------------
def get(path: Path, st: os.stat_result, raw: bytes):
    """``(data, marks)`` stored for exactly this file, or None."""
    try:
        entry = json.loads(_entry_path(path).read_text(encoding="utf-8"), object_hook=_pairs,
                           parse_constant=_constant)
        if not isinstance(entry, dict) or entry.get("stamp") != _stamp(path, st, raw):
            return None
        marks = entry["marks"]
        if not (isinstance(marks, dict) and all(type(v) is int for v in marks.values())):
            return None
        return entry["data"], marks
    except (OSError, ValueError, KeyError, TypeError, RecursionError, _Bad):
        return None


def put(path: Path, st: os.stat_result, raw: bytes, data: Any, marks: dict) -> None:
    """Store what the loader made of this file (quietly does nothing when it cannot)."""
    try:
        target = _entry_path(path)
        text = json.dumps({"stamp": _stamp(path, st, raw), "data": _encode(data), "marks": marks},
                          ensure_ascii=False, allow_nan=False)
        atomic_write_text(target, text, durable=False)
    except (OSError, ValueError, TypeError, RecursionError):
        pass
