"""The turn procedure (§4-§14) as one generator. It yields a ``Pending`` whenever a faction
must decide and receives the chosen action; dice are drawn in the spec's canonical order."""
from __future__ import annotations

from . import combat, npc
from .combat import clamp
from .actions import Declare
from .events import Changed, ManaChanged, PhaseStarted
from .model import ALL, WarOver
from .prompt import ask


# --- helpers ---------------------------------------------------------------------------------
def check(g, f, label, t, vis, want="success", words=None):
    """A % check owned by ``f`` with talisman/mirror rerolls (§3.4, §3.5)."""
    c = g.cfg.checks
    t = clamp(t, c.min_chance, c.max_chance)
    ok = g.percent(f.label(), label, t, vis, words)
    used = {"talisman": 0, "magic_mirror": 0}
    while True:
        ch = []
        for code, word in (("talisman", "talisman"), ("magic_mirror", "mirror")):
            lim = g.data.code[code].max_per_check          # §17: null = no limit
            if f.inv.get(code, 0) > 0 and (lim is None or used[code] < lim):
                ch.append(word)
        if not ch:
            break
        ans = yield ask("reroll_check", f.id, choices=ch + ["keep"], label=label, target=t,
                             success=ok, want=want)
        if ans.choice == "keep":
            break
        code = "magic_mirror" if ans.choice == "mirror" else "talisman"
        g.take_item(f, code)
        used[code] += 1
        ok = g.percent(f.label(), label + f" ({ans.choice})", t, vis, words)
    return ok


def omen(g, f):
    return g.cfg.events.bad_omen_penalty if f.omen else 0


def apply_use(g, a):
    """A free use (§7: mana codes, +100 and +10 command spells)."""
    f = g.fac[a.faction]
    if a.item in ("magic_jewel", "elixir"):
        g.take_item(f, a.item)
        g.gain_mana(f, g.data.code[a.item].effect.value or 0, g.data.code[a.item].en,
                    reason_ja=g.data.code[a.item].ja)
    elif a.item == "spell_mana":
        g.spend_spells(f, 1, "+100 mana")
        g.gain_mana(f, g.cfg.command_spells.mana_gain, "command spell")
    elif a.item == "spell_params":
        g.spend_spells(f, 1, "+10 to all parameters this turn")
        f.buff = True


def use_options(g, f, kind):
    out = []
    if not f.active:
        return out
    for c in ("magic_jewel", "elixir"):
        if f.inv.get(c, 0) > 0:
            out.append(c)
    if f.spells > 0:
        out.append("spell_mana")
        if kind != "commit" and (not f.buff or g.cfg.command_spells.all_params_stackable) and kind != "emergency":
            out.append("spell_params")
    return out


def set_phase(g, phase):
    g.phase = phase
    g.events.append(PhaseStarted(g.turn, phase, ALL))


# --- the war ---------------------------------------------------------------------------------
def run_war(g):
    try:
        setup(g)
        while True:
            yield from turn(g)
    except WarOver:
        return


def setup(g):
    g.note("GM", f"seed {g.seed}", f"シード {g.seed}")
    grades = set(g.cfg.game.start_location_grades)
    for fid in g.fids:
        f = g.fac[fid]
        pool = [l for l in g.data.loc_ids if g.data.loc[l].grade in grades and not g.occupants(l)]
        loc = g.choose("GM", f"starting location of {fid}", pool, g.vis(fid))
        f.location = loc
        g.loc_owner[loc] = fid
        for code, n in f.master.start_items.items():
            f.inv[code] += n
        for _, _, e in f.effects:
            if e.type == "start_items":
                for code, n in (e.items or {}).items():
                    f.inv[code] += n
    g.victory_check()


def turn(g):
    set_phase(g, "E")
    for f in g.fac.values():
        f.fought = f.rested = f.omen = f.relocated = False
        f.met_friendly = set()
        f.declared = None
        f.buff = False
        f.accompany = ""
    yield from all_allied_check(g)
    g.note("GM", f"turn {g.turn} begins", f"第{g.turn}ターン開始")
    yield from phase_events(g)
    for f in g.fac.values():
        f.relocated = False     # §7.2: only a retreat after the declarations costs the declared action
    set_phase(g, "D")
    yield from phase_declare(g)
    yield from phase_actions(g)
    set_phase(g, "C")
    yield from phase_comm(g)
    set_phase(g, "M")
    yield from phase_mana(g)


def all_allied_check(g):
    act = g.active_ids()
    if len(act) < 2:
        return
    if all(b in g.fac[a].allies for a in act for b in act if a != b):
        g.note("GM", "the Grail will grant only one wish: every alliance dissolves",
               "聖杯が叶える願いはただ一つ。全ての同盟は解消された")
        for a in act:
            fa = g.fac[a]
            for b in list(fa.allies):
                g.unally(fa, g.fac[b], "only one wish")
        for a in act:
            fa = g.fac[a]
            if fa.location and g.loc_owner.get(fa.location) != fa.id:
                yield from retreat_move(g, fa, fa.location)
        for a in act:
            for b in act:
                if a != b:
                    g.learn_loc(g.fac[a], g.fac[b])


# --- phase E (§6) ----------------------------------------------------------------------------
def phase_events(g):
    for fid in g.order():
        f = g.fac[fid]
        if f.active and f.human:
            yield from pc_table(g, f)
    yield from npc_table(g)


