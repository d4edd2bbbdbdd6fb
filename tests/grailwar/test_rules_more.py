"""More rules by section: events (§6), contact/seize (§7.8-7.9), command spells in battle
(§10.1), transfers and threats (§10.2, §12.3), NPC reactions and answers (§15.4, §15.6)."""
from grailwar.rules import Talk, combat, flow
from grailwar.rules.actions import Declare
from grailwar.rules.npc import ewr, npc_action

HUMANS3 = ("human", "human", "human")


def test_6_2_friendly_encounter_marks_met_friendly(kit):
    g = kit.war(HUMANS3)
    kit.run(g, flow.encounter(g, g.fac["F1"], g.fac["F2"], "friendly"))
    assert "F2" in g.fac["F1"].met_friendly and g.fac["F2"].know["F1"].loc


def test_6_2_1_hostile_encounter_other_side_strikes_first(kit):
    g = kit.war(HUMANS3)
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)
    b = kit.run(g, flow.encounter(g, g.fac["F1"], g.fac["F2"], "hostile"), {
        ("encounter_attack", "F2"): ["attack"], ("slot", "F2"): ["LUK"], ("slot", "F1"): ["END"]})
    assert kit.prompts[0] == ("encounter_attack", "F2")
    assert ("encounter_attack", "F1") not in kit.prompts
    assert g.fac["F1"].fought and g.fac["F2"].fought


def test_6_2_3_gm_designated_prefers_someone_tracking_you(kit):
    g = kit.war(HUMANS3)
    g.learn_loc(g.fac["F3"], g.fac["F1"])
    g.rng = kit.ScriptRng([4, 1, 1])        # PC digit 3, choose among [F3] → F3, reaction digit 0 friendly
    kit.run(g, flow.pc_table(g, g.fac["F1"]))
    assert any(e["key"] == "grailwar.log.label.gm_designated" and e["expr"] == "1D1" and e["outcome"] == {"fac": "F3"}
               for e in g.log)
    assert "F3" in g.fac["F1"].met_friendly


def test_6_2_4_witness_learns_both_and_sees_their_battle(kit):
    g = kit.war(HUMANS3)
    g.rng = kit.ScriptRng([5, 1, 1, 3], fallback=g.rng)        # digit 4, F2, F3, hostile
    kit.run(g, flow.pc_table(g, g.fac["F1"]))
    k1 = g.fac["F1"].know
    assert k1["F2"].acq and k1["F3"].acq and k1["F2"].loc
    detail = [e for e in g.log if e["actor"] == "battle" and e["key"] == "grailwar.log.breakdown_final"]
    assert detail and "F1" in detail[0]["visible_to"]


def test_6_3_good_fortune_codes_and_misfortune_lost_code(kit):
    g = kit.war(HUMANS3)
    f = g.fac["F1"]
    g.rng = kit.ScriptRng([1, 6])               # digit 0 → Good Fortune 6: magic jewel
    kit.run(g, flow.pc_table(g, f))
    assert f.inv["magic_jewel"] == 1
    g.rng = kit.ScriptRng([10, 2, 1])           # digit 9 → Misfortune 2: lose choose([magic_jewel])
    kit.run(g, flow.pc_table(g, f))
    assert f.inv["magic_jewel"] == 0


def test_6_3_misfortune_ambush(kit):
    g = kit.war(("human", "npc", "npc"))
    f1 = g.fac["F1"]
    g.rng = kit.ScriptRng([10, 6, 1], fallback=g.rng)      # Misfortune 6, ambusher F2 (NPC, full mana)
    home = f1.location
    kit.run(g, flow.pc_table(g, f1), {("slot", "F1"): ["NP"]})
    assert f1.fought and g.fac["F2"].fought
    assert g.cur_battle.cause == "ambush" and g.cur_battle.loc == home


def test_6_4_npc_pair_friendly_alliance_roll(kit):
    g = kit.war(("human", "npc", "npc"))
    g.rng = kit.ScriptRng([2, 1, 1, 50])          # digit 1, pair F2 + F3, roll 50 ≤ (40+60)/2
    kit.run(g, flow.npc_table(g))
    assert "F3" in g.fac["F2"].allies


def test_7_8_contact_answered_with_attack(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.learn_loc(f1, f2)
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    f1.declared = Declare("F1", "approach", "F2", "contact")
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)
    kit.run(g, flow.resolve_approach(g, f1), {("contact_reply", "F2"): ["attack"],
                                               ("slot", "F2"): ["STR"], ("slot", "F1"): ["END"]})
    assert g.cur_battle.A[0].f is f2 and g.cur_battle.B[0].f is f1      # the occupant strikes as side A
    assert g.cur_battle.loc == f2.location or not f2.active or f2.relocated


