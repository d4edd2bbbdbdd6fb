"""The base of the shell's menu screens (``MenuScene``), the notice screen and
``start_game``, shared by the launcher (launcher.py) and the saved-games screens
(saved_games.py)."""
from __future__ import annotations

import sys
import traceback

import pygame

from .. import games
from .scene import Scene
from .widgets import FocusMenu, draw_backdrop

GOLD = (243, 211, 138)
TEXT = (239, 232, 216)
MUTED = (169, 184, 188)


# --- starting a game -------------------------------------------------------------------------
def start_game(app, game: str, *, seats=None, mode=None, seed=None, teach=False, record=None, **extra) -> bool:
    """Open a game's table scene. A game that is not built shows a notice; any other
    failure while opening shows its message. Returns True when the game scene is up.
    ``extra`` (e.g. Pendulum's ``options={"characters": [...]}``) is passed on only when given."""
    try:
        module = games.load(game)
        scene = module.make_scene(app, seats=seats, mode=mode, seed=seed, teach=teach, record=record, **extra)
    except games.GameNotBuilt:
        app.scenes.push(NoticeScene(app, app.t("shell.notice.not_built", game=app.t(f"shell.game.{game}"))))
        return False
    except Exception as exc:   # a broken game or save must never take the program down
        traceback.print_exc(file=sys.stderr)
        app.message(app.t("shell.notice.start_failed", game=app.t(f"shell.game.{game}"), error=str(exc)),
                    title_key="shell.error_title")
        return False
    app._close_all_dialogs()
    app.scenes.clear()
    app.scenes.push(scene)
    return True



# --- base for menu screens -------------------------------------------------------------------------
class MenuScene(Scene):
    """A screen of buttons over the shell backdrop; rebuilt when the language changes."""

    heading_key = "shell.title"

    def __init__(self, app):
        super().__init__(app)
        self.menu = FocusMenu(app)
        self.extra: list = []      # other pygame_gui elements to kill with the menu
        self._dirty = True

    def needs_redraw(self) -> bool:
        """A menu changes only on input: the App keeps the last frame otherwise."""
        return self._dirty

    def mark_drawn(self) -> None:
        self._dirty = False

    def build(self) -> None:   # subclasses add their controls
        pass

    def rebuild(self) -> None:
        self._dirty = True
        key = self.menu.focused.key if self.menu.focused else None
        self.menu.kill()
        for e in self.extra:
            e.kill()
        self.extra.clear()
        self.build()
        if key:
            self.menu.focus_key(key)

    def on_enter(self):
        self.rebuild()

    def on_exit(self):
        self.menu.kill()
        for e in self.extra:
            e.kill()
        self.extra.clear()

    def on_pause(self):
        self.menu.hide()
        for e in self.extra:
            e.hide()

    def on_resume(self):
        self.menu.show()          # hidden by on_pause while another screen was on top
        self.rebuild()

    def on_language_changed(self):
        self.rebuild()

    def back(self) -> None:
        self.app.scenes.pop()
        if not len(self.app.scenes):
            self.app.to_launcher()

    def handle_event(self, event) -> bool:
        self._dirty = True
        if self.menu.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and "cancel" in self.app.intents(event):
            self.back()
            return True
        return False

    def draw_heading(self, surface, key: str | None = None):
        title = self.app.text(self.app.t(key or self.heading_key), 64, GOLD, bold=True)
        surface.blit(title, (120, 70))
        pygame.draw.line(surface, (217, 164, 65), (120, 70 + title.get_height() + 8), (1800, 70 + title.get_height() + 8), 2)

    def draw_hint(self, surface, key: str = "shell.hint.menu"):
        hint = self.app.text(self.app.t(key), 26, MUTED)
        surface.blit(hint, (120, 1080 - 70))

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface)



# --- notice ---------------------------------------------------------------------------------------------
class NoticeScene(MenuScene):
    """A clear message (e.g. a game that is not built yet) with a Back button."""

    def __init__(self, app, text: str):
        super().__init__(app)
        self.text = text

    def build(self):
        self.menu.add((120, 700, 420, 86), self.app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface, "shell.notice_title")
        y = 260
        for line in self.text.split("\n"):
            surface.blit(self.app.text(line, 40, TEXT), (120, y))
            y += 60
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.notice")
