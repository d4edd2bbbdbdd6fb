"""The success chance a declaration or an offer will be rolled against, before it is made.

Each figure comes from the very functions the engine rolls with (``checks.info_target``,
``checks.craft_target``, ``comm.acceptance_target``, ``comm.exchange_target``, bounded by
``checks.check_chance`` exactly as ``checks.check`` bounds them), so what a menu shows is
the ``1D100<=N`` the log will print.

Covered: information gathering, crafting and building a workshop (declarations, §7.4-§7.5,
§7.10), soul-eating (§7.7: the figure is its *detection* check's, which the soul-eater wants
to fail), an alliance offer and an exchange of information to an NPC master (§12.3). An offer
to a human master is answered by that master, not rolled.

A raid has no such figure before it starts: its battle's rate depends on the parameters both
sides pick in the battle (§8.3), and the commit prompt shows it then. What a master can know
beforehand is an *estimate*: :func:`estimate` is the spec's EWR (§15.2, what an NPC master
weighs before it raids), made from the raider's own knowledge of the target only -- the
target's parameters as far as discovered, its known skills, not its mana -- so it tells
nothing secret.
"""
from __future__ import annotations

from .checks import check_chance, craft_target, detection_target, info_target
from .comm import acceptance_target, exchange_target
from .npc import ewr

DECISIONS = ("declare", "rescue", "talk")      # the prompts whose answers may roll a check


def chance(g, action):
    """The % ``action`` (legal now) will be rolled against, or None when it rolls no check.
    An offer an NPC refuses without a roll has chance 0."""
    f = g.fac.get(getattr(action, "faction", ""))
    if f is None:
        return None
    kind = action.kind
    if kind == "declare":
        if action.act == "info" and action.target in g.fac:
            return check_chance(g, info_target(g, f, action))
        if action.act == "craft" or (action.act == "other" and action.mode == "build_workshop"):
            return check_chance(g, craft_target(g, f))
        if action.act == "soul_eat":         # the detection check: a roll at or under it is seen
            return check_chance(g, detection_target(g, f))
        return None
    if kind == "talk" and action.option in ("propose", "exchange") and action.target in g.fac:
        t = g.fac[action.target]
        if t.human:
            return None
        if action.option == "propose":
            p = acceptance_target(g, f, t)
            return 0 if p is None else check_chance(g, p)
        if f.id in t.grudges:
            return 0
        if f.id in t.allies:
            return None                      # an ally agrees without a roll
        return check_chance(g, exchange_target(g, f, t))
    return None


def estimate(g, action):
    """The raider's estimate (%) of the battle a raid on a master would start, or None (not
    a raid on a master: a raid on a place meets whoever is there)."""
    f = g.fac.get(getattr(action, "faction", ""))
    if f is None or action.kind != "declare" or action.act != "approach" or action.mode != "raid":
        return None
    t = g.fac.get(action.target)
    if t is None:
        return None
    return ewr(g, f, t, t.location, penalty=False)


def estimates_for_viewer(g, viewer):
    """``{action text: estimate}`` for the viewer's pending declaration (else {})."""
    return _table(g, viewer, ("declare",), estimate)


def for_viewer(g, viewer):
    """``{action text: chance}`` for the pending decision when it is ``viewer``'s (else {})."""
    return _table(g, viewer, DECISIONS, chance)


def _table(g, viewer, kinds, figure):
    """``{action text: figure(g, action)}`` over the legal actions of the pending prompt when
    it is ``viewer``'s and of one of ``kinds``, leaving out the actions without a figure."""
    p = g.pending
    if p is None or viewer is None or p.faction != viewer or p.kind not in kinds:
        return {}
    out = {}
    for a in g.legal_actions(viewer):
        n = figure(g, a)
        if n is not None:
            out[a.to_text()] = n
    return out
