"""One legality source: ``why_not`` and ``legal_actions`` agree, ``apply`` refuses with ``why_not``'s
refusal, ``find_action`` gives the action or the refusal, and every refusal the engine can give has a
text in both languages."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from pendulum.rules import actions as A
from pendulum.rules.ids import AREAS, comps, pay_str
from pendulum.rules.refusals import KEY_PREFIX, REFUSALS
from tabletop.data import load_yaml
from tabletop.engine import IllegalActionError, Refusal

ROOT = Path(__file__).resolve().parents[2]


def _fields(text):
    return {f.split("!")[0] for _, f, _, _ in string.Formatter().parse(text) if f}


def _block(lang):
    data, _ = load_yaml(ROOT / "config" / "i18n" / f"{lang}.yaml")
    return data["pendulum"]["refusal"]


def test_every_refusal_has_an_english_and_a_japanese_text_with_the_engines_placeholders():
    en, ja = _block("en"), _block("ja")
    assert set(en) == set(REFUSALS) == set(ja)
    for name, (rule, template) in REFUSALS.items():
        given = _fields(template)                  # the params the engine passes with this refusal
        assert _fields(en[name]) == _fields(ja[name]), name
        assert _fields(en[name]) <= given, (name, en[name])
        bare = re.sub(r"\{[a-z_]+\}", "", ja[name])
        assert not re.search(r"[A-Za-z]", bare), f"ja {name}: {ja[name]!r} is not Japanese"
        assert re.match(r"\d+\.\d+ |api$", rule), (name, rule)


def test_apply_raises_the_refusal_of_why_not_with_its_english_message(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom")
    bad = A.Move(0, "0c1", "black.bottom.1")
    why = st.why_not(bad)
    assert why == Refusal("4.4 timer row", KEY_PREFIX + "frame_on_timer_row", {})
    err = pen.refused(st, bad)
    assert err.refusal == why
    assert err.message == "workers cannot be placed on a row that has its timer"
    why = st.why_not(A.Play(0, "nothing", ""))
    assert why.key == KEY_PREFIX + "card_not_in_hand" and why.params == {"card": "nothing"}
    culture = st.rules.pickup_cost["culture"]
    st.players[0].discard.append(st.players[0].hand.pop())
    pen.res(st, 0, c=culture - 1)
    why = st.why_not(A.Pickup(0))
    assert why.params == {"culture": culture}
    assert pen.refused(st, A.Pickup(0)).message == f"pick up costs {culture} culture"


def test_find_action_gives_the_action_or_the_same_refusal_as_why_not(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom", green="bottom")
    assert st.find_action("0c1", "black.top.2") == A.Move(0, "0c1", "black.top.2")
    assert st.find_action("0c1", "black.bottom.2") == st.why_not(A.Move(0, "0c1", "black.bottom.2"))
    assert st.find_action("9c1", "mat").key == KEY_PREFIX + "no_such_piece"
    assert st.find_action("0c1", "nowhere").key == KEY_PREFIX + "no_such_target"
    assert st.find_action("0c1", "mat").key == KEY_PREFIX + "already_on_mat"
    card = st.players[1].hand[0]
    got = st.find_action(card, "play")
    assert got == A.Play(1, card, got.pay) if isinstance(got, A.Play) else got == st.why_not(A.Play(1, card, ""))
    assert st.find_action("black", "black").key == KEY_PREFIX + "flip_untimed"


# ----------------------------------------------------------------------------- the property
def _candidates(st, seat):
    """Legal and illegal actions of every kind for ``seat``: all workers (also other seats') to every
    frame and the mat, acting on every box, every card in any hand with every payment, flips, claims..."""
    r = st.rules
    out = []
    workers = [w for p in st.players for w in p.workers] + ["n1", "9c1"]
    for w in workers:
        out.append(A.Move(seat, w, "mat"))
        out.extend(A.Move(seat, w, f) for f in r.frames)
        out.extend(A.Act(seat, w, s) for s in r.spaces)
    out.append(A.Move(seat, f"{seat}c1", "nowhere"))
    cards = {c for p in st.players for c in p.hand + p.discard} | set(st.council_offer) - {None}
    for c in sorted(cards):
        out.append(A.Play(seat, c, ""))
        n = r.cards[c]["cost"].get("any_resource", 0)
        out.extend(A.Play(seat, c, pay_str(*x)) for x in comps(n or 1))
    out.extend(A.Flip(seat, t) for t in AREAS + ("white",))
    out += [A.Pickup(seat), A.Refill(seat), A.Resume(seat), A.Done(seat), A.Done(seat, True)]
    out += [A.Claim(seat, t) for t in ("legendary", "reward", "both")]
    p = st.players[seat]
    if p.decisions:
        out.extend(A.Choose(seat, o) for o in st.decision_options(p, p.decisions[0]))
    out += [A.Choose(seat, "none"), A.Choose(seat, "1/0/0"), A.Choose(seat, "nonsense")]
    return out


MODES = ("timetrack", "realtime", "beginner")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st_.integers(0, 10_000), players=st_.integers(2, 5), mode=st_.sampled_from(MODES),
       advanced=st_.booleans(), steps=st_.integers(0, 600), picks=st_.randoms(use_true_random=False))
def test_property_an_action_is_listed_iff_why_not_accepts_it(pen, seed, players, mode, advanced, steps, picks):
    rules = pen.rules(players=players, mode=mode, advanced=advanced, advanced_variant=advanced)
    st = rules.new_state(seed)
    for _ in range(steps):                      # a random point of a random game
        if st.is_terminal():
            break
        options = [a for s in st.seats_to_act() for a in st.legal_actions(s)]
        if not options:
            st.advance(1.0 + picks.random() * 6)
            continue
        st.apply(picks.choice(options))
    for seat in range(players):
        legal = st.legal_actions(seat)
        assert len(set(legal)) == len(legal), "an action is listed twice"
        listed = set(legal)
        for a in legal:
            assert st.why_not(a) is None, (a, st.why_not(a))
        refused = []
        for a in _candidates(st, seat):
            why = st.why_not(a)
            assert (why is None) == (a in listed), (a, why, st.phase)
            if why is not None:
                assert isinstance(why, Refusal) and why.key[len(KEY_PREFIX):] in REFUSALS
                refused.append((a, why))
        for a, why in picks.sample(refused, min(4, len(refused))):
            before = st.to_dict()
            with pytest.raises(IllegalActionError) as info:
                st.apply(a)
            assert info.value.refusal == why and info.value.rule == why.rule
            assert st.to_dict() == before
