"""The easy and hard bots, built on the standard bot (``standard.py``).

* ``easy``: plays the standard move only some of the time; otherwise a move picked at random (seeded) among
  its legal moves, acts, plays, claims and choices (never a flip, so it never calls the council early, and
  never a done: that stays the standard move's call).
  Visibly weaker, still finishes its turns.
* ``hard``: the standard policy with different weights, found by playing hard against standard seats
  (``bench/bot_strength.py``): votes are worth far more (the council's privilege order decides who picks
  the council rewards first and breaks ties), an early extra worker is worth far more (one more action
  per row), and a track step is worth more the lower that track is among its own three (the rulebook's
  winner rule, 5.10, compares the lowest track first); a step beyond the parchment line counts less.
"""
from __future__ import annotations

import random

from .standard import StandardBot


class HardBot(StandardBot):
    """Standard policy, values aimed at the winner rule (see the module docstring)."""
    kind = "hard"

    VOTE_W = 6.0         # (standard 2.2) a vote that the plan still lacks
    RECRUIT = 20.0       # (standard 7.0) a new worker in rounds 1-2
    LOWEST = 1.5         # extra value of a step on the lowest of the three tracks (below the parchment)
    SECOND = 0.5         # ... on a track one step above the lowest
    ABOVE = 0.0          # ... on a higher track
    BASE = 4.0           # a step below the parchment (as standard), plus 0.15 per step still to go
    IN_PARCHMENT = 0.8   # (standard 1.2) a step beyond the parchment line only breaks ties

    def track_value(self, st, p, t, n=1):
        P = st.rules.parchment
        top = st.rules.track_max
        tracks = list(p.tracks)
        v = 0.0
        for _ in range(n):
            pos = tracks[t]
            if pos >= top:
                break
            if pos < P:
                lo = min(tracks)
                v += self.BASE + 0.15 * (P - pos)
                if pos == lo:
                    v += self.LOWEST
                elif pos == lo + 1:
                    v += self.SECOND
                else:
                    v += self.ABOVE
            else:
                v += self.IN_PARCHMENT
            tracks[t] = pos + 1
        return v


class EasyBot(StandardBot):
    """Plays the standard move with probability ``GOOD``, otherwise a random legal one (see module doc)."""
    kind = "easy"
    GOOD = 0.45

    def __init__(self, seat: int, seed: int):
        super().__init__(seat, seed)
        self.rng = random.Random((seed * 4273 + seat * 611953) ^ 0xEA5)

    def choose(self, st):
        good = super().choose(st)
        if good is None or self.rng.random() < self.GOOD:
            return good
        acts = [a for a in st.legal_actions(self.seat) if a.kind not in ("flip", "resume", "refill", "done")]
        if not acts:
            return good
        return acts[int(self.rng.random() * len(acts))]