def pc_table(g, x):
    entry = g.table(x.label(), "PC event table", "pc")
    eff = entry.effect
    others = [o for o in g.active_ids() if o != x.id]
    if eff == "good_fortune":
        fortune(g, x)
    elif eff == "misfortune":
        yield from misfortune(g, x)
    elif eff == "encounter":
        if others:
            y = g.fac[g.choose(x.label(), "encounter", others)]
            yield from encounter(g, x, y, entry.mood)
    elif eff == "gm_encounter":
        if others:
            cand = [o for o in others if g.fac[o].know[x.id].loc and o not in x.allies]
            y = g.fac[g.choose(x.label(), "GM-designated", cand or others)]
            if y.id in x.allies:
                mood = "friendly"
            else:
                e = g.table(x.label(), "GM reaction", "gm_reaction")
                mood = e.mood
            yield from encounter(g, x, y, mood)
    elif eff == "witness":
        if len(others) >= 2:
            y = g.choose(x.label(), "witness", others)
            z = g.choose(x.label(), "witness", [o for o in others if o != y])
            fy, fz = g.fac[y], g.fac[z]
            for t in (fy, fz):
                g.acquaint(x, t)
                g.learn_loc(x, t)
            mood = g.table(x.label(), "witness mood", "witness_mood").mood
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
            if g.percent("GM", f"alliance {y.id}-{z.id}", clamp(t, 0, 100), ALL):
                g.ally(y, z)
    elif mood == "hostile":
        ey = npc.ewr(g, y, z, "")
        ez = npc.ewr(g, z, y, "")
        a, b = (y, z) if (ey > ez or (ey == ez and y.id < z.id)) else (z, y)
        yield from combat.fight(g, "hostile meeting", a, b, "", witnesses=[witness] if witness else ())


def fortune(g, x):
    e = g.table(x.label(), "Good Fortune", "good_fortune")
    fortune_effect(g, x, e.effect, e)


def fortune_effect(g, x, eff, e):
    ev = g.cfg.events
    others = [o for o in g.active_ids() if o != x.id]
    if eff == "gain_mana":
        g.gain_mana(x, ev.fortune_mana, "good fortune")
    elif eff == "gain_code":
        g.add_item(x, e.code, e.count or 1)
    elif eff == "learn_location":
        cand = [o for o in others if not x.know[o].loc]
        if cand:
            g.learn_loc(x, g.fac[g.choose(x.label(), "rumour", cand, g.vis(x.id))])
        else:
            g.gain_mana(x, ev.fortune_mana, "good fortune")
    elif eff == "learn_secret":
        cand = [o for o in others if unknown_secrets(x, g.fac[o])]
        if cand:
            t = g.fac[g.choose(x.label(), "glimpse", cand, g.vis(x.id))]
            k = x.know[t.id]
            ss = [s.id for s in t.servant.skills if s.id not in k.ss]
            ms = [s.id for s in t.master.skills if s.id not in k.ms]
            if ss:
                g.learn(x, t, "sskill", g.choose(x.label(), "servant skill", ss, g.vis(x.id)))
            elif ms:
                g.learn(x, t, "mskill", g.choose(x.label(), "master skill", ms, g.vis(x.id)))
            else:
                g.learn(x, t, "name")
        else:
            g.gain_mana(x, ev.fortune_mana, "good fortune")


def unknown_secrets(x, t):
    k = x.know[t.id]
    return (any(s.id not in k.ss for s in t.servant.skills) or any(s.id not in k.ms for s in t.master.skills)
            or not k.name)


def misfortune(g, x):
    e = g.table(x.label(), "Misfortune", "misfortune")
    ev = g.cfg.events
    others = [o for o in g.active_ids() if o != x.id]
    eff = e.effect
    if eff == "lose_code":
        items = x.items_list(g.data.code_ids)
        if items:
            code = g.choose(x.label(), "lost code", items, g.vis(x.id))
            g.take_item(x, code)
            return
        eff = "lose_mana"
    if eff == "lose_mana":
        g.gain_mana(x, -ev.misfortune_mana, "misfortune")
    elif eff == "exposed":
        if others:
            g.learn_loc(g.fac[g.choose(x.label(), "spotted by", others)], x)
    elif eff == "leak":
        if others:
            t = g.fac[g.choose(x.label(), "leak to", others)]
            k = t.know[x.id]
            ss = [s.id for s in x.servant.skills if s.id not in k.ss]
            if ss:
                g.learn(t, x, "sskill", g.choose(x.label(), "leaked skill", ss, g.vis(x.id, t.id)))
            else:
                g.learn_loc(t, x)
    elif eff == "bad_omen":
        x.omen = True
        g.events.append(Changed(x.id, "omen", "bad_omen", g.vis(x.id)))
    elif eff == "ambush":
        cand = [o for o in others if o not in x.allies]
        if cand:
            y = g.fac[g.choose(x.label(), "ambusher", cand)]
            g.learn_loc(y, x)
            ans = yield ask("ambush", y.id, choices=["attack", "decline"], other=x.id)
            if ans.choice == "attack":
                yield from combat.fight(g, "ambush", y, x, x.location)


