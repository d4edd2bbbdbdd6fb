"""The bare-pygame baselines the UI benchmarks compare against, measured in the same run."""
from __future__ import annotations

import random
import time

import pygame

SPRITES = 300


def bare_window_first_frame(size=(1280, 720)) -> None:
    """Open a window, fill it, flip once (the start-up baseline)."""
    pygame.display.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    screen.fill((20, 30, 36))
    pygame.display.flip()


def frame_loop(size, frames: int, warmup: int = 30) -> list[float]:
    """Per-frame milliseconds of a bare loop that blits a full-screen surface and 300
    sprites, then flips, at ``size``."""
    if not pygame.display.get_init():
        pygame.display.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    rng = random.Random(1)
    background = pygame.Surface(size).convert()
    for y in range(0, size[1], 8):
        pygame.draw.line(background, (20, 30 + y % 40, 36), (0, y), (size[0], y), 8)
    sprite = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.circle(sprite, (217, 164, 65, 255), (16, 16), 15)
    sprite = sprite.convert_alpha()
    pos = [[rng.uniform(0, size[0] - 32), rng.uniform(0, size[1] - 32), rng.uniform(-3, 3), rng.uniform(-3, 3)]
           for _ in range(SPRITES)]
    out = []
    for i in range(warmup + frames):
        t0 = time.perf_counter()
        pygame.event.pump()
        screen.blit(background, (0, 0))
        for p in pos:
            p[0] = (p[0] + p[2]) % (size[0] - 32)
            p[1] = (p[1] + p[3]) % (size[1] - 32)
            screen.blit(sprite, (p[0], p[1]))
        pygame.display.flip()
        if i >= warmup:
            out.append((time.perf_counter() - t0) * 1000.0)
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)
