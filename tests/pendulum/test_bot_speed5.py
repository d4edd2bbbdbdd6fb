"""Shortcuts of the Pendulum standard bot (pen-sim5) give what the plain computations give.

* ``vp_split_table`` adds a track's steps once, as running sums; each entry must be the very float
  ``track_value(t, k)`` gives (it decides how a bot splits its track steps), at every track position,
  below and above the parchment and against the top of the track.

The other shortcuts change no value at all; the 440 seeded games of test_bot_speed_equivalence.py keep
every choice.
"""
from __future__ import annotations

import itertools

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot
from pendulum.rules.bots.values import Valuation


@pytest.mark.parametrize("kind", ["standard", "hard"])
def test_vp_split_rows_are_the_track_values_bit_for_bit_at_every_track_position(kind):
    rules = make_rules({"mode": "timetrack", "players": 3})
    st = rules.new_state(3)
    bot = make_bot(kind, 0, 3)
    p = st.players[0]
    top = rules.track_max
    checked = 0
    for a, b, c in itertools.product(range(0, top + 1, 3), (0, rules.parchment - 1, rules.parchment, top - 1),
                                     (top - 2, top)):
        p.tracks[:] = [a, b, c]
        for n in range(0, 9):
            rows = bot.vp_split_table(st, p, n)
            want = [[bot.track_value(st, p, t, k) for k in range(n + 1)] for t in range(3)]
            assert rows == want
            assert all(type(x) is float for row in rows for x in row)
            checked += 1
    assert checked > 500


def test_vp_split_rows_in_real_decisions_match_the_plain_formula(pen):
    rules = make_rules({"mode": "timetrack", "players": 4})
    seen = 0
    for st in itertools.islice(pen.bot_positions(rules, 21, 7, limit=2000), 60):
        for p in st.players:
            bot = make_bot("standard", p.seat, 21)
            for n in (1, 2, 3, 5):
                plain = [[Valuation.track_value(bot, st, p, t, k) for k in range(n + 1)] for t in range(3)]
                assert bot.vp_split_table(st, p, n) == plain
                seen += 1
    assert seen >= 200


@pytest.mark.parametrize("kind,field", [("res", "res"), ("vp", "tracks")])
def test_a_chosen_split_gives_exactly_its_cubes_or_steps_every_time_it_is_chosen(pen, kind, field):
    """The reward of a chosen split is made once per option and shared: choosing the same split again (in
    any game) must give the same amounts, and a gain must never change what the next choice gives."""
    st = pen.state(players=3)
    p = st.players[0]
    p.res[:] = [1, 0, 2]
    p.tracks[:] = [3, 5, 1]
    for rnd in range(3):                                    # the first time and again (the shared reward)
        p.decisions = [{"t": kind, "n": 3}]
        options = [a.option for a in st.legal_actions(0) if a.kind == "choose"]
        assert len(options) == 10                           # the splits of 3 over three
        for opt in options:
            work = st.clone()
            before = list(getattr(work.players[0], field))
            work.apply(pen.A.Choose(0, opt))
            after = getattr(work.players[0], field)
            split = [int(x) for x in opt.split("/")]
            assert [a - b for a, b in zip(after, before)] == split, (rnd, opt)
            assert work.players[0].decisions == []
