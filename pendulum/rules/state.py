"""PendulumState: one point of a game. See the package docstring for ids and the API."""
from __future__ import annotations

import json

from tabletop.engine import Action, GameRng, IllegalActionError, State

from . import actions as A
from .ids import AREAS, ARMING, RES, RI, ROWS, SLOTS, TI, TRACK_I, TRACKS, parse3
from .legality import Legality
from .refusals import error
from .scoring import winner


class Player:
    __slots__ = ("seat", "character", "res", "votes", "tracks", "start", "legendary", "had_token", "glory",
                 "slots", "hand", "discard", "keep", "claims", "workers", "done", "decisions", "armed",
                 "variant")

    def to_dict(self):
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in
                ((k, getattr(self, k)) for k in self.__slots__)}

    @classmethod
    def from_dict(cls, d):
        p = cls()
        for k in cls.__slots__:
            setattr(p, k, d[k])
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
        p.claims, p.done, p.variant = self.claims, self.done, self.variant
        p.res, p.tracks, p.start, p.glory = self.res[:], self.tracks[:], self.start[:], self.glory[:]
        p.slots = {k: v[:] for k, v in self.slots.items()}
        p.hand, p.discard, p.keep, p.armed = self.hand[:], self.discard[:], self.keep[:], self.armed[:]
        p.workers = dict(self.workers)
        p.decisions = [dict(x) for x in self.decisions]
        return p


