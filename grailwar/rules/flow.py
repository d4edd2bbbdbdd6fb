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
from .model import WarOver
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
