"""Pendulum spec sections 1-2: modes, player counts, set-up, opening placement, characters."""
from __future__ import annotations

import pytest

from pendulum.rules import actions as A
from tabletop.engine import DataError


@pytest.mark.parametrize("players,side", [(2, "1-3"), (3, "1-3"), (4, "4-5"), (5, "4-5")])
def test_2_2_board_side_by_player_count(pen, players, side):
    r = pen.rules(players=players)
    assert r.board_side == side
    green_top = r.frames_by_row[("green", 0)]
    if side == "1-3":
        assert sorted(f.kind for f in green_top) == ["large", "small"]
        assert len(r.spaces_by_row[("green", 0)]) == 3
    else:
        assert [f.kind for f in green_top] == ["single"] * 3
    assert len(r.spaces_by_row[("black", 1)]) == 4


def test_2_2_g1_fallback_layout_uses_one_frame_per_box(pen):
    r = pen.rules(players=2, board_1_3_layout="like_4_5")
    assert [f.kind for f in r.frames_by_row[("green", 0)]] == ["single"] * 3
    assert len(r.neutral_frames) == 4


def test_2_2_timers_start_on_top_rows_with_three_time_markers(pen):
    st = pen.raw(players=4)
    assert st.timer_row == {"green": 0, "purple": 0, "black": 0}
    assert st.markers == 3
    assert st.remaining["black"] == 45 and st.remaining["green"] == 120 and st.remaining["purple"] == 180


@pytest.mark.parametrize("players,where", [(2, "council_deck"), (3, "council_deck"), (4, "card"), (5, "card")])
def test_2_2_legendary_token_in_round_1_by_player_count(pen, players, where):
    st = pen.raw(players=players)
    assert st.achievement is not None
    assert st.legendary == where
    assert len(st.achievement_deck) == 9


def test_2_2_d1_guide_option_reveals_no_achievement_in_round_1(pen):
    st = pen.state(players=3, round1_achievement_2_3p="guide")
    pen.res(st, 0, m=10, c=10, g=10, votes=9)
    assert "claim" not in pen.kinds(st, 0)
    assert len(st.achievement_deck) == 10
    st4 = pen.raw(players=4, round1_achievement_2_3p="guide")
    assert st4.achievement is not None            # the option only concerns 2-3 players


def test_2_2_council_deck_built_as_the_spec_says(pen):
    st = pen.raw()
    assert len(st.council_offer) == 5
    assert all(c.startswith("c") for c in st.council_offer)
    deck = st.council_deck
    assert len(deck) == 15
    assert deck[:5] == ["f1", "f2", "f3", "f4", "f5"]       # the finals are the bottom of the deck
    assert all(c.startswith("c") for c in deck[5:])
    assert len(set(st.council_offer) | set(deck[5:])) == 15   # 10 regular cards removed unseen
    assert st.grande_up


def test_2_2_province_display_has_four_cards_from_a_56_card_deck(pen):
    st = pen.raw()
    assert len(st.display) == 4 and all(st.display)
    assert len(st.province_deck) == 52
    assert len(set(st.display) | set(st.province_deck)) == 56


def test_2_3_player_setup_workers_and_bank(pen):
    st = pen.raw(players=3)
    for p in st.players:
        s = p.seat
        assert p.workers == {f"{s}c1": "mat", f"{s}g1": "mat", f"{s}c2": "reserve", f"{s}c3": "reserve",
                             f"{s}g2": "council"}
        assert len(p.hand) == 4 and p.discard == []
        assert p.tracks == p.start


@pytest.mark.parametrize("mat", ["gambal", "bolk", "mesoat", "licinia", "dhrenkir"])
@pytest.mark.parametrize("advanced", [False, True])
def test_2_6_characters_start_with_their_cubes_votes_tracks_and_stratagems(pen, mat, advanced):
    st = pen.raw(players=2, characters=[mat, "random"], advanced=[advanced, False])
    p = st.players[0]
    ch = st.rules.characters[p.character]
    assert ch.mat == mat and ch.side == ("advanced" if advanced else "basic")
    sr = ch.starting_resources
    assert p.res == [sr.military, sr.culture, sr.gold] and p.votes == sr.votes
    tp = ch.start_track_positions
    assert p.tracks == [tp.power, tp.prestige, tp.popularity]
    assert p.hand == [s.id for s in ch.stratagems]
    steps = sum(14 - t for t in p.tracks)
    assert steps == 33 if not advanced else 33 <= steps <= 35