class PendulumState(Legality, State):
    """All fields are plain data; ``to_dict`` is JSON-ready."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules, seed: int) -> "PendulumState":
        s = cls.__new__(cls)
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

    def _pay(self, p, cost: dict, pay, ev):
        for key, i in RI.items():
            v = cost.get(key, 0)
            if v:
                p.res[i] -= v
                ev.append(A.Paid(p.seat, f"{key}={v}"))
        if pay:
            for i, v in enumerate(pay):
                if v:
                    p.res[i] -= v
                    ev.append(A.Paid(p.seat, f"{RES[i]}={v}"))
        v = cost.get("votes", 0)
        if v:
            p.votes -= v
            ev.append(A.Paid(p.seat, f"votes={v}"))
        for key, t in TI.items():
            v = cost.get(key, 0)
            if v:
                p.tracks[t] -= v
                ev.append(A.Paid(p.seat, f"{key}={v}"))

    def _track_gain(self, p, t, n, ev):
        cap = self.rules.track_max
        room = cap - p.tracks[t]
        step = min(n, room)
        if step > 0:
            p.tracks[t] += step
            ev.append(A.Gained(p.seat, f"{TRACKS[t]}_vp={step}"))
        extra = n - max(step, 0)
        if extra > 0 and p.variant and p.res[t] > 0:   # 1.7 glory: the player may bank further steps
            self._open(p, {"t": "glory", "track": t, "n": extra}, ev)

    def _open(self, p, dec: dict, ev):
        p.decisions.append(dec)
        ev.append(A.DecisionOpened(p.seat, dec["t"]))

    def gain(self, p, eff: dict, ev, ctx=None):
        """Apply a reward (5.2). Choices become pending decisions of the seat."""
        cap = self.rules.cap
        for key, i in RI.items():
            v = eff.get(key, 0)
            if v:
                got = min(v, cap - p.glory[i] - p.res[i])        # glory cubes lower the cap (1.7)
                if got > 0:
                    p.res[i] += got
                    ev.append(A.Gained(p.seat, f"{key}={got}"))
        v = eff.get("votes", 0)
        if v:
            p.votes += v
            ev.append(A.Gained(p.seat, f"votes={v}"))
        for key, t in TI.items():
            v = eff.get(key, 0)
            if v:
                self._track_gain(p, t, v, ev)
        if eff.get("legendary_vp") and not p.legendary:
            p.legendary = True
            ev.append(A.Gained(p.seat, "legendary_vp=1"))
        v = eff.get("any_resource", 0)
        if v:
            self._open(p, {"t": "res", "n": v}, ev)
        v = eff.get("any_vp", 0)
        if v:
            self._open(p, {"t": "vp", "n": v}, ev)
        col = eff.get("production")
        if col:
            self.gain(p, self.rules.production[p.character][col], ev)
            for card in p.slots[col]:
                self.gain(p, self.rules.provinces[card][col], ev)
        if eff.get("conquer_province"):
            if self.display_cards() or self.province_deck:
                self._open(p, {"t": "conquer"}, ev)
        if eff.get("retrieve_worker"):
            if any(self.on_timer_row(loc) for loc in p.workers.values()):
                self._open(p, {"t": "retrieve"}, ev)
        if eff.get("pickup_all_stratagems") and p.discard:
            cards = tuple(p.discard)
            p.hand.extend(p.discard)
            p.discard.clear()
            ev.append(A.StratagemsPickedUp(p.seat, cards))
        if eff.get("recruit_common_worker"):
            w = self.reserve_common(p)
            if w and self.workers_in_play(p) < self.rules.max_workers:
                p.workers[w] = "mat"
                ev.append(A.WorkerMoved(p.seat, w, "reserve", "mat"))
        if eff.get("province_slot_limit"):
            pass                                   # the card itself is kept (council handles it)
        sp = eff.get("special")
        if sp:
            self._special(p, sp, eff, ev, ctx)

    def _special(self, p, sp, eff, ev, ctx):
        if sp in ARMING:
            mod = ARMING[sp]
            p.armed.append(mod)
            ev.append(A.Armed(p.seat, mod))
        elif sp == "move_one_vp":
            self._open(p, {"t": "move_vp"}, ev)
        elif sp == "promote_common_to_grande":
            self._open(p, {"t": "promote"}, ev)
        elif sp == "place_worker_directly_on_timer_row":
            self._open(p, {"t": "direct"}, ev)
        elif sp == "exchange_military_culture":
            self._open(p, {"t": "exchange"}, ev)
        elif sp == "claim_current_achievement":
            self._open(p, {"t": "claim", "waive": bool(self.rules.options["pacifist_claim_waives_requirements"])}, ev)
        elif sp == "claim_achievement_second_time":
            self._open(p, {"t": "claim", "waive": not self.rules.options["tyrant_second_claim_requires"]}, ev)
        elif sp == "vp_of_choice":
            self._open(p, {"t": "vp1", "n": eff.get("amount", 2)}, ev)
        elif sp == "return_one_discarded_stratagem":
            self._open(p, {"t": "return", "self": ctx or ""}, ev)

    def _move_worker(self, p, w, to, ev):
        frm = p.workers[w]
        if frm[:2] == "F:":
            self.frame_occ[frm[2:]].remove(w)
        if to[:2] == "F:":
            self.frame_occ[to[2:]].append(w)
        p.workers[w] = to
        ev.append(A.WorkerMoved(p.seat, w, frm, to))

    def seats_to_act(self):
        ph = self.phase
        if ph == "game_over":
            return []
        if ph == "opening":
            return [self.opening[0][0]] if self.opening else []
        if ph in ("council_rewards", "council_trim"):
            return [p.seat for p in self.players if p.decisions]
        if self.closing:
            return [self.closing[0]]
        return [p.seat for p in self.players if p.decisions or not p.done]


    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list:
        """Apply a legal action and return its events; raise ``IllegalActionError`` (rule, English
        message, i18n key and params from ``why_not``) and leave the state untouched otherwise."""
        why = self.why_not(action)
        if why is not None:
            raise error(why)
        p = self.players[action.seat]
        ev: list = []
        getattr(self, "_do_" + action.kind)(p, action, ev)
        self.action_count += 1
        self.last_change = self._time
        self._progress(ev)
        return ev

    def _do_move(self, p, a, ev):
        self._move_worker(p, a.worker, "mat" if a.to == "mat" else "F:" + a.to, ev)
        if self.phase == "opening":
            self.opening.pop(0)
    def _do_act(self, p, a, ev):
        sp = self.rules.spaces[a.space]
        cost = self.act_cost(p, sp)
        armed = p.armed
        p.armed = []
        twice = "twice" in armed and self.can_pay(p, {k: v * 2 for k, v in cost.items()}) \
            if self.rules.options["pacifist_twice_pays_twice"] else "twice" in armed
        self._move_worker(p, a.worker, "B:" + sp.id, ev)
        ev.append(A.WorkerActed(p.seat, a.worker, sp.id))
        self._pay(p, cost, None, ev)
        if twice and self.rules.options["pacifist_twice_pays_twice"]:
            self._pay(p, cost, None, ev)
        self.gain(p, sp.effect, ev)
        if twice:
            self.gain(p, sp.effect, ev)
        if "adjacent" in armed:
            opts = [s.id for s in self.rules.spaces_by_row[(sp.area, sp.row)]
                    if abs(s.index - sp.index) == 1 and self.can_pay(p, s.cost)]
            if opts:
                self._open(p, {"t": "adjacent", "opts": opts}, ev)

    def _do_flip(self, p, a, ev):
        self._flip(a.timer, p.seat, ev)
    def _flip(self, timer, by, ev):
        self.timer_row[timer] = 1 - self.timer_row[timer]
        self.remaining[timer] = self.rules.timer_seconds[timer] if self.rules.timed else 0.0
        self.since_finish[timer] = 0.0
        if timer == "purple":
            self.markers = max(0, self.markers - 1)
        ev.append(A.TimerFlipped(by, timer, ROWS[self.timer_row[timer]], self.markers))
        if self.rules.timed and self.phase == "action":
            for p in self.players:          # rows changed: everyone may want to act again
                p.done = False
        if timer == "purple" and self.markers == 0 and self.phase == "action":
            self._set_phase("council_called", ev)

    def _do_play(self, p, a, ev):
        info = self.rules.cards[a.card]
        pay = parse3(a.pay) if a.pay else None
        cost = {k: v for k, v in info["cost"].items() if k != "any_resource"}
        p.hand.remove(a.card)
        p.discard.append(a.card)
        ev.append(A.StratagemPlayed(p.seat, a.card))
        self._pay(p, cost, pay, ev)
        self.gain(p, info["effect"], ev, ctx=a.card)

    def _do_pickup(self, p, a, ev):
        self._pay(p, self.rules.pickup_cost, None, ev)
        self.gain(p, {"pickup_all_stratagems": True}, ev)
    def _do_claim(self, p, a, ev):
        self._claim(p, a.take, ev)
    def _claim(self, p, take, ev):
        p.claims += 1
        self.achievement_markers.append(p.seat)
        ev.append(A.AchievementClaimed(p.seat, self.achievement, take))
        if take == "legendary":
            self.legendary = "taken"
            p.had_token = True
            self.gain(p, {"legendary_vp": 1}, ev)
        else:
            self.gain(p, self.rules.achievements[self.achievement]["reward"], ev)

    def _do_refill(self, p, a, ev):
        for i, c in enumerate(self.display):
            if not c and self.province_deck:
                self.display[i] = self.province_deck.pop()
        ev.append(A.ProvinceDisplayChanged(p.seat, tuple(c or "" for c in self.display)))
    def _do_done(self, p, a, ev):
        if a.last:
            self.wait_last.append(p.seat)
        p.done = True
        ev.append(A.DeclaredDone(p.seat))
        if self.closing and self.closing[0] == p.seat:
            self.closing.pop(0)
            if self.closing:
                self.players[self.closing[0]].done = False
    def _do_resume(self, p, a, ev):
        p.done = False
        if p.seat in self.wait_last:
            self.wait_last.remove(p.seat)
        ev.append(A.ResumedPlay(p.seat))
    def _do_choose(self, p, a, ev):
        dec = p.decisions.pop(0)
        ev.append(A.Chosen(p.seat, dec["t"], a.option))
        rest, p.decisions = p.decisions, []
        if a.option != "none" or dec["t"] == "adjacent":
            getattr(self, "_choose_" + dec["t"])(p, dec, a.option, ev)
        p.decisions.extend(rest)            # choices opened by this one come first
    def _choose_res(self, p, dec, opt, ev):
        m, c, g = parse3(opt)
        self.gain(p, {"military": m, "culture": c, "gold": g}, ev)

    def _choose_vp(self, p, dec, opt, ev):
        a, b, c = parse3(opt)
        self.gain(p, {"power_vp": a, "prestige_vp": b, "popularity_vp": c}, ev)

    def _choose_vp1(self, p, dec, opt, ev):
        self._track_gain(p, TRACK_I[opt], dec["n"], ev)

    def _choose_conquer(self, p, dec, opt, ev):
        card, col = opt.split(":")
        if card == "deck":
            card = self.province_deck.pop()
            frm = "deck"
        else:
            i = self.display.index(card)
            self.display[i] = None
            frm = f"display:{i}"
        p.slots[col].append(card)
        ev.append(A.ProvinceTaken(p.seat, card, frm, col))

    def _choose_retrieve(self, p, dec, opt, ev):
        self._move_worker(p, opt, "mat", ev)

    def _choose_promote(self, p, dec, opt, ev):
        g2 = f"{p.seat}g2"
        loc = p.workers[opt]
        if loc[:2] == "F:":
            occ = self.frame_occ[loc[2:]]
            occ[occ.index(opt)] = g2
        p.workers[g2] = loc
        p.workers[opt] = "reserve" if self.rules.options["recruit_from_promoted"] else "gone"
        ev.append(A.WorkerMoved(p.seat, g2, "council", loc))
        ev.append(A.WorkerMoved(p.seat, opt, loc, p.workers[opt]))

    def _choose_exchange(self, p, dec, opt, ev):
        d, k = opt.split(":")
        k = int(k)
        src, dst = (0, 1) if d == "m>c" else (1, 0)
        p.res[src] -= k
        ev.append(A.Paid(p.seat, f"{RES[src]}={k}"))
        self.gain(p, {RES[dst]: k}, ev)

    def _choose_move_vp(self, p, dec, opt, ev):
        a, b = (TRACK_I[x] for x in opt.split(">"))
        p.tracks[a] -= 1
        ev.append(A.Paid(p.seat, f"{TRACKS[a]}_vp=1"))
        self._track_gain(p, b, 1, ev)

    def _choose_return(self, p, dec, opt, ev):
        p.discard.remove(opt)
        p.hand.append(opt)
        ev.append(A.StratagemsPickedUp(p.seat, (opt,)))

    def _choose_direct(self, p, dec, opt, ev):
        w, sid = opt.split("@")
        sp = self.rules.spaces[sid]
        self._move_worker(p, w, "B:" + sid, ev)
        ev.append(A.WorkerActed(p.seat, w, sid))
        self._pay(p, sp.cost, None, ev)
        self.gain(p, sp.effect, ev)

    def _choose_adjacent(self, p, dec, opt, ev):
        if opt == "none":
            return
        sp = self.rules.spaces[opt]
        if not self.can_pay(p, sp.cost):
            return
        self._pay(p, sp.cost, None, ev)
        self.gain(p, sp.effect, ev)

    def _choose_claim(self, p, dec, opt, ev):
        self._claim(p, opt, ev)

    def _choose_glory(self, p, dec, opt, ev):
        t, k = dec["track"], int(opt)
        if k:
            p.res[t] -= k
            p.glory[t] += k
            ev.append(A.Gained(p.seat, f"glory_{TRACKS[t]}={k}"))

    def _choose_trim(self, p, dec, opt, ev):
        col, card = opt.split(":")
        p.slots[col].remove(card)
        ev.append(A.ProvinceRemoved(p.seat, card, col))
        if any(len(v) > self.slot_limit(p) for v in p.slots.values()):
            self._open(p, {"t": "trim"}, ev)

    def _choose_council(self, p, dec, opt, ev):
        card, _, pay = opt.partition("=")
        ev.append(A.CouncilRewardTaken(p.seat, card))
        r = self.rules
        if card == r.council_default:
            self.gain(p, r.cards[card]["effect"], ev)
            return
        if card == r.council_grande:
            self.grande_up = False
            self._open(p, {"t": "promote"}, ev)
            return
        info = r.cards[card]
        self.council_offer[self.council_offer.index(card)] = None
        kind = info["kind"]
        if kind == "final":                         # 5.8: only the final cards are paid when chosen
            cost = {k: v for k, v in info["cost"].items() if k != "any_resource"}
            self._pay(p, cost, parse3(pay) if pay else None, ev)
        if kind == "stratagem":
            p.hand.append(card)
        elif kind == "keep_beside_mat":
            p.keep.append(card)
        else:
            self.gain(p, info["effect"], ev)

    # ------------------------------------------------------------------ flow
    def _set_phase(self, phase, ev):
        self.phase = phase
        self.wait_last, self.closing = [], []
        for p in self.players:
            p.done = False
        ev.append(A.PhaseChanged(-1, phase, self.round))

    def _restart_flip(self, ev):
        """2.5 / 5.8 step 6: all three timers to their other rows at once; the action phase starts."""
        for p in self.players:
            p.armed = []
        self._set_phase("action", ev)
        if not self.rules.timed:
            self.track_space = 1
            ev.append(A.TimeTokenMoved(-1, 1))
        for a in ("black", "green", "purple"):
            self._flip(a, -1, ev)

    def _progress(self, ev):
        """Automatic steps after any change (opening end, done windows, council steps)."""
        while True:
            ph = self.phase
            if ph == "opening":
                if self.opening:
                    return
                self._restart_flip(ev)
                continue
            if ph == "action":
                if self.rules.timed:
                    return
                if not all(p.done and not p.decisions for p in self.players):
                    return
                self.track_space += 1
                ev.append(A.TimeTokenMoved(-1, self.track_space))
                for p in self.players:
                    p.done = False
                _, flips, call = self.rules.timer_track[self.track_space - 1]
                for t in flips:
                    self._flip(t, -1, ev)
                if call and self.phase == "action":
                    self._set_phase("council_called", ev)
                continue
            if ph == "council_called":
                if not all(p.done and not p.decisions for p in self.players):
                    return
                if self.wait_last and not self.closing:
                    rank = {x: i for i, x in enumerate(self.privilege)}
                    self.closing = sorted(self.wait_last, key=lambda x: -rank[x])   # lowest first
                    self.wait_last = []
                    self.players[self.closing[0]].done = False
                    return
                if self.closing:
                    return
                self._council_start(ev)
                continue
            if ph == "council_rewards":
                if any(p.decisions for p in self.players):
                    return
                order = self.real_order()
                if self.council_turn >= len(order):
                    self._set_phase("council_trim", ev)
                    for p in self.players:
                        if any(len(v) > self.slot_limit(p) for v in p.slots.values()):
                            self._open(p, {"t": "trim"}, ev)
                    continue
                seat = order[self.council_turn]
                self.council_turn += 1
                p = self.players[seat]
                self._open(p, {"t": "council"}, ev)
                bonus = self._bonus_for(seat)
                if bonus:
                    self._open(p, {"t": "vp", "n": bonus}, ev)
                continue
            if ph == "council_trim":
                if any(p.decisions for p in self.players):
                    return
                self._council_end(ev)
                continue
            if ph == "council_adjust":
                if not all(p.done for p in self.players):
                    return
                if self.rules.timed and any(v > 0 for v in self.remaining.values()):
                    return                  # 5.8 step 6: wait for running sand (G25 option off)
                self.round += 1
                self._restart_flip(ev)
                continue
            return

    def _bonus_for(self, seat):
        bonus = self.rules.rank_bonus
        rank = self.privilege.index(seat)
        b = bonus[rank] if rank < len(bonus) else 0
        if (self.rules.options["neutral_council_bonus"] == "best_real_player" and self.privilege
                and self.privilege[0] == -1):
            real = self.real_order().index(seat)          # the neutral's 1st place passes down (G3 alt.)
            b = bonus[real] if real < len(bonus) else 0
        return b

    def _council_start(self, ev):
        self._set_phase("council_rewards", ev)
        for p in self.players:
            p.armed = []
        # step 1: privilege by votes; ties -> currently lower goes ahead
        cur = self.privilege
        votes = {x: (self.players[x].votes if x >= 0 else self.rules.neutral_votes) for x in cur}
        order = sorted(cur, key=lambda x: (-votes[x], -cur.index(x)))
        self.privilege = order
        ev.append(A.PrivilegeOrdered(-1, tuple(order), tuple(votes[x] for x in order)))
        for p in self.players:
            if p.votes:
                ev.append(A.Paid(p.seat, f"votes={p.votes}"))
                p.votes = 0
        if self.legendary == "council_deck":
            self.legendary = "waiting"          # enters with the next achievement (2.2 step 4)
        self.council_turn = 0

    def _council_end(self, ev):
        if self.round >= self.rules.rounds:
            self._finish(ev)
            return
        r = self.rules
        self.grande_up = True
        self.council_offer = [self.council_deck.pop() for _ in range(r.council_offer) if self.council_deck]
        ev.append(A.CouncilDealt(-1, tuple(self.council_offer)))
        self.display = [self.province_deck.pop() if self.province_deck else None for _ in range(r.display_size)]
        ev.append(A.ProvinceDisplayChanged(-1, tuple(c or "" for c in self.display)))
        for p in self.players:
            p.claims = 0
        self.achievement_markers = []
        if self.achievement_deck:
            self.achievement = self.achievement_deck.pop()
            self.legendary = "card"
            ev.append(A.AchievementRevealed(-1, self.achievement, True))
        else:
            self.achievement = None
        self.markers = r.time_markers
        if r.options["council_end_timers_finished"] and r.timed:
            for a in AREAS:
                self.remaining[a] = 0.0
        self._set_phase("council_adjust", ev)

    def _finish(self, ev):
        self.phase = "game_over"
        self.outcome_data = self.compute_outcome()
        w = self.outcome_data["winner"]
        ev.append(A.PhaseChanged(-1, "game_over", self.round))
        ev.append(A.GameOver(-1 if w is None else w, self.outcome_data["reason"]))

    def compute_outcome(self):
        return winner(self)

    # ------------------------------------------------------------------ time
    def advance(self, seconds: float) -> list:
        ev: list = []
        if seconds <= 0 or self.phase == "game_over":
            return ev
        self._time = round(self._time + seconds, 6)
        if self.rules.timed and self.phase in ("action", "council_called", "council_adjust", "opening",
                                               "council_rewards", "council_trim"):
            if self.phase != "opening":
                finished = False
                for a in AREAS:
                    if self.remaining[a] > 0:
                        self.remaining[a] = round(self.remaining[a] - seconds, 6)
                        if self.remaining[a] <= 0:
                            # the part of the step after it ran out counts as waiting, so one
                            # big step and many small ones end in the same state (replay)
                            self.since_finish[a] = round(-self.remaining[a], 6)
                            self.remaining[a] = 0.0
                            ev.append(A.TimerFinished(-1, a))
                            finished = True
                    else:
                        self.since_finish[a] = round(self.since_finish[a] + seconds, 6)
                if self.phase == "action":
                    if finished:
                        for p in self.players:
                            p.done = False
                    elif all(p.done for p in self.players) and any(self.remaining[a] <= 0 for a in AREAS):
                        # nobody wants to act and a timer waits for a flip: everyone is asked again
                        for p in self.players:
                            p.done = False
                    af = self.rules.options["auto_flip_after"]
                    if af:
                        for a in AREAS:
                            if self.remaining[a] <= 0 and self.since_finish[a] >= af and self.phase == "action":
                                self._flip(a, -1, ev)
        ev.extend(self._flush_requests())
        if self.phase == "council_adjust":
            self._progress(ev)              # the last running timer may just have finished (5.8 step 6)
        return ev

    # ------------------------------------------------------------------ 4.8 request window
    def submit(self, action: Action) -> list:
        """Real-time entry point: a request joins the open window (opens one if none) and is applied,
        in privilege order, when the window closes (``advance``). With a window of 0 (or untimed play) it
        is applied now and may raise ``IllegalActionError``; a windowed request that is not legal when
        its turn comes yields a ``RequestRefused`` event instead."""
        w = self.rules.claim_window
        if w <= 0 or not self.rules.timed:
            return self.apply(action)
        self.request_seq += 1
        self.requests.append({"t": self._time, "n": self.request_seq, "a": action.to_dict()})
        return []

    def _flush_requests(self):
        ev = []
        while self.requests and self._time >= self.requests[0]["t"] + self.rules.claim_window - 1e-9:
            end = self.requests[0]["t"] + self.rules.claim_window + 1e-9
            batch = [r for r in self.requests if r["t"] <= end]        # the window of the first request
            self.requests = [r for r in self.requests if r["t"] > end]
            ev.extend(self._apply_batch(batch))
        if not self.requests:
            self.request_seq = 0    # it only orders waiting requests; a replay never has any
        return ev

    def _apply_batch(self, batch):
        ev = []
        rank = {s: i for i, s in enumerate(self.privilege)}
        batch.sort(key=lambda r: (rank.get(r["a"]["seat"], 99), r["n"]))
        for r in batch:
            act = Action.from_dict("pendulum", r["a"])
            try:
                got = self.apply(act)
                ev.append(A.RequestApplied(act.seat, act.to_text(), self._time))
                ev.extend(got)
            except IllegalActionError as exc:
                ev.append(A.RequestRefused(act.seat, act.to_text(), exc.rule, exc.message))
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
        from .view import view_for
        return view_for(self, seat)