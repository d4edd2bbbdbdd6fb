"""The "could not be saved" dialog. When the Match reports ``save_failed`` the war stops
(no NPC plays, no menu) and this dialog says why; it closes when a save succeeds (Try
again) or when the master agrees to play on unsaved."""
from __future__ import annotations

import pygame
import pygame_gui

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
        pygame_gui.elements.UILabel(pygame.Rect(16, 12, 788, 36), title, m, container=self.panel,
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
