"""``GrailRules`` (validated data + options) and ``GrailState`` (one point of a war)."""
from __future__ import annotations

from tabletop.engine import Action, GameRng, IllegalActionError, Rules, SaveError, State

from . import flow, legality, prompt, snapshot, view, withdraw
from .actions import Use
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

    def new_state(self, seed=None, *, log=True) -> "GrailState":
        """A war from ``seed``; ``log`` False: it writes no log (``Game.keep_log``)."""
        if seed is None:
            seed = self.cfg.game.default_seed
        return GrailState(self, int(seed), log=log)


class GrailState(Game, State):
    _adicts = None      # the actions' dicts, made when first saved (snapshot.action_dicts)

    def __init__(self, rules: GrailRules, seed: int, log=True):
        self.rules = rules
        self.seed = seed
        if not log:
            self.keep_log = False
        self._init_war(rules.data, rules.seats, GameRng(seed))
        self._actions: list = []        # Action objects (or, after from_dict, the saved dicts)
        self.decl_loc: dict = {}
        self.cur_battle = None
        self.last_roll = 0
        self.pending: Pending | None = None
        self.flow = flow.war_frame()    # the turn flow's position (grailwar.rules.frames)
        self._gen = flow.run_war(self, self.flow)
        self._step(None)
        self.events = []

    # --- driving the flow ------------------------------------------------------------------
    def _step(self, answer):
        try:
            self.pending = self._gen.send(answer)
        except StopIteration:
            self.pending = None
            self.flow = None
        if self.pending is not None and self.pending.faction not in self.fac:
            raise AssertionError(f"prompt for unknown faction {self.pending.faction}")

    @property
    def actions(self):
        """Every action applied since the war began (``Action`` objects)."""
        acts = self._actions
        for i, a in enumerate(acts):
            if isinstance(a, dict):
                acts[i] = snapshot.action_of(a)
        return acts

    def rewind(self, n: int, record: list) -> None:
        """The war rebuilt from its seed with the first ``n`` actions of ``record`` applied,
        while ``record`` (all of it, the later actions too) stays the war's record: how a
        declaration is taken back (withdraw.py)."""
        for a in self.END_FIELDS:       # as a new state: the class defaults (the war may have ended)
            self.__dict__.pop(a, None)
        type(self).__init__(self, self.rules, self.seed, log=self.keep_log)
        for a in record[:n]:
            self.apply(a)
        self._actions = list(record)
        self._adicts = None
        self.events = []

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
        self._actions.append(action)
        if action.kind == "use":                      # free: the prompt stays open
            flow.apply_use(self, action)
            self.pending.options = None
            return self.events
        self._step(action)
        return self.events

    def play_out(self, choose, max_steps=200000):
        """Answer every decision with ``choose(state, faction)`` until the war ends (the
        simulation's loop). The same war as ``apply(choose(state, faction))`` step by step, but
        an answer is not checked again (``choose`` is the NPC rules, which answer only what the
        prompt offers; tests/grailwar/test_sim_speed.py plays wars both ways) and no events are
        made for a state with ``report_events`` False.

        A ``choose`` with a ``rules`` table (``npc.npc_action``: prompt kind -> ``rule(state,
        faction, kind, ctx)``) has the rule for the prompt's kind called directly, as ``choose``
        itself would call it; a kind not in the table goes to ``choose``. While the loop runs,
        such a prompt is answered where the procedure asks it (``prompt.ask``: the same rule
        on the same state, recorded the same way), so most decisions never reach this loop."""
        send = self._gen.send
        rules = getattr(choose, "rules", None) or {}
        acts = self._actions
        append = acts.append
        fac = self.fac
        report = self.report_events
        p = self.pending
        if p is None:
            return
        limit = len(acts) + max_steps + 1     # the runaway guard: at most max_steps + 1 answers
        outer = prompt.NOW
        prompt.NOW = (self, rules, acts, limit, flow.apply_use, report) if rules else None
        try:
            while len(acts) < limit:
                kind = p.kind
                if kind in rules:
                    a = rules[kind](self, fac[p.faction], kind, p.ctx)
                else:
                    a = choose(self, p.faction)
                if report:
                    self.events = []
                append(a)
                if type(a) is Use:      # free: the prompt stays open (``a.kind``, a class attribute, loads slowly)
                    flow.apply_use(self, a)
                    p.options = None
                    continue
                try:
                    p = self.pending = send(a)
                except StopIteration:
                    self.pending = self.flow = None
                    return
                if p.faction not in fac:
                    raise AssertionError(f"prompt for unknown faction {p.faction}")
        finally:
            prompt.NOW = outer
        raise RuntimeError("runaway game")

    @staticmethod
    def reveals(events):
        """True when ``events`` showed a random result or sealed information (closes undo)."""
        return any(e.kind in ("rolled", "commitments_revealed") for e in events)

    # --- saving (grailwar.rules.snapshot: the data, no replay) ------------------------------
    def to_dict(self):
        return snapshot.dump(self)

    @classmethod
    def from_dict(cls, data, rules):
        if data.get("game", "grailwar") != "grailwar":
            raise SaveError(f"not a Holy Grail War state (game {data.get('game')!r})")
        opts = data.get("options")
        if opts is not None and opts != rules.options_dict():
            raise SaveError(f"saved with options {opts}, not {rules.options_dict()}: make the rules from them")
        if "flow" in data:
            return snapshot.load(cls, rules, data)
        state = rules.new_state(data["seed"])        # a save from before the flow was resumable: replay it
        for i, a in enumerate(data.get("actions", [])):
            try:
                state.apply(Action.from_dict("grailwar", a))
            except (IllegalActionError, ValueError, KeyError, TypeError) as exc:
                raise SaveError(f"action {i + 1} of the save cannot be replayed: {exc}") from None
        return state

    def clone(self):
        return snapshot.clone(self)

    def log_for(self, viewer):
        """The log as ``viewer`` may read it (``grailwar.rules.logtext.render`` words each entry)."""
        return view.log_for(self, viewer)

    def events_for(self, events, faction):
        return view.events_for(events, faction)

    # --- views -----------------------------------------------------------------------------
    def view_for(self, faction=None):
        return view.view_for(self, faction)


