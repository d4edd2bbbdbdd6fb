"""``GrailRules`` (validated data + options) and ``GrailState`` (one point of a war)."""
from __future__ import annotations

from tabletop.engine import Action, GameRng, IllegalActionError, Rules, SaveError, State

from . import combat, flow, view
from .actions import Answer, Commit, Declare, Talk, Use
from .model import Game
from .prompt import Pending

FREE_USE_KINDS = ("declare", "rescue", "commit", "comm", "emergency")
ANSWER_KINDS = ("encounter_attack", "ambush", "accompany", "contact_reply", "talk_reply", "intervene",
                "help_ally", "slot", "reroll", "mirror", "reroll_check", "retreat_pay", "retreat_group",
                "retreat_dest", "proposal_reply", "exchange_reply", "threat_reply", "threat_code",
                "threat_location", "gift_reply")


class GrailRules(Rules):
    game_id = "grailwar"

    def __init__(self, data, options=None):
        self.data = data
        self.data_version = str(data.meta.data_version)
        opts = dict(options or {})
        n = len(data.factions)
        seats = opts.get("seats")
        if seats is None:
            k = int(opts.get("factions") or n)
            default = opts.get("control")
            seats = [default or fd.control for fd in data.factions[:k]]
        seats = [str(s) for s in seats]
        if not 2 <= len(seats) <= n:
            raise ValueError(f"grailwar: between 2 and {n} factions take part (got {len(seats)})")
        for s in seats:
            if s not in ("human", "npc"):
                raise ValueError(f"grailwar: seat must be human or npc (got {s!r})")
        self.seats = seats + ["off"] * (n - len(seats))
        self.options = {"seats": seats}
        if "max_turns" in opts and opts["max_turns"] is not None:
            mt = int(opts["max_turns"])
            if mt <= 0:
                raise ValueError("grailwar: max_turns must be a positive integer")
            cfg = data.cfg
            data_cfg = cfg.model_copy(update={"game": cfg.game.model_copy(update={"max_turns": mt})})
            self.cfg = data_cfg
            self.options["max_turns"] = mt
        else:
            self.cfg = data.cfg

    def options_dict(self):
        return dict(self.options)

    def new_state(self, seed=None) -> "GrailState":
        if seed is None:
            seed = self.cfg.game.default_seed
        return GrailState(self, int(seed))


