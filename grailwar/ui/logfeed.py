"""Log lines on their way to the log panel (``tabletop.ui.logpanel``): a line that reports a
roll waits until its die has landed on the tray, so the log never tells a result before the
dice do."""
from __future__ import annotations

from .dice import Roll


ROLL_COLOUR = (210, 225, 255)


def roll_colour(line, age):
    """Roll lines (the dice-bot ``＞``) stand out from the GM's notes in the log panel."""
    return ROLL_COLOUR if "＞" in line else None


class LogFeed:
    def __init__(self, tray, panel, render, captions):
        self.tray = tray
        self.panel = panel
        self.render = render          # entry -> the log line in the screen's language
        self.captions = captions      # entry -> (tray caption once landed, while rolling)
        self.lines: list[str] = []    # released, in order
        self.pending: list = []       # {"line", "landed"} waiting for their dice
        self.dirty = True             # the panel needs every line again

    def queue(self, entry):
        """A log line the viewer may see that waits for no die."""
        self.pending.append({"line": self.render(entry), "landed": True})

    def queue_roll(self, entry, rolled):
        """A roll: its die (the engine's ``Rolled``) is thrown on the tray and its log line
        (``entry``) follows once the die lands."""
        landed, rolling = self.captions(entry)
        marker = {"line": self.render(entry), "landed": False}
        self.pending.append(marker)
        self.tray.add(Roll.of(rolled, landed, rolling, on_land=lambda r, m=marker: m.__setitem__("landed", True)))

    def release(self):
        """Move every line whose die has landed (in order) to the panel."""
        while self.pending and self.pending[0]["landed"]:
            line = self.pending.pop(0)["line"]
            self.lines.append(line)
            if not self.dirty:
                self.panel.add(line)

    def rebuild(self, entries):
        """Every entry again (a language switch, another master's screen)."""
        self.lines = [self.render(e) for e in entries]
        self.pending = []
        self.dirty = True

    def draw(self, surface, record=None):
        if self.dirty:
            self.dirty = False
            self.panel.set_lines(self.lines)
        self.panel.draw(surface, record=record)
