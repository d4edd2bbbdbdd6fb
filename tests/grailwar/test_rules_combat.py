"""§8 combat and §14 defeat: the worked example, the formula, retreats and betrayal."""
from grailwar.rules import combat, flow
from grailwar.rules.combat import base_rate, clamp
from .words import text

HUMANS3 = ("human", "human", "human")


def test_8_5_worked_example_reproduces_43_percent(kit):
    g = kit.war(HUMANS3)
    saber, lancer = g.fac["F1"], g.fac["F3"]
    home = kit.empty_loc(g, "none")
    kit.place(g, "F3", home)
    saber.inv["reinforcement_charm"] = 1
    g.rng = kit.ScriptRng([4, 42, 61])          # slot 3 → NP; battle roll 42; Gale Step roll 61 (fails)
    flee = kit.empty_loc(g, "small")
    b = kit.run(g, combat.fight(g, "raid", saber, lancer, lancer.location), {
        ("slot", "F1"): ["END"], ("slot", "F3"): ["AGI"],
        ("commit", "F3"): ["spell_winrate", "done"],
        ("commit", "F1"): ["code:reinforcement_charm", "done"],
        ("retreat_dest", "F3"): [flee],
    })
    assert b.slots == ["END", "AGI", "NP"]
    assert b.prelim == 68                       # 70 − 10 − 2 + 10, before commitments
    assert b.breakdown["wtl"] == "2-0-1" and b.breakdown["base"] == 70
    assert b.breakdown["power"] == -10 and b.breakdown["level"] == -2
    assert b.rate == 43 and b.breakdown["final_b"] == 57
    assert b.winner == "A"
    lines = [text(e, "ja") for e in g.log]
    assert any(l.endswith("ランダム選択ステータス (1D4) ＞ 4 ＞ 宝具") for l in lines)
    assert any("第1戦 勝率 (1D100<=43) ＞ 42 ＞ 成功" in l for l in lines)
    assert any("代替撤退 (1D100<=60) ＞ 61 ＞ 失敗" in l for l in lines)
    assert saber.mana == 180 - 60 and lancer.mana == 186 - 62
    k = lancer.know["F1"]
    assert {"saber_riding"} <= k.ss and "swordsmanship_basics" in k.ms
    assert "bridge_wardens_oath" not in k.ss               # defending only: contributed nothing
    assert lancer.spells == 0 and lancer.active and lancer.location == flee
    assert saber.kills == 0


def test_8_4_result_table_and_single_clamp(kit):
    g = kit.war(HUMANS3)
    cfg = g.cfg
    a = {"STR": 50, "END": 40, "AGI": 30, "MAG": 10, "LUK": 10, "NP": 10}
    b = {"STR": 40, "END": 40, "AGI": 40, "MAG": 10, "LUK": 10, "NP": 10}
    assert base_rate(cfg, a, b, ("STR", "END", "AGI"))[:2] == (50, "1-1-1")
    assert base_rate(cfg, a, b, ("STR", "MAG", "LUK"))[:2] == (60, "1-2-0")
    assert base_rate(cfg, b, a, ("STR",))[0] == cfg.combat.result_table.get("0-0-1", 50)
    assert clamp(130, cfg.combat.winrate_min, cfg.combat.winrate_max) == 95
    assert clamp(-40, cfg.combat.winrate_min, cfg.combat.winrate_max) == 5


def _duel(kit, g, a, b, faces, script, loc=None):
    g.rng = kit.ScriptRng(faces)
    return kit.run(g, combat.fight(g, "raid", g.fac[a], g.fac[b], g.fac[b].location if loc is None else loc), script)


def test_8_2_subs_count_half_rounded_up(kit):
    g = kit.war(HUMANS3)
    s1, s2, s3 = g.fac["F1"], g.fac["F2"], g.fac["F3"]
    b = combat.Battle(1, "t", "")
    b.A = [combat.Part(s1, "A", True, False), combat.Part(s2, "A", False, False)]
    for pt in b.A:
        pt.base = combat.base_params(g, pt.f, "A", pt.main, False)
    v = combat.values(g, b.A, False)
    assert v["STR"] == 40 + 15          # Saber 40 + ceil(Archer 30 / 2)
    assert v["LUK"] == 30 + 25


def test_8_6_magic_mirror_rerolls_the_battle_roll_once(kit):
    g = kit.war(HUMANS3)
    g.fac["F3"].inv["magic_mirror"] = 2
    b = _duel(kit, g, "F1", "F3", [1, 10, 90, 99], {
        ("slot", "F1"): ["STR"], ("slot", "F3"): ["AGI"], ("mirror", "F3"): ["use"],
        ("retreat_dest", "F1"): ["01"]})
    assert b.winner == "B"                       # 10 won for A, the mirror's 90 stands
    assert g.fac["F3"].inv["magic_mirror"] == 1
    assert "mirror" not in [k for k, f in kit.prompts if f == "F1"]


def test_9_3_battle_costs_level_and_marks_fought(kit):
    g = kit.war(HUMANS3)
    _duel(kit, g, "F1", "F2", [1, 1, 99], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
                                           ("retreat_pay", "F2"): ["pay"]})
    assert g.fac["F1"].mana == 180 - 60 and g.fac["F2"].mana == 180 - 60
    assert g.fac["F1"].fought and g.fac["F2"].fought


def test_14_1_single_loser_may_decline_and_is_destroyed_with_kill_credit(kit):
    g = kit.war(HUMANS3)
    _duel(kit, g, "F1", "F2", [1, 1], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
                                       ("retreat_pay", "F2"): ["decline"]})
    assert g.fac["F2"].status == "eliminated" and g.fac["F1"].kills == 1


