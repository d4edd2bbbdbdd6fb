"""The table's log: engine events and the table's own lines (refusals, undo, phases), kept as
entries so a language switch re-words every line, drawn by hand from cached text lines."""
from __future__ import annotations

import pygame

from . import render as R
from . import view as V

LOG_REFRESH = 0.25        # real seconds between log redraws
KEEP = 200                # lines kept


class LogText:
    """A log line of the table itself (refusal, undo, opening phase): a string key and its
    fields, worded again on a language switch like the engine events. A field whose value
    starts with ``pendulum.`` is itself a key; a field with a ``text(app)`` method is worded
    by it."""

    __slots__ = ("key", "fields")

    def __init__(self, key, **fields):
        self.key, self.fields = key, fields

    def text(self, app):
        f = {k: (v.text(app) if hasattr(v, "text") else
                 app.t(v) if isinstance(v, str) and v.startswith("pendulum.") else v)
             for k, v in self.fields.items()}
        return app.t(self.key, **f)


class RefusalText:
    """Why the engine refused a request, in the chosen language: in English the engine's own
    words when it gave them (else its key); in another language the rule's explanation from
    the course strings (``teach.why.<rule>``) when there is one, else the refusal's i18n key
    with its parameters (``pendulum.refusal.<name>``) — never English engine text when the
    refusal has a key."""

    __slots__ = ("rules", "rule", "message", "key", "params")

    def __init__(self, rules, refusal):
        """``refusal``: a ``Refusal`` (rule, key, params) or an ``IllegalActionError``."""
        self.rules = rules
        self.rule = getattr(refusal, "rule", "") or ""
        self.key = getattr(refusal, "key", None)
        if self.key and self.key.startswith("shell.refusal."):
            self.key = None                     # the generic fallback: the rule's own words first
        self.params = dict(getattr(refusal, "params", None) or {})
        self.message = getattr(refusal, "message", "") or self.params.get("message", "")

    def text(self, app):
        if app.lang == "en" and self.message:        # the engine's own (English) words
            return self.message
        if app.lang != "en" and self.rule:          # the course's kinder words first, as before
            key = f"teach.why.{V.rule_key(self.rule)}"
            explained = app.t(key)
            if explained != key:
                return explained
        if self.key:
            words = app.t(self.key, **{k: V.param_text(app, self.rules, k, v) for k, v in self.params.items()})
            if words != self.key:
                return words
        return self.message


class TableLog:
    """Lines newest last; ``draw`` blits the cached panel (re-rendered at most every
    ``LOG_REFRESH`` s: a pygame_gui UITextBox re-lays out all its text on every change)."""

    def __init__(self, app, rules):
        self.app, self.rules = app, rules
        self.lines: list[str] = []
        self.entries: list = []
        self.scroll = 0
        self.visible = True
        self._surf = None
        self._dirty = True
        self._wait = 0.0

    def text_of(self, entry):
        """The line of an engine event or of a table message, in the current language."""
        if hasattr(entry, "text"):
            return entry.text(self.app)
        return V.event_text(self.app, self.rules, entry)

    def add(self, entry):
        line = self.text_of(entry)
        if line:
            self.lines.append(line)
            self.entries.append(entry)
            self._dirty = True

    def clear(self):
        self.lines, self.entries = [], []
        self._dirty = True

    def reword(self):
        self.lines = [line for line in (self.text_of(e) for e in self.entries) if line]
        self._dirty = True
        self._wait = 0.0

    def scroll_by(self, dy):
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll - dy))
        self._dirty = True
        self._wait = 0.0

    def update(self, dt, rect):
        self._wait -= dt
        if self._dirty and self._wait <= 0:
            self._refresh(rect)
            self._wait = LOG_REFRESH

    def draw(self, surface, rect):
        if not self.visible:
            return
        if self._surf is None:
            self._refresh(rect)
        surface.blit(self._surf, rect)

    def _refresh(self, rect):
        self._dirty = False
        del self.lines[:-KEEP]
        del self.entries[:-KEEP]
        surf = self._surf
        if surf is None or surf.get_size() != rect.size:
            surf = pygame.Surface(rect.size).convert()
            self._surf = surf
        surf.fill((22, 34, 40))
        pygame.draw.rect(surf, (79, 106, 115), surf.get_rect(), 2, border_radius=8)
        title = self.app.text(self.app.t("pendulum.log_title"), 17, R.DIM_INK, True)
        surf.blit(title, (12, 6))
        y = 32
        for i, line in enumerate(self.lines[::-1][self.scroll:]):
            colour = R.INK if i == 0 and self.scroll == 0 else (200, 196, 184)
            for part in R.text_lines(self.app, line, 18, colour, rect.width - 28, max_lines=2):
                if y + part.get_height() > rect.height - 6:
                    return
                surf.blit(part, (14, y))
                y += part.get_height() - 1
            y += 3


class LogPanel:
    """Stands in ``table.ui["log"]`` so code that hides/shows the table's widgets also hides the
    hand-drawn log."""

    def __init__(self, log: TableLog):
        self.log = log

    def hide(self):
        self.log.visible = False

    def show(self):
        self.log.visible = True

    def kill(self):
        self.log.visible = False

    @property
    def visible(self):
        return self.log.visible


class EventRefusal:
    """A ``request_refused`` event (the 4.8 window refused a queued request) as a refusal: the
    event names the rule and has the engine's English words; ``refusal`` (the engine's
    ``why_not`` for the same request, asked at once) adds the i18n key and parameters when it
    names the same rule."""

    def __init__(self, ev, refusal=None):
        self.rule = ev.rule
        self.message = getattr(ev, "message", "")
        same = refusal is not None and getattr(refusal, "rule", None) == ev.rule
        self.key = refusal.key if same else None
        self.params = dict(refusal.params) if same else {}
