"""Legal declarations are made directly (``legality.declare_options``), yet ``why_not`` stays
the one source: over random states, a declaration is listed exactly when ``why_not`` is None."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from grailwar import game
from grailwar.rules import Declare, npc_action

MODES = ("", "contact", "raid", "seize", "peaceful", "build_workshop", "survey", "stand_by")


def _candidates(g, fid):
    """Far more declarations than are legal: every act with every kind of target, mode and ally."""
    targets = [""] + list(g.fac) + list(g.data.loc_ids) + list(g.data.code_ids)
    allies = [""] + list(g.fac)
    nf, nc = g.fac[fid].inv.get("familiar", 0), g.fac[fid].inv.get("black_crow", 0)
    out = []
    for t in targets:
        for fam in range(nf + 2):
            for crow in range(nc + 2):
                out.append(Declare(fid, "info", t, "", fam, crow))
        for act in ("craft", "rest", "soul_eat", "move", "other", "fly"):
            for m in MODES:
                out.append(Declare(fid, act, t, m))
        for m in ("contact", "raid", "seize"):
            for al in allies:
                out.append(Declare(fid, "approach", t, m, 0, 0, al))
    out += [Declare(fid, "info", t, "raid") for t in g.fac] + [Declare(fid, "rest", "", "", 0, 0, "F2")]
    return out


def _to_first_declaration(seed, steps):
    rules = game.make_rules({"seats": ["human", "npc", "npc", "npc", "npc", "npc"], "max_turns": 6})
    s = rules.new_state(seed)
    rnd = random.Random(seed)
    seen = 0
    while not s.is_terminal():
        p = s.pending
        if p.kind == "declare" and p.faction == "F1" and s.fac["F1"].active:
            seen += 1
            if seen > steps:
                return s
        fid = p.faction
        s.apply(rnd.choice(s.legal_actions(fid)) if s.fac[fid].human else npc_action(s, fid))
    return None


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(1, 400), steps=st.integers(0, 3), ally=st.sampled_from(["", "F2", "F3", "F4"]),
       accompany=st.booleans(), familiars=st.integers(0, 2), crows=st.integers(0, 2), workshop=st.booleans())
def test_a_declaration_is_listed_exactly_when_why_not_is_none(seed, steps, ally, accompany, familiars, crows,
                                                             workshop):
    s = _to_first_declaration(seed, steps)
    if s is None:
        return
    f = s.fac["F1"]
    if ally and s.fac[ally].active:                 # states random play seldom reaches
        f.allies.add(ally)
        s.fac[ally].allies.add("F1")
        s.fac[ally].accompany = "F5" if accompany else ""
    f.inv["familiar"], f.inv["black_crow"] = familiars, crows
    if workshop and f.location:
        s.workshop[f.location] = ["F1", s.cfg.rest.workshop_max_level if accompany else 1]
    s.pending.options = None
    listed = s.legal_actions("F1")
    assert len(listed) == len(set(listed))
    legal = {a for a in listed if a.kind == "declare"}          # (the free uses are checked elsewhere)
    candidates = _candidates(s, "F1")
    assert legal <= set(candidates)
    for a in candidates:
        assert (a in legal) == (s.why_not(a) is None), a
