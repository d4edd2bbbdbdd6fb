"""Keyboard-navigable menus of buttons, and the shell's procedural backdrop.

``FocusMenu`` keeps one focused button (gold): Up/Down/Tab/Shift+Tab move, Enter/Space
activates, Left/Right change an option's value. The mouse focuses the button under it;
a click (press and release on the same button) activates it. The shell's buttons are
drawn by hand with cached surfaces (no pygame_gui), so the launcher opens fast and costs
almost nothing per frame; pygame_gui is used for dialogs and by the game screens."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from . import skin
from .cache import LRU
from .present import display_surface

STYLES = {
    # object id: font size, bold, corner radius, border width, text alignment, padding
    "#menu_button": (34, True, 14, 3, "left", 48),
    "#option_button": (30, False, 10, 2, "left", 40),
    None: (30, False, 12, 2, "center", 18),
}
COLOURS = {
    # state: background, border, text
    "normal": ((38, 54, 61), (79, 106, 115), (239, 232, 216)),
    "focused": ((217, 164, 65), (255, 241, 201), (27, 20, 8)),
    "pressed": ((184, 131, 42), (255, 241, 201), (27, 20, 8)),
    "disabled": ((28, 37, 41), (44, 55, 59), (125, 138, 143)),
}
# the image id of a button is BUTTON_ID + its state (written apart: a quoted "shell.<x>" here is a text key)
BUTTON_ID = ".".join(("shell", "button", ""))


class Button:
    """A hand-drawn button with the few attributes of pygame_gui's UIButton the shell uses:
    ``rect`` (logical), ``text``, ``is_enabled``, ``is_selected``, ``visible``,
    ``select``/``unselect``, ``enable``/``disable``, ``show``/``hide``, ``set_text``, ``kill``."""

    def __init__(self, app, rect, text: str, object_id: str | None = None):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.text = text
        self.style = STYLES.get(object_id, STYLES[None])
        self.is_enabled = True
        self.is_selected = False
        self.pressed = False
        self.visible = True
        self.alive = True
        self.arrows = False          # an option: small ◀ ▶ at the right end say "←/→ change it"
        self._cache: dict[tuple, pygame.Surface] = {}

    def select(self):
        self.is_selected = True

    def unselect(self):
        self.is_selected = False

    def enable(self):
        self.is_enabled = True

    def disable(self):
        self.is_enabled = False

    def show(self):
        self.visible = True

    def hide(self):
        self.visible = False

    def kill(self):
        self.alive = False
        self.visible = False

    def set_text(self, text: str):
        self.text = text

    @property
    def state(self) -> str:
        if not self.is_enabled:
            return "disabled"
        if self.pressed:
            return "pressed"
        return "focused" if self.is_selected else "normal"

    def image(self) -> pygame.Surface:
        key = (self.text, self.state, self.rect.size)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 12:
                self._cache.clear()
            size, bold, radius, border, align, pad = self.style
            bg, edge, fg = COLOURS[self.state]
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            skin.draw(self.app, BUTTON_ID + self.state, surf, r, fallback=lambda s, b: (
                pygame.draw.rect(s, bg, b, border_radius=radius), pygame.draw.rect(s, edge, b, width=border,
                                                                                   border_radius=radius)))
            label = self.app.text(self.text, size, fg, bold=bold)
            if label.get_width() > r.width - 2 * pad:   # too long: shrink to fit
                scale = (r.width - 2 * pad) / label.get_width()
                label = pygame.transform.smoothscale_by(label, scale)
            y = (r.height - label.get_height()) // 2
            x = pad if align == "left" else (r.width - label.get_width()) // 2
            surf.blit(label, (x, y))
            if self.arrows:
                cy, right = r.height // 2, r.width - 22
                pygame.draw.polygon(surf, fg, [(right, cy), (right - 12, cy - 10), (right - 12, cy + 10)])
                pygame.draw.polygon(surf, fg, [(right - 40, cy), (right - 28, cy - 10), (right - 28, cy + 10)])
            if self.state == "focused" and align == "left":
                # a marker left of the text: focus is not shown by colour alone
                cy = r.height // 2
                pygame.draw.polygon(surf, fg, [(pad // 2 - 7, cy - 10), (pad // 2 + 5, cy), (pad // 2 - 7, cy + 10)])
            self._cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface):
        if self.visible:
            surface.blit(self.image(), self.rect)


class MenuItem:
    """One line of a :class:`FocusMenu`: its button, what Enter does, what Left/Right do (an
    option's value: -1 / +1) and a stable name (tests, focus keeping). A plain class: making
    the dataclass cost 2 M instructions before the launcher's first frame."""

    __slots__ = ("button", "activate", "change", "key")

    def __init__(self, button: Button, activate: Callable[[], None] | None = None,
                 change: Callable[[int], None] | None = None, key: str = ""):
        self.button, self.activate, self.change, self.key = button, activate, change, key

    def __repr__(self) -> str:
        return f"MenuItem(key={self.key!r}, button={self.button!r})"


class FocusMenu:
    def __init__(self, app):
        self.app = app
        self.items: list[MenuItem] = []
        self.index = 0
        self.visible = True
        self._pressed: MenuItem | None = None

    # building ------------------------------------------------------------------------
    def add(self, rect, text: str, activate=None, change=None, key: str = "", object_id: str | None = None) -> MenuItem:
        item = MenuItem(Button(self.app, rect, text, object_id), activate, change, key or text)
        item.button.arrows = change is not None and activate is None
        self.items.append(item)
        self.refresh()
        return item

    def kill(self) -> None:
        for item in self.items:
            item.button.kill()
        self.items.clear()
        self._pressed = None

    def hide(self) -> None:
        self.visible = False

    def show(self) -> None:
        self.visible = True
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            for item in self.items:
                item.button.draw(surface)

    # focus -------------------------------------------------------------------------------
    @property
    def focused(self) -> MenuItem | None:
        return self.items[self.index] if self.items else None

    def focus_key(self, key: str) -> bool:
        for i, item in enumerate(self.items):
            if item.key == key:
                self.index = i
                self.refresh()
                return True
        return False

    def item(self, key: str) -> MenuItem | None:
        return next((i for i in self.items if i.key == key), None)

    def move(self, delta: int) -> None:
        if not self.items:
            return
        n = len(self.items)
        for _ in range(n):
            self.index = (self.index + delta) % n
            if self.items[self.index].button.is_enabled:
                break
        self.refresh()

    def refresh(self) -> None:
        if self.items:
            self.index = max(0, min(self.index, len(self.items) - 1))
        for i, item in enumerate(self.items):
            if i == self.index:
                item.button.select()
            else:
                item.button.unselect()

    def _at(self, pos) -> int | None:
        for i, item in enumerate(self.items):
            b = item.button
            if b.visible and b.is_enabled and b.rect.collidepoint(pos):
                return i
        return None

    @staticmethod
    def _run(item: MenuItem) -> None:
        if item.activate:
            item.activate()
        elif item.change:
            item.change(+1)

    # input ------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL and getattr(event, "y", 0):
            self.move(-1 if event.y > 0 else +1)      # wheel up: the item above
            return True
        if event.type == pygame.MOUSEMOTION:
            i = self._at(event.pos)
            if i is not None and i != self.index:
                self.index = i
                self.refresh()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            i = self._at(event.pos)
            if i is None:
                return False
            self.index = i
            self.refresh()
            self._pressed = self.items[i]
            self._pressed.button.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is None:
                return False
            pressed.button.pressed = False
            i = self._at(event.pos)
            if i is not None and self.items[i] is pressed:
                self._run(pressed)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        intents = self.app.intents(event)
        item = self.focused
        if "confirm" in intents and item is not None:
            if item.button.is_enabled:
                self._run(item)
            return True
        if "down" in intents or "next" in intents:
            self.move(+1)
            return True
        if "up" in intents or "prev" in intents:
            self.move(-1)
            return True
        if item is not None and item.change and ("left" in intents or "right" in intents):
            item.change(-1 if "left" in intents else +1)
            return True
        return False


_BACKDROP = LRU(64 * 2**20, max_items=4)     # (size, plain) -> surface; a few sizes at most


def _decorate(surf, w, h, k):
    """Rings around a brass hourglass, drawn straight onto the backdrop with colours
    pre-blended against it (faint, so no alpha surface is needed)."""
    cx, cy = int(w * 0.30), int(h * 0.66)
    bg = surf.get_at((cx, cy))
    gold, sand_rgb = (217, 164, 65), (232, 196, 120)

    def tint(rgb, alpha):
        a = alpha / 255
        return tuple(round(bg[i] + (rgb[i] - bg[i]) * a) for i in range(3))
    R = int(470 * k)
    for r, a in ((R, 18), (int(380 * k), 14), (int(270 * k), 10)):
        pygame.draw.circle(surf, tint(gold, a), (cx, cy), r, width=max(1, int(3 * k)))
    hw, hh = int(125 * k), int(190 * k)
    frame_col = tint(gold, 38)
    pygame.draw.rect(surf, frame_col, (cx - hw - 20 * k, cy - hh - 26 * k, 2 * hw + 40 * k, 22 * k), border_radius=8)
    pygame.draw.rect(surf, frame_col, (cx - hw - 20 * k, cy + hh + 4 * k, 2 * hw + 40 * k, 22 * k), border_radius=8)
    left, right = [], []
    for i in range(61):
        t = i / 60
        y = cy - hh + 2 * hh * t
        width = hw * (0.12 + 0.88 * abs(math.cos(math.pi * t)) ** 0.8)
        left.append((cx - width, y))
        right.append((cx + width, y))
    for pts in (left, right):
        pygame.draw.lines(surf, tint(gold, 60), False, pts, max(1, int(4 * k)))
    sand = tint(sand_rgb, 45)
    pygame.draw.polygon(surf, sand, [(cx - hw * 0.85, cy + hh - 4), (cx + hw * 0.85, cy + hh - 4),
                                     (cx + hw * 0.25, cy + hh * 0.55), (cx - hw * 0.25, cy + hh * 0.55)])
    pygame.draw.polygon(surf, sand, [(cx - hw * 0.55, cy - hh * 0.45), (cx + hw * 0.55, cy - hh * 0.45),
                                     (cx + 6, cy - 8), (cx - 6, cy - 8)])
    pygame.draw.line(surf, sand, (cx, cy - 8), (cx, cy + hh * 0.55), 3)
    for sx in (cx - hw - 8 * k, cx + hw + 8 * k):
        pygame.draw.line(surf, frame_col, (sx, cy - hh - 4 * k), (sx, cy + hh + 4 * k), max(1, int(6 * k)))


def _paint_backdrop(surf: pygame.Surface, plain: bool) -> None:
    w, h = surf.get_size()
    # vertical gradient in bands of 4 pixels (they do not show); fills are cheap
    top, bottom = (22, 46, 50), (8, 16, 19)
    rows = max(2, h // 4)
    for y in range(rows):
        f = y / (rows - 1)
        surf.fill([round(top[i] + (bottom[i] - top[i]) * f) for i in range(3)], (0, y * 4, w, 4))
    k = h / 1080
    if not plain:
        _decorate(surf, w, h, k)
    # vignette: dark bands along the edges (thin alpha strips stretched). Every column of a
    # top band is the strip, so a band an eighth as long, laid eight times, is the same
    # pixels: a fraction of the surfaces to make (start-up time; the launcher paints this)
    band = max(2, int(180 * k))
    strip = pygame.Surface((1, band), pygame.SRCALPHA)
    for i in range(band):
        strip.set_at((0, i), (0, 0, 0, int(80 * (1 - i / band) ** 2)))
    pw, ph = -(-w // 8), -(-h // 8)
    top_band = pygame.transform.scale(strip, (pw, band))         # dark at its top
    bottom_band = pygame.transform.flip(top_band, False, True)
    side = pygame.transform.scale(pygame.transform.rotate(strip, 90), (band, ph))
    if side.get_at((0, ph // 2)).a < side.get_at((band - 1, ph // 2)).a:
        side = pygame.transform.flip(side, True, False)             # make it dark at its left
    right = pygame.transform.flip(side, True, False)
    surf.blits([(top_band, (x, 0)) for x in range(0, w, pw)] + [(bottom_band, (x, h - band)) for x in range(0, w, pw)],
               doreturn=False)
    surf.blits([(side, (0, y)) for y in range(0, h, ph)] + [(right, (w - band, y)) for y in range(0, h, ph)],
               doreturn=False)


def backdrop(size=(1920, 1080), plain: bool = False) -> pygame.Surface:
    """A dark table-felt backdrop with a faint brass hourglass and rings, drawn once from
    cheap parts (gradient bands, the decoration, edge strips), cached."""
    key = (tuple(size), plain)
    surf = _BACKDROP.get(key)
    if surf is None:
        surf = display_surface(size)
        _paint_backdrop(surf, plain)
        _BACKDROP.put(key, surf)
    return surf


def draw_backdrop(surface: pygame.Surface, plain: bool = False, app=None) -> None:
    """Fill ``surface`` with the backdrop: the skin's backdrop image when ``app`` is given
    and a mod has one, else ours. The first time ours is painted straight onto the
    surface (the launcher's first frame need not wait for a cached copy); the cached copy
    is made the next time."""
    if app is not None:
        skin.draw(app, skin.SHELL_BACKDROP, surface, surface.get_rect(), fallback=lambda s, _r: draw_backdrop(s, plain))
        return
    key = (surface.get_size(), plain)
    kept = _BACKDROP.get(key)
    if kept is not None:
        surface.blit(kept, (0, 0))
    elif key in _PAINTED:
        surface.blit(backdrop(surface.get_size(), plain), (0, 0))
    else:
        if len(_PAINTED) > 16:
            _PAINTED.clear()
        _PAINTED.add(key)
        _paint_backdrop(surface, plain)


_PAINTED: set = set()
