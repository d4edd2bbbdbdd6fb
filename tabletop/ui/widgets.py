"""Keyboard-navigable menus of pygame_gui buttons, and the shell's procedural backdrop.

``FocusMenu`` keeps one focused control (drawn with the theme's "selected" colours):
Up/Down/Tab/Shift+Tab move, Enter/Space activates, Left/Right change an option's value.
A mouse click focuses and activates the clicked control. Every control is a plain
pygame_gui ``UIButton`` so mouse, keyboard and tests go through the same code."""
from __future__ import annotations

import dataclasses
import math
from typing import Callable

import pygame
import pygame_gui


@dataclasses.dataclass
class MenuItem:
    button: pygame_gui.elements.UIButton
    activate: Callable[[], None] | None = None
    change: Callable[[int], None] | None = None     # option value: -1 / +1
    key: str = ""                                     # a stable name (tests, focus keeping)


class FocusMenu:
    def __init__(self, app):
        self.app = app
        self.items: list[MenuItem] = []
        self.index = 0

    # building ------------------------------------------------------------------------
    def add(self, rect, text: str, activate=None, change=None, key: str = "", object_id: str | None = None,
            container=None) -> MenuItem:
        button = pygame_gui.elements.UIButton(pygame.Rect(rect), text, self.app.ui_manager, container=container,
                                              object_id=object_id)
        item = MenuItem(button, activate, change, key or text)
        self.items.append(item)
        self.refresh()
        return item

    def kill(self) -> None:
        for item in self.items:
            item.button.kill()
        self.items.clear()

    def hide(self) -> None:
        for item in self.items:
            item.button.hide()

    def show(self) -> None:
        for item in self.items:
            item.button.show()
        self.refresh()

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
                if not item.button.is_selected:
                    item.button.select()
            elif item.button.is_selected:
                item.button.unselect()

    # input ------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, item in enumerate(self.items):
                if event.ui_element is item.button:
                    self.index = i
                    self.refresh()
                    if item.activate:
                        item.activate()
                    elif item.change:
                        item.change(+1)
                    return True
            return False
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            for i, item in enumerate(self.items):
                if event.ui_element is item.button and i != self.index:
                    self.index = i
                    self.refresh()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        intents = self.app.intents(event)
        item = self.focused
        if "confirm" in intents and item is not None:
            if item.activate:
                item.activate()
            elif item.change:
                item.change(+1)
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


_BACKDROP: dict[tuple, pygame.Surface] = {}


def backdrop(size=(1920, 1080), seed: int = 0) -> pygame.Surface:
    """A dark table-felt backdrop with a faint brass hourglass and rings (drawn once, cached)."""
    key = (tuple(size), seed)
    if key in _BACKDROP:
        return _BACKDROP[key]
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = (22, 46, 50), (8, 16, 19)
    for y in range(h):
        f = y / (h - 1)
        c = [round(top[i] + (bottom[i] - top[i]) * f) for i in range(3)]
        pygame.draw.line(surf, c, (0, y), (w, y))
    deco = pygame.Surface(size, pygame.SRCALPHA)
    gold = (217, 164, 65)
    # concentric rings (a table seen from above)
    cx, cy = int(w * 0.30), int(h * 0.66)
    for r, a in ((470, 18), (380, 14), (270, 10)):
        pygame.draw.circle(deco, (*gold, a), (cx, cy), r, width=3)
    # a large hourglass outline
    hx, hy, hw, hh = int(w * 0.30), int(h * 0.66), 125, 190
    frame_col = (*gold, 38)
    pygame.draw.rect(deco, frame_col, (hx - hw - 20, hy - hh - 26, 2 * hw + 40, 22), border_radius=8)
    pygame.draw.rect(deco, frame_col, (hx - hw - 20, hy + hh + 4, 2 * hw + 40, 22), border_radius=8)
    pts_left = []
    pts_right = []
    for i in range(41):
        t = i / 40
        y = hy - hh + 2 * hh * t
        width = hw * (0.12 + 0.88 * abs(math.cos(math.pi * t / 1.0)) ** 0.8) if True else hw
        pts_left.append((hx - width, y))
        pts_right.append((hx + width, y))
    pygame.draw.lines(deco, (*gold, 60), False, pts_left, 4)
    pygame.draw.lines(deco, (*gold, 60), False, pts_right, 4)
    # sand: bottom bulb pile and the falling stream
    sand = (232, 196, 120, 45)
    pygame.draw.polygon(deco, sand, [(hx - hw * 0.85, hy + hh - 4), (hx + hw * 0.85, hy + hh - 4),
                                     (hx + hw * 0.25, hy + hh * 0.55), (hx - hw * 0.25, hy + hh * 0.55)])
    pygame.draw.polygon(deco, sand, [(hx - hw * 0.55, hy - hh * 0.45), (hx + hw * 0.55, hy - hh * 0.45),
                                     (hx + 6, hy - 8), (hx - 6, hy - 8)])
    pygame.draw.line(deco, sand, (hx, hy - 8), (hx, hy + hh * 0.55), 3)
    # side pillars
    for sx in (hx - hw - 8, hx + hw + 8):
        pygame.draw.line(deco, frame_col, (sx, hy - hh - 4), (sx, hy + hh + 4), 6)
    surf.blit(deco, (0, 0))
    # vignette
    vig = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(24):
        a = int(70 * (1 - i / 24) ** 2)
        pygame.draw.rect(vig, (0, 0, 0, a), (i * 6, i * 6, w - i * 12, h - i * 12), width=6)
    surf.blit(vig, (0, 0))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    _BACKDROP[key] = surf
    return surf