def test_2_6_gambal_briber_matches_the_guide(pen):
    st = pen.raw(players=2, characters=["gambal", "bolk"])
    p = st.players[0]
    assert p.character == "gambal_briber"
    assert p.res == [0, 0, 6] and p.votes == 0
    assert st.rules.production["gambal_briber"] == {"brown": {"power_vp": 1}, "red": {"military": 4},
                                                     "blue": {"culture": 5}, "yellow": {"gold": 2}}
    assert st.rules.name("gambal_briber", "ja") == "贈賄者ガンベイル"


def test_2_3_random_characters_are_distinct_and_seeded(pen):
    a = pen.raw(players=5, seed=3)
    b = pen.raw(players=5, seed=3)
    assert [p.character for p in a.players] == [p.character for p in b.players]
    assert len({p.character.split("_")[0] for p in a.players}) == 5


def test_2_3_privilege_order_random_and_seeded(pen):
    orders = {tuple(pen.raw(players=4, seed=s).privilege) for s in range(12)}
    assert len(orders) > 1
    assert pen.raw(players=4, seed=5).privilege == pen.raw(players=4, seed=5).privilege


def test_2_5_opening_places_grande_then_common_in_privilege_order_on_bottom_rows(pen):
    st = pen.raw(players=3)
    order = st.privilege
    seen = []
    while st.phase == "opening":
        seat = st.seats_to_act()[0]
        acts = st.legal_actions(seat)
        assert acts and all(a.kind == "move" for a in acts)
        assert all(st.rules.frames[a.to].row == 1 for a in acts)        # bottom rows only
        for other in range(3):
            if other != seat:
                assert st.legal_actions(other) == []
        kind = acts[0].worker[-2]
        seen.append((seat, kind))
        st.apply(acts[0])
    assert seen == [(s, "g") for s in order] + [(s, "c") for s in order]


def test_2_5_opening_common_cannot_join_a_frame_taken_by_an_opening_grande(pen):
    st = pen.raw(players=3)
    first = st.privilege[0]
    st.apply(A.Move(first, f"{first}g1", "green.bottom.small"))
    while st.opening and st.opening[0][1] == "g":
        seat = st.opening[0][0]
        st.apply(A.Move(seat, f"{seat}g1", "black.bottom.1"))
    seat = st.opening[0][0]
    pen.refused(st, A.Move(seat, f"{seat}c1", "green.bottom.small"), "3.4")
    assert all(a.to != "green.bottom.small" for a in st.legal_actions(seat))


def test_2_5_opening_nothing_else_allowed(pen):
    st = pen.raw(players=3)
    seat = st.seats_to_act()[0]
    pen.refused(st, A.Play(seat, st.players[seat].hand[0], ""), "5.5")
    pen.refused(st, A.Done(seat), "4.6")
    other = [s for s in range(3) if s != seat][0]
    pen.refused(st, A.Move(other, f"{other}g1", "black.bottom.1"), "2.5")


def test_2_5_opening_ends_by_flipping_all_timers_to_bottom_and_knocking_one_marker(pen):
    st = pen.state(players=3, clear=False)
    assert st.timer_row == {"green": 1, "purple": 1, "black": 1}
    assert st.markers == 2
    # the opening workers can act at once
    seat = st.privilege[0]
    assert any(a.kind == "act" for a in st.legal_actions(seat)) or st.players[seat].res[2] < 2


