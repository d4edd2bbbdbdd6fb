"""The tenth speed pass (issue 13 item 5): while ``GrailState.play_out`` answers a war with the
NPC rules table, the commonest decisions are answered by the rule itself where the procedure
stands (a rule's ``direct`` form: the battle's slots, rerolls and commitments, the
declarations; an NPC's comm opening with a ``no_use`` rule), without the prompt's context and
``ask``. These tests check that those paths are taken, that they play the war ``apply`` plays,
and that a war stopped by the runaway guard at any such decision saves what ``apply`` saves; and
that B8 reuses B6's slot comparison only while no commitment changed a parameter."""
from __future__ import annotations

import json

import pytest

from grailwar import game
from grailwar.rules import combat, comm, flow, prompt
from grailwar.rules.comm import talkable
from grailwar.rules.npc import npc_action, talk_of


DIRECT = ("slot", "reroll", "commit", "declare")


def _save(st):
    return json.dumps(st.to_dict(), sort_keys=True, default=str)


def _rules():
    return game.make_rules({"factions": 7, "control": "npc"})


def _stepped(rules, seed, choose=npc_action, saves=None, kinds=None):
    """The war answered one ``apply`` at a time (``saves``: the save after each answer, ``kinds``:
    the kind of each prompt answered)."""
    st = rules.new_state(seed)
    while st.pending is not None:
        if kinds is not None:
            kinds.append(st.pending.kind)
        st.apply(choose(st, st.pending.faction))
        if saves is not None:
            saves.append(_save(st))
    return st


def _spy_asks(monkeypatch):
    """Count the prompts the procedures ask through ``prompt.ask`` while ``play_out`` answers
    them, by kind, from turn 2 (the war's first phase D began before ``play_out``: it asks)."""
    asked: dict = {}
    real = prompt.ask

    def spy(kind, faction, ctx=None, g=None):
        if prompt.NOW is not None and g.turn > 1:   # (turn 1's declarations began before play_out)
            asked[kind] = asked.get(kind, 0) + 1
        return real(kind, faction, ctx, g)
    for mod in (combat, flow, comm):
        monkeypatch.setattr(mod, "ask", spy)
    return asked


def test_the_direct_answers_are_taken_and_play_the_same_war(monkeypatch):
    rules = _rules()
    asked = _spy_asks(monkeypatch)
    kinds: list = []
    uses = 0
    for seed in (3, 29):
        st = rules.new_state(seed)
        st.play_out(npc_action)
        slow = _stepped(rules, seed, kinds=kinds)
        assert st.winner is not None
        assert [a.to_dict() for a in st.actions] == [a.to_dict() for a in slow.actions]
        assert st.log == slow.log and _save(st) == _save(slow)
        uses += sum(a.kind == "use" for a in st.actions)
    assert all(kinds.count(k) > 20 for k in DIRECT), kinds
    assert not {k: n for k, n in asked.items() if k in ("slot", "reroll", "commit")}, asked
    # a declaration is asked as a prompt only when the rule answers with a free use first
    assert asked.get("declare", 0) <= uses < kinds.count("declare") // 4, (asked, uses)
    assert asked.get("comm", 0) < kinds.count("comm") // 2, asked


def test_a_table_without_direct_rules_asks_every_prompt(monkeypatch):
    """A rules table whose rules carry no ``direct`` form (nor ``no_use``) is asked through the
    prompts, and plays the same war."""
    rules = _rules()
    asked = _spy_asks(monkeypatch)

    def choose(st, fid):
        return npc_action(st, fid)
    choose.rules = {k: _plain(r) for k, r in npc_action.rules.items()}
    st = rules.new_state(8)
    st.play_out(choose)
    wrapped = dict(asked)
    asked.clear()
    fast = rules.new_state(8)
    fast.play_out(npc_action)
    assert all(wrapped.get(k) for k in DIRECT) and not any(asked.get(k) for k in DIRECT if k != "declare")
    assert wrapped["comm"] > asked.get("comm", 0) + 10, (wrapped, asked)
    assert [a.to_dict() for a in st.actions] == [a.to_dict() for a in fast.actions]
    assert _save(st) == _save(fast)


def _plain(rule):
    """``rule`` without its ``direct`` form or ``no_use`` mark."""
    return lambda g, f, k, ctx: rule(g, f, k, ctx)


