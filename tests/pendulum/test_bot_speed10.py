"""What the tenth speed pass of the Pendulum engine rests on (docs/PENDULUM-RULES.md, Bots):

* the rules keep their tables in slots: CPython 3.11 keeps at most 29 attributes of an object inline, and with
  more (the rules have 62) they go to a dict where no ``rules.method()`` call is specialised;
"""
from __future__ import annotations

import pytest

from pendulum.game import make_rules
from pendulum.rules.engine import PendulumRules
from pendulum.rules.sim import play_game


@pytest.mark.parametrize("opts", [{"mode": "timetrack", "players": 5}, {"mode": "realtime", "players": 2}])
def test_the_rules_keep_their_tables_in_slots_not_in_a_dict(opts):
    rules = PendulumRules(opts)
    play_game(rules, 3, ["standard"] * opts["players"], max_actions=300)
    assert len(vars(rules)) <= 29, sorted(vars(rules))
    assert not vars(rules), f"tables outside the slots: {sorted(vars(rules))}"
    for name in PendulumRules.__slots__:            # every slot is filled when the rules are made
        getattr(rules, name)


def test_rules_in_slots_are_shared_and_read_as_before():
    rules = make_rules({"mode": "timetrack", "players": 5})
    assert make_rules({"mode": "timetrack", "players": 5}) is rules
    assert rules.parchment == 14 and rules.track_max == 21 and rules.timed is False
    assert rules.move_objs(0, "0c1") is rules.move_objs(0, "0c1")      # the shared tables fill as asked for
    assert rules.rows_table(rules.new_state(1).timer_row) is rules.rows_table(rules.new_state(2).timer_row)
