"""Atomic saves in the user data folder, and the unclean-exit marker for Resume."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

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


def atomic_write_text(path: Path | str, text: str) -> None:
    """Temporary file in the same folder, flush, fsync, rename: a reader sees the old
    file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:   # make the rename itself durable where the platform allows
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def autosave_path(game: str) -> Path:
    return data_dir() / f"autosave-{game}.json"


def slot_path(record: Record) -> Path:
    """The autosave slot of a game in progress (``Match`` writes there)."""
    return autosave_path(record.game)


def write_record(record: Record, path: Path | str | None = None) -> Path:
    path = Path(path) if path else autosave_path(record.game)
    atomic_write_text(path, record.to_json())
    return path


def read_record(path: Path | str) -> Record:
    """Load a record; a corrupt or newer-version file raises ``SaveError`` with a clear
    message and is left untouched on disk."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read ({exc})") from None
    return Record.from_json(text, str(path))


# --- unclean exit ------------------------------------------------------------------
def _marker(game: str) -> Path:
    return data_dir() / f"running-{game}.marker"


def clean_temp_files(folder: Path | None = None, max_age: float = 3600.0) -> int:
    """Remove temporary files left by a writer that was killed mid-write (older than
    ``max_age`` seconds, so a write in progress elsewhere is never disturbed)."""
    import time
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
