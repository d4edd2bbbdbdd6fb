"""Make the paper-theme art pack: every image id of the program, from our own drawing code,
redrawn as ink on paper; and two sounds, synthesized.

    python mods/paper-theme/make_theme.py          (from the repository's top folder)

How: the program's screens are drawn once with no skin while ``tabletop.ui.skin`` records
each component's built-in drawing (``tabletop.ui.preview.built_in_shots``). Each drawing is
then turned sepia, laid on paper grain, its edges traced in ink, and given a small ink
flourish of its own (seeded by its id, so every province or card has its own image). The
ids and sizes come from the registry (``tabletop.data.image_ids``): a component the sample
screens do not show uses a sibling's drawing (all province cards share one drawing; only
their words, drawn by the program, differ); a pressed or disabled button is its focused or
normal drawing, darker (``unseen``). Components with no built-in drawing (a character's
board, a stratagem strip) or not on the sample screens (the end screens, the hand-off
panel, the time track of the untimed modes, the mana bar) get a dark paper panel with an
ink emblem, so the program's light text stays readable. Images wider than 800 pixels are made at half size
(they are scaled up once when drawn). Everything is deterministic: running the script
again makes the same files.

Licence: the images and sounds are ours, made by this script (see README.md).
"""
from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tabletop.data import image_ids as I  # noqa: E402
from tabletop.ui import preview  # noqa: E402
from tabletop.ui.app import App, default_args  # noqa: E402

SEPIA = (255, 228, 186)         # the tone the grey drawing is multiplied by
INK = (44, 30, 20)
DARK_PAPER = (58, 48, 38)
HALF_OVER = 800                 # wider images are made at half size


def _seed(image_id: str) -> int:
    return zlib.crc32(image_id.encode())


def _grain(size: tuple[int, int], seed: int) -> pygame.Surface:
    """Paper grain: a tile of soft speckles and fibres, repeated, to multiply an image by."""
    rng = random.Random(seed)
    tile = pygame.Surface((96, 96))
    tile.fill((255, 255, 255))
    for _ in range(900):
        v = rng.randint(222, 250)
        tile.set_at((rng.randrange(96), rng.randrange(96)), (v, v - 4, v - 12))
    for _ in range(14):
        x, y = rng.randrange(96), rng.randrange(96)
        a = rng.uniform(0, math.pi)
        n = rng.randint(5, 14)
        pygame.draw.line(tile, (236, 230, 220), (x, y), (x + n * math.cos(a), y + n * math.sin(a)))
    out = pygame.Surface(size)
    for x in range(0, size[0], 96):
        for y in range(0, size[1], 96):
            out.blit(tile, (x, y))
    return out


