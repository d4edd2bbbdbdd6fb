"""Pending decisions. The flow is a generator that yields a :class:`Pending` whenever a
faction must decide; ``GrailState.apply`` sends the chosen action back in."""
from __future__ import annotations


class Pending:
    __slots__ = ("kind", "faction", "ctx", "options")

    def __init__(self, kind, faction, ctx):
        self.kind = kind
        self.faction = faction
        self.ctx = ctx
        self.options = None     # the legal actions, listed once (legality.options)

    def to_dict(self):
        out = {"kind": self.kind, "faction": self.faction}
        for k, v in self.ctx.items():
            if isinstance(v, (str, int, bool)) or v is None:
                out[k] = v
            elif isinstance(v, (list, tuple)) and all(isinstance(x, (str, int)) for x in v):
                out[k] = list(v)
        return out


def ask(kind, faction, **ctx):
    """The prompt to yield: ``answer = yield ask("slot", "F1", choices=[...])``."""
    return Pending(kind, faction, ctx)
