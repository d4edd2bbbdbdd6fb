"""Atomic saves in the user data folder and the save slots of games in progress.

Each game in progress has its own slot (``slot_path``: game, seats, start time and seed in
the name), written by ``Match``'s autosave; a slot whose record is not marked
``meta["finished"]`` is an unfinished game that Resume offers (``unfinished_slots``),
newest first; ``delete_slot`` removes one. Records are read only from regular files of a
bounded size (``read_record``): a pipe named ``*.json`` is never opened.

The running-marker functions (``mark_running``, ``mark_clean_exit``, ``unclean_games``) and
``autosave_path`` remain for the screens that do not write through ``Match`` yet: their
``autosave-<game>.json`` counts as an unfinished slot while its marker is there.
"""
from __future__ import annotations

import dataclasses
import datetime
import functools
import os
import re
import stat
import time
from pathlib import Path

from ..atomic import atomic_write_text
from ..data.mods.manifest import read_mod_manifest
from .errors import SaveError
from .record import Record

APP_NAME = "tabletop-sim"


def data_dir() -> Path:
    """The user data folder (platformdirs); ``TABLETOP_DATA_DIR`` overrides it (tests)."""
    override = os.environ.get("TABLETOP_DATA_DIR")
    if override:
        path = Path(override)
    else:
        import platformdirs
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path



def autosave_path(game: str) -> Path:
    return data_dir() / f"autosave-{game}.json"


MAX_RECORD_BYTES = 20 * 1024 * 1024
SLOT_PREFIX = "slot-"
_WORD = re.compile(r"[^a-z0-9]+")


def _word(text, limit: int = 24) -> str:
    return _WORD.sub("", str(text).lower())[:limit] or "x"


def slot_path(record: Record) -> Path:
    """The autosave slot of a game in progress (``Match`` writes there): one file per game,
    ``slot-<game>-<seats>-<start time>-s<seed>.json`` in the user data folder, e.g.
    ``slot-pendulum-hbb-20261201T125500Z-s42.json`` (h human, b bot, n npc)."""
    started = record.meta.get("started") if isinstance(record.meta, dict) else None
    stamp = _stamp(started) or datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    seats = "".join(_word(s)[:1] for s in record.seats[:8]) or "x"
    return data_dir() / f"{SLOT_PREFIX}{_word(record.game)}-{seats}-{stamp}-s{_word(record.seed, 20)}.json"


def _stamp(started) -> str | None:
    if not isinstance(started, str):
        return None
    try:
        when = datetime.datetime.fromisoformat(started)
    except ValueError:
        return None
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.strftime("%Y%m%dT%H%M%SZ")


@dataclasses.dataclass
class Slot:
    """An unfinished game on disk. ``error`` says why its record cannot be read (the
    launcher still lists it, so it can be deleted)."""
    path: Path
    game: str
    seats: list
    started: str
    actions: int
    error: str | None = None


def unfinished_slots() -> list[Slot]:
    """The unfinished games in the user data folder (records without ``meta.finished``),
    newest first. Only regular files are read; a damaged slot is listed with its error."""
    folder = data_dir()
    found: list[tuple[float, Slot]] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    markers = {p.name[len("running-"):-len(".marker")] for p in entries if p.name.startswith("running-")
               and p.name.endswith(".marker")}
    for path in entries:
        name = path.name
        legacy = name.startswith("autosave-") and name.endswith(".json") and name[9:-5] in markers
        if not ((name.startswith(SLOT_PREFIX) and name.endswith(".json")) or legacy):
            continue
        try:
            st = path.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        game = name[len(SLOT_PREFIX):].split("-")[0] if not legacy else name[9:-5]
        try:
            record = read_record(path)
        except SaveError as exc:
            found.append((st.st_mtime, Slot(path, game, [], "", 0, str(exc))))
            continue
        meta = record.meta
        if meta.get("finished") is True:
            continue
        started = meta.get("started") if isinstance(meta.get("started"), str) else ""
        when = datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc).isoformat(timespec="seconds")
        found.append((st.st_mtime, Slot(path, record.game, list(record.seats), started or when,
                                        len(record.actions))))
    return [slot for _, slot in sorted(found, key=lambda e: e[0], reverse=True)]


