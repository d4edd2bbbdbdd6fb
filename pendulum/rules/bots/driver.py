"""``make_bot`` by kind, and ``BotDriver``: paces bots in engine time."""
from __future__ import annotations

import math

from tabletop.engine import IllegalActionError

from .levels import EasyBot, HardBot
from .simple import RandomBot
from .standard import StandardBot

KINDS = {"random": RandomBot, "easy": EasyBot, "standard": StandardBot, "bot": StandardBot, "hard": HardBot}


def make_bot(kind: str, seat: int, seed: int):
    """A bot of ``kind`` (random, easy, standard, hard; "bot" means standard) for ``seat``."""
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError(f"unknown bot kind {kind!r} (random, easy, standard, hard)")
    return cls(seat, seed)


class BotDriver:
    """Paces bots in engine time. ``bots`` maps seat -> kind (or bot object)."""

    def __init__(self, bots: dict, seed: int, delay: float = 1.5):
        self.bots = {s: (make_bot(k, s, seed) if isinstance(k, str) else k) for s, k in bots.items()}
        self.delay = float(delay)
        self.ready_at = {s: 0.0 for s in self.bots}

    def act(self, state) -> list:
        """Choose and apply, bot after bot, on the live state: ``[(action, events)]``. Use this when the
        caller does not route bot actions through ``state.submit`` (hot-seat UI, simulator, tests)."""
        out = []
        timed = state.rules.timed
        for s, bot in self.bots.items():
            if state.is_terminal():
                break
            if s not in state.seats_to_act():
                continue
            if timed and state.time + 1e-9 < self.ready_at[s]:
                continue
            a = bot.choose(state)
            if a is None:
                continue
            self.ready_at[s] = state.time + (self.delay if timed else 0.0)
            try:
                out.append((a, state.apply(a)))
            except IllegalActionError:
                pass
        return out

    def wait(self, state) -> float:
        """Engine seconds until the first bot with something to do may act (0: one may act now;
        ``math.inf``: no bot has anything to do)."""
        can = state.seats_to_act()
        waits = [self.ready_at[s] - state.time for s in self.bots if s in can]
        return max(0.0, min(waits)) if waits else math.inf

    def tick(self, state, dt: float = 0.0) -> list:
        """Actions the bots take now, all chosen on the same state (submit them: two bots may want the
        same thing, the 4.8 window sorts it out). In real-time play a bot acts at most once per ``delay``
        seconds of engine time; in untimed play every bot that can act returns one action."""
        out = []
        timed = state.rules.timed
        can = set(state.seats_to_act())
        for s, bot in self.bots.items():
            if s not in can:
                continue
            if timed and state.time + 1e-9 < self.ready_at[s]:
                continue
            a = bot.choose(state)
            if a is not None:
                out.append(a)
                self.ready_at[s] = state.time + (self.delay if timed else 0.0)
        return out
