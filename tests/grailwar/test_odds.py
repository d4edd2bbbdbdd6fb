"""The success chance shown before declaring (grailwar.rules.odds) is the target the engine
then rolls against: information gathering, crafting, a workshop, soul-eating's detection, an
alliance offer and an exchange with an NPC master."""
import random

from grailwar.game import make_rules
from grailwar.rules import odds
from grailwar.rules.actions import Talk
from grailwar.rules.npc import npc_action

LABELS = {"info": "info", "craft": "craft", "build_workshop": "build_workshop", "soul_eat": "soul_detection",
          "propose": "alliance_acceptance", "exchange": "exchange"}


def _label(action):
    if action.kind == "declare":
        return "build_workshop" if action.act == "other" else LABELS.get(action.act, action.act)
    return LABELS.get(getattr(action, "option", ""))


def play(seed, seats, steps=3000, prefer=None):
    """Humans pick at random among their legal actions (every declaration, every offer; the
    ``prefer`` act whenever it is legal), NPCs follow their policy; every chance shown before an
    action is remembered."""
    g = make_rules({"seats": seats}).new_state(seed)
    pick = random.Random(seed)
    shown = {}                          # (turn, faction, roll label) -> [chance shown]
    for _ in range(steps):
        if g.is_terminal():
            break
        fid = g.seats_to_act()[0]
        if g.fac[fid].human:
            legal = g.legal_actions(fid)
            a = pick.choice([x for x in legal if prefer and getattr(x, "act", None) == prefer] or legal)
            table = odds.for_viewer(g, fid)
            assert {t for t in table} <= {x.to_text() for x in legal}
        else:
            a = npc_action(g, fid)
        c = odds.chance(g, a)
        if c is not None:
            label = _label(a)
            if label in LABELS.values():
                shown.setdefault((g.turn, fid, label), []).append(c)
        g.apply(a)
    return g, shown


def test_every_check_rolled_is_rolled_against_the_chance_shown_before():
    checked = {}
    for seed in (3, 5, 11):
        g, shown = play(seed, ["human", "npc", "human", "npc", "npc", "human", "npc"])
        for e in g.log:
            label = e["key"].rsplit(".", 1)[-1]
            if e["kind"] != "check" or label not in LABELS.values():
                continue
            expected = shown.get((e["turn"], e["actor"], label))
            assert expected, f"a {label} check of {e['actor']} on turn {e['turn']} rolled with no chance shown"
            assert e["target"] in expected, (label, e["target"], expected)
            checked[label] = checked.get(label, 0) + 1
    assert {"info", "craft", "alliance_acceptance"} <= set(checked), checked


def test_a_soul_eaters_detection_is_rolled_against_the_figure_shown_and_bad_omen_moves_it():
    """Soul-eating (§7.7) shows its detection check's target: the die the soul-eater wants to miss."""
    checked, omens = 0, 0
    for seed in (3, 5):
        g, shown = play(seed, ["human", "npc", "human"], prefer="soul_eat")
        for e in g.log:
            if e["kind"] == "check" and e["key"].endswith(".soul_detection"):
                expected = shown.get((e["turn"], e["actor"], "soul_detection"))
                assert expected and e["target"] in expected, (e, expected)
                checked += 1
                omens += e["target"] != g.fc.soul_eating.detection_chance
    assert checked >= 5 and omens >= 1, (checked, omens)      # seed 5: a bad omen lowers one to 20


def test_an_offer_refused_without_a_roll_shows_0_and_a_human_answer_shows_nothing():
    g = make_rules({"seats": ["human", "npc", "human", "npc"]}).new_state(7)
    x, npc_t, human_t = g.fac["F1"], g.fac["F2"], g.fac["F3"]
    npc_t.grudges.add("F1")
    assert odds.chance(g, Talk("F1", "propose", "F2", "nobody_moves")) == 0
    assert odds.chance(g, Talk("F1", "exchange", "F2", "loc:F4")) == 0
    assert odds.chance(g, Talk("F1", "propose", "F3", "nobody_moves")) is None
    assert human_t.human and not x.allies


def _raid_estimates(seed, seats, steps=3000):
    """The first pending declaration of a human master that offers a raid on a master it
    has met (so it knows that master's parameters)."""
    g = make_rules({"seats": seats}).new_state(seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal():
            return None
        fid = g.seats_to_act()[0]
        if g.fac[fid].human and g.pending.kind == "declare":
            est, c = odds.estimates_for_viewer(g, fid), g.cfg.combat
            met = [a for a in g.legal_actions(fid) if a.to_text() in est and g.fac[fid].know[a.target].acq
                   and c.winrate_min < est[a.to_text()] < c.winrate_max]      # not held at a bound
            if met:
                return g, fid
        g.apply(pick.choice(g.legal_actions(fid)) if g.fac[fid].human else npc_action(g, fid))
    return None


def test_a_raid_shows_the_raiders_own_estimate_and_nothing_secret_moves_it():
    found = None
    for seed in range(1, 80):
        found = _raid_estimates(seed, ["human", "npc", "npc", "npc", "npc", "npc", "npc"])
        if found:
            break
    assert found, "no raid on a master was ever offered"
    g, fid = found
    table = odds.estimates_for_viewer(g, fid)
    raids = [a for a in g.legal_actions(fid) if a.to_text() in table]
    assert raids and all(a.act == "approach" and a.mode == "raid" for a in raids)
    assert all(0 <= table[a.to_text()] <= 100 for a in raids)
    assert not set(table) & set(odds.for_viewer(g, fid))          # an estimate, not a roll's target
    # the target's secret (its mana, so its low-mana penalty) doesn't move it
    before = dict(table)
    for a in raids:
        t = g.fac[a.target]
        t.mana = -400                  # deep in debt: a real penalty on its parameters
        assert g.penalty(t) > 0
    assert odds.estimates_for_viewer(g, fid) == before
