"""The NPC's estimates, computed faster, still choose what §15.1 and §15.5 written out choose:
EWR is the mean over the possible third slots of the clamped §8.4 rate, after X took the slot
where it leads most and Y the one of the rest where it leads most (the first parameter of a
tie each time); an NPC's battle slot is the one where it leads most, the first of a tie.
Small parameter values make ties common, and some trials have every parameter equal; the
win-rate terms that hang on a slot are drawn at random too, so which slots are picked shows."""
import random

from grailwar import game
from grailwar.rules import npc
from grailwar.rules.model import clamp
from grailwar.rules.schema import PARAMS


def _lead(va, vb, skip=None):
    """The first parameter (in PARAMS order, but ``skip``) where ``va`` leads ``vb`` most."""
    rest = [p for p in PARAMS if p != skip]
    best = max(va[p] - vb[p] for p in rest)
    return next(p for p in rest if va[p] - vb[p] == best)


def _ewr_written_out(g, x, y, loc, vx, vy, ly):
    cc = g.cfg.combat
    xo = bool(loc) and x.location == loc
    yo = bool(loc) and y.location == loc
    p1 = _lead(vx, vy)
    p2 = _lead(vy, vx, skip=p1)
    k = x.know[y.id]
    kb = (cc.true_name_bonus if k.name else 0) + (cc.np_known_bonus if k.np else 0)
    xf, xs = npc.own_winrate_terms(g, x, xo)
    yf, ys = npc.known_winrate_terms(x, y, "B", yo)
    rates = []
    for r in PARAMS:
        if r in (p1, p2):
            continue
        slots = (p1, p2, r)
        w = sum(vx[p] > vy[p] for p in slots)
        t = sum(vx[p] == vy[p] for p in slots)
        base = cc.result_table.get(f"{w}-{t}-{3 - w - t}", 50)
        power = cc.power_diff_pct_per_point * sum(vx[p] - vy[p] for p in slots)
        level = cc.level_diff_pct_per_level * (x.level - ly)
        mod = xf + kb - yf + sum(xs.get(p, 0) - ys.get(p, 0) for p in slots)
        rates.append(clamp(base + power + level + mod, cc.winrate_min, cc.winrate_max))
    return sum(rates) // len(rates)


def test_ewr_is_the_mean_over_the_third_slot_of_the_written_out_rate(monkeypatch):
    g = game.make_rules({"factions": 7, "control": "npc"}).new_state(3)
    rnd = random.Random(13)
    fs = list(g.fac.values())
    seen = set()
    for trial in range(600):
        x, y = rnd.sample(fs, 2)
        if trial % 7 == 0:                         # every parameter equal: both picks are ties
            v = rnd.randint(0, 60)
            vx, vy = dict.fromkeys(PARAMS, v), dict.fromkeys(PARAMS, v)
        else:
            top = rnd.choice((2, 5, 60))
            vx = {p: rnd.randint(0, top) for p in PARAMS}
            vy = {p: rnd.randint(0, top) for p in PARAMS}
        ly = rnd.randint(1, 6)
        k = x.know[y.id]
        k.name, k.np = rnd.random() < 0.5, rnd.random() < 0.5
        loc = rnd.choice(("", x.location, y.location))
        xt = (rnd.randint(0, 10), {p: rnd.randint(0, 15) for p in rnd.sample(PARAMS, rnd.randint(0, 3))})
        yt = (rnd.randint(0, 10), {p: rnd.randint(0, 15) for p in rnd.sample(PARAMS, rnd.randint(0, 3))})
        monkeypatch.setattr(npc, "own_winrate_terms", lambda *a, t=xt: t)         # win-rate terms by slot
        monkeypatch.setattr(npc, "known_winrate_terms", lambda *a, t=yt: t)
        monkeypatch.setattr(npc, "base_params", lambda *a, v=vx: dict(v))
        monkeypatch.setattr(npc, "est_params", lambda *a, v=vy, lv=ly: (dict(v), lv))
        want = _ewr_written_out(g, x, y, loc, vx, vy, ly)
        assert npc.ewr(g, x, y, loc) == want, (trial, vx, vy, ly, loc)
        seen.add(want)
    assert len(seen) > 20          # the trials reach many different estimates


def test_an_npc_takes_the_slot_where_it_leads_most_the_first_of_a_tie(monkeypatch):
    g = game.make_rules({"factions": 7, "control": "npc"}).new_state(3)
    f = g.fac["F1"]
    rnd = random.Random(5)
    ties = 0
    for trial in range(400):
        ov = {p: rnd.randint(0, 3) for p in PARAMS}
        ev = {p: rnd.randint(0, 3) for p in PARAMS}
        monkeypatch.setattr(npc, "_estimates", lambda g, b, f, o=ov, e=ev: (o, e))
        choices = rnd.sample(PARAMS, rnd.randint(4, 6))
        if trial % 2:
            choices.sort(key=PARAMS.index)            # as the engine offers them
        best = max(ov[p] - ev[p] for p in choices)
        tied = [p for p in PARAMS if p in choices and ov[p] - ev[p] == best]
        ties += len(tied) > 1
        ans = npc._slot(g, f, "slot", {"choices": choices})
        assert ans.choice == tied[0], (trial, ov, ev, choices)
    assert ties > 50