def npc_table(g):
    entry = g.table("GM", "NPC event table", "npc")
    ev = g.cfg.events
    if ev.npc_table_pool == "npc_only":
        pool = [fid for fid in g.active_ids() if not g.fac[fid].human]
    else:
        pool = g.active_ids()
    eff = entry.effect
    if eff == "npc_setback":
        if pool:
            y = g.fac[g.choose("GM", "setback", pool)]
            g.gain_mana(y, -ev.npc_table_setback_mana, "NPC table", ALL)
            for h in g.humans:
                if h.active and h.id != y.id:
                    g.learn_loc(h, y)
    elif eff == "npc_windfall":
        if pool:
            y = g.fac[g.choose("GM", "windfall", pool)]
            g.gain_mana(y, ev.npc_table_windfall_mana, "NPC table", ALL)
            hs = [h.id for h in g.humans if h.active and h.id != y.id]
            if hs:
                g.learn_loc(y, g.fac[g.choose("GM", "windfall target", hs, g.vis(y.id))])
    elif eff == "npc_pair":
        if len(pool) >= 2:
            y = g.choose("GM", "pair", pool)
            z = g.choose("GM", "pair", [p for p in pool if p != y])
            mood = entry.mood
            if mood == "random_friendly_hostile":
                mood = g.table("GM", "mood", "random_friendly_hostile").mood
            yield from pair_event(g, g.fac[y], g.fac[z], mood, npc_roll_only=False)


# --- phase D (§7.1) --------------------------------------------------------------------------
def phase_declare(g):
    for fid in g.order():
        f = g.fac[fid]
        if not f.active or not f.human or f.declared is not None:
            continue
        if f.spells == 0 and g.cfg.command_spells.disobey_chance > 0:
            dis = yield from check(g, f, "Disobedience", g.cfg.command_spells.disobey_chance - omen(g, f), g.vis(f.id),
                                   want="failure")
            if dis:
                a = npc.declare(g, f)
                g.note(f.label(), "the servant acts on its own", "サーヴァントが独断で行動する", g.vis(f.id))
                yield from register(g, f, a)
                continue
        a = yield ask("declare", f.id)
        yield from register(g, f, a)
    for fid in g.order():
        f = g.fac[fid]
        if f.active and not f.human and f.declared is None:
            a = yield ask("declare", f.id, plan=npc.declare(g, f))
            yield from register(g, f, a)
    g.decl_loc = {fid: g.fac[fid].location for fid in g.active_ids()}


def register(g, f, a):
    if a.act == "approach" and a.ally:
        y = g.fac[a.ally]
        ans = yield ask("accompany", y.id, choices=["consent", "refuse"], leader=f.id)
        if ans.choice == "consent":
            y.declared = Declare(y.id, "accompany", f.id)
            y.accompany = f.id
        else:
            a = Declare(a.faction, a.act, a.target, a.mode, a.familiars, a.crows, "")
    f.declared = a
    g.note(f.label(), "declares " + describe(g, a), "行動宣言：" + describe(g, a), g.vis(f.id))


def describe(g, a):
    t = f" {a.target}" if a.target else ""
    m = f" ({a.mode})" if a.mode else ""
    x = f" +{a.familiars} familiars" if a.familiars else ""
    x += f" +{a.crows} crows" if a.crows else ""
    x += f" with {a.ally}" if a.ally else ""
    return f"{a.act}{t}{m}{x}"


# --- phase A (§7.2-§7.10) ----------------------------------------------------------------------
def pending_act(g, f, act):
    return f.active and f.declared is not None and f.declared.act == act and not f.relocated


def phase_actions(g):
    order = g.order()
    humans = [fid for fid in order if g.fac[fid].human]
    npcs = [fid for fid in order if not g.fac[fid].human]
    for step, group in (("A1", humans), ("A2", npcs)):
        set_phase(g, step)
        for fid in group:
            f = g.fac[fid]
            if pending_act(g, f, "approach"):
                yield from resolve_approach(g, f)
    set_phase(g, "A3")
    for fid in humans + npcs:
        f = g.fac[fid]
        if pending_act(g, f, "soul_eat"):
            yield from resolve_soul(g, f)
    for step, group in (("A4", humans), ("A5", npcs)):
        set_phase(g, step)
        for fid in group:
            f = g.fac[fid]
            if not f.active or f.declared is None or f.relocated:
                continue
            act = f.declared.act
            if act in ("approach", "soul_eat", "accompany"):
                continue
            yield from resolve_simple(g, f, f.declared)


def resolve_simple(g, f, a):
    if a.act == "info":
        yield from resolve_info(g, f, a)
    elif a.act == "craft":
        yield from resolve_craft(g, f, a)
    elif a.act == "rest":
        f.rested = True
        g.note(f.label(), "rests", "休息する", g.vis(f.id))
    elif a.act == "move":
        yield from resolve_move(g, f, a)
    elif a.act == "other":
        yield from resolve_other(g, f, a)
    f.declared = None


def targets_of(g, x, a=None):
    a = a or x.declared
    if a.target in g.fac:
        return {a.target}
    return {fid for fid, loc in g.decl_loc.items() if loc == a.target and fid != x.id}


