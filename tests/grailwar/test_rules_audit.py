"""Audit against the spec, by section: each test here failed before the fix it names."""
from grailwar.rules import Talk, flow
from grailwar.rules.actions import Declare


def test_7_2_relocation_before_declaring_does_not_cost_the_action(kit):
    """§7.2: only a retreat *after* the declaration (before the faction's step) loses the
    declared action. A guest moved out at turn start (§5, all factions allied) declares
    afterwards, so its rest stands."""
    g = kit.war(("human", "human"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    kit.place(g, "F1", "20")
    kit.place(g, "F2", "20")           # F2 is F1's guest
    g.ally(f1, f2)
    g.rng = kit.ScriptRng([6, 6, 7], fallback=g.rng)     # PC digits 5, 5 (nothing); NPC digit 6 (nothing)
    kit.run(g, flow.turn(g), {("declare", "F1"): [Declare("F1", "rest")], ("declare", "F2"): [Declare("F2", "rest")],
                              ("comm", "F1"): [Talk("F1", "done")], ("comm", "F2"): [Talk("F2", "done")]})
    assert f2.location != "20"          # it was moved out at turn start (§5)
    assert f2.rested                    # and its rest still resolved in A4


def _check_targets(g, label):
    return [e["target"] for e in g.log if e["kind"] == "check" and e["key"] == "grailwar.log.label." + label]


def test_3_4_bad_omen_lowers_the_escape_roll(kit):
    """§3.4/§6.3: the bad omen is −10 on every non-combat check the faction owns; the escape
    roll is one (§3.5 lists its owner), so Lancer's 60 % escape becomes 50 %."""
    from grailwar.rules import combat
    g = kit.war(("human", "human", "human"))
    g.fac["F3"].omen = True
    g.rng = kit.ScriptRng([1, 1, 99], fallback=g.rng)       # slot 3, battle roll (A wins), escape roll
    kit.run(g, combat.fight(g, "raid", g.fac["F1"], g.fac["F3"], g.fac["F3"].location),
            {("slot", "F1"): ["STR"], ("slot", "F3"): ["AGI"], ("retreat_dest", "F3"): ["01"]})
    assert _check_targets(g, "escape") == [50]


def test_3_4_bad_omen_lowers_the_disobedience_check(kit):
    g = kit.war(("human", "npc"))
    f = g.fac["F1"]
    f.spells = 0
    f.omen = True
    g.rng = kit.ScriptRng([50], fallback=g.rng)          # obeys either way
    kit.run(g, flow.phase_declare(g), {("declare", "F1"): [Declare("F1", "rest")]})
    assert _check_targets(g, "disobedience") == [g.cfg.command_spells.disobey_chance - g.cfg.events.bad_omen_penalty]


def test_3_4_bad_omen_lowers_the_proposers_acceptance_roll(kit):
    g = kit.war(("human", "npc"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    f1.omen = True
    g.rng = kit.ScriptRng([99], fallback=g.rng)
    kit.run(g, flow.talk_option(g, f1, f2, Talk("F1", "propose", "F2", "nobody_moves")))
    assert _check_targets(g, "alliance_acceptance") == [f2.ai.alliance_inclination - g.cfg.events.bad_omen_penalty]


def test_17_max_per_check_is_read_from_the_data(kit, monkeypatch):
    """§17: `mystic_codes[*].max_per_check` is config. With talismans limited to one per
    check and mirrors to two, a failed check offers one talisman, then mirrors twice."""
    g = kit.war(("human", "npc"))
    f = g.fac["F1"]
    f.inv["talisman"] = 3
    f.inv["magic_mirror"] = 3
    for code, lim in (("talisman", 1), ("magic_mirror", 2)):
        monkeypatch.setitem(g.data.code, code, g.data.code[code].model_copy(update={"max_per_check": lim}))
    g.rng = kit.ScriptRng([99, 99, 99, 99])
    seen = []

    def answer(g_, p):
        from grailwar.rules import Answer
        seen.append(tuple(p.ctx["choices"]))
        pick = "talisman" if "talisman" in p.ctx["choices"] else "mirror"
        return Answer(p.faction, p.kind, pick)

    ok = kit.run(g, flow.check(g, f, "Test check", 50, g.vis(f.id)), default=answer)
    assert ok is False
    assert seen == [("talisman", "mirror", "keep"), ("mirror", "keep"), ("mirror", "keep")]
    assert f.inv["talisman"] == 2 and f.inv["magic_mirror"] == 1


def test_3_6_mana_check_is_visible_to_the_acting_faction_only(kit):
    """§3.6 (HR-53): "information gathering, crafting, workshop, survey, rests, mana checks →
    the acting faction" — an ally does not read the other's turn-end mana line."""
    g = kit.war(("human", "human", "human"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    g.ally(f1, f2)
    f1.mana = 0
    n = len(g.log)
    g.turn = 1
    kit.run(g, flow.phase_mana(g))
    lines = [e for e in g.log[n:] if e["actor"] == f1.id and e["key"] == "grailwar.log.mana"]
    assert lines and all(tuple(e["visible_to"]) == ("F1",) for e in lines)
