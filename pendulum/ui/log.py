"""The table's log: engine events and the table's own lines (refusals, undo, phases), kept as
entries so a language switch re-words every line, shown in the shared log panel."""
from __future__ import annotations

from tabletop.ui.logpanel import LogPanel as SharedLogPanel
from tabletop.ui.logpanel import LogStyle

from . import render as R
from . import view as V

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


class RuleCite:
    """The rule a refusal cites, worded again on a language switch (``view.rule_text``)."""

    __slots__ = ("rule",)

    def __init__(self, rule):
        self.rule = rule

    def text(self, app):
        return V.rule_text(app, self.rule)


class RefusalText:
    """Why the engine refused a request, in the chosen language, from the refusal's i18n key
    with its parameters (``pendulum.refusal.<name>``) in every language; only a refusal
    without a key (the engine gives every refusal one) falls back to the course's words for
    its rule (``teach.why.<rule>``), then to the words it came with."""

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
        if self.key:
            words = app.t(self.key, **{k: V.param_text(app, self.rules, k, v) for k, v in self.params.items()})
            if words != self.key:
                return words
        if self.rule:
            key = f"teach.why.{V.rule_key(self.rule)}"
            explained = app.t(key)
            if explained != key:
                return explained
        return self.message or app.t("pendulum.text.refused_generic")     # (every engine refusal has a key)


class TableLog:
    """The table's log: entries (engine events and the table's own lines) worded in the chosen
    language, newest first in the shared log panel of both games (``tabletop.ui.logpanel``)."""

    STYLE = LogStyle(bg=(22, 34, 40), edge=(79, 106, 115), text=(200, 196, 184), title_colour=R.DIM_INK,
                     font=18, line_h=20, radius=8, max_rows=2)

    def __init__(self, app, rules):
        self.app, self.rules = app, rules
        self.lines: list[str] = []
        self.entries: list = []
        self.visible = True
        self.panel: SharedLogPanel | None = None

    def text_of(self, entry):
        """The line of an engine event or of a table message, in the current language."""
        if hasattr(entry, "text"):
            return entry.text(self.app)
        return V.event_text(self.app, self.rules, entry)

    def add(self, entry):
        line = self.text_of(entry)
        if not line:
            return
        self.lines.append(line)
        self.entries.append(entry)
        if len(self.lines) > KEEP:
            del self.lines[:-KEEP]
            del self.entries[:-KEEP]
            self._show_all()
        elif self.panel is not None:
            self.panel.add(line)

    def add_once(self, entry):
        """Add ``entry`` unless the newest line already says the same (a refusal repeated by
        each key press is logged once)."""
        line = self.text_of(entry)
        if line and self.lines and self.lines[-1] == line:
            return
        self.add(entry)

    def replay(self, events):
        """A loaded game: the lines of its replayed events (refusals of the 4.8 window are
        not kept in the record, nor in the log)."""
        for ev in events:
            if getattr(ev, "kind", "") != "request_refused":
                self.add(ev)

    def clear(self):
        self.lines, self.entries = [], []
        self._show_all()

    def reword(self):
        self.lines = [line for line in (self.text_of(e) for e in self.entries) if line]
        self._show_all()

    def _show_all(self):
        if self.panel is not None:
            self.panel.set_lines(self.lines)

    def scroll_by(self, dy):
        """The wheel (``dy`` as pygame gives it): up goes towards the newest line at the top,
        down back to older ones."""
        if self.panel is not None:
            self.panel.scroll_by(-3 * dy)

    def update(self, dt, rect):
        self._panel(rect)

    def draw(self, surface, rect):
        if self.visible:
            self._panel(rect).draw(surface, title=self.app.t("pendulum.log_title"))

    def _panel(self, rect) -> SharedLogPanel:
        if self.panel is None or self.panel.rect != rect:
            self.panel = SharedLogPanel(self.app, rect, self.STYLE, newest_first=True,
                                        colour_of=lambda line, age: R.INK if age == 0 else None)
            self.panel.set_lines(self.lines)
        return self.panel


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
        if getattr(ev, "key", ""):          # the engine's own key, carried by the event
            self.key, self.params = ev.key, dict(ev.params)
        else:
            self.key = refusal.key if same else None
            self.params = dict(refusal.params) if same else {}
