"""Taking back a declaration (§7.1) until the phase resolves: a rules-aware undo.

``Withdraw(faction)`` is an action like any other: it is recorded, and replaying a record
replays it. Applying it rebuilds the war from the seed with the actions before the
faction's declaration, so the faction is asked to declare again; the record keeps every
action (the declaration, the withdrawal and what follows), so the war it replays is the same.

It is legal only while nothing has been learnt since the declaration:
- the war is in the declaration phase (D) -- once the declarations resolve (the phase's
  dice are thrown) ``why_not`` refuses;
- the faction is a human master's, active, and declared this turn by its own choice (a
  disobedient servant's declaration is not the master's to take back);
- every action since the declaration is an NPC's (their declarations are redrawn the same
  way) or an ally's answer to accompanying it; once another human master has acted, the
  declaration stands.
"""
from __future__ import annotations

from typing import ClassVar

from tabletop.engine import IllegalActionError, Refusal
from tabletop.engine.quickinit import frozen_record

from .actions import GrailAction

REFUSAL = "grailwar.gw_table.refusal."
RULE = "7.1 declarations (taking one back)"


@frozen_record
class Withdraw(GrailAction):
    """Take back this turn's declaration while the declaration phase lasts."""
    kind: ClassVar[str] = "withdraw"
    faction: str


def _refuse(key, **params):
    return Refusal(RULE, REFUSAL + key, params)


def declaration_index(g, fid):
    """The index in ``g.actions`` of ``fid``'s own declaration this turn, or None (always in a
    war that writes no log: whose the declaration was is read from the log)."""
    if g.phase != "D" or not g.keep_log:
        return None
    f = g.fac.get(fid)
    if f is None or f.declared is None or f.declared.act == "accompany":   # accompanying is an answer
        return None
    for e in reversed(g.log):
        if e.get("turn") != g.turn:
            break
        if e.get("actor") == fid and e.get("key", "").endswith(".disobeys"):
            return None                      # the servant declared, not the master
    for i in range(len(g.actions) - 1, -1, -1):
        a = g.actions[i]
        if a.kind == "declare" and a.faction == fid:
            return i
    return None


def why_not(g, action):
    """None when ``action`` (a Withdraw) may be applied now, else the Refusal."""
    if g.winner is not None:
        return _refuse("war_over")
    f = g.fac.get(action.faction)
    if f is None or not f.human or not f.active:
        return _refuse("not_a_master")
    if g.phase != "D":
        return _refuse("resolved")
    i = declaration_index(g, action.faction)
    if i is None:
        return _refuse("nothing_declared")
    for a in g.actions[i + 1:]:
        other = g.fac.get(getattr(a, "faction", ""))
        if a.kind == "answer" and a.prompt == "accompany":
            continue
        if other is not None and not other.human:
            continue
        return _refuse("others_acted")
    return None


def apply(g, action):
    """Take the declaration back: the war as it was just before it, the record kept whole."""
    r = why_not(g, action)
    if r is not None:
        raise IllegalActionError(r.rule, f"{action.to_text()}: {r.key.rsplit('.', 1)[-1].replace('_', ' ')}",
                                 r.key, r.params)
    i = declaration_index(g, action.faction)
    g.rewind(i, list(g.actions) + [action])
    return g.events