def test_14_1_no_spells_means_destroyed(kit):
    g = kit.war(HUMANS3)
    g.fac["F2"].spells = 1
    _duel(kit, g, "F1", "F2", [1, 1], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"]})
    assert g.fac["F2"].status == "eliminated"
    assert g.fac["F2"].spells == 1       # HR-37: the master keeps its spells


def _group_setup(kit, g):
    """F2 (main) and F3 (sub, its ally, living at F2's base) lose to F1."""
    f2, f3 = g.fac["F2"], g.fac["F3"]
    home = kit.empty_loc(g, "small")
    kit.place(g, "F2", home)
    kit.place(g, "F3", home)
    f2.allies.add("F3")
    f3.allies.add("F2")
    for f in (f2, f3):
        for _, sk, e in f.effects:
            pass
    return home


def test_14_1_group_retreat_pays_two_in_total_main_first(kit):
    g = kit.war(HUMANS3)
    home = _group_setup(kit, g)
    g.fac["F2"].spells = 1
    # F3 (Lancer) has Gale Step 60: make it fail with 99
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)
    kit.run(g, combat.fight(g, "raid", g.fac["F1"], g.fac["F2"], home), {
        ("help_ally", "F3"): ["help"], ("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
        ("retreat_group", "F2"): ["cooperate"], ("retreat_group", "F3"): ["cooperate"],
        ("retreat_dest", "F2"): ["01"], ("retreat_dest", "F3"): ["01"]})
    assert g.fac["F2"].spells == 0 and g.fac["F3"].spells == 2        # 1 from the main, 1 from the sub
    assert g.fac["F2"].active and g.fac["F3"].active
    assert "F3" in g.fac["F2"].allies


def test_14_1_betrayal_dissolves_and_each_pays_two(kit):
    g = kit.war(HUMANS3)
    home = _group_setup(kit, g)
    g.fac["F2"].spells = 1
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)
    kit.run(g, combat.fight(g, "raid", g.fac["F1"], g.fac["F2"], home), {
        ("help_ally", "F3"): ["help"], ("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
        ("retreat_group", "F2"): ["cooperate"], ("retreat_group", "F3"): ["abandon"],
        ("retreat_dest", "F3"): ["01"]})
    assert not g.fac["F2"].allies and not g.fac["F3"].allies
    assert g.fac["F2"].status == "eliminated"          # held only 1
    assert g.fac["F3"].active and g.fac["F3"].spells == 1
    assert g.fac["F1"].kills == 1


def test_14_1_escape_skill_retreats_for_free(kit):
    g = kit.war(HUMANS3)
    _duel(kit, g, "F1", "F3", [1, 1, 5], {("slot", "F1"): ["STR"], ("slot", "F3"): ["AGI"],
                                          ("retreat_dest", "F3"): ["01"]})
    assert g.fac["F3"].active and g.fac["F3"].spells == 3


def test_14_2_lost_elsewhere_stays_home(kit):
    g = kit.war(HUMANS3)
    home = g.fac["F2"].location
    _duel(kit, g, "F1", "F2", [1, 1], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"]}, loc="")
    assert g.fac["F2"].location == home


def test_14_2_npc_retreats_to_best_known_empty(kit):
    g = kit.war(("human", "npc", "npc"))
    npc = g.fac["F2"]
    npc.known_empty = {"20", "13", "01"}
    for l in ("20", "13", "01"):
        for o in g.occupants(l):
            kit.place(g, o, kit.empty_loc(g, "none"))
    kit.run(g, flow.retreat_move(g, npc, npc.location))
    assert npc.location == "20"                   # core beats medium beats none


def test_14_2_retreat_into_occupied_place_flees_on(kit):
    g = kit.war(HUMANS3)
    f1 = g.fac["F1"]
    lost = f1.location
    taken = g.fac["F2"].location
    g.rng = kit.ScriptRng([1])
    kit.run(g, flow.retreat_move(g, f1, lost), {("retreat_dest", "F1"): [taken]})
    assert f1.location not in (lost, taken) and not [o for o in g.occupants(f1.location) if o != "F1"]


def test_hr32_doomed_servant_doubles_its_np(kit):
    g = kit.war(HUMANS3)
    g.fac["F1"].mana = -150
    b = _duel(kit, g, "F1", "F2", [1, 1, 1], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
                                              ("commit", "F1"): ["np", "done"]}, loc="")
    np_terms = [t for t in b.breakdown["mod_a"] if t[1] == "ninefold_bridges"]
    assert np_terms == [["F1", "ninefold_bridges", 40]]        # +20 always ×2 (defending part off)
    assert g.fac["F1"].active                                   # vanishing waits for turn end


def test_hr33_np_use_reveals_true_name(kit):
    g = kit.war(HUMANS3)
    _duel(kit, g, "F1", "F2", [1, 1, 1], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
                                          ("commit", "F1"): ["np", "done"]}, loc="")
    k = g.fac["F2"].know["F1"]
    assert k.np and k.name


def test_8_3_reroll_window_redraws_slot3(kit):
    g = kit.war(HUMANS3)
    b = _duel(kit, g, "F1", "F2", [1, 2, 99], {("slot", "F1"): ["STR"], ("slot", "F2"): ["AGI"],
                                               ("reroll", "F2"): ["spell"]}, loc="")
    assert b.slots[2] == "MAG" and g.fac["F2"].spells == 2
    assert ("reroll", "F2") in kit.prompts
