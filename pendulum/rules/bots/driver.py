"""``make_bot`` by kind, and ``BotDriver``: paces bots in engine time."""
from __future__ import annotations

import math

from tabletop.engine import IllegalActionError

from ..ids import AREAS

from .levels import EasyBot, HardBot
from .simple import RandomBot
from .standard import StandardBot
from .timing import draw, reaction_range

KINDS = {"random": RandomBot, "easy": EasyBot, "standard": StandardBot, "bot": StandardBot, "hard": HardBot}


def make_bot(kind: str, seat: int, seed: int):
    """A bot of ``kind`` (random, easy, standard, hard; "bot" means standard) for ``seat``."""
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError(f"unknown bot kind {kind!r} (random, easy, standard, hard)")
    return cls(seat, seed)


class BotDriver:
    """Paces bots in engine time. ``bots`` maps seat -> kind (or bot object). In real-time play each bot
    waits a reaction drawn from its level's range (timing.py, scaled by ``delay``, the rules'
    ``bot_reaction_delay``) after its own action and after a timer moved to another row; a request that
    was refused, or is still waiting in the 4.8 window, is not sent again until the state changes."""

    def __init__(self, bots: dict, seed: int, delay: float = 1.5):
        self.bots = {s: (make_bot(k, s, seed) if isinstance(k, str) else k) for s, k in bots.items()}
        self.seed = int(seed)
        self.delay = float(delay)
        self.ready_at = {s: 0.0 for s in self.bots}
        self.range = {s: reaction_range(getattr(b, "kind", "standard"), self.delay) for s, b in self.bots.items()}
        self.rows = None            # the timer rows last seen
        self.sent = {}              # seat -> (action, state stamp) of its last request

    # ---------------------------------------------------------------- reactions
    def _reacted(self, s, state, what: int, moment: float) -> None:
        lo, hi = self.range[s]
        self.ready_at[s] = max(self.ready_at[s], moment + draw(self.seed, s, what, moment, lo, hi))

    def _see_rows(self, state) -> None:
        """A timer that moved to another row since last seen: every bot reacts to it before acting."""
        rows = state.timer_row
        if self.rows is not None and rows != self.rows:
            for k, a in enumerate(AREAS):
                if rows[a] != self.rows[a]:
                    left = state.remaining[a]
                    moved = state.time - (state.rules.timer_seconds[a] - left) if left > 0 else state.time
                    for s in self.bots:
                        self._reacted(s, state, 10 + k, round(moved, 6))
        self.rows = dict(rows)

    @staticmethod
    def _stamp(state):
        return state.action_count, state.phase, tuple(state.timer_row.values()), tuple(state.remaining.values())

    # ---------------------------------------------------------------- driving
    def _ready(self, state, live: bool):
        """``(seat, action, stamp)`` for each bot whose reaction has passed and whose choice now is
        not the one it sent last on this same state (waiting in the window, or refused). ``live``:
        the caller applies each choice before the next, so who may act is asked again each time."""
        timed = state.rules.timed
        if timed:
            self._see_rows(state)
        can = None if live else set(state.seats_to_act())
        for s, bot in self.bots.items():
            if live and state.is_terminal():
                break
            if s not in (state.seats_to_act() if live else can):
                continue
            if timed and state.time + 1e-9 < self.ready_at[s]:
                continue
            a = bot.choose(state)
            if a is None:
                continue
            stamp = self._stamp(state)
            if self.sent.get(s) == (a, stamp):
                continue
            yield s, a, stamp

    def act(self, state) -> list:
        """Choose and apply, bot after bot, on the live state: ``[(action, events)]``. Use this when the
        caller does not route bot actions through ``state.submit`` (hot-seat UI, simulator, tests)."""
        out = []
        for s, a, stamp in self._ready(state, live=True):
            try:
                out.append((a, state.apply(a)))
            except IllegalActionError:
                self.sent[s] = (a, stamp)       # refused: not tried again until something changes
                continue
            if state.rules.timed:
                self._reacted(s, state, 0, state.time)
                self._see_rows(state)
        return out

    def wait(self, state) -> float:
        """Engine seconds until the first bot with something to do may act (0: one may act now;
        ``math.inf``: no bot has anything to do)."""
        can = state.seats_to_act()
        waits = [self.ready_at[s] - state.time for s in self.bots if s in can]
        return max(0.0, min(waits)) if waits else math.inf

    def tick(self, state, dt: float = 0.0) -> list:
        """Actions the bots take now, all chosen on the same state (submit them: two bots may want the
        same thing, the 4.8 window sorts it out). In real-time play a bot acts after its reaction (see the
        class); in untimed play every bot that can act returns one action."""
        out = []
        for s, a, stamp in self._ready(state, live=False):
            self.sent[s] = (a, stamp)
            out.append(a)
            if state.rules.timed:
                self._reacted(s, state, 0, state.time)
        return out
