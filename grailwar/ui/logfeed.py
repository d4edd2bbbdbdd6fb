"""Log lines on their way to the log panel: a line that reports a roll waits until its
die has landed on the tray, so the log never tells a result before the dice do."""
from __future__ import annotations

from . import viewmodel as VM
from .dice import Roll


class LogFeed:
    def __init__(self, tray, panel, render, lang):
        self.tray = tray
        self.panel = panel
        self.render = render          # entry -> the line in the screen's language
        self.lang = lang              # () -> the screen's language
        self.lines: list[str] = []    # released, in order
        self.pending: list = []       # {"line", "landed"} waiting for their dice
        self.dirty = True             # the panel needs every line again

    def queue(self, entry, rolls=True):
        """One log entry the viewer may see; its die (if any) is thrown on the tray unless
        ``rolls`` is False (set-up draws go straight to the log)."""
        line = self.render(entry)
        if rolls and entry.get("kind") in ("roll", "check", "choice"):
            lang = self.lang()
            roll = Roll(str(entry.get("expr", "")), entry.get("value"), VM.dicebot_line(entry, lang),
                        VM.roll_label(entry, lang),
                        success=(entry.get("outcome") == "success") if entry.get("kind") == "check" else None)
            marker = {"line": line, "landed": False}
            roll.on_land = lambda r, m=marker: m.__setitem__("landed", True)
            self.pending.append(marker)
            self.tray.add(roll)
        else:
            self.pending.append({"line": line, "landed": True})

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
