"""A stand-in for ``tabletop.ui.app.App`` implementing the UI contract, used only when
the shell's App is not available (early development, isolated tests)."""
from __future__ import annotations

import os
import types

import pygame
import pygame_gui

from tabletop.ui.scene import SceneStack

FONT_DIR = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
LOGICAL = (1920, 1080)


def _load_i18n(lang):
    from tabletop.data import load_yaml
    path = os.path.join(os.path.dirname(__file__), "..", "..", "config", "i18n", f"{lang}.yaml")
    try:
        data, _ = load_yaml(path)
        return data or {}
    except Exception:   # noqa: BLE001
        return {}


class DevApp:
    def __init__(self, lang="en", size=(1280, 720), speed=1.0, args=None):
        pygame.init()
        self.logical_size = LOGICAL
        self.window = pygame.display.set_mode(size)
        self.surface = pygame.Surface(LOGICAL)
        self.lang = lang
        self._strings = {lang: _load_i18n(lang)}
        self.ui_manager = pygame_gui.UIManager(LOGICAL, starting_language=lang)
        self.scenes = SceneStack()
        self.speed = speed
        self.args = args or types.SimpleNamespace(frames=None, screenshot=None, lang=lang, seed=None)
        self.settings = {"keys": {}}
        self.mods = []
        self.assets = types.SimpleNamespace(image=lambda id_, size=None: None)
        self._fonts = {}
        self._texts = {}
        self.quit_requested = False
        self.notes = []

    # i18n -------------------------------------------------------------------------
    def t(self, key, **fmt):
        node = self._strings.setdefault(self.lang, _load_i18n(self.lang))
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return key
            node = node[part]
        if not isinstance(node, str):
            return key
        try:
            return node.format(**fmt) if fmt else node
        except (KeyError, IndexError, ValueError):
            return node

    def set_lang(self, lang):
        self.lang = lang
        self._texts.clear()
        for s in self.scenes:
            if hasattr(s, "on_language_changed"):
                s.on_language_changed()

    # text ---------------------------------------------------------------------------
    def font(self, size, bold=False):
        key = (size, bold)
        if key not in self._fonts:
            name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
            self._fonts[key] = pygame.font.Font(os.path.join(FONT_DIR, name), size)
        return self._fonts[key]

    def text(self, s, size, color, bold=False):
        key = (s, size, tuple(color), bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.font(size, bold).render(str(s), True, color)
            if len(self._texts) > 4000:
                self._texts.clear()
            self._texts[key] = surf
        return surf

    def intent(self, event):
        if event.type != pygame.KEYDOWN:
            return None
        return {pygame.K_ESCAPE: "pause", pygame.K_RETURN: "confirm", pygame.K_SPACE: "confirm",
                pygame.K_TAB: "next", pygame.K_UP: "up", pygame.K_DOWN: "down",
                pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_F1: "help"}.get(event.key)

    def confirm(self, text_key, on_yes):
        on_yes()

    def notify(self, text):
        self.notes.append(text)

    def open_pause_menu(self):
        self.notes.append("pause")

    def to_launcher(self):
        self.scenes.clear()

    def quit(self):
        self.quit_requested = True

    # loop -------------------------------------------------------------------------------
    def step(self, events=()):
        dt = 1 / 60
        for ev in list(events) + pygame.event.get():
            if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                pass   # tests post events already in logical coordinates
            consumed = self.ui_manager.process_events(ev)
            top = self.scenes.top
            if top and not consumed:
                top.handle_event(ev)
            elif top and ev.type == pygame_gui.UI_BUTTON_PRESSED:
                top.handle_event(ev)
        top = self.scenes.top
        if top:
            top.update(dt)
        self.ui_manager.update(dt)
        self.surface.fill((0, 0, 0))
        if top:
            top.draw(self.surface)
        self.ui_manager.draw_ui(self.surface)

    def run_frames(self, n, screenshot=None):
        for _ in range(n):
            self.step()
            if self.quit_requested:
                break
        if screenshot:
            out = pygame.transform.smoothscale(self.surface, self.window.get_size())
            pygame.image.save(out, screenshot)
