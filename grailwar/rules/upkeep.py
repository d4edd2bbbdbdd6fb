"""Phase M (§13) and the end of the war by turn limit (§5): supply, rest, upkeep, vanishing, score."""
from __future__ import annotations

from .checks import apply_use, use_options
from .events import ManaChanged
from .model import LOG
from .frames import frame, resumable, run
from .prompt import Pending, ask


def supply(g, f):
    m = g.fc.mana
    return f.fx.magic - (m.no_spells_supply_penalty if f.spells == 0 else 0)


def rest_gain(g, f):
    loc = f.location
    gr = g.refs["grades"][g.grade(loc)]
    ws = g.workshop.get(loc)
    wsb = g.fc.rest.workshop_bonus * ws[1] if ws and ws[0] == f.id else 0
    rb = 0
    for _, _, _, w, v, _, _ in f.passive.get("rest_bonus", ()):
        if w in (None, "always") or (w == "at_leyline" and g.grade(loc) != "none"):
            rb += v or 0
    why = {"key": LOG + "why.rest", "params": {"supply": supply(g, f), "rest": gr.rest_recovery, "workshop": wsb,
                                               "bonus": rb}} if g.keep_log else None      # only the log reads it
    return supply(g, f) + gr.rest_recovery + wsb + rb, why


def upkeep(g, f):
    return max(0, f.level // g.fc.mana.upkeep_divisor + f.eff_sum("upkeep"))


def turn_gain(g, f):
    m = g.fc.mana
    if f.rested and not (f.fought and g.fc.rest.interrupted_by_battle):
        gain, why = rest_gain(g, f)
    elif f.fought and m.combat_turn_skips_upkeep:
        gain, why = 0, LOG + "why.fought"
    else:
        s = supply(g, f)
        u = upkeep(g, f)
        bk = m.no_spells_grail_backup if f.spells == 0 else m.grail_backup
        gain = s - u + bk
        why = {"key": LOG + "why.supply", "params": {"supply": s, "upkeep": u, "backup": bk}} if g.keep_log else None
    loc = f.location
    if loc and g.loc_owner.get(loc) == f.id:                # g.owns(f), and its grade, without the calls
        bonus = g.refs["grades"][g.refs["grade"][loc]].end_of_turn_bonus
        if bonus:
            gain += bonus
            why = {"key": LOG + "why.leyline", "params": {"why": why, "bonus": bonus}} if g.keep_log else None
    return gain, why


def phase_mana(g):
    return (yield from run(g, frame("phase_mana")))


@resumable("phase_mana")
def _phase_mana(g, fr):
    m = g.fc.mana
    if fr["pc"] == 0:
        fr["order"] = g.order()
        fr["i"] = 0
        fr["st"] = 0
        fr["pc"] = 1
    order = fr["order"]
    i, st = fr["i"], fr["st"]        # kept in the frame before each prompt (what a save reads)
    while i < len(order):
        f = g.fac[order[i]]
        if st == 0:
            gain, why = turn_gain(g, f)
            before = f.mana
            if gain > 0 and m.cap_at_max:
                f.mana = max(f.mana, min(f.max_mana, f.mana + gain))
            else:
                f.mana = f.mana + gain
            if g.report_events:
                g.events.append(ManaChanged(f.id, before, f.mana, "turn_end", g.vis(f.id)))     # §3.6: acting faction
            if g.keep_log:
                pen = g.penalty(f)
                g.note(f.id, "mana_turn_penalty" if pen else "mana", g.vis(f.id), amount=f"{gain:+d}", why=why,
                       mana=f.mana, max=f.max_mana, penalty=pen)
            st = 1
        while f.mana < m.vanish_below and use_options(g, f, "emergency"):
            fr["i"] = i
            fr["st"] = st
            ans = ask("emergency", f.id, {"mana": f.mana}, g)
            if type(ans) is Pending:
                ans = yield ans
            if ans.kind != "use":
                break
            apply_use(g, ans)
        if f.mana < m.vanish_below:
            g.eliminate(f, "vanished")
        i += 1
        st = 0
    g.victory_check()
    if g.turn >= g.fc.game.max_turns:
        score(g)
    g.turn += 1


def score(g):
    s = g.fc.scoring
    rows = []
    for fid in g.act_ids():
        f = g.fac[fid]
        gp = s.grade_points.get(g.grade(f.location), 0) if g.owns(f) else 0
        pts = s.survive + s.per_kill * f.kills + s.per_spell * f.spells + gp + max(0, f.mana) // s.mana_divisor
        g.scores[fid] = pts
        rows.append((-pts, -f.kills, -f.spells, -f.mana, g.fids.index(fid), fid))
        g.note(f.id, "score", points=pts)
    rows.sort()
    g.end_war(rows[0][-1] if rows else "none", "turn_limit")
