"""Phase C (§12): the comm turn, talks, alliances, information, threats and gifts."""
from __future__ import annotations

from . import combat, npc
from .checks import omen, sub_check
from .frames import TAIL, enter, frame, resumable, run, tail
from .model import LOG, clamp, named
from . import prompt
from .prompt import Pending, ask
from . import retreat  # noqa: F401  (registers retreat_move)


def talkable(g, x):
    return [t for t in g.act_ids() if t != x.id and (x.know[t].acq or x.know[t].loc)]


def phase_comm(g):
    return (yield from run(g, frame("phase_comm")))


@resumable("phase_comm")
def _phase_comm(g, fr):
    if fr["pc"] == 0:
        fr["h"], fr["n"] = g.order_split()
        fr["i"] = 0
        fr["pc"] = 1
    if fr["pc"] == 1:
        while fr["i"] < len(fr["h"]):
            yield from enter(g, fr, {"fn": "comm_for", "pc": 0, "x": fr["h"][fr["i"]]})
            del fr["sub"]
            fr["i"] += 1
        fr["i"] = 0
        fr["pc"] = 2
    if fr["pc"] == 2:
        hs = [h.id for h in g.humans]
        while fr["i"] < len(hs):
            h = g.fac[hs[fr["i"]]]
            if "sub" in fr:
                yield from enter(g, fr)
                del fr["sub"]
            elif "offered" not in fr:
                if h.active or h.spells <= 0:
                    fr["i"] += 1
                    continue
                fr["offered"] = []
            while h.spells > 0:
                ans = ask("comm_transfer", h.id, {"offered": list(fr["offered"])}, g)
                if type(ans) is Pending:
                    ans = yield ans
                if ans.option != "give_spells":
                    break
                fr["offered"].append(ans.target)
                yield from enter(g, fr, {"fn": "give_spells", "pc": 0, "x": h.id, "t": ans.target, "n": int(ans.arg)})
                del fr["sub"]
            del fr["offered"]
            fr["i"] += 1
        fr["i"] = 0
        fr["pc"] = 3
    n, i = fr["n"], fr["i"]
    # While ``play_out`` answers this war with a rules table whose ``comm`` rule never answers with
    # a free use (``no_use``), an NPC with no initiative (no context: no dice) is asked its opening
    # here, recorded as ``ask`` records it, without the ``comm_for`` procedure: a "done" ends its
    # comm turn as that procedure would; an "open" enters the procedure where it would then stand.
    rule, acts, budget, report = direct_comm(g)
    while i < len(n):
        x = g.fac[n[i]]
        if not x.active:            # (``comm_for`` would return at once)
            i += 1
            continue
        if rule is not None and not x.human and len(acts) < budget:
            fr["i"] = i
            ctx = opening(g, x)
            if ctx:                     # the procedure, where it stands after the opening's dice
                yield from enter(g, fr, {"fn": "comm_for", "pc": 0, "x": x.id, "opened": 0, "ctx": ctx})
            else:
                ans = rule(g, x, "comm", {"opened": 0})
                if report:
                    g.events = []
                acts.append(ans)
                if ans.option != "open":
                    i += 1
                    continue
                yield from enter(g, fr, {"fn": "comm_for", "pc": 0, "x": x.id, "opened": 1,
                                         "sub": frame("talk", x=x.id, t=ans.target)})
        else:
            fr["i"] = i                 # (what a save reads)
            yield from enter(g, fr, {"fn": "comm_for", "pc": 0, "x": x.id})
        del fr["sub"]
        i += 1
    fr["i"] = i
    if g.fc.alliance.auto_share:
        done = set()
        for fid in g.act_ids():
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
        if (ka.loc or kb.loc) and g.fac[t].active:
            ka.loc = kb.loc = True
        ka.acq = kb.acq = ka.acq or kb.acq
        ka.ms = ka.ms | kb.ms
        kb.ms = set(ka.ms)
        ka.ss = ka.ss | kb.ss
        kb.ss = set(ka.ss)
        ka.name = kb.name = ka.name or kb.name
        ka.np = kb.np = ka.np or kb.np
    emp = a.known_empty | b.known_empty
    a.known_empty = set(emp)
    b.known_empty = set(emp)


