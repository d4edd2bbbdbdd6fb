"""Errors raised by engines and loaders."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal: the rule it breaks (e.g. "4.4 timer row"), an i18n key
    (e.g. "pendulum.refusal.frame_on_timer_row") and the key's parameters."""
    rule: str
    key: str
    params: dict = field(default_factory=dict)


class IllegalActionError(Exception):
    """An action the rules forbid. ``rule`` names the rule (e.g. "4.4 timer row") so a
    player can be told why; the state that refused it is left untouched. ``message`` is
    English (logs, tests); ``refusal`` carries the i18n key and parameters for a screen."""

    def __init__(self, rule: str, message: str, key: str | None = None, params: dict | None = None):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message
        self.refusal = Refusal(rule, key or "", dict(params or {}))


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
