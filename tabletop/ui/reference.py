"""The rules reference viewer: the game's reference (``tabletop.rulesref``) as a list of
sections beside a scrolling pygame_gui text box, in the app's language, over the dimmed
game (which waits: only the top scene is updated).

``open_reference(app, game, section=None)`` pushes it, opened at ``section``: a section id,
a spec reference or refusal rule id (Pendulum: ``"4.4 timer row"``) or a prompt kind
(Grail War: ``"commit"``); anything unknown opens the first section.

Keys: Up/Down (Tab/Shift+Tab) choose a section, PgUp/PgDn and the wheel scroll the text,
Home/End jump to the first/last section, Esc, F1 or H close. The mouse: click a section,
click Close. The viewer's own strings (heading, Close, key hint) live in the reference file.
"""
from __future__ import annotations

import html

import pygame

from ..data import DataError
from ..rulesref import Reference, find_section, load_reference, wrap_body
from .launcher import GOLD, MUTED, TEXT
from .scene import Scene

PANEL = pygame.Rect(60, 36, 1800, 1008)
LIST = pygame.Rect(100, 190, 580, 770)
TEXT_BOX = pygame.Rect(720, 150, 1100, 820)
ROW_H = 48
TEXT_SIZE = 28          # the theme's text_box font size (assets/theme.json)
TITLE_SIZE = 34
# room the text box needs beside the text: its padding (10 each side), its scroll bar and
# a margin for the widget measuring a little differently from our pre-wrap
TEXT_MARGIN = 20 + 28 + 36
_SCROLL_KEYS = {pygame.K_PAGEUP: -0.8, pygame.K_PAGEDOWN: 0.8}


def _line_html(line: str) -> str:
    """One pre-wrapped line; the indent of a bullet's continuation is kept (no-break spaces)."""
    text = line.lstrip(" ")
    return "\u00a0" * (len(line) - len(text)) + html.escape(text)


def open_reference(app, game: str, section: str | None = None):
    """Push the reference viewer of ``game`` opened at ``section``. A broken reference
    file is reported in a message (file:line: field: message), never a traceback."""
    top = app.scenes.top
    if isinstance(top, ReferenceScene) and top.game == game:
        found = find_section(top.ref, section)      # already open: just go to the section
        if found is not None:
            top.select(top.ref.index(found.id))
        return top
    try:
        scene = ReferenceScene(app, game, section)
    except DataError as exc:
        app.message(str(exc), title_key="shell.error_title")
        return None
    app.scenes.push(scene)
    return scene


