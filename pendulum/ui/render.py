"""Procedural drawing of the Pendulum table: the static board layer (drawn once per
layout and language) and cached sprites for pieces. Every drawable goes through
``tabletop.ui.skin.draw(app, id, ...)``: a mod's image replaces our drawing (the ids are in
``tabletop.data.image_ids`` and docs/MODDING.md); text is drawn over it.
"""
from __future__ import annotations

import math
import re

import pygame

from tabletop.data.mods import parse_colour
from tabletop.ui.tooltip import wrap_lines

from tabletop.ui import skin
from tabletop.ui.present import display_surface

from . import view as V
from .layout import AREA_RECTS, ROWS, SEAT_COMPACT

BG = (16, 28, 33)
BOARD = (58, 48, 38)
BOARD_EDGE = (120, 96, 62)
GOLD = (217, 164, 65)
INK = (240, 232, 214)
DIM_INK = (170, 160, 140)
AREA_COL = {"purple": (92, 60, 128), "green": (44, 108, 68), "black": (44, 44, 52)}
AREA_LIGHT = {"purple": (150, 116, 196), "green": (104, 178, 122), "black": (132, 132, 146)}
SAND = {"purple": (200, 160, 235), "green": (150, 225, 150), "black": (235, 226, 200)}
RES_COL = {"military": (200, 60, 60), "culture": (60, 110, 210), "gold": (230, 190, 50),
           "votes": (150, 90, 190)}
TRACK_COL = {"power": (200, 60, 60), "prestige": (60, 110, 210), "popularity": (230, 190, 50),
             "legendary": (160, 160, 170)}
SLOT_COL = {"brown": (140, 94, 52), "red": (190, 60, 60), "blue": (60, 110, 210), "yellow": (220, 180, 50)}
PARCHMENT = (226, 208, 160)


def hex_colour(text: str, default=(150, 150, 150)):
    """A seat colour as validate-mod reads it (``parse_colour``: exactly ``#rrggbb``)."""
    return parse_colour(text) or default


def shape_points(shape: str, center, size: float):
    cx, cy = center
    r = size / 2
    if shape == "square":
        return [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85), (cx + r * .85, cy + r * .85),
                (cx - r * .85, cy + r * .85)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * .95, cy + r * .75), (cx - r * .95, cy + r * .75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(30, 390, 60)]
    return None   # circle


def draw_shape(surface, shape, center, size, fill, outline=(20, 16, 12), width=2):
    pts = shape_points(shape, center, size)
    if pts is None:
        pygame.draw.circle(surface, fill, center, size / 2)
        pygame.draw.circle(surface, outline, center, size / 2, width)
    else:
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, outline, pts, width)


def seat_defs(rules, n):
    """Drawing data of the first ``n`` seat styles: colour (RGB), letter, shape, name."""
    return [{"id": sd.id, "colour": hex_colour(sd.colour), "letter": sd.letter, "shape": sd.shape,
             "name": sd.name} for sd in rules.seat_defs[:n]]


def contrast(col):
    return (20, 16, 12) if sum(col) > 380 else (250, 246, 236)


