"""§2-§7, §9-§13: state, derived values, mana check, the seven actions, events, comm turn."""
import pytest

from grailwar.rules import Declare, flow
from grailwar.rules.legality import declare_error
from tabletop.engine import GameRng

HUMANS3 = ("human", "human", "human")


# --- §3 -------------------------------------------------------------------------------------
def test_3_8_rng_vectors():
    r = GameRng(12345)
    assert [r.d(100) for _ in range(8)] == [42, 2, 83, 30, 37, 20, 57, 17]
    r = GameRng(20240601)
    assert [r.d(100) for _ in range(8)] == [12, 43, 79, 59, 86, 43, 21, 44]


def test_3_3_order_rotates_humans_then_npcs_by_id(kit):
    g = kit.war(("npc", "human", "human", "npc"))
    assert g.order() == ["F2", "F3", "F1", "F4"]
    g.turn = 2
    assert g.order() == ["F3", "F2", "F1", "F4"]


# --- §4 setup ---------------------------------------------------------------------------------
def test_4_setup_locations_mana_spells_items(kit):
    g = kit.war(("npc",) * 7)
    locs = [f.location for f in g.fac.values()]
    assert len(set(locs)) == 7
    assert all(g.data.loc[l].grade in ("none", "small") for l in locs)
    assert all(g.loc_owner[f.location] == f.id for f in g.fac.values())
    assert all(f.mana == f.max_mana == f.level * 3 for f in g.fac.values())
    assert all(f.spells == 3 for f in g.fac.values())
    marco = g.fac["F4"]            # Deep Pockets: 2 jewels and a charm
    assert marco.inv["magic_jewel"] == 2 and marco.inv["reinforcement_charm"] == 1
    assert g.log[0]["key"] == "grailwar.log.seed" and g.log[0]["params"] == {"seed": 7}
    assert g.log[1]["kind"] == "choice" and g.log[1]["key"] == "grailwar.log.label.start_location"


def test_2_2_twenty_two_locations_with_grade_counts(kit):
    g = kit.war()
    assert len(g.data.locations) == 22
    counts = {}
    for l in g.data.locations:
        counts[l.grade] = counts.get(l.grade, 0) + 1
        assert 0 <= l.map.x <= 1000 and 0 <= l.map.y <= 1000 and l.en and l.ja
    assert counts == {gr: g.data.grades[gr].count for gr in g.data.grades}


# --- §2.11 deficit --------------------------------------------------------------------------
@pytest.mark.parametrize("mana,pen", [(0, 0), (-19, 0), (-20, 10), (-39, 10), (-40, 20), (-99, 40),
                                      (-100, 50), (-101, 50), (-119, 50), (-120, 60)])
def test_2_11_deficit_table(kit, mana, pen):
    g = kit.war()
    f = g.fac["F1"]
    f.mana = mana
    assert g.penalty(f) == pen
    assert g.doomed(f) == (mana < -100)


def test_2_11_shown_parameters_floor_at_zero(kit):
    g = kit.war(("npc",) * 5)
    caster = g.fac["F5"]
    caster.mana = -120
    assert g.shown(caster, "STR") == 0 and g.shown(caster, "MAG") == 0
    assert caster.level == 55                                  # level is never reduced


# --- §9 / §13 mana check ------------------------------------------------------------------------
def _stand_by_loc(kit, g, fid, grade="none"):
    kit.place(g, fid, kit.empty_loc(g, grade))


def test_9_turn_end_formula_and_backup(kit):
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    _stand_by_loc(kit, g, "F1")
    saber.mana = 100
    kit.run(g, flow.phase_mana(g))
    assert saber.mana == 100 + 30 - 30 + 20          # magic − level/2 + Grail


def test_10_3_no_spells_supply_minus_10_and_no_backup(kit):
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    _stand_by_loc(kit, g, "F1")
    saber.mana, saber.spells = 100, 0
    kit.run(g, flow.phase_mana(g))
    assert saber.mana == 100 + (30 - 10) - 30 + 0


