"""Sound effects by id, through pygame's mixer.

``SOUND_IDS`` is the one registry of sounds (docs/MODDING.md lists it). Each id is played from a
mod's ``sounds/<id>.wav|.ogg`` (the last mod wins; every file was checked by
``tabletop.data.sounds.check_sound_file`` first), else from ``assets/sounds/<id>.wav`` (our own
synthesis, ``assets/sounds/make_sounds.py``). Without an audio device -- or with the dummy audio
driver -- the board is silent and every call is a no-op; nothing here raises into a game.

Volume (0..1) and mute come from ``settings.yaml`` (``sound.volume``, ``sound.muted``) and can be
changed in the pause menu. The audio device is opened after the first frame (``open``).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = ROOT / "assets" / "sounds"

SOUND_IDS: dict[str, str] = {
    "sand": "sand running through a glass (loops while a timer runs)",
    "glass_flip": "an hourglass is flipped",
    "glass_empty": "an hourglass runs out",
    "worker_pick": "a worker is picked up",
    "worker_drop": "a worker is put down",
    "drop_refused": "a move the rules refuse",
    "council_called": "the council is called",
    "dice_roll": "dice rolling",
    "dice_land": "dice coming to rest",
    "battle_won": "a battle won (for the viewer)",
    "battle_lost": "a battle lost (for the viewer)",
    "handoff": "the screen is handed to the next player",
}


def mod_sound_paths(mods: list[str] | None) -> tuple[dict[str, Path], list[str]]:
    """Checked sound files of the mods in load order: ({id: path}, errors)."""
    if not mods:
        return {}, []
    # imported here to save start-up time: without mods the first frame needs neither the
    # data kit nor the engine it imports
    from ..data.sounds import EXTS, check_sound_file
    found: dict[str, Path] = {}
    errors: list[str] = []
    for mod in mods or []:
        folder = Path(mod) / "sounds"
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() not in EXTS:
                continue
            problems = check_sound_file(path, SOUND_IDS)
            if problems:
                errors.extend(problems)
            else:
                found[path.stem] = path
    return found, errors


def _volume(value, default: float) -> float:
    """A volume from settings or the preferences file (untrusted): a number 0..1, else ``default``."""
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return default if v != v else max(0.0, min(1.0, v))


class SoundBoard:
    def __init__(self, mods: list[str] | None = None, volume: float = 0.7, muted: bool = False):
        self.volume = _volume(volume, 0.7)
        self.muted = muted is True
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._loops: dict[str, pygame.mixer.Channel] = {}
        self._looping: set[str] = set()
        self.played: list[str] = []           # ids asked for, newest last (tests, F3)
        self.paths = {sid: BUILTIN / f"{sid}.wav" for sid in SOUND_IDS}
        mod_paths, errors = mod_sound_paths(mods)
        self.paths.update(mod_paths)
        for line in errors:
            print(f"mod sound skipped: {line}", file=sys.stderr)
        self._opened = False

    def open(self) -> None:
        """Open the audio device, once: the App asks right after the first frame (start-up
        does not wait for it), a sound asked for before then opens it itself."""
        if self._opened:
            return
        self._opened = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = bool(pygame.mixer.get_init())
        except pygame.error:
            self.available = False

    def reload(self, mods: list[str] | None) -> None:
        """The mods' sounds changed on disk (``--watch``): play the new files from now on."""
        paths = {sid: BUILTIN / f"{sid}.wav" for sid in SOUND_IDS}
        mod_paths, errors = mod_sound_paths(mods)
        paths.update(mod_paths)
        for line in errors:
            print(f"mod sound skipped: {line}", file=sys.stderr)
        self.paths = paths
        self._sounds.clear()

    def _sound(self, sound_id: str):
        self.open()
        if sound_id not in self._sounds:
            sound = None
            path = self.paths.get(sound_id)
            if self.available and path is not None and path.is_file():
                try:
                    sound = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError) as exc:
                    print(f"sound {sound_id} not played: {path}: {exc}", file=sys.stderr)
            self._sounds[sound_id] = sound
        return self._sounds[sound_id]

    def play(self, sound_id: str) -> None:
        if sound_id not in SOUND_IDS:
            return
        self.played.append(sound_id)
        del self.played[:-32]
        if self.muted or self.volume <= 0:
            return
        sound = self._sound(sound_id)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()

    def loop(self, sound_id: str, on: bool) -> None:
        """Start or stop a looping sound (the sand while any glass runs)."""
        on = bool(on) and not self.muted and self.volume > 0
        if on == (sound_id in self._looping):
            return
        if on:
            self._looping.add(sound_id)
            sound = self._sound(sound_id)
            channel = sound.play(loops=-1) if sound is not None else None
            if channel is not None:
                channel.set_volume(self.volume * 0.5)
                self._loops[sound_id] = channel
        else:
            self._looping.discard(sound_id)
            channel = self._loops.pop(sound_id, None)
            if channel is not None:
                channel.stop()

    def looping(self, sound_id: str) -> bool:
        """Whether ``sound_id`` is meant to be looping now (also when there is no audio device)."""
        return sound_id in self._looping

    def set_volume(self, volume: float) -> None:
        self.volume = _volume(volume, self.volume)
        for sid, channel in self._loops.items():
            channel.set_volume(self.volume * 0.5)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self.muted:
            for sid in list(self._looping):
                self.loop(sid, False)

    def stop_all(self) -> None:
        for sid in list(self._looping):
            self.loop(sid, False)
        if self.available:
            pygame.mixer.stop()