class Sprites:
    """Cached piece images (workers per seat and kind, privilege hexes, cubes)."""

    def __init__(self, app, seats):
        self.app = app
        self.seats = seats          # list of dicts: colour, letter, shape, id
        self.cache = {}

    def worker(self, seat: int, grande: bool, size: int = 34):
        key = ("w", seat, grande, size)
        s = self.cache.get(key)
        if s is None:
            sd = self.seats[seat] if 0 <= seat < len(self.seats) else {"colour": (120, 120, 120), "letter": "N",
                                                                         "shape": "circle", "id": "neutral"}
            sz = size if grande else int(size * 0.78)
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            skin.draw(self.app, f"pendulum.worker.{sd['id']}.{'grande' if grande else 'common'}", img, img.get_rect(),
                      fallback=lambda s, r: _worker_body(s, r, sd, grande, sz))
            t = self.app.text(sd["letter"], int(sz * (0.5 if grande else 0.55)), contrast(sd["colour"]), bold=True)
            img.blit(t, t.get_rect(center=(size / 2, size / 2 + 1)))
            s = img
            self.cache[key] = s
        return s

    def token(self, seat: int, size: int = 30):
        """Privilege hexagon / achievement marker with the seat letter."""
        key = ("t", seat, size)
        s = self.cache.get(key)
        if s is None:
            sd = self.seats[seat] if 0 <= seat < len(self.seats) else {"colour": (120, 120, 120), "letter": "N",
                                                                         "shape": "circle"}
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            edge = (225, 225, 225) if sum(sd["colour"]) < 240 else (16, 12, 8)
            skin.draw(self.app, f"pendulum.token.seat.{sd.get('id', 'neutral')}", s, s.get_rect(), fallback=lambda g, r:
                      draw_shape(g, "hexagon", (r.w / 2, r.h / 2), r.w - 2, sd["colour"], edge, 2))
            t = self.app.text(sd["letter"], int(size * 0.5), contrast(sd["colour"]), bold=True)
            s.blit(t, t.get_rect(center=(size / 2, size / 2 + 1)))
            self.cache[key] = s
        return s


def _worker_body(s, r, sd, grande, sz):
    """The built-in worker: the seat's shape in its colour, a gold ring for a grande."""
    c = (r.w / 2, r.h / 2)
    edge = (225, 225, 225) if sum(sd["colour"]) < 240 else (16, 12, 8)   # dark seats stay visible
    draw_shape(s, sd["shape"], c, sz - 2, sd["colour"], edge, 2)
    if grande:
        pygame.draw.circle(s, GOLD, c, sz / 2 - 1, 2) if sd["shape"] == "circle" \
            else pygame.draw.polygon(s, GOLD, shape_points(sd["shape"], c, sz - 6), 2)


def text_fit(app, text, size, colour, width, bold=False, cache=True):
    """Rendered text shrunk (by 2 px at a time, not below 12) until it fits ``width``: sizes
    are measured, only the one used is rendered (and kept in the App's text cache unless
    ``cache=False``: text drawn once into a surface of its own)."""
    while size > 12 and app.font(size, bold).size(str(text))[0] > width:
        size -= 2
    return app.text(text, size, colour, bold, cache=cache)


def text_lines(app, text, size, colour, width, max_lines=3, bold=False):
    """Word wrap (between Japanese characters too, with kinsoku: see tabletop.ui.tooltip)
    into at most ``max_lines`` surfaces. A word wider than ``width`` is not cut: the text
    is set a little smaller (down to 4 px less) until every word fits."""
    words = re.findall(r"[A-Za-z0-9'’\-]+", text)
    for _ in range(4):
        if size <= 10 or not words or max(app.font(size, bold).size(w)[0] for w in words) <= width:
            break
        size -= 1
    lines = [line for line in wrap_lines(app, text, size, width, bold) if line]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][:-1] + "…"
    return [app.text(line, size, colour, bold) for line in lines]


BOX_SIZES = (18, 17, 16)     # a reward box's words: never smaller (read at 1280x720 too)


def fit_label(app, texts, width, max_lines=2, sizes=BOX_SIZES, bold=True):
    """The first of ``texts`` that wraps into at most ``max_lines`` lines no wider than
    ``width`` at one of ``sizes`` (largest first): ``(lines, size)``; else the last text's
    lines at the smallest size (the measuring test says that never happens with our data)."""
    lines = []
    for text in texts:
        for size in sizes:
            font = app.font(size, bold)
            lines = [line for line in wrap_lines(app, text, size, width, bold) if line]
            if len(lines) <= max_lines and all(font.size(line)[0] <= width for line in lines):
                return lines, size
    return lines, sizes[-1]


def box_label(app, rules, sp, width):
    """The words of an action's reward box: its name when it fits two lines, else the reward
    in short words ('+1 Pre +1 Pop 1 Vote'); the tooltip always has the whole name."""
    name = getattr(sp.name, app.lang, None) or sp.id
    return fit_label(app, (name, V.short_text(app, rules, sp.effect)), width)


