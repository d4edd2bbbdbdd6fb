"""Pending decisions. The flow is a generator that yields a :class:`Pending` whenever a
faction must decide; ``GrailState.apply`` sends the chosen action back in."""
from __future__ import annotations


class Pending:
    __slots__ = ("kind", "faction", "ctx", "options")

    def __init__(self, kind, faction, ctx=None):
        """``Pending(kind, faction, ctx)`` (no ``**kw``: it would make a dict at every prompt)."""
        self.kind = kind
        self.faction = faction
        self.ctx = ctx if ctx is not None else {}
        self.options = None     # the legal actions, listed once (legality.options)

    def to_dict(self):
        out = {"kind": self.kind, "faction": self.faction}
        for k, v in self.ctx.items():
            if isinstance(v, (str, int, bool)) or v is None:
                out[k] = v
            elif isinstance(v, (list, tuple)) and all(isinstance(x, (str, int)) for x in v):
                out[k] = list(v)
        return out


ask = Pending
"""The prompt to yield: ``answer = yield ask("slot", "F1", {"choices": [...], ...})`` (a
``Pending``, its context given as a dict: one is made at every decision, and a call with keywords
costs a dict more)."""