def test_9_gains_cap_at_max_and_fought_turn_skips_formula(kit):
    g = kit.war(HUMANS3)
    saber, archer = g.fac["F1"], g.fac["F2"]
    _stand_by_loc(kit, g, "F1")
    _stand_by_loc(kit, g, "F2")
    archer.mana = 50
    archer.fought = True
    kit.run(g, flow.phase_mana(g))
    assert saber.mana == saber.max_mana and archer.mana == 50


def test_7_6_rest_formula_with_leyline_and_bonus(kit):
    g = kit.war(("npc",) * 4)
    rider = g.fac["F4"]                      # Marco 【魔】20, Queen's Largesse rest +10
    kit.place(g, "F4", kit.empty_loc(g, "medium"))
    rider.mana, rider.rested = 0, True
    kit.run(g, flow.phase_mana(g))
    assert rider.mana == 20 + 20 + 10


def test_9_3_core_owner_gets_plus_20_every_turn(kit):
    g = kit.war(HUMANS3)
    kit.place(g, "F1", "20")                # the core leyline
    saber = g.fac["F1"]
    saber.mana, saber.fought = 0, True
    kit.run(g, flow.phase_mana(g))
    assert saber.mana == 20


def test_9_4_exactly_minus_100_survives_minus_101_vanishes(kit):
    g = kit.war(HUMANS3)
    a, b = g.fac["F1"], g.fac["F2"]
    a.mana, b.mana = -100, -101
    a.fought = b.fought = True
    for fid in ("F1", "F2"):
        _stand_by_loc(kit, g, fid)
    kit.run(g, flow.phase_mana(g))
    assert a.active and a.mana == -100
    assert b.status == "eliminated"


def test_9_4_vanishing_happens_at_turn_end_not_battle_end(kit):
    from grailwar.rules import combat
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    saber.mana = -50                           # pays 60 in the battle → −110
    g.rng = kit.ScriptRng([1, 1])
    kit.run(g, combat.fight(g, "test", saber, g.fac["F2"], ""), {
        ("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"], ("retreat_pay", "F2"): ["pay"]})
    assert saber.mana == -110 and saber.active              # still fighting this turn
    kit.run(g, flow.phase_mana(g))
    assert saber.status == "eliminated"


def test_13_emergency_window_saves_with_a_jewel(kit):
    g = kit.war(HUMANS3)
    from grailwar.rules import Answer, Use
    saber = g.fac["F1"]
    saber.mana, saber.fought = -110, True
    saber.inv["magic_jewel"] = 1
    _stand_by_loc(kit, g, "F1")
    kit.run(g, flow.phase_mana(g), {("emergency", "F1"): [Use("F1", "magic_jewel"), Answer("F1", "emergency", "done")]})
    assert saber.active and saber.mana == -90


