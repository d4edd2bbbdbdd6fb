"""The eighth speed pass (issue 13 item 5): while ``GrailState.play_out`` answers a war with the
NPC rules table, a prompt is answered where the procedure asks it (``prompt.ask``). These tests
check that this is the same war as answering each prompt through ``apply``, that nothing else is
answered that way (another war, a ``choose`` without the table, a war after its ``play_out``), and
that the runaway guard still counts every answer."""
from __future__ import annotations

import json

from grailwar import game
from grailwar.rules import prompt
from grailwar.rules.npc import npc_action
from grailwar.rules.prompt import Pending, ask


def _save(st):
    return json.dumps(st.to_dict(), sort_keys=True, default=str)


def _stepped(rules, seed):
    st = rules.new_state(seed)
    while st.pending is not None:
        st.apply(npc_action(st, st.pending.faction))
    return st


def test_a_war_answered_where_its_prompts_are_posed_is_the_war_apply_plays():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    for seed in (5, 17, 44):
        fast = rules.new_state(seed)
        fast.play_out(npc_action)
        slow = _stepped(rules, seed)
        assert fast.winner is not None and len(fast.actions) > 100
        assert [a.to_dict() for a in fast.actions] == [a.to_dict() for a in slow.actions]
        assert fast.log == slow.log and _save(fast) == _save(slow)


def test_most_prompts_never_reach_the_loop():
    """The flow hands ``play_out`` only what no rule answered where it was asked."""
    rules = game.make_rules({"factions": 7, "control": "npc"})
    st = rules.new_state(12)
    sent = []
    gen = st._gen

    class Spy:
        def send(self, a):
            sent.append(a)
            return gen.send(a)
    st._gen = Spy()
    st.play_out(npc_action)
    assert st.winner is not None
    assert len(sent) < len(st.actions) // 10          # (only the first prompt came through the loop)
    slow = _stepped(rules, 12)
    assert [a.to_dict() for a in st.actions] == [a.to_dict() for a in slow.actions]


def test_ask_gives_a_prompt_outside_play_out_and_for_any_other_war():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    a, b = rules.new_state(3), rules.new_state(4)
    p = ask("slot", "F1", {"choices": ["STR"]}, a)
    assert type(p) is Pending and p.kind == "slot" and p.ctx == {"choices": ["STR"]}
    seen = []

    def choose(st, fid):                     # a plain choose: no rules table, so nothing is answered early
        if not seen:
            seen.append(prompt.NOW)
            assert type(ask("slot", "F1", {"choices": ["STR"]}, b)) is Pending
        return npc_action(st, fid)
    a.play_out(choose)
    assert seen == [None] and prompt.NOW is None
    n = len(b.actions)
    assert type(ask("slot", "F1", {"choices": ["STR"]}, b)) is Pending and len(b.actions) == n


def test_a_war_played_out_inside_another_restores_the_outer_answers():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    outer = rules.new_state(21)
    inner_done = []
    table = npc_action.rules

    def kind_rule(st, f, kind, ctx):          # the table's rule, playing another war out first
        if not inner_done:
            inner = rules.new_state(22)
            inner.play_out(npc_action)
            inner_done.append(inner)
            assert prompt.NOW is not None and prompt.NOW[0] is outer
        return table["commit"](st, f, kind, ctx)

    def choose(st, fid):
        return npc_action(st, fid)
    choose.rules = {**table, "commit": kind_rule}
    outer.play_out(choose)
    assert prompt.NOW is None
    assert [a.to_dict() for a in outer.actions] == [a.to_dict() for a in _stepped(rules, 21).actions]
    assert [a.to_dict() for a in inner_done[0].actions] == [a.to_dict() for a in _stepped(rules, 22).actions]


def test_the_runaway_guard_counts_the_answers_given_where_asked():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    for steps in (0, 1, 7, 45, 120):
        st = rules.new_state(6)
        try:
            st.play_out(npc_action, max_steps=steps)
        except RuntimeError as exc:
            assert "runaway" in str(exc)
        else:
            raise AssertionError("the war should have been stopped")
        assert len(st.actions) == steps + 1 and prompt.NOW is None
        slow = rules.new_state(6)
        for _ in range(steps + 1):
            slow.apply(npc_action(slow, slow.pending.faction))
        assert [a.to_dict() for a in st.actions] == [a.to_dict() for a in slow.actions]
        assert st.pending.kind == slow.pending.kind and st.pending.faction == slow.pending.faction
        assert _save(st) == _save(slow)
