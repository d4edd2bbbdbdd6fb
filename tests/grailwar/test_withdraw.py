"""Taking back a declaration (grailwar.rules.withdraw): allowed until the phase resolves,
recorded as an action, replayed to the same war; refused once anything was learnt since."""
from grailwar.game import make_rules
from grailwar.rules import Declare, Withdraw
from grailwar.rules.npc import npc_action


def until(g, pred, limit=2000):
    """NPCs play until ``pred(g)``; a human's decision other than a declaration takes its
    first legal choice."""
    for _ in range(limit):
        if pred(g):
            return
        fid = g.seats_to_act()[0]
        g.apply(npc_action(g, fid) if not g.fac[fid].human else g.legal_actions(fid)[0])
    raise AssertionError("never reached")


def my_declare(fid):
    return lambda g: g.pending is not None and g.pending.kind == "declare" and g.pending.faction == fid


def test_a_declaration_is_taken_back_and_made_again_until_the_phase_resolves():
    rules = make_rules({"seats": ["human", "npc", "npc", "npc"]})
    g = rules.new_state(11)
    until(g, my_declare("F1"))
    assert g.why_not(Withdraw("F1")).key.endswith("nothing_declared")
    g.apply(Declare("F1", "rest"))
    assert g.fac["F1"].declared.act == "rest" and g.pending.faction != "F1"
    g.apply(npc_action(g, g.pending.faction))                 # an NPC declares meanwhile
    assert g.why_not(Withdraw("F1")) is None
    n = len(g.actions)
    g.apply(Withdraw("F1"))
    assert my_declare("F1")(g) and g.fac["F1"].declared is None   # asked again
    assert len(g.actions) == n + 1 and g.actions[-1] == Withdraw("F1")
    assert not any(e["key"].endswith(".declares") and e["actor"] == "F1" and e["turn"] == g.turn for e in g.log)
    g.apply(Declare("F1", "soul_eat"))
    assert g.fac["F1"].declared.act == "soul_eat"
    until(g, lambda g: g.phase != "D")
    r = g.why_not(Withdraw("F1"))
    assert r is not None and r.key == "grailwar.gw_table.refusal.resolved"
    # the record replays to the same war, the withdrawal included
    twin = rules.new_state(11)
    for a in g.actions:
        twin.apply(a)
    assert twin.to_dict() == g.to_dict()
    assert g.clone().to_dict() == g.to_dict()


def test_once_another_master_has_declared_the_first_declaration_stands():
    g = make_rules({"seats": ["human", "human", "npc"]}).new_state(5)
    until(g, lambda g: g.pending.kind == "declare" and g.fac[g.pending.faction].human)
    first = g.pending.faction
    g.apply(Declare(first, "rest"))
    until(g, lambda g: g.pending.kind == "declare" and g.fac[g.pending.faction].human and g.pending.faction != first)
    second = g.pending.faction
    assert g.why_not(Withdraw(first)) is None                  # the other has not acted yet
    g.apply(Declare(second, "rest"))
    assert g.why_not(Withdraw(first)).key.endswith("others_acted")
    assert g.why_not(Withdraw(second)) is None
    assert g.why_not(Withdraw("F3")).key.endswith("not_a_master")
