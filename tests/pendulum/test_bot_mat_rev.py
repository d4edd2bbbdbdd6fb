"""The mat revision (``Player.rev``, ids.MAT_REVS) is the bots' only sign that their values must be checked
again (``StandardBot.choose``): every engine write of a mat must take a new one. These tests play seeded
games of every bot level, untimed and in real time, and compare each action's changes with the revisions;
and they check that a bot trusting the revision decides, at every decision, as one that checks its memo key
every time, with the values a fresh bot works out."""
from __future__ import annotations

import itertools

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot
from pendulum.rules.ids import SLOTS
from pendulum.rules.sim import play_game
from pendulum.rules.state import PendulumState


def _mat(p):
    return (tuple(p.res), p.votes, tuple(p.tracks), tuple(p.glory), p.legendary, p.had_token, p.claims,
            tuple(p.hand), tuple(p.discard), tuple(p.keep), tuple(tuple(p.slots[c]) for c in SLOTS))


def _shared(st):
    return st.round, st.achievement, st.legendary


GAMES = [  # (mode, players, bots, advanced variant for every seat, seeds)
    ("timetrack", 5, "standard", False, (1,)),
    ("timetrack", 3, "random", True, (3, 4)),
    ("timetrack", 4, "easy,hard,random,standard", True, (6,)),
    ("beginner", 2, "random", False, (8,)),
    ("realtime", 3, "standard,random,easy", True, (10,)),
]

DECISIONS = [{"t": "res", "n": 2}, {"t": "vp", "n": 2}, {"t": "vp1", "n": 2}, {"t": "conquer"}, {"t": "retrieve"},
             {"t": "promote"}, {"t": "exchange"}, {"t": "move_vp"}, {"t": "return", "self": ""}, {"t": "direct"},
             {"t": "claim", "waive": True}, {"t": "glory", "track": 0, "n": 1}, {"t": "glory", "track": 2, "n": 2},
             {"t": "trim"}]


@pytest.fixture
def writes(monkeypatch):
    """Checks every ``apply_chosen`` and ``advance``: a player whose mat (or the round, achievement or legendary
    token) changed has a revision it never had before. Yields ``{what changed a mat: how often}``."""
    top = {}                        # seat -> the highest revision seen (they only grow, in any state)
    out = {}
    apply_chosen, advance = PendulumState.apply_chosen, PendulumState.advance

    def snap(st):
        return [((_mat(p), _shared(st)), p.rev) for p in st.players]

    def check(st, before, what):
        for i, p in enumerate(st.players):
            if (_mat(p), _shared(st)) != before[i][0]:
                assert p.rev != before[i][1] and p.rev > top.get(i, 0), (what, i)
                out[what] = out.get(what, 0) + 1
            top[i] = max(top.get(i, 0), p.rev)

    def checked_apply(self, action, events=True):
        before = snap(self)
        what = action.kind
        if what == "choose" and self.players[action.seat].decisions:
            what = "choose:" + self.players[action.seat].decisions[0]["t"]
        got = apply_chosen(self, action, events)
        check(self, before, what)
        return got

    def checked_advance(self, seconds):
        before = snap(self)
        got = advance(self, seconds)
        check(self, before, "advance")
        return got

    monkeypatch.setattr(PendulumState, "apply_chosen", checked_apply)
    monkeypatch.setattr(PendulumState, "advance", checked_advance)
    yield out


def test_every_engine_write_of_a_mat_in_bot_games_takes_a_new_revision(writes):
    """Whole seeded games of every bot level, untimed and in real time; what changed where is counted, so a
    game mix that stops reaching a kind of write fails here too."""
    for mode, players, bots, variant, seeds in GAMES:
        rules = make_rules({"mode": mode, "players": players, "advanced_variant": [variant] * players})
        kinds = bots.split(",") if "," in bots else [bots] * players
        for seed in seeds:
            st, n = play_game(rules, seed, kinds, check=True)
            assert st.phase == "game_over" and n > 100
    for what in ("act", "play", "pickup", "claim", "choose:res", "choose:vp", "choose:conquer", "choose:council",
                 "done"):           # (done: the council's end and a new round, both change every mat)
        assert writes.get(what, 0) > 0, (what, writes)


