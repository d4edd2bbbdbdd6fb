"""The resumable turn flow: 60 seeds end exactly as they did before the flow became
resumable (fixtures/make_fixtures.py wrote their summaries from the old engine); a save
written by the old engine still loads and plays on to the same end; a copy or a save made at
any decision plays on exactly like the war, and loading one replays nothing."""
import json
import random
from pathlib import Path

import pytest

from grailwar import game
from grailwar.rules import npc_action
from grailwar.rules.state import GrailState

from .fixtures.make_fixtures import MIXED, play, summary

FIX = Path(__file__).resolve().parent / "fixtures"


def test_sixty_seeds_end_in_the_same_state_as_before():
    want = json.loads((FIX / "gw_end_states.json").read_text())
    npc = game.make_rules({"factions": 7, "control": "npc"})
    got = {str(seed): summary(play(npc.new_state(seed), None)) for seed in range(1, 51)}
    assert got == want["npc7"]
    mixed = game.make_rules({"seats": MIXED, "max_turns": 6})
    got = {str(seed): summary(play(mixed.new_state(seed), random.Random(seed))) for seed in range(1, 11)}
    assert got == want["mixed5"]


def test_a_save_written_before_the_change_loads_and_plays_on_to_the_same_end():
    old = json.loads((FIX / "gw_old_save.json").read_text())
    rules = game.make_rules({"seats": MIXED, "max_turns": 6})
    s = GrailState.from_dict(old["save"], rules)
    assert (s.turn, s.phase, s.pending.kind, s.pending.faction) == (2, "C", "comm", "F1")
    assert json.loads(json.dumps(s.to_dict()["log"])) == old["save"]["log"]
    assert summary(play(s, random.Random(99))) == old["end"]


def _canon(s):
    return json.dumps(s.to_dict(), sort_keys=True, default=str)


def _policy(state, seed, step):
    """NPCs by their rules, humans by a die fixed by (seed, step): the same from any copy."""
    fid = state.seats_to_act()[0]
    if state.fac[fid].human:
        return random.Random(f"{seed}:{step}").choice(state.legal_actions(fid))
    return npc_action(state, fid)


def _finish(state, seed, step):
    while not state.is_terminal():
        state.apply(_policy(state, seed, step))
        step += 1
    return _canon(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_copy_or_a_save_made_at_any_decision_plays_on_exactly_like_the_war(seed):
    """Clone at every decision (and save/load at every fifth) gives the same state; copies taken
    along the way, played on with the same choices, end where the war ends."""
    rules = game.make_rules({"seats": ["human", "npc", "human", "human", "npc"], "max_turns": 4})
    s = rules.new_state(seed)
    copies, kinds, step = [], set(), 0
    while not s.is_terminal():
        c = s.clone()
        assert _canon(c) == _canon(s)
        assert (c.pending.kind, c.pending.ctx.get("choices")) == (s.pending.kind, s.pending.ctx.get("choices"))
        if step % 5 == 0:
            r = GrailState.from_dict(json.loads(json.dumps(s.to_dict())), rules)
            assert _canon(r) == _canon(s)
            if step % 15 == 0:
                copies.append((step, c, r))
        kinds.add(s.pending.kind)
        s.apply(_policy(s, seed, step))
        step += 1
    end = _canon(s)
    assert {"declare", "slot", "commit", "comm"} <= kinds
    for at, c, r in copies:
        assert _finish(c, seed, at) == end, f"the clone made at decision {at} ended elsewhere"
        assert _finish(r, seed, at) == end, f"the save made at decision {at} ended elsewhere"


def test_loading_a_save_replays_nothing(monkeypatch):
    rules = game.make_rules({"seats": ["human", "npc", "npc", "npc"], "max_turns": 5})
    s = rules.new_state(3)
    for step in range(60):
        s.apply(_policy(s, 3, step))
    data = json.loads(json.dumps(s.to_dict()))
    assert s.turn >= 2 and len(data["actions"]) == 60 and not s.is_terminal()

    def no_replay(self, action):
        raise AssertionError("from_dict applied an action")
    monkeypatch.setattr(GrailState, "apply", no_replay)
    again = GrailState.from_dict(data, rules)
    assert _canon(again) == _canon(s)
    assert again.clone().to_dict() == again.to_dict()


def test_a_save_whose_flow_does_not_fit_is_refused_with_the_field_named():
    from tabletop.engine import SaveError
    rules = game.make_rules({"seats": ["npc"] * 3, "max_turns": 2})
    s = rules.new_state(5)
    for _ in range(30):
        s.apply(npc_action(s, s.pending.faction))
    data = json.loads(json.dumps(s.to_dict()))
    broken = json.loads(json.dumps(data))
    broken["flow"]["sub"]["fn"] = "no_such_step"
    with pytest.raises(SaveError, match="flow"):
        GrailState.from_dict(broken, rules)
    broken = json.loads(json.dumps(data))
    del broken["factions"]["F2"]["knowledge"]
    with pytest.raises(SaveError, match="factions.F2"):
        GrailState.from_dict(broken, rules)