def test_1_5_two_players_have_a_neutral_that_blocks_common_workers_only(pen):
    st = pen.state(players=2)
    r = st.rules
    assert r.neutral and len(st.neutral_workers) == 4
    assert st.privilege[-1] == -1
    blocked = {r.frames[loc[2:]].spaces[0] for loc in st.neutral_workers.values()}
    actions = {(r.spaces[s].area, r.spaces[s].row, r.spaces[s].action) for s in blocked}
    assert actions == {("green", 0, "green.red_production"), ("green", 1, "green.power1_votes2"),
                       ("purple", 0, "purple.brown_production"), ("purple", 1, "purple.blue_production")}
    pen.timers(st, green="top")
    pen.refused(st, A.Move(0, "0c1", "green.bottom.small"), "3.4")
    st.apply(A.Move(0, "0g1", "green.bottom.small"))         # a grande may still enter
    assert st.players[0].workers["0g1"] == "F:green.bottom.small"


def test_1_4_super_beginner_two_players_have_no_neutral(pen):
    st = pen.state(players=2, mode="beginner")
    assert not st.rules.neutral and st.neutral_workers == {}
    assert -1 not in st.privilege and len(st.privilege) == 2
    assert st.rules.rank_bonus == [2, 1]
    assert not st.rules.timed
    st2 = pen.state(players=2, mode="timetrack", neutral_player_2p="guide")
    assert st2.neutral_workers == {}


def test_1_1_options_are_validated(pen):
    with pytest.raises(DataError):
        pen.rules(players=6)
    with pytest.raises(DataError):
        pen.rules(mode="blitz")
    with pytest.raises(DataError):
        pen.rules(winner_rule="nobody")
    with pytest.raises(DataError):
        pen.rules(players=2, characters=["bolk", "bolk"])


def test_6_every_assumed_point_is_an_option_with_the_recommended_default(pen):
    o = pen.rules().options_dict()
    expect = {"board_1_3_layout": "frames", "neutral_council_bonus": "none", "privilege_track_spaces_4_5": 5,
              "elite_troops_votes": "rulebook", "purple_space_votes": 1, "c06_kind": "immediate", "f3_power": 3,
              "warmonger_blue": "military3_gold2", "pacifist_claim_waives_requirements": True,
              "pacifist_twice_pays_twice": True, "tyrant_second_claim_requires": True, "alchemist_vp_amount": 2,
              "empty_province_deck": "display_only", "auto_flip_after": 0, "claim_window": 1.0,
              "council_end_timers_finished": True, "track_floor_is_start": True, "recruit_from_promoted": False,
              "round1_achievement_2_3p": "rulebook", "third_rank_vp_on_1_3_side": "rulebook",
              "winner_rule": "rulebook", "neutral_player_2p": "rulebook"}
    for k, v in expect.items():
        assert o[k] == v, k


def test_3_6_refill_is_listed_whenever_it_is_allowed_opening_and_council_too(pen):
    # 3.6: any player may refill an empty display spot at any moment, also during the opening placement
    # (2.5) and the council steps (5.8); the engine lists it wherever apply accepts it
    st = pen.raw(players=3)
    st.display[1] = None
    for s in range(3):
        assert A.Refill(s) in st.legal_actions(s)
    other = [s for s in range(3) if s not in st.seats_to_act()][0]
    st.apply(A.Refill(other))
    assert all(st.display)
    st = pen.state(players=3)
    while st.phase in ("action", "council_called"):
        pen.all_done(st)
    assert st.phase == "council_rewards"
    st.display[0] = None
    waiting = [s for s in range(3) if not st.players[s].decisions]
    assert waiting and all(st.legal_actions(s) == [A.Refill(s)] for s in waiting)
    st.apply(A.Refill(waiting[0]))
    assert all(st.display)


def test_2_4_g5_privilege_track_spaces_option_sizes_the_4_5_track(pen):
    # 2.4 / G5: the 1-3 side has 3 privilege positions; the 4-5 side has the option's number (default 5),
    # which must hold every rank in play
    assert pen.rules(players=3).privilege_track_spaces == 3
    assert pen.rules(players=2).privilege_track_spaces == 3
    assert pen.rules(players=5).privilege_track_spaces == 5
    assert pen.rules(players=4, privilege_track_spaces_4_5=4).privilege_track_spaces == 4
    with pytest.raises(DataError):
        pen.rules(players=5, privilege_track_spaces_4_5=4)
