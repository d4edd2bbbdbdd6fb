"""Synthesise the program's own sound effects into this folder (``python assets/sounds/make_sounds.py``).

Every sound is made here from sine waves and seeded noise -- no recordings, no samples -- so the
files carry the project's own licence (assets/CREDITS.md). Mono, 16-bit, 22050 Hz WAV. The ids
are those of ``tabletop.ui.sound.SOUND_IDS``; a mod replaces any of them with
``sounds/<id>.wav`` or ``.ogg``. Running the script again gives byte-identical files.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def _env(i: int, n: int, attack: float = 0.005, release: float = 0.05) -> float:
    t, total = i / RATE, n / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    r = min(1.0, (total - t) / release) if release > 0 else 1.0
    return max(0.0, min(a, r))


def tone(freq: float, secs: float, decay: float = 8.0, vol: float = 0.5, glide: float = 0.0,
         shape: str = "sine") -> list[float]:
    n = int(secs * RATE)
    out, phase = [], 0.0
    for i in range(n):
        f = freq + glide * i / max(1, n)
        phase += 2 * math.pi * f / RATE
        s = math.sin(phase)
        if shape == "square":
            s = 0.6 if s >= 0 else -0.6
        out.append(vol * s * math.exp(-decay * i / RATE) * _env(i, n))
    return out


def noise(secs: float, vol: float = 0.3, decay: float = 20.0, smooth: float = 0.6, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    n, out, prev = int(secs * RATE), [], 0.0
    for i in range(n):
        prev = smooth * prev + (1 - smooth) * rng.uniform(-1, 1)       # one-pole low-pass
        out.append(vol * prev * math.exp(-decay * i / RATE) * _env(i, n, 0.002, 0.02))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """(start seconds, samples) parts laid over each other."""
    end = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * end
    for start, s in parts:
        o = int(start * RATE)
        for i, v in enumerate(s):
            out[o + i] += v
    return out


def sand() -> list[float]:
    """A soft hiss with slow grain-like flutter; loops seamlessly (fades at both ends)."""
    rng = random.Random(7)
    n, out, prev = int(1.6 * RATE), [], 0.0
    for i in range(n):
        prev = 0.85 * prev + 0.15 * rng.uniform(-1, 1)
        flutter = 0.7 + 0.3 * math.sin(2 * math.pi * 3.0 * i / RATE) * math.sin(2 * math.pi * 0.625 * i / RATE)
        out.append(0.22 * prev * flutter * _env(i, n, 0.08, 0.08))
    return out


def dice_roll() -> list[float]:
    rng = random.Random(3)
    parts, t = [], 0.0
    while t < 0.55:
        parts.append((t, mix((0, noise(0.03, 0.35, 90, 0.3, seed=int(t * 1000))),
                             (0, tone(rng.uniform(900, 1500), 0.03, 60, 0.15)))))
        t += rng.uniform(0.04, 0.11)
    return mix(*parts)


SOUNDS = {
    "sand": sand,
    "glass_flip": lambda: mix((0, noise(0.12, 0.4, 25, 0.5)), (0.02, tone(170, 0.25, 14, 0.5, glide=-40))),
    "glass_empty": lambda: mix((0, tone(880, 0.6, 5, 0.3)), (0.08, tone(1320, 0.5, 6, 0.2))),
    "worker_pick": lambda: tone(640, 0.05, 40, 0.35),
    "worker_drop": lambda: mix((0, noise(0.02, 0.4, 120, 0.2)), (0, tone(220, 0.14, 25, 0.6, glide=-70))),
    "drop_refused": lambda: mix((0, tone(210, 0.09, 10, 0.25, shape="square")),
                                (0.11, tone(160, 0.12, 10, 0.25, shape="square"))),
    "council_called": lambda: mix((0, tone(523.3, 0.7, 4, 0.25)), (0.12, tone(659.3, 0.6, 4, 0.25)),
                                  (0.24, tone(784.0, 0.8, 3, 0.25))),
    "dice_roll": dice_roll,
    "dice_land": lambda: mix((0, noise(0.04, 0.5, 70, 0.25)), (0, tone(300, 0.1, 35, 0.4))),
    "battle_won": lambda: mix((0, tone(523.3, 0.25, 6, 0.3)), (0.13, tone(659.3, 0.25, 6, 0.3)),
                              (0.26, tone(784.0, 0.5, 4, 0.3)), (0.26, tone(1046.5, 0.5, 4, 0.15))),
    "battle_lost": lambda: mix((0, tone(392.0, 0.3, 5, 0.3)), (0.18, tone(311.1, 0.3, 5, 0.3)),
                               (0.36, tone(261.6, 0.6, 3, 0.3))),
    "handoff": lambda: mix((0, tone(987.8, 0.35, 7, 0.25)), (0.18, tone(740.0, 0.5, 6, 0.25))),
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = min(1.0, 0.9 / peak) * 32767
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(RATE)
        fh.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def main() -> None:
    for sound_id, make in SOUNDS.items():
        write(HERE / f"{sound_id}.wav", make())
        print(f"{sound_id}.wav")


if __name__ == "__main__":
    main()