def resolve_approach(g, x):
    a = x.declared
    x.declared = None
    ally = g.fac[a.ally] if a.ally and g.fac[a.ally].active and g.fac[a.ally].accompany == x.id \
        and not g.fac[a.ally].relocated else None
    subs = [ally] if ally else []
    # mutual targeting (§7.3)
    for yid in sorted(targets_of(g, x, a), key=lambda i: g.fids.index(i)):
        y = g.fac[yid]
        if y.active and not y.relocated and y.declared is not None and y.declared.act == "approach" \
                and x.id in targets_of(g, y):
            ya = y.declared
            y.declared = None
            yally = g.fac[ya.ally] if ya.ally and g.fac[ya.ally].active and g.fac[ya.ally].accompany == y.id \
                and not g.fac[ya.ally].relocated else None
            ysubs = [yally] if yally else []
            g.note(x.label(), f"{x.id} and {y.id} meet on the way", f"{x.id}と{y.id}が道中で遭遇", g.vis(x.id, y.id))
            if a.mode == "raid" or ya.mode == "raid":
                if ya.mode == "raid":
                    yield from combat.fight(g, "mutual encounter", y, x, "", ysubs, subs)
                else:
                    yield from combat.fight(g, "mutual encounter", x, y, "", subs, ysubs)
            else:
                g.meet(x, y)
                x.met_friendly.add(y.id)
                y.met_friendly.add(x.id)
                for s in subs + ysubs:
                    g.meet(s, x if s in ysubs else y)
            if x.active and not x.relocated:
                plan = None if x.human else npc.rescue_plan(
                    g, x, lambda label, items: g.choose(x.label(), label, items, g.vis(x.id)))
                r = yield ask("rescue", x.id, target=y.id, plan=plan)
                if r.kind == "declare":
                    yield from resolve_simple(g, x, r)
            return
    loc = g.decl_loc.get(a.target, "") if a.target in g.fac else a.target
    if not loc:
        return
    occ = [o for o in g.occupants(loc) if o != x.id and (not ally or o != ally.id)]
    vis = g.vis(x.id, *(s.id for s in subs))
    g.note(x.label(), f"approaches {loc} {g.data.loc[loc].en} ({a.mode})",
           f"{loc} {g.data.loc[loc].ja} に{'襲撃' if a.mode == 'raid' else '接触'}", vis)
    if not occ:
        g.learn_empty(x, loc)
        for s in subs:
            g.learn_empty(s, loc)
        g.note(x.label(), f"{loc} is empty", f"{loc}には誰もいない", vis)
        return
    for o in occ:
        fo = g.fac[o]
        g.acquaint(x, fo)
        g.learn_loc(x, fo)
        for s in subs:
            g.acquaint(s, fo)
            g.learn_loc(s, fo)
    hostile = [o for o in occ if o not in x.allies]
    if not hostile:
        return
    if a.mode == "raid":
        d = a.target if a.target in hostile else hostile[0]
        yield from combat.fight(g, "raid", x, g.fac[d], loc, subs)
        return
    for o in occ:
        fo = g.fac[o]
        g.acquaint(fo, x)
        g.learn_loc(fo, x)
        for s in subs:
            g.acquaint(fo, s)
    for o in hostile:
        fo = g.fac[o]
        if not fo.active:
            continue
        ans = yield ask("contact_reply", o, choices=["listen", "attack"], other=x.id)
        if ans.choice == "attack":
            yield from combat.fight(g, "attack on contact", fo, x, loc, (), subs)
            return
    for o in occ:
        for p in [x] + subs:
            p.met_friendly.add(o)
            g.fac[o].met_friendly.add(p.id)


def info_target(g, f, a):
    t = g.fac[a.target]
    ig = g.cfg.info_gathering.base_chance + f.eff_sum("info_bonus")
    ig += a.familiars * (g.data.code["familiar"].effect.value or 0)
    ig += a.crows * (g.data.code["black_crow"].effect.value or 0)
    ig -= t.eff_sum("info_defense") + omen(g, f)
    return ig


def resolve_info(g, f, a):
    t = g.fac[a.target]
    if not t.active:
        return
    if a.familiars:
        g.take_item(f, "familiar", a.familiars)
    if a.crows:
        g.take_item(f, "black_crow", a.crows)
    ok = yield from check(g, f, f"Information gathering on {t.id}", info_target(g, f, a), g.vis(f.id))
    if not ok:
        return
    k = f.know[t.id]
    g.acquaint(f, t)
    g.learn_loc(f, t)
    ms = [s.id for s in t.master.skills if s.id not in k.ms]
    if ms:
        g.learn(f, t, "mskill", g.choose(f.label(), "master skill", ms, g.vis(f.id)))
    ss = [s.id for s in t.servant.skills if s.id not in k.ss]
    if ss:
        g.learn(f, t, "sskill", g.choose(f.label(), "servant skill", ss, g.vis(f.id)))
    elif not k.name:
        g.learn(f, t, "name")
        g.note(f.label(), f"learns the true name of {t.id}: {t.servant.true_name.en}",
               f"{t.id}の真名を知った：{t.servant.true_name.ja}", g.vis(f.id))
    elif not k.np:
        g.learn(f, t, "np")
        g.note(f.label(), f"learns the noble phantasm of {t.id}: {t.servant.np.en}",
               f"{t.id}の宝具を知った：{t.servant.np.ja}", g.vis(f.id))


def craft_target(g, f):
    return f.master.magic * g.cfg.crafting.chance_per_magic + f.eff_sum("craft_bonus") - omen(g, f)


