"""Phase A (§7.2-§7.10): contacts and raids (A1/A2), soul-eating (A3), the other actions (A4/A5)."""
from __future__ import annotations

from . import combat, npc
from .checks import check, craft_target, info_target, omen, set_phase
from .model import LOG, named
from .prompt import ask


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


def pending_act(g, f, act):
    return f.active and f.declared is not None and f.declared.act == act and not f.relocated


def resolve_simple(g, f, a):
    if a.act == "info":
        yield from resolve_info(g, f, a)
    elif a.act == "craft":
        yield from resolve_craft(g, f, a)
    elif a.act == "rest":
        f.rested = True
        g.note(f.id, "rests", g.vis(f.id))
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
            g.note(x.id, "meet_on_the_way", g.vis(x.id, y.id), a=g.fref(x.id), b=g.fref(y.id))
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
                    g, x, lambda label, items: g.choose(x.id, label, items, g.vis(x.id)))
                r = yield ask("rescue", x.id, target=y.id, plan=plan)
                if r.kind == "declare":
                    yield from resolve_simple(g, x, r)
            return
    loc = g.decl_loc.get(a.target, "") if a.target in g.fac else a.target
    if not loc:
        return
    occ = [o for o in g.occupants(loc) if o != x.id and (not ally or o != ally.id)]
    vis = g.vis(x.id, *(s.id for s in subs))
    g.note(x.id, "approaches_" + a.mode, vis, loc=g.lref(loc))
    if not occ:
        g.learn_empty(x, loc)
        for s in subs:
            g.learn_empty(s, loc)
        g.note(x.id, "loc_empty", vis, loc=g.lref(loc))
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
        g.note(o, "listens", g.vis(o, x.id, *(s.id for s in subs)), other=g.fref(x.id))
    for o in occ:
        for p in [x] + subs:
            p.met_friendly.add(o)
            g.fac[o].met_friendly.add(p.id)


def resolve_info(g, f, a):
    t = g.fac[a.target]
    if not t.active:
        return
    if a.familiars:
        g.take_item(f, "familiar", a.familiars)
    if a.crows:
        g.take_item(f, "black_crow", a.crows)
    ok = yield from check(g, f, "info", info_target(g, f, a), g.vis(f.id), target=g.fref(t.id))
    if not ok:
        return
    k = f.know[t.id]
    g.acquaint(f, t)
    g.learn_loc(f, t)
    ms = [s.id for s in t.master.skills if s.id not in k.ms]
    if ms:
        g.learn(f, t, "mskill", g.choose(f.id, "master_skill", ms, g.vis(f.id), of="mskill:" + t.id))
    ss = [s.id for s in t.servant.skills if s.id not in k.ss]
    if ss:
        g.learn(f, t, "sskill", g.choose(f.id, "servant_skill", ss, g.vis(f.id), of="sskill:" + t.id))
    elif not k.name:
        g.learn(f, t, "name")
        g.note(f.id, "learns_true_name", g.vis(f.id), target=g.fref(t.id), name=named(t.servant.true_name))
    elif not k.np:
        g.learn(f, t, "np")
        g.note(f.id, "learns_np", g.vis(f.id), target=g.fref(t.id), np=named(t.servant.np))


def resolve_craft(g, f, a):
    code = g.data.code[a.target]
    ok = yield from check(g, f, "craft", craft_target(g, f), g.vis(f.id), code=g.cref(code.id))
    if ok and code.craft_yield:
        g.add_item(f, code.id, code.craft_yield)


def resolve_soul(g, e):
    e.declared = None
    sc = g.cfg.soul_eating
    t = sc.detection_chance - e.eff_sum("soul_eat_concealment") - omen(g, e)
    det = yield from check(g, e, "soul_detection", t, g.vis(e.id), want="failure",
                           words=("detected", "not_detected"))
    if not det:
        g.gain_mana(e, sc.mana_gain, "soul_eating")
        return
    g.note(e.id, "soul_detected", loc=g.lref(e.location) if e.location else LOG + "nowhere")
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
            g.note(e.id, "soul_fails")
            return
    if e.active:
        g.gain_mana(e, sc.mana_gain, "soul_eating")


def resolve_move(g, f, a):
    loc = a.target
    occ = [o for o in g.occupants(loc) if o != f.id]
    if not occ:
        g.relocate(f, loc, "move")
        return
    if all(o in f.allies for o in occ):
        g.relocate(f, loc, "joins_ally")
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
        g.note(o, "listens", g.vis(o, f.id), other=g.fref(f.id))
    for o in occ:
        f.met_friendly.add(o)
        g.fac[o].met_friendly.add(f.id)


def resolve_other(g, f, a):
    if a.mode == "build_workshop":
        ok = yield from check(g, f, "build_workshop", craft_target(g, f), g.vis(f.id))
        if ok and f.location:
            ws = g.workshop.get(f.location)
            g.workshop[f.location] = [f.id, (ws[1] if ws else 0) + 1]
            g.note(f.id, "workshop_level", g.vis(f.id), loc=g.lref(f.location), level=g.workshop[f.location][1])
    elif a.mode == "survey":
        occ = g.occupants(a.target)
        if not occ:
            g.learn_empty(f, a.target)
        for o in occ:
            if o != f.id:
                g.learn_loc(f, g.fac[o])
        g.note(f.id, "surveys", g.vis(f.id), loc=g.lref(a.target), who=[g.fref(o) for o in occ] or LOG + "nobody")