def build_static(app, layout, rules, table_info, surf=None) -> pygame.Surface:
    """The layer that never changes during a game: boards, areas, frames, boxes, labels; drawn
    on ``surf`` when given (the program's first frame, drawn straight on the App's frame)."""
    if surf is None:
        surf = display_surface((1920, 1080))
    skin.draw(app, "pendulum.backdrop", surf, surf.get_rect(), fallback=lambda s, rr: s.fill(BG, rr))
    r = layout.rects
    skin.draw(app, "pendulum.board", surf, r["main_board"], fallback=lambda s, rr: (
        pygame.draw.rect(s, BOARD, rr, border_radius=14), pygame.draw.rect(s, BOARD_EDGE, rr, 3, border_radius=14)))
    skin.draw(app, "pendulum.panel.top_bar", surf, r["top_bar"], fallback=lambda s, b: pygame.draw.rect(s, (24, 38, 44), b))
    pygame.draw.line(surf, GOLD, (0, r["top_bar"].bottom), (1920, r["top_bar"].bottom), 2)
    # areas
    for area in AREA_RECTS:
        ar = r[f"area.{area}"]
        skin.draw(app, f"pendulum.area.{area}", surf, ar, fallback=lambda s, rr: (
            pygame.draw.rect(s, AREA_COL[area], rr, border_radius=10),
            pygame.draw.rect(s, AREA_LIGHT[area], rr, 2, border_radius=10)))
        label = app.t(f"pendulum.area.{area}", seconds=int(rules.timer_seconds[area]))
        surf.blit(app.text(label, 20, INK, True), (ar.left + 12, ar.top + 4))
        for row in ROWS:
            rr = r[f"row.{area}.{row}"]
            skin.draw(app, f"pendulum.row.{area}", surf, rr, fallback=lambda s, b: pygame.draw.rect(
                s, tuple(max(0, c - 14) for c in AREA_COL[area]), b, border_radius=8))
            k = 0
            while f"timer_place.{area}.{row}.{k}" in r:
                pr = r[f"timer_place.{area}.{row}.{k}"].inflate(-8, -10)
                skin.draw(app, "pendulum.timer_place", surf, pr, fallback=lambda s, b: (
                    pygame.draw.ellipse(s, (70, 56, 30), b), pygame.draw.ellipse(s, GOLD, b, 2)))
                k += 1
    # spaces: frames, cost bands, reward boxes
    for sid, sp in rules.spaces.items():
        box = r.get(f"space.{sid}")
        if box is None:
            continue
        area = sp.area
        skin.draw(app, f"pendulum.space.{area}", surf, box, fallback=lambda s, rr: (
            pygame.draw.rect(s, AREA_LIGHT[area], rr, border_radius=6),
            pygame.draw.rect(s, (20, 16, 12), rr, 1, border_radius=6)))
        texts, size = box_label(app, rules, sp, box.width - 8)
        lines = [app.text(line, size, (20, 16, 12), True) for line in texts]
        y = box.centery - sum(l.get_height() - 2 for l in lines) // 2
        for line in lines:
            surf.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height() - 2
        cr = r[f"cost.{sid}"]
        cost = V.amounts_text(app, rules, sp.cost)
        t = text_fit(app, "▼ " + cost, 17, GOLD, cr.width - 4)
        surf.blit(t, t.get_rect(center=cr.center))
    for fid, sids in layout.spaces_of_frame.items():
        fr = r[f"frame.{fid}"]
        skin.draw(app, "pendulum.frame", surf, fr, fallback=lambda s, b: (
            pygame.draw.rect(s, (50, 40, 22), b, border_radius=6), pygame.draw.rect(s, GOLD, b, 3, border_radius=6)))
    # province display + deck
    pd = r["province_display"]
    skin.draw(app, "pendulum.panel.provinces", surf, pd, fallback=lambda s, b: pygame.draw.rect(s, (72, 60, 44), b, border_radius=8))
    surf.blit(app.text(app.t("pendulum.provinces"), 18, INK, True), (pd.left + 10, pd.top + 6))
    for i in range(4):
        pygame.draw.rect(surf, (40, 32, 24), r[f"province.{i}"], 1, border_radius=6)
    # achievement + privilege
    a = r["achievement"]
    skin.draw(app, "pendulum.panel.achievement", surf, a, fallback=lambda s, b: pygame.draw.rect(s, (72, 60, 44), b, border_radius=8))
    pt = r["privilege_track"]
    skin.draw(app, "pendulum.panel.privilege", surf, pt, fallback=lambda s, b: pygame.draw.rect(s, (72, 60, 44), b, border_radius=8))
    surf.blit(app.text(app.t("pendulum.privilege"), 18, INK, True), (pt.left + 10, pt.top + 6))
    for k in range(table_info["ranks"]):
        pr = r[f"privilege.{k}"]
        skin.draw(app, "pendulum.privilege_slot", surf, pr, fallback=lambda s, b: pygame.draw.rect(s, (40, 32, 24), b, border_radius=6))
        bonus = table_info["bonus"][k] if k < len(table_info["bonus"]) else 0
        t = app.text(f"{k + 1}", 15, DIM_INK, True)
        surf.blit(t, t.get_rect(midbottom=(pr.centerx, pr.top - 1)))
        if bonus:
            t = app.text(f"+{bonus}", 14, GOLD)
            surf.blit(t, t.get_rect(midtop=(pr.centerx, pr.bottom + 2)))
    # council board
    cb = r["council_board"]
    skin.draw(app, "pendulum.council_board", surf, cb, fallback=lambda s, rr: (
        pygame.draw.rect(s, (46, 52, 74), rr, border_radius=12), pygame.draw.rect(s, (130, 140, 190), rr, 2, border_radius=12)))
    surf.blit(app.text(app.t("pendulum.council_board"), 20, INK, True), (cb.left + 12, cb.top + 8))
    # seat boards (frames only; contents are dynamic)
    sb = r["seat_board"]
    skin.draw(app, "pendulum.panel.seat_board", surf, sb, fallback=lambda s, b: pygame.draw.rect(s, (40, 46, 40), b, border_radius=12))
    skin.draw(app, "pendulum.panel.seats", surf, SEAT_COMPACT, fallback=lambda s, b: pygame.draw.rect(s, (30, 36, 34), b, border_radius=12))
    return surf


