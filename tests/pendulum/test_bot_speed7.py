"""What the seventh speed pass of the Pendulum bots and engine rests on (docs/PENDULUM-RULES.md, Bots):

* a board keeps its frames' worths by ``Frame.aidx``, the frame's number in its area: two frames share a
  number exactly when they share their boxes' actions, and the bot reads the same worth through it as the
  frame's own boxes give;
* a worker's move finds frames by location (``rules.loc_frame``, ``frame_loc``, ``box_loc``) instead of
  slicing: the occupancy of every frame still follows the workers through whole seeded games;
* ``apply_chosen`` finds an action's handler by its class, and a subclass of an action still applies;
* the standard bot seeds its own random stream only when it is read, with the same seed as before.
"""
from __future__ import annotations

import random

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.bots import make_bot
from pendulum.rules.ids import AREAS

MODES = [("timetrack", 2), ("timetrack", 3), ("timetrack", 5), ("realtime", 4)]


@pytest.mark.parametrize("mode,players", MODES)
def test_frames_share_a_number_in_their_area_exactly_when_they_share_their_boxes_actions(mode, players):
    rules = make_rules({"mode": mode, "players": players})
    for area in AREAS:
        frames = [f for f in rules.frames.values() if f.area == area]
        assert sorted({f.aidx for f in frames}) == list(range(len({f.akey for f in frames})))
        for f in frames:
            for g in frames:
                assert (f.aidx == g.aidx) == (f.akey == g.akey), (f.id, g.id)


@pytest.mark.parametrize("seed", [5, 6])
def test_a_bot_reads_each_frame_worth_as_the_best_of_its_own_boxes(seed):
    """The worth under ``Frame.aidx`` is the frame's best box (-3 for a box it cannot pay, -5 for none), at
    many points of a seeded game: a frame read under another frame's number would differ somewhere."""
    rules = make_rules({"mode": "timetrack", "players": 4})
    st = rules.new_state(seed)
    bots = [make_bot("standard", i, seed) for i in range(4)]
    checked = differing = 0
    while st.phase != "game_over":
        for s in st.seats_to_act():
            bot, p = bots[s], st.players[s]
            a = bot.choose(st)
            if st.phase in ("action", "council_called"):
                worths = set()
                for f in rules.frames.values():
                    terms = [bot.act_term(st, p, rules.spaces[sid]) for sid in f.spaces]
                    want = max([-5.0] + [-3.0 if t is None else t for t in terms])
                    got = bot.frame_base(st, p, f)
                    assert got == want, (seed, f.id)
                    worths.add(got)
                    checked += 1
                differing += len(worths) > 3
            if a is None:
                continue
            st.apply(a)
            if st.phase == "game_over":
                break
    assert checked > 1000 and differing > 20        # (the frames' worths do differ: a mix-up would show)


def _occupancy(st):
    occ = {}
    for p in st.players:
        for w, loc in p.workers.items():
            if loc.startswith("F:"):
                occ.setdefault(loc[2:], []).append(w)
    for w, loc in st.neutral_workers.items():
        occ.setdefault(loc[2:], []).append(w)
    return {f: sorted(ws) for f, ws in occ.items()}


@pytest.mark.parametrize("mode,players,kind,seed", [("timetrack", 5, "standard", 11), ("timetrack", 2, "random", 12),
                                                    ("timetrack", 3, "easy", 13)])
def test_every_frames_occupancy_follows_the_workers_through_a_whole_game(mode, players, kind, seed):
    rules = make_rules({"mode": mode, "players": players})
    assert all(rules.frame_loc[f] == "F:" + f for f in rules.frames)
    assert all(rules.box_loc[b] == "B:" + b for b in rules.spaces)
    st = rules.new_state(seed)
    bots = [make_bot(kind, i, seed) for i in range(players)]
    moves = acts = 0
    while st.phase != "game_over":
        for s in st.seats_to_act():
            a = bots[s].choose(st)
            if a is None:
                continue
            st.apply_chosen(a, False)
            moves += a.kind == "move"
            acts += a.kind == "act"
            assert {f: sorted(ws) for f, ws in st.frame_occ.items() if ws} == _occupancy(st), (seed, a)
            if st.phase == "game_over":
                break
    assert moves > 20 and acts > 10


def test_a_subclass_of_an_action_applies_as_the_action_does():
    rules = make_rules({"mode": "timetrack", "players": 3})

    class MyDone(A.Done):
        pass

    one, two = rules.new_state(3), rules.new_state(3)
    bots = [make_bot("standard", i, 3) for i in range(3)]
    while one.phase != "action":                       # the opening, the same on both
        s = one.seats_to_act()[0]
        a = bots[s].choose(one)
        one.apply(a)
        two.apply(a)
    s = one.seats_to_act()[0]
    assert one.apply(A.Done(s)) == two.apply(MyDone(s))
    assert one.to_dict() == two.to_dict() and one.players[s].done


@pytest.mark.parametrize("kind", ["standard", "hard"])
def test_the_standard_bots_random_stream_is_seeded_as_before_when_first_read(kind):
    bot = make_bot(kind, 2, 7)
    assert "rng" not in vars(bot)                      # not made for a game that never reads it
    want = random.Random((7 * 6007 + 2 * 15485863) ^ 0x57D)
    assert [bot.rng.random() for _ in range(3)] == [want.random() for _ in range(3)]
    easy = make_bot("easy", 2, 7)                      # the easy bot's own stream, made at once
    assert easy.rng.random() == random.Random((7 * 4273 + 2 * 611953) ^ 0xEA5).random()
