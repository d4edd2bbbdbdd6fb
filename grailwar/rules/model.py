"""Mutable game data of one war: factions, knowledge, locations, the log, and the small
helpers every rule uses (derived values of §2.11, knowledge updates of §2.9, relocation of
§2.2/§14.2, elimination). No decisions are made here; ``flow.py`` drives the turn."""
from __future__ import annotations

from .events import Eliminated, GameOver, Logged, ManaChanged, Relocated, Rolled
from .fastcfg import FastCfg, fast_cfg, faction_fx
from .schema import PARAMS
from tabletop.engine.rng import GameRng

ALL = ("all",)


LOG = "grailwar.log."


def _who(actor):
    return actor if isinstance(actor, str) else "GM"


def named(x):
    """A data object's names as a log reference."""
    return {"en": x.en, "ja": x.ja}


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x


_REFS: dict = {}


def log_refs(data):
    """The log's references to static data, made once per data set (shared, never changed)."""
    hit = _REFS.get(id(data))
    if hit is None or hit[0] is not data:
        refs = {"loc": {l.id: {"en": f"{l.id} {l.en}", "ja": f"{l.id} {l.ja}"} for l in data.locations},
                "code": {c.id: named(c) for c in data.codes},
                "param": {x.id: named(x) for x in data.parameters},
                # location -> its grade's rank ("": none)
                "rank": {l.id: data.grades[l.grade].rank for l in data.locations if l.grade in data.grades},
                "grade": {l.id: l.grade for l in data.locations},        # location -> its grade (Game.grade)
                "grades": {gid: FastCfg(gr) for gid, gr in data.grades.items()},   # fast mirrors (fastcfg)
                "static": {},         # faction id -> faction_static
                "active": {},         # faction id -> its active skills (combat.active_skills)
                "owner": {},          # faction id -> {skill id: a master's skill?} (aftermath.skill_owner)
                "self_wr": {}}        # (faction id, at own base) -> its own win-rate terms (npc.ewr)
        refs["by_rank"] = sorted(refs["rank"], key=lambda l: (-refs["rank"][l], l))     # best grade first
        if "none" in data.grades:
            refs["rank"][""] = data.grades["none"].rank
        if len(_REFS) > 8:
            _REFS.clear()
        hit = _REFS[id(data)] = (data, refs)
    return hit[1]


def faction_static(data, fdef, master, servant):
    """What a faction's data gives once and for all, shared by every war on that data (never
    changed): its skills' effects as (owner "m"/"s", skill, effect), passive and active both;
    its noble phantasm's effects; the passive effects by type, each as ``(skill, effect, skill
    id, when, value, params, the parameters it names)`` (the fields the hot loops read, loaded
    once), and their summed values; the skills meeting it shows (master's, servant's); and
    ``fx`` (``faction_fx``), the fields the battle and the NPC rules read, loaded once."""
    cache = log_refs(data)["static"]
    hit = cache.get(fdef.id)
    if hit is None or hit[0] is not fdef:
        effects = [("m", sk, e) for sk in master.skills for e in sk.effects] + \
                  [("s", sk, e) for sk in servant.skills for e in sk.effects]
        passive: dict = {}          # effect type -> [(skill, effect, id, when, value, params, names)]
        for _, sk, e in effects:
            if sk.activation == "passive":
                ps = e.params
                passive.setdefault(e.type, []).append((sk, e, sk.id, e.when, e.value, ps,
                                                       PARAMS if ps == "ALL" else ps))
        sums = {t: sum(x[4] or 0 for x in lst) for t, lst in passive.items()}
        hit = cache[fdef.id] = (fdef, (effects, list(servant.np.effects), passive, sums,
                                       tuple(sk.id for sk in master.skills if sk.public),
                                       tuple(sk.id for sk in servant.skills if sk.public),
                                       faction_fx(fdef, master, servant)))
    return hit[1]


_FLOOR: dict = {}


def floored(fp, pen):
    """A new dict: each parameter of ``fp`` (a faction's ``params``) less ``pen``, floored at
    0, in ``PARAMS`` order. The figures are made once per params dict and penalty (a faction's
    ``params`` is never changed in place, only replaced), then copied."""
    hit = _FLOOR.get((id(fp), pen))
    if hit is None or hit[0] is not fp:
        if len(_FLOOR) > 4096:
            _FLOOR.clear()
        out = {}
        for p in PARAMS:
            v = fp[p] - pen
            out[p] = v if v > 0 else 0
        hit = _FLOOR[(id(fp), pen)] = (fp, out)
    return dict(hit[1])


class WarOver(Exception):
    """Raised inside the flow when the war ends (victory check, §5)."""


