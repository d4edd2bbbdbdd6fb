"""Checks for sound files a mod supplies (``sounds/<id>.wav`` or ``.ogg``), without pygame.

A sound passes only when the program will play it without trouble: a known id, a regular file
under the size limit, a WAV (PCM, 8/16-bit, mono/stereo, 8-48 kHz) or Ogg Vorbis whose header
reads and whose length is within the limit. Everything else is an error naming the file.
"""
from __future__ import annotations

import struct
import wave
from pathlib import Path

from .hints import did_you_mean

MAX_BYTES = 4 * 1024 * 1024
MAX_SECONDS = 20.0
EXTS = (".wav", ".ogg")


def sound_length(path: Path) -> float:
    """Seconds of audio in ``path``; raises ValueError with a reason when it is not a sound we play."""
    suffix = path.suffix.lower()
    if suffix == ".wav":
        return _wav_length(path)
    if suffix == ".ogg":
        return _ogg_length(path)
    raise ValueError(f"not a .wav or .ogg file ({suffix or 'no extension'})")


def _wav_length(path: Path) -> float:
    try:
        with wave.open(str(path), "rb") as fh:
            rate, frames = fh.getframerate(), fh.getnframes()
            width, channels = fh.getsampwidth(), fh.getnchannels()
    except (wave.Error, EOFError, struct.error) as exc:
        raise ValueError(f"not a readable PCM WAV file ({exc})") from None
    if width not in (1, 2) or channels not in (1, 2) or not 8000 <= rate <= 48000:
        raise ValueError(f"unsupported WAV format ({width * 8}-bit, {channels} channels, {rate} Hz); "
                         f"use 8- or 16-bit PCM, mono or stereo, 8000-48000 Hz")
    return frames / rate


def _ogg_length(path: Path) -> float:
    data = path.read_bytes()
    if not data.startswith(b"OggS"):
        raise ValueError("not an Ogg file (no 'OggS' header)")
    head = data.find(b"\x01vorbis")
    if head < 0 or head + 16 > len(data):
        raise ValueError("not an Ogg Vorbis file (no Vorbis identification header)")
    channels = data[head + 11]
    rate = struct.unpack_from("<I", data, head + 12)[0]
    if channels not in (1, 2) or not 8000 <= rate <= 48000:
        raise ValueError(f"unsupported Vorbis stream ({channels} channels, {rate} Hz)")
    last = data.rfind(b"OggS")
    if last + 14 > len(data):
        raise ValueError("the Ogg file is cut short")
    granule = struct.unpack_from("<q", data, last + 6)[0]
    if granule < 0:
        raise ValueError("the Ogg file's last page has no position (cut short?)")
    return granule / rate


def check_sound_file(path: Path, known_ids) -> list[str]:
    """Errors for one mod sound file (empty when it is fine)."""
    path = Path(path)
    name = path.name
    sound_id, suffix = path.stem, path.suffix.lower()
    if suffix not in EXTS:
        return [f"{path}: (file): sounds must be .wav or .ogg, not {suffix or 'no extension'}"]
    if sound_id not in known_ids:
        hint = did_you_mean(sound_id, sorted(known_ids))
        return [f"{path}: (file): unknown sound id {sound_id!r}{hint}"]
    try:
        if path.is_symlink() or not path.is_file():
            return [f"{path}: (file): not a regular file"]
        st = path.stat()
        if st.st_nlink > 1:
            return [f"{path}: (file): a hard link; copy the file into the mod instead"]
        if st.st_size > MAX_BYTES:
            return [f"{path}: (file): {st.st_size} bytes; a sound may have at most {MAX_BYTES}"]
        seconds = sound_length(path)
    except ValueError as exc:
        return [f"{path}: (file): {exc}"]
    except OSError as exc:
        return [f"{path}: (file): cannot read ({exc.strerror or exc})"]
    if seconds > MAX_SECONDS:
        return [f"{path}: (file): {seconds:.1f} s long; a sound may last at most {MAX_SECONDS:.0f} s ({name})"]
    return []
