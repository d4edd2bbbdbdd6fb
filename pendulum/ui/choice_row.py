"""Choices you can see: a pending choice shown as a row of tiles drawn by the table instead of a
long list of labels.

* which province, under which slot (``conquer``): one tile per card of the display (and the top
  of the deck, face down), each with its four production bands — the slot's colour, its name
  and what the card produces there;
* which worker comes back / becomes a grande (``retrieve``, ``promote``): one tile per worker,
  the piece drawn with its kind and where it stands.

←/→ (or the wheel) go from tile to tile, ↑/↓ from band to band, Tab through every option, Enter
takes it, Esc closes, a click on a band takes it. The row is part of the table's picker
(``table.picker`` is its dict; ``picker["buttons"][i]`` is the band of ``picker["options"][i]``,
as the list window's buttons are), so the chosen action goes back through ``Picker.take``.
Nothing here decides a rule: the options are the engine's ``Choose`` actions.
"""
from __future__ import annotations

import dataclasses

import pygame

from . import render as R
from . import view as V
from .layout import SLOTS

KINDS = ("conquer", "retrieve", "promote")   # decisions shown as a row
TILE_W = 270
GAP = 16
HEAD_H = 64
BAND_H = 54
WORKER_H = 150
BOARD = pygame.Rect(20, 70, 1880, 940)       # where the row may stand (the logical table)
VISIBLE = 6                                  # tiles shown at once; more are browsed


@dataclasses.dataclass
class Band:
    """One option: its place on screen (``rect``, logical; None while scrolled away)."""
    index: int
    colour: tuple
    text: str
    rect: pygame.Rect | None = None

    def get_abs_rect(self) -> pygame.Rect:
        return self.rect if self.rect is not None else pygame.Rect(-100, -100, 1, 1)


@dataclasses.dataclass
class Tile:
    head: str
    bands: list
    sprite: pygame.Surface | None = None
    under: str = ""                          # a line under the piece (where a worker stands)


def wants_row(decision_type: str) -> bool:
    return decision_type in KINDS


def build_tiles(table, seat, options, decision_type) -> list[Tile]:
    """The tiles of a choice: ``options`` are ``(label, Choose action)`` pairs in the engine's order."""
    app, rules, view = table.app, table.rules, table.view
    tiles: list[Tile] = []
    if decision_type == "conquer":
        by_card: dict[str, Tile] = {}
        for i, (_label, a) in enumerate(options):
            opt = str(a.option)
            if ":" not in opt:                       # "none": nothing to conquer any more
                tiles.append(Tile(V.option_text(app, rules, view, seat, opt), [Band(i, (90, 90, 96), _label)]))
                continue
            card, slot = opt.split(":", 1)
            tile = by_card.get(card)
            if tile is None:
                head = app.t("pendulum.deck_top") if card == "deck" else V.name(app, rules, card)
                tile = by_card[card] = Tile(head, [])
                tiles.append(tile)
            if card == "deck":
                reward = app.t("pendulum.text.unknown_reward")
            else:
                reward = V.amounts_text(app, rules, rules.provinces[card].get(slot, {}))
            tile.bands.append(Band(i, R.SLOT_COL.get(slot, (120, 120, 120)),
                                   app.t("pendulum.text.slot_reward", slot=V.name(app, rules, slot), reward=reward)))
        for tile in tiles:
            tile.bands.sort(key=lambda b: SLOTS.index(str(options[b.index][1].option).split(":")[1])
                            if ":" in str(options[b.index][1].option) else 0)
        return tiles
    for i, (label, a) in enumerate(options):
        wid = str(a.option)
        if V.WORKER_ID.match(wid):
            w = next((w for w in view["workers"] if w["id"] == wid), None)
            where = V.loc_text(app, rules, w["location"]) if w else ""
            sprite = table.sprites.worker(seat, V.is_grande(None, wid), 56)
            tiles.append(Tile(V.worker_word(app, wid), [Band(i, (70, 86, 96), app.t("pendulum.text.take_this"))],
                              sprite=sprite, under=where))
        else:
            tiles.append(Tile(label, [Band(i, (70, 86, 96), label)]))
    return tiles


