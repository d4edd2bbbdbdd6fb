"""``apply_chosen(action, events=False)`` (the simulator's untimed loop, which reads no events) makes no events
and changes the state exactly as the same action with its events does."""
from __future__ import annotations

import pytest

from pendulum.game import make_rules
from pendulum.rules.sim import play_game


@pytest.mark.parametrize("opts,seed", [
    ({"mode": "timetrack", "players": 5}, 1),
    ({"mode": "timetrack", "players": 3}, 2),
    ({"mode": "timetrack", "players": 4, "advanced": True, "advanced_variant": True}, 5),
])
def test_a_state_moved_without_events_is_the_state_moved_with_them(opts, seed):
    rules = make_rules(opts)
    log: list = []
    play_game(rules, seed, ["standard", "hard", "easy", "standard", "hard"][:opts["players"]], log=log)
    with_events, without = rules.new_state(seed), rules.new_state(seed)
    made = 0
    for action in log:
        events = with_events.apply_chosen(action)
        assert without.apply_chosen(action, False) is None
        made += len(events)
        assert without.to_dict() == with_events.to_dict(), action
    assert without.is_terminal() and made > len(log)
