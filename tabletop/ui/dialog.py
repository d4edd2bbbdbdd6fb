"""The App's modal dialog: a pygame_gui window with a message and buttons."""
from __future__ import annotations

import unicodedata
from typing import Callable

import pygame

LOGICAL_SIZE = (1920, 1080)
TEXT_SIZE = 28            # the theme's text_box font size (assets/theme.json)
BODY_MARGIN = 20 + 28     # the text box's padding on both sides and room for its scroll bar


def _joint(para: str, end: int, start: int) -> str:
    """What stands where the wrapper ended a line at ``end`` and began the next at ``start``:
    a space it dropped stays a space (the widget breaks there itself), a break between
    Japanese characters is a ``<br>``, and a cut inside a run of Latin letters (a long file
    path) is undone (the widget cuts it as before)."""
    if start < 0 or start > end:
        return " "
    if any(unicodedata.east_asian_width(c) in "WF" for c in para[max(0, end - 1):end + 1]):
        return "<br>"
    return ""


def _escape(text: str) -> str:
    """html.escape(text, quote=False), without importing the html module before the first
    frame (start-up time)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Dialog:
    """A modal pygame_gui window with a message and buttons, usable with keys alone:
    Left/Right/Tab move the focus, Enter presses the focused button, Esc presses the
    cancel button (the last one)."""

    def __init__(self, app: "App", title: str, text: str, buttons: list[tuple[str, Callable | None]],
                 width: int = 900, height: int = 420):
        import pygame_gui
        self.app = app
        self.buttons_spec = buttons
        w, h = width, height
        rect = pygame.Rect((LOGICAL_SIZE[0] - w) // 2, (LOGICAL_SIZE[1] - h) // 2, w, h)
        self.window = pygame_gui.elements.UIWindow(rect, app.ui_manager, window_display_title=title,
                                                   object_id="#dialog", resizable=False, draggable=False)
        self.window.set_blocking(True)
        inner_w, inner_h = self.window.get_container().get_size()
        body = self._body_html(app, text, inner_w - 32 - BODY_MARGIN)
        self.textbox = pygame_gui.elements.UITextBox(body, pygame.Rect(16, 10, inner_w - 32, inner_h - 110),
                                                     app.ui_manager, container=self.window)
        self.buttons = []
        bw, gap = 230, 24
        x = inner_w - 24 - len(buttons) * bw - (len(buttons) - 1) * gap
        for label, _cb in buttons:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, inner_h - 86, bw, 68), label, app.ui_manager,
                                             container=self.window)
            self.buttons.append(b)
            x += bw + gap
        self.focus = 0
        self._refresh()

    @staticmethod
    def _body_html(app, text: str, width: int) -> str:
        """The text box's content: ``text`` shown as written, never as markup, broken into
        lines by the kinsoku-aware wrapper where it has no space to break at. pygame_gui breaks
        lines only at spaces and cuts a longer run with a hyphen, which in Japanese (no spaces)
        put 「ゲームを-」「-再開」 on two lines; a break the wrapper makes between Japanese
        phrases becomes a ``<br>``, one it makes at a space stays a space for the widget."""
        # imported here only to save start-up time: the first frame shows no dialog
        from tabletop.ui.tooltip import wrap_lines
        paras = []
        for para in str(text).split("\n"):
            lines = wrap_lines(app, para, size=TEXT_SIZE, width=width) if para.strip() else [para]
            out, pos = "", 0
            for i, line in enumerate(lines):
                at = para.find(line, pos)
                if i:
                    out += _joint(para, pos, at)
                out += _escape(line)
                pos = at + len(line) if at >= 0 else pos
            paras.append(out)
        return "<br>".join(paras)

    def _refresh(self):
        for i, b in enumerate(self.buttons):
            (b.select if i == self.focus else b.unselect)()

    def press(self, index: int):
        self.app.close_dialog(self)
        cb = self.buttons_spec[index][1]
        if cb is not None:
            cb()

    def handle_event(self, event, intents) -> bool:
        import pygame_gui
        if event.type == pygame.KEYDOWN:
            if "confirm" in intents:
                self.press(self.focus)
            elif "cancel" in intents or "pause" in intents:
                self.press(len(self.buttons) - 1)
            elif any(i in intents for i in ("right", "next", "down")):
                self.focus = (self.focus + 1) % len(self.buttons)
                self._refresh()
            elif any(i in intents for i in ("left", "prev", "up")):
                self.focus = (self.focus - 1) % len(self.buttons)
                self._refresh()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.press(self.buttons.index(event.ui_element))
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            # closed from its title bar: the same as the cancel button
            self.app.close_dialog(self, kill=False)
            cb = self.buttons_spec[-1][1]
            if cb is not None:
                cb()
            return True
        return False

    def kill(self):
        self.window.kill()
