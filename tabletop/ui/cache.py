"""The shell's caches. ``cached``: a small start-up cache: parsed base YAML (strings, settings) stored as JSON and keyed
by the source files' size and modification time (and the loader's), so the launcher's
first frame does not pay for importing and running the YAML parser. A stale or broken
cache is simply rebuilt; nothing here is ever the only copy of anything.

Folder: ``$TABLETOP_DATA_DIR/cache`` when set (tests), else the platform's user cache
folder. ``LRU``: an in-memory map bounded by bytes (rendered text and the like)."""
from __future__ import annotations

import json
from collections import OrderedDict
import zlib
from pathlib import Path
from typing import Any, Callable

from ..atomic import atomic_write_text
from ..cachedir import cache_dir, file_stamp   # one user cache folder for every cache

FORMAT = 1
_DATA = Path(__file__).resolve().parents[1] / "data"
READERS = [_DATA / "loader.py", _DATA / "mods.py"]   # what turns the files into values


def _stamp(paths: list[Path]) -> list:
    return [FORMAT, *(file_stamp(p) for p in [*paths, *READERS, Path(__file__)])]


def cached(name: str, sources: list[Path], build: Callable[[], Any]) -> Any:
    """``build()``'s JSON-able value, from the cache when ``sources`` did not change."""
    stamp = _stamp(sources)
    try:
        folder = cache_dir()
        # named by the sources' paths too: two installs (or checkouts) keep an entry each
        where = zlib.crc32(json.dumps([str(p) for p in sources]).encode("utf-8", "surrogatepass"))
        path = folder / f"{name}-{where:08x}.json"
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
        atomic_write_text(path, json.dumps({"stamp": stamp, "value": value}, ensure_ascii=False), durable=False)
    except (OSError, TypeError, ValueError):
        pass
    return value


class LRU:
    """A least-recently-used map bounded by a total size (``sizeof(value)``, bytes by
    default for surfaces) and, optionally, by a number of entries. An entry larger than
    the whole bound is not kept. Used for rendered text (``App.text``) and the other
    caches of the shell.

    ``sweep()`` starts a new generation: it drops every entry not used since the
    previous sweep, so a cache swept when a new screen opens holds what the last two
    screens used, not every string of a long session."""

    _MARK = object()     # the last sweep's place in the recency order (entries after it were used since)

    def __init__(self, max_bytes: int, sizeof: Callable[[Any], int] | None = None, max_items: int | None = None):
        self.max_bytes = max(0, int(max_bytes))
        self.max_items = max_items
        self.sizeof = sizeof or surface_bytes
        self._items: OrderedDict = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items) - (self._MARK in self._items)

    def __contains__(self, key) -> bool:
        return key in self._items

    def keys(self) -> list:
        """The keys kept, least recently used first."""
        return [k for k in self._items if k is not self._MARK]

    def get(self, key, default=None):
        item = self._items.get(key)
        if item is None:
            self.misses += 1
            return default
        self.hits += 1
        self._items.move_to_end(key)
        return item[0]

    def put(self, key, value) -> None:
        size = int(self.sizeof(value))
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if size > self.max_bytes:
            return
        self._items[key] = (value, size)
        self.bytes += size
        while self._items and (self.bytes > self.max_bytes or
                               (self.max_items is not None and len(self) > self.max_items)):
            _, (_, freed) = self._items.popitem(last=False)
            self.bytes -= freed

    def sweep(self) -> None:
        """Drop the entries not used since the last sweep (none at the first)."""
        items = self._items
        if self._MARK in items:
            while True:
                key, (_, freed) = items.popitem(last=False)
                if key is self._MARK:
                    break
                self.bytes -= freed
        items[self._MARK] = (None, 0)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def surface_bytes(surface) -> int:
    """Bytes of a pygame surface's pixels (rows are padded to the pitch)."""
    return surface.get_pitch() * surface.get_height()
