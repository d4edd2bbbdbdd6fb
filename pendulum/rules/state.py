"""PendulumState: one point of a game. See the package docstring for ids and the API.

The class is put together from its parts, one module each (imports run ids <- parts <- state <- engine):

* legality.py -- ``why_not``, ``legal_actions``, ``find_action`` and the predicates they share;
* choices.py  -- the options of a pending decision (``decision_options``, ``council_options``);
* effects.py  -- what an accepted action does (``resolve``, rewards, payments, choices);
* council.py  -- phase flow, the council's steps and the game end (``progress``, ``seats_to_act``);
* realtime.py -- engine time and the 4.8 request window (``advance``, ``submit``).

This module holds the data (``Player``, creation, ``clone``, ``to_dict``/``from_dict``) and ``apply``.
The parts share the state's attributes; a method one part calls on another is public.
"""
from __future__ import annotations

import json

from tabletop.engine import Action, GameRng, State

from .choices import Choices
from .council import Council
from .effects import HANDLER_OF, HANDLERS, Effects
from .ids import AREAS, MAT_REVS, SLOTS
from .legality import Legality
from .realtime import RealTime
from .refusals import error


class Player:
    FIELDS = ("seat", "character", "res", "votes", "tracks", "start", "legendary", "had_token", "glory",
              "slots", "hand", "discard", "keep", "claims", "workers", "done", "decisions", "armed", "variant")
    __slots__ = FIELDS + ("rev",)   # rev: the mat's revision (ids.MAT_REVS), not saved: a fresh one on load

    def to_dict(self):
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in
                ((k, getattr(self, k)) for k in self.FIELDS)}

    @classmethod
    def from_dict(cls, d):
        p = cls()
        for k in cls.FIELDS:
            setattr(p, k, d[k])
        p.rev = next(MAT_REVS)
        p.slots = {k: list(v) for k, v in d["slots"].items()}
        p.workers = dict(d["workers"])
        p.res, p.tracks, p.start, p.glory = list(d["res"]), list(d["tracks"]), list(d["start"]), list(d["glory"])
        p.hand, p.discard, p.keep, p.armed = list(d["hand"]), list(d["discard"]), list(d["keep"]), list(d["armed"])
        p.decisions = [dict(x) for x in d["decisions"]]
        return p

    def copy(self):
        p = Player.__new__(Player)
        p.seat, p.character, p.votes, p.legendary, p.had_token = (self.seat, self.character, self.votes,
                                                                  self.legendary, self.had_token)
        p.claims, p.done, p.variant, p.rev = self.claims, self.done, self.variant, self.rev   # (the same mat)
        p.res, p.tracks, p.start, p.glory = self.res[:], self.tracks[:], self.start[:], self.glory[:]
        p.slots = {k: v[:] for k, v in self.slots.items()}
        p.hand, p.discard, p.keep, p.armed = self.hand[:], self.discard[:], self.keep[:], self.armed[:]
        p.workers = dict(self.workers)
        p.decisions = [dict(x) for x in self.decisions]
        return p


class _Rare:
    """The fields of a state read only now and then (``PendulumState.RARE``), kept apart (see there)."""
    __slots__ = ("seed", "winner", "outcome_data", "grande_up", "council_turn", "request_seq")

    def copy(self):
        r = _Rare.__new__(_Rare)
        r.seed, r.winner, r.outcome_data = self.seed, self.winner, self.outcome_data
        r.grande_up, r.council_turn, r.request_seq = self.grande_up, self.council_turn, self.request_seq
        return r


def _rare(name):
    """A state field kept in ``state.rare`` (read and written as an attribute of the state)."""
    def get(self):
        return getattr(self.rare, name)

    def put(self, value):
        setattr(self.rare, name, value)
    return property(get, put, doc=f"``{name}`` (kept in ``rare``)")