@pytest.mark.parametrize("seed", [6, 12])
def test_a_war_stopped_at_a_direct_decision_saves_what_apply_saves(seed):
    """The runaway guard stops the war at a decision the procedures answer directly (or at the
    next prompt of the procedure that answered it: the talk, the ally asked to accompany an
    approach): the frames (loop counters, the commitment's ``doomed``, the declaration's plan)
    are those ``apply`` leaves at that prompt."""
    rules = _rules()
    saves: list = []
    kinds: list = []
    slow = _stepped(rules, seed, saves=saves, kinds=kinds)
    stops: dict = {}
    for n in range(2, len(kinds)):
        k = kinds[n]
        if k in DIRECT + ("comm", "talk", "accompany") and len(stops.setdefault(k, [])) < 6:
            stops[k].append(n)
    assert set(stops) >= set(DIRECT) | {"comm", "talk"} and (seed != 12 or "accompany" in stops), stops
    for kind, ns in stops.items():
        for n in ns:
            st = rules.new_state(seed)
            with pytest.raises(RuntimeError, match="runaway"):
                st.play_out(npc_action, max_steps=n - 1)
            assert len(st.actions) == n and st.pending is not None and prompt.NOW is None
            assert _save(st) == saves[n - 1], f"{kind} at decision {n}"
            assert [a.to_dict() for a in st.actions] == [a.to_dict() for a in slow.actions[:n]]


def test_a_no_use_comm_rule_that_opens_a_talk_enters_the_talk():
    """An NPC's comm opening answered in phase C itself: an "open" enters the ``comm_for``
    procedure where it would stand (the talk under way), the same war as one ``apply`` at a time."""
    rules = _rules()
    table = npc_action.rules

    def opener(g, f, k, ctx):
        if ctx.get("opened", 0) == 0 and len(f.allies) == 0 and g.turn % 2 == 0:
            ts = [t for t in talkable(g, f) if t not in f.allies]
            if ts:
                return talk_of(f.id, "open", ts[0])
        return table["comm"](g, f, k, ctx)
    opener.no_use = True

    def choose(st, fid):
        p = st.pending
        return choose.rules[p.kind](st, st.fac[fid], p.kind, p.ctx) if p.kind in choose.rules \
            else npc_action(st, fid)
    choose.rules = {**table, "comm": opener}
    for seed in (2, 11):
        fast = rules.new_state(seed)
        fast.play_out(choose)
        opened = [a for a in fast.actions if a.to_dict().get("option") == "open"]
        assert len(opened) > 3
        slow = _stepped(rules, seed, choose)
        assert [a.to_dict() for a in fast.actions] == [a.to_dict() for a in slow.actions]
        assert fast.log == slow.log and _save(fast) == _save(slow)


def test_the_final_rate_reuses_the_slots_only_while_no_commitment_changed_a_value(kit):
    """B8 reuses B6's slot comparison (``Battle.vmemo``) only while no commitment changed a
    parameter: every item each main may commit (each active skill, the noble phantasm, the
    +10 spell, the charms, the win-rate spell), committed between the two, gives the final rate
    and breakdown worked out afresh."""
    g = kit.war(("npc",) * 7)
    for f in g.fac.values():
        f.spells = 3
        f.inv["reinforcement_charm"] = f.inv["curse_charm"] = 1
    changed = {}
    for a in ("F1", "F3", "F5", "F7"):
        for bid in ("F2", "F4", "F6"):
            for side in "AB":
                b0 = _battle(g, a, bid)
                pt = b0.A[0] if side == "A" else b0.B[0]
                for item in combat.commit_options(g, b0, pt):
                    b = _battle(g, a, bid)
                    b.prelim, b.prelim_bd = combat.compute(g, b, False)
                    pt = b.A[0] if side == "A" else b.B[0]
                    combat.commit_item(g, b, pt, item)
                    b.contrib = set()
                    got = combat.compute(g, b, True)
                    b.vmemo, b.contrib = None, set()
                    fresh = combat.compute(g, b, True)
                    assert got == fresh, (a, bid, side, item)
                    kind = item.split(":")[0]
                    changed[kind] = changed.get(kind, 0) + (fresh[1]["slots"] != b.prelim_bd["slots"])
    # the commitments that change a value do change the slots' rows somewhere (else this test could not fail)
    assert changed.get("spell_params") and changed.get("skill"), changed


def _battle(g, a, b):
    bt = combat.Battle(1, "t", "")
    bt.A = [combat.Part(g.fac[a], "A", True, False)]
    bt.B = [combat.Part(g.fac[b], "B", True, False)]
    bt.slots = ["STR", "END", "AGI"]
    for pt in bt.A + bt.B:
        pt.base = combat.base_params(g, pt.f, pt.side, pt.main, False)
    return bt
