"""Phase E (§6): the PC and NPC event tables, good fortune, misfortune, encounters."""
from __future__ import annotations

from . import combat, npc
from .model import ALL, clamp
from .frames import TAIL, enter, frame, resumable, run, tail
from .prompt import Pending, ask


def phase_events(g):
    return (yield from run(g, frame("phase_events")))


@resumable("phase_events")
def _phase_events(g, fr):
    if fr["pc"] == 0:
        fr["order"] = g.order()
        fr["i"] = 0
        fr["pc"] = 1
    if fr["pc"] == 1:
        order = fr["order"]
        i = fr["i"]                 # written to the frame before each procedure (what a save reads)
        while i < len(order):
            f = g.fac[order[i]]
            if "sub" in fr or (f.active and f.human):
                fr["i"] = i
                yield from enter(g, fr, {"fn": "pc_table", "pc": 0, "x": f.id})
                del fr["sub"]
            i += 1
        fr["i"] = i
        fr["pc"] = 2
    yield from enter(g, fr, {"fn": "npc_table", "pc": 0})
    del fr["sub"]


def pc_table(g, x):
    return (yield from run(g, frame("pc_table", x=x.id)))


@resumable("pc_table")
def _pc_table(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x = g.fac[fr["x"]]
    entry = g.table(x.id, "pc_table", "pc")
    eff = entry.effect
    others = [o for o in g.act_ids() if o != x.id]
    if eff == "good_fortune":
        fortune(g, x)
    elif eff == "misfortune":
        tail(fr, "misfortune", x=x.id)
    elif eff == "encounter":
        if others:
            y = g.fac[g.choose(x.id, "encounter", others)]
            tail(fr, "encounter", x=x.id, y=y.id, mood=entry.mood)
    elif eff == "gm_encounter":
        if others:
            cand = [o for o in others if g.fac[o].know[x.id].loc and o not in x.allies]
            y = g.fac[g.choose(x.id, "gm_designated", cand or others)]
            if y.id in x.allies:
                mood = "friendly"
            else:
                e = g.table(x.id, "gm_reaction", "gm_reaction")
                mood = e.mood
            tail(fr, "encounter", x=x.id, y=y.id, mood=mood)
    elif eff == "witness":
        if len(others) >= 2:
            y = g.choose(x.id, "witness", others)
            z = g.choose(x.id, "witness", [o for o in others if o != y])
            fy, fz = g.fac[y], g.fac[z]
            for t in (fy, fz):
                g.acquaint(x, t)
                g.learn_loc(x, t)
            mood = g.table(x.id, "witness_mood", "witness_mood").mood
            tail(fr, "pair_event", y=y, z=z, mood=mood, witness=x.id, npc_roll_only=True)
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))


def encounter(g, x, y, mood):
    return (yield from run(g, frame("encounter", x=x.id, y=y.id, mood=mood)))


