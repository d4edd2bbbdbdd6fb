"""The turn procedure (§4-§14) as one generator. It yields a ``Pending`` whenever a faction
must decide and receives the chosen action; dice are drawn in the spec's canonical order.

Imports run one way: model <- checks <- retreat <- aftermath <- combat <- the phase modules
(phase_events, resolve, comm, upkeep) <- flow <- state. The phases' procedures are
re-exported here so one step can be driven on its own (tests, tools)."""
from __future__ import annotations

from . import npc
from . import prompt
from .actions import Declare, Use
from .checks import check, omen, set_phase, sub_check, use_options, apply_use, info_target, craft_target  # noqa: F401
from .comm import (facts_of, give_fact, give_spells, phase_comm, pool_knowledge, talk, talk_option,  # noqa: F401
                   talkable, threaten)
from .model import LOG, WarOver
from .phase_events import encounter, misfortune, npc_table, pair_event, pc_table, phase_events  # noqa: F401
from .frames import enter, frame, resumable, run
from .prompt import Pending, ask
from .resolve import (phase_actions, resolve_approach, resolve_craft, resolve_info, resolve_move,  # noqa: F401
                      resolve_other, resolve_simple, resolve_soul)
from .retreat import defeat, retreat_move  # noqa: F401
from .upkeep import phase_mana, rest_gain, score, turn_gain  # noqa: F401


# --- the war ---------------------------------------------------------------------------------
def war_frame():
    """The frame of a whole war (``GrailState.flow`` at the start)."""
    return frame("war")


def run_war(g, fr=None):
    """The war as one generator, from ``fr`` (a fresh war frame by default)."""
    return run(g, fr if fr is not None else war_frame())


@resumable("war")
def _war(g, fr):
    try:
        if fr["pc"] == 0:
            setup(g)
            fr["pc"] = 1
        while True:
            yield from enter(g, fr, {"fn": "turn", "pc": 0})
            del fr["sub"]
    except WarOver:
        return


def setup(g):
    g.note("GM", "seed", seed=g.seed)
    grades = set(g.fc.game.start_location_grades)
    owner, guests = g.loc_owner, g.loc_guests
    # the vacant start locations, in data order; each faction's pick leaves the list
    pool = [l for l in g.data.loc_ids if g.refs["grade"][l] in grades and not owner[l] and not any(guests[l])]
    for fid in g.fids:
        f = g.fac[fid]
        loc = g.choose("GM", "start_location", pool, g.vis(fid), of="loc", who=g.fref(fid))
        f.location = loc
        g.loc_owner[loc] = fid
        if loc is not None:
            pool.remove(loc)
        for code, n in f.master.start_items.items():
            f.inv[code] += n
        for items in f.fx.start_items:          # its skills' start_items effects
            for code, n in items.items():
                f.inv[code] += n
    g.victory_check()


def turn(g):
    return (yield from run(g, frame("turn")))


@resumable("turn")
def _turn(g, fr):
    if fr["pc"] == 0:
        set_phase(g, "E")
        for f in g.fac.values():
            f.fought = f.rested = f.omen = f.relocated = False
            f.met_friendly = set()
            f.declared = None
            f.buff = False
            f.accompany = ""
        fr["pc"] = 1
    if fr["pc"] == 1:
        if "sub" in fr or all_allied(g):       # else the procedure would end at once
            yield from enter(g, fr, {"fn": "all_allied_check", "pc": 0})
            del fr["sub"]
        if g.keep_log:
            g.note("GM", "turn_begins", turn=g.turn)
        fr["pc"] = 2
    if fr["pc"] == 2:
        yield from enter(g, fr, {"fn": "phase_events", "pc": 0})
        del fr["sub"]
        for f in g.fac.values():
            f.relocated = False     # §7.2: only a retreat after the declarations costs the declared action
        set_phase(g, "D")
        fr["pc"] = 3
    if fr["pc"] == 3:
        yield from enter(g, fr, {"fn": "phase_declare", "pc": 0})
        del fr["sub"]
        fr["pc"] = 4
    if fr["pc"] == 4:
        yield from enter(g, fr, {"fn": "phase_actions", "pc": 0})
        del fr["sub"]
        set_phase(g, "C")
        fr["pc"] = 5
    if fr["pc"] == 5:
        yield from enter(g, fr, {"fn": "phase_comm", "pc": 0})
        del fr["sub"]
        set_phase(g, "M")
        fr["pc"] = 6
    yield from enter(g, fr, {"fn": "phase_mana", "pc": 0})
    del fr["sub"]


def all_allied_check(g):
    return (yield from run(g, frame("all_allied_check")))


def all_allied(g):
    """The active factions when there are two or more and every one is allied with every
    other (the one-wish case), else None."""
    act = g.active_ids()
    if len(act) < 2:
        return None
    if not all(b in g.fac[a].allies for a in act for b in act if a != b):
        return None
    return act


@resumable("all_allied_check")
def _all_allied_check(g, fr):
    if fr["pc"] == 0:
        act = all_allied(g)
        if act is None:
            return
        g.note("GM", "one_wish")
        for a in act:
            fa = g.fac[a]
            for b in list(fa.allies):
                g.unally(fa, g.fac[b], "one_wish")
        fr["act"] = act
        fr["i"] = 0
        fr["pc"] = 1
    act = fr["act"]
    while fr["i"] < len(act):
        fa = g.fac[act[fr["i"]]]
        if "sub" in fr or (fa.location and g.loc_owner.get(fa.location) != fa.id):
            yield from enter(g, fr, {"fn": "retreat_move", "pc": 0, "f": fa.id, "lost": fa.location})
            del fr["sub"]
        fr["i"] += 1
    for a in act:
        for b in act:
            if a != b:
                g.learn_loc(g.fac[a], g.fac[b])