def disc_rect(cx, cy, radius) -> pygame.Rect:
    """The square a disc of ``radius`` centred on (cx, cy) is drawn in (its centre is exact)."""
    return pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)


def draw_track(app, surface, rect, track, start, value, maximum=21, parchment=14, token=None, cache=None):
    """One VP track as ``maximum - start + 1`` circles, the parchment shaded, the marker on ``value``."""
    n = maximum - start + 1
    step = min(32, (rect.width - 110) / max(1, n))
    x0 = rect.left + 104
    col = TRACK_COL[track]
    label = app.text(app.t(f"pendulum.track.{track}"), 18, col, True)
    surface.blit(label, label.get_rect(midleft=(rect.left, rect.centery)))
    rad = max(5, int(step * 0.42))
    for i in range(n):
        pos = start + i
        cx = int(x0 + i * step + step / 2)
        part, fill = ("parchment", PARCHMENT) if pos >= parchment else ("step", (70, 66, 58))
        skin.draw(app, f"pendulum.track.{track}.{part}", surface, disc_rect(cx, rect.centery, rad),
                  fallback=lambda s, b, f=fill: pygame.draw.circle(s, f, b.center, b.w // 2))
    # marker
    i = max(0, min(n - 1, value - start))
    cx = int(x0 + i * step + step / 2)
    skin.draw(app, f"pendulum.track.{track}.marker", surface, disc_rect(cx, rect.centery, rad + 2),
              fallback=lambda s, b: (pygame.draw.circle(s, col, b.center, b.w // 2),
                                     pygame.draw.circle(s, (16, 12, 8), b.center, b.w // 2, 2)))
    if token is not None:
        surface.blit(token, token.get_rect(center=(cx, rect.centery)))
