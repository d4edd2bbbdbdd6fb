"""The simulation's shortcuts change nothing a player would see: a war played without
building events, without writing a log, or through ``play_out`` (no second legality check) is
the same war (actions, dice, saves, result) as one played step by step through ``apply``."""
import json
import random

from grailwar import game
from grailwar.rules import Declare, Withdraw, npc_action


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


def _b7_allowed(st, pt, item):
    """§8.3 B7, written out: what a participant may still commit."""
    f = pt.f
    if item.startswith("skill:"):
        sk = [s for s in f.master.skills + f.servant.skills if s.id == item[6:]]
        return bool(sk) and sk[0].activation == "active" and sk[0] not in pt.active
    if item.startswith("code:"):
        code = item[5:]
        if code not in ("reinforcement_charm", "curse_charm") or f.inv.get(code, 0) == 0:
            return False
        lim = st.data.code[code].max_per_battle
        return lim is None or (pt.rcharm if code == "reinforcement_charm" else pt.ccharm) < lim
    stack = st.cfg.command_spells.all_params_stackable
    return {"np": not pt.np, "spell_winrate": f.spells > 0, "done": True,
            "spell_params": f.spells > 0 and not pt.params_spell and (not f.buff or stack)}.get(item, False)


def test_b7_a_commitment_is_accepted_and_offered_exactly_when_the_rules_allow_it():
    """``why_not`` checks one commitment without listing them all; both follow §8.3 B7."""
    from grailwar.rules import Commit
    from grailwar.rules.legality import part_of
    rules = game.make_rules({"factions": 7, "control": "npc"})
    items = ["np", "code:reinforcement_charm", "code:curse_charm", "code:magic_mirror", "spell_winrate",
             "spell_params", "skill:nonexistent", "done"]
    seen = refused = 0
    for seed in (1, 2):
        st = rules.new_state(seed)
        while st.pending is not None:
            p = st.pending
            if p.kind == "commit":
                f = st.fac[p.faction]
                pt = part_of(st.cur_battle, p.faction)
                offered = {a.item for a in st.legal_actions(p.faction)}
                for item in ["skill:" + sk.id for sk in f.master.skills + f.servant.skills] + items:
                    ok = _b7_allowed(st, pt, item)
                    assert (st.why_not(Commit(p.faction, item)) is None) == ok, (seed, p.faction, item)
                    assert (item in offered) == ok, (seed, p.faction, item)
                    seen += ok
                    refused += not ok
            st.apply(npc_action(st, p.faction))
    assert seen > 50 and refused > 50


def _chooser(seed):
    """The NPC rules, and for a human seat a random offered action (as the fingerprints do)."""
    rnd = random.Random(seed)
    return lambda st, fid: rnd.choice(st.legal_actions(fid)) if st.fac[fid].human else npc_action(st, fid)


def test_play_out_plays_the_same_war_as_checked_apply_steps():
    """The simulation's loop answers without checking the answer again: the same actions, log,
    save and result as applying each answer through ``apply`` (which refuses anything illegal)."""
    for opts in ({"factions": 7, "control": "npc"}, {"seats": ["human", "npc", "human", "npc"], "max_turns": 6}):
        rules = game.make_rules(opts)
        for seed in (2, 9, 23):
            checked = rules.new_state(seed)
            pick = _chooser(seed)
            while checked.pending is not None:
                checked.apply(pick(checked, checked.pending.faction))
            fast = rules.new_state(seed)
            fast.play_out(_chooser(seed))
            assert checked.is_terminal() and fast.pending is None and fast.flow is None
            assert [x.to_dict() for x in fast.actions] == [x.to_dict() for x in checked.actions]
            assert json.dumps(fast.to_dict(), sort_keys=True, default=str) == \
                json.dumps(checked.to_dict(), sort_keys=True, default=str)
            assert fast.outcome() == checked.outcome()


def test_play_out_stops_a_runaway_war():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    st = rules.new_state(4)
    try:
        st.play_out(npc_action, max_steps=30)
    except RuntimeError as exc:
        assert "runaway" in str(exc)
    else:
        raise AssertionError("a war of 30 decisions should have been stopped")
    assert len(st.actions) == 31 and st.pending is not None


def test_a_war_without_a_log_is_the_same_war():
    """``keep_log`` False (the simulation's wars) writes no log entry and changes nothing else:
    the same decisions, dice, result and save apart from the log."""
    rules = game.make_rules({"factions": 7, "control": "npc"})
    for seed in (4, 11, 30):
        loud = game.play_npc_game(rules, seed)
        quiet = game.play_npc_game(rules, seed, events=False, log=False)
        assert len(loud.log) > 200 and quiet.log == []
        assert [a.to_dict() for a in quiet.actions] == [a.to_dict() for a in loud.actions]
        assert quiet.outcome() == loud.outcome() and quiet.rng.random() == loud.rng.random()
        a, b = loud.to_dict(), quiet.to_dict()
        assert a.pop("log") and b.pop("log") == []
        assert json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def test_a_silent_wars_clone_stays_silent_and_plays_on_the_same():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    loud, quiet = rules.new_state(8), rules.new_state(8, log=False)
    quiet.report_events = False
    for _ in range(60):
        loud.apply(npc_action(loud, loud.pending.faction))
        quiet.apply(npc_action(quiet, quiet.pending.faction))
    a, b = loud.clone(), quiet.clone()
    assert not b.keep_log and not b.report_events and a.keep_log and a.report_events
    a.play_out(npc_action)
    b.play_out(npc_action)
    assert b.log == [] and len(a.log) > 200 and a.outcome() == b.outcome()
    assert [x.to_dict() for x in a.actions] == [x.to_dict() for x in b.actions]


def test_a_war_without_a_log_cannot_take_a_declaration_back():
    """Whether a declaration was the master's own or a disobedient servant's is read from the
    log, so a war that writes none refuses ``Withdraw`` rather than undo the wrong one."""
    rules = game.make_rules({"seats": ["human", "npc", "npc", "npc"]})
    for log in (True, False):
        g = rules.new_state(11, log=log)
        while not (g.pending.kind == "declare" and g.pending.faction == "F1"):
            fid = g.pending.faction
            g.apply(npc_action(g, fid) if not g.fac[fid].human else g.legal_actions(fid)[0])
        g.apply(Declare("F1", "rest"))
        r = g.why_not(Withdraw("F1"))
        assert (r is None) if log else r.key.endswith("nothing_declared")
