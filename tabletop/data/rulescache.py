"""Validated game data kept on disk between runs, per game and mod list, so a game's first
frame neither parses its data files nor imports pydantic to check them again.

``load(game, mods, build, code)`` returns ``build()``'s value (records of plain.py in lists
and dicts) from the cache folder (``<cache>/rules``) when everything it was made from is
unchanged, else calls ``build()`` and stores what it returned. The key of an entry is:

* every file the data is read from: each ``config/<game>/*`` file and, for each mod as given
  (order included), its ``mod.yaml`` and each file of its ``<game>/`` folder (or another
  folder: ``sub``), by path,
  modification time, size and a checksum of the bytes (an edit within the clock's
  resolution still counts; a file added or removed changes the list);
* the code that reads and checks them (``code``: the game's schema and loader modules, by
  modification time and size), this module's and plain.py's format, the Python version.

Only data that passed every check is stored: ``build()`` raises ``DataError`` for a broken
file and nothing is written, so every error message comes from a real validation.

An entry is a JSON line (its key and the checksum of the rest) and the value, pickled
(protocol 5) and in base64: reading it back is about twice as fast as JSON with a hook per
object (start-up). Nothing read here is trusted: an entry that cannot be read, whose head
is not valid JSON, that fails its checksum, has another key, or whose value is not a
pickle of plain lists, dicts, tuples, scalars and records is ignored and rebuilt. Reading
an entry runs no code but the making of records: the unpickler refuses every global but
``plain.rebuild`` (``_Unpickler``), and what it passes that is checked first. A cache folder that cannot be written is ignored. The cache is
never the only copy of anything; ``TABLETOP_NO_RULES_CACHE=1`` turns it off, and so does
``validate-mod`` (which collects overlay errors instead of stopping at them).
"""
from __future__ import annotations

import base64
import binascii
import io
import json
import os
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    # CPython's C unpickler alone, as pickle.Unpickler is: the pickle module (its Python pickler,
    # about as costly to import as the JSON decode it saves) is imported only to write an entry
    from _pickle import Unpickler, UnpicklingError
except ImportError:             # another Python: the public module
    from pickle import Unpickler, UnpicklingError

from ..atomic import atomic_write_text
from ..cachedir import cache_dir
from . import plain
from .mods.manifest import DEFERRED, LENIENT_MANIFEST

FORMAT = 2
ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
_OWN = [Path(__file__).resolve(), Path(plain.__file__).resolve()]
# the shared data kit every game's data passes through
KIT = [Path(__file__).resolve().with_name(n) for n in ("loader.py", "checks.py", "hints.py")] + sorted(
    (Path(__file__).resolve().parent / "mods").glob("*.py"))
STATS = {"hits": 0, "misses": 0}       # this run's look-ups (tests, benches)


def _file(path: Path) -> list:
    """One source file as the key sees it (a folder or a missing path too)."""
    try:
        st = os.lstat(path)
    except OSError:
        return [str(path), None]
    if not os.path.isfile(path) or os.path.islink(path):
        return [str(path), st.st_mode, st.st_size]
    try:
        raw = path.read_bytes()
    except OSError:
        return [str(path), st.st_mode, None]
    return [str(path), st.st_mtime_ns, st.st_size, zlib.crc32(raw)]


def _folder(folder: Path) -> list:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return [str(folder), None]
    return [str(folder), [_file(folder / n) for n in names if not (folder / n).is_dir()]]


def _code(paths) -> list:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append([str(p), st.st_mtime_ns, st.st_size])
        except OSError:
            out.append([str(p), None])
    return out


def stamp(game: str, mods, code, sub: str | None = None) -> list:
    """Everything an entry for ``game`` with ``mods`` is made from (see the module's text);
    ``sub``: the folder of its files under config/ and in a mod (default: ``game``)."""
    sub = sub or game
    key: list = [FORMAT, game, list(sys.version_info[:3]), _folder(CONFIG / sub)]
    for m in mods or ():
        mod = Path(m).resolve()
        key.append([str(m), str(mod), _file(mod / "mod.yaml"), _folder(mod / sub)])
    key.append(_code([*_OWN, *KIT, *code]))
    return key


