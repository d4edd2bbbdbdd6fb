"""A bot keeps its values between decisions while its own mat is unchanged (``StandardBot.choose``'s memo
key, checked when the engine wrote the mat: ``Player.rev``). Whatever part of the mat the engine changes on
the same state object, the next decision must value the board and the cards as a bot that never saw the old
mat does (tests/pendulum/test_bot_mat_rev.py checks that every engine write takes a new revision); and the
free-move pass reads the frames off the timer rows by area (``rules.rows_table``) in the same order as the
frame list."""
from __future__ import annotations

import itertools

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.bots import make_bot
from pendulum.rules.ids import AREAS, SLOTS


def _values(bot, st, seat):
    """What the bot's decision reads: every reward box's term, every frame's base, every province's value."""
    p = st.players[seat]
    r = st.rules
    boxes = [bot.act_term(st, p, sp) for sp in r.spaces.values()]
    frames = [bot.frame_base(st, p, f) for f in r.frames.values()]
    provinces = [bot.value(st, p, r.provinces[c][col]) for c in sorted(r.provinces) for col in SLOTS]
    return boxes, frames, provinces


def _slot(st, p):
    dec = {"t": "conquer"}
    p.decisions.insert(0, dec)                  # (test set-up: a pending conquest, taken through the engine)
    opts = [o for o in st.decision_options(p, dec) if o.endswith(":yellow")]
    st.apply(A.Choose(p.seat, opts[0]))


def _discard(st, p):
    plays = [a for a in st.legal_actions(p.seat) if a.kind == "play"]
    if plays:
        st.apply(plays[0])                       # the card goes to the discard pile
    else:
        st.gain(p, {"pickup_all_stratagems": True}, None)


MUTATIONS = {                   # a change of one part of a seat's mat, through the engine's own mutation code
    "gold": lambda st, p: st.gain(p, {"gold": 3}, None),
    "military": lambda st, p: st.pay(p, {"military": min(2, p.res[0])}, None, None),
    "votes": lambda st, p: st.gain(p, {"votes": 2}, None),
    "track": lambda st, p: st.track_gain(p, 1, 1, None),
    "slot": _slot,
    "discard": _discard,
    "claims": lambda st, p: st.claim_achievement(p, "reward", None),
}


@pytest.mark.parametrize("players,seed", [(3, 5), (5, 11)])
def test_a_changed_mat_is_valued_afresh(pen, players, seed):
    rules = make_rules({"mode": "timetrack", "players": players})
    seat = 1
    checked = changed = 0
    for st in itertools.islice(pen.bot_positions(rules, seed, 17, phase="action"), 6):
        for name, mutate in MUTATIONS.items():
            work = st.clone()
            warm = make_bot("standard", seat, seed)
            warm.choose(work)                       # values memoised on the mat before the change
            before = _values(warm, work, seat)
            mutate(work, work.players[seat])      # the same state object: the mat differs
            got = warm.choose(work)
            fresh = make_bot("standard", seat, seed)
            assert got == fresh.choose(work), name
            after = _values(warm, work, seat)
            assert after == _values(fresh, work, seat), name
            checked += 1
            changed += after != before
    assert checked >= 40
    assert changed >= checked // 3          # most of these changes do move some value


@pytest.mark.parametrize("mode,players", [("timetrack", 3), ("timetrack", 5), ("realtime", 4)])
def test_rows_table_by_area_lists_the_target_frames_in_order(mode, players):
    rules = make_rules({"mode": mode, "players": players})
    for rows in itertools.product((0, 1), repeat=3):
        tr = dict(zip(AREAS, rows))
        targets, _where, _boxes, by_area = rules.rows_table(tr)
        flat = [(a, f, akey) for a, frames in by_area for f, akey in frames]
        assert flat == [(area, f, akey) for _i, f, akey, area in targets]
        assert [a for a, _ in by_area] == [a for a in AREAS if any(f.area == a for _i, f, _k, _a in targets)]
        assert all(f.area == a and f.id in rules.frames for a, frames in by_area for f, _ in frames)
