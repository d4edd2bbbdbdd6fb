"""Sound: our own synthesised effects, silent and error-free with the dummy driver, replaceable by a mod."""
from __future__ import annotations

import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from tabletop.data.sounds import check_sound_file, sound_length
from tabletop.ui.sound import BUILTIN, SOUND_IDS, SoundBoard, mod_sound_paths


def test_every_sound_id_has_a_builtin_file_that_passes_the_mod_checks():
    for sid in SOUND_IDS:
        path = BUILTIN / f"{sid}.wav"
        assert check_sound_file(path, SOUND_IDS) == [], sid


def test_the_synthesis_script_reproduces_the_shipped_files(tmp_path):
    script = BUILTIN / "make_sounds.py"
    copy = tmp_path / "make_sounds.py"
    copy.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    subprocess.run([sys.executable, str(copy)], check=True, capture_output=True, timeout=120)
    for sid in SOUND_IDS:
        assert (tmp_path / f"{sid}.wav").read_bytes() == (BUILTIN / f"{sid}.wav").read_bytes(), sid


def test_playing_with_the_dummy_driver_is_silent_and_error_free():
    board = SoundBoard(volume=0.5)
    for sid in SOUND_IDS:
        board.play(sid)
    board.loop("sand", True)
    assert board.looping("sand")
    board.set_volume(0.2)
    board.loop("sand", False)
    assert not board.looping("sand")
    board.play("no_such_sound")            # unknown ids are ignored, never raised
    board.stop_all()
    assert board.played[-1] == "handoff"


def _wav(path: Path, seconds: float, rate: int = 22050):
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(rate)
        fh.writeframes(b"\0\0" * int(seconds * rate))


def test_a_mod_replaces_a_sound_by_id(tmp_path):
    mod = tmp_path / "mod"
    (mod / "sounds").mkdir(parents=True)
    _wav(mod / "sounds" / "dice_roll.wav", 0.5)
    board = SoundBoard(mods=[str(mod)])
    assert board.paths["dice_roll"] == mod / "sounds" / "dice_roll.wav"
    assert board.paths["handoff"] == BUILTIN / "handoff.wav"


@pytest.mark.parametrize("name,make,expect", [
    ("dice_rol.wav", lambda p: _wav(p, 0.2), "did you mean 'dice_roll'"),
    ("handoff.wav", lambda p: _wav(p, 30, 8000), "at most 20 s"),
    ("handoff.wav", lambda p: _wav(p, 600), "a sound may have at most"),   # a 10-minute sound
    ("handoff.wav", lambda p: p.write_bytes(b"RIFF\0\0\0\0WAVEjunk" * 10), "not a readable PCM WAV"),
    ("handoff.ogg", lambda p: p.write_bytes(b"ID3 this is an mp3"), "not an Ogg file"),
    ("handoff.mp3", lambda p: p.write_bytes(b"ID3"), None),              # not a sound file type: ignored
])
def test_broken_or_hostile_mod_sounds_are_refused_with_the_file_named(tmp_path, name, make, expect):
    mod = tmp_path / "mod"
    (mod / "sounds").mkdir(parents=True)
    make(mod / "sounds" / name)
    found, errors = mod_sound_paths([str(mod)])
    assert found == {}
    if expect is None:
        assert errors == []
    else:
        assert len(errors) == 1 and name in errors[0] and expect in errors[0]


def test_an_ogg_vorbis_header_gives_its_length(tmp_path):
    ident = b"\x01vorbis" + struct.pack("<IBI", 0, 1, 22050) + b"\0" * 16
    first = b"OggS\0\x02" + struct.pack("<q", 0) + b"\0" * 13 + ident
    last = b"OggS\0\x04" + struct.pack("<q", 22050 * 3) + b"\0" * 13
    path = tmp_path / "x.ogg"
    path.write_bytes(first + last)
    assert sound_length(path) == pytest.approx(3.0)


@pytest.mark.parametrize("value", ["loud", None, float("nan"), [1], 1e400, -3])
def test_a_damaged_volume_in_the_preferences_never_stops_the_program(value):
    board = SoundBoard(volume=value, muted="yes")
    assert 0.0 <= board.volume <= 1.0 and board.muted is False


@pytest.fixture
def mixer_opens(monkeypatch):
    """How many times the audio device was opened (pygame.mixer.init), from closed."""
    import pygame
    count = [0]
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (22050, -16, 2) if count[0] else None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: count.__setitem__(0, count[0] + 1))
    return count


def test_the_audio_device_is_opened_right_after_the_first_frame_not_before(make_app, mixer_opens):
    app = make_app()
    seen = []
    app.gui.on_first_frame = lambda: seen.append(mixer_opens[0])
    app.start("launcher")
    assert mixer_opens[0] == 0 and not app.sound.available
    app.step(1)                        # presented, then the device opened in the same step
    assert seen == [0] and mixer_opens[0] == 1 and app.sound.available
    app.step(3)
    assert mixer_opens[0] == 1


def test_a_sound_asked_for_before_the_first_frame_opens_the_device_itself(mixer_opens):
    board = SoundBoard()
    assert mixer_opens[0] == 0 and not board.available
    board.play("handoff")
    assert mixer_opens[0] == 1 and board.available