def delete_slot(path: Path | str) -> None:
    """Remove an unfinished game's slot (the launcher asks first). Only a slot or a legacy
    autosave directly in the user data folder is removed; anything else raises ``SaveError``."""
    path = Path(path)
    folder = data_dir().resolve()
    name = path.name
    if path.parent.resolve() != folder or not name.endswith(".json") or \
            not (name.startswith(SLOT_PREFIX) or name.startswith("autosave-")):
        raise SaveError(f"{path}: not a save slot of this program; not deleted")
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(f"{path}: cannot delete ({exc.strerror})") from None
    if name.startswith("autosave-"):
        mark_clean_exit(name[len("autosave-"):-len(".json")])


def write_record(record: Record, path: Path | str | None = None) -> Path:
    """Write ``record`` atomically. Mods given as folders are written as
    ``{"id": ..., "version": ...}`` read from their mod.yaml, so a record never holds a
    path that a later load would open (``tabletop.data.records`` looks mods up by id)."""
    path = Path(path) if path else autosave_path(record.game)
    if any(isinstance(m, str) for m in record.mods):
        record = dataclasses.replace(record, mods=[mod_ref(m) if isinstance(m, str) else m for m in record.mods])
    atomic_write_text(path, record.to_json())
    return path


def mod_ref(folder: str | Path) -> dict | str:
    """``{"id": ..., "version": ...}`` of a mod folder (cached by folder and the time its
    mod.yaml changed); the folder's name when its mod.yaml cannot be read."""
    manifest = Path(folder) / "mod.yaml"
    try:
        changed = manifest.stat().st_mtime_ns
    except OSError:
        changed = 0
    return _mod_ref(str(folder), changed)


@functools.lru_cache(maxsize=64)
def _mod_ref(folder: str, _changed: int) -> dict | str:
    found = read_mod_manifest(Path(folder), [])
    if found.get("id"):
        return {"id": found["id"], "version": found.get("version", "")}
    return Path(folder).name


def read_record(path: Path | str) -> Record:
    """Load a record; a corrupt or newer-version file raises ``SaveError`` with a clear
    message and is left untouched on disk. Only a regular file of at most
    ``MAX_RECORD_BYTES`` is read (opened without blocking, so a pipe cannot freeze it)."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path}: not a regular file (a pipe, device or folder); not a save")
        if st.st_size > MAX_RECORD_BYTES:
            raise SaveError(f"{path}: {st.st_size:,} bytes, over the {MAX_RECORD_BYTES:,}-byte limit "
                            f"of a record; not read")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})") from None
    finally:
        if fd >= 0:
            os.close(fd)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: cannot read (not UTF-8 text: {exc.reason} at byte {exc.start})") from None
    return Record.from_json(text, str(path))


# --- unclean exit ------------------------------------------------------------------
def _marker(game: str) -> Path:
    return data_dir() / f"running-{game}.marker"


def clean_temp_files(folder: Path | None = None, max_age: float = 3600.0) -> int:
    """Remove temporary files left by a writer that was killed mid-write (older than
    ``max_age`` seconds, so a write in progress elsewhere is never disturbed). The
    launcher calls it at start with a short ``max_age``."""
    folder = Path(folder) if folder else data_dir()
    removed = 0
    now = time.time()
    for tmp in folder.glob(".*.tmp"):
        try:
            if now - tmp.stat().st_mtime > max_age:
                tmp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def mark_running(game: str) -> None:
    atomic_write_text(_marker(game), str(os.getpid()))
    clean_temp_files()


def mark_clean_exit(game: str) -> None:
    try:
        _marker(game).unlink()
    except FileNotFoundError:
        pass


def unclean_games() -> list[str]:
    """Games whose last session ended without a clean exit and whose autosave exists."""
    out = []
    for marker in sorted(data_dir().glob("running-*.marker")):
        game = marker.stem[len("running-"):]
        if autosave_path(game).exists():
            out.append(game)
    return out
