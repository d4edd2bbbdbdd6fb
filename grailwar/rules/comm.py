"""Phase C (§12): the comm turn, talks, alliances, information, threats and gifts."""
from __future__ import annotations

from . import combat, npc
from .checks import check, omen
from .model import LOG, clamp, named
from .prompt import ask
from .retreat import retreat_move


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
                ok = g.percent(x.id, "alliance_initiative", clamp(x.ai.alliance_inclination, 0, 100), g.vis(x.id),
                               target=g.fref(cand.id))
                ctx = {"candidate": cand.id, "propose": ok}
        ans = yield ask("comm", x.id, opened=opened, **ctx)
        if ans.option != "open":
            return
        opened += 1
        yield from talk(g, x, g.fac[ans.target])


def talk(g, x, t):
    vis = g.vis(x.id, t.id)
    g.note(x.id, "opens_talks", vis, target=g.fref(t.id))
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
            p = acceptance_target(g, x, t)
            if p is None:
                ok = False
            else:
                ok = yield from check(g, x, "alliance_acceptance", p, vis, target=g.fref(t.id))
        g.note(x.id, "proposal_accepted" if ok else "proposal_refused", vis, target=g.fref(t.id),
               package=LOG + "package." + a.arg)
        if ok and len(x.allies) < g.cfg.alliance.max_allies and len(t.allies) < g.cfg.alliance.max_allies:
            g.ally(x, t)
            if a.arg == "i_move" and t.location:
                g.relocate(x, t.location, "joins_ally")
            elif a.arg == "you_move" and x.location:
                g.relocate(t, x.location, "joins_ally")
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
            ok = yield from check(g, x, "exchange", exchange_target(g, x, t), vis, target=g.fref(t.id))
        if ok:
            give_fact(g, x, t, a.arg)
            cand = [o for o in g.active_ids() if o not in (x.id, t.id) and t.know[o].loc and not x.know[o].loc]
            if cand:
                g.learn_loc(x, g.fac[g.choose(t.id, "location_given", cand, vis)])
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
            g.note(x.id, "gives_code", vis, target=g.fref(t.id), code=g.cref(a.arg))


def acceptance_target(g, x, t):
    """The raw % an NPC ``t`` accepts ``x``'s alliance offer (§12.3), or None when it refuses
    without a roll (no room for another ally, or a grudge)."""
    if len(t.allies) >= g.cfg.alliance.max_allies or x.id in t.grudges:
        return None
    n = g.cfg.npc
    p = t.ai.alliance_inclination + (n.friendly_acceptance_bonus if x.id in t.met_friendly else 0) \
        + x.eff_sum("alliance_charm")
    return clamp(p, 0, n.acceptance_cap) - omen(g, x)


def exchange_target(g, x, t):
    """The raw % an NPC ``t`` (neither ally nor holding a grudge) agrees to an exchange."""
    return clamp(t.ai.alliance_inclination, 0, 100) - omen(g, x)


def give_spells(g, x, t, n):
    ok = True
    if t.human:
        ans = yield ask("gift_reply", t.id, choices=["accept", "refuse"], other=x.id, gift=f"spells:{n}")
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
    g.note(x.id, "tells", g.vis(x.id, t.id), target=g.fref(t.id), fact=fact_ref(g, fact))


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
    g.note(x.id, "threat_complied" if comply else "threat_refused", vis, target=g.fref(t.id),
           demand=LOG + "demand." + demand)
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
