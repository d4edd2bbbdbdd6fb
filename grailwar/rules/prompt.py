"""Pending decisions. The flow is a generator that yields a :class:`Pending` whenever a
faction must decide; ``GrailState.apply`` sends the chosen action back in."""
from __future__ import annotations

from .actions import Use


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


NOW = None
"""``(state, rules, actions, limit, apply_use, report_events)`` while ``GrailState.play_out``
answers every prompt of ``state`` with the NPC rules table (``rules``: prompt kind ->
``rule(state, faction, kind, ctx)``), ``actions`` the war's record and ``limit`` its length at
which the runaway guard stops the answers. One tuple, replaced whole.

A rule of the table may carry a ``direct`` form (``npc.commit_direct``, ``slot_direct``,
``reroll_direct``, ``declare_direct``: the rule with what the procedure knows as arguments instead
of a context dict), which the procedure then calls itself while ``NOW`` is its war's and the budget
lasts, recording the answer as ``ask`` does; only ``declare_direct`` may answer with a free use
(the procedure then asks the prompt). A rule marked ``no_use`` (``npc._comm``) never answers with
a free use, so a procedure may call it directly with its context."""


def ask(kind, faction, ctx=None, g=None):
    """The prompt of ``g``'s war to yield (a ``Pending``; without ``g``, always one), or, while
    ``play_out`` answers ``g`` with the NPC rules, the answer itself: the rule ``play_out`` would call, on the same state, recorded as
    ``play_out`` records it, so the same war without a ``Pending`` or a trip through the
    generators (its context is given as a dict: one is made at every decision, and a call with
    keywords costs a dict more)::

        ans = ask("slot", "F1", {"choices": [...], ...}, g)
        if type(ans) is Pending:
            ans = yield ans
    """
    now = NOW
    if now is None or now[0] is not g:
        return Pending(kind, faction, ctx)
    _, rules, acts, limit, use, report = now
    if kind in rules:
        rule = rules[kind]
        f = g.fac[faction]
        while len(acts) < limit:
            a = rule(g, f, kind, ctx)
            if report:
                g.events = []
            acts.append(a)
            if type(a) is not Use:
                return a
            use(g, a)                 # a free use (``checks.apply_use``): the prompt stays open
    return Pending(kind, faction, ctx)