def opening(g, x):
    """An NPC's context for the opening of its comm turn: its initiative (§15.6), the initiative's
    roll drawn here (``{}``: none)."""
    ctx = npc.comm_context(g, x)
    if ctx.get("roll"):
        cand = g.fac[ctx["candidate"]]
        inc = x.ai.alliance_inclination
        ok = g.percent(x.id, "alliance_initiative", 0 if inc < 0 else 100 if inc > 100 else inc,      # clamp
                       g.vis(x.id), target=g.fref(cand.id))
        ctx = {"candidate": cand.id, "propose": ok}
    return ctx


def comm_for(g, x):
    return (yield from run(g, frame("comm_for", x=x.id)))


def direct_comm(g):
    """``(rule, acts, budget, report)`` while ``play_out`` answers ``g`` with a rules table whose
    ``comm`` rule never answers with a free use (``no_use``): that rule and ``play_out``'s
    record of answers, its budget and its report flag (``prompt.NOW``); else ``(None, ...)``."""
    now = prompt.NOW
    if now is not None and now[0] is g:
        rule = now[1].get("comm")
        if getattr(rule, "no_use", False):
            return rule, now[2], now[3], now[5]
    return None, None, 0, None


@resumable("comm_for")
def _comm_for(g, fr):
    x = g.fac[fr["x"]]
    if "opened" not in fr:
        fr["opened"] = 0
    rule, acts, budget, report = direct_comm(g)    # a ``no_use`` comm rule: asked directly
    while True:
        if "sub" in fr:
            yield from enter(g, fr)
            del fr["sub"]
        if not x.active:
            return
        if "ctx" in fr:             # (a frame resumed at its prompt)
            ctx = fr.pop("ctx")
        else:
            ctx = opening(g, x) if not x.human and fr["opened"] == 0 else {}
        if rule is not None and len(acts) < budget:
            ans = rule(g, x, "comm", {"opened": fr["opened"], **ctx})
            if report:
                g.events = []
            acts.append(ans)
        else:
            fr["ctx"] = ctx
            ans = ask("comm", x.id, {"opened": fr["opened"], **ctx}, g)
            if type(ans) is Pending:
                ans = yield ans
            del fr["ctx"]
        if ans.option != "open":
            return
        fr["opened"] += 1
        fr["sub"] = frame("talk", x=x.id, t=ans.target)


def talk(g, x, t):
    return (yield from run(g, frame("talk", x=x.id, t=t.id)))


