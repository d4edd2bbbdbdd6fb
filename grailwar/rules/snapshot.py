"""A war's copy and its save, without replaying it.

Everything that changes during a war is data on the state: the factions' sheets and knowledge,
the map, the log, the battle under way (``cur_battle``), the dice (the generator's own state)
and the turn flow's position (``flow``: the frames of ``grailwar.rules.frames``). So

- ``clone(g)`` copies that data and re-enters the flow at its position;
- ``dump(g)`` writes it as plain JSON data (the keys a save always had, plus ``rng``,
  ``flow``, ``battle``, ``decl_loc``, ``last_roll``, ``view_all`` and ``turn_flags``);
- ``load(rules, data)`` reads it back. A save without ``flow`` (written before the flow was
  resumable) is replayed from its ``actions`` instead.

The cost is that of the data, the same at turn 20 as at turn 1 (``bench/gw_state_cost.py``);
only the log and the action list grow, and those are copied as lists, entries shared (a log
entry is never changed once written; actions are immutable)."""
from __future__ import annotations

from itertools import repeat

from tabletop.engine import Action, GameRng, SaveError

from . import flow
from .actions import Answer, Commit, Declare, Talk, Use
from .combat import Battle, Part
from .fastcfg import fast_cfg
from .model import Faction, Know, log_refs
from .prompt import Pending

ACTION_TYPES = {c.kind: c for c in (Declare, Answer, Commit, Use, Talk)}
_F_SHARED = ("id", "fdef", "control", "human", "seat", "master", "servant", "ai", "level", "params", "max_mana", "effects",
             "np_effects", "passive", "_sums", "public_ms", "public_ss", "fx",
             "mana", "spells", "location", "kills", "fought", "rested", "omen",
             "declared", "buff", "status", "relocated", "accompany")
_B_SHARED = ("no", "cause", "loc", "winner", "rate", "roll", "prelim", "stage", "vis", "breakdown", "prelim_bd")
_P_SHARED = ("side", "main", "own_base", "np", "rcharm", "ccharm", "spells_wr", "params_spell", "done")


# --- copying --------------------------------------------------------------------------------------
def _know(k):
    n = Know.__new__(Know)
    n.acq, n.loc, n.name, n.np = k.acq, k.loc, k.name, k.np
    n.ms = set(k.ms)
    n.ss = set(k.ss)
    return n


def _faction(f):
    n = Faction.__new__(Faction)
    for a in _F_SHARED:
        setattr(n, a, getattr(f, a))
    n.inv = dict(f.inv)
    n.allies = set(f.allies)
    n.known_empty = set(f.known_empty)
    n.grudges = set(f.grudges)
    n.met_friendly = set(f.met_friendly)
    n.know = {t: _know(k) for t, k in f.know.items()}
    return n


def _battle(b, fac):
    n = Battle.__new__(Battle)
    for a in _B_SHARED:
        setattr(n, a, getattr(b, a))

    def part(p):
        q = Part.__new__(Part)
        for a in _P_SHARED:
            setattr(q, a, getattr(p, a))
        q.f = fac[p.f.id]
        q.base = dict(p.base)
        q.active = list(p.active)
        q.committed = list(p.committed)
        q.pas = p.pas               # (a memo, never changed once made)
        return q
    n.A = [part(p) for p in b.A]
    n.B = [part(p) for p in b.B]
    n.slots = list(b.slots)
    n.witnesses = list(b.witnesses)
    n.contrib = set(b.contrib)
    n.reroll_used = dict(b.reroll_used)
    n.cache = dict(b.cache)       # values are never changed once made
    n.vmemo = b.vmemo             # (likewise)
    return n


