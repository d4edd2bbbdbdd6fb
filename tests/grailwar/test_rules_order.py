"""§3.5 rerolls, §5 turn structure, §7.2 resolution order, §12.1 the talk limit and §15.2
NPC declaration rules N3-N6."""
from grailwar.rules import Answer, Declare, Talk, flow
from grailwar.rules.npc import plan_declare

FIRST = lambda label, items: items[0]          # noqa: E731 - stands in for the engine's choose


def test_3_5_talismans_chain_and_one_mirror_per_check(kit):
    g = kit.war(("human", "npc"))
    f = g.fac["F1"]
    f.inv["talisman"] = 2
    f.inv["magic_mirror"] = 2
    g.rng = kit.ScriptRng([99, 98, 97, 5])
    ok = kit.run(g, flow.check(g, f, "Craft test", 50, g.vis("F1")), {
        ("reroll_check", "F1"): ["talisman", "mirror", "talisman"]})
    assert ok is True                                   # the last roll (5) stands
    assert f.inv["talisman"] == 0 and f.inv["magic_mirror"] == 1
    # nothing left to spend on this check (its one mirror is used): no fourth prompt
    assert [k for k, _ in kit.prompts] == ["reroll_check"] * 3


def test_3_5_mirror_is_not_offered_twice_on_one_check(kit):
    g = kit.war(("human", "npc"))
    f = g.fac["F1"]
    f.inv["magic_mirror"] = 3
    g.rng = kit.ScriptRng([99, 98])
    ok = kit.run(g, flow.check(g, f, "Craft test", 50, g.vis("F1")), {("reroll_check", "F1"): ["mirror"]})
    assert ok is False and f.inv["magic_mirror"] == 2
    assert [k for k, _ in kit.prompts] == ["reroll_check"]          # no second offer


def test_5_turn_runs_its_phases_in_order():
    from grailwar.game import make_rules, play_npc_game
    st = play_npc_game(make_rules({"seats": ["npc"] * 4, "max_turns": 2}), 3)
    phases = []
    for e in st.log:
        if e["turn"] == 1 and (not phases or phases[-1] != e["phase"]):
            phases.append(e["phase"])
    order = ["S", "E", "D", "A1", "A2", "A3", "A4", "A5", "C", "M"]
    assert [p for p in order if p in phases] == phases


def test_7_2_resolution_order_contact_then_soul_eating_then_others(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc", "npc"))
    f1, f6 = g.fac["F1"], g.fac["F6"]
    empty = kit.empty_loc(g)
    f1.declared = Declare("F1", "other", "", "stand_by")
    g.fac["F2"].declared = Declare("F2", "approach", empty, "contact")
    g.fac["F3"].declared = Declare("F3", "rest")
    g.fac["F4"].declared = Declare("F4", "other", empty, "survey")
    g.fac["F5"].declared = Declare("F5", "rest")
    f6.declared = Declare("F6", "soul_eat")
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    g.rng = kit.ScriptRng([99])                                   # F6 not detected
    kit.run(g, flow.phase_actions(g))
    steps = [(e["phase"], e["actor"][:2]) for e in g.log if e["kind"] in ("note", "check") and e["actor"][:1] == "F"]
    assert steps.index(("A2", "F2")) < steps.index(("A3", "F6")) < steps.index(("A5", "F3"))
    assert g.fac["F3"].rested and g.fac["F5"].rested


def test_7_2_a_faction_relocated_by_retreat_loses_its_action(kit):
    g = kit.war(("human", "npc", "npc"))
    f2 = g.fac["F2"]
    f2.declared = Declare("F2", "rest")
    f2.relocated = True
    g.decl_loc = {fid: g.fac[fid].location for fid in g.fids}
    g.fac["F1"].declared = Declare("F1", "other", "", "stand_by")
    g.fac["F3"].declared = Declare("F3", "other", "", "stand_by")
    kit.run(g, flow.phase_actions(g))
    assert not f2.rested


def test_12_1_at_most_three_talks_opened(kit):
    g = kit.war(("human", "npc", "npc", "npc", "npc"))
    s = g
    f1 = g.fac["F1"]
    for fid in ("F2", "F3", "F4", "F5"):
        g.meet(f1, g.fac[fid])
        f1.met_friendly.add(fid)
    from grailwar.rules.prompt import Pending
    s.pending = Pending("comm", "F1", {"opened": 3})
    opts = s.legal_actions("F1")
    assert Talk("F1", "done") in opts and not [a for a in opts if a.kind == "talk" and a.option == "open"]
    s.pending = Pending("comm", "F1", {"opened": 2})
    assert Talk("F1", "open", "F2") in s.legal_actions("F1")


def test_15_2_n3_raids_the_best_known_target(kit):
    g = kit.war(("npc",) * 7)
    f7 = g.fac["F7"]                       # Berserker, raid threshold 50
    for fid in ("F5", "F2"):
        g.meet(f7, g.fac[fid])
    a = plan_declare(g, f7, FIRST)
    assert a.act == "approach" and a.mode == "raid" and a.target in ("F5", "F2")


def test_15_2_n4_moves_to_a_believed_empty_leyline(kit):
    g = kit.war(("npc",) * 7)
    f3 = g.fac["F3"]
    kit.place(g, "F3", kit.empty_loc(g, "none"))
    a = plan_declare(g, f3, FIRST)
    assert a.act == "move" and g.data.loc[a.target].grade == "core"


def test_15_2_n5_gathers_information_with_familiars(kit):
    g = kit.war(("npc",) * 7)
    f2 = g.fac["F2"]
    kit.place(g, "F2", kit.empty_loc(g, "medium"))
    f2.inv["familiar"] = 3
    a = plan_declare(g, f2, lambda label, items: "F6")
    # 50 + 15 + 15 (Clairvoyance, Familiar Mastery) − 25 (Presence Concealment) = 55: two
    # familiars reach 85 ≥ 80
    assert a.act == "info" and a.target == "F6" and a.familiars == 2
    assert plan_declare(g, f2, FIRST).familiars == 0                    # 80 against F1 already


def test_15_2_n6_crafts_its_first_allowed_preference(kit):
    g = kit.war(("npc",) * 7)
    f5 = g.fac["F5"]                       # Caster may craft the special codes
    kit.place(g, "F5", kit.empty_loc(g, "medium"))
    for fid in g.fids:
        if fid != "F5":
            g.learn_loc(f5, g.fac[fid])
            g.fac[fid].mana = 0            # nobody is worth raiding
            g.fac[fid].params = {p: 90 for p in g.fac[fid].params}
    a = plan_declare(g, f5, FIRST)
    assert a == Declare("F5", "craft", "curse_charm")


def test_15_5_npc_answers_are_always_legal(kit):
    import random
    from grailwar.game import make_rules
    from grailwar.rules.npc import npc_action
    s = make_rules({"seats": ["human", "npc", "npc", "npc", "human"], "max_turns": 4}).new_state(8)
    rnd = random.Random(3)
    while not s.is_terminal():
        fid = s.seats_to_act()[0]
        acts = s.legal_actions(fid)
        a = rnd.choice(acts) if s.fac[fid].human else npc_action(s, fid)
        assert a in acts or a.kind == "use"
        s.apply(a)