@resumable("talk")
def _talk(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x, t = g.fac[fr["x"]], g.fac[fr["t"]]
    if fr["pc"] == 0:
        vis = g.vis(x.id, t.id)
        if g.keep_log:
            g.note(x.id, "opens_talks", vis, target=g.fref(t.id))
        fr["pc"] = 1 if t.id not in x.allies and t.id not in x.met_friendly else 2
    if fr["pc"] == 1:
        ans = ask("talk_reply", t.id, {"choices": ["listen", "attack"], "other": x.id}, g)
        if type(ans) is Pending:
            ans = yield ans
        if ans.choice == "attack":
            tail(fr, "fight", **combat.fight_args("attack during talks", t, x, ""))
            return (yield from enter(g, fr))
        fr["pc"] = 2
    if "used" not in fr:
        g.acquaint(t, x)
        g.acquaint(x, t)
        fr["used"] = []
    used = fr["used"]
    while True:
        if "sub" in fr:
            yield from enter(g, fr)
            del fr["sub"]
        if not (x.active and t.active):
            return
        ans = ask("talk", x.id, {"other": t.id, "used": sorted(used)}, g)
        if type(ans) is Pending:
            ans = yield ans
        if ans.option == "end":
            return
        key = ans.option if ans.option not in ("share", "give_code", "give_spells") else ans.option + ans.arg
        if key not in used:
            used.append(key)
        fr["sub"] = frame("talk_option", x=x.id, t=t.id, a=ans)


def talk_option(g, x, t, a):
    return (yield from run(g, frame("talk_option", x=x.id, t=t.id, a=a)))


@resumable("talk_option")
def _talk_option(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x, t, a = g.fac[fr["x"]], g.fac[fr["t"]], fr["a"]
    vis = g.vis(x.id, t.id)
    op = a.option
    if op == "propose":
        if fr["pc"] == 0:
            if t.human:
                fr["pc"] = 1
            elif acceptance_target(g, x, t) is None:
                return _proposed(g, x, t, a, False)
            else:
                fr["pc"] = 2
        if fr["pc"] == 1:
            ans = ask("proposal_reply", t.id, {"choices": ["accept", "refuse"], "other": x.id, "package": a.arg}, g)
            if type(ans) is Pending:
                ans = yield ans
            return _proposed(g, x, t, a, ans.choice == "accept")
        ok = yield from sub_check(g, fr, x, "alliance_acceptance", acceptance_target(g, x, t),
                                  vis, target=g.fref(t.id))
        return _proposed(g, x, t, a, ok)
    elif op == "share":
        give_fact(g, x, t, a.arg)
    elif op == "exchange":
        if fr["pc"] == 0:
            if t.human:
                fr["pc"] = 1
            elif x.id in t.grudges:
                return _exchanged(g, x, t, a, False)
            elif x.id in t.allies:
                return _exchanged(g, x, t, a, True)
            else:
                fr["pc"] = 2
        if fr["pc"] == 1:
            ans = ask("exchange_reply", t.id, {"choices": ["accept", "refuse"], "other": x.id, "fact": a.arg}, g)
            if type(ans) is Pending:
                ans = yield ans
            return _exchanged(g, x, t, a, ans.choice == "accept")
        ok = yield from sub_check(g, fr, x, "exchange", exchange_target(g, x, t),
                                  vis, target=g.fref(t.id))
        return _exchanged(g, x, t, a, ok)
    elif op == "threaten":
        tail(fr, "threaten", x=x.id, t=t.id, demand=a.arg)
        return (yield from enter(g, fr))
    elif op == "dissolve":
        g.unally(x, t, "dissolved")
        if not t.human:
            t.grudges.add(x.id)
        if x.location == t.location:
            guest = x if g.loc_owner.get(x.location) != x.id else t
            tail(fr, "retreat_move", f=guest.id, lost=guest.location)
            return (yield from enter(g, fr))
    elif op == "give_spells":
        tail(fr, "give_spells", x=x.id, t=t.id, n=int(a.arg))
        return (yield from enter(g, fr))
    elif op == "give_code":
        ok = True
        if t.human:
            ans = ask("gift_reply", t.id, {"choices": ["accept", "refuse"], "other": x.id, "gift": a.arg}, g)
            if type(ans) is Pending:
                ans = yield ans
            ok = ans.choice == "accept"
        if ok:
            g.take_item(x, a.arg)
            g.add_item(t, a.arg)
            g.note(x.id, "gives_code", vis, target=g.fref(t.id), code=g.cref(a.arg))


def _proposed(g, x, t, a, ok):
    if g.keep_log:
        g.note(x.id, "proposal_accepted" if ok else "proposal_refused", g.vis(x.id, t.id), target=g.fref(t.id),
               package=LOG + "package." + a.arg)
    if ok and len(x.allies) < g.fc.alliance.max_allies and len(t.allies) < g.fc.alliance.max_allies:
        g.ally(x, t)
        if a.arg == "i_move" and t.location:
            g.relocate(x, t.location, "joins_ally")
        elif a.arg == "you_move" and x.location:
            g.relocate(t, x.location, "joins_ally")


def _exchanged(g, x, t, a, ok):
    if ok:
        give_fact(g, x, t, a.arg)
        cand = [o for o in g.act_ids() if o not in (x.id, t.id) and t.know[o].loc and not x.know[o].loc]
        if cand:
            g.learn_loc(x, g.fac[g.choose(t.id, "location_given", cand, g.vis(x.id, t.id))])


def acceptance_target(g, x, t):
    """The raw % an NPC ``t`` accepts ``x``'s alliance offer (§12.3), or None when it refuses
    without a roll (no room for another ally, or a grudge)."""
    if len(t.allies) >= g.fc.alliance.max_allies or x.id in t.grudges:
        return None
    n = g.fc.npc
    p = t.ai.alliance_inclination + (n.friendly_acceptance_bonus if x.id in t.met_friendly else 0) \
        + x.eff_sum("alliance_charm")
    return clamp(p, 0, n.acceptance_cap) - omen(g, x)


def exchange_target(g, x, t):
    """The raw % an NPC ``t`` (neither ally nor holding a grudge) agrees to an exchange."""
    return clamp(t.ai.alliance_inclination, 0, 100) - omen(g, x)


def give_spells(g, x, t, n):
    return (yield from run(g, frame("give_spells", x=x.id, t=t.id, n=n)))


@resumable("give_spells")
def _give_spells(g, fr):
    x, t, n = g.fac[fr["x"]], g.fac[fr["t"]], fr["n"]
    ok = True
    if t.human:
        ans = ask("gift_reply", t.id, {"choices": ["accept", "refuse"], "other": x.id, "gift": f"spells:{n}"}, g)
        if type(ans) is Pending:
            ans = yield ans
        ok = ans.choice == "accept"
    if ok and n > 0 and x.spells >= n:
        x.spells -= n
        t.spells += n
        g.note(x.id, "gives_spells", g.vis(x.id, t.id), target=g.fref(t.id), n=n)


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


def fact_ref(g, fact):
    """A shareable fact (``loc:F3``, ``mskill:F3:id``, ``sskill:F3:id``, ``name:F3``, ``np:F3``,
    ``empty:07``) as a log reference."""
    parts = fact.split(":")
    kind, o = parts[0], parts[1]
    if kind == "empty":
        return {"key": LOG + "fact.empty", "params": {"loc": g.lref(o)}}
    params = {"who": g.fref(o)}
    if kind in ("mskill", "sskill"):
        f = g.fac[o]
        skills = f.master.skills if kind == "mskill" else f.servant.skills
        params["skill"] = named(next(s for s in skills if s.id == parts[2]))
    return {"key": LOG + "fact." + kind, "params": params}


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
    if g.keep_log:
        g.note(x.id, "tells", g.vis(x.id, t.id), target=g.fref(t.id), fact=fact_ref(g, fact))


def threaten(g, x, t, demand):
    return (yield from run(g, frame("threaten", x=x.id, t=t.id, demand=demand)))


@resumable("threaten")
def _threaten(g, fr):
    if fr["pc"] == TAIL:
        return (yield from enter(g, fr))
    x, t, demand = g.fac[fr["x"]], g.fac[fr["t"]], fr["demand"]
    if fr["pc"] == 0:
        vis = g.vis(x.id, t.id)
        cand_locs = [o for o in g.act_ids() if o not in (x.id, t.id) and t.know[o].loc and not x.know[o].loc]
        can = (demand == "code" and t.n_items() > 0) or (demand == "vacate" and t.location) or \
            (demand == "location" and cand_locs)
        if t.human:
            ans = ask("threat_reply", t.id, {"choices": ["comply", "refuse"] if can else ["refuse"],
                                             "other": x.id, "demand": demand}, g)
            if type(ans) is Pending:
                ans = yield ans
            comply = ans.choice == "comply"
        else:
            comply = bool(can) and npc.ewr(g, x, t, t.location) >= g.fc.npc.yield_threshold
        g.note(x.id, "threat_complied" if comply else "threat_refused", vis, target=g.fref(t.id),
               demand=LOG + "demand." + demand)
        if not comply:
            if not t.human:
                t.grudges.add(x.id)
            return
        if demand == "code":
            items = [c for c in g.data.code_ids if t.inv.get(c, 0) > 0]
            if not (t.human and len(items) > 1):
                return _hand_over(g, x, t, demand, items[0])
            fr["choices"] = items
            fr["pc"] = 1
        elif demand == "vacate":
            tail(fr, "retreat_move", f=t.id, lost=t.location)
            return (yield from enter(g, fr))
        elif demand == "location":
            if not (t.human and len(cand_locs) > 1):
                return _hand_over(g, x, t, demand, cand_locs[0])
            fr["choices"] = cand_locs
            fr["pc"] = 1
        else:
            return
    kind = "threat_code" if demand == "code" else "threat_location"
    ans = ask(kind, t.id, {"choices": list(fr["choices"]), "other": x.id}, g)
    if type(ans) is Pending:
        ans = yield ans
    _hand_over(g, x, t, demand, ans.choice)


def _hand_over(g, x, t, demand, what):
    if demand == "code":
        g.take_item(t, what)
        g.add_item(x, what)
    else:
        g.learn_loc(x, g.fac[what])
