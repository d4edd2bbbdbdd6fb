"""One log panel for both games: lines already rendered to text (the game words them in the
screen's language), drawn by hand from cached line surfaces -- a pygame_gui text box re-lays
out its whole text on every change, 30-190 ms with a few hundred lines, which the frame
budget cannot afford. Long lines wrap (on spaces; Japanese text without spaces by
characters); the mouse wheel and Page Up/Page Down scroll; a new line jumps back to the
newest.

Looks come from a ``LogStyle`` (colours, font size, row height) and an optional
``colour_of(line, age)`` that picks a line's colour (``age`` 0 is the newest line).

Grail War (``grailwar.ui.logfeed``) feeds it line by line as the dice land, oldest at the top.

Pendulum's screen switches over like this (today it draws its log by hand in
``PendulumTable._refresh_log``)::

    style = LogStyle(bg=(22, 34, 40), edge=(79, 106, 115), text=(200, 196, 184), font=18, line_h=20,
                     title_colour=R.DIM_INK, max_rows=2)
    self.logpanel = LogPanel(app, layout.rects["log"], style, newest_first=True,
                             colour_of=lambda line, age: R.INK if age == 0 else None)
    self.logpanel.set_lines(self.log_lines)            # after a language switch (lines worded again)
    self.logpanel.add(line)                            # for each new line
    self.logpanel.draw(surface, title=app.t("pendulum.log_title"))
    if event.type == pygame.MOUSEWHEEL and self.show_log: self.logpanel.handle_event(event)

``version`` bumps whenever what the panel shows changes, so a screen that caches its frame
can tell when to draw it again; ``draw(..., record=list)`` appends every text it drew.
"""
from __future__ import annotations

import pygame

from tabletop.engine.quickinit import frozen_record
from tabletop.linebreak import wrap
from tabletop.ui.cache import LRU

ROW_CACHE_PAGES = 3          # rendered rows a panel keeps: three panels' worth
ROW_CACHE_BYTES = 16 * 2**20


@frozen_record        # a frozen dataclass, made cheaply (start-up time)
class LogStyle:
    bg: tuple = (20, 22, 32)
    edge: tuple = (70, 76, 104)
    text: tuple = (232, 232, 240)
    accent: tuple = (235, 196, 92)        # the "▲ n" scrolled-up badge
    title_colour: tuple = (160, 164, 184)
    font: int = 15
    line_h: int = 21
    radius: int = 6
    max_rows: int = 0                     # rows a line may wrap to (0: all)


