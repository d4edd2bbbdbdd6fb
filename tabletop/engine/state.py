"""The engine vocabulary both games follow (see DESIGN.md)."""
from __future__ import annotations

import abc
from typing import Any

from .actions import Action, Event


class Rules(abc.ABC):
    """Immutable: validated data plus options. Makes states."""
    game_id: str = ""
    data_version: str = "1"

    @abc.abstractmethod
    def new_state(self, seed: int) -> "State":
        ...


class State(abc.ABC):
    """One point of a game."""

    @abc.abstractmethod
    def legal_actions(self, seat: Any) -> list[Action]:
        ...

    @abc.abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; raise ``IllegalActionError`` naming the rule and leave
        the state untouched otherwise."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        ...

    @abc.abstractmethod
    def outcome(self) -> dict | None:
        ...

    @abc.abstractmethod
    def clone(self) -> "State":
        ...

    @abc.abstractmethod
    def view_for(self, seat: Any) -> dict:
        ...

    @abc.abstractmethod
    def to_dict(self) -> dict:
        ...

    @classmethod
    @abc.abstractmethod
    def from_dict(cls, data: dict, rules: Rules) -> "State":
        ...

    # Optional parts --------------------------------------------------------------
    def seats_to_act(self) -> list[Any]:
        """Seats that have at least one decision to make now (default: none known)."""
        return []

    def advance(self, seconds: float) -> list[Event]:     # real-time games override
        return []

    @property
    def time(self) -> float:                              # engine time in seconds
        return 0.0
