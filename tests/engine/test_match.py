"""The shared Match: apply/record/undo/autosave in one place, the same for both games."""
from __future__ import annotations

import json
import os

import pytest

from tabletop.engine import IllegalActionError, Refusal, saves
from tabletop.engine.match import Match
from tabletop.engine.record import replay
from tests.conformance.counter_game import Add, CounterRules, CounterState


class RevealingCounter(CounterState):
    """Adding 2 'reveals' something: it closes the undo window."""

    @classmethod
    def reveals(cls, events):
        return any(e.n == 2 for e in events)

    def clone(self):
        return RevealingCounter(self.rules, self.rng.clone(), self.total, self.turn, self.winner)


def _match(**kw):
    rules = CounterRules(target=6)
    state = rules.new_state(3)
    return Match(rules, state, seed=3, **kw), state.turn


def test_accepted_actions_are_recorded_and_replay_to_the_same_state():
    m, first = _match()
    m.apply(Add(first, 1))
    m.apply(Add(1 - first, 2))
    assert [e["a"]["n"] for e in m.record.actions] == [1, 2]
    assert replay(m.record, m.rules).to_dict() == m.state.to_dict()


def test_an_illegal_action_is_refused_with_its_rule_and_nothing_changes():
    m, first = _match()
    seen = []
    m.subscribe(seen.append)
    with pytest.raises(IllegalActionError) as info:
        m.apply(Add(1 - first, 1))            # not this seat's turn
    assert info.value.rule == "counter.turn"
    assert isinstance(info.value.refusal, Refusal)
    assert m.record.actions == [] and m.state.total == 0 and seen == []


def test_why_not_agrees_with_apply():
    m, first = _match()
    assert m.why_not(Add(first, 1)) is None
    refusal = m.why_not(Add(1 - first, 1))
    assert refusal is not None and refusal.key


def test_listeners_hear_each_applied_action_with_its_events_and_can_unsubscribe():
    m, first = _match()
    seen = []
    off = m.subscribe(seen.append)
    m.apply(Add(first, 1))
    assert seen[-1].kind == "applied" and seen[-1].action == Add(first, 1)
    assert seen[-1].events[0].total == 1
    off()
    m.apply(Add(1 - first, 1))
    assert len(seen) == 1


def test_undo_restores_state_and_record_for_undoable_actions_only():
    m, first = _match(undoable=lambda a: a.seat == first)
    m.state.__class__ = RevealingCounter     # the state says what reveals
    m.apply(Add(first, 1))
    assert m.can_undo()
    assert m.undo() is True
    assert m.state.total == 0 and m.record.actions == []
    m.apply(Add(first, 2))                    # reveals: the window closes
    assert not m.can_undo() and m.undo() is False
    assert m.state.total == 2


def test_a_state_without_reveals_never_offers_undo():
    m, first = _match(undoable=lambda a: True)
    m.apply(Add(first, 1))
    assert not m.can_undo()


def test_autosave_writes_before_the_first_action_and_after_each_one():
    m, first = _match(autosave=True)
    path = m.save_path
    assert path.exists(), "the first autosave is written before the game's first frame"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"] == [] and "started" in data["meta"]
    m.apply(Add(first, 2))
    m.flush()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["actions"]) == 1 and not data["meta"].get("finished")


def test_a_finished_game_is_marked_finished_on_disk():
    m, first = _match(autosave=True)
    seat = first
    while not m.is_terminal():
        m.apply(m.legal_actions(seat)[-1])
        seat = 1 - seat
    data = json.loads(m.save_path.read_text(encoding="utf-8"))
    assert data["meta"]["finished"] is True
    assert replay(saves.read_record(m.save_path), m.rules).is_terminal()


def test_a_failed_autosave_is_reported_and_cleared_by_a_later_success(tmp_path, monkeypatch):
    m, first = _match(autosave=True)
    seen = []
    m.subscribe(seen.append)
    real = saves.write_record

    def full_disk(record, path=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_record", full_disk)
    m.apply(Add(first, 1))
    m.flush()
    assert "No space left" in m.save_error
    assert [u.kind for u in seen].count("save_failed") == 1
    monkeypatch.setattr(saves, "write_record", real)
    assert m.retry_save() is True and m.save_error == ""
    assert json.loads(m.save_path.read_text(encoding="utf-8"))["actions"][0]["a"]["n"] == 1


def test_close_leaves_the_last_accepted_action_on_disk():
    m, first = _match(autosave=True)
    m.apply(Add(first, 1))
    m.apply(Add(1 - first, 1))
    m.close()
    assert len(saves.read_record(m.save_path).actions) == 2
    assert not [f for f in os.listdir(m.save_path.parent) if f.endswith(".tmp")]


def test_real_time_requests_are_recorded_when_the_window_applies_them():
    """Pendulum 4.8: a submitted request is applied (and recorded) when the window closes."""
    from pendulum.game import make_rules
    from pendulum.rules.bots import BotDriver
    rules = make_rules({"mode": "realtime", "players": 3})
    m = Match(rules, seed=5)
    driver = BotDriver({0: "standard", 1: "random", 2: "standard"}, seed=5, delay=0.5)
    applied = []
    m.subscribe(lambda u: applied.append(u.action) if u.kind == "applied" else None)
    for _ in range(600):
        for action in driver.tick(m.state):
            try:
                m.submit(action)
            except IllegalActionError:
                pass
        m.advance(0.25)
    assert len(m.record.actions) > 10
    assert [a.to_dict() for a in applied] == [e["a"] for e in m.record.actions]
    m.record.end_time = m.time
    assert replay(m.record, rules).to_dict() == m.state.to_dict()