class GrailState(Game, State):
    def __init__(self, rules: GrailRules, seed: int):
        self.rules = rules
        self.seed = seed
        self._init_war(rules.data, rules.seats, GameRng(seed))
        self.cfg = rules.cfg
        self.actions: list = []
        self.decl_loc: dict = {}
        self.cur_battle = None
        self.pending: Pending | None = None
        self._gen = flow.run_war(self)
        self._step(None)
        self.events = []

    # --- driving the flow ------------------------------------------------------------------
    def _step(self, answer):
        try:
            self.pending = self._gen.send(answer)
        except StopIteration:
            self.pending = None
        if self.pending is not None and self.pending.faction not in self.fac:
            raise AssertionError(f"prompt for unknown faction {self.pending.faction}")

    def seats_to_act(self):
        return [self.pending.faction] if self.pending is not None else []

    def is_terminal(self):
        return self.winner is not None

    def outcome(self):
        if self.winner is None:
            return None
        return {"winner": self.winner, "reason": self.over_reason, "turn": min(self.turn, self.cfg.game.max_turns),
                "scores": dict(self.scores), "kills": {fid: f.kills for fid, f in self.fac.items()},
                "battles": self.battle_no}

    # --- legality ----------------------------------------------------------------------------
    def legal_actions(self, faction):
        p = self.pending
        if p is None or p.faction != faction:
            return []
        if p._opts is None:
            p._opts = self._options(p)
        return list(p._opts)

    def _options(self, p):
        f = self.fac[p.faction]
        k = p.kind
        out: list = []
        if k == "declare":
            out = declare_options(self, f)
        elif k == "rescue":
            out = [a for a in declare_options(self, f) if a.act in ("info", "craft")]
        elif k in ANSWER_KINDS:
            out = [Answer(f.id, k, c) for c in p.ctx["choices"]]
        elif k == "emergency":
            out = [Answer(f.id, k, "done")]
        elif k == "commit":
            pt = _part(self.cur_battle, f.id)
            out = [Commit(f.id, i) for i in combat.commit_options(self, self.cur_battle, pt)] + [Commit(f.id, "done")]
        elif k == "comm":
            out = [Talk(f.id, "done")]
            if p.ctx.get("opened", 0) < self.cfg.comm.max_initiations_per_turn:
                out += [Talk(f.id, "open", t) for t in flow.talkable(self, f)]
        elif k == "comm_transfer":
            out = [Talk(f.id, "done")]
            for t in self.active_ids():
                if (f.know[t].acq or f.know[t].loc) and t not in p.ctx.get("offered", ()):
                    out += [Talk(f.id, "give_spells", t, str(n)) for n in range(1, f.spells + 1)]
        elif k == "talk":
            out = talk_options(self, f, self.fac[p.ctx["other"]], p.ctx.get("used", []))
        if k in FREE_USE_KINDS:
            out += [Use(f.id, i) for i in flow.use_options(self, f, k)]
        return out

    def _accepts(self, p, a):
        if a.kind == "commit" and p.kind == "commit":
            if a.item == "done":
                return True
            pt = _part(self.cur_battle, p.faction)
            return a.item in combat.commit_options(self, self.cur_battle, pt)
        if a.kind == "declare" and p.kind == "declare":
            return declare_error(self, self.fac[p.faction], a) is None
        if a.kind == "answer":
            return a.prompt == p.kind and (p.kind == "emergency" and a.choice == "done"
                                           or p.kind in ANSWER_KINDS and a.choice in p.ctx["choices"])
        if a.kind == "talk" and p.kind == "comm":
            if a.option == "done":
                return not a.target and not a.arg
            if a.option == "open" and not a.arg and p.ctx.get("opened", 0) < self.cfg.comm.max_initiations_per_turn:
                return a.target in flow.talkable(self, self.fac[p.faction])
            return False
        if a.kind == "talk" and p.kind == "talk" and a.option in ("end", "propose", "dissolve"):
            x, t = self.fac[p.faction], self.fac[p.ctx["other"]]
            if a.target != t.id:
                return False
            if a.option == "end":
                return not a.arg
            used = p.ctx.get("used", ())
            if a.option == "dissolve":
                return not a.arg and t.id in x.allies and "dissolve" not in used
            mx = self.cfg.alliance.max_allies
            ok = "propose" not in used and t.id not in x.allies and len(x.allies) < mx and len(t.allies) < mx
            return ok and (a.arg == "nobody_moves" or (a.arg == "i_move" and x.know[t.id].loc and bool(t.location))
                           or (a.arg == "you_move" and bool(x.location)))
        if p._opts is None:
            p._opts = self._options(p)
        return a in p._opts

    def apply(self, action: Action):
        if self.winner is not None:
            raise IllegalActionError("14.5 victory", "the war is over")
        p = self.pending
        if p is None:
            raise IllegalActionError("3.7 decisions", "no decision is pending")
        if getattr(action, "game", "") != "grailwar":
            raise IllegalActionError("3.7 decisions", "not a Holy Grail War action")
        if action.faction != p.faction:
            raise IllegalActionError("3.7 decisions", f"{p.faction} must decide now ({p.kind}), not {action.faction}")
        self.events = []
        if action.kind == "use":
            if p.kind not in FREE_USE_KINDS or action.item not in flow.use_options(self, self.fac[p.faction], p.kind):
                raise IllegalActionError(_rule_for("use"), f"cannot use {action.item} now")
            self.actions.append(action)
            flow.apply_use(self, action)
            p._opts = None
            return self.events
        if not self._accepts(p, action):
            raise IllegalActionError(_rule_for(p.kind), f"{action.to_text()} is not a legal answer to {p.kind}")
        self.actions.append(action)
        self._step(action)
        return self.events

    # --- saving ----------------------------------------------------------------------------
    def to_dict(self):
        facs = {}
        for fid, f in self.fac.items():
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
            "game": "grailwar", "seed": self.seed, "options": self.rules.options_dict(), "turn": self.turn,
            "phase": self.phase, "winner": self.winner, "reason": self.over_reason, "scores": self.scores,
            "battles": self.battle_no, "rng_draws": self.rng.draws, "factions": facs,
            "locations": {l: {"owner": self.loc_owner[l], "guests": list(self.loc_guests[l]),
                              "workshop": self.workshop.get(l)} for l in self.data.loc_ids},
            "log": self.log, "pending": self.pending.to_dict() if self.pending else None,
            "actions": [a.to_dict() for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data, rules):
        if data.get("game", "grailwar") != "grailwar":
            raise SaveError(f"not a Holy Grail War state (game {data.get('game')!r})")
        opts = data.get("options")
        if opts is not None and opts != rules.options_dict():
            raise SaveError(f"saved with options {opts}, not {rules.options_dict()}: make the rules from them")
        state = rules.new_state(data["seed"])
        for i, a in enumerate(data.get("actions", [])):
            try:
                state.apply(Action.from_dict("grailwar", a))
            except (IllegalActionError, ValueError, KeyError, TypeError) as exc:
                raise SaveError(f"action {i + 1} of the save cannot be replayed: {exc}") from None
        return state

    def clone(self):
        twin = self.rules.new_state(self.seed)
        for a in self.actions:
            twin.apply(a)
        return twin

    def log_for(self, viewer):
        """The log as ``viewer`` may read it (``grailwar.rules.logtext.render`` words each entry)."""
        return view.log_for(self, viewer)

    def events_for(self, events, faction):
        return view.events_for(events, faction)

    # --- views -----------------------------------------------------------------------------
    def view_for(self, faction=None):
        return view.view_for(self, faction)


