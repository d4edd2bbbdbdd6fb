"""The "could not be saved" dialog. When the Match reports ``save_failed`` the war stops
(no NPC plays, no menu) and this dialog says why; it closes when a save succeeds (Try
again) or when the master agrees to play on unsaved."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)

from .layout import MAP, html


class SaveAlert:
    def __init__(self, app, tr, error):
        self.app = app
        self.tr = tr
        self.error = ""
        self.panel = None
        self.retry = None
        self.play_on = None
        self.texts: list[str] = []
        self.show(error)

    def show(self, error):
        """(Re)build the dialog for ``error``."""
        self.kill()
        self.error = str(error)
        m = self.app.ui_manager
        tr = self.tr
        rect = pygame.Rect(0, 0, 820, 300)
        rect.center = MAP.center
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=8, manager=m, object_id="#grailwar_dialog")
        title = tr("save.failed_title")
        body = tr("save.failed_body", error=self.error)
        pygame_gui.elements.UILabel(pygame.Rect(16, 8, 788, 44), title, m, container=self.panel,
                                    object_id="#grailwar_dialog")
        pygame_gui.elements.UITextBox(f"<font pixel_size=18>{html(body)}</font>", pygame.Rect(16, 54, 788, 170), m,
                                      container=self.panel, object_id="#grailwar_dialog")
        self.retry = pygame_gui.elements.UIButton(pygame.Rect(16, 300 - 58, 300, 42), tr("save.retry"), m,
                                                  container=self.panel, object_id="#grailwar_back")
        self.play_on = pygame_gui.elements.UIButton(pygame.Rect(820 - 316, 300 - 58, 300, 42), tr("save.play_on"), m,
                                                    container=self.panel, object_id="#grailwar_back")
        self.texts = [title, body, tr("save.retry"), tr("save.play_on")]

    def choice(self, element):
        """"retry", "play_on" or None for a pressed button."""
        if element is self.retry:
            return "retry"
        if element is self.play_on:
            return "play_on"
        return None

    def set_hidden(self, hidden):
        if self.panel is not None:
            (self.panel.hide if hidden else self.panel.show)()

    def kill(self):
        if self.panel is not None:
            self.panel.kill()
            self.panel = None


class SaveGuard:
    """Listens to the Match: a ``save_failed`` raises the dialog and stops the war
    (``stopped``) until a save succeeds (Try again, or a later write) or the master agrees
    to play on unsaved (``unsaved`` then stays True until a save succeeds). ``changed()``
    is called whenever that changes."""

    def __init__(self, app, tr, match, changed):
        self.app = app
        self.tr = tr
        self.match = match
        self.changed = changed
        self.alert: SaveAlert | None = None
        self.unsaved = False
        self.hidden = False
        self.unsubscribe = match.subscribe(self.on_update)

    @property
    def stopped(self):
        return self.alert is not None

    def on_update(self, update):
        if update.kind == "save_failed":
            self.failed(update.error)
        elif update.kind == "saved":
            self.unsaved = False
            self._close()

    def failed(self, error):
        if self.unsaved:
            return
        if self.alert is None:
            self.alert = SaveAlert(self.app, self.tr, error)
        else:
            self.alert.show(error)
        self.alert.set_hidden(self.hidden)
        self.changed()

    def _close(self):
        if self.alert is not None:
            self.alert.kill()
            self.alert = None
        self.changed()

    def handle_button(self, element):
        choice = self.alert.choice(element) if self.alert is not None else None
        if choice == "retry":
            if not self.match.retry_save():
                self.failed(self.match.save_error)
        elif choice == "play_on":
            self.unsaved = True
            self._close()
        return choice is not None

    def texts(self):
        return list(self.alert.texts) if self.alert is not None else []

    def set_hidden(self, hidden):
        self.hidden = hidden
        if self.alert is not None:
            self.alert.set_hidden(hidden)

    def close(self):
        self.unsubscribe()
        if self.alert is not None:
            self.alert.kill()
            self.alert = None