def phase_declare(g):
    return (yield from run(g, frame("phase_declare")))


@resumable("phase_declare")
def _phase_declare(g, fr):
    # each faction in turn: st 0 not started, 1 the disobedience check, 2 asked, 3 registering
    if fr["pc"] == 0:
        fr["order"] = g.order()
        fr["i"] = 0
        fr["st"] = 0
        fr["pc"] = 1
    if fr["pc"] == 1:
        order = fr["order"] if g.humans else ()       # no master to ask: nobody declares in this pass
        while fr["i"] < len(order):
            f = g.fac[order[fr["i"]]]
            if fr["st"] == 0:
                if not f.active or not f.human or f.declared is not None:
                    fr["i"] += 1
                    continue
                fr["st"] = 1 if f.spells == 0 and g.fc.command_spells.disobey_chance > 0 else 2
            if fr["st"] == 1:
                dis = yield from sub_check(g, fr, f, "disobedience",
                                           g.fc.command_spells.disobey_chance - omen(g, f), g.vis(f.id),
                                           want="failure")
                if dis:
                    a = npc.declare(g, f)
                    g.note(f.id, "disobeys", g.vis(f.id))
                    fr["st"] = 3
                    fr["sub"] = frame("register", f=f.id, a=a)
                else:
                    fr["st"] = 2
            if fr["st"] == 2:
                a = ask("declare", f.id, {}, g)
                if type(a) is Pending:
                    a = yield a
                fr["st"] = 3
                fr["sub"] = frame("register", f=f.id, a=a)
            yield from enter(g, fr)
            del fr["sub"]
            fr["i"] += 1
            fr["st"] = 0
        fr["order"] = g.order()
        fr["i"] = 0
        fr["st"] = 0
        fr["pc"] = 2
    order = fr["order"]
    i, st = fr["i"], fr["st"]       # written to the frame before each prompt (what a save reads)
    # While ``play_out`` answers this war with the NPC table, its declare rule is called here
    # directly (``direct``, recorded as ``ask`` records it) unless it answers with a free use (then
    # it is asked as a prompt, which applies the use and asks again: the rule decides, nothing more).
    now = prompt.NOW
    direct = None
    if now is not None and now[0] is g:
        direct = getattr(now[1].get("declare"), "direct", None)
        acts, budget, report = now[2], now[3], now[5]
    while i < len(order):
        f = g.fac[order[i]]
        if st == 0:
            if not (f.active and not f.human and f.declared is None):
                i += 1
                continue
            plan = npc.declare(g, f)
            a = direct(g, f, plan) if direct is not None and len(acts) < budget else None
            if a is None or type(a) is Use:
                fr["i"] = i
                fr["plan"] = plan
                fr["st"] = st = 2
            else:
                if report:
                    g.events = []
                acts.append(a)
        if st == 2:
            a = ask("declare", f.id, {"plan": fr["plan"]}, g)
            if type(a) is Pending:
                a = yield a
        if st != 3:
            if a.act == "approach" and a.ally:      # the ally is asked: ``register`` as a procedure
                if st == 0:                         # (answered directly: the frame as at the prompt)
                    fr["i"] = i
                    fr["plan"] = plan
                fr["st"] = st = 3
                fr["sub"] = frame("register", f=f.id, a=a)
            elif g.keep_log:                        # nothing to ask: registered at once
                declared(g, f, a)
            else:
                f.declared = a                      # (declared() without its note)
        if st == 3:
            yield from enter(g, fr)
            del fr["sub"]
        i += 1              # the frame's plan is written again before the next prompt
        st = 0
    g.decl_loc = {fid: g.fac[fid].location for fid in g.act_ids()}


def register(g, f, a):
    return (yield from run(g, frame("register", f=f.id, a=a)))


@resumable("register")
def _register(g, fr):
    f, a = g.fac[fr["f"]], fr["a"]
    if a.act == "approach" and a.ally:
        y = g.fac[a.ally]
        ans = ask("accompany", y.id, {"choices": ["consent", "refuse"], "leader": f.id}, g)
        if type(ans) is Pending:
            ans = yield ans
        if g.keep_log:
            g.note(y.id, "accompany_" + ans.choice, g.vis(f.id, y.id), leader=g.fref(f.id))
        if ans.choice == "consent":
            y.declared = Declare(y.id, "accompany", f.id)
            y.accompany = f.id
        else:
            a = Declare(a.faction, a.act, a.target, a.mode, a.familiars, a.crows, "")
    declared(g, f, a)


def declared(g, f, a):
    """``f``'s declaration ``a`` is registered (the end of ``register``)."""
    f.declared = a
    if g.keep_log:
        g.note(f.id, "declares", g.vis(f.id), what=describe(g, a))


def describe(g, a):
    """A declaration as a log reference (``grailwar.log.decl.*``)."""
    t = a.target
    if t in g.fac:
        tref = g.fref(t)
    elif t in g.data.loc:
        tref = g.lref(t)
    elif t in g.data.code:
        tref = g.cref(t)
    else:
        tref = ""
    key = a.act if a.act in ("info", "craft", "rest", "soul_eat", "accompany") else f"{a.act}_{a.mode}"
    out = {"key": LOG + "decl." + key, "params": {"target": tref}}
    if a.act == "info" and (a.familiars or a.crows):
        out = {"key": LOG + "decl.with_items", "params": {"what": out, "familiars": a.familiars, "crows": a.crows}}
    if a.ally:
        out = {"key": LOG + "decl.with_ally", "params": {"what": out, "ally": g.fref(a.ally)}}
    return out
