"""The eleventh speed pass (issue 13 item 5): a part's passive win-rate terms (§8.4 Mod) are made
once per faction, role and slots and shared by every battle and war on the same data
(``combat.passive_mod``'s memo). These tests check that the shared terms are the ones the rule
gives for that very part, whatever was asked before: a memo keyed on too little (the side, main
or sub, at its own base, the slots, the faction) answers with another part's terms and fails them."""
from __future__ import annotations

import itertools
import random

from grailwar import game
from grailwar.rules import combat
from grailwar.rules.schema import PARAMS


def _written_out(pt, side, slots):
    """§8.4's passive Mod terms of ``pt`` and the passive skills that count, written out."""
    f = pt.f
    terms, counted = [], []
    for _, _, sid, w, v, _, _ in f.passive.get("winrate", ()):
        if v and combat.when_ok(w, side, pt.main, pt.own_base, slots):
            terms.append((f.id, sid, v))
            counted.append((f.id, sid))
    for _, _, sid, w, v, ps, _ in f.passive.get("param", ()):
        if v and combat.when_ok(w, side, pt.main, pt.own_base, ()) and (ps == "ALL" or any(p in slots for p in ps)):
            counted.append((f.id, sid))
    return terms, counted


def test_the_shared_passive_terms_are_each_parts_own_whatever_was_asked_before():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    g = rules.new_state(3)
    combos = [(f, side, main, own, slots) for f in g.fac.values() for side in "AB" for main in (True, False)
              for own in (True, False) for slots in itertools.permutations(PARAMS, 3)]
    rnd = random.Random(11)
    distinct = set()
    for rnd_pass in range(2):               # the second pass reads what the first one left in the memo
        rnd.shuffle(combos)
        for f, side, main, own, slots in combos:
            b = combat.Battle(1, "raid", "")
            b.slots = list(slots)
            pt = combat.Part(f, side, main, own)
            got = combat.passive_mod(b, pt, side)
            want = _written_out(pt, side, b.slots)
            assert (got[0], list(got[1]), list(got[2])) == (b.slots, *want), (f.id, side, main, own, slots)
            assert combat.passive_mod(b, pt, side) is got          # the part's own memo at B8
            distinct.add((f.id, tuple(want[0]), tuple(want[1])))
    # the data makes the key matter: terms that hold for some roles or slots and not for others
    by_faction: dict = {}
    for fid, terms, counted in distinct:
        by_faction.setdefault(fid, set()).add((terms, counted))
    assert sum(len(v) > 1 for v in by_faction.values()) >= 3