def _part(b, fid):
    for pt in b.A + b.B:
        if pt.f.id == fid:
            return pt
    raise IllegalActionError("8.3 B7", f"{fid} is not in the battle")


RULES = {"declare": "7.1 declarations", "rescue": "7.3 rescue", "commit": "8.3 B7 commitment", "slot": "8.3 B2-B3 slots",
         "reroll": "8.3 B5 reroll window", "mirror": "8.6 Magic Mirror", "reroll_check": "3.5 rerolls",
         "retreat_pay": "14.1 retreat", "retreat_group": "14.1 group retreat", "retreat_dest": "14.2 destination",
         "comm": "12.1 comm turn", "talk": "12.3 talk options", "emergency": "13 emergency window",
         "accompany": "7.11 accompanying", "contact_reply": "7.8 contact", "talk_reply": "12.2 on-the-spot attack",
         "intervene": "7.7 intervention", "help_ally": "8.2 allies help", "encounter_attack": "6.2.1 hostile encounter",
         "ambush": "6.3 ambush", "use": "7 free uses / 10.1 timings", "comm_transfer": "10.2 transfer"}


def _rule_for(kind):
    return RULES.get(kind, "3.7 decisions")


# --- declarations (§7) -------------------------------------------------------------------------
def declare_error(g, f, a):
    """None if ``a`` is a legal declaration for ``f``, else the rule it breaks."""
    act = a.act
    if act == "info":
        if a.target not in g.fac or a.target == f.id or not g.fac[a.target].active:
            return "7.4 target an active other faction"
        if a.familiars < 0 or a.crows < 0 or a.familiars > f.inv.get("familiar", 0) or \
                a.crows > f.inv.get("black_crow", 0) or a.mode or a.ally:
            return "7.4 items"
        return None
    if a.familiars or a.crows:
        return "7.4 familiars only for information gathering"
    if act == "craft":
        if a.target not in g.data.code or a.mode or a.ally:
            return "7.5 craft a code"
        if g.data.code[a.target].special and not f.has_effect("unlock_special_codes"):
            return "7.5 special codes need Item Construction A+++"
        return None
    if act in ("rest", "soul_eat"):
        return None if not (a.target or a.mode or a.ally) else "7.6 no target"
    if act == "approach":
        if a.mode not in ("contact", "raid"):
            return "7.8 mode contact or raid"
        t = a.target
        if t in g.fac:
            tf = g.fac[t]
            if t == f.id or not tf.active or not f.know[t].loc or tf.location == f.location:
                return "7.3 target a faction whose location you know"
            loc = tf.location
            if a.mode == "raid" and t in f.allies:
                return "HR-46 no raiding allies"
        elif t in g.data.loc:
            if t == f.location:
                return "7.3 not your own location"
            loc = t
        else:
            return "7.3 target a faction or a location"
        if a.mode == "raid" and any(g.fac[x].location == loc for x in f.allies):
            return "HR-46 no raiding an ally's location"
        if a.ally:
            if a.ally not in f.allies or not g.fac[a.ally].active or g.fac[a.ally].accompany:
                return "7.11 accompany: an active ally"
        return None
    if act == "move":
        if a.target not in g.data.loc or a.target == f.location:
            return "7.9 move to another location"
        if a.mode not in ("seize", "peaceful") or a.ally:
            return "HR-23 intent seize or peaceful"
        return None
    if act == "other":
        if a.ally:
            return "7.10 other"
        if a.mode == "stand_by":
            return None if not a.target else "7.10 stand by"
        if a.mode == "survey":
            return None if a.target in g.data.loc else "7.10 survey a location"
        if a.mode == "build_workshop":
            if a.target or not f.location:
                return "7.10 workshop here"
            ws = g.workshop.get(f.location)
            if ws and (ws[0] != f.id or ws[1] >= g.cfg.rest.workshop_max_level):
                return "7.10 one workshop per location, up to the max level"
            if not ws and g.cfg.rest.workshop_max_level <= 0:
                return "7.10 workshops disabled"
            return None
        return "7.10 other: build_workshop, survey or stand_by"
    return "7 one of the seven actions"


