"""What the tenth speed pass of the Pendulum engine rests on (docs/PENDULUM-RULES.md, Bots):

* the rules keep their tables in slots: CPython 3.11 keeps at most 29 attributes of an object inline, and with
  more (the rules have 62) they go to a dict where no ``rules.method()`` call is specialised;
* a bot reads its weights (``SHORT_W`` ... ``MOVE_GAIN``) from itself: they are copied from its class when it is
  made, as a class attribute read through an instance is not specialised either; a bot keeps at most 29
  attributes;
* a board reads a reward's track steps from a table made with the board (``kernel.track_tables``), whose
  entries are what ``track_value`` adds up, float for float.
"""
from __future__ import annotations

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import kernel, make_bot
from pendulum.rules.bots.standard import StandardBot
from pendulum.rules.bots.values import Valuation
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


@pytest.mark.parametrize("kind", ["standard", "hard", "easy"])
def test_a_bot_reads_its_weights_from_itself_and_keeps_few_enough_attributes(kind):
    """A bot copies its class's weights to itself when made (a class attribute read through an instance is not
    specialised by CPython 3.11), so each weight reads as its class sets it; and it keeps at most 29 attributes
    (more would move them all to a dict, where no ``self.method()`` call is specialised)."""
    rules = make_rules({"mode": "timetrack", "players": 3})
    bots = {}
    orig = StandardBot.choose

    def seen(self, st):
        bots[self.seat] = self
        return orig(self, st)

    StandardBot.choose = seen
    try:
        play_game(rules, 5, [kind] * 3)
    finally:
        StandardBot.choose = orig
    assert len(bots) == 3
    for bot in bots.values():
        cls = type(bot)
        assert cls.kind == kind
        for name in cls.WEIGHTS:
            assert name in vars(bot) and getattr(bot, name) == getattr(cls, name), name
        assert len(vars(bot)) <= 29, sorted(vars(bot))
    if kind == "hard":                      # a subclass's own weights, not the standard ones
        assert bots[0].VOTE_W == 6.0 and bots[0].RECRUIT == 20.0
    assert make_bot(kind, 0, 1).STAY == 0.5


def test_the_boards_track_tables_hold_what_track_value_adds_up_float_for_float():
    """A board reads a reward's track steps from a table by the track's position: each entry is what the plain
    ``track_value`` gives there (``==`` on floats: the same additions in the same order), up to the track's end."""
    rules = make_rules({"mode": "timetrack", "players": 5})
    tables = kernel.track_tables((repr(rules.parchment), repr(rules.track_max), rules.parchment, rules.track_max))
    assert sorted(tables) == sorted(f"TRACK{n}" for n in range(1, kernel.UNROLL + 1))
    bot = make_bot("standard", 0, 1)
    st = rules.new_state(1)
    p = st.players[0]
    for n in range(1, kernel.UNROLL + 1):
        assert len(tables[f"TRACK{n}"]) == rules.track_max + 1
        for pos in range(rules.track_max + 1):
            p.tracks[0] = pos
            assert tables[f"TRACK{n}"][pos] == bot.track_value(st, p, 0, n), (n, pos)
    assert tables["TRACK1"][rules.track_max] == 0.0         # no step past the end
    assert kernel.track_tables(None) == {}                  # a bot with its own track_value: no table


class _CallsTrackValue(StandardBot):
    """The standard bot with ``track_value`` its own method (the same figures): its boards call it, no table."""

    def track_value(self, st, p, t, n=1):
        return Valuation.track_value(self, st, p, t, n)


@pytest.mark.parametrize("pos", [-2, 0, 7, 13, 14, 20, 21, 24])
def test_every_box_is_valued_as_by_a_board_that_calls_track_value(pos):
    """On the table or off it (a position not reached in play, as in a hand-made state: then ``track_value`` is
    called), a box's worth is what a board calling ``track_value`` at every step gives, float for float."""
    rules = make_rules({"mode": "timetrack", "players": 5})
    st = rules.new_state(2)
    p = st.players[0]
    p.tracks[:] = [pos, pos + 1, pos - 1]
    fast, slow = make_bot("standard", 0, 2), _CallsTrackValue(0, 2)
    assert fast.plain_tracks and not slow.plain_tracks
    stepped = 0
    for sp in rules.spaces.values():
        got, want = fast.act_term(st, p, sp), slow.act_term(st, p, sp)
        assert got == want, (sp.id, pos)
        stepped += any(k.endswith("_vp") for k in sp.effect) and got is not None
    assert stepped


@pytest.mark.parametrize("players,seed", [(5, 4), (3, 11)])
def test_the_simulator_counts_every_action_it_applies_itself(players, seed):
    """The untimed loop applies a plain Done and a Move itself and counts its actions once a pass: the state it
    ends with is the one ``apply`` ends with, action count included."""
    rules = make_rules({"mode": "timetrack", "players": players})
    log, checked_log = [], []
    st, n = play_game(rules, seed, ["standard"] * players, log=log)
    ref, m = play_game(rules, seed, ["standard"] * players, log=checked_log, check=True)
    assert st.action_count == n == len(log) == m == ref.action_count
    assert log == checked_log and st.to_dict() == ref.to_dict()
    assert sum(type(a).__name__ == "Move" for a in log) > 20 and sum(type(a).__name__ == "Done" for a in log) > 20
