"""Colours and small drawing helpers shared by the Grail War screen."""
from __future__ import annotations

import math

import pygame

from tabletop.data.mods import parse_colour

BG = (18, 20, 30)
PANEL = (30, 33, 48)
PANEL_EDGE = (70, 76, 104)
PANEL_DARK = (24, 26, 38)
TEXT = (232, 232, 240)
TEXT_DIM = (160, 164, 184)
TEXT_FAINT = (110, 114, 134)
ACCENT = (235, 196, 92)
GOOD = (96, 200, 120)
BAD = (230, 86, 80)
WARN = (240, 160, 60)
MANA = (80, 170, 240)
MANA_DARK = (40, 80, 120)
DEFICIT = (210, 60, 60)
DEFICIT_DARK = (90, 30, 36)
SEA = (22, 42, 62)
LAND = (34, 38, 46)

GRADE_COLORS = {
    "core": (212, 160, 23),
    "great": (184, 71, 46),
    "medium": (46, 125, 184),
    "small": (60, 154, 95),
    "none": (122, 122, 122),
}
GRADE_ORDER = ["core", "great", "medium", "small", "none"]


def hex_color(text, default=(150, 150, 150)):
    """A faction colour as validate-mod reads it (``parse_colour``: exactly ``#rrggbb``)."""
    return parse_colour(text) or default


def shade(color, f):
    return tuple(max(0, min(255, int(c * f))) for c in color)


def panel(surface, rect, color=PANEL, edge=PANEL_EDGE, radius=8, width=2):
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def grade_shape(surface, grade, center, r, color, outline=(16, 16, 20), width=2):
    """Shape by grade (colour is never the only cue): core star, great hexagon,
    medium diamond, small circle, none square."""
    cx, cy = center
    if grade == "core":
        pts = []
        for i in range(16):
            a = math.pi / 2 + i * math.pi / 8
            rr = r * 1.25 if i % 2 == 0 else r * 0.62
            pts.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    elif grade == "great":
        pts = [(cx + r * 1.1 * math.cos(math.pi / 6 + i * math.pi / 3),
                cy + r * 1.1 * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
    elif grade == "medium":
        rr = r * 1.15
        pts = [(cx, cy - rr), (cx + rr, cy), (cx, cy + rr), (cx - rr, cy)]
    elif grade == "small":
        pygame.draw.circle(surface, color, center, int(r * 0.85))
        if width:
            pygame.draw.circle(surface, outline, center, int(r * 0.85), width)
        return
    else:
        rr = r * 0.6
        pts = [(cx - rr, cy - rr), (cx + rr, cy - rr), (cx + rr, cy + rr), (cx - rr, cy + rr)]
    pygame.draw.polygon(surface, color, pts)
    if width:
        pygame.draw.polygon(surface, outline, pts, width)
