"""A tiny two-seat counter game used only to exercise the conformance harness and the
engine kit (not part of the product): seats take turns adding 1 or 2; whoever reaches
the target wins. A die roll decides who starts."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine import Action, Event, GameRng, IllegalActionError, Rules, State


@dataclass(frozen=True)
class Add(Action):
    game: ClassVar[str] = "counter"
    kind: ClassVar[str] = "add"
    seat: int
    n: int


@dataclass(frozen=True)
class Added(Event):
    game: ClassVar[str] = "counter"
    kind: ClassVar[str] = "added"
    seat: int
    n: int
    total: int


class CounterRules(Rules):
    game_id = "counter"

    def __init__(self, target: int = 10):
        self.target = target

    def options_dict(self):
        return {"target": self.target}

    def new_state(self, seed: int) -> "CounterState":
        rng = GameRng(seed)
        return CounterState(self, rng, total=0, turn=rng.d(2) - 1)


class CounterState(State):
    def __init__(self, rules, rng, total, turn, winner=None):
        self.rules, self.rng, self.total, self.turn, self.winner = rules, rng, total, turn, winner

    def seats_to_act(self):
        return [] if self.is_terminal() else [self.turn]

    def legal_actions(self, seat):
        if self.is_terminal() or seat != self.turn:
            return []
        return [Add(seat, n) for n in (1, 2) if self.total + n <= self.rules.target]

    def apply(self, action):
        if action not in self.legal_actions(action.seat):
            raise IllegalActionError("counter.turn", f"seat {action.seat} may not add {action.n} now")
        self.total += action.n
        if self.total == self.rules.target:
            self.winner = action.seat
        self.turn = 1 - self.turn
        return [Added(action.seat, action.n, self.total)]

    def is_terminal(self):
        return self.winner is not None

    def outcome(self):
        return None if self.winner is None else {"winner": self.winner}

    def clone(self):
        return CounterState(self.rules, self.rng.clone(), self.total, self.turn, self.winner)

    def view_for(self, seat):
        return {"total": self.total, "turn": self.turn}

    def to_dict(self):
        return {"total": self.total, "turn": self.turn, "winner": self.winner, "rng": self.rng.get_state()}

    @classmethod
    def from_dict(cls, data, rules):
        return cls(rules, GameRng.from_state(data["rng"]), data["total"], data["turn"], data["winner"])
