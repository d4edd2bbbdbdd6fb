"""The user cache folder every cache of the program writes in (a module of its own, importing
nothing of the program: the launcher's start-up cache uses it before anything else loads)."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_dir() -> Path:
    """The user cache folder, as platformdirs would name it (without importing it: this
    runs before the first frame). ``$TABLETOP_DATA_DIR/cache`` when that is set (tests)."""
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


def file_stamp(path) -> list:
    """What a cache entry keeps of a file it was made from, to know it is unchanged:
    ``[path, mtime_ns, size]`` (None, None when the file cannot be read)."""
    try:
        st = os.stat(path)
        return [str(path), st.st_mtime_ns, st.st_size]
    except OSError:
        return [str(path), None, None]
