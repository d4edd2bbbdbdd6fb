"""Log lines on their way to the log panel (``tabletop.ui.logpanel``): a line that reports a
roll waits until its die has landed on the tray, so the log never tells a result before the
dice do. Each line carries its tone for the viewer (``tone.of_entry``): good news is green,
bad news red, whoever rolled; the other roll lines (the dice-bot ``＞``) stand out in blue.
An optional GM flavour line (``logtext.flavour``) follows the note it decorates, in its own
colour."""
from __future__ import annotations

from .dice import Roll
from . import theme as T


ROLL_COLOUR = (210, 225, 255)
TONE_COLOUR = {"good": T.GOOD, "bad": T.BAD, "flavour": (206, 186, 140)}
FLAVOUR_MARK = "» "


def roll_colour(line, age):
    """Roll lines (the dice-bot ``＞``) stand out from the GM's notes in the log panel."""
    return ROLL_COLOUR if "＞" in line else None


def _at(entry):
    """``(turn, phase)`` a log entry was written in, or None (an entry without them)."""
    turn, phase = entry.get("turn"), entry.get("phase")
    return (turn, phase) if turn is not None and phase else None


class LogFeed:
    def __init__(self, tray, panel, render, captions, tone=None, flavour=None):
        self.tray = tray
        self.panel = panel
        self.render = render          # entry -> the log line in the screen's language
        self.captions = captions      # entry -> (tray caption once landed, while rolling)
        self.tone = tone or (lambda entry: None)   # entry -> "good" / "bad" / None for the viewer
        self.flavour = flavour or (lambda entry: "")   # entry -> a GM flavour line, or ""
        self.lines: list[str] = []    # released, in order
        self.tones: dict = {}         # line -> its tone (the panel colours lines by their text)
        self.pending: list = []       # {"line", "landed"} waiting for their dice ({"line": None, "call"}: queue_call)
        self.dirty = True             # the panel needs every line again

    def colour(self, line, age):
        """The log panel's ``colour_of``: the line's tone, else the roll colour."""
        return TONE_COLOUR.get(self.tones.get(line)) or roll_colour(line, age)

    def _line(self, entry):
        line = self.render(entry)
        tone = self.tone(entry)
        if tone:
            self.tones[line] = tone
        else:
            self.tones.pop(line, None)
        return line, tone

    def _flavour(self, entry):
        text = self.flavour(entry)
        if not text:
            return []
        line = FLAVOUR_MARK + text
        self.tones[line] = "flavour"
        return [line]

    def queue(self, entry):
        """A log line the viewer may see that waits for no die (and its flavour line)."""
        for line in [self._line(entry)[0]] + self._flavour(entry):
            self.pending.append({"line": line, "landed": True, "at": _at(entry)})

    def queue_roll(self, entry, rolled):
        """A roll: its die (the engine's ``Rolled``) is thrown on the tray and its log line
        (``entry``) follows once the die lands."""
        landed, rolling = self.captions(entry)
        line, tone = self._line(entry)
        marker = {"line": line, "landed": False, "at": _at(entry)}
        self.pending.append(marker)
        self.tray.add(Roll.of(rolled, landed, rolling, on_land=lambda r, m=marker: m.__setitem__("landed", True),
                              tone=tone, entry=entry))

    def queue_call(self, fn):
        """Something the screen shows of an event (a mana bar sliding), run when every line queued
        before it is released: it never runs ahead of a die still tumbling."""
        self.pending.append({"line": None, "landed": True, "call": fn})

    def release(self):
        """Move every line whose die has landed (in order) to the panel, running the calls between."""
        while self.pending and self.pending[0]["landed"]:
            item = self.pending.pop(0)
            if item["line"] is None:
                item["call"]()
                continue
            line = item["line"]
            self.lines.append(line)
            if not self.dirty:
                self.panel.add(line)

    def playing_at(self):
        """``(turn, phase)`` of the first line still waiting (its die on the tray, or a line
        behind it), or None when the log has shown everything: the war's clock as the viewer
        has seen it so far."""
        for item in self.pending:
            if item.get("at"):
                return item["at"]
        return None

    def catch_up(self):
        """Everything waiting is shown at once (the caller rebuilds the lines from the view): run the
        calls waiting among the lines, in order, and drop the lines."""
        waiting, self.pending = self.pending, []
        for item in waiting:
            if item["line"] is None:
                item["call"]()

    def rebuild(self, entries):
        """Every entry again (a language switch, another master's screen)."""
        self.tones = {}
        self.lines = [line for e in entries for line in [self._line(e)[0]] + self._flavour(e)]
        self.pending = []
        self.dirty = True

    def draw(self, surface, record=None):
        if self.dirty:
            self.dirty = False
            self.panel.set_lines(self.lines)
        self.panel.draw(surface, record=record)
