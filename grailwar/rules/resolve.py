"""Phase A (§7.2-§7.10): contacts and raids (A1/A2), soul-eating (A3), the other actions (A4/A5)."""
from __future__ import annotations

from . import combat, npc
from .checks import craft_target, detection_target, info_target, set_phase, sub_check
from .frames import TAIL, enter, frame, resumable, run, tail
from .model import LOG, named
from .prompt import Pending, ask


STAGES = (("A1", "h", "approach"), ("A2", "n", "approach"), ("A3", "hn", "soul_eat"), ("A4", "h", ""),
          ("A5", "n", ""))


def phase_actions(g):
    return (yield from run(g, frame("phase_actions")))


@resumable("phase_actions")
def _phase_actions(g, fr):
    if fr["pc"] == 0:
        fr["h"], fr["n"] = g.order_split()
        fr["s"] = 0
        fr["i"] = 0
        fr["pc"] = 1
    fac = g.fac
    h, n = fr["h"], fr["n"]
    s, i = fr["s"], fr["i"]         # both written to the frame before each procedure (what a save reads)
    resume = "sub" in fr            # re-entered with a procedure under way (after a clone or a load)
    while s < 5:                    # len(STAGES)
        step, grp, act = STAGES[s]
        group = h if grp == "h" else n if grp == "n" else h + n
        if i == 0 and not resume:
            g.phase = step                  # set_phase(g, step), without the call in a silent war
            if g.report_events:
                set_phase(g, step)
        while i < len(group):
            f = fac[group[i]]
            d = f.declared
            if resume:
                resume = False
                yield from enter(g, fr)
                del fr["sub"]
            elif d is None or not f.active or f.relocated:      # nothing of this faction's to resolve
                pass
            elif act:
                if d.act == act:                                   # pending_act(g, f, act)
                    fr["s"] = s
                    fr["i"] = i
                    if act == "approach":
                        yield from enter(g, fr, {"fn": "resolve_approach", "pc": 0, "x": f.id})
                    else:
                        yield from enter(g, fr, {"fn": "resolve_soul", "pc": 0, "e": f.id})
                    del fr["sub"]
            elif d.act in SIMPLE_PROCS:
                fr["s"] = s
                fr["i"] = i
                # ``resolve_simple``'s frame with its callee's under it, as that procedure would
                # make them, and the callee run without ``resolve_simple``'s own generator level
                sf = fr["sub"] = {"fn": "resolve_simple", "pc": 0, "f": f.id, "a": d}
                yield from enter(g, sf, {"fn": "resolve_" + d.act, "pc": 0, "f": f.id, "a": d})
                del sf["sub"]
                f.declared = None
                del fr["sub"]
            elif d.act not in ("approach", "soul_eat", "accompany"):
                settle(g, f, d)              # resolve_simple with nothing to ask (a rest)
            i += 1
        s += 1
        i = 0


def pending_act(g, f, act):
    return f.active and f.declared is not None and f.declared.act == act and not f.relocated


def resolve_simple(g, f, a):
    return (yield from run(g, frame("resolve_simple", f=f.id, a=a)))


SIMPLE_PROCS = ("info", "craft", "move", "other")      # the A4/A5 actions resolved by a procedure


@resumable("resolve_simple")
def _resolve_simple(g, fr):
    f, a = g.fac[fr["f"]], fr["a"]
    if "sub" in fr or a.act in SIMPLE_PROCS:
        yield from enter(g, fr, {"fn": "resolve_" + a.act, "pc": 0, "f": f.id, "a": a})
        del fr["sub"]
        f.declared = None
    else:
        settle(g, f, a)


def settle(g, f, a):
    """An A4/A5 action that asks nothing (a rest): done at once, the declaration cleared."""
    if a.act == "rest":
        f.rested = True
        if g.keep_log:
            g.note(f.id, "rests", g.vis(f.id))
    f.declared = None


def targets_of(g, x, a=None):
    a = a or x.declared
    if a.target in g.fac:
        return {a.target}
    return {fid for fid, loc in g.decl_loc.items() if loc == a.target and fid != x.id}


def resolve_approach(g, x):
    return (yield from run(g, frame("resolve_approach", x=x.id)))