@resumable("encounter")
def _encounter(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x, y = g.fac[fr["x"]], g.fac[fr["y"]]
    if fr["pc"] == 0:
        mood = fr["mood"]
        if mood == "hostile" and y.id in x.allies:
            mood = "neutral"
        g.meet(x, y)
        if mood == "friendly":
            x.met_friendly.add(y.id)
            y.met_friendly.add(x.id)
        if mood != "hostile":
            return
        fr["pc"] = 1
    if fr["pc"] == 1:
        ans = ask("encounter_attack", y.id, {"choices": ["attack", "decline"], "other": x.id}, g)
        if type(ans) is Pending:
            ans = yield ans
        if ans.choice == "attack":
            tail(fr, "fight", **combat.fight_args("hostile encounter", y, x, ""))
            return (yield from enter(g, fr))
        fr["pc"] = 2
    ans = ask("encounter_attack", x.id, {"choices": ["attack", "decline"], "other": y.id}, g)
    if type(ans) is Pending:
        ans = yield ans
    if ans.choice == "attack":
        tail(fr, "fight", **combat.fight_args("hostile encounter", x, y, ""))
        return (yield from enter(g, fr))


def pair_event(g, y, z, mood, witness=None, npc_roll_only=True):
    return (yield from run(g, frame("pair_event", y=y.id, z=z.id, mood=mood, witness=witness.id if witness else None,
                                    npc_roll_only=npc_roll_only)))


@resumable("pair_event")
def _pair_event(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    y, z, mood = g.fac[fr["y"]], g.fac[fr["z"]], fr["mood"]
    if mood == "hostile" and z.id in y.allies:
        mood = "neutral"
    g.meet(y, z)
    if mood == "friendly":
        y.met_friendly.add(z.id)
        z.met_friendly.add(y.id)
        if (not fr["npc_roll_only"] or (not y.human and not z.human)) and not y.allies and not z.allies:
            t = (y.ai.alliance_inclination + z.ai.alliance_inclination) // 2
            if g.percent("GM", "alliance_roll", clamp(t, 0, 100), ALL, a=g.fref(y.id), b=g.fref(z.id)):
                g.ally(y, z)
    elif mood == "hostile":
        ey = npc.ewr(g, y, z, "")
        ez = npc.ewr(g, z, y, "")
        a, b = (y, z) if (ey > ez or (ey == ez and y.id < z.id)) else (z, y)
        witness = [fr["witness"]] if fr["witness"] else ()
        tail(fr, "fight", **combat.fight_args("hostile meeting", a, b, "", witnesses=witness))
        return (yield from enter(g, fr))


def fortune(g, x):
    e = g.table(x.id, "good_fortune", "good_fortune")
    fortune_effect(g, x, e.effect, e)


def fortune_effect(g, x, eff, e):
    ev = g.fc.events
    others = [o for o in g.act_ids() if o != x.id]
    if eff == "gain_mana":
        g.gain_mana(x, ev.fortune_mana, "good_fortune")
    elif eff == "gain_code":
        g.add_item(x, e.code, e.count or 1)
    elif eff == "learn_location":
        cand = [o for o in others if not x.know[o].loc]
        if cand:
            g.learn_loc(x, g.fac[g.choose(x.id, "rumour", cand, g.vis(x.id))])
        else:
            g.gain_mana(x, ev.fortune_mana, "good_fortune")
    elif eff == "learn_secret":
        cand = [o for o in others if unknown_secrets(x, g.fac[o])]
        if cand:
            t = g.fac[g.choose(x.id, "glimpse", cand, g.vis(x.id))]
            k = x.know[t.id]
            ss = [s.id for s in t.servant.skills if s.id not in k.ss]
            ms = [s.id for s in t.master.skills if s.id not in k.ms]
            if ss:
                g.learn(x, t, "sskill", g.choose(x.id, "servant_skill", ss, g.vis(x.id), of="sskill:" + t.id))
            elif ms:
                g.learn(x, t, "mskill", g.choose(x.id, "master_skill", ms, g.vis(x.id), of="mskill:" + t.id))
            else:
                g.learn(x, t, "name")
        else:
            g.gain_mana(x, ev.fortune_mana, "good_fortune")


def unknown_secrets(x, t):
    k = x.know[t.id]
    return (any(s.id not in k.ss for s in t.servant.skills) or any(s.id not in k.ms for s in t.master.skills)
            or not k.name)


def misfortune(g, x):
    return (yield from run(g, frame("misfortune", x=x.id)))


@resumable("misfortune")
def _misfortune(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x = g.fac[fr["x"]]
    if fr["pc"] == 1:
        return (yield from _ambush(g, fr, x))
    e = g.table(x.id, "misfortune", "misfortune")
    ev = g.fc.events
    others = [o for o in g.act_ids() if o != x.id]
    eff = e.effect
    if eff == "lose_code":
        items = x.items_list(g.data.code_ids)
        if items:
            code = g.choose(x.id, "lost_code", items, g.vis(x.id), of="code")
            g.take_item(x, code)
            return
        eff = "lose_mana"
    if eff == "lose_mana":
        g.gain_mana(x, -ev.misfortune_mana, "misfortune")
    elif eff == "exposed":
        if others:
            g.learn_loc(g.fac[g.choose(x.id, "spotted_by", others)], x)
    elif eff == "leak":
        if others:
            t = g.fac[g.choose(x.id, "leak_to", others)]
            k = t.know[x.id]
            ss = [s.id for s in x.servant.skills if s.id not in k.ss]
            if ss:
                g.learn(t, x, "sskill", g.choose(x.id, "leaked_skill", ss, g.vis(x.id, t.id), of="sskill:" + x.id))
            else:
                g.learn_loc(t, x)
    elif eff == "bad_omen":
        x.omen = True
    elif eff == "ambush":
        cand = [o for o in others if o not in x.allies]
        if cand:
            y = g.fac[g.choose(x.id, "ambusher", cand)]
            g.learn_loc(y, x)
            fr["y"] = y.id
            fr["pc"] = 1
            return (yield from _ambush(g, fr, x))


def _ambush(g, fr, x):
    y = g.fac[fr["y"]]
    ans = ask("ambush", y.id, {"choices": ["attack", "decline"], "other": x.id}, g)
    if type(ans) is Pending:
        ans = yield ans
    if ans.choice == "attack":
        tail(fr, "fight", **combat.fight_args("ambush", y, x, x.location))
        return (yield from enter(g, fr))


def npc_table(g):
    return (yield from run(g, frame("npc_table")))


@resumable("npc_table")
def _npc_table(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    entry = g.table("GM", "npc_table", "npc")
    ev = g.fc.events
    if ev.npc_table_pool == "npc_only":
        pool = [fid for fid in g.act_ids() if not g.fac[fid].human]
    else:
        pool = g.active_ids()
    eff = entry.effect
    if eff == "npc_setback":
        if pool:
            y = g.fac[g.choose("GM", "setback", pool)]
            g.gain_mana(y, -ev.npc_table_setback_mana, "npc_table", ALL)
            for h in g.humans:
                if h.active and h.id != y.id:
                    g.learn_loc(h, y)
    elif eff == "npc_windfall":
        if pool:
            y = g.fac[g.choose("GM", "windfall", pool)]
            g.gain_mana(y, ev.npc_table_windfall_mana, "npc_table", ALL)
            hs = [h.id for h in g.humans if h.active and h.id != y.id]
            if hs:
                g.learn_loc(y, g.fac[g.choose("GM", "windfall_target", hs, g.vis(y.id))])
    elif eff == "npc_pair":
        if len(pool) >= 2:
            y = g.choose("GM", "pair", pool)
            z = g.choose("GM", "pair", [p for p in pool if p != y])
            mood = entry.mood
            if mood == "random_friendly_hostile":
                mood = g.table("GM", "mood", "random_friendly_hostile").mood
            tail(fr, "pair_event", y=y, z=z, mood=mood, witness=None, npc_roll_only=False)
            return (yield from enter(g, fr))