def copy_data(x):
    """A frame's deep copy (dicts and lists copied; actions and scalars shared)."""
    if isinstance(x, dict):
        return {k: copy_data(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy_data(v) for v in x]
    return x


def _blank(cls, rules, seed):
    g = cls.__new__(cls)
    g.rules = rules
    g.seed = seed
    g.data = rules.data
    g.fc = fast_cfg(rules.cfg)
    g.refs = log_refs(rules.data)
    g.events = []
    return g


def clone(g):
    t = _blank(type(g), g.rules, g.seed)
    t.rng = g.rng.clone()
    for a in ("turn", "phase", "battle_no", "winner", "over_reason", "view_all", "fids", "last_roll"):
        setattr(t, a, getattr(g, a))
    t.log = list(g.log)
    t.keep_log, t.report_events = g.keep_log, g.report_events      # a silent war's copy stays silent
    t.scores = dict(g.scores)
    t.fac = {fid: _faction(f) for fid, f in g.fac.items()}
    t.humans = [t.fac[f.id] for f in g.humans]
    t.loc_owner = dict(g.loc_owner)
    t.loc_guests = {l: list(v) for l, v in g.loc_guests.items()}
    t.workshop = {l: list(v) for l, v in g.workshop.items()}
    t.decl_loc = dict(g.decl_loc)
    t.cur_battle = _battle(g.cur_battle, t.fac) if g.cur_battle is not None else None
    t._actions = list(g._actions)
    t._adicts = list(g._adicts or ())
    t.flow = copy_data(g.flow)
    resume(t, g.pending)
    return t


def resume(g, pending=None):
    """Re-enter the flow at ``g.flow``: the generator stands at the open prompt again. The
    prompt asked anew is the one that was open (its context from ``pending`` when given)."""
    g.events = []
    g._gen = None
    g.pending = None
    if g.flow is not None:
        g._gen = flow.run_war(g, g.flow)
        g._step(None)
        if g.pending is not None and pending is not None:
            p = g.pending
            if (p.kind, p.faction) != (pending.kind, pending.faction):
                raise AssertionError(f"resumed at {p.kind}/{p.faction}, not {pending.kind}/{pending.faction}")
            g.pending = Pending(p.kind, p.faction, dict(pending.ctx))
    g.events = []


# --- saving ---------------------------------------------------------------------------------------
def _enc(x):
    """Frames as JSON data: actions become ``{"$action": {...}}``."""
    if isinstance(x, dict):
        return {k: _enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_enc(v) for v in x]
    if isinstance(x, Action):
        return {"$action": x.to_dict()}
    return x


def _dec(x):
    if isinstance(x, dict):
        if "$action" in x:
            return action_of(x["$action"])
        return {k: _dec(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_dec(v) for v in x]
    return x


def action_of(d):
    """A Grail War action from its dict (the fast path of ``Action.from_dict``)."""
    kind = d.get("kind") if isinstance(d, dict) else None
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}")
    return cls(**{k: v for k, v in d.items() if k != "kind"})


def action_dicts(g):
    """The actions as dicts (made once per action, kept)."""
    acts, out = g._actions, g._adicts
    if out is None:
        out = g._adicts = []
    for a in acts[len(out):]:
        out.append(a if isinstance(a, dict) else a.to_dict())
    return out


def _battle_dict(b):
    def part(p):
        return {"f": p.f.id, "base": dict(p.base), "active": [sk.id for sk in p.active],
                "committed": list(p.committed), **{a: getattr(p, a) for a in _P_SHARED}}
    return {**{a: getattr(b, a) for a in _B_SHARED}, "A": [part(p) for p in b.A], "B": [part(p) for p in b.B],
            "slots": list(b.slots), "witnesses": list(b.witnesses), "contrib": sorted(list(c) for c in b.contrib),
            "reroll_used": dict(b.reroll_used)}     # not the NPC estimates' memo: made again when asked


def dump(g):
    facs = {}
    for fid, f in g.fac.items():
        facs[fid] = {
            "control": f.control, "seat": f.seat, "status": f.status, "mana": f.mana, "max_mana": f.max_mana,
            "spells": f.spells, "inventory": {c: n for c, n in f.inv.items() if n}, "location": f.location,
            "allies": sorted(f.allies), "kills": f.kills, "grudges": sorted(f.grudges),
            "known_empty": sorted(f.known_empty), "buff": f.buff, "fought": f.fought, "rested": f.rested,
            "omen": f.omen, "met_friendly": sorted(f.met_friendly),
            "declared": f.declared.to_dict() if f.declared else None,
            "knowledge": {t: k.to_dict() for t, k in f.know.items()},
        }
    return {
        "game": "grailwar", "seed": g.seed, "options": g.rules.options_dict(), "turn": g.turn,
        "phase": g.phase, "winner": g.winner, "reason": g.over_reason, "scores": g.scores,
        "battles": g.battle_no, "rng_draws": g.rng.draws, "factions": facs,
        "locations": {l: {"owner": g.loc_owner[l], "guests": list(g.loc_guests[l]),
                          "workshop": g.workshop.get(l)} for l in g.data.loc_ids},
        "log": g.log, "pending": g.pending.to_dict() if g.pending else None,
        "actions": list(action_dicts(g)),
        "rng": g.rng.get_state(), "flow": _enc(g.flow), "decl_loc": dict(g.decl_loc), "last_roll": g.last_roll,
        "view_all": g.view_all, "turn_flags": {fid: {"relocated": f.relocated, "accompany": f.accompany}
                                               for fid, f in g.fac.items()},
        "battle": _battle_dict(g.cur_battle) if g.cur_battle is not None else None,
    }


def load(cls, rules, data):
    """The state a ``dump`` wrote (``SaveError`` naming the field that does not fit)."""
    field = "seed"
    try:
        g = _blank(cls, rules, int(data["seed"]))
        field = "rng"
        g.rng = GameRng.from_state(data["rng"])
        field = "turn"
        g.turn, g.phase = int(data["turn"]), str(data["phase"])
        g.winner, g.over_reason = data["winner"], data["reason"]
        g.scores, g.battle_no = dict(data["scores"]), int(data["battles"])
        g.view_all, g.last_roll = bool(data["view_all"]), int(data["last_roll"])
        field = "log"
        g.log = list(data["log"])
        field = "factions"
        g.fac = {}
        seats = [s for s in rules.seats]
        for fdef, control in zip(rules.data.factions, seats):
            if control == "off":
                continue
            field = f"factions.{fdef.id}"
            g.fac[fdef.id] = f = _load_faction(rules.data, fdef, data["factions"][fdef.id])
            flags = data["turn_flags"][fdef.id]
            f.relocated, f.accompany = bool(flags["relocated"]), str(flags["accompany"])
        g.fids = list(g.fac)
        for f in g.fac.values():
            field = f"factions.{f.id}.knowledge"
            know = data["factions"][f.id]["knowledge"]
            f.know = {t: _load_know(know[t]) for t in g.fids if t != f.id}
        g.humans = [f for f in g.fac.values() if f.human]
        field = "locations"
        locs = data["locations"]
        g.loc_owner = {l: str(locs[l]["owner"]) for l in rules.data.loc_ids}
        g.loc_guests = {l: [str(x) for x in locs[l]["guests"]] for l in rules.data.loc_ids}
        g.workshop = {l: list(locs[l]["workshop"]) for l in rules.data.loc_ids if locs[l]["workshop"]}
        field = "decl_loc"
        g.decl_loc = dict(data["decl_loc"])
        field = "battle"
        g.cur_battle = _load_battle(data["battle"], g.fac) if data["battle"] is not None else None
        field = "actions"
        acts = g._actions = list(data.get("actions", []))
        g._adicts = list(acts)
        fac = g.fac
        if not _all_actions_of(acts, fac):
            i, a = next((i, a) for i, a in enumerate(acts) if not (type(a) is dict and a.get("kind") in ACTION_TYPES
                                                                   and a.get("faction") in fac))
            raise SaveError(f"action {i + 1} of the save is not an action of this war: {a!r}")
        field = "flow"
        g.flow = _dec(data["flow"])
        pend = data.get("pending")
        field = "flow (the war cannot resume there)"
        resume(g)
        if pend:
            p = g.pending
            if p is None or (p.kind, p.faction) != (pend.get("kind"), pend.get("faction")):
                raise SaveError(f"the save's pending decision {pend.get('kind')}/{pend.get('faction')} is not where "
                                f"its flow resumes")
            p.ctx.update({k: v for k, v in pend.items() if k not in ("kind", "faction")})
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, AssertionError) as exc:
        raise SaveError(f"the save's field {field!r} does not fit this war: {type(exc).__name__}: {exc}") from None
    return g