@resumable("resolve_approach")
def _resolve_approach(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x = g.fac[fr["x"]]
    if fr["pc"] == 0:
        a = x.declared
        x.declared = None
        ally = g.fac[a.ally] if a.ally and g.fac[a.ally].active and g.fac[a.ally].accompany == x.id \
            and not g.fac[a.ally].relocated else None
        subs = [ally] if ally else []
        fr["a"] = a
        fr["subs"] = [s.id for s in subs]
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
                if g.keep_log:
                    g.note(x.id, "meet_on_the_way", g.vis(x.id, y.id), a=g.fref(x.id), b=g.fref(y.id))
                fr["y"] = y.id
                if a.mode == "raid" or ya.mode == "raid":
                    if ya.mode == "raid":
                        args = combat.fight_args("mutual encounter", y, x, "", ysubs, subs)
                    else:
                        args = combat.fight_args("mutual encounter", x, y, "", subs, ysubs)
                    fr["sub"] = frame("fight", **args)
                    fr["pc"] = 1
                else:
                    g.meet(x, y)
                    x.met_friendly.add(y.id)
                    y.met_friendly.add(x.id)
                    for s in subs + ysubs:
                        g.meet(s, x if s in ysubs else y)
                    if not _to_rescue(g, fr, x):
                        return
                break
        else:
            yield from _approach_location(g, fr, x, a, subs)
            if fr["pc"] == TAIL:
                return (yield from enter(g, fr))
            return
    if fr["pc"] == 1:
        yield from enter(g, fr)
        del fr["sub"]
        if not _to_rescue(g, fr, x):
            return
    if fr["pc"] == 2:
        r = ask("rescue", x.id, {"target": fr["y"], "plan": fr["plan"]}, g)
        if type(r) is Pending:
            r = yield r
        if r.kind == "declare":
            tail(fr, "resolve_simple", f=x.id, a=r)
            return (yield from enter(g, fr))
        return
    if fr["pc"] == 3:
        yield from _contacts(g, fr, x)
        if fr["pc"] == TAIL:
            return (yield from enter(g, fr))


def _to_rescue(g, fr, x):
    """After a mutual encounter: the §7.3 bonus action, asked at ``pc`` 2 (False: none)."""
    if not (x.active and not x.relocated):
        return False
    plan = None if x.human else npc.rescue_plan(g, x, lambda label, items: g.choose(x.id, label, items, g.vis(x.id)))
    fr["plan"] = plan
    fr["pc"] = 2
    return True


def _approach_location(g, fr, x, a, subs):
    loc = g.decl_loc.get(a.target, "") if a.target in g.fac else a.target
    if not loc:
        return
    ally = subs[0] if subs else None
    occ = [o for o in g.occupants(loc) if o != x.id and (not ally or o != ally.id)]
    vis = g.vis(x.id, *(s.id for s in subs))
    if g.keep_log:
        g.note(x.id, "approaches_" + a.mode, vis, loc=g.lref(loc))
    if not occ:
        g.learn_empty(x, loc)
        for s in subs:
            g.learn_empty(s, loc)
        if g.keep_log:
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
        tail(fr, "fight", **combat.fight_args("raid", x, g.fac[d], loc, subs))
        return
    for o in occ:
        fo = g.fac[o]
        g.acquaint(fo, x)
        g.learn_loc(fo, x)
        for s in subs:
            g.acquaint(fo, s)
    fr["loc"] = loc
    fr["occ"] = occ
    fr["hostile"] = hostile
    fr["i"] = 0
    fr["pc"] = 3
    yield from _contacts(g, fr, x)


def _contacts(g, fr, x):
    """Each hostile occupant hears the contact: listen or attack (§7.8)."""
    subs = [g.fac[s] for s in fr["subs"]]
    hostile = fr["hostile"]
    while fr["i"] < len(hostile):
        o = hostile[fr["i"]]
        fo = g.fac[o]
        if fo.active:
            ans = ask("contact_reply", o, {"choices": ["listen", "attack"], "other": x.id}, g)
            if type(ans) is Pending:
                ans = yield ans
            if ans.choice == "attack":
                tail(fr, "fight", **combat.fight_args("attack on contact", fo, x, fr["loc"], (), subs))
                return
            if g.keep_log:
                g.note(o, "listens", g.vis(o, x.id, *(s.id for s in subs)), other=g.fref(x.id))
        fr["i"] += 1
    for o in fr["occ"]:
        for p in [x] + subs:
            p.met_friendly.add(o)
            g.fac[o].met_friendly.add(p.id)


def resolve_info(g, f, a):
    return (yield from run(g, frame("resolve_info", f=f.id, a=a)))


@resumable("resolve_info")
def _resolve_info(g, fr):
    f, a = g.fac[fr["f"]], fr["a"]
    t = g.fac[a.target]
    if fr["pc"] == 0:
        if not t.active:
            return
        if a.familiars:
            g.take_item(f, "familiar", a.familiars)
        if a.crows:
            g.take_item(f, "black_crow", a.crows)
        fr["pc"] = 1
    ok = yield from sub_check(g, fr, f, "info", info_target(g, f, a), g.vis(f.id), target=g.fref(t.id))
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
    return (yield from run(g, frame("resolve_craft", f=f.id, a=a)))


@resumable("resolve_craft")
def _resolve_craft(g, fr):
    f, a = g.fac[fr["f"]], fr["a"]
    code = g.data.code[a.target]
    ok = yield from sub_check(g, fr, f, "craft", craft_target(g, f), g.vis(f.id), code=g.cref(code.id))
    if ok and code.craft_yield:
        g.add_item(f, code.id, code.craft_yield)


def resolve_soul(g, e):
    return (yield from run(g, frame("resolve_soul", e=e.id)))


@resumable("resolve_soul")
def _resolve_soul(g, fr):
    e = g.fac[fr["e"]]
    sc = g.fc.soul_eating
    if fr["pc"] == 0:
        e.declared = None
        fr["pc"] = 1
    if fr["pc"] == 1:
        t = detection_target(g, e)
        det = yield from sub_check(g, fr, e, "soul_detection", t, g.vis(e.id), want="failure",
                                   words=("detected", "not_detected"))
        if not det:
            g.gain_mana(e, sc.mana_gain, "soul_eating")
            return
        g.note(e.id, "soul_detected", loc=g.lref(e.location) if e.location else LOG + "nowhere")
        for o in g.act_ids():
            if o != e.id:
                g.learn_loc(g.fac[o], e)
        fr["deciders"] = [o for o in g.order() if o != e.id and o not in e.allies]
        fr["inter"] = []
        fr["i"] = 0
        fr["pc"] = 2
    if fr["pc"] == 2:
        deciders = fr["deciders"]
        while fr["i"] < len(deciders):
            o = deciders[fr["i"]]
            ans = ask("intervene", o, {"choices": ["intervene", "pass"], "other": e.id}, g)
            if type(ans) is Pending:
                ans = yield ans
            if ans.choice == "intervene":
                fr["inter"].append(o)
            fr["i"] += 1
        fr["i"] = 0
        fr["pc"] = 3
    inter = fr["inter"]
    while fr["i"] < len(inter):
        fo = g.fac[inter[fr["i"]]]
        if "sub" in fr or (fo.active and e.active):
            b = yield from combat.sub_fight(g, fr, "intervention", fo, e, e.location)
            if b is not None and b.winner == "A":
                g.note(e.id, "soul_fails")
                return
        fr["i"] += 1
    if e.active:
        g.gain_mana(e, sc.mana_gain, "soul_eating")


def resolve_move(g, f, a):
    return (yield from run(g, frame("resolve_move", f=f.id, a=a)))


@resumable("resolve_move")
def _resolve_move(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    f, a = g.fac[fr["f"]], fr["a"]
    loc = a.target
    if fr["pc"] == 0:
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
            tail(fr, "fight", **combat.fight_args("seize", f, g.fac[owner], loc, seize=True))
            return (yield from enter(g, fr))
        fr["occ"] = occ
        fr["i"] = 0
        fr["pc"] = 1
    occ = fr["occ"]
    while fr["i"] < len(occ):
        o = occ[fr["i"]]
        fo = g.fac[o]
        if o not in f.allies and fo.active:
            ans = ask("contact_reply", o, {"choices": ["listen", "attack"], "other": f.id}, g)
            if type(ans) is Pending:
                ans = yield ans
            if ans.choice == "attack":
                tail(fr, "fight", **combat.fight_args("attack on contact", fo, f, loc))
                return (yield from enter(g, fr))
            if g.keep_log:
                g.note(o, "listens", g.vis(o, f.id), other=g.fref(f.id))
        fr["i"] += 1
    for o in occ:
        f.met_friendly.add(o)
        g.fac[o].met_friendly.add(f.id)


def resolve_other(g, f, a):
    return (yield from run(g, frame("resolve_other", f=f.id, a=a)))


@resumable("resolve_other")
def _resolve_other(g, fr):
    f, a = g.fac[fr["f"]], fr["a"]
    if a.mode == "build_workshop":
        ok = yield from sub_check(g, fr, f, "build_workshop", craft_target(g, f), g.vis(f.id))
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