class Know:
    """K[O][T] of §2.9."""
    __slots__ = ("acq", "loc", "ms", "ss", "name", "np")

    def __init__(self):
        self.acq = False
        self.loc = False
        self.ms: set = set()
        self.ss: set = set()
        self.name = False
        self.np = False

    def to_dict(self):
        return {"acquainted": self.acq, "location_known": self.loc, "master_skills": sorted(self.ms),
                "servant_skills": sorted(self.ss), "true_name": self.name, "np": self.np}


class Faction:
    __slots__ = ("id", "fdef", "control", "seat", "master", "servant", "ai", "level", "params", "max_mana",
                 "mana", "spells", "inv", "location", "allies", "know", "known_empty", "grudges", "kills",
                 "fought", "rested", "omen", "met_friendly", "declared", "buff", "_status", "active", "relocated",
                 "effects", "np_effects", "accompany", "passive", "_sums", "public_ms", "public_ss", "human", "fx")

    def __init__(self, data, fdef, control, seat):
        self.id = fdef.id
        self.fdef = fdef
        self.control = control
        self.human = control == "human"     # control never changes
        self.seat = seat
        self.master = data.masters[fdef.master]
        self.servant = data.servants[fdef.servant]
        self.level = self.servant.level
        self.params = dict(self.servant.params)
        self.max_mana = self.level * data.cfg.mana.max_per_level
        self.mana = self.max_mana
        self.spells = data.cfg.command_spells.initial
        self.inv = dict.fromkeys(data.code_ids, 0)
        self.location = ""
        self.allies: set = set()
        self.know: dict = {}
        self.known_empty: set = set()
        self.grudges: set = set()
        self.kills = 0
        self.fought = False
        self.rested = False
        self.omen = False
        self.met_friendly: set = set()
        self.declared = None
        self.buff = False
        self.status = "active"
        self.relocated = False
        self.accompany = ""     # the faction whose approach this one accompanies this turn
        (self.effects, self.np_effects, self.passive, self._sums, self.public_ms,
         self.public_ss, self.fx) = faction_static(data, fdef, self.master, self.servant)
        self.ai = self.fx.ai        # its fields as plain attributes (fastcfg)

    @property
    def status(self):
        """active | eliminated; ``active`` (a plain attribute, read everywhere) follows it."""
        return self._status

    @status.setter
    def status(self, value):
        self._status = value
        self.active = value == "active"

    def eff_sum(self, etype, passive_only=True):
        if passive_only:
            return self._sums.get(etype, 0)
        total = 0
        for _, sk, e in self.effects:
            if e.type == etype and (not passive_only or sk.activation == "passive"):
                total += e.value or 0
        return total

    def has_effect(self, etype):
        return any(e.type == etype for _, _, e in self.effects)

    def items_list(self, codes):
        out = []
        for c in codes:
            out.extend([c] * self.inv.get(c, 0))
        return out

    def n_items(self):
        return sum(self.inv.values())