class LogPanel:
    def __init__(self, app, rect, style: LogStyle | None = None, colour_of=None, newest_first=False):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.style = style or LogStyle()
        self.colour_of = colour_of
        self.newest_first = newest_first
        self.lines: list[str] = []
        self._wrapped: list[tuple[str, int]] = []     # (row text, index of its line)
        self._wrap_cache: dict = {}
        self._rows = LRU(ROW_CACHE_BYTES)             # rendered rows: the panel's own, not the App's text cache
        self.scroll = 0              # rows scrolled away from the newest
        self._surf = None
        self._vis: list[str] = []
        self._dirty = True
        self._title = None
        self.version = 1

    # --- lines -------------------------------------------------------------------------------
    def set_lines(self, lines):
        """Every line again (a language switch, another viewer)."""
        self.lines = list(lines)
        self.scroll = 0
        self._wrapped = [(w, i) for i, line in enumerate(self.lines) for w in self._wrap(line)]
        self._changed()

    def add(self, line):
        self.lines.append(line)
        i = len(self.lines) - 1
        self._wrapped.extend((w, i) for w in self._wrap(line))
        self.scroll = 0
        self._changed()

    def _changed(self):
        self._dirty = True
        self.version += 1

    def _wrap(self, line):
        key = (line, self.app.lang, self.rect.w)
        hit = self._wrap_cache.get(key)
        if hit is not None:
            return hit
        font = self.app.font(self.style.font)
        indent = "  "                   # a wrapped entry's later lines are indented under its first

        def measure(s: str) -> int:
            return font.size(s)[0]

        out = wrap(line, self.rect.w - 30 - measure(indent), measure)
        out = out[:1] + [indent + rest for rest in out[1:]]
        out = out or [""]
        if self.style.max_rows and len(out) > self.style.max_rows:
            out = out[:self.style.max_rows]
            out[-1] = out[-1][:-1] + "…"
        if len(self._wrap_cache) > 5000:
            self._wrap_cache.clear()
        self._wrap_cache[key] = out
        return out

    # --- scrolling -----------------------------------------------------------------------------
    @property
    def rows(self):
        # scrolled up without a title, the "▲ n" badge takes the top row (it never covers a line)
        top = 32 if self._title else (self.style.line_h if self.scroll else 0)
        return max(1, (self.rect.h - 12 - top) // self.style.line_h)

    def visible(self):
        """The rows shown now, top to bottom: [(text, index of its line)]."""
        n = self.rows
        if self.newest_first:
            rows = []
            for i in range(len(self.lines) - 1, -1, -1):
                rows.extend((w, i) for w in self._wrap(self.lines[i]))
                if len(rows) >= n + self.scroll:
                    break
            return rows[self.scroll:self.scroll + n]
        end = len(self._wrapped) - self.scroll
        return self._wrapped[max(0, end - n):end]

    def scroll_by(self, d):
        """``d`` rows away from the newest (negative: back towards it)."""
        top = max(0, len(self._wrapped) - self.rows)
        self.scroll = max(0, min(top, self.scroll + d))
        self._changed()

    def handle_event(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by((3 if not self.newest_first else -3) * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.rows - 1
            up = event.key == pygame.K_PAGEUP
            self.scroll_by(page if up != self.newest_first else -page)
            return True
        return False

    # --- drawing -------------------------------------------------------------------------------
    @property
    def rows_kept(self) -> int:
        """How many rendered rows the panel keeps (bounded: ``ROW_CACHE_PAGES`` pages)."""
        return len(self._rows)

    def _row(self, text, colour):
        """A log row rendered: kept here for the rows on screen and a page or two around them
        (a log line is shown for a while, then scrolls away for good, so it never takes a place
        in the App's text cache, whose strings come back every frame)."""
        font = self.app.font(self.style.font)
        key = (text, colour, font)            # (the font itself: a mod's font may replace it)
        surf = self._rows.get(key)
        if surf is None:
            surf = self.app.text(text, self.style.font, colour, cache=False)
            self._rows.max_items = ROW_CACHE_PAGES * max(1, self.rows)
            self._rows.put(key, surf)
        return surf

    def draw(self, surface, record=None, title=None):
        st = self.style
        if title != self._title:
            self._title = title
            self._dirty = True
        if self._dirty or self._surf is None or self._surf.get_size() != self.rect.size:
            s = pygame.Surface(self.rect.size)
            s.fill(st.bg)
            pygame.draw.rect(s, st.edge, s.get_rect(), 2, border_radius=st.radius)
            y = 6
            if title:
                s.blit(self.app.text(title, st.font + 2, st.title_colour, True), (12, 6))
                y = 32
            elif self.scroll:
                y += st.line_h          # the badge's own row
            vis = self.visible()
            newest = len(self.lines) - 1
            for text, i in vis:
                col = (self.colour_of(self.lines[i], newest - i) if self.colour_of else None) or st.text
                s.blit(self._row(text, col), (10, y))
                y += st.line_h
            if self.scroll:
                t = self.app.text(f"▲ {self.scroll}" if not self.newest_first else f"▼ {self.scroll}", 13,
                                  st.accent, True)
                s.blit(t, (self.rect.w - t.get_width() - 10, 4))
            # scroll bar
            total = max(1, len(self._wrapped))
            if total > self.rows:
                h = max(20, int(self.rect.h * self.rows / total))
                frac = 1 - (self.scroll + self.rows) / total
                if self.newest_first:
                    frac = 1 - frac - self.rows / total
                y0 = int((self.rect.h - h) * max(0.0, min(1.0, frac / max(1e-9, 1 - self.rows / total))))
                pygame.draw.rect(s, st.edge, (self.rect.w - 8, y0, 5, h), border_radius=2)
            self._surf = s
            self._vis = ([title] if title else []) + [text for text, _ in vis]
            self._dirty = False
        surface.blit(self._surf, self.rect.topleft)
        if record is not None:
            record.extend(self._vis)