def resolve_craft(g, f, a):
    code = g.data.code[a.target]
    ok = yield from check(g, f, f"Craft {code.ja} {code.en}", craft_target(g, f), g.vis(f.id))
    if ok and code.craft_yield:
        g.add_item(f, code.id, code.craft_yield)


def resolve_soul(g, e):
    e.declared = None
    sc = g.cfg.soul_eating
    t = sc.detection_chance - e.eff_sum("soul_eat_concealment") - omen(g, e)
    det = yield from check(g, e, "Soul-eating detection", t, g.vis(e.id), want="failure",
                           words=("detected", "not detected"))
    if not det:
        g.gain_mana(e, sc.mana_gain, "soul-eating")
        return
    g.note(e.label(), f"soul-eating detected at {e.location}", f"魂喰いが露見した（{e.location}）")
    for o in g.active_ids():
        if o != e.id:
            g.learn_loc(g.fac[o], e)
    deciders = [o for o in g.order() if o != e.id and o not in e.allies]
    inter = []
    for o in deciders:
        ans = yield ask("intervene", o, choices=["intervene", "pass"], other=e.id)
        if ans.choice == "intervene":
            inter.append(o)
    for o in inter:
        fo = g.fac[o]
        if not fo.active or not e.active:
            continue
        b = yield from combat.fight(g, "intervention", fo, e, e.location)
        if b is not None and b.winner == "A":
            g.note(e.label(), "the soul-eating fails", "魂喰いは失敗した")
            return
    if e.active:
        g.gain_mana(e, sc.mana_gain, "soul-eating")


def resolve_move(g, f, a):
    loc = a.target
    occ = [o for o in g.occupants(loc) if o != f.id]
    if not occ:
        g.relocate(f, loc, "move")
        return
    if all(o in f.allies for o in occ):
        g.relocate(f, loc, "joins ally")
        return
    for o in occ:
        g.meet(f, g.fac[o])
    if a.mode == "seize":
        owner = g.loc_owner[loc] or occ[0]
        if owner in f.allies:
            owner = next(o for o in occ if o not in f.allies)
        yield from combat.fight(g, "seize", f, g.fac[owner], loc, seize=True)
        return
    for o in occ:
        fo = g.fac[o]
        if o in f.allies or not fo.active:
            continue
        ans = yield ask("contact_reply", o, choices=["listen", "attack"], other=f.id)
        if ans.choice == "attack":
            yield from combat.fight(g, "attack on contact", fo, f, loc)
            return
    for o in occ:
        f.met_friendly.add(o)
        g.fac[o].met_friendly.add(f.id)


def resolve_other(g, f, a):
    if a.mode == "build_workshop":
        ok = yield from check(g, f, "Build workshop", craft_target(g, f), g.vis(f.id))
        if ok and f.location:
            ws = g.workshop.get(f.location)
            g.workshop[f.location] = [f.id, (ws[1] if ws else 0) + 1]
            g.events.append(Changed(f.id, "workshop", f"{f.location}:{g.workshop[f.location][1]}", g.vis(f.id)))
            g.note(f.label(), f"workshop at {f.location} is now level {g.workshop[f.location][1]}",
                   f"{f.location}の工房がレベル{g.workshop[f.location][1]}になった", g.vis(f.id))
    elif a.mode == "survey":
        occ = g.occupants(a.target)
        if not occ:
            g.learn_empty(f, a.target)
        for o in occ:
            if o != f.id:
                g.learn_loc(f, g.fac[o])
        g.note(f.label(), f"surveys {a.target}: {', '.join(occ) or 'nobody'}",
               f"{a.target}を偵察：{'、'.join(occ) or '誰もいない'}", g.vis(f.id))


# --- defeat and retreat (§14) ------------------------------------------------------------------
def escape_chance(g, f, np_used):
    ch = 0
    for sk, e in f.passive.get("escape", ()):
        ch = max(ch, e.chance or 0)
    if np_used:
        for e in f.np_effects:
            if e.type == "escape":
                ch = max(ch, e.chance or 0)
    return ch


def defeat(g, b, lose):
    cost = g.cfg.command_spells.retreat_cost
    vis = g.vis(*b.fids(), *b.witnesses)
    retreated, rest, destroyed = [], [], []
    for pt in lose:
        f = pt.f
        if not f.active:
            continue
        ch = escape_chance(g, f, pt.np)
        if ch > 0:
            ok = yield from check(g, f, "Escape", ch - omen(g, f), vis)
            if ok:
                retreated.append(f)
                continue
        rest.append(f)
    if len(rest) == 1:
        f = rest[0]
        if f.spells >= cost:
            ans = yield ask("retreat_pay", f.id, choices=["pay", "decline"], battle=b.no)
            if ans.choice == "pay":
                g.spend_spells(f, cost, "retreat")
                retreated.append(f)
            else:
                destroyed.append(f)
        else:
            destroyed.append(f)
    elif rest:
        answers = []
        for f in rest:
            ans = yield ask("retreat_group", f.id, choices=["cooperate", "abandon"], battle=b.no)
            answers.append(ans.choice)
        if all(c == "cooperate" for c in answers):
            if sum(f.spells for f in rest) < cost:
                destroyed.extend(rest)
            else:
                left = cost
                for f in rest:
                    p = min(f.spells, left)
                    if p:
                        g.spend_spells(f, p, "group retreat")
                    left -= p
                retreated.extend(rest)
        else:
            g.note(f"Battle#{b.no}", "betrayal: the group retreat falls apart", "裏切り：共同撤退は決裂した", vis)
            for f, c in zip(rest, answers):
                if c == "abandon":
                    for o in rest:
                        if o is not f and not o.human:
                            o.grudges.add(f.id)
            for f in rest:
                for o in rest:
                    if o is not f and o.id in f.allies:
                        g.unally(f, o, "betrayal")
            for f in rest:
                if f.spells >= cost:
                    g.spend_spells(f, cost, "retreat")
                    retreated.append(f)
                else:
                    destroyed.append(f)
    order = [pt.f for pt in lose]
    for f in sorted(retreated, key=order.index):
        g.note(f.label(), "retreats", "撤退する", vis)
        yield from retreat_move(g, f, b.loc)
    for f in destroyed:
        g.eliminate(f, "destroyed")
    return destroyed


