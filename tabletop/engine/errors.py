"""Errors raised by engines and loaders."""
from __future__ import annotations


class IllegalActionError(Exception):
    """An action the rules forbid. ``rule`` names the rule (e.g. "4.4 timer row") so a
    player can be told why; the state that refused it is left untouched."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


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
