"""What the eighth speed pass of the Pendulum engine rests on (docs/PENDULUM-RULES.md, Bots):

* after an action, ``apply_chosen`` (and the simulator's untimed loop, which writes it out) runs ``progress``
  only when the phase is not the action phase or the acting seat is done: everywhere else ``progress`` would
  change nothing, which is checked here after every action of seeded games;
* a reward whose only rare part is a production (``compile_gain`` gives its slot colour) is produced without
  the pass over the rare parts: the seat gains exactly what the character's production and each province in
  that slot give, as through the general path.
"""
from __future__ import annotations

import itertools

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot
from pendulum.rules.ids import SLOTS, compile_gain


@pytest.mark.parametrize("players,kinds,seed", [(3, ("standard",), 3), (5, ("standard",), 8),
                                                (4, ("hard", "easy", "random", "standard"), 5)])
def test_progress_is_skipped_only_after_actions_where_it_would_change_nothing(players, kinds, seed):
    rules = make_rules({"mode": "timetrack", "players": players})
    st = rules.new_state(seed)
    bots = [make_bot(kinds[i % len(kinds)], i, seed) for i in range(players)]
    skipped = 0
    while st.phase != "game_over":
        moved = False
        for s in st.seats_to_act():
            a = bots[s].choose(st)
            if a is None:
                continue
            st.apply_chosen(a, False)
            moved = True
            if st.phase == "action" and not st.players[s].done:     # progress was not run (or stopped here)
                twin = st.clone()
                twin.progress(None)
                assert twin.to_dict() == st.to_dict(), (seed, a)
                skipped += 1
            if st.phase == "game_over":
                break
        assert moved, "the game stopped: a step that had to follow an action was skipped"
    assert skipped > 150            # most actions of a game leave the acting seat in the action phase


def test_compile_gain_names_a_lone_productions_colour():
    assert compile_gain({"gold": 1})[4] is False
    assert compile_gain({"production": "red"})[4] == "red"
    assert compile_gain({"production": "red", "gold": 2, "any_vp": 0})[4] == "red"     # (a zero part is no part)
    assert compile_gain({"production": "red", "conquer_province": 1})[4] is True
    assert compile_gain({"recruit_common_worker": 1})[4] is True


def _parts(rules, p, eff):
    """What ``gain(p, eff)`` of a production reward gives, part by part: its cubes, votes and steps, the
    character's production of that colour, then each province's in that slot."""
    col = eff["production"]
    out = [{k: v for k, v in eff.items() if k != "production"}, rules.production[p.character][col]]
    return out + [rules.provinces[card][col] for card in p.slots[col]]


@pytest.mark.parametrize("players,seed", [(3, 21), (5, 22)])
def test_a_production_alone_gives_what_its_parts_give(pen, players, seed):
    rules = make_rules({"mode": "timetrack", "players": players})
    rewards = [sp.effect for sp in rules.spaces.values()] + [c["effect"] for c in rules.cards.values()]
    lone = [e for e in rewards if isinstance(compile_gain(e)[4], str)]
    assert {e["production"] for e in lone} == set(SLOTS)
    checked = with_provinces = 0
    for st in itertools.islice(pen.bot_positions(rules, seed, 23, limit=1200), 20):
        for p in st.players:
            for eff in lone:
                fast, parts, general = st.clone(), st.clone(), st.clone()
                ev_fast, ev_parts, ev_general = [], [], []
                fast.gain(fast.players[p.seat], eff, ev_fast)
                for part in _parts(rules, p, eff):
                    parts.gain(parts.players[p.seat], part, ev_parts)
                # one more rare part that does nothing: the general pass over the rare parts
                general.gain(general.players[p.seat], dict(eff, province_slot_limit=True), ev_general)
                assert fast.to_dict() == parts.to_dict() == general.to_dict(), (seed, eff)
                assert ev_fast == ev_parts == ev_general
                checked += 1
                with_provinces += bool(p.slots[eff["production"]])
    assert checked >= 100 and with_provinces >= 10