class ReferenceScene(Scene):
    opaque = False          # the game stays visible, dimmed, underneath

    def __init__(self, app, game: str, section: str | None = None, reference: Reference | None = None):
        super().__init__(app)
        self.game = game
        self.ref = reference or load_reference(game)
        found = find_section(self.ref, section)
        self.index = self.ref.index(found.id) if found else 0
        self.first_row = 0
        self.textbox = None
        self.close_button = None
        self._dim = None
        self._rows: dict[tuple, pygame.Surface] = {}
        self._keep_visible()

    # --- state the tests and the game screens read ------------------------------------
    @property
    def section_id(self) -> str:
        return self.ref.sections[self.index].id

    @property
    def lang(self) -> str:
        return self.app.lang if self.app.lang in self.ref.ui else "en"

    def visible_rows(self) -> int:
        return LIST.height // ROW_H

    def row_rect(self, index: int) -> pygame.Rect | None:
        """The logical rect of a section's row in the list, or None when scrolled out."""
        pos = index - self.first_row
        if not 0 <= pos < self.visible_rows():
            return None
        return pygame.Rect(LIST.x, LIST.y + pos * ROW_H, LIST.width, ROW_H - 6)

    def body_html(self) -> str:
        """The text box's content: the section's title, its spec references and the body,
        broken into lines by the same wrapper as ``python main.py rules`` (kinsoku), measured
        in pixels of the widget's font."""
        section, lang = self.ref.sections[self.index], self.lang
        font = self.app.font(TEXT_SIZE)
        width = TEXT_BOX.width - TEXT_MARGIN
        lines = wrap_body(section.body(lang), width, lambda s: font.size(s)[0])
        colon = "：" if lang == "ja" else ": "
        spec = f"{self.ref.text('spec', lang)}{colon}{', '.join(section.spec)}"
        head = f"<font pixel_size={TITLE_SIZE} color=#F3D38A><b>{html.escape(section.title(lang))}</b></font><br>"
        if section.spec:
            head += f"<font color=#A9B8BC>{html.escape(spec)}</font><br>"
        head += "<br>"
        return head + "<br>".join(_line_html(line) for line in lines)

    # --- widgets --------------------------------------------------------------------------
    def _kill_widgets(self):
        for w in (self.textbox, self.close_button):
            if w is not None:
                w.kill()
        self.textbox = self.close_button = None

    def build(self):
        import pygame_gui   # pygame_gui is loaded by the App on first use of its manager
        self._kill_widgets()
        m = self.app.ui_manager
        self.textbox = pygame_gui.elements.UITextBox(self.body_html(), TEXT_BOX.copy(), m)
        self.close_button = pygame_gui.elements.UIButton(
            pygame.Rect(PANEL.right - 250, PANEL.y + 24, 210, 64), self.ref.text("close", self.lang), m)

    def on_enter(self):
        self.build()

    def on_exit(self):
        self._kill_widgets()

    def on_pause(self):
        for w in (self.textbox, self.close_button):
            if w is not None:
                w.hide()

    def on_resume(self):
        self.build()

    def on_language_changed(self):
        self._rows.clear()
        self.build()

    # --- actions --------------------------------------------------------------------------
    def _keep_visible(self):
        n = self.visible_rows()
        if self.index < self.first_row:
            self.first_row = self.index
        elif self.index >= self.first_row + n:
            self.first_row = self.index - n + 1
        self.first_row = max(0, min(self.first_row, max(0, len(self.ref.sections) - n)))

    def select(self, index: int):
        index = max(0, min(len(self.ref.sections) - 1, index))
        if index != self.index or self.textbox is None:
            self.index = index
            self._keep_visible()
            self.build()

    def scroll(self, fraction: float):
        """Scroll the text by a fraction of the visible height (PgUp/PgDn)."""
        bar = getattr(self.textbox, "scroll_bar", None)
        if bar is None:
            return
        step = bar.visible_percentage * fraction
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, bar.start_percentage + step)))

    def close(self):
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        import pygame_gui
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close_button:
            self.close()
            return True
        if event.type == pygame.KEYDOWN:
            intents = self.app.intents(event)
            if "help" in intents or "cancel" in intents or "pause" in intents \
                    or event.key in (pygame.K_F1, pygame.K_h, pygame.K_ESCAPE):
                self.close()
            elif "up" in intents or "prev" in intents:
                self.select(self.index - 1)
            elif "down" in intents or "next" in intents:
                self.select(self.index + 1)
            elif event.key in _SCROLL_KEYS:
                self.scroll(_SCROLL_KEYS[event.key])
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(len(self.ref.sections) - 1)
            return True          # the game below never sees keys while the reference is up
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for i in range(self.first_row, min(len(self.ref.sections), self.first_row + self.visible_rows())):
                rect = self.row_rect(i)
                if rect is not None and rect.collidepoint(event.pos):
                    self.select(i)
                    return True
            return True
        if event.type == pygame.MOUSEWHEEL and LIST.collidepoint(self.app.window_to_logical(pygame.mouse.get_pos())):
            n = self.visible_rows()
            self.first_row = max(0, min(max(0, len(self.ref.sections) - n), self.first_row - event.y))
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    # --- drawing --------------------------------------------------------------------------
    def _row_image(self, index: int, selected: bool) -> pygame.Surface:
        key = (index, selected, self.lang)
        surf = self._rows.get(key)
        if surf is None:
            surf = pygame.Surface((LIST.width, ROW_H - 6), pygame.SRCALPHA)
            r = surf.get_rect()
            bg, fg = ((217, 164, 65), (27, 20, 8)) if selected else ((30, 44, 50), TEXT)
            pygame.draw.rect(surf, bg, r, border_radius=10)
            if selected:    # a marker, not colour alone, says which section is open
                cy = r.height // 2
                pygame.draw.polygon(surf, fg, [(12, cy - 9), (24, cy), (12, cy + 9)])
            label = self.app.text(self.ref.sections[index].title(self.lang), 26, fg, bold=selected)
            room = r.width - 44
            if label.get_width() > room:
                label = pygame.transform.smoothscale_by(label, room / label.get_width())
            surf.blit(label, (34, (r.height - label.get_height()) // 2))
            self._rows[key] = surf
        return surf

    def draw(self, surface):
        if self._dim is None:
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((4, 8, 10, 190))
            pygame.draw.rect(self._dim, (14, 26, 31, 255), PANEL, border_radius=22)
            pygame.draw.rect(self._dim, (217, 164, 65), PANEL, width=2, border_radius=22)
        surface.blit(self._dim, (0, 0))
        lang = self.lang
        title = self.app.text(self.ref.text("title", lang), 48, GOLD, bold=True)
        surface.blit(title, (PANEL.x + 40, PANEL.y + 30))
        heading = self.app.text(self.ref.text("sections", lang), 28, MUTED, bold=True)
        surface.blit(heading, (LIST.x, LIST.y - 44))
        for i in range(self.first_row, min(len(self.ref.sections), self.first_row + self.visible_rows())):
            surface.blit(self._row_image(i, i == self.index), self.row_rect(i))
        n = len(self.ref.sections)
        x = LIST.right - 24         # "more above / below" marks at the list's right end
        if self.first_row > 0:
            pygame.draw.polygon(surface, MUTED, [(x - 12, LIST.y - 10), (x + 12, LIST.y - 10), (x, LIST.y - 24)])
        if self.first_row + self.visible_rows() < n:
            y = LIST.y + self.visible_rows() * ROW_H
            pygame.draw.polygon(surface, MUTED, [(x - 12, y), (x + 12, y), (x, y + 12)])
        hint = self.app.text(self.ref.text("keys", lang), 24, MUTED)
        surface.blit(hint, (PANEL.x + 40, PANEL.bottom - 52))