class PendulumState(Legality, Choices, Effects, Council, RealTime, State):
    """All fields are plain data; ``to_dict`` is JSON-ready.

    A state keeps at most 29 attributes of its own, so CPython 3.11 keeps them inline and specialises both the
    reads of its fields and the calls of its methods (with more, the attributes go to a dict of their own and
    no ``st.method()`` call is specialised); the fields read only now and then (``RARE``) are properties over
    one ``rare`` record. (``clone`` reads ``__dict__``, which puts a state's attributes in a dict: a clone's
    original then runs a little slower, the same results.)"""
    RARE = _Rare.__slots__
    seed, winner, outcome_data, grande_up, council_turn, request_seq = (_rare(k) for k in _Rare.__slots__)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules, seed: int) -> "PendulumState":
        s = cls.__new__(cls)
        s.rare = _Rare()
        s.rules = rules
        s.seed = int(seed)
        s.rng = GameRng(seed)
        o = rules.options
        n = rules.players
        s._time = 0.0
        s.round = 1
        s.phase = "opening"
        s.track_space = 0
        s.markers = rules.time_markers
        s.timer_row = {a: 0 for a in AREAS}
        s.remaining = {a: rules.timer_seconds[a] for a in AREAS}
        s.since_finish = {a: 0.0 for a in AREAS}
        s.last_change = 0.0
        # characters
        free = [m for m in ("gambal", "bolk", "mesoat", "licinia", "dhrenkir") if m not in o["characters"]]
        chars = []
        for i, c in enumerate(o["characters"]):
            if c == "random":
                c = free.pop(int(s.rng.random() * len(free)))
            chars.append(rules.char_by_mat[(c, "advanced" if o["advanced"][i] else "basic")])
        s.players = []
        for i in range(n):
            ch = rules.characters[chars[i]]
            p = Player()
            p.seat = i
            p.character = ch.id
            sr = ch.starting_resources
            p.res = [sr.military, sr.culture, sr.gold]
            p.votes = sr.votes
            st = ch.start_track_positions
            p.start = [st.power, st.prestige, st.popularity]
            p.tracks = p.start[:]
            p.legendary = False
            p.had_token = False
            p.glory = [0, 0, 0]
            p.slots = {c: [] for c in SLOTS}
            p.hand = [x.id for x in ch.stratagems]
            p.discard = []
            p.keep = []
            p.claims = 0
            p.workers = {f"{i}c1": "mat", f"{i}g1": "mat", f"{i}c2": "reserve", f"{i}c3": "reserve",
                         f"{i}g2": "council"}
            p.done = False
            p.decisions = []
            p.armed = []
            p.variant = bool(o["advanced_variant"][i])
            p.rev = next(MAT_REVS)
            s.players.append(p)
        # neutral workers
        s.frame_occ = {f: [] for f in rules.frames}
        s.neutral_workers = {}
        for k, fid in enumerate(rules.neutral_frames):
            wid = f"n{k + 1}"
            s.neutral_workers[wid] = "F:" + fid
            s.frame_occ[fid].append(wid)
        # privilege order (random), neutral last
        order = list(range(n))
        s.rng.shuffle(order)
        if rules.neutral:
            order.append(-1)
        s.privilege = order
        # provinces
        deck = list(rules.province_list)
        s.rng.shuffle(deck)
        s.province_deck = deck
        s.display = [deck.pop() for _ in range(rules.display_size)]
        # achievements
        ach = list(rules.achievement_list)
        s.rng.shuffle(ach)
        s.achievement_deck = ach
        s.achievement_markers = []
        small = not rules.legendary_round1
        if small and o["round1_achievement_2_3p"] == "guide":
            s.achievement = None
            s.legendary = "achievement_deck"
        else:
            s.achievement = ach.pop()
            s.legendary = "council_deck" if small else "card"
        # council
        reg = list(rules.council_regular)
        s.rng.shuffle(reg)
        reg = reg[rules.council_removed:]
        s.council_offer = [reg.pop() for _ in range(rules.council_offer)]
        s.council_deck = list(rules.council_final) + reg       # draw with pop(): regular first, finals last
        s.grande_up = True
        s.council_turn = 0
        # opening placement queue: grande then common, in privilege order
        real = [x for x in order if x >= 0]
        s.opening = [[x, "g"] for x in real] + [[x, "c"] for x in real]
        s.requests = []
        s.request_seq = 0
        s.wait_last = []          # seats that declared "done, but I act last" (4.6)
        s.closing = []            # closing turns in progress (reverse privilege order)
        s.winner = None
        s.outcome_data = None
        s.action_count = 0
        return s

    # ------------------------------------------------------------------ basics
    @property
    def time(self) -> float:
        return self._time

    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    def outcome(self):
        return self.outcome_data

    def clone(self) -> "PendulumState":
        s = PendulumState.__new__(PendulumState)
        s.__dict__.update(self.__dict__)
        s.rare = self.rare.copy()
        s.rng = self.rng.clone()
        s.players = [p.copy() for p in self.players]
        s.timer_row, s.remaining, s.since_finish = dict(self.timer_row), dict(self.remaining), dict(self.since_finish)
        s.frame_occ = {k: v[:] for k, v in self.frame_occ.items()}
        s.neutral_workers = dict(self.neutral_workers)
        s.privilege = self.privilege[:]
        s.province_deck, s.display = self.province_deck[:], self.display[:]
        s.achievement_deck, s.achievement_markers = self.achievement_deck[:], self.achievement_markers[:]
        s.council_offer, s.council_deck = self.council_offer[:], self.council_deck[:]
        s.opening = [x[:] for x in self.opening]
        s.requests = [dict(r) for r in self.requests]
        s.wait_last, s.closing = self.wait_last[:], self.closing[:]
        s.outcome_data = json.loads(json.dumps(self.outcome_data)) if self.outcome_data else None
        return s

    _SCALARS = ("seed", "_time", "round", "phase", "track_space", "markers", "last_change", "legendary",
                "achievement", "grande_up", "council_turn", "request_seq", "winner", "action_count")
    _COPIES = ("timer_row", "remaining", "since_finish", "frame_occ", "neutral_workers", "privilege",
               "province_deck", "display", "achievement_deck", "achievement_markers", "council_offer",
               "council_deck", "opening", "requests", "outcome_data", "wait_last", "closing")

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self._SCALARS}
        for k in self._COPIES:
            d[k] = json.loads(json.dumps(getattr(self, k)))
        d["players"] = [p.to_dict() for p in self.players]
        for p in d["players"]:
            p["slots"] = {k: list(v) for k, v in p["slots"].items()}
            p["decisions"] = json.loads(json.dumps(p["decisions"]))
            p["workers"] = dict(p["workers"])
            for k in ("res", "tracks", "start", "glory", "hand", "discard", "keep", "armed"):
                p[k] = list(p[k])
        d["rng"] = self.rng.get_state()
        d["options"] = self.rules.options_dict()
        return d

    @classmethod
    def from_dict(cls, data: dict, rules) -> "PendulumState":
        s = cls.__new__(cls)
        s.rare = _Rare()
        s.rules = rules
        for k in cls._SCALARS:
            setattr(s, k, data[k])
        for k in cls._COPIES:
            setattr(s, k, json.loads(json.dumps(data[k])))
        s.players = [Player.from_dict(p) for p in data["players"]]
        s.rng = GameRng.from_state(data["rng"])
        return s

    def __eq__(self, other):
        return isinstance(other, PendulumState) and self.to_dict() == other.to_dict()

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list:
        """Apply a legal action and return its events; raise ``IllegalActionError`` (rule, English
        message, i18n key and params from ``why_not``) and leave the state untouched otherwise."""
        why = self.why_not(action)
        if why is not None:
            raise error(why)
        return self.apply_chosen(action)

    def apply_chosen(self, action: Action, events: bool = True) -> list | None:
        """``apply`` without asking ``why_not`` first: only for an action this engine's own bot chose on this
        very state, in a loop that applies nothing else (the simulator's untimed games, ``sim.play_game``).
        Every public entry (``apply``, ``submit``, ``Match``, the screens) checks. A bot that chose an
        illegal action would go unnoticed here: tests/pendulum/test_rules_sim_trusted.py replays seeded bot
        games through ``apply`` to show none does. ``events`` False: no events are made (None is returned),
        for a loop that reads none; the state changes exactly as with them."""
        ev: list | None = [] if events else None
        try:
            h = HANDLER_OF[type(action)]            # (``resolve``, inlined: a hot path)
        except KeyError:
            h = HANDLERS[action.kind]               # (a subclass of an action)
        p = self.players[action.seat]
        h(self, p, action, ev)
        self.action_count += 1
        self.last_change = self._time
        if self.phase != "action" or p.done:
            self.progress(ev)   # (in the action phase a seat that is not done stops ``progress`` at once)
        return ev

    # ------------------------------------------------------------------ undo helper
    REVEALING = ("province_display_changed", "council_dealt", "achievement_revealed")

    @classmethod
    def reveals(cls, events) -> bool:
        """True if these events showed hidden information (a card from a face-down deck), which
        closes the undo window (DESIGN.md)."""
        for e in events:
            if e.kind in cls.REVEALING or (e.kind == "province_taken" and e.frm == "deck"):
                return True
        return False

    # ------------------------------------------------------------------ view
    def view_for(self, seat=None) -> dict:
        # Kept inside: view.py (owned by the screen side) still takes AREAS/ROWS/... from .engine, which
        # imports this module; once view.py imports them from .ids, this import moves to the top.
        from .view import view_for
        return view_for(self, seat)