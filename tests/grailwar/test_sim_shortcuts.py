"""The engine's shortcuts where nothing can be asked are the procedures they stand for: a check
nobody can reroll, an NPC's retreat, the NPC rules called straight from ``play_out``, and the
floored parameters made once. Each is compared with the long way on copies of the same war:
the same result, the same dice drawn, the same log."""
import json

from grailwar import game
from grailwar.rules import npc_action
from grailwar.rules.checks import check_args, sub_check
from grailwar.rules.frames import frame, run
from grailwar.rules.model import floored
from grailwar.rules.retreat import retreat_now
from grailwar.rules.schema import PARAMS


def _drive(gen):
    """Run a generator that must ask nothing; its return value."""
    try:
        p = next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"asked {p.kind} of {p.faction}")


def _same_after(a, b):
    """The two copies drew the same dice so far and wrote the same log."""
    assert a.log == b.log
    assert [a.rng.d(100) for _ in range(5)] == [b.rng.d(100) for _ in range(5)]


def test_a_war_played_through_the_npc_rules_table_is_the_war_npc_action_plays():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    for seed in (2, 9, 31):
        table = rules.new_state(seed)
        table.play_out(npc_action)                              # the rule for each prompt, called directly
        plain = rules.new_state(seed)
        plain.play_out(lambda st, fid: npc_action(st, fid))    # no table: npc_action's own dispatch
        assert [a.to_dict() for a in table.actions] == [a.to_dict() for a in plain.actions]
        assert json.dumps(table.to_dict(), sort_keys=True, default=str) == \
            json.dumps(plain.to_dict(), sort_keys=True, default=str)
        assert table.winner is not None and len(table.actions) > 100


def test_a_check_nobody_can_reroll_is_rolled_as_the_check_procedure_rolls_it(kit):
    g = kit.war()
    f = g.fac["F4"]
    f.inv["talisman"] = f.inv["magic_mirror"] = 0
    results = set()
    for t in (-20, 5, 50, 95, 140):                 # below, inside and above the §3.4 bounds
        short, long_ = g.clone(), g.clone()
        fr = {}
        ok = _drive(sub_check(short, fr, short.fac["F4"], "info", t, ("F4",), target={"fac": "F1"}))
        assert fr == {}                              # no frame was made
        via = _drive(run(long_, frame("check", **check_args(long_.fac["F4"], "info", t, ("F4",),
                                                                 target={"fac": "F1"}))))
        assert ok == via
        results.add(ok)
        assert short.log[-1] == long_.log[-1] and short.log[-1]["kind"] == "check"
        _same_after(short, long_)
    assert results == {True, False}


def test_a_check_with_a_talisman_in_hand_still_offers_the_reroll(kit):
    g = kit.war()
    f = g.fac["F4"]
    f.inv["talisman"] = 1
    fr = {}
    p = next(sub_check(g, fr, f, "info", 50, ("F4",)))
    assert (p.kind, p.faction) == ("reroll_check", "F4") and "talisman" in p.ctx["choices"]
    assert fr["sub"]["fn"] == "check"                # the procedure, resumable from its frame


def test_an_npc_retreat_moves_as_the_retreat_procedure_moves_it(kit):
    g = kit.war()
    npc = g.fac["F5"]
    assert not npc.human
    home = npc.location
    cases = 0
    for knows_an_empty_place, occupied in ((False, False), (True, False), (True, True)):
        w = g.clone()
        f = w.fac["F5"]
        dest = kit.empty_loc(w)
        if knows_an_empty_place:                      # else a random destination
            f.known_empty = {dest}
        if occupied:                                  # someone moved in since: flee at random
            kit.place(w, "F1", dest)
        short, long_ = w.clone(), w.clone()
        retreat_now(short, short.fac["F5"], home)
        _drive(run(long_, frame("retreat_move", f="F5", lost=home)))
        assert short.fac["F5"].location == long_.fac["F5"].location != home
        assert short.fac["F5"].relocated and long_.fac["F5"].relocated
        assert short.loc_owner == long_.loc_owner and short.loc_guests == long_.loc_guests
        _same_after(short, long_)
        cases += 1
    assert cases == 3


def test_an_npc_away_from_the_lost_location_stays_where_it_is(kit):
    g = kit.war()
    f = g.fac["F5"]
    here = f.location
    retreat_now(g, f, kit.empty_loc(g))
    assert f.location == here and not f.relocated


def test_floored_parameters_follow_a_replaced_params_dict_and_are_fresh_copies(kit):
    g = kit.war()
    f = g.fac["F1"]
    a = floored(f.params, 0)
    assert a == {p: max(0, f.params[p]) for p in PARAMS} and list(a) == list(PARAMS)
    a["STR"] += 100                                   # the caller's copy: the next one is untouched
    assert floored(f.params, 0)["STR"] == max(0, f.params["STR"])
    assert floored(f.params, 1000) == dict.fromkeys(PARAMS, 0)
    f.params = {p: 90 for p in PARAMS}                # a test or a tool replaces the dict
    assert floored(f.params, 10) == dict.fromkeys(PARAMS, 80)
