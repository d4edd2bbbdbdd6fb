"""Pendulum spec section 5.8-5.9: the council phase step by step and the four rounds."""
from __future__ import annotations

import pytest

from pendulum.rules import actions as A


def to_council(pen, st):
    """Every seat declares done until the council rewards start."""
    while st.phase in ("action", "council_called"):
        pen.all_done(st)
    assert st.phase == "council_rewards"


def finish_council(pen, st, pick=0):
    while st.phase in ("council_rewards", "council_trim"):
        for s in st.seats_to_act():
            pen.choose_all(st, s, pick)


def test_5_8_step1_privilege_by_votes_ties_reverse_the_current_order(pen):
    st = pen.state(players=3)
    st.privilege = [0, 1, 2]
    for s, v in ((0, 2), (1, 3), (2, 2)):
        pen.res(st, s, votes=v)
    to_council(pen, st)
    assert st.privilege == [1, 2, 0]
    assert all(p.votes == 0 for p in st.players)          # all votes go back to the bank


def test_5_8_step1_all_tied_reverses_the_whole_order(pen):
    st = pen.state(players=4)
    st.privilege = [3, 1, 0, 2]
    for s in range(4):
        pen.res(st, s, votes=1)
    to_council(pen, st)
    assert st.privilege == [2, 0, 1, 3]


def test_1_5_neutral_counts_with_3_votes_at_council(pen):
    st = pen.state(players=2)
    st.privilege = [0, 1, -1]
    pen.res(st, 0, votes=3)
    pen.res(st, 1, votes=4)
    to_council(pen, st)
    assert st.privilege == [1, -1, 0]                     # tie 3-3: the lower (neutral) moves ahead


def test_5_8_step2_rewards_one_seat_at_a_time_in_the_new_order(pen):
    st = pen.state(players=3)
    to_council(pen, st)
    order = st.privilege
    for s in order:
        assert st.seats_to_act() == [s]
        assert st.players[s].decisions[0]["t"] == "council"
        opts = [a.option for a in st.legal_actions(s)]
        assert "council_default" in opts
        pen.refused(st, A.Move(s, f"{s}c1", "mat"), "5.8")
        pen.choose_all(st, s)


@pytest.mark.parametrize("players,third,bonus", [(3, "rulebook", [2, 1, 0]), (3, "guide", [2, 1, 1]),
                                                  (4, "rulebook", [2, 1, 1, 0]), (5, "rulebook", [2, 1, 1, 0, 0])])
def test_5_8_step2_rank_bonus_by_player_count(pen, players, third, bonus):
    st = pen.state(players=players, third_rank_vp_on_1_3_side=third)
    to_council(pen, st)
    got = []
    for s in list(st.privilege):
        decs = [d["t"] for d in st.players[s].decisions]
        got.append(st.players[s].decisions[1]["n"] if decs == ["council", "vp"] else 0)
        pen.choose_all(st, s)
    assert got == bonus


@pytest.mark.parametrize("option,bonus", [("none", [1, 0]), ("best_real_player", [2, 1])])
def test_5_8_g3_a_rank_held_by_the_neutral(pen, option, bonus):
    st = pen.state(players=2, neutral_council_bonus=option)
    st.privilege = [0, 1, -1]
    pen.res(st, 0, votes=0)
    pen.res(st, 1, votes=0)
    to_council(pen, st)
    assert st.privilege[0] == -1
    got = []
    for s in st.real_order():
        decs = st.players[s].decisions
        got.append(decs[1]["n"] if len(decs) > 1 else 0)
        pen.choose_all(st, s)
    assert got == bonus


def test_5_8_bonus_any_vp_may_be_split_never_legendary(pen):
    st = pen.state(players=3)
    to_council(pen, st)
    first = st.privilege[0]
    st.apply(A.Choose(first, "council_default"))
    st.apply(A.Choose(first, "1/0/0"))
    opts = {a.option for a in st.legal_actions(first)}
    assert opts == {"2/0/0", "1/1/0", "1/0/1", "0/2/0", "0/1/1", "0/0/2"}
    before = st.players[first].tracks[:]
    st.apply(A.Choose(first, "1/0/1"))
    after = st.players[first].tracks
    assert after == [before[0] + 1, before[1], before[2] + 1]


def test_5_8_grande_card_once_per_council_and_back_up_after(pen):
    st = pen.state(players=3)
    to_council(pen, st)
    a, b, c = st.privilege
    st.apply(A.Choose(a, "council_grande"))
    assert st.legal_actions(a)[0].option == f"{a}c1"
    st.apply(A.Choose(a, f"{a}c1"))
    assert st.players[a].workers[f"{a}g2"] == "mat" and st.players[a].workers[f"{a}c1"] == "gone"
    pen.choose_all(st, a)
    assert "council_grande" not in [x.option for x in st.legal_actions(b)]
    finish_council(pen, st)
    assert st.grande_up
    # a player with 2 grandes and no common in play can never take it again
    assert "council_grande" not in st.council_options(st.players[a])


