"""The roll log: every line the viewer may see, newest at the bottom, drawn by hand from
cached line surfaces (a pygame_gui text box re-lays out its whole text on every change,
30-190 ms with a few hundred lines, which the frame budget cannot afford). Mouse wheel,
Page Up/Page Down scroll; new lines jump back to the bottom."""
from __future__ import annotations

import pygame

from . import theme as T

LINE_H = 21
FONT = 15


class LogPanel:
    def __init__(self, app, rect):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.lines: list[str] = []
        self._wrapped: list[str] = []
        self._wrap_cache: dict = {}
        self.scroll = 0              # rows scrolled up from the bottom
        self._surf = None
        self._dirty = True
        self.version = 0
        self.version += 1

    def set_lines(self, lines):
        self.lines = list(lines)
        self.scroll = 0
        self._rewrap()

    def add(self, line):
        self.lines.append(line)
        self._wrapped.extend(self._wrap(line))
        self.scroll = 0
        self._dirty = True
        self.version += 1

    def _rewrap(self):
        self._wrapped = [w for l in self.lines for w in self._wrap(l)]
        self._dirty = True
        self.version += 1

    def _wrap(self, line):
        key = (line, self.app.lang, self.rect.w)
        hit = self._wrap_cache.get(key)
        if hit is not None:
            return hit
        font = self.app.font(FONT)
        maxw = self.rect.w - 30
        out, cur = [], ""
        # split on spaces; Japanese text without spaces is split by characters
        tokens = line.split(" ") if font.size(line)[0] > maxw else [line]
        for tok in tokens:
            cand = (cur + " " + tok) if cur else tok
            if font.size(cand)[0] <= maxw:
                cur = cand
                continue
            if cur:
                out.append(cur)
            cur = ""
            for ch in tok:
                if font.size(cur + ch)[0] > maxw and cur:
                    out.append(cur)
                    cur = "  "
                cur += ch
        if cur:
            out.append(cur)
        if len(self._wrap_cache) > 5000:
            self._wrap_cache.clear()
        self._wrap_cache[key] = out or [""]
        return self._wrap_cache[key]

    @property
    def rows(self):
        return max(1, (self.rect.h - 12) // LINE_H)

    def visible(self):
        n = self.rows
        end = len(self._wrapped) - self.scroll
        return self._wrapped[max(0, end - n):end]

    def scroll_by(self, d):
        top = max(0, len(self._wrapped) - self.rows)
        self.scroll = max(0, min(top, self.scroll + d))
        self._dirty = True
        self.version += 1

    def handle_event(self, event):
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if getattr(event, "pos", None):
                pos = event.pos
            self.scroll_by(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.rows - 1 if event.key == pygame.K_PAGEUP else -(self.rows - 1))
            return True
        return False

    def draw(self, surface, record=None):
        if self._dirty or self._surf is None or self._surf.get_size() != self.rect.size:
            s = pygame.Surface(self.rect.size)
            s.fill((20, 22, 32))
            pygame.draw.rect(s, T.PANEL_EDGE, s.get_rect(), 2, border_radius=6)
            y = 6
            vis = self.visible()
            for line in vis:
                col = T.TEXT
                if "＞" in line or "rolled" in line or "picked" in line:
                    col = (210, 225, 255)
                s.blit(self.app.text(line, FONT, col), (10, y))
                y += LINE_H
            if self.scroll:
                t = self.app.text(f"▲ {self.scroll}", 13, T.ACCENT, True)
                s.blit(t, (self.rect.w - t.get_width() - 10, 4))
            # scroll bar
            total = max(1, len(self._wrapped))
            if total > self.rows:
                h = max(20, int(self.rect.h * self.rows / total))
                frac = 1 - (self.scroll + self.rows) / total
                y0 = int((self.rect.h - h) * max(0.0, min(1.0, frac / max(1e-9, 1 - self.rows / total))))
                pygame.draw.rect(s, T.PANEL_EDGE, (self.rect.w - 8, y0, 5, h), border_radius=2)
            self._surf = s
            self._vis = vis
            self._dirty = False
        surface.blit(self._surf, self.rect.topleft)
        if record is not None:
            record.extend(self._vis)
