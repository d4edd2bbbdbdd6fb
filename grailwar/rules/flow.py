"""The turn procedure (§4-§14) as one generator. It yields a ``Pending`` whenever a faction
must decide and receives the chosen action; dice are drawn in the spec's canonical order.

Imports run one way: model <- checks <- retreat <- combat <- the phase modules
(phase_events, resolve, comm, upkeep) <- flow <- state. The phases' procedures are
re-exported here so one step can be driven on its own (tests, tools)."""
from __future__ import annotations

from . import npc
from .actions import Declare
from .checks import check, omen, set_phase, use_options, apply_use, info_target, craft_target  # noqa: F401
from .comm import (facts_of, give_fact, give_spells, phase_comm, pool_knowledge, talk, talk_option,  # noqa: F401
                   talkable, threaten)
from .model import LOG, WarOver
from .phase_events import encounter, misfortune, npc_table, pair_event, pc_table, phase_events  # noqa: F401
from .prompt import ask
from .resolve import (phase_actions, resolve_approach, resolve_craft, resolve_info, resolve_move,  # noqa: F401
                      resolve_other, resolve_simple, resolve_soul)
from .retreat import defeat, retreat_move  # noqa: F401
from .upkeep import phase_mana, rest_gain, score, turn_gain  # noqa: F401


# --- the war ---------------------------------------------------------------------------------
def run_war(g):
    try:
        setup(g)
        while True:
            yield from turn(g)
    except WarOver:
        return


def setup(g):
    g.note("GM", "seed", seed=g.seed)
    grades = set(g.cfg.game.start_location_grades)
    for fid in g.fids:
        f = g.fac[fid]
        pool = [l for l in g.data.loc_ids if g.data.loc[l].grade in grades and not g.occupants(l)]
        loc = g.choose("GM", "start_location", pool, g.vis(fid), of="loc", who=g.fref(fid))
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
    g.note("GM", "turn_begins", turn=g.turn)
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
        g.note("GM", "one_wish")
        for a in act:
            fa = g.fac[a]
            for b in list(fa.allies):
                g.unally(fa, g.fac[b], "one_wish")
        for a in act:
            fa = g.fac[a]
            if fa.location and g.loc_owner.get(fa.location) != fa.id:
                yield from retreat_move(g, fa, fa.location)
        for a in act:
            for b in act:
                if a != b:
                    g.learn_loc(g.fac[a], g.fac[b])


def phase_declare(g):
    for fid in g.order():
        f = g.fac[fid]
        if not f.active or not f.human or f.declared is not None:
            continue
        if f.spells == 0 and g.cfg.command_spells.disobey_chance > 0:
            dis = yield from check(g, f, "disobedience", g.cfg.command_spells.disobey_chance - omen(g, f), g.vis(f.id),
                                   want="failure")
            if dis:
                a = npc.declare(g, f)
                g.note(f.id, "disobeys", g.vis(f.id))
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
        g.note(y.id, "accompany_" + ans.choice, g.vis(f.id, y.id), leader=g.fref(f.id))
        if ans.choice == "consent":
            y.declared = Declare(y.id, "accompany", f.id)
            y.accompany = f.id
        else:
            a = Declare(a.faction, a.act, a.target, a.mode, a.familiars, a.crows, "")
    f.declared = a
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
