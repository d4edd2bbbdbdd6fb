"""The war as before: 60 seeds end exactly as they did before the turn flow became
resumable (fixtures/make_fixtures.py wrote their summaries from the old engine), and a save
written by the old engine still loads and plays on to the same end."""
import json
import random
from pathlib import Path

from grailwar import game
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
