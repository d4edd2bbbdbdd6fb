"""The one seeded random generator a game owns. Its state is saved with the game."""
from __future__ import annotations

import random
from typing import Any, Sequence


class GameRng:
    """Wraps ``random.Random``. Only ``random()`` is used for draws (its sequence is
    guaranteed across Python versions); every helper is built on it."""

    def __init__(self, seed: int):
        self.seed = int(seed)
        self._r = random.Random(self.seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return self._r.random()

    def d(self, n: int) -> int:
        """A die with ``n`` faces: 1..n."""
        if n < 1:
            raise ValueError(f"a die needs at least one face (got {n})")
        return int(self.random() * n) + 1

    def choose(self, items: Sequence[Any]) -> Any:
        if not items:
            raise ValueError("choose() from an empty list")
        return items[self.d(len(items)) - 1]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates on ``random()`` only, so the order is stable across versions."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    # --- saving -------------------------------------------------------------------
    def get_state(self) -> dict:
        version, internal, gauss = self._r.getstate()
        return {"seed": self.seed, "draws": self.draws, "version": version,
                "internal": list(internal), "gauss": gauss}

    def set_state(self, data: dict) -> None:
        self.seed = int(data["seed"])
        self.draws = int(data.get("draws", 0))
        self._r.setstate((data["version"], tuple(data["internal"]), data["gauss"]))

    @classmethod
    def from_state(cls, data: dict) -> "GameRng":
        rng = cls(data["seed"])
        rng.set_state(data)
        return rng

    def clone(self) -> "GameRng":
        other = GameRng(self.seed)
        other._r.setstate(self._r.getstate())
        other.draws = self.draws
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRng) and self._r.getstate() == other._r.getstate()
