"""Writing a file so that a reader sees the old file or the new one, never half of one:
saves and records (durable: flushed to disk, the rename too), and the start-up caches
(not durable: a cache lost in a power cut is only rebuilt)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path | str, text: str, durable: bool = True) -> None:
    """Temporary file in the same folder, (flush, fsync,) rename. Raises OSError when the
    folder cannot be written; the temporary file never stays behind."""
    _atomic_write(path, text, durable, "w", "utf-8")


def atomic_write_bytes(path: Path | str, data: bytes, durable: bool = True) -> None:
    """``atomic_write_text`` for bytes."""
    _atomic_write(path, data, durable, "wb", None)


def _atomic_write(path: Path | str, data, durable: bool, mode: str, encoding: str | None) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, encoding=encoding) as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if not durable:
        return
    try:   # make the rename itself durable where the platform allows
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
