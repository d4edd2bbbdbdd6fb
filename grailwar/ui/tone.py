"""Good or bad for the viewer: how a result reads to the master whose screen is up.

A check (a d100 against a target) succeeds or fails for the faction that rolled it; whether
that is good news depends on who is looking. Your own (or an ally's) success is good and its
failure bad; a rival's failure is good for you; a rival's success is bad for you only when
it is aimed at you (the battle roll of a fight you are in). The public view (no viewer) reads
every result as neutral. Only what the log entry and the view already say is used."""
from __future__ import annotations

GOOD, BAD = "good", "bad"


def side_of(battle, viewer):
    """"A" / "B" when ``viewer`` fights in the view's ``battle`` entry, else None."""
    if not battle or viewer is None:
        return None
    for side in ("A", "B"):
        if viewer in (battle.get(side) or ()):
            return side
    return None


def friends(vm, viewer):
    """The viewer and its allies (as the view shows them)."""
    if viewer is None:
        return set()
    me = (vm.get("factions") or {}).get(viewer) or {}
    return {viewer, *(me.get("allies") or ())}


def of_battle(winner, side):
    """A battle's result for a viewer on ``side`` (None: not in it)."""
    if not winner or side is None:
        return None
    return GOOD if winner == side else BAD


def of_entry(entry, vm, viewer):
    """The tone of one log entry for ``viewer``: GOOD, BAD or None (neutral)."""
    if viewer is None or entry.get("kind") != "check" or entry.get("outcome") not in ("success", "failure"):
        return None
    ok = entry.get("outcome") == "success"
    actor = entry.get("actor")
    battle = vm.get("battle") or {}
    if str(entry.get("key", "")).endswith("label.battle_roll"):
        no = (entry.get("params") or {}).get("no")
        if no is None or no == battle.get("no"):
            side = side_of(battle, viewer)
            if side is not None:                  # the roll is side A's: a success is A's win
                return of_battle("A" if ok else "B", side)
    if actor in friends(vm, viewer):
        return GOOD if ok else BAD
    return None if ok else GOOD


def entry_side(entry, vm, viewer):
    """The viewer's side in the battle a log entry belongs to (its ``battle`` number is the
    view's battle), else None."""
    battle = vm.get("battle") or {}
    if entry.get("actor") != "battle" or entry.get("battle") != battle.get("no"):
        return None
    return side_of(battle, viewer)