def retreat_move(g, f, lost):
    """§14.2: leave ``lost`` if it is the faction's own location, else stay home."""
    if not f.active or not lost or f.location != lost:
        return
    others = [l for l in g.data.loc_ids if l != lost]
    if f.human:
        ans = yield ask("retreat_dest", f.id, choices=others, lost=lost)
        dest = ans.choice
    else:
        known = [l for l in f.known_empty if l != lost]
        if known:
            dest = sorted(known, key=lambda l: (-g.grade_rank(l), l))[0]
        else:
            dest = g.choose(f.label(), "retreat destination", others, g.vis(f.id))
    occ = g.occupants(dest)
    if occ and not all(o in f.allies for o in occ):
        empties = [l for l in g.data.loc_ids if l != lost and not g.occupants(l)]
        g.note(f.label(), f"finds {dest} occupied and flees on", f"{dest}は占拠されていたため更に逃走", g.vis(f.id))
        dest = g.choose(f.label(), "flee to", empties, g.vis(f.id))
        if dest is None:
            return
    g.relocate(f, dest, "retreat")
    f.relocated = True


# --- phase C (§12) --------------------------------------------------------------------------
def talkable(g, x):
    return [t for t in g.active_ids() if t != x.id and (x.know[t].acq or x.know[t].loc)]


def phase_comm(g):
    order = g.order()
    humans = [fid for fid in order if g.fac[fid].human]
    npcs = [fid for fid in order if not g.fac[fid].human]
    for fid in humans:
        yield from comm_for(g, g.fac[fid])
    for h in g.humans:
        if not h.active and h.spells > 0:
            offered = []
            while h.spells > 0:
                ans = yield ask("comm_transfer", h.id, offered=list(offered))
                if ans.option != "give_spells":
                    break
                offered.append(ans.target)
                yield from give_spells(g, h, g.fac[ans.target], int(ans.arg))
    for fid in npcs:
        yield from comm_for(g, g.fac[fid])
    if g.cfg.alliance.auto_share:
        done = set()
        for fid in g.active_ids():
            f = g.fac[fid]
            for aid in sorted(f.allies):
                pair = tuple(sorted((fid, aid)))
                if pair not in done:
                    done.add(pair)
                    pool_knowledge(g, f, g.fac[aid])


def pool_knowledge(g, a, b):
    for t in g.fids:
        if t in (a.id, b.id):
            continue
        ka, kb = a.know[t], b.know[t]
        valid = g.fac[t].active
        loc = (ka.loc or kb.loc) and valid
        acq = ka.acq or kb.acq
        ms = ka.ms | kb.ms
        ss = ka.ss | kb.ss
        for k in (ka, kb):
            k.loc = loc or k.loc
            k.acq = acq
            k.ms = set(ms)
            k.ss = set(ss)
            k.name = ka.name or kb.name
            k.np = ka.np or kb.np
    emp = a.known_empty | b.known_empty
    a.known_empty = set(emp)
    b.known_empty = set(emp)


def comm_for(g, x):
    opened = 0
    while x.active:
        ctx = {}
        if not x.human and opened == 0:
            ctx = npc.comm_context(g, x)
            if ctx.get("roll"):
                cand = g.fac[ctx["candidate"]]
                ok = g.percent(x.label(), f"alliance initiative toward {cand.id}",
                               clamp(x.ai.alliance_inclination, 0, 100), g.vis(x.id))
                ctx = {"candidate": cand.id, "propose": ok}
        ans = yield ask("comm", x.id, opened=opened, **ctx)
        if ans.option != "open":
            return
        opened += 1
        yield from talk(g, x, g.fac[ans.target])


def talk(g, x, t):
    vis = g.vis(x.id, t.id)
    g.note(x.label(), f"opens talks with {t.id}", f"{t.id}と交渉を開始", vis)
    if t.id not in x.allies and t.id not in x.met_friendly:
        ans = yield ask("talk_reply", t.id, choices=["listen", "attack"], other=x.id)
        if ans.choice == "attack":
            yield from combat.fight(g, "attack during talks", t, x, "")
            return
    g.acquaint(t, x)
    g.acquaint(x, t)
    used = set()
    while x.active and t.active:
        ans = yield ask("talk", x.id, other=t.id, used=sorted(used))
        if ans.option == "end":
            return
        used.add(ans.option if ans.option not in ("share", "give_code", "give_spells") else ans.option + ans.arg)
        yield from talk_option(g, x, t, ans)