def test_every_choice_that_writes_a_mat_takes_a_new_revision(pen, writes):
    """Each kind of pending choice, opened on positions of a seeded game, with every option the rules list."""
    rules = make_rules({"mode": "timetrack", "players": 4, "advanced_variant": [True] * 4})
    for st in itertools.islice(pen.bot_positions(rules, 12, 37, limit=1200, phase="action"), 12):
        for seat in range(4):
            for dec in DECISIONS:
                work = st.clone()
                p = work.players[seat]
                if dec["t"] == "return" and not p.discard:
                    p.discard.append(p.hand.pop())          # (test set-up: a card to take back)
                if dec["t"] == "trim":
                    p.slots["red"] += list(rules.provinces)[:4]
                p.decisions = [dict(dec)]
                for a in [a for a in work.legal_actions(seat) if a.kind == "choose"][:6]:
                    w = work.clone()
                    w.apply(a)
    for what in ("choose:res", "choose:vp", "choose:vp1", "choose:conquer", "choose:exchange", "choose:move_vp",
                 "choose:return", "choose:direct", "choose:claim", "choose:glory", "choose:trim"):
        assert writes.get(what, 0) > 0, (what, writes)


def test_saves_and_clones_carry_no_revision_and_loading_takes_fresh_ones():
    rules = make_rules({"mode": "timetrack", "players": 3})
    st, _ = play_game(rules, 4, ["standard"] * 3, max_actions=120)
    d = st.to_dict()
    assert all("rev" not in p for p in d["players"])
    back = PendulumState.from_dict(d, rules)
    assert back == st
    assert all(b.rev > p.rev for b, p in zip(back.players, st.players))
    twin = st.clone()
    assert [p.rev for p in twin.players] == [p.rev for p in st.players]     # the same mats, for now
    twin.gain(twin.players[0], {"gold": 1}, None)
    assert twin.players[0].rev > max(p.rev for p in st.players)            # never a number seen before


def _values(bot, st, p):
    r = st.rules
    boxes = [bot.act_term(st, p, sp) for sp in r.spaces.values()]
    frames = [bot.frame_base(st, p, f) for f in r.frames.values()]
    provinces = [bot.value(st, p, r.provinces[c][col]) for c in sorted(r.provinces) for col in SLOTS]
    return boxes, frames, provinces


@pytest.mark.parametrize("players,kind,seeds", [(5, "standard", (31, 32, 33)), (3, "hard", (34, 35)),
                                                (4, "easy", (36, 37))])
def test_a_bot_trusting_the_revision_decides_as_one_that_checks_its_key_every_time(players, kind, seeds):
    """At every decision of whole seeded games: the bot that skips its memo key while the revision is the same
    makes the same choice as a twin that builds and compares the key each time (the policy before the
    revision), and its memoised values are a fresh bot's."""
    rules = make_rules({"mode": "timetrack", "players": players})
    decisions = valued = 0
    for seed in seeds:
        st = rules.new_state(seed)
        bots = [make_bot(kind, i, seed) for i in range(players)]
        twins = [make_bot(kind, i, seed) for i in range(players)]
        while st.phase != "game_over":
            moved = False
            for s in st.seats_to_act():
                twins[s].mat_changed()          # (the twin: its key is built and compared every time)
                a = bots[s].choose(st)
                assert a == twins[s].choose(st), (seed, decisions)
                decisions += 1
                if decisions % 3 == 0 and st.phase != "game_over":
                    p = st.players[s]
                    assert _values(bots[s], st, p) == _values(make_bot(kind, s, seed), st, p), (seed, decisions)
                    valued += 1
                if a is None:
                    continue
                st.apply(a)
                moved = True
                if st.phase == "game_over":
                    break
            assert moved
    assert decisions > 600 * len(seeds) // 2 and valued > decisions // 4