def _flourish(surf: pygame.Surface, image_id: str) -> None:
    """A small ink flourish in one corner, seeded by the id: each item's own mark."""
    rng = random.Random(_seed(image_id))
    w, h = surf.get_size()
    r = max(4, min(w, h) // 7)
    corner = rng.choice([(r + 3, r + 3), (w - r - 4, r + 3), (r + 3, h - r - 4), (w - r - 4, h - r - 4)])
    ink = (*INK, 150)
    turns = rng.randint(3, 6)
    pts = []
    for i in range(40):
        t = i / 39
        a = t * turns * math.pi / 2 + rng.random() * 0.05
        pts.append((corner[0] + math.cos(a) * r * (1 - t * 0.7), corner[1] + math.sin(a) * r * (1 - t * 0.7)))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.lines(layer, ink, False, pts, 1)
    for _ in range(rng.randint(1, 3)):
        a = rng.uniform(0, 2 * math.pi)
        pygame.draw.circle(layer, ink, (corner[0] + math.cos(a) * r, corner[1] + math.sin(a) * r), 1)
    surf.blit(layer, (0, 0))


def ink_and_paper(shot: pygame.Surface, image_id: str) -> pygame.Surface:
    """Our drawing as ink on paper: sepia, paper grain, traced edges, a flourish."""
    size = shot.get_size()
    base = shot.convert_alpha()
    grey = pygame.transform.grayscale(base)
    # lift the darkest tones a little (ink on paper is never pure black) and tint sepia
    lifted = grey.copy()
    lifted.fill((18, 18, 18, 0), special_flags=pygame.BLEND_RGBA_ADD)
    lifted.fill((*SEPIA, 255), special_flags=pygame.BLEND_RGBA_MULT)
    lifted.blit(_grain(size, _seed(image_id)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # traced edges: the Laplacian of the drawing, darkened into ink lines
    edges = pygame.transform.laplacian(pygame.transform.grayscale(_opaque(base)))
    edges.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
    lifted.blit(edges, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    _flourish(lifted, image_id)
    _copy_alpha(base, lifted)          # keep the drawing's own shape (round tokens stay round)
    return lifted


def _opaque(surf: pygame.Surface) -> pygame.Surface:
    """The drawing over dark paper (edges of a transparent shape are traced too)."""
    out = pygame.Surface(surf.get_size())
    out.fill(DARK_PAPER)
    out.blit(surf, (0, 0))
    return out


def _copy_alpha(src: pygame.Surface, dst: pygame.Surface) -> None:
    """``dst`` takes ``src``'s alpha (its shape)."""
    shape = src.copy()
    shape.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)    # white, src's alpha
    dst.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def dark_panel(size: tuple[int, int], image_id: str, strip: bool = False) -> pygame.Surface:
    """A dark paper panel with an ink border and a faint emblem (light text reads over it)."""
    rng = random.Random(_seed(image_id))
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*DARK_PAPER, 255 if not strip else 210))
    grain = _grain(size, _seed(image_id))
    grain.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_ADD)
    surf.blit(grain, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    line = (150, 126, 96, 255)
    if strip:
        pygame.draw.line(surf, line, (4, h - 2), (w - 5, h - 2), 1)
        for k in range(3):
            x = w - 14 - k * 7
            pygame.draw.circle(surf, line, (x, h // 2), 2, 1)
        return surf
    if min(w, h) < 60:          # a small piece (a time track space): one ink border, room for its number
        pygame.draw.rect(surf, line, surf.get_rect().inflate(-4, -4), 1, border_radius=6)
        return surf
    pygame.draw.rect(surf, line, surf.get_rect().inflate(-6, -6), 2, border_radius=10)
    pygame.draw.rect(surf, line, surf.get_rect().inflate(-14, -14), 1, border_radius=8)
    cx, cy, r = w * rng.uniform(0.72, 0.86), h / 2, h * 0.36
    emblem = pygame.Surface(size, pygame.SRCALPHA)
    sides = rng.randint(3, 8)
    turn = rng.uniform(0, math.pi)
    for k in range(4):
        rr = r * (1 - k * 0.2)
        pts = [(cx + rr * math.cos(turn + i * 2 * math.pi / sides), cy + rr * math.sin(turn + i * 2 * math.pi / sides))
               for i in range(sides)]
        pygame.draw.polygon(emblem, (170, 146, 110, 60), pts, 2)
    pygame.draw.circle(emblem, (170, 146, 110, 60), (cx, cy), r * 1.08, 2)
    surf.blit(emblem, (0, 0))
    _flourish(surf, image_id)
    return surf


def swatch(shot: pygame.Surface) -> pygame.Surface:
    """The sand, a little duller, like ink-washed sand."""
    c = pygame.transform.average_color(shot)[:3]
    grey = sum(c) / 3
    tone = tuple(int(0.6 * v + 0.4 * grey * s / 255) for v, s in zip(c, SEPIA))
    out = pygame.Surface((16, 16))
    out.fill(tone)
    return out


def unseen(image_id: str, size: tuple[int, int], shots: dict) -> pygame.Surface | None:
    """A drawing for the few states the sample screens do not show, where a dark panel would
    hide the program's dark text: a pressed or disabled button (its focused or normal
    drawing, darker) and the time track's current space (light, with dark numbers)."""
    base = {"shell.button.pressed": ("shell.button.focused", (205, 190, 170)),
            "shell.button.disabled": ("shell.button.normal", (150, 150, 150))}.get(image_id)
    if base and base[0] in shots:
        out = shots[base[0]].copy()
        out.fill(base[1], special_flags=pygame.BLEND_RGB_MULT)
        return out
    if image_id == "pendulum.timetrack.current":
        out = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(out, (230, 200, 120), out.get_rect(), border_radius=6)
        pygame.draw.rect(out, (217, 164, 65), out.get_rect(), 1, border_radius=6)
        return out
    return None


def make_images(app, folder: Path) -> int:
    shots = preview.built_in_shots(app)
    known = I.expand()
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    for image_id, kind in known.items():
        w, h = kind.size_of(image_id)
        if w > HALF_OVER:
            w, h = w // 2, h // 2
        if image_id.startswith("pendulum.sand."):
            img = swatch(shots.get(image_id) or pygame.Surface((16, 16)))
        else:
            shot = shots.get(image_id)
            if shot is None:
                shot = unseen(image_id, (w, h), shots)
            if shot is None:
                shot = preview.sibling(image_id, kind, shots)
            if shot is None and image_id.startswith("grailwar.class."):     # a token: an ink disc (white letters)
                shot = pygame.Surface((w, h), pygame.SRCALPHA)
                pygame.draw.circle(shot, (64, 50, 38), (w / 2, h / 2), w / 2 - 1)
                pygame.draw.circle(shot, (226, 214, 178), (w / 2, h / 2), w / 2 - 1, 2)
            if shot is None or pygame.transform.average_color(shot)[3] == 0:
                img = dark_panel((w, h), image_id, strip=h < 40 and w > 3 * h)
            else:
                img = ink_and_paper(pygame.transform.smoothscale(shot.convert_alpha(), (w, h)), image_id)
        pygame.image.save(img, str(folder / f"{image_id}.png"))
    return len(known)


# --- sounds --------------------------------------------------------------------------------
RATE = 22050


def _write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-6, max(abs(s) for s in samples))
    data = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / peak * 0.8)) * 32767)) for s in samples)
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(RATE)
        fh.writeframes(data)