def _all_actions_of(acts, fac):
    """Every entry of ``acts`` is an action dict of a faction of this war. Checked a set of
    types, kinds and factions at a time (in C), so a long war's save loads as fast as a short one's."""
    if not set(map(type, acts)) <= {dict}:
        return False
    return set(map(dict.get, acts, repeat("kind"))) <= ACTION_TYPES.keys() and \
        set(map(dict.get, acts, repeat("faction"))) <= fac.keys()


def _load_know(d):
    k = Know.__new__(Know)          # every slot is set below
    k.acq, k.loc = bool(d["acquainted"]), bool(d["location_known"])
    k.ms, k.ss = set(d["master_skills"]), set(d["servant_skills"])
    k.name, k.np = bool(d["true_name"]), bool(d["np"])
    return k


def _load_faction(data, fdef, d):
    f = Faction(data, fdef, d["control"], d["seat"])
    f.status, f.mana, f.spells = d["status"], int(d["mana"]), int(d["spells"])
    for c, n in d["inventory"].items():
        if c not in f.inv:
            raise KeyError(f"inventory: unknown code {c}")
        f.inv[c] = int(n)
    f.location, f.kills = d["location"], int(d["kills"])
    f.allies, f.grudges = set(d["allies"]), set(d["grudges"])
    f.known_empty, f.met_friendly = set(d["known_empty"]), set(d["met_friendly"])
    f.buff, f.fought, f.rested, f.omen = bool(d["buff"]), bool(d["fought"]), bool(d["rested"]), bool(d["omen"])
    f.declared = action_of(d["declared"]) if d["declared"] else None
    return f


def _load_battle(d, fac):
    b = Battle.__new__(Battle)
    for a in _B_SHARED:
        setattr(b, a, d[a])
    b.vis = tuple(d["vis"])

    def part(pd):
        f = fac[pd["f"]]
        p = Part(f, pd["side"], pd["main"], pd["own_base"])
        for a in _P_SHARED:
            setattr(p, a, pd[a])
        p.base = dict(pd["base"])
        skills = {s.id: s for s in f.servant.skills + f.master.skills}
        p.active = [skills[s] for s in pd["active"]]
        p.committed = list(pd["committed"])
        return p
    b.A = [part(p) for p in d["A"]]
    b.B = [part(p) for p in d["B"]]
    b.slots, b.witnesses = list(d["slots"]), list(d["witnesses"])
    b.contrib = {tuple(c) for c in d["contrib"]}
    b.reroll_used = dict(d["reroll_used"])
    b.cache = {}
    b.vmemo = None                # (not saved: B8 works the slots out again)
    return b
