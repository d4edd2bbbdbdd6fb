"""Phase E (§6): the PC and NPC event tables, good fortune, misfortune, encounters."""
from __future__ import annotations

from . import combat, npc
from .model import ALL, clamp
from .prompt import ask


def phase_events(g):
    for fid in g.order():
        f = g.fac[fid]
        if f.active and f.human:
            yield from pc_table(g, f)
    yield from npc_table(g)


def pc_table(g, x):
    entry = g.table(x.id, "pc_table", "pc")
    eff = entry.effect
    others = [o for o in g.active_ids() if o != x.id]
    if eff == "good_fortune":
        fortune(g, x)
    elif eff == "misfortune":
        yield from misfortune(g, x)
    elif eff == "encounter":
        if others:
            y = g.fac[g.choose(x.id, "encounter", others)]
            yield from encounter(g, x, y, entry.mood)
    elif eff == "gm_encounter":
        if others:
            cand = [o for o in others if g.fac[o].know[x.id].loc and o not in x.allies]
            y = g.fac[g.choose(x.id, "gm_designated", cand or others)]
            if y.id in x.allies:
                mood = "friendly"
            else:
                e = g.table(x.id, "gm_reaction", "gm_reaction")
                mood = e.mood
            yield from encounter(g, x, y, mood)
    elif eff == "witness":
        if len(others) >= 2:
            y = g.choose(x.id, "witness", others)
            z = g.choose(x.id, "witness", [o for o in others if o != y])
            fy, fz = g.fac[y], g.fac[z]
            for t in (fy, fz):
                g.acquaint(x, t)
                g.learn_loc(x, t)
            mood = g.table(x.id, "witness_mood", "witness_mood").mood
            yield from pair_event(g, fy, fz, mood, witness=x)


def encounter(g, x, y, mood):
    if mood == "hostile" and y.id in x.allies:
        mood = "neutral"
    g.meet(x, y)
    if mood == "friendly":
        x.met_friendly.add(y.id)
        y.met_friendly.add(x.id)
    elif mood == "hostile":
        ans = yield ask("encounter_attack", y.id, choices=["attack", "decline"], other=x.id)
        if ans.choice == "attack":
            yield from combat.fight(g, "hostile encounter", y, x, "")
            return
        ans = yield ask("encounter_attack", x.id, choices=["attack", "decline"], other=y.id)
        if ans.choice == "attack":
            yield from combat.fight(g, "hostile encounter", x, y, "")


def pair_event(g, y, z, mood, witness=None, npc_roll_only=True):
    if mood == "hostile" and z.id in y.allies:
        mood = "neutral"
    g.meet(y, z)
    if mood == "friendly":
        y.met_friendly.add(z.id)
        z.met_friendly.add(y.id)
        if (not npc_roll_only or (not y.human and not z.human)) and not y.allies and not z.allies:
            t = (y.ai.alliance_inclination + z.ai.alliance_inclination) // 2
            if g.percent("GM", "alliance_roll", clamp(t, 0, 100), ALL, a=g.fref(y.id), b=g.fref(z.id)):
                g.ally(y, z)
    elif mood == "hostile":
        ey = npc.ewr(g, y, z, "")
        ez = npc.ewr(g, z, y, "")
        a, b = (y, z) if (ey > ez or (ey == ez and y.id < z.id)) else (z, y)
        yield from combat.fight(g, "hostile meeting", a, b, "", witnesses=[witness] if witness else ())


def fortune(g, x):
    e = g.table(x.id, "good_fortune", "good_fortune")
    fortune_effect(g, x, e.effect, e)


def fortune_effect(g, x, eff, e):
    ev = g.cfg.events
    others = [o for o in g.active_ids() if o != x.id]
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
    e = g.table(x.id, "misfortune", "misfortune")
    ev = g.cfg.events
    others = [o for o in g.active_ids() if o != x.id]
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
            ans = yield ask("ambush", y.id, choices=["attack", "decline"], other=x.id)
            if ans.choice == "attack":
                yield from combat.fight(g, "ambush", y, x, x.location)


def npc_table(g):
    entry = g.table("GM", "npc_table", "npc")
    ev = g.cfg.events
    if ev.npc_table_pool == "npc_only":
        pool = [fid for fid in g.active_ids() if not g.fac[fid].human]
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
            yield from pair_event(g, g.fac[y], g.fac[z], mood, npc_roll_only=False)