class ChoiceRow:
    """The row on screen: ``tiles``, the selected option ``index``, the first tile shown."""

    def __init__(self, table, title, tiles):
        self.table = table
        self.title = title or ""
        self.tiles = tiles
        self.bands = sorted((b for t in tiles for b in t.bands), key=lambda b: b.index)
        self.index = self.bands[0].index if self.bands else 0
        self.first = 0
        self.version = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        # the part of the table the row may cover: left of the teaching mode's lesson panel,
        # where tooltips stay too (a row of five provinces ran under the panel)
        right = min(BOARD.right, table.renderer.tip_bounds[0] - BOARD.left)
        self.board = pygame.Rect(BOARD.left, BOARD.top, right - BOARD.left, BOARD.height)
        self.visible = max(1, min(VISIBLE, (self.board.width - 2 * 24 + GAP) // (TILE_W + GAP)))
        self._layout()

    # ------------------------------------------------------------------ geometry
    def _tile_h(self) -> int:
        workers = any(t.sprite is not None for t in self.tiles)
        most = max((len(t.bands) for t in self.tiles), default=1)
        return HEAD_H + (WORKER_H if workers else 0) + most * BAND_H + 12

    def _layout(self):
        shown = self.tiles[self.first:self.first + self.visible]
        w = len(shown) * TILE_W + (len(shown) - 1) * GAP + 2 * 24
        h = self._tile_h() + 70 + 44
        self.rect = pygame.Rect(0, 0, max(w, 640), h)
        self.rect.center = self.board.center
        x = self.rect.centerx - (len(shown) * TILE_W + (len(shown) - 1) * GAP) // 2
        for b in self.bands:
            b.rect = None
        for k, tile in enumerate(shown):
            left = x + k * (TILE_W + GAP)
            y = self.rect.top + 70 + HEAD_H + (WORKER_H if tile.sprite is not None else 0)
            for j, band in enumerate(tile.bands):
                band.rect = pygame.Rect(left + 8, y + j * BAND_H, TILE_W - 16, BAND_H - 6)

    def tile_rect(self, k) -> pygame.Rect:
        shown = min(self.visible, len(self.tiles) - self.first)
        x = self.rect.centerx - (shown * TILE_W + (shown - 1) * GAP) // 2
        return pygame.Rect(x + (k - self.first) * (TILE_W + GAP), self.rect.top + 70, TILE_W, self._tile_h())

    def get_abs_rect(self) -> pygame.Rect:
        return self.rect

    def kill(self):
        pass

    # ------------------------------------------------------------------ selection
    def _where(self, index):
        for k, tile in enumerate(self.tiles):
            for j, b in enumerate(tile.bands):
                if b.index == index:
                    return k, j
        return 0, 0

    def select(self, index):
        self.index = index
        k, _j = self._where(index)
        if k < self.first:
            self.first = k
        elif k >= self.first + self.visible:
            self.first = k - self.visible + 1
        self._layout()
        self.version += 1

    def step_tile(self, d):
        k, j = self._where(self.index)
        k = (k + d) % len(self.tiles)
        bands = self.tiles[k].bands
        self.select(bands[min(j, len(bands) - 1)].index)

    def step_band(self, d):
        k, j = self._where(self.index)
        bands = self.tiles[k].bands
        if len(bands) == 1:
            self.step_tile(d)
        else:
            self.select(bands[(j + d) % len(bands)].index)

    def step_option(self, d):
        order = [b.index for t in self.tiles for b in t.bands]
        self.select(order[(order.index(self.index) + d) % len(order)])

    def handle_event(self, event, take, close) -> bool:
        """Keys, wheel and clicks; ``take(i)`` answers with option i, ``close()`` hides the row."""
        if event.type == pygame.KEYDOWN:
            intents = self.table.app.intents(event)
            if "cancel" in intents:
                close()
            elif "confirm" in intents:
                take(self.index)
            elif "left" in intents:
                self.step_tile(-1)
            elif "right" in intents:
                self.step_tile(1)
            elif "up" in intents:
                self.step_band(-1)
            elif "down" in intents:
                self.step_band(1)
            elif "next" in intents or "prev" in intents:
                self.step_option(1 if "next" in intents else -1)
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.step_tile(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEMOTION:
            band = self._band_at(event.pos)
            if band is not None and band.index != self.index:
                self.select(band.index)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            band = self._band_at(event.pos)
            if band is not None:
                take(band.index)
                return True
            if self.rect.collidepoint(event.pos):
                arrow = self._arrow_at(event.pos)
                if arrow:
                    self.step_tile(arrow)
                return True
            close()
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            return True
        return False

    def _band_at(self, pos):
        return next((b for b in self.bands if b.rect is not None and b.rect.collidepoint(pos)), None)

    def _arrow_at(self, pos):
        if pos[0] < self.rect.left + 24 and self.first > 0:
            return -1
        if pos[0] > self.rect.right - 24 and self.first + self.visible < len(self.tiles):
            return 1
        return 0

    # ------------------------------------------------------------------ drawing
    def draw(self, surface):
        app = self.table.app
        pygame.draw.rect(surface, (18, 26, 32), self.rect, border_radius=14)
        pygame.draw.rect(surface, R.GOLD, self.rect, 2, border_radius=14)
        title = R.text_fit(app, self.title, 28, R.INK, self.rect.width - 40, True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.top + 18)))
        sel_k, _j = self._where(self.index)
        for k in range(self.first, min(len(self.tiles), self.first + self.visible)):
            tile = self.tiles[k]
            tr = self.tile_rect(k)
            pygame.draw.rect(surface, R.PARCHMENT if tile.sprite is None else (52, 64, 72), tr, border_radius=10)
            pygame.draw.rect(surface, (255, 236, 170) if k == sel_k else (90, 80, 60), tr,
                             4 if k == sel_k else 2, border_radius=10)
            ink = (20, 16, 12) if tile.sprite is None else R.INK
            lines = R.text_lines(app, tile.head, 22, ink, TILE_W - 20, max_lines=2, bold=True)
            y = tr.top + 8
            for s in lines:
                surface.blit(s, s.get_rect(midtop=(tr.centerx, y)))
                y += s.get_height() - 2
            if tile.sprite is not None:
                surface.blit(tile.sprite, tile.sprite.get_rect(center=(tr.centerx, tr.top + HEAD_H + 34)))
                for i, s in enumerate(R.text_lines(app, tile.under, 17, R.INK, TILE_W - 20, max_lines=3)):
                    surface.blit(s, s.get_rect(midtop=(tr.centerx, tr.top + HEAD_H + 70 + i * 21)))
            for band in tile.bands:
                if band.rect is None:
                    continue
                pygame.draw.rect(surface, band.colour, band.rect, border_radius=8)
                chosen = band.index == self.index
                pygame.draw.rect(surface, (255, 255, 255) if chosen else (30, 24, 18), band.rect,
                                 4 if chosen else 1, border_radius=8)
                fg = R.contrast(band.colour)
                text = R.text_lines(app, band.text, 18, fg, band.rect.width - 16, max_lines=2)
                y = band.rect.centery - sum(s.get_height() for s in text) // 2
                for s in text:
                    surface.blit(s, s.get_rect(midtop=(band.rect.centerx, y)))
                    y += s.get_height()
        if self.first > 0:
            self._arrow(surface, self.rect.left + 12, -1)
        if self.first + self.visible < len(self.tiles):
            self._arrow(surface, self.rect.right - 12, 1)
        keys = R.text_fit(app, app.t("pendulum.text.row_keys"), 18, R.DIM_INK, self.rect.width - 40)
        surface.blit(keys, keys.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - 12)))

    def _arrow(self, surface, x, d):
        cy = self.rect.centery
        pygame.draw.polygon(surface, R.GOLD, [(x + 8 * d, cy), (x - 4 * d, cy - 16), (x - 4 * d, cy + 16)])
