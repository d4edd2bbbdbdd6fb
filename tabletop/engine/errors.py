"""Errors raised by engines and loaders, and the refusal an engine gives for an illegal move."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Refusal:
    """Why the rules forbid an action: ``rule`` names the rule (a spec section or rule id, e.g.
    "4.4 timer row"), ``key`` the i18n key of its explanation and ``params`` the key's
    placeholders. Screens show ``t(key, **params)`` in the player's language."""
    rule: str
    key: str
    params: dict = dataclasses.field(default_factory=dict)


class IllegalActionError(Exception):
    """An action the rules forbid. ``rule`` names the rule (e.g. "4.4 timer row") so a
    player can be told why; the state that refused it is left untouched."""

    def __init__(self, rule: str, message: str, key: str | None = None, params: dict | None = None):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message
        self.key = key
        self.params = dict(params or {})

    @property
    def refusal(self) -> Refusal:
        """The refusal as rule id + i18n key + parameters (``key`` falls back to the generic
        "not legal" explanation with the engine's English message as a parameter)."""
        if self.key:
            return Refusal(self.rule, self.key, dict(self.params))
        return Refusal(self.rule, "shell.refusal.engine", {"message": self.message})


class DataError(Exception):
    """Bad data: a mod, a config file or a save. ``errors`` is a list of lines shaped
    ``file:line: dotted.field: message``."""

    def __init__(self, errors: list[str] | str):
        if isinstance(errors, str):
            errors = [errors]
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


class SaveError(DataError):
    """A save or record that cannot be loaded (corrupt, newer version, other game)."""