def _entry_path(game: str, mods) -> Path:
    # the program's own folder too: two installs (or checkouts) never take turns overwriting one entry
    ident = json.dumps([str(ROOT), game, [str(Path(m).resolve()) for m in mods or ()]]).encode("utf-8",
                                                                                                "surrogatepass")
    return cache_dir() / "rules" / f"{game}-{zlib.crc32(ident):08x}{zlib.adler32(ident):08x}.json"


def _read(path: Path, key: list) -> Any:
    """The value stored at ``path`` for exactly ``key``; LookupError when there is none."""
    try:
        head, _, body = path.read_bytes().partition(b"\n")
        entry = json.loads(head)
        if not (isinstance(entry, dict) and entry.get("key") == key and entry.get("crc32") == zlib.crc32(body)):
            raise LookupError(path)
        raw = base64.b64decode(body, validate=True)
    except (OSError, ValueError, TypeError, RecursionError, UnicodeError, binascii.Error) as exc:
        raise LookupError(path) from exc
    try:
        return _Unpickler(io.BytesIO(raw)).load()
    except Exception as exc:         # anything a forged pickle makes the unpickler say: rebuilt
        raise LookupError(path) from exc


class _Unpickler(Unpickler):
    """Plain lists, dicts, tuples and scalars, and records made by ``plain.rebuild`` (its
    arguments checked): every other global a pickle names is refused."""

    def find_class(self, module, name):
        if module == plain.__name__ and name == "rebuild":
            return _record
        raise UnpicklingError(f"{module}.{name} is not read from the rules cache")


def _record(name, fields) -> plain.Plain:
    if type(name) is not str or type(fields) is not dict or not all(type(k) is str for k in fields):
        raise UnpicklingError("a damaged record")
    return plain.rebuild(name, fields)


def _write(path: Path, key: list, value: Any) -> None:
    """Store ``value`` (quietly nothing when the folder cannot be written)."""
    import pickle  # imported here to save start-up time: a cache hit never writes
    try:
        plain.encode(value)         # TypeError for anything but plain data and records
        body = base64.b64encode(pickle.dumps(value, protocol=5)).decode("ascii")
        head = json.dumps({"key": key, "crc32": zlib.crc32(body.encode("ascii"))}, ensure_ascii=False)
        atomic_write_text(path, head + "\n" + body, durable=False)
    except (OSError, ValueError, TypeError, RecursionError, UnicodeError, pickle.PicklingError):
        pass


def checking() -> bool:
    """Is ``validate-mod`` checking a mod now (it collects overlay errors instead of stopping at
    them)? Then no cache may answer -- neither this one nor a game's loaded rules -- and nothing
    it builds may be kept: each check reads the files as they are."""
    return DEFERRED.get() is not None or LENIENT_MANIFEST.get()


def load(game: str, mods, build: Callable[[], Any], code=(), sub: str | None = None) -> Any:
    """``build()``'s value for ``game`` and ``mods``, from the cache when nothing it was made
    from changed (``code``: the modules that read and check these files; ``sub``: their folder
    under config/ and in a mod, ``game`` by default, e.g. ``pendulum/teaching``)."""
    if os.environ.get("TABLETOP_NO_RULES_CACHE") or checking():
        return build()               # validate-mod collects every error itself: always a real check
    key = stamp(game, mods, code, sub)
    try:
        path = _entry_path(game, mods)
    except (OSError, RuntimeError, ValueError):
        return build()
    try:
        value = _read(path, key)
        STATS["hits"] += 1
        return value
    except LookupError:
        pass
    STATS["misses"] += 1
    value = build()                  # DataError goes up: nothing is stored for broken data
    _write(path, key, value)
    return value
