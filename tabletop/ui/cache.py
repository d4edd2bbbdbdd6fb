"""A small start-up cache: parsed base YAML (strings, settings) stored as JSON and keyed
by the source files' size and modification time (and the loader's), so the launcher's
first frame does not pay for importing and running the YAML parser. A stale or broken
cache is simply rebuilt; nothing here is ever the only copy of anything.

Folder: ``$TABLETOP_DATA_DIR/cache`` when set (tests), else the platform's user cache
folder."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

FORMAT = 1
_DATA = Path(__file__).resolve().parents[1] / "data"
READERS = [_DATA / "loader.py", _DATA / "mods.py"]   # what turns the files into values


def cache_dir() -> Path:
    """The platform's user cache folder, as platformdirs would name it (without importing
    it: this runs before the first frame)."""
    override = os.environ.get("TABLETOP_DATA_DIR")
    if override:
        return Path(override) / "cache"
    if sys.platform.startswith("win"):
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~/AppData/Local")
        return Path(base) / "tabletop-sim" / "Cache"
    if sys.platform == "darwin":
        return Path(os.path.expanduser("~/Library/Caches/tabletop-sim"))
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "tabletop-sim"


def _stamp(paths: list[Path]) -> list:
    out: list = [FORMAT]
    for p in [*paths, *READERS, Path(__file__)]:
        try:
            st = os.stat(p)
            out.append([str(p), st.st_mtime_ns, st.st_size])
        except OSError:
            out.append([str(p), None, None])
    return out


def cached(name: str, sources: list[Path], build: Callable[[], Any]) -> Any:
    """``build()``'s JSON-able value, from the cache when ``sources`` did not change."""
    stamp = _stamp(sources)
    try:
        folder = cache_dir()
        path = folder / f"{name}.json"
    except Exception:
        return build()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("stamp") == stamp:
            return data["value"]
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    value = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"stamp": stamp, "value": value}, fh, ensure_ascii=False)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError):
        pass
    return value
