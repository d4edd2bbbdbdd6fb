"""The bots' turns at the table: one bot action at a time, so people see it.

In real time the bot driver's reaction delay (engine time) paces them; in untimed play at
most one every ``BOT_PACE`` real seconds (divided by ``--speed``)."""
from __future__ import annotations

import sys
import traceback

from tabletop.engine import IllegalActionError

from . import view as V

BOT_PACE = 0.45           # real seconds between bot moves in untimed play (divided by --speed)


class BotTurns:
    def __init__(self):
        self.wait = 0.0

    def run(self, dt, bots, state, request, timed: bool, speed: float) -> None:
        """Let ``bots`` (``view.make_bots``; None: no bots) ask for their next action through
        ``request(action)``; a refused one clears the bots' queue and the next is asked."""
        if bots is None:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        for _ in range(4):
            try:
                action = V.next_bot_action(bots, state)
            except Exception:
                traceback.print_exc(file=sys.stderr)
                return
            if action is None:
                return
            try:
                request(action)
            except IllegalActionError:
                bots.queue = []
                continue
            if not timed:
                self.wait = BOT_PACE / speed
            return
