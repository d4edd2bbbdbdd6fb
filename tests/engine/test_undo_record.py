"""Undo by snapshot, records and replay, using the tiny counter game."""
import json

import pytest

from tabletop.engine import Action, IllegalActionError, Record, SaveError, UndoStack, replay
from tests.conformance.counter_game import Add, CounterRules


def _play(rules, seed, moves):
    state = rules.new_state(seed)
    record = Record(game="counter", seed=seed, options=rules.options_dict(), seats=["human", "bot"])
    for n in moves:
        action = Add(state.turn, n)
        state.apply(action)
        record.add(action)
    return state, record


def test_undo_restores_the_snapshot_and_the_record_length():
    rules = CounterRules(target=20)
    state = rules.new_state(5)
    record = Record(game="counter", seed=5)
    undo = UndoStack()
    for n in (1, 2, 2):
        undo.push(state, len(record.actions))
        a = Add(state.turn, n)
        state.apply(a)
        record.add(a)
    assert state.total == 5
    state, length = undo.pop()
    record.truncate(length)
    assert state.total == 3 and len(record.actions) == 2
    state, length = undo.pop()
    assert state.total == 1 and length == 1
    assert undo.can_undo()


def test_undo_snapshot_is_not_changed_by_later_play():
    rules = CounterRules(target=20)
    state = rules.new_state(5)
    undo = UndoStack()
    undo.push(state, 0)
    state.apply(Add(state.turn, 2))
    snap, _ = undo.pop()
    assert snap.total == 0


def test_closing_the_window_and_the_limit():
    rules = CounterRules(target=50)
    state = rules.new_state(1)
    undo = UndoStack(limit=3)
    for i in range(5):
        undo.push(state, i)
    assert [undo.pop()[1] for _ in range(3)] == [4, 3, 2]
    assert not undo.can_undo()
    undo.push(state, 0)
    undo.close()
    assert not undo.can_undo()


def test_record_json_round_trip_and_replay_equal_live_state():
    rules = CounterRules(target=10)
    live, record = _play(rules, 42, [1, 2, 2, 1, 2, 2])
    record.meta["names"] = ["Aki", "Bot"]
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == 1 and data["game"] == "counter" and data["seats"] == ["human", "bot"]
    assert data["actions"][0]["a"]["kind"] == "add" and data["actions"][0]["a"]["n"] == 1
    back = Record.from_json(text)
    assert back == record
    replayed = replay(back, rules)
    assert replayed.to_dict() == live.to_dict()
    assert replayed.is_terminal() and replayed.outcome() == live.outcome()
    partial = replay(back, rules, to=2)
    assert partial.total == 3


def test_record_keeps_engine_time():
    record = Record(game="counter", seed=1)
    record.add(Add(0, 1), time=12.3456789)
    assert record.actions[0]["t"] == 12.345679
    assert Record.from_json(record.to_json()).actions == record.actions


def test_replay_of_an_illegal_record_names_the_action():
    rules = CounterRules(target=10)
    state = rules.new_state(3)
    record = Record(game="counter", seed=3)
    record.add(Add(1 - state.turn, 1))            # the wrong seat
    with pytest.raises(SaveError, match=r"record action 1 \(add seat=\d n=1\)"):
        replay(record, rules)


def test_illegal_action_names_the_rule_and_leaves_state():
    rules = CounterRules(target=10)
    state = rules.new_state(3)
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(Add(state.turn, 5))
    assert info.value.rule == "counter.turn" and "[counter.turn]" in str(info.value)
    assert state.to_dict() == before


@pytest.mark.parametrize("data, message", [
    ({"format": 99, "game": "counter", "seed": 1}, "format: saved by a newer version of the program (format 99"),
    ({"format": "x", "game": "counter", "seed": 1}, "format: not a record format number"),
    ({"game": "counter"}, "seed: missing"),
    ({"game": "counter", "seed": "12"}, "seed: expected int, got str"),
    ({"game": "counter", "seed": 1, "actions": [{"x": 1}]}, "actions.0: expected"),
    ({"game": "counter", "seed": 1, "actions": [{"a": {"kind": "add"}, "t": "soon"}]}, "actions.0.t: expected a number"),
    ([1, 2], "not a record"),
])
def test_bad_records_are_refused_clearly(data, message):
    with pytest.raises(SaveError) as info:
        Record.from_dict(data, "save.json")
    assert str(info.value).startswith("save.json: ")
    assert message in str(info.value)


def test_action_objects_of_a_record():
    record = Record(game="counter", seed=1)
    record.add(Add(0, 2), time=1.0)
    assert record.actions_as_objects() == [(Add(0, 2), 1.0)]
    assert Action.from_text("counter", "add seat=0 n=2") == Add(0, 2)


def test_replay_of_an_unknown_action_kind_is_a_save_error():
    record = Record(game="counter", seed=3, actions=[{"a": {"kind": "teleport", "seat": 0}}])
    with pytest.raises(SaveError, match="record action 1: not an action of counter"):
        replay(record, CounterRules(target=10))
