"""Tooltips drawn by the screen itself: one box of wrapped lines at a readable width.

pygame_gui's tool_tip breaks text per word at its own narrow width, which in Japanese means a
break every two or three characters, and a tooltip widget under the pointer swallows the next
click. Here the text is broken by :func:`tabletop.linebreak.wrap` (between words, between
Japanese phrases as BudouX finds them, so 評議会 or 上級ワーカー is never split; with kinsoku: no
line starts with 「ー」 or closing punctuation, none ends with an opening bracket), measured with
the font it is drawn in.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from tabletop.linebreak import elide, wrap

WIDTH = 440               # logical pixels of text per line: a box the eye takes in at once
SIZE = 20
INK = (240, 232, 214)
BG = (14, 22, 28, 240)
EDGE = (217, 164, 65)
PAD_X, PAD_Y = 12, 8
WRAP_CACHE = 1024         # wrapped texts kept (the board's labels are wrapped again at every layer redraw)
_WRAPPED: OrderedDict = OrderedDict()


def wrap_lines(app, text, size: int = SIZE, width: int = WIDTH, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels in the app's font (each
    ``\\n`` starts a new paragraph); Japanese breaks between phrases, with kinsoku."""
    font = app.font(size, bold)
    key = (font, str(text), width)       # (the font itself: a freed font's id may be reused)
    hit = _WRAPPED.get(key)
    if hit is not None:
        _WRAPPED.move_to_end(key)
        return list(hit)

    def measure(s: str) -> int:
        return font.size(s)[0]

    out: list[str] = []
    for para in str(text).split("\n"):
        out.extend(wrap(para, width, measure) if para.strip() else [""])
    _WRAPPED[key] = tuple(out)
    if len(_WRAPPED) > WRAP_CACHE:
        _WRAPPED.popitem(last=False)
    return out



def elide_line(app, text, size: int, width: int, bold: bool = False) -> str:
    """``text`` as one line no wider than ``width`` pixels in the app's font: whole, or cut
    short with "…" (:func:`tabletop.linebreak.elide`)."""
    font = app.font(size, bold)
    return elide(str(text), width, lambda s: font.size(s)[0])

class Tip:
    """A rendered tooltip: ``lines`` (the wrapped text) and ``surface`` (the box)."""

    __slots__ = ("text", "lines", "surface")

    def __init__(self, app, text, size: int = SIZE, width: int = WIDTH, colour=INK):
        self.text = str(text)
        self.lines = wrap_lines(app, self.text, size, width)
        surfs = [app.text(line, size, colour) if line else None for line in self.lines]
        step = app.font(size).get_linesize()
        w = max([s.get_width() for s in surfs if s is not None] or [0]) + 2 * PAD_X
        h = step * len(surfs) + 2 * PAD_Y
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, BG, box.get_rect(), border_radius=10)
        pygame.draw.rect(box, EDGE, box.get_rect(), 2, border_radius=10)
        y = PAD_Y
        for s in surfs:
            if s is not None:
                box.blit(s, (PAD_X, y))
            y += step
        self.surface = box

    def place(self, pos, bounds=(1920, 1080)) -> tuple[int, int]:
        """Top-left of the box near the pointer ``pos``, inside ``bounds``: right of and below the
        pointer, or above it when there is no room below."""
        w, h = self.surface.get_size()
        x = max(4, min(pos[0] + 18, bounds[0] - w - 4))
        y = pos[1] + 24 if pos[1] + 24 + h < bounds[1] else pos[1] - h - 12
        return x, max(4, y)

    def draw(self, surface, pos, bounds=(1920, 1080)) -> pygame.Rect:
        return surface.blit(self.surface, self.place(pos, bounds))
