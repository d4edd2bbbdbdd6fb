"""The random bot: uniform over the legal actions (a baseline, and the fuzzing opponent)."""
from __future__ import annotations

import random


class RandomBot:
    kind = "random"

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = random.Random((seed * 7919 + seat * 104729) ^ 0xB07)

    def choose(self, state):
        acts = state.legal_actions(self.seat)
        if not acts:
            return None
        return acts[int(self.rng.random() * len(acts))]