def talk_option(g, x, t, a):
    vis = g.vis(x.id, t.id)
    op = a.option
    if op == "propose":
        if t.human:
            ans = yield ask("proposal_reply", t.id, choices=["accept", "refuse"], other=x.id, package=a.arg)
            ok = ans.choice == "accept"
        else:
            if len(t.allies) >= g.cfg.alliance.max_allies or x.id in t.grudges:
                ok = False
            else:
                n = g.cfg.npc
                p = t.ai.alliance_inclination + (n.friendly_acceptance_bonus if x.id in t.met_friendly else 0) \
                    + x.eff_sum("alliance_charm")
                ok = yield from check(g, x, f"alliance acceptance by {t.id}", clamp(p, 0, n.acceptance_cap) - omen(g, x),
                                      vis)
        g.note(x.label(), f"proposes an alliance to {t.id} ({a.arg}): {'accepted' if ok else 'refused'}",
               f"{t.id}に同盟を提案（{a.arg}）：{'受諾' if ok else '拒否'}", vis)
        if ok and len(x.allies) < g.cfg.alliance.max_allies and len(t.allies) < g.cfg.alliance.max_allies:
            g.ally(x, t)
            if a.arg == "i_move" and t.location:
                g.relocate(x, t.location, "joins ally")
            elif a.arg == "you_move" and x.location:
                g.relocate(t, x.location, "joins ally")
    elif op == "share":
        give_fact(g, x, t, a.arg)
    elif op == "exchange":
        if t.human:
            ans = yield ask("exchange_reply", t.id, choices=["accept", "refuse"], other=x.id, fact=a.arg)
            ok = ans.choice == "accept"
        elif x.id in t.grudges:
            ok = False
        elif x.id in t.allies:
            ok = True
        else:
            ok = yield from check(g, x, f"exchange with {t.id}", clamp(t.ai.alliance_inclination, 0, 100) - omen(g, x),
                                  vis)
        if ok:
            give_fact(g, x, t, a.arg)
            cand = [o for o in g.active_ids() if o not in (x.id, t.id) and t.know[o].loc and not x.know[o].loc]
            if cand:
                g.learn_loc(x, g.fac[g.choose(t.label(), "location given", cand, vis)])
    elif op == "threaten":
        yield from threaten(g, x, t, a.arg)
    elif op == "dissolve":
        g.unally(x, t, "dissolved")
        if not t.human:
            t.grudges.add(x.id)
        if x.location == t.location:
            guest = x if g.loc_owner.get(x.location) != x.id else t
            yield from retreat_move(g, guest, guest.location)
    elif op == "give_spells":
        yield from give_spells(g, x, t, int(a.arg))
    elif op == "give_code":
        ok = True
        if t.human:
            ans = yield ask("gift_reply", t.id, choices=["accept", "refuse"], other=x.id, gift=a.arg)
            ok = ans.choice == "accept"
        if ok:
            g.take_item(x, a.arg)
            g.add_item(t, a.arg)
            g.note(x.label(), f"gives {a.arg} to {t.id}", f"{t.id}に{g.data.code[a.arg].ja}を渡した", vis)


def give_spells(g, x, t, n):
    ok = True
    if t.human:
        ans = yield ask("gift_reply", t.id, choices=["accept", "refuse"], other=x.id, gift=f"spells:{n}")
        ok = ans.choice == "accept"
    if ok and n > 0 and x.spells >= n:
        x.spells -= n
        t.spells += n
        g.events.append(Changed(x.id, "spells", f"-{n} to {t.id}", ALL))
        g.events.append(Changed(t.id, "spells", f"+{n} from {x.id}", ALL))
        g.note(x.label(), f"transfers {n} command spell(s) to {t.id}", f"{t.id}に令呪{n}画を譲渡",
               g.vis(x.id, t.id))


def facts_of(g, x, t):
    """Facts ``x`` could share with ``t`` that ``t`` does not know."""
    out = []
    if x.active and x.id != t.id and not t.know[x.id].loc:
        out.append(f"loc:{x.id}")
    for o in g.fids:
        if o in (x.id, t.id):
            continue
        kx, kt = x.know[o], t.know[o]
        of = g.fac[o]
        if kx.loc and of.active and not kt.loc:
            out.append(f"loc:{o}")
        for s in of.master.skills:
            if s.id in kx.ms and s.id not in kt.ms:
                out.append(f"mskill:{o}:{s.id}")
        for s in of.servant.skills:
            if s.id in kx.ss and s.id not in kt.ss:
                out.append(f"sskill:{o}:{s.id}")
        if kx.name and not kt.name:
            out.append(f"name:{o}")
        if kx.np and not kt.np:
            out.append(f"np:{o}")
    for l in sorted(x.known_empty - t.known_empty):
        out.append(f"empty:{l}")
    return out


def give_fact(g, x, t, fact):
    parts = fact.split(":")
    kind, o = parts[0], parts[1]
    if kind == "empty":
        t.known_empty.add(o)
    elif o in g.fac and o != t.id:
        k = t.know[o]
        if kind == "loc":
            if g.fac[o].active:
                g.learn_loc(t, g.fac[o])
        elif kind == "mskill":
            k.ms.add(parts[2])
        elif kind == "sskill":
            k.ss.add(parts[2])
        elif kind == "name":
            k.name = True
        elif kind == "np":
            k.np = True
    g.note(x.label(), f"tells {t.id}: {fact}", f"{t.id}に情報を伝えた：{fact}", g.vis(x.id, t.id))