def declare_options(g, f):
    out = []
    others = [t for t in g.active_ids() if t != f.id]
    nf, nc = f.inv.get("familiar", 0), f.inv.get("black_crow", 0)
    for t in others:
        for a in range(nf + 1):
            for c in range(nc + 1):
                out.append(Declare(f.id, "info", t, "", a, c))
    for code in g.data.code_ids:
        out.append(Declare(f.id, "craft", code))
    out.append(Declare(f.id, "rest"))
    out.append(Declare(f.id, "soul_eat"))
    allies = [""] + sorted(x for x in f.allies if g.fac[x].active)
    for t in others + g.data.loc_ids:
        for m in ("contact", "raid"):
            for al in allies:
                out.append(Declare(f.id, "approach", t, m, 0, 0, al))
    for l in g.data.loc_ids:
        for m in ("seize", "peaceful"):
            out.append(Declare(f.id, "move", l, m))
    out.append(Declare(f.id, "other", "", "build_workshop"))
    for l in g.data.loc_ids:
        out.append(Declare(f.id, "other", l, "survey"))
    out.append(Declare(f.id, "other", "", "stand_by"))
    return [a for a in out if declare_error(g, f, a) is None]


def talk_options(g, x, t, used):
    out = [Talk(x.id, "end", t.id)]
    mx = g.cfg.alliance.max_allies
    if "propose" not in used and t.id not in x.allies and len(x.allies) < mx and len(t.allies) < mx:
        out.append(Talk(x.id, "propose", t.id, "nobody_moves"))
        if x.know[t.id].loc and t.location:
            out.append(Talk(x.id, "propose", t.id, "i_move"))
        if x.location:
            out.append(Talk(x.id, "propose", t.id, "you_move"))
    facts = flow.facts_of(g, x, t)
    for fact in facts:
        if "share" + fact not in used:
            out.append(Talk(x.id, "share", t.id, fact))
    if "exchange" not in used:
        for fact in facts:
            out.append(Talk(x.id, "exchange", t.id, fact))
    if "threaten" not in used and t.id not in x.allies:
        for d in ("code", "vacate", "location"):
            out.append(Talk(x.id, "threaten", t.id, d))
    if t.id in x.allies and "dissolve" not in used:
        out.append(Talk(x.id, "dissolve", t.id))
    for n in range(1, x.spells + 1):
        if "give_spells" + str(n) not in used:
            out.append(Talk(x.id, "give_spells", t.id, str(n)))
    for c in g.data.code_ids:
        if x.inv.get(c, 0) > 0 and "give_code" + c not in used:
            out.append(Talk(x.id, "give_code", t.id, c))
    return out