class Game:
    """Holds the war's data and the helpers; subclassed by ``GrailState``."""

    # set up by GrailState
    data = None
    fc = None          # fast_cfg(cfg): the engine reads the configuration here
    rng = None
    # False: ``apply`` builds and returns no events (a simulation or a search that reads none
    # sets it on its own state; the war, its log and its saves are the same either way)
    report_events = True
    # False: no log entries are written (a simulation or a search that reads none sets it on its
    # own state; the war, its dice and its decisions are the same, its save has an empty log; it
    # cannot take a declaration back, as ``withdraw`` reads whose it was from the log)
    keep_log = True
    # Set when the war ends (``end_war``), class defaults until then. A state object's
    # attributes stay at most 29 while a war runs: CPython keeps so few in the instance itself,
    # and loads them (and finds the methods) much faster than from a dictionary.
    END_FIELDS = ("winner", "over_reason")
    winner = None
    over_reason = ""

    @property
    def cfg(self):
        """The rules' configuration (checked data; ``fc`` mirrors it for fast reading)."""
        return self.rules.cfg

    def _init_war(self, data, seats, rng):
        self.data = data
        self.fc = fast_cfg(self.rules.cfg)
        self.rng = rng
        self.turn = 1
        self.phase = "S"
        self.log: list = []
        self.events: list = []
        self.battle_no = 0
        self.scores: dict = {}
        self.fac: dict = {}
        self._act = None
        seat_no = 0
        for fdef, control in zip(data.factions, seats):
            if control == "off":
                continue
            seat = 0
            if control == "human":
                seat_no += 1
                seat = seat_no
            self.fac[fdef.id] = Faction(data, fdef, control, seat)
        self.fids = list(self.fac)                       # canonical order (data order = id order)
        for f in self.fac.values():
            for t in self.fids:
                if t != f.id:
                    f.know[t] = Know()
        self.humans = [f for f in self.fac.values() if f.human]     # by seat
        self.loc_owner = {l: "" for l in data.loc_ids}
        self.loc_guests = {l: [] for l in data.loc_ids}
        self.workshop = {}                                # loc -> [builder, level]
        self.view_all = False
        self.refs = log_refs(data)

    # --- lookups ---------------------------------------------------------------------
    def f(self, fid):
        return self.fac[fid]

    _act = None        # the active factions' ids, kept until the next elimination (``eliminate``)

    def active_ids(self):
        act = self._act
        return list(act if act is not None else self.act_ids())

    def act_ids(self):
        """``active_ids`` as a tuple, shared until the next elimination: for callers that only read it."""
        act = self._act
        if act is None:
            act = self._act = tuple([fid for fid, f in self.fac.items() if f.active])   # fac is in fids order
        return act

    def order(self):
        """Processing order of this turn (§3.3)."""
        hs = self.humans
        if not hs:
            act = self._act                     # active_ids(), without the calls
            return list(act if act is not None else self.act_ids())
        if self.fc.game.rotate_seat_order:
            k = (self.turn - 1) % len(hs)
            hs = hs[k:] + hs[:k]
        out = [f.id for f in hs if f.active]
        out += [fid for fid in self.fids if self.fac[fid].active and not self.fac[fid].human]
        return out

    def order_split(self):
        """This turn's order (§3.3) as the human masters' ids and the NPCs' (in a war without a
        human, the order itself: ``order()`` makes a fresh list)."""
        order = self.order()
        if not self.humans:
            return [], order
        return [f for f in order if self.fac[f].human], [f for f in order if not self.fac[f].human]

    def occupants(self, loc):
        """Active factions living at ``loc``, owner first."""
        owner = self.loc_owner.get(loc, "")
        out = [owner] if owner else []
        out += [g for g in self.loc_guests.get(loc, ()) if g != owner]
        return out

    def vacant(self, loc):
        """No active faction lives at ``loc`` (``not occupants(loc)``, without the list)."""
        return not self.loc_owner.get(loc, "") and not any(self.loc_guests.get(loc, ()))

    # --- derived values (§2.11) --------------------------------------------------------
    def penalty(self, f):
        m = self.fc.mana
        return m.penalty_per_step * (-f.mana // m.deficit_step) if f.mana < 0 else 0

    def shown(self, f, p):
        return max(0, f.params[p] - self.penalty(f))

    def doomed(self, f):
        return f.mana < self.fc.mana.vanish_below

    def grade(self, loc):
        return self.refs["grade"][loc] if loc else "none"

    def grade_rank(self, loc):
        r = self.refs["rank"].get(loc)
        return r if r is not None else self.data.grades[self.grade(loc)].rank

    # --- the log ----------------------------------------------------------------------
    def vis(self, *fids):
        if self.view_all:
            return ALL
        if len(fids) == 1:
            return fids
        return tuple(sorted({x for x in fids if x}))

    # references the log renders as names (``grailwar.rules.logtext``): never raw ids
    @staticmethod
    def fref(fid):
        """A faction: rendered as its id, plus its class for a viewer who knows it."""
        return {"fac": fid}

    def lref(self, loc):
        """A location: its map number and name."""
        return self.refs["loc"][loc]

    def cref(self, code):
        return self.refs["code"][code]

    def pref(self, p):
        return self.refs["param"][p]

    def ref(self, of, item):
        """``item`` of a picked list as a reference: ``of`` is fac, loc, code, param or a
        faction whose master/servant skill it is (``sskill:F3``)."""
        if of == "fac":
            return self.fref(item)
        if of == "loc":
            return self.lref(item)
        if of == "code":
            return self.cref(item)
        if of == "param":
            return self.pref(item)
        owner = self.fac[of.split(":")[1]]
        skills = owner.master.skills if of.startswith("mskill") else owner.servant.skills
        return named(next(s for s in skills if s.id == item))

    def write(self, actor, kind, key, params, vis=ALL, **fields):
        """Append a log entry: an i18n key under ``grailwar.log.`` with its parameters (none
        when ``keep_log`` is False)."""
        if not self.keep_log:
            return None
        e = {"turn": self.turn, "phase": self.phase, "actor": actor, "kind": kind,
             "key": LOG + key, "params": params, "visible_to": vis}
        if isinstance(actor, int):
            e["actor"], e["battle"] = "battle", actor
        if fields:
            e.update(fields)
        self.log.append(e)
        if self.report_events:
            self.events.append(Logged(len(self.log) - 1, vis))
        return e

    def note(self, actor, key, vis=ALL, data=None, **params):
        """A GM note; ``actor`` is a faction id, "GM" or a battle number."""
        if not self.keep_log:
            return None
        if data is None:
            return self.write(actor, "note", key, params, vis)
        return self.write(actor, "note", key, params, vis, data=data)

    def table(self, actor, label, name, vis=ALL, **params):
        """Roll on an event table (§6): logs ``(D10[0-9]) ＞ 2 ＞ <row>``; returns the row."""
        t = self.data.tables[name]
        faces = {"D10[0-9]": 10, "1D6": 6, "1D3": 3, "1D2": 2}[t.die]
        v = self.rng.d(faces)
        face = v - 1 if t.die == "D10[0-9]" else v
        e = self.data.table_map[name][face]
        if self.keep_log:
            row = {"en": e.en or e.ja, "ja": e.ja or e.en} if (e.en or e.ja) else LOG + "mood." + str(e.mood)
            self.write(actor, "roll", "label." + label, params, vis, expr=t.die, value=face, outcome=row)
        if self.report_events:
            self.events.append(Rolled(_who(actor), label, faces, face, -1, None, tuple(vis), e.en or e.mood or "",
                                      len(self.log) - 1))
        return e

    def choose(self, actor, label, items, vis=ALL, of="fac", **params):
        """A logged ``choose(L)`` (§3.2); nothing is drawn for an empty list. The log shows the die
        and the pick only, never the other candidates (secrets). A GameRng's ``d``, in one call."""
        if not items:
            return None
        v = int(self.rng.random() * len(items)) + 1 if type(self.rng) is GameRng else self.rng.d(len(items))
        pick = items[v - 1]
        if self.keep_log:
            self.write(actor, "choice", "label." + label, params, vis, expr=f"1D{len(items)}", value=v,
                       outcome=self.ref(of, pick))
        if self.report_events:
            self.events.append(Rolled(_who(actor), label, len(items), v, -1, None, tuple(vis), str(pick),
                                      len(self.log) - 1))
        return pick

    def percent(self, actor, label, t, vis=ALL, words=None, reroll="", **params):
        """One d100 against ``t`` (already clamped); ``words`` = outcome words (success, failure)."""
        r = int(self.rng.random() * 100) + 1 if type(self.rng) is GameRng else self.rng.d(100)   # as in choose
        self.last_roll = r
        ok = r <= t
        if self.keep_log:
            fields = {"expr": f"1D100<={t}", "target": t, "value": r, "outcome": "success" if ok else "failure"}
            if words:
                fields["word"] = words[0 if ok else 1]
            if reroll:
                fields["reroll"] = reroll
            self.write(actor, "check", "label." + label, params, vis, **fields)
        if self.report_events:
            self.events.append(Rolled(_who(actor), label, 100, r, t, ok, tuple(vis), "", len(self.log) - 1))
        return ok

    # --- mana / spells / items ----------------------------------------------------------
    def gain_mana(self, f, amount, reason, vis=None, why=None):
        """Change ``f``'s mana; ``reason`` is a short id (the event's), ``why`` the log's
        reference for it (default: the key ``grailwar.log.reason.<reason>``)."""
        before = f.mana
        if amount > 0 and self.fc.mana.cap_at_max:
            f.mana = min(f.max_mana, f.mana + amount) if f.mana < f.max_mana else f.mana
        else:
            f.mana += amount
        if f.mana != before and (self.keep_log or self.report_events):
            v = vis or self.vis(f.id, *f.allies)
            if self.report_events:
                self.events.append(ManaChanged(f.id, before, f.mana, reason, v))
            self.note(f.id, "mana", v, amount=f"{amount:+d}", why=why or LOG + "reason." + reason,
                      mana=f.mana, max=f.max_mana)

    def spend_spells(self, f, n, why, vis=None):
        """Spend ``n`` command spells; ``why``: the key ``grailwar.log.spell.<why>``."""
        f.spells -= n
        if self.keep_log:
            self.note(f.id, "spends_spells", vis or self.vis(f.id, *f.allies), n=n, why=LOG + "spell." + why,
                      left=f.spells)

    def add_item(self, f, code, n=1, why=""):
        f.inv[code] = f.inv.get(code, 0) + n

    def take_item(self, f, code, n=1):
        f.inv[code] -= n

    # --- knowledge (§2.9) -----------------------------------------------------------------
    def learn_loc(self, o, t):
        """O learns T's current location."""
        if o.id == t.id or not t.active:
            return
        k = o.know[t.id]
        k.loc = True
        if o.known_empty:            # (mostly empty: no call)
            o.known_empty.discard(t.location)

    def acquaint(self, o, t):
        if o.id == t.id:
            return
        k = o.know[t.id]
        if not k.acq:        # (acquainted: the public skills are in already; knowledge only grows)
            k.acq = True
            k.ms.update(t.public_ms)
            k.ss.update(t.public_ss)

    def meet(self, a, b):
        """Mutual acquaintance and locations."""
        self.acquaint(a, b)
        self.acquaint(b, a)
        self.learn_loc(a, b)
        self.learn_loc(b, a)

    def learn(self, o, t, what, sid=""):
        """O learns a secret of T: what = mskill | sskill | name | np."""
        k = o.know[t.id]
        if what == "mskill":
            if sid in k.ms:
                return
            k.ms.add(sid)
        elif what == "sskill":
            if sid in k.ss:
                return
            k.ss.add(sid)
        elif what == "name":
            if k.name:
                return
            k.name = True
        elif what == "np":
            if k.np:
                return
            k.np = True

    def learn_empty(self, o, loc):
        if loc not in o.known_empty:
            o.known_empty.add(loc)

    # --- locations (§2.2, §14.2) -------------------------------------------------------
    def leave(self, f):
        loc = f.location
        if not loc:
            return
        if self.loc_owner.get(loc) == f.id:
            guests = [g for g in self.loc_guests[loc] if g != f.id]
            self.loc_owner[loc] = guests[0] if guests else ""
            self.loc_guests[loc] = guests[1:]
        else:
            if f.id in self.loc_guests[loc]:
                self.loc_guests[loc].remove(f.id)
        ws = self.workshop.get(loc)
        if ws and ws[0] == f.id:
            del self.workshop[loc]
        f.location = ""

    def relocate(self, f, loc, why="move"):
        """Move ``f`` to ``loc`` (ally there → guest; empty → owner). Wipes trails (§2.9 r3)."""
        origin = f.location
        self.leave(f)
        f.location = loc
        owner = self.loc_owner[loc]
        if owner and owner != f.id:
            self.loc_guests[loc].append(f.id)
        else:
            self.loc_owner[loc] = f.id
        f.known_empty.discard(loc)
        for o in self.fac.values():
            if o.id == f.id:
                continue
            k = o.know[f.id]
            if f.id in o.allies:
                k.loc = True
                o.known_empty.discard(loc)
            else:
                k.loc = False
        if self.report_events:
            self.events.append(Relocated(f.id, origin, loc, self.vis(f.id, *f.allies)))
        if self.keep_log:
            self.note(f.id, "moves", self.vis(f.id, *f.allies), loc=self.lref(loc), why=LOG + "move." + why)

    def owns(self, f):
        return f.location and self.loc_owner.get(f.location) == f.id

    # --- alliances -------------------------------------------------------------------------
    def ally(self, a, b):
        a.allies.add(b.id)
        b.allies.add(a.id)
        self.meet(a, b)
        if self.keep_log:
            self.note("GM", "allied", a=self.fref(a.id), b=self.fref(b.id))

    def unally(self, a, b, why):
        a.allies.discard(b.id)
        b.allies.discard(a.id)
        if self.keep_log:
            self.note("GM", "unallied", a=self.fref(a.id), b=self.fref(b.id), why=LOG + "unally." + why)

    # --- elimination (§14.3) and victory (§5) ---------------------------------------------
    def eliminate(self, f, cause):
        if not f.active:
            return
        self.leave(f)
        for aid in list(f.allies):
            self.unally(f, self.fac[aid], "elimination")
        f.status = "eliminated"
        self._act = None
        if self.report_events:
            self.events.append(Eliminated(f.id, cause, ALL))
        if self.keep_log:
            self.note(f.id, "out_" + cause, who=self.fref(f.id))

    def victory_check(self):
        act = self.act_ids()
        if len(act) == 1:
            self.end_war(act[0], "last_standing")
        elif not act:
            self.end_war("none", "no_one_left")

    def end_war(self, winner, reason):
        self.winner = winner
        self.over_reason = reason
        self.phase = "END"
        self.view_all = True
        if self.report_events:
            self.events.append(GameOver(winner, reason, ALL))
        reason_key = LOG + "end." + reason
        if winner == "none":
            self.note("GM", "war_over_none", reason=reason_key)
        else:
            self.note("GM", "war_over", winner=self.fref(winner), reason=reason_key)
        raise WarOver()
