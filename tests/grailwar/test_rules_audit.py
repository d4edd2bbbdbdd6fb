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