def test_7_8_contact_listened_marks_both(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.learn_loc(f1, f2)
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    f1.declared = Declare("F1", "approach", "F2", "contact")
    kit.run(g, flow.resolve_approach(g, f1), {("contact_reply", "F2"): ["listen"]})
    assert "F2" in f1.met_friendly and f2.know["F1"].loc and f2.know["F1"].acq


def test_7_9_seize_win_takes_the_location(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    target = f2.location
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)        # A wins; F2's retreat prompt below
    kit.run(g, flow.resolve_move(g, f1, Declare("F1", "move", target, "seize")), {
        ("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"], ("retreat_dest", "F2"): ["01"]})
    assert f1.location == target and g.loc_owner[target] == "F1"
    assert f2.location == "01"


def test_10_1_winrate_spells_main_and_sub_and_spell_boost(kit):
    g = kit.war(("npc",) * 7)
    f7, f1 = g.fac["F7"], g.fac["F1"]           # F7's master has Command-Spell Affinity +5
    b = combat.Battle(1, "t", "")
    b.A = [combat.Part(f7, "A", True, False)]
    b.B = [combat.Part(f1, "B", True, False)]
    b.slots = ["STR", "END", "AGI"]
    for pt in b.A + b.B:
        pt.base = combat.base_params(g, pt.f, pt.side, pt.main, False)
    b.A[0].spells_wr = 2
    terms = [t for t in combat.side_mod(g, b, "A", True) if t[1] == "command_spell"]
    assert terms == [("F7", "command_spell", 2 * (30 + 5))]
    b.A.append(combat.Part(g.fac["F2"], "A", False, False))
    b.A[1].spells_wr = 1
    terms = [t for t in combat.side_mod(g, b, "A", True) if t[0] == "F2" and t[1] == "command_spell"]
    assert terms == [("F2", "command_spell", 15)]


def test_8_4_knowledge_bonus_for_true_name_and_np(kit):
    g = kit.war(HUMANS3)
    b = combat.Battle(1, "t", "")
    b.A = [combat.Part(g.fac["F1"], "A", True, False)]
    b.B = [combat.Part(g.fac["F2"], "B", True, False)]
    b.slots = ["STR", "END", "AGI"]
    k = g.fac["F1"].know["F2"]
    k.name = k.np = True
    terms = combat.side_mod(g, b, "A", False)
    assert ("F1", "true_name", 5) in terms and ("F1", "np_known", 5) in terms


def test_10_2_spell_transfer_needs_consent_and_restores_authority(kit):
    g = kit.war(HUMANS3)
    f1, f2 = g.fac["F1"], g.fac["F2"]
    f2.spells = 0
    kit.run(g, flow.give_spells(g, f1, f2, 2), {("gift_reply", "F2"): ["accept"]})
    assert f1.spells == 1 and f2.spells == 2
    kit.run(g, flow.give_spells(g, f1, f2, 1), {("gift_reply", "F2"): ["refuse"]})
    assert f1.spells == 1


def test_hr37_eliminated_human_master_may_still_transfer(kit):
    g = kit.war(HUMANS3)
    g.meet(g.fac["F1"], g.fac["F2"])
    g.eliminate(g.fac["F1"], "destroyed")
    kit.run(g, flow.phase_comm(g), {
        ("comm_transfer", "F1"): [Talk("F1", "give_spells", "F2", "3")],
        ("gift_reply", "F2"): ["accept"], ("comm", "F2"): [Talk("F2", "done")],
        ("comm", "F3"): [Talk("F3", "done")]})
    assert g.fac["F2"].spells == 6 and g.fac["F1"].spells == 0


def test_12_3_threat_npc_yields_when_it_expects_to_lose(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc", "npc", "npc"))
    f7, f5 = g.fac["F7"], g.fac["F5"]                 # Berserker threatens Caster
    f5.inv["magic_jewel"] = 1
    g.meet(f7, f5)
    comply = ewr(g, f7, f5, f5.location) >= g.cfg.npc.yield_threshold
    kit.run(g, flow.threaten(g, f7, f5, "code"))
    assert (f7.inv["magic_jewel"] == 1) == comply
    assert ("F7" in f5.grudges) != comply


def test_12_3_exchange_with_an_ally_is_accepted(kit):
    g = kit.war(("human", "npc", "npc"))
    f1, f2, f3 = g.fac["F1"], g.fac["F2"], g.fac["F3"]
    g.ally(f1, f2)
    g.learn_loc(f2, f3)
    g.rng = kit.ScriptRng([1], fallback=g.rng)
    kit.run(g, flow.talk_option(g, f1, f2, Talk("F1", "exchange", "F2", f"empty:{kit.empty_loc(g)}")))
    assert f1.know["F3"].loc


def test_15_4_npc_helps_an_ally_unless_treacherous(kit):
    g = kit.war(("npc",) * 7)
    from grailwar.rules.prompt import Pending
    for fid, expect in (("F2", "help"), ("F6", "decline")):
        g.pending = Pending("help_ally", fid, {"choices": ["help", "decline"]})
        assert npc_action(g, fid).choice == expect


def test_15_6_npc_refuses_alliance_from_a_grudge(kit):
    g = kit.war(("human", "npc", "npc"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    f2.grudges.add("F1")
    g.meet(f1, f2)
    kit.run(g, flow.talk_option(g, f1, f2, Talk("F1", "propose", "F2", "nobody_moves")))
    assert not f1.allies and not any(e["kind"] == "check" for e in g.log[-3:])


def test_15_1_ewr_is_clamped_and_unknowns_use_guesses(kit):
    g = kit.war(("npc",) * 7)
    for x in g.fac.values():
        for y in g.fac.values():
            if x is not y:
                assert g.cfg.combat.winrate_min <= ewr(g, x, y, "") <= g.cfg.combat.winrate_max
    before = ewr(g, g.fac["F1"], g.fac["F7"], "")
    g.meet(g.fac["F1"], g.fac["F7"])
    assert ewr(g, g.fac["F1"], g.fac["F7"], "") != before      # real values replace the guesses
