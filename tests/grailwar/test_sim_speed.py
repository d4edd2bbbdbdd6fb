"""The simulation's shortcuts change nothing a player would see: a war played without
building events is the same war (actions, log, saves, result) as one that reports them."""
import json

from grailwar import game
from grailwar.rules import npc_action


def _war(rules, seed, events):
    st = rules.new_state(seed)
    st.report_events = events
    per_step = []
    while st.pending is not None:
        per_step.append(len(st.apply(npc_action(st, st.pending.faction))))
    return st, per_step


def test_a_war_without_events_is_the_same_war():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    for seed in (3, 17):
        a, ev_a = _war(rules, seed, True)
        b, ev_b = _war(rules, seed, False)
        assert [x.to_dict() for x in a.actions] == [x.to_dict() for x in b.actions]
        assert a.log == b.log and (a.winner, a.turn, a.battle_no) == (b.winner, b.turn, b.battle_no)
        assert json.dumps(a.to_dict(), sort_keys=True, default=str) == \
            json.dumps(b.to_dict(), sort_keys=True, default=str)
        assert sum(ev_a) > 500           # a reporting war tells its events ...
        assert sum(ev_b) == 0            # ... a silent one builds none


def test_simulate_plays_silent_wars_with_the_same_results():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    silent = game.play_npc_game(rules, 5, events=False)
    loud = game.play_npc_game(rules, 5)
    assert not silent.report_events and loud.report_events
    assert silent.log == loud.log and silent.winner == loud.winner
