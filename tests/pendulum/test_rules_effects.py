"""Pendulum spec section 5.1-5.7: rewards, production, provinces, stratagems, achievements, workers."""
from __future__ import annotations

import pytest

from pendulum.rules import actions as A

CH = ["gambal", "bolk", "mesoat"]


def test_5_1_pick_up_stratagems_costs_5_culture_and_returns_every_discarded_card(pen):
    st = pen.state(players=3, characters=CH)
    st.apply(A.Play(0, "gambal_briber.s1", ""))
    st.apply(A.Play(0, "gambal_briber.s2", ""))
    pen.choose_all(st, 0)
    assert st.players[0].discard == ["gambal_briber.s1", "gambal_briber.s2"]
    pen.res(st, 0, c=4)
    pen.refused(st, A.Pickup(0), "5.1")
    pen.res(st, 0, c=5)
    st.apply(A.Pickup(0))
    p = st.players[0]
    assert p.discard == [] and "gambal_briber.s1" in p.hand and p.res[1] == 0


def test_5_2_gains_are_capped_at_10_cubes_and_at_the_track_end(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    pen.res(st, 0, m=9)
    ev = []
    st.gain(p, {"military": 4, "votes": 12}, ev)
    assert p.res[0] == 10 and p.votes == 12
    p.tracks[1] = 21
    st.gain(p, {"prestige_vp": 2}, ev)
    assert p.tracks[1] == 21


def test_5_2_vp_cost_needs_that_many_steps_above_the_start(pen):
    st = pen.state(players=3, characters=["bolk", "gambal", "mesoat"], advanced=[True, False, False])
    p = st.players[0]
    assert p.character == "bolk_warmonger" and p.start[0] == 0
    p.tracks[0] = 1
    pen.refused(st, A.Play(0, "bolk_warmonger.s4", ""), "4.5")
    p.tracks[0] = 2
    st.apply(A.Play(0, "bolk_warmonger.s4", ""))
    assert p.tracks[0] == 0 and p.workers["0c2"] == "mat"


def test_5_2_wild_resources_are_chosen(pen):
    st = pen.state(players=3, characters=CH)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.4")
    st.apply(A.Act(0, "0c1", "black.bottom.4"))
    opts = [a.option for a in st.legal_actions(0)]
    assert sorted(opts) == ["0/0/1", "0/1/0", "1/0/0"]
    before = st.players[0].res[:]
    st.apply(A.Choose(0, "0/1/0"))
    assert st.players[0].res == [before[0], before[1] + 1, before[2]]


def test_5_3_production_adds_the_tucked_provinces_of_that_slot_colour(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    p.slots["red"] = ["prov01", "prov05"]            # standard red: 2 military; military card red: 2 military
    p.slots["yellow"] = ["prov07"]                  # Ember under yellow: 1 gold
    pen.res(st, 0, m=0, g=2)
    pen.timers(st, green="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    st.apply(A.Act(0, "0g1", "green.bottom.3"))     # red production (1-3 side box 3)
    assert p.res[0] == 4 + 2 + 2 and p.res[2] == 0


def test_5_3_a_province_counts_only_the_octagon_of_its_slot(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    p.slots["yellow"] = ["prov05"]                  # military card under yellow: 1 military
    pen.res(st, 0, m=0, g=0)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.1")
    st.apply(A.Act(0, "0c1", "black.bottom.1"))
    assert p.res[0] == 1 and p.res[2] == 2


def test_5_4_conquer_from_the_display_or_the_deck_and_tuck_under_a_chosen_slot(pen):
    st = pen.state(players=3, characters=CH)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.3")
    pen.res(st, 0, m=5)
    st.apply(A.Act(0, "0c1", "black.bottom.3"))
    assert st.players[0].res[0] == 1
    opts = {a.option for a in st.legal_actions(0)}
    card = st.display[2]
    assert f"{card}:blue" in opts and "deck:red" in opts and len(opts) == 20
    ev = st.apply(A.Choose(0, f"{card}:blue"))
    assert st.players[0].slots["blue"] == [card] and st.display[2] is None
    assert any(e.kind == "province_taken" for e in ev)
    # refilling is optional and open to anyone
    assert A.Refill(1) in st.legal_actions(1)
    st.apply(A.Refill(1))
    assert all(st.display) and len(st.province_deck) == 51


def test_5_4_conquer_from_the_deck_takes_the_top_card(pen):
    st = pen.state(players=3, characters=CH)
    top = st.province_deck[-1]
    p = st.players[0]
    st.gain(p, {"conquer_province": 1}, [])
    st.apply(A.Choose(0, "deck:yellow"))
    assert p.slots["yellow"] == [top]


def test_5_4_g21_empty_deck_means_display_only(pen):
    st = pen.state(players=3, characters=CH)
    st.province_deck.clear()
    p = st.players[0]
    st.gain(p, {"conquer_province": 1}, [])
    assert all(not a.option.startswith("deck") for a in st.legal_actions(0))


def test_5_5_stratagem_goes_to_the_discard_and_gives_its_effect(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    before = p.tracks[1]
    ev = st.apply(A.Play(0, "gambal_briber.s1", ""))
    assert p.tracks[1] == before + 1 and "gambal_briber.s1" in p.discard
    assert any(e.kind == "stratagem_played" for e in ev)
    pen.refused(st, A.Play(0, "gambal_briber.s1", ""), "5.5")


def test_5_5_recruit_a_common_worker_never_more_than_4(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    pen.res(st, 0, g=7)
    st.apply(A.Play(0, "gambal_briber.s4", ""))
    assert p.workers["0c2"] == "mat" and p.res[2] == 0
    p.hand.append("gambal_briber.s4")
    p.discard.remove("gambal_briber.s4")
    pen.res(st, 0, g=7)
    st.apply(A.Play(0, "gambal_briber.s4", ""))
    assert p.workers["0c3"] == "mat"
    p.hand.append("gambal_briber.s4")
    p.discard.remove("gambal_briber.s4")
    pen.res(st, 0, g=7)
    pen.refused(st, A.Play(0, "gambal_briber.s4", ""), "5.7")


def test_5_5_licinia_recruit_pays_8_wild_as_chosen(pen):
    st = pen.state(players=3, characters=["licinia", "bolk", "mesoat"])
    pen.res(st, 0, m=3, c=3, g=3)
    plays = [a for a in st.legal_actions(0) if a.kind == "play" and a.card == "licinia_implacable.s4"]
    assert {a.pay for a in plays} >= {"3/3/2", "2/3/3"} and all(sum(map(int, a.pay.split("/"))) == 8 for a in plays)
    pen.refused(st, A.Play(0, "licinia_implacable.s4", "4/2/2"), "4.5")
    st.apply(A.Play(0, "licinia_implacable.s4", "3/2/3"))
    assert st.players[0].res == [0, 1, 0]


def test_5_5_c19_skips_the_2_gold_of_a_green_or_purple_action(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    p.hand.append("c19")
    pen.timers(st, green="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    pen.res(st, 0, g=0)
    assert not any(a.kind == "act" for a in st.legal_actions(0))
    st.apply(A.Play(0, "c19", ""))
    st.apply(A.Act(0, "0g1", "green.bottom.2"))
    assert p.res[2] == 0 and p.armed == []


def test_5_5_pacifist_resolves_an_action_twice_paying_twice(pen):
    st = pen.state(players=3, characters=["mesoat", "bolk", "gambal"], advanced=[True, False, False])
    p = st.players[0]
    pen.timers(st, green="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    pen.res(st, 0, g=4)
    before = p.tracks[2]
    st.apply(A.Play(0, "mesoat_pacifist.s3", ""))
    st.apply(A.Act(0, "0g1", "green.bottom.2"))       # +2 popularity, twice
    assert p.tracks[2] == before + 4 and p.res[2] == 0


def test_5_5_warmonger_also_takes_the_adjacent_action(pen):
    st = pen.state(players=3, characters=["bolk", "gambal", "mesoat"], advanced=[True, False, False])
    p = st.players[0]
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.2")
    pen.res(st, 0, m=0)
    st.apply(A.Play(0, "bolk_warmonger.s3", ""))
    st.apply(A.Act(0, "0c1", "black.bottom.2"))       # +1 vote
    opts = {a.option for a in st.legal_actions(0)}
    assert opts == {"black.bottom.1", "none"}        # conquer (box 3) is unaffordable
    st.apply(A.Choose(0, "black.bottom.1"))           # yellow production as well
    assert p.res[2] >= 2 and p.workers["0c1"] == "B:black.bottom.2"


def test_5_5_warmonger_exchanges_military_and_culture(pen):
    st = pen.state(players=3, characters=["bolk", "gambal", "mesoat"], advanced=[True, False, False])
    pen.res(st, 0, m=4, c=1)
    st.apply(A.Play(0, "bolk_warmonger.s2", ""))
    opts = {a.option for a in st.legal_actions(0)}
    assert opts == {"m>c:1", "m>c:2", "m>c:3", "m>c:4", "c>m:1"}
    st.apply(A.Choose(0, "m>c:3"))
    assert st.players[0].res[:2] == [1, 4]


def test_5_5_insurgent_places_a_worker_straight_into_a_non_production_action(pen):
    st = pen.state(players=3, characters=["gambal", "bolk", "mesoat"], advanced=[True, False, False])
    pen.timers(st, black="bottom", green="bottom", purple="top")
    st.apply(A.Play(0, "gambal_insurgent.s3", ""))
    opts = {a.option for a in st.legal_actions(0)}
    assert "0c1@black.bottom.2" in opts
    assert not any(o.endswith("black.bottom.1") for o in opts)          # production excluded
    st.apply(A.Choose(0, "0c1@black.bottom.2"))
    p = st.players[0]
    assert p.workers["0c1"] == "B:black.bottom.2" and p.votes == 1


def test_5_5_alchemist_returns_one_other_discarded_stratagem(pen):
    st = pen.state(players=3, characters=["licinia", "bolk", "mesoat"], advanced=[True, False, False])
    pen.res(st, 0, m=5, c=5, g=5)
    st.apply(A.Play(0, "licinia_alchemist.s1", "2/0/0"))
    pen.choose_all(st, 0)
    st.apply(A.Play(0, "licinia_alchemist.s2", "0/2/0"))
    assert [a.option for a in st.legal_actions(0)] == ["licinia_alchemist.s1"]
    st.apply(A.Choose(0, "licinia_alchemist.s1"))
    assert "licinia_alchemist.s1" in st.players[0].hand


def test_5_5_g17_alchemist_vp_card_gives_2_steps_on_one_track(pen):
    st = pen.state(players=3, characters=["licinia", "bolk", "mesoat"], advanced=[True, False, False])
    pen.res(st, 0, m=2)
    p = st.players[0]
    st.apply(A.Play(0, "licinia_alchemist.s1", "2/0/0"))
    assert {a.option for a in st.legal_actions(0)} == {"power", "prestige", "popularity"}
    before = p.tracks[1]
    st.apply(A.Choose(0, "prestige"))
    assert p.tracks[1] == before + 2


def test_5_6_achievement_requirements_are_thresholds_nothing_is_paid(pen):
    st = pen.state(players=4, characters=["gambal", "bolk", "mesoat", "licinia"])
    st.achievement = "a04"                           # 8 military, 3 votes -> 5 gold
    pen.res(st, 0, m=7, g=0, votes=3)
    assert "claim" not in pen.kinds(st, 0)
    pen.refused(st, A.Claim(0, "reward"), "5.6")
    pen.res(st, 0, m=8)
    st.apply(A.Claim(0, "reward"))
    p = st.players[0]
    assert p.res == [8, 0, 5] and p.votes == 3
    assert st.achievement_markers == [0]


def test_5_6_claim_once_per_round(pen):
    st = pen.state(players=4, characters=["gambal", "bolk", "mesoat", "licinia"])
    st.achievement = "a07"
    pen.res(st, 0, m=5, c=5, g=5, votes=5)
    st.apply(A.Claim(0, "reward"))
    pen.refused(st, A.Claim(0, "reward"), "5.6")


def test_5_6_legendary_token_once_per_round_and_once_per_game(pen):
    st = pen.state(players=4, characters=["gambal", "bolk", "mesoat", "licinia"])
    st.achievement = "a07"
    assert st.legendary == "card"
    for s in (0, 1):
        pen.res(st, s, m=5, c=5, g=5, votes=5)
    st.apply(A.Claim(0, "legendary"))
    assert st.players[0].legendary and st.legendary == "taken"
    pen.refused(st, A.Claim(1, "legendary"), "5.6")
    assert A.Claim(1, "reward") in st.legal_actions(1)
    # next round: the token is back but seat 0 never takes it again
    st.legendary = "card"
    st.players[0].claims = 0
    assert A.Claim(0, "legendary") not in st.legal_actions(0)
    pen.refused(st, A.Claim(0, "legendary"), "5.6")


def test_5_6_round_1_with_2_3_players_gives_only_the_lower_reward(pen):
    st = pen.state(players=3, characters=CH)
    st.achievement = "a07"
    pen.res(st, 0, m=5, c=5, g=5, votes=5)
    assert A.Claim(0, "legendary") not in st.legal_actions(0)
    assert A.Claim(0, "reward") in st.legal_actions(0)


@pytest.mark.parametrize("option,votes_needed", [("rulebook", 3), ("guide", 2)])
def test_5_6_d4_elite_troops_votes(pen, option, votes_needed):
    st = pen.state(players=4, elite_troops_votes=option, characters=["gambal", "bolk", "mesoat", "licinia"])
    st.achievement = "a01"
    pen.res(st, 0, m=6, c=2, votes=votes_needed - 1)
    assert "claim" not in pen.kinds(st, 0)
    pen.res(st, 0, votes=votes_needed)
    assert "claim" in pen.kinds(st, 0)


def test_5_6_g14_pacifist_claims_without_the_requirements(pen):
    st = pen.state(players=4, characters=["mesoat", "bolk", "gambal", "licinia"], advanced=[True, False, False, False])
    st.achievement = "a04"
    pen.res(st, 0, m=0, c=4, votes=2)
    st.apply(A.Play(0, "mesoat_pacifist.s2", ""))
    assert {a.option for a in st.legal_actions(0)} == {"legendary", "reward"}
    st.apply(A.Choose(0, "legendary"))
    assert st.players[0].legendary and st.players[0].claims == 1


def test_5_6_g16_tyrant_claims_a_second_time(pen):
    st = pen.state(players=4, characters=["dhrenkir", "bolk", "gambal", "licinia"], advanced=[True, False, False, False])
    st.achievement = "a07"
    pen.res(st, 0, m=5, c=5, g=5, votes=5)
    pen.refused(st, A.Play(0, "dhrenkir_tyrant.s3", ""), "5.6")
    st.apply(A.Claim(0, "legendary"))
    st.apply(A.Play(0, "dhrenkir_tyrant.s3", ""))
    assert [a.option for a in st.legal_actions(0)] == ["reward"]     # legendary never twice
    st.apply(A.Choose(0, "reward"))
    assert st.players[0].claims == 2


def test_5_7_promote_swaps_a_common_for_the_waiting_grande_in_place(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    pen.put(st, "0c1", "B:black.bottom.2")
    st.gain(p, {"special": "promote_common_to_grande"}, [])
    assert [a.option for a in st.legal_actions(0)] == ["0c1"]        # reserve commons do not count
    st.apply(A.Choose(0, "0c1"))
    assert p.workers["0g2"] == "B:black.bottom.2" and p.workers["0c1"] == "gone"


def test_5_7_g27_promoted_commons_never_return(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    st.gain(p, {"special": "promote_common_to_grande"}, [])
    st.apply(A.Choose(0, "0c1"))
    p.workers["0c2"] = "mat"
    p.workers["0c3"] = "mat"
    assert st.workers_in_play(p) == 4
    pen.res(st, 0, g=7)
    pen.refused(st, A.Play(0, "gambal_briber.s4", ""), "5.7")


def test_1_7_glory_banks_steps_past_the_track_end_with_cubes(pen):
    st = pen.state(players=3, characters=CH, advanced_variant=[True, False, False])
    p = st.players[0]
    p.tracks[0] = 21
    pen.res(st, 0, m=1)
    st.gain(p, {"power_vp": 2}, [])
    assert [a.option for a in st.legal_actions(0)] == ["1", "0"]       # as many as cubes allow, or none
    st.apply(A.Choose(0, "1"))
    assert p.tracks[0] == 21 and p.glory == [1, 0, 0] and p.res[0] == 0
    st.gain(p, {"military": 10}, [])
    assert p.res[0] == 9                                               # the glory cube lowers the cap
    q = st.players[1]
    q.tracks[0] = 21
    st.gain(q, {"power_vp": 2}, [])
    assert q.glory == [0, 0, 0] and not q.decisions                   # only with the advanced variant


def test_4_5_a_choice_that_became_impossible_can_be_closed(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    st.gain(p, {"conquer_province": 1}, [])
    st.display = [None] * 4
    st.province_deck.clear()
    assert [a.option for a in st.legal_actions(0)] == ["none"]
    st.apply(A.Choose(0, "none"))
    assert not p.decisions and p.slots == {"brown": [], "red": [], "blue": [], "yellow": []}


def test_5_2_insurgent_red_production_may_retrieve_the_acting_worker(pen):
    st = pen.state(players=3, characters=["gambal", "bolk", "mesoat"], advanced=[True, False, False])
    pen.timers(st, green="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    pen.res(st, 0, g=2)
    st.apply(A.Act(0, "0g1", "green.bottom.3"))          # red production = retrieve a worker
    assert [a.option for a in st.legal_actions(0)] == ["0g1"]
    st.apply(A.Choose(0, "0g1"))
    assert st.players[0].workers["0g1"] == "mat"


def test_5_3_advanced_production_slots(pen):
    st = pen.state(players=3, characters=["mesoat", "licinia", "dhrenkir"], advanced=[True, True, True])
    pac, alc, tyr = st.players
    st.gain(pac, {"production": "red"}, [])
    assert pac.decisions[0]["t"] == "conquer"
    st.gain(alc, {"production": "blue"}, [])
    assert alc.decisions[0] == {"t": "res", "n": 5}
    v = tyr.votes
    st.gain(tyr, {"production": "brown"}, [])
    assert tyr.votes == v + 3


def test_5_5_several_modifier_stratagems_on_one_action(pen):
    st = pen.state(players=3, characters=["mesoat", "bolk", "gambal"], advanced=[True, False, False])
    p = st.players[0]
    p.hand.append("c19")
    pen.timers(st, green="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    pen.res(st, 0, g=2)
    st.apply(A.Play(0, "c19", ""))
    st.apply(A.Play(0, "mesoat_pacifist.s3", ""))
    assert sorted(p.armed) == ["skip_gold", "twice"]
    before = p.tracks[2]
    st.apply(A.Act(0, "0g1", "green.bottom.2"))
    assert p.tracks[2] == before + 4 and p.res[2] == 2 and p.armed == []


def test_5_5_tyrant_pays_1_culture_for_3_wild(pen):
    st = pen.state(players=3, characters=["dhrenkir", "bolk", "gambal"], advanced=[True, False, False])
    pen.res(st, 0, m=0, c=1, g=0)
    st.apply(A.Play(0, "dhrenkir_tyrant.s2", ""))
    st.apply(A.Choose(0, "3/0/0"))
    assert st.players[0].res == [3, 0, 0]


def test_5_5_c13_moves_exactly_one_step_between_main_tracks(pen):
    st = pen.state(players=3, characters=CH)
    p = st.players[0]
    p.hand.append("c13")
    p.tracks = list(p.start)
    pen.refused(st, A.Play(0, "c13", ""), "2.6")
    p.tracks[0] += 1
    st.apply(A.Play(0, "c13", ""))
    assert {a.option for a in st.legal_actions(0)} == {"power>prestige", "power>popularity"}
    st.apply(A.Choose(0, "power>popularity"))
    assert p.tracks == [p.start[0], p.start[1], p.start[2] + 1]


def test_5_5_and_5_6_no_stratagems_or_claims_outside_the_action_phase(pen):
    st = pen.state(players=4, characters=["gambal", "bolk", "mesoat", "licinia"])
    st.phase = "council_adjust"
    pen.res(st, 0, m=10, c=10, g=10, votes=9)
    assert pen.kinds(st, 0) <= {"move", "done", "refill"}
    pen.refused(st, A.Play(0, "gambal_briber.s1", ""), "5.5")
    pen.refused(st, A.Claim(0, "reward"), "5.6")


def test_3_7_the_default_council_reward_is_open_to_everybody(pen):
    st = pen.state(players=3)
    while st.phase in ("action", "council_called"):
        pen.all_done(st)
    for s in list(st.privilege):
        st.apply(A.Choose(s, "council_default"))
        pen.choose_all(st, s)
    assert st.phase in ("council_adjust", "council_trim")


def test_2_4_privilege_track_ranks_by_player_count(pen):
    assert len(pen.raw(players=2).privilege) == 3                    # with the neutral
    assert len(pen.raw(players=2, mode="beginner").privilege) == 2
    assert len(pen.raw(players=3).privilege) == 3
    assert len(pen.raw(players=5).privilege) == 5