# --- §7 actions ------------------------------------------------------------------------------
def test_7_4_information_gathering_target_and_reveal_order(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc", "npc"))
    saber, assassin = g.fac["F1"], g.fac["F6"]
    saber.inv["familiar"] = 1
    a = Declare("F1", "info", "F6", "", 1, 0)
    assert declare_error(g, saber, a) is None
    assert flow.info_target(g, saber, a) == 50 + 10 + 15 - 25      # barrier sense, familiar, concealment
    g.rng = kit.ScriptRng([1, 1, 1])
    kit.run(g, flow.resolve_info(g, saber, a))
    k = saber.know["F6"]
    assert saber.inv["familiar"] == 0
    assert k.loc and k.acq and len(k.ms) == 1 and len(k.ss) == 2        # public + one chosen
    # all servant skills known → the next success gives the true name, then the NP
    k.ss = {s.id for s in assassin.servant.skills}
    k.ms = {s.id for s in assassin.master.skills}
    g.rng = kit.ScriptRng([1, 1])
    kit.run(g, flow.resolve_info(g, saber, Declare("F1", "info", "F6")))
    assert k.name and not k.np
    kit.run(g, flow.resolve_info(g, saber, Declare("F1", "info", "F6")))
    assert k.np


def test_7_5_crafting_chance_and_familiar_yield(kit):
    g = kit.war(("npc", "human"))
    archer = g.fac["F2"]                     # Hedda 【魔】40 ×2 + Rune Carving 10
    assert flow.craft_target(g, archer) == 90
    g.rng = kit.ScriptRng([90])
    kit.run(g, flow.resolve_craft(g, archer, Declare("F2", "craft", "familiar")))
    assert archer.inv["familiar"] == 2
    assert declare_error(g, archer, Declare("F2", "craft", "elixir")) is not None     # A+++ only


def test_7_5_caster_may_craft_special_codes(kit):
    g = kit.war(("npc",) * 5)
    assert declare_error(g, g.fac["F5"], Declare("F5", "craft", "black_crow")) is None


def test_7_7_soul_eating_undetected_gains_100_capped(kit):
    g = kit.war(("npc",) * 6)
    eater = g.fac["F6"]
    eater.mana = eater.max_mana - 30
    g.rng = kit.ScriptRng([11])          # detection 30 − 15 − 5 = 10: 11 is not detected
    kit.run(g, flow.resolve_soul(g, eater))
    assert eater.mana == eater.max_mana
    assert any(e.get("expr") == "1D100<=10" for e in g.log)


def test_7_7_detected_soul_eating_reveals_location_and_invites_intervention(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc", "npc"))
    eater = g.fac["F6"]
    for fid in ("F2", "F3", "F4", "F5"):
        g.fac[fid].mana = 0                    # NPCs below their level never intervene
    eater.mana = 0
    g.rng = kit.ScriptRng([5], fallback=g.rng)
    kit.run(g, flow.resolve_soul(g, eater), {("intervene", "F1"): ["pass"]})
    assert all(g.fac[o].know["F6"].loc for o in g.active_ids() if o != "F6")
    asked = [f for k, f in kit.prompts if k == "intervene"]
    assert asked == ["F1", "F2", "F3", "F4", "F5"]
    assert eater.mana == 100                   # nobody intervened


def test_7_8_approach_to_empty_location_learns_it_is_empty(kit):
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    loc = kit.empty_loc(g)
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    saber.declared = Declare("F1", "approach", loc, "raid")
    kit.run(g, flow.resolve_approach(g, saber))
    assert loc in saber.known_empty


def test_hr46_no_raiding_an_ally(kit):
    g = kit.war(HUMANS3)
    g.ally(g.fac["F1"], g.fac["F2"])
    assert declare_error(g, g.fac["F1"], Declare("F1", "approach", "F2", "raid")) is not None
    assert declare_error(g, g.fac["F1"], Declare("F1", "approach", "F2", "contact")) is None


def test_7_3_approach_needs_a_known_location(kit):
    from grailwar.rules.model import Know
    g = kit.war(HUMANS3)
    g.fac["F1"].know["F2"] = Know()
    assert declare_error(g, g.fac["F1"], Declare("F1", "approach", "F2", "raid")) is not None
    g.learn_loc(g.fac["F1"], g.fac["F2"])
    assert declare_error(g, g.fac["F1"], Declare("F1", "approach", "F2", "raid")) is None


def test_7_9_move_claims_an_empty_location_and_guest_inherits(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    home = f1.location
    g.ally(f1, f2)
    g.relocate(f2, home, "joins ally")
    assert g.loc_owner[home] == "F1" and g.loc_guests[home] == ["F2"]
    dest = kit.empty_loc(g, "medium")
    kit.run(g, flow.resolve_move(g, f1, Declare("F1", "move", dest, "peaceful")))
    assert f1.location == dest and g.loc_owner[dest] == "F1"
    assert g.loc_owner[home] == "F2"                         # §2.2 owner leaving
    assert not g.fac["F3"].know["F1"].loc                    # §2.9 r3 trails wiped
    assert f2.know["F1"].loc                                 # allies are told


def test_7_10_workshop_adds_to_rest(kit):
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    g.rng = kit.ScriptRng([1])
    kit.run(g, flow.resolve_other(g, saber, Declare("F1", "other", "", "build_workshop")))
    assert g.workshop[saber.location] == ["F1", 1]
    assert declare_error(g, saber, Declare("F1", "other", "", "build_workshop")) is not None   # max level 1
    gain, _ = flow.rest_gain(g, saber)
    assert gain == 30 + g.data.grades[g.grade(saber.location)].rest_recovery + 10
    kit.run(g, flow.resolve_move(g, saber, Declare("F1", "move", kit.empty_loc(g), "peaceful")))
    assert not any(ws[0] == "F1" for ws in g.workshop.values())          # lost on leaving


def test_7_10_survey_learns_occupants(kit):
    g = kit.war(HUMANS3)
    saber = g.fac["F1"]
    kit.run(g, flow.resolve_other(g, saber, Declare("F1", "other", g.fac["F2"].location, "survey")))
    assert saber.know["F2"].loc and not saber.know["F2"].acq


def test_7_3_mutual_contact_and_rescue(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.learn_loc(f1, f2)
    g.learn_loc(f2, f1)
    f1.declared = Declare("F1", "approach", "F2", "contact")
    f2.declared = Declare("F2", "approach", "F1", "contact")
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    g.rng = kit.ScriptRng([1], fallback=g.rng)
    kit.run(g, flow.phase_actions(g), {("rescue", "F1"): [Declare("F1", "craft", "magic_jewel")]})
    assert "F2" in f1.met_friendly and f1.know["F2"].acq
    assert f2.declared is None                       # its action was used up
    assert f1.inv["magic_jewel"] == 1                # the rescue craft (【魔】30 × 2 = 60 ≥ 1)
    assert ("rescue", "F1") in kit.prompts and ("rescue", "F2") not in kit.prompts


def test_7_11_accompanying_ally_consents_and_loses_its_action(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.ally(f1, f2)
    g.learn_loc(f1, g.fac["F3"])
    kit.run(g, flow.register(g, f1, Declare("F1", "approach", "F3", "raid", 0, 0, "F2")),
            {("accompany", "F2"): ["consent"]})
    assert f2.declared.act == "accompany" and f2.accompany == "F1"


# --- §6 events ------------------------------------------------------------------------------
def test_6_4_npc_windfall_gives_mana_and_a_human_location(kit):
    g = kit.war(("human", "npc", "npc"))
    g.fac["F2"].mana = 0
    g.rng = kit.ScriptRng([10, 1, 1])            # digit 9, Y = F2, learns F1
    kit.run(g, flow.npc_table(g))
    assert g.fac["F2"].mana == 30 and g.fac["F2"].know["F1"].loc


def test_6_2_hostile_encounter_between_allies_is_neutral(kit):
    g = kit.war(HUMANS3)
    g.ally(g.fac["F1"], g.fac["F2"])
    kit.run(g, flow.encounter(g, g.fac["F1"], g.fac["F2"], "hostile"))
    assert not any(k == "encounter_attack" for k, _ in kit.prompts)


def test_6_3_bad_omen_lowers_checks(kit):
    g = kit.war(("npc", "human"))
    archer = g.fac["F2"]
    archer.omen = True
    assert flow.craft_target(g, archer) == 80


# --- §10 command spells --------------------------------------------------------------------
def test_10_3_human_without_spells_rolls_disobedience(kit):
    g = kit.war(("human", "npc"))
    g.fac["F1"].spells = 0
    g.rng = kit.ScriptRng([5], fallback=g.rng)          # 5 ≤ 20: the servant acts on its own
    kit.run(g, flow.phase_declare(g))
    assert g.fac["F1"].declared is not None
    assert ("declare", "F1") not in kit.prompts
    assert any(e["key"] == "grailwar.log.label.disobedience" for e in g.log)


def test_10_1_plus_100_and_plus_10_spells(kit):
    from grailwar.rules import Use
    g = kit.war(HUMANS3)
    f = g.fac["F1"]
    f.mana = 0
    flow.apply_use(g, Use("F1", "spell_mana"))
    flow.apply_use(g, Use("F1", "spell_params"))
    assert f.mana == 100 and f.spells == 1 and f.buff
    assert "spell_params" not in flow.use_options(g, f, "declare")      # not stackable


# --- §12 comm turn ---------------------------------------------------------------------------
def test_12_alliance_proposal_accepted_and_auto_share(kit):
    g = kit.war(("human", "npc", "npc"))
    f1, f2, f3 = g.fac["F1"], g.fac["F2"], g.fac["F3"]
    from grailwar.rules import Talk
    g.meet(f1, f2)
    f1.met_friendly.add("F2")
    f2.met_friendly.add("F1")
    g.learn_loc(f2, f3)
    g.rng = kit.ScriptRng([1], fallback=g.rng)
    kit.run(g, flow.talk(g, f1, f2), {("talk", "F1"): [Talk("F1", "propose", "F2", "nobody_moves"),
                                                        Talk("F1", "end", "F2")]})
    assert "F2" in f1.allies
    flow.pool_knowledge(g, f1, f2)
    assert f1.know["F3"].loc


def test_12_2_npc_may_attack_when_talks_open(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc", "npc", "npc"))
    f1, f7 = g.fac["F1"], g.fac["F7"]
    f7.grudges.add("F1")
    g.meet(f1, f7)
    g.rng = kit.ScriptRng([], fallback=g.rng)
    kit.run(g, flow.talk(g, f1, f7), {("slot", "F1"): ["NP"]})
    assert f1.fought and f7.fought


def test_12_3_dissolving_a_shared_location_expels_the_guest(kit):
    g = kit.war(("human", "npc", "npc"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.ally(f1, f2)
    g.relocate(f2, f1.location, "joins ally")
    home = f1.location
    from grailwar.rules import Talk
    kit.run(g, flow.talk_option(g, f1, f2, Talk("F1", "dissolve", "F2")))
    assert not f1.allies and f2.location != home and "F1" in f2.grudges


def test_5_all_allied_survivors_split_up(kit):
    g = kit.war(HUMANS3)
    g.eliminate(g.fac["F3"], "destroyed")
    g.ally(g.fac["F1"], g.fac["F2"])
    kit.run(g, flow.all_allied_check(g))
    assert not g.fac["F1"].allies and g.fac["F1"].know["F2"].loc and g.fac["F2"].know["F1"].loc


# --- §14.5 victory ----------------------------------------------------------------------------
def test_14_5_turn_limit_scores(kit):
    g = kit.war(HUMANS3, max_turns=1)
    for f in g.fac.values():
        f.fought = True
    g.fac["F2"].kills = 1
    assert kit.run(g, flow.phase_mana(g)) == "war_over"
    assert g.winner == "F2" and g.over_reason == "turn_limit"
    assert g.scores["F2"] == 100 + 40 + 30 + g.fac["F2"].mana // 10 + \
        g.cfg.scoring.grade_points[g.grade(g.fac["F2"].location)]


def test_14_5_last_one_standing_wins(kit):
    from grailwar.rules.model import WarOver
    g = kit.war(HUMANS3)
    g.eliminate(g.fac["F2"], "destroyed")
    g.eliminate(g.fac["F3"], "destroyed")
    with pytest.raises(WarOver):
        g.victory_check()
    assert g.winner == "F1"
