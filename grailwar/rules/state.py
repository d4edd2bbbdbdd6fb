"""``GrailRules`` (validated data + options) and ``GrailState`` (one point of a war)."""
from __future__ import annotations

from tabletop.engine import Action, GameRng, IllegalActionError, Rules, SaveError, State

from . import flow, legality, view, withdraw
from .model import Game
from .prompt import Pending



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

    # --- legality (grailwar.rules.legality is the one source) ---------------------------------
    def legal_actions(self, faction):
        p = self.pending
        if p is None or p.faction != faction:
            return []
        if p.options is None:
            p.options = legality.options(self, p)
        return list(p.options)

    def why_not(self, action: Action):
        """None if ``action`` is legal now, else a ``Refusal`` (rule + i18n key + parameters)."""
        if action.kind == "withdraw":                 # taking a declaration back (withdraw.py)
            return withdraw.why_not(self, action)
        return legality.why_not(self, action)

    def apply(self, action: Action):
        if action.kind == "withdraw":
            return withdraw.apply(self, action)
        r = legality.why_not(self, action)
        if r is not None:
            raise IllegalActionError(r.rule, f"{action.to_text()}: {r.key.rsplit('.', 1)[-1].replace('_', ' ')}",
                                     r.key, r.params)
        self.events = []
        self.actions.append(action)
        if action.kind == "use":                      # free: the prompt stays open
            flow.apply_use(self, action)
            self.pending.options = None
            return self.events
        self._step(action)
        return self.events

    @staticmethod
    def reveals(events):
        """True when ``events`` showed a random result or sealed information (closes undo)."""
        return any(e.kind in ("rolled", "commitments_revealed") for e in events)

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