def test_5_8_card_kinds_stratagem_to_hand_immediate_removed_keep_beside_mat(pen):
    st = pen.state(players=3)
    st.council_offer = ["c11", "c08", "c04", "c20", "c05"]
    to_council(pen, st)
    a, b, c = st.privilege
    st.apply(A.Choose(a, "c11"))
    pen.choose_all(st, a)
    assert "c11" in st.players[a].hand
    m = st.players[b].res[0]
    st.apply(A.Choose(b, "c08"))
    pen.choose_all(st, b)
    assert st.players[b].res[0] == min(10, m + 5) and "c08" not in st.players[b].hand
    assert st.council_offer == [None, None, "c04", "c20", "c05"]       # taken cards are not replaced
    st.apply(A.Choose(c, "c04"))
    pen.choose_all(st, c)
    assert st.players[c].keep == ["c04"] and st.slot_limit(st.players[c]) == 3
    st.council_offer = ["c05"]
    assert "c05" not in st.council_options(st.players[c])           # one max-3 card per player
    assert "c05" in st.council_options(st.players[a])


def test_5_8_step3_province_slots_trimmed_to_2_or_3_with_the_max3_card(pen):
    st = pen.state(players=3)
    st.players[0].slots["red"] = ["prov01", "prov02", "prov03", "prov04"]
    st.players[1].slots["blue"] = ["prov05", "prov06", "prov07", "prov08"]
    st.players[1].keep = ["c05"]
    to_council(pen, st)
    for s in list(st.privilege):
        pen.choose_all(st, s)
    assert st.phase == "council_trim"
    assert sorted(st.seats_to_act()) == [0, 1]
    opts = {a.option for a in st.legal_actions(0)}
    assert opts == {"red:prov01", "red:prov02", "red:prov03", "red:prov04"}
    st.apply(A.Choose(0, "red:prov02"))
    st.apply(A.Choose(0, "red:prov04"))
    st.apply(A.Choose(1, "blue:prov05"))
    assert st.players[0].slots["red"] == ["prov01", "prov03"]
    assert st.players[1].slots["blue"] == ["prov06", "prov07", "prov08"]
    assert st.phase == "council_adjust"


def test_5_8_step4_reset_for_the_next_round(pen):
    st = pen.state(players=3)
    old_offer = list(st.council_offer)
    old_display = list(st.display)
    old_ach = st.achievement
    st.achievement_markers = [1]
    st.players[1].claims = 1
    to_council(pen, st)
    assert st.legendary == "waiting"
    finish_council(pen, st)
    assert st.phase == "council_adjust"
    assert len(st.council_offer) == 5 and not set(st.council_offer) & set(old_offer)
    assert not set(st.display) & set(old_display) and len(st.province_deck) == 48
    assert st.achievement != old_ach and st.legendary == "card"       # 2-3 players: the token enters now
    assert st.achievement_markers == [] and st.players[1].claims == 0
    assert st.markers == 3 and st.grande_up


def test_5_8_step5_worker_adjustment_then_step6_restart_flip(pen):
    st = pen.state(players=3)
    to_council(pen, st)
    finish_council(pen, st)
    assert st.phase == "council_adjust"
    kinds = pen.kinds(st, 0)
    assert kinds <= {"move", "done", "refill"} and "move" in kinds
    rows = dict(st.timer_row)
    pen.all_done(st)
    assert st.phase == "action" and st.round == 2
    assert all(st.timer_row[a] == 1 - rows[a] for a in rows)
    assert st.markers == 2


def test_5_8_final_cards_in_the_4th_council_pay_their_cost(pen):
    st = pen.state(players=3)
    for _ in range(3):
        to_council(pen, st)
        finish_council(pen, st)
        pen.all_done(st)
    assert st.round == 4
    assert sorted(st.council_offer) == ["f1", "f2", "f3", "f4", "f5"]
    to_council(pen, st)
    a = st.privilege[0]
    p = st.players[a]
    p.res = [4, 3, 3]
    opts = [x.option for x in st.legal_actions(a)]
    assert "f5=4/3/3" in opts and "f3" not in opts and "f1" in opts
    st.apply(A.Choose(a, "f5=4/3/3"))
    assert p.legendary and p.res == [0, 0, 0]
    b = st.privilege[1]
    pen.choose_all(st, a)
    st.players[b].legendary = True
    st.players[b].res = [10, 10, 10]
    assert not any(x.option.startswith("f5") for x in st.legal_actions(b))


def test_5_9_four_rounds_then_game_over(pen):
    st = pen.state(players=3)
    for r in range(1, 5):
        assert st.round == r
        to_council(pen, st)
        finish_council(pen, st)
        if r < 4:
            pen.all_done(st)
    assert st.is_terminal() and st.phase == "game_over"
    assert st.outcome()["reason"] in ("no_legendary", "legendary_lowest_track", "full_parchment")
    assert st.seats_to_act() == [] and all(st.legal_actions(s) == [] for s in range(3))


def test_5_8_council_stratagem_cards_cost_nothing_when_taken_only_when_played(pen):
    # 5.8: only the final cards are paid when chosen; a stratagem card (sun icon) goes to the hand and its
    # printed cost ("pay 2 gold -> +1 popularity") is paid when it is played (5.5).
    st = pen.state(players=3)
    st.council_offer = ["c20", "c15", "c17", "c08", "c09"]
    to_council(pen, st)
    a = st.privilege[0]
    p = st.players[a]
    p.res = [0, 0, 0]
    opts = [x.option for x in st.legal_actions(a)]
    assert "c20" in opts and "c15" in opts and "c17" in opts
    st.apply(A.Choose(a, "c20"))
    assert p.res == [0, 0, 0] and "c20" in p.hand
    pen.choose_all(st, a)
    b = st.privilege[1]
    st.players[b].res = [3, 0, 0]
    st.apply(A.Choose(b, "c17"))
    assert st.players[b].res == [3, 0, 0] and "c17" in st.players[b].hand