def threaten(g, x, t, demand):
    vis = g.vis(x.id, t.id)
    cand_locs = [o for o in g.active_ids() if o not in (x.id, t.id) and t.know[o].loc and not x.know[o].loc]
    can = (demand == "code" and t.n_items() > 0) or (demand == "vacate" and t.location) or \
        (demand == "location" and cand_locs)
    if t.human:
        ans = yield ask("threat_reply", t.id, choices=["comply", "refuse"] if can else ["refuse"],
                             other=x.id, demand=demand)
        comply = ans.choice == "comply"
    else:
        comply = bool(can) and npc.ewr(g, x, t, t.location) >= g.cfg.npc.yield_threshold
    g.note(x.label(), f"threatens {t.id} ({demand}): {'complies' if comply else 'refuses'}",
           f"{t.id}を脅迫（{demand}）：{'屈服' if comply else '拒否'}", vis)
    if not comply:
        if not t.human:
            t.grudges.add(x.id)
        return
    if demand == "code":
        items = [c for c in g.data.code_ids if t.inv.get(c, 0) > 0]
        code = items[0]
        if t.human and len(items) > 1:
            ans = yield ask("threat_code", t.id, choices=items, other=x.id)
            code = ans.choice
        g.take_item(t, code)
        g.add_item(x, code)
    elif demand == "vacate":
        yield from retreat_move(g, t, t.location)
    elif demand == "location":
        o = cand_locs[0]
        if t.human and len(cand_locs) > 1:
            ans = yield ask("threat_location", t.id, choices=cand_locs, other=x.id)
            o = ans.choice
        g.learn_loc(x, g.fac[o])


# --- phase M (§13) ----------------------------------------------------------------------------
def supply(g, f):
    m = g.cfg.mana
    return f.master.magic - (m.no_spells_supply_penalty if f.spells == 0 else 0)


def rest_gain(g, f):
    loc = f.location
    gr = g.data.grades[g.grade(loc)]
    ws = g.workshop.get(loc)
    wsb = g.cfg.rest.workshop_bonus * ws[1] if ws and ws[0] == f.id else 0
    rb = 0
    for sk, e in f.passive.get("rest_bonus", ()):
        if e.when in (None, "always") or (e.when == "at_leyline" and g.grade(loc) != "none"):
            rb += e.value or 0
    return supply(g, f) + gr.rest_recovery + wsb + rb, f"supply {supply(g, f)} + rest {gr.rest_recovery} + workshop {wsb} + bonus {rb}"


def upkeep(g, f):
    return max(0, f.level // g.cfg.mana.upkeep_divisor + f.eff_sum("upkeep"))


def turn_gain(g, f):
    m = g.cfg.mana
    if f.rested and not (f.fought and g.cfg.rest.interrupted_by_battle):
        gain, why = rest_gain(g, f)
    elif f.fought and m.combat_turn_skips_upkeep:
        gain, why = 0, "fought: no supply"
    else:
        s = supply(g, f)
        u = upkeep(g, f)
        bk = m.no_spells_grail_backup if f.spells == 0 else m.grail_backup
        gain, why = s - u + bk, f"{s} − {u} + {bk}"
    if g.owns(f):
        bonus = g.data.grades[g.grade(f.location)].end_of_turn_bonus
        if bonus:
            gain += bonus
            why += f" + leyline {bonus}"
    return gain, why


def phase_mana(g):
    m = g.cfg.mana
    for fid in g.order():
        f = g.fac[fid]
        gain, why = turn_gain(g, f)
        before = f.mana
        if gain > 0 and m.cap_at_max:
            f.mana = max(f.mana, min(f.max_mana, f.mana + gain))
        else:
            f.mana = f.mana + gain
        g.events.append(ManaChanged(f.id, before, f.mana, "turn end", g.vis(f.id)))     # §3.6: acting faction
        g.note(f.label(), f"mana {gain:+d} ({why}) → {f.mana}/{f.max_mana}"
               + (f"; penalty −{g.penalty(f)}" if g.penalty(f) else ""),
               f"魔力 {gain:+d}（{why}）→ {f.mana}/{f.max_mana}", g.vis(f.id))
        while f.mana < m.vanish_below and use_options(g, f, "emergency"):
            ans = yield ask("emergency", f.id, mana=f.mana)
            if ans.kind != "use":
                break
            apply_use(g, ans)
        if f.mana < m.vanish_below:
            g.eliminate(f, "vanished")
    g.victory_check()
    if g.turn >= g.cfg.game.max_turns:
        score(g)
    g.turn += 1


def score(g):
    s = g.cfg.scoring
    rows = []
    for fid in g.active_ids():
        f = g.fac[fid]
        gp = s.grade_points.get(g.grade(f.location), 0) if g.owns(f) else 0
        pts = s.survive + s.per_kill * f.kills + s.per_spell * f.spells + gp + max(0, f.mana) // s.mana_divisor
        g.scores[fid] = pts
        rows.append((-pts, -f.kills, -f.spells, -f.mana, g.fids.index(fid), fid))
        g.note(f.label(), f"score {pts}", f"得点 {pts}")
    rows.sort()
    g.end_war(rows[0][-1] if rows else "none", "turn_limit")