def paper_flip(seed: int = 3) -> list[float]:
    """A sheet of paper turned over: two soft bursts of filtered noise."""
    rng = random.Random(seed)
    out, low = [], 0.0
    n = int(RATE * 0.42)
    for i in range(n):
        t = i / RATE
        env = math.exp(-((t - 0.08) / 0.05) ** 2) + 0.7 * math.exp(-((t - 0.26) / 0.06) ** 2)
        low += 0.35 * (rng.uniform(-1, 1) - low)            # a one-pole low-pass: papery, not hissy
        out.append(low * env)
    return out


def pencil_tap(seed: int = 5) -> list[float]:
    """A worker put down on paper: a dull tap with a short papery tail."""
    rng = random.Random(seed)
    out, low = [], 0.0
    for i in range(int(RATE * 0.18)):
        t = i / RATE
        tone = math.sin(2 * math.pi * 180 * t) * math.exp(-t * 45)
        low += 0.5 * (rng.uniform(-1, 1) - low)
        out.append(tone + 0.35 * low * math.exp(-t * 30))
    return out


def make_sounds(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    _write_wav(folder / "glass_flip.wav", paper_flip())
    _write_wav(folder / "worker_drop.wav", pencil_tap())
    return 2


def main() -> int:
    pygame.init()
    app = App(default_args(size=(1280, 720), lang="en"))
    try:
        n = make_images(app, HERE / "images")
    finally:
        app.shutdown()
    s = make_sounds(HERE / "sounds")
    print(f"{HERE.relative_to(ROOT)}: {n} images, {s} sounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
