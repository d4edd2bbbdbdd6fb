"""The simulator's trusted path (issue 13 item 5): untimed bot games apply each bot's choice with
``apply_chosen``, without asking ``why_not`` a second time. That must change no game, and every public
entry (``state.apply``, ``state.submit``, ``Match.apply``, ``Match.submit``) must still refuse an illegal
action with exactly the refusal ``why_not`` gives."""
from __future__ import annotations

import random

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.sim import play_game
from tabletop.engine import IllegalActionError
from tabletop.engine.match import Match

MIXES = (("standard",), ("hard", "easy"), ("easy", "standard", "hard", "random", "standard"))


@pytest.mark.parametrize("seed", range(6))
def test_untimed_bot_games_are_the_same_with_and_without_the_second_check(seed):
    """Each game is played twice, trusted and checked: the same actions and outcome; then its actions are
    replayed through the checked ``apply`` from a fresh state: none is refused, same end."""
    opts = {"mode": ("timetrack", "beginner")[seed % 2], "players": 2 + seed % 4}
    if seed % 3 == 2:
        opts.update(advanced=True, advanced_variant=True)
    mix = MIXES[seed % len(MIXES)]
    kinds = [mix[i % len(mix)] for i in range(opts["players"])]
    rules = make_rules(opts)
    fast_log, checked_log = [], []
    fast, n = play_game(rules, seed, kinds, log=fast_log)
    checked, m = play_game(rules, seed, kinds, log=checked_log, check=True)
    assert n == m > 100 and fast_log == checked_log
    assert fast.to_dict() == checked.to_dict() and fast.outcome() is not None
    replay = rules.new_state(seed)
    for a in fast_log:
        assert replay.why_not(a) is None, a
        replay.apply(a)
    assert replay.to_dict() == fast.to_dict()


def _illegal(st, rng):
    """Illegal actions of several kinds for the current state (every one refused by ``why_not``)."""
    out = []
    for seat in range(len(st.players)):
        p = st.players[seat]
        cands = [A.Move(seat, w, f) for w in p.workers for f in list(st.rules.frames)[:6]]
        cands += [A.Act(seat, w, s) for w in p.workers for s in list(st.rules.spaces)[:6]]
        cands += [A.Play(seat, c, "") for c in st.rules.cards if c not in p.hand][:3]
        cands += [A.Pickup(seat), A.Claim(seat, "legendary"), A.Choose(seat, "nonsense"), A.Flip(seat, "black")]
        out += [a for a in cands if st.why_not(a) is not None]
    rng.shuffle(out)
    return out[:12]


@pytest.mark.parametrize("mode", ["timetrack", "beginner"])
def test_an_illegal_action_is_refused_with_why_nots_refusal_through_every_public_entry(mode):
    rules = make_rules({"mode": mode, "players": 3})
    assert not rules.timed                     # the untimed games are the ones the trusted path plays
    rng = random.Random(5)
    fast, _ = play_game(rules, 5, ["standard"] * 3, max_actions=150)      # a state well into the game
    match = Match(rules, seed=5, autosave=False)
    log: list = []
    play_game(rules, 5, ["standard"] * 3, max_actions=150, log=log)
    for a in log:
        match.apply(a)
    assert match.state.to_dict() == fast.to_dict()
    bad = _illegal(fast, rng)
    assert len(bad) >= 8
    for a in bad:
        why = fast.why_not(a)
        before = fast.to_dict()
        for entry in (fast.apply, fast.submit, match.apply, match.submit):
            with pytest.raises(IllegalActionError) as err:
                entry(a)
            assert err.value.refusal == why, (entry, a)
        assert fast.to_dict() == before          # refused: nothing changed
