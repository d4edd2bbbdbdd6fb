"""The war map: 22 locations laid out from data, grade by shape and colour, names in the
current language, owners and faction markers only where the viewer knows them."""
from __future__ import annotations

import math
import random

import pygame

from tabletop.ui import skin

from . import theme as T

CLASS_ABBR = {"Saber": "Sa", "Archer": "Ar", "Lancer": "La", "Rider": "Ri", "Caster": "Ca",
              "Assassin": "As", "Berserker": "Be"}
LEGEND_ROWS = 3
LEGEND_H = 6 + LEGEND_ROWS * 16     # the grades' legend at the map's bottom right


def short(text, n):
    return text if len(text) <= n else text[: n - 1] + "…"


class MapView:
    def __init__(self, app, static, rect):
        self.app = app
        self.static = static
        self.rect = pygame.Rect(rect)
        self.pos = {}
        self.key_boxes: list = []      # the key boxes at the top of the map, on the screen (filled when drawn)
        self._static_layer = None
        self._static_key = None
        self._static_texts = []
        self.label_rects: dict = {}       # location id -> its name's rectangle on the map
        self.legend_rect = pygame.Rect(0, 0, 0, 0)     # the grades' legend (screen space, once drawn)
        self._tok_cache = {}
        self.hover = None
        self.selected = set()      # highlighted locations (legal targets of a pending choice)
        self.layout()

    def cycle_hover(self, step):
        """Up/Down walk through the locations in id order, showing each one's hover card."""
        ids = [loc.id for loc in self.static.locations if loc.id in self.pos]
        if not ids:
            return
        cur = self.hover
        i = ids.index(cur) + step if cur in ids else (0 if step > 0 else -1)
        self.hover = ids[i % len(ids)]

    def invalidate(self):
        """Draw the static layer again on the next frame (the language changed)."""
        self._static_key = None

    # geometry ---------------------------------------------------------------------
    def layout(self):
        locs = self.static.locations
        if not locs:
            return
        xs = [l.x for l in locs]
        ys = [l.y for l in locs]
        minx, maxx = min(xs + [0]), max(xs + [1000])
        miny, maxy = min(ys + [0]), max(ys + [700])
        pad_x, pad_top, pad_bot = 70, 70, 110
        w = self.rect.w - 2 * pad_x
        h = self.rect.h - pad_top - pad_bot
        s = min(w / max(1, maxx - minx), h / max(1, maxy - miny))
        ox = self.rect.x + pad_x + (w - s * (maxx - minx)) / 2
        oy = self.rect.y + pad_top + (h - s * (maxy - miny)) / 2
        self.pos = {l.id: (int(ox + (l.x - minx) * s), int(oy + (l.y - miny) * s)) for l in locs}
        self._static_key = None

    def hit(self, p):
        best, bd = None, 30 ** 2
        for lid, (x, y) in self.pos.items():
            d = (x - p[0]) ** 2 + (y - p[1]) ** 2
            if d < bd:
                best, bd = lid, d
        return best

    # static layer --------------------------------------------------------------------
    def _build_static(self, onto=None):
        """The map without what changes in a war (kept in ``_static_layer``), or drawn on
        ``onto`` (the map's region of the program's first frame: nothing kept)."""
        app, r = self.app, self.rect
        texts = []
        surf = pygame.Surface(r.size) if onto is None else onto
        if onto is not None:
            surf.fill((0, 0, 0))          # as a new surface is: a mod's map may be translucent
        skin.draw(app, "grailwar.map", surf, surf.get_rect(), fallback=self._draw_city)   # an asset pack may re-skin the map
        pygame.draw.rect(surf, T.PANEL_EDGE, surf.get_rect(), 2)
        self._draw_places(surf, texts)

    def _draw_city(self, surf, rect):
        """The built-in map: land, sea, a river, city blocks and a grid."""
        r = rect
        surf.fill(T.LAND, r)
        rng = random.Random(7)   # presentation only; never the game's generator
        # sea along the east and south-east, a river through the city
        sea = [(r.w * 0.93, 0), (r.w, 0), (r.w, r.h), (r.w * 0.70, r.h), (r.w * 0.83, r.h * 0.78),
               (r.w * 0.95, r.h * 0.55), (r.w * 0.90, r.h * 0.25)]
        pygame.draw.polygon(surf, T.SEA, sea)
        river = [(0, r.h * 0.72)]
        for i in range(1, 9):
            river.append((r.w * i / 9, r.h * (0.72 - 0.33 * math.sin(i / 2.6)) + rng.uniform(-12, 12)))
        river.append((r.w * 0.92, r.h * 0.33))
        pygame.draw.lines(surf, (30, 56, 80), False, river, 16)
        for _ in range(140):   # city blocks
            x, y = rng.uniform(0, r.w * 0.9), rng.uniform(0, r.h)
            w, h = rng.uniform(14, 46), rng.uniform(10, 34)
            pygame.draw.rect(surf, (40, 44, 54), (x, y, w, h), border_radius=3)
        for i in range(0, r.w, 80):
            pygame.draw.line(surf, (38, 42, 52), (i, 0), (i, r.h))
        for j in range(0, r.h, 80):
            pygame.draw.line(surf, (38, 42, 52), (0, j), (r.w, j))

    def _draw_places(self, surf, texts):
        app, r = self.app, self.rect
        # leyline threads between leyline sites (cosmetic)
        ley = [l for l in self.static.locations if l.grade in ("core", "great", "medium")]
        core = [l for l in ley if l.grade == "core"]
        if core:
            c = self.pos[core[0].id]
            for l in ley:
                if l is core[0]:
                    continue
                p = self.pos[l.id]
                pygame.draw.line(surf, (70, 62, 40), (c[0] - r.x, c[1] - r.y), (p[0] - r.x, p[1] - r.y), 2)
        # markers first, then labels placed where they cover no marker, no other label and
        # neither of the key boxes; a name is shortened only where its full length finds no room
        markers = []
        self.label_rects = {}
        for loc in self.static.locations:
            x, y = self.pos[loc.id]
            x, y = x - r.x, y - r.y
            col = T.GRADE_COLORS.get(loc.grade, (128, 128, 128))
            skin.draw(app, f"grailwar.location.{loc.grade}", surf, (x - 30, y - 30, 61, 61), fallback=lambda g, rr: (
                pygame.draw.circle(g, T.shade(col, 0.35), rr.center, 30), T.grade_shape(g, loc.grade, rr.center, 18, col)))
            ids = app.text(loc.id, 13, (10, 10, 14), True)
            surf.blit(ids, (x - ids.get_width() // 2, y - ids.get_height() // 2))
            markers.append((pygame.Rect(x - 24, y - 24, 48, 48), 4))   # the marker
            markers.append((pygame.Rect(x - 24, y - 58, 48, 34), 1))   # the token row above it
        placed = [(b, 4) for b in self._draw_keys(surf, texts)]
        inner = surf.get_rect().inflate(-8, -8)
        inner.h -= LEGEND_H + 4     # the legend
        for loc in self.static.locations:
            x, y = self.pos[loc.id]
            x, y = x - r.x, y - r.y
            full = loc.label(app.lang)
            label, ts, best = self._place_label(full, (x, y), markers + placed, inner)
            texts.append(label)
            self.label_rects[loc.id] = best.move(r.x, r.y)     # in screen space (tests check overlaps)
            placed.append((best, 4))     # covering another name is the worst
            pygame.draw.rect(surf, (20, 22, 30), best, border_radius=4)
            surf.blit(ts, (best.x + 4, best.y))
        self._draw_legend(surf, r, texts)
        self._static_layer = surf
        self._static_texts = texts

    def _draw_legend(self, surf, r, texts):
        """The grades' legend (shape, colour, word and numbers) at the map's bottom right, in up
        to three rows, so the bottom left stays clear for the NPC speed control drawn over the map."""
        app = self.app
        items = []
        for g in T.GRADE_ORDER:
            gd = self.static.grades.get(g, {})
            word = gd.get(app.lang) or gd.get("en") or g
            extra = app.t("grailwar.map.legend_numbers", rest=gd.get("rest_recovery", 0),
                          bonus=gd.get("end_of_turn_bonus", 0))
            txt = f"{word}  {extra}"
            texts.append(txt)
            items.append((g, app.text(txt, 12, T.TEXT_DIM)))
        cols = max(1, -(-len(items) // LEGEND_ROWS))
        col_w = [max(24 + s.get_width() for _g, s in items[c::cols]) + 14 for c in range(cols)]
        back = pygame.Rect(0, r.h - LEGEND_H - 4, sum(col_w) + 12, LEGEND_H)
        back.right = r.w - 4
        pygame.draw.rect(surf, (20, 22, 30), back, border_radius=6)
        self.legend_rect = back.move(r.x, r.y)       # in screen space (tests check it keeps clear)
        for i, (g, s) in enumerate(items):
            row, col = divmod(i, cols)
            lx = back.x + 8 + sum(col_w[:col])
            cy = back.y + 11 + row * 16
            T.grade_shape(surf, g, (lx + 10, cy), 7, T.GRADE_COLORS[g])
            surf.blit(s, (lx + 24, cy - s.get_height() // 2))

    def _draw_keys(self, surf, texts):
        """The two key boxes at the top of the map: how to read the markers (left) and the
        keyboard keys (right, or under the first box when one row cannot hold both).
        Returns their rectangles, which the labels keep clear of."""
        app = self.app
        boxes = []
        key_text = app.t("grailwar.map.key")
        ks = app.text(key_text, 13, T.TEXT_DIM)
        kr = pygame.Rect(8, 8, ks.get_width() + 16, ks.get_height() + 8)
        pygame.draw.rect(surf, (20, 22, 30), kr, border_radius=6)
        surf.blit(ks, (kr.x + 8, kr.y + 4))
        texts.append(key_text)
        boxes.append(kr)
        hint = app.t("grailwar.map.keys")
        if hint and hint != "grailwar.map.keys":
            hs = app.text(hint, 13, T.TEXT)
            hr = pygame.Rect(0, 0, hs.get_width() + 16, hs.get_height() + 8)
            hr.topright = (surf.get_width() - 8, 8)
            if hr.x < kr.right + 12:
                hr.topright = (surf.get_width() - 8, kr.bottom + 4)
            pygame.draw.rect(surf, (20, 22, 30), hr, border_radius=6)
            pygame.draw.rect(surf, T.PANEL_EDGE, hr, 1, border_radius=6)
            surf.blit(hs, (hr.x + 8, hr.y + 4))
            texts.append(hint)
            boxes.append(hr)
        self.key_boxes = [b.move(self.rect.topleft) for b in boxes]     # on the screen (the battle covers them whole)
        return boxes

    def _place_label(self, full, at, obstacles, inner):
        """(text, surface, rect) of a location's name: the full name where some placement
        beside the marker covers nothing (the closest placements first, then ones nudged a
        little further out), else a shortened name, else the least covering.
        ``obstacles``: (rect, weight) pairs."""
        app = self.app
        x, y = at
        texts = [full]
        for n in ((13, 9) if app.lang == "ja" else (22, 14)):
            cut = short(full, n)
            if cut not in texts:
                texts.append(cut)
        anchors = (("midtop", (x, y + 24)), ("midleft", (x + 28, y)), ("midright", (x - 28, y)),
                   ("topleft", (x + 20, y + 18)), ("topright", (x - 20, y + 18)),
                   ("midbottom", (x, y - 58)), ("topleft", (x + 28, y + 8)),
                   ("bottomleft", (x + 28, y - 8)), ("topright", (x - 28, y + 8)),
                   ("bottomright", (x - 28, y - 8)))
        nudges = ((0, 0), (0, 12), (0, -12), (12, 0), (-12, 0), (0, 24), (0, -24))
        best = None     # (cost, text, surface, rect)
        rects = [o for o, _wt in obstacles]     # tested in one call per candidate (start-up time)
        for text in texts:
            ts = app.text(text, 15, T.TEXT)
            bg = pygame.Rect(0, 0, ts.get_width() + 8, ts.get_height())
            for dx, dy in nudges:
                for anchor, (px, py) in anchors:
                    cand = bg.copy()
                    setattr(cand, anchor, (px + dx, py + dy))
                    moved = cand.clamp(inner)
                    # pushed back inside the map, a label drifts from its marker: that costs too
                    cost = (abs(moved.x - cand.x) + abs(moved.y - cand.y) + abs(dx) + abs(dy)) * cand.h
                    cover = 0                                  # its own marker too
                    for i in moved.collidelistall(rects):
                        part = moved.clip(rects[i])
                        cover += part.w * part.h * obstacles[i][1]
                    if cover == 0 and cost == 0:
                        return text, ts, moved
                    cost += cover * 100      # covering something is far worse than a little drift
                    if best is None or cost < best[0]:
                        best = (cost, text, ts, moved)
            if best is not None and best[0] < 100:
                return best[1], best[2], best[3]          # nothing covered, only nudged: keep this name
        return best[1], best[2], best[3]

    # dynamic --------------------------------------------------------------------------
    def token(self, label, color, ring=None, size=17):
        key = (label, color, ring, size)
        s = self._tok_cache.get(key)
        if s is None:
            d = size * 2 + 6
            s = pygame.Surface((d, d), pygame.SRCALPHA)
            c = (d // 2, d // 2)
            pygame.draw.circle(s, (0, 0, 0, 140), (c[0] + 2, c[1] + 2), size)
            cls = next((k.lower() for k, v in CLASS_ABBR.items() if v == label), None)    # a known class
            disc = pygame.Rect(c[0] - size, c[1] - size, 2 * size + 1, 2 * size + 1)
            if cls is None:
                pygame.draw.circle(s, color, c, size)
            elif skin.draw(self.app, f"grailwar.class.{cls}", s, disc,
                           fallback=lambda g, rr: pygame.draw.circle(g, color, (rr.x + size, rr.y + size), size)):
                pygame.draw.circle(s, color, c, size + 2, 3)          # the faction's colour stays a cue
            pygame.draw.circle(s, ring or (245, 245, 245), c, size, 3 if ring else 2)
            t = self.app.text(label, 14, (255, 255, 255), True)
            s.blit(t, (c[0] - t.get_width() // 2, c[1] - t.get_height() // 2))
            self._tok_cache[key] = s
        return s

    def draw(self, surface, info, record=None):
        """``info``: {"owners": {loc: (fid, color)}, "tokens": {loc: [(label, color, ring)]},
        "empty": set(loc), "flags": {loc: text}}."""
        key = (self.rect.size, self.app.lang)
        if self._static_key != key and self.app.frame == 0 and surface.get_rect().contains(self.rect):
            self._build_static(surface.subsurface(self.rect))      # start-up: the layer is made later
            self._static_layer, self._static_key = None, None
        else:
            if self._static_key != key:
                self._build_static()
                self._static_key = key
            surface.blit(self._static_layer, self.rect.topleft)
        if record is not None:
            record.extend(self._static_texts)
        for a, b in info.get("links", ()):      # alliances the viewer knows of
            if a in self.pos and b in self.pos:
                pygame.draw.line(surface, (96, 200, 120), self.pos[a], self.pos[b], 3)
        for lid in info.get("workshops", {}):
            if lid in self.pos:
                x, y = self.pos[lid]
                pygame.draw.rect(surface, (200, 170, 90), (x - 30, y + 8, 14, 14), border_radius=3)
                pygame.draw.rect(surface, (30, 24, 10), (x - 30, y + 8, 14, 14), 2, border_radius=3)
        for lid in self.selected:
            if lid in self.pos:
                pygame.draw.circle(surface, T.ACCENT, self.pos[lid], 30, 3)
        for lid, (fid, color) in info.get("owners", {}).items():
            if lid in self.pos:
                x, y = self.pos[lid]
                pygame.draw.circle(surface, color, (x, y), 26, 4)
        for lid in info.get("empty", ()):
            if lid in self.pos:
                x, y = self.pos[lid]
                s = self.app.text("∅", 18, (200, 200, 210), True)
                surface.blit(s, (x + 20, y - 28))
        for lid, toks in info.get("tokens", {}).items():
            if lid not in self.pos:
                continue
            x, y = self.pos[lid]
            n = len(toks)
            for i, (label, color, ring) in enumerate(toks):
                s = self.token(label, color, ring)
                tx = x - (n * 38) // 2 + i * 38 + 19
                surface.blit(s, (tx - s.get_width() // 2, y - 38 - s.get_height() // 2))
                if record is not None:
                    record.append(label)
        if self.hover and self.hover in self.pos:
            pygame.draw.circle(surface, (255, 255, 255), self.pos[self.hover], 31, 2)
