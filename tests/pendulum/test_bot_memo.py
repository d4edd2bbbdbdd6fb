"""A bot keeps its values between decisions while its own mat is unchanged (``StandardBot.choose``'s memo
key). Whatever part of the mat changes on the same state object, the next decision must value the board
and the cards as a bot that never saw the old mat does; and the free-move pass reads the frames off the
timer rows by area (``rules.rows_table``) in the same order as the frame list."""
from __future__ import annotations

import itertools

import pytest

from pendulum.game import make_rules
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


def _slot(p, rules):
    p.slots["yellow"].append(sorted(rules.provinces)[0])


MUTATIONS = {                   # a change of one part of a seat's mat (made in place, as the engine does)
    "gold": lambda p, r: p.res.__setitem__(2, p.res[2] + 3),
    "military": lambda p, r: p.res.__setitem__(0, max(0, p.res[0] - 2)),
    "votes": lambda p, r: setattr(p, "votes", p.votes + 2),
    "track": lambda p, r: p.tracks.__setitem__(1, p.tracks[1] + 1),
    "slot": _slot,
    "discard": lambda p, r: p.discard.append("x"),
    "claims": lambda p, r: setattr(p, "claims", p.claims + 1),
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
            mutate(work.players[seat], rules)      # the same state object: only the mat differs
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
