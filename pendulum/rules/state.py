"""PendulumState: one point of a game. See the package docstring for ids and the API."""
from __future__ import annotations

import json

from tabletop.engine import Action, GameRng, IllegalActionError, State

from . import actions as A
from .engine import AREAS, RES, ROWS, SLOTS, TRACKS

RI = {"military": 0, "culture": 1, "gold": 2}
TI = {"power_vp": 0, "prestige_vp": 1, "popularity_vp": 2}
TRACK_I = {"power": 0, "prestige": 1, "popularity": 2}
PLAY_PHASES = ("action", "council_called")
MOVE_PHASES = ("opening", "action", "council_called", "council_adjust")


def _pay_str(m, c, g):
    return f"{m}/{c}/{g}"


def _parse3(text):
    try:
        a, b, c = (int(x) for x in text.split("/"))
    except ValueError:
        return None
    if min(a, b, c) < 0:
        return None
    return a, b, c


def compositions(n, k=3):
    """All k-tuples of non-negative ints summing to n."""
    if k == 1:
        return [(n,)]
    out = []
    for i in range(n, -1, -1):
        for rest in compositions(n - i, k - 1):
            out.append((i,) + rest)
    return out


_COMP = {}


def comps(n):
    r = _COMP.get(n)
    if r is None:
        r = _COMP[n] = compositions(n)
    return r


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


class PendulumState(State):
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

    # ------------------------------------------------------------------ helpers
    def worker_row(self, loc: str):
        """(area, row) of a board location, or None."""
        return self.rules.loc_row.get(loc)

    def on_timer_row(self, loc: str) -> bool:
        ar = self.rules.loc_row.get(loc)
        return ar is not None and self.timer_row[ar[0]] == ar[1]

    def _rank(self, seat: int) -> int:
        return self.privilege.index(seat)

    def real_order(self):
        return [x for x in self.privilege if x >= 0]

    def _floor(self, p, t):
        return p.start[t] if self.rules.options["track_floor_is_start"] else 0

    def can_pay(self, p, cost: dict, pay=None) -> bool:
        res = p.res
        m, c, g = res
        if pay is not None:
            m -= pay[0]; c -= pay[1]; g -= pay[2]
            if sum(pay) != cost.get("any_resource", 0):
                return False
        elif cost.get("any_resource", 0):
            if m + c + g - cost.get("military", 0) - cost.get("culture", 0) - cost.get("gold", 0) < cost["any_resource"]:
                return False
        if m < cost.get("military", 0) or c < cost.get("culture", 0) or g < cost.get("gold", 0):
            return False
        if p.votes < cost.get("votes", 0):
            return False
        for key, t in TI.items():
            v = cost.get(key, 0)
            if v and p.tracks[t] - v < self._floor(p, t):
                return False
        return True

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

    def pay_options(self, p, cost):
        """``pay`` strings for a cost with a wild part ("" if none is needed); only affordable ones."""
        n = cost.get("any_resource", 0)
        if not n:
            return [""] if self.can_pay(p, cost) else []
        out = []
        fm, fc, fg = (p.res[0] - cost.get("military", 0), p.res[1] - cost.get("culture", 0),
                      p.res[2] - cost.get("gold", 0))
        if fm + fc + fg < n:
            return out
        if not self.can_pay(p, {k: v for k, v in cost.items() if k != "any_resource"}):
            return out
        for a, b, c in comps(n):
            if a <= fm and b <= fc and c <= fg:
                out.append(_pay_str(a, b, c))
        return out

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
            w = self._reserve_common(p)
            if w and self.workers_in_play(p) < self.rules.max_workers:
                p.workers[w] = "mat"
                ev.append(A.WorkerMoved(p.seat, w, "reserve", "mat"))
        if eff.get("province_slot_limit"):
            pass                                   # the card itself is kept (council handles it)
        sp = eff.get("special")
        if sp:
            self._special(p, sp, eff, ev, ctx)

    def _special(self, p, sp, eff, ev, ctx):
        if sp in ("skip_green_purple_gold_cost", "also_take_adjacent_action", "take_worker_action_twice"):
            mod = {"skip_green_purple_gold_cost": "skip_gold", "also_take_adjacent_action": "adjacent",
                   "take_worker_action_twice": "twice"}[sp]
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

    def _reserve_common(self, p):
        for w, loc in p.workers.items():
            if loc == "reserve" and w[-2] == "c":
                return w
        return None

    def workers_in_play(self, p):
        return sum(1 for loc in p.workers.values() if loc not in ("reserve", "council", "gone"))

    def display_cards(self):
        return [c for c in self.display if c]

    def _move_worker(self, p, w, to, ev):
        frm = p.workers[w]
        if frm[:2] == "F:":
            self.frame_occ[frm[2:]].remove(w)
        if to[:2] == "F:":
            self.frame_occ[to[2:]].append(w)
        p.workers[w] = to
        ev.append(A.WorkerMoved(p.seat, w, frm, to))

    # ------------------------------------------------------------------ legality
    def _move_error(self, p, w, to):
        if self.phase not in MOVE_PHASES:
            return "5.8 council", "workers cannot move now"
        loc = p.workers.get(w)
        if loc is None:
            return "2.3 workers", f"{w} is not one of your workers"
        if p.decisions:
            return "4.5 one action at a time", "finish your pending choice first"
        if p.done:
            return "4.6 done", "you declared done"
        if self.phase == "opening":
            if not self.opening or self.opening[0][0] != p.seat:
                return "2.5 opening placement", "not your turn to place"
            if loc != "mat" or w[-2] != self.opening[0][1]:
                kind = "grande" if self.opening[0][1] == "g" else "common"
                return "2.5 opening placement", f"place a {kind} worker from your mat"
        if loc in ("reserve", "council", "gone"):
            return "5.7 workers", f"{w} is not in play"
        if loc != "mat" and self.on_timer_row(loc):
            return "4.4 timer row", f"{w} stands on a row that has its timer; it cannot be moved"
        if to == "mat":
            if loc == "mat":
                return "4.4 move", "already on your mat"
            return None
        fr = self.rules.frames.get(to[2:] if to[:2] == "F:" else to)
        if fr is None:
            return "3.1 board", f"no gold frame {to!r}"
        if self.timer_row[fr.area] == fr.row:
            return "4.4 timer row", "workers cannot be placed on a row that has its timer"
        if loc == "F:" + fr.id:
            return "4.4 move", "already in that frame"
        occ = self.frame_occ[fr.id]
        if p.variant and any(x[:-2] == str(p.seat) for x in occ):
            return "1.7 advanced variant", "never two of your own workers in one frame"
        if occ and fr.blocking and w[-2] != "g":
            return "3.4 frame occupancy", "a common worker needs an empty green/purple frame"
        return None

    def _act_error(self, p, w, sid):
        if self.phase not in PLAY_PHASES:
            return "4.4 act", "workers act only in the action phase"
        if p.decisions:
            return "4.5 one action at a time", "finish your pending choice first"
        if p.done:
            return "4.6 done", "you declared done"
        loc = p.workers.get(w)
        if loc is None:
            return "2.3 workers", f"{w} is not one of your workers"
        sp = self.rules.spaces.get(sid)
        if sp is None:
            return "3.1 board", f"no action space {sid!r}"
        if loc != "F:" + sp.frame:
            return "4.4 act", "the worker must stand in the gold frame above that reward box"
        if self.timer_row[sp.area] != sp.row:
            return "4.4 timer row", "a worker acts only while its row has the timer"
        if not self.can_pay(p, self._act_cost(p, sp)):
            return "4.5 pay first", "you cannot pay the cost"
        return None

    def _act_cost(self, p, sp):
        cost = sp.cost
        if "skip_gold" in p.armed and sp.area in ("green", "purple") and not sp.conquer:
            cost = dict(cost)
            cost["gold"] = max(0, cost.get("gold", 0) - self.rules.gp_cost.get("gold", 2))
        return cost

    def _play_error(self, p, card, pay):
        if self.phase not in PLAY_PHASES:
            return "5.5 stratagems", "stratagems are played in the action phase or the called-council window"
        if p.decisions:
            return "4.5 one action at a time", "finish your pending choice first"
        if p.done:
            return "4.6 done", "you declared done"
        if card not in p.hand:
            return "5.5 stratagems", f"{card} is not in your hand"
        info = self.rules.cards[card]
        cost = info["cost"]
        if cost.get("any_resource"):
            t = _parse3(pay)
            if t is None or not self.can_pay(p, cost, t):
                return "4.5 pay first", "pay the wild cost as military/culture/gold"
        elif pay:
            return "4.5 pay first", "this card has no wild cost"
        elif not self.can_pay(p, cost):
            return "4.5 pay first", "you cannot pay the cost"
        why = self._card_requires(p, card, info)
        if why:
            return why
        return None

    def _card_requires(self, p, card, info):
        eff = info["effect"]
        if eff.get("retrieve_worker") and not any(self.on_timer_row(l) for l in p.workers.values()):
            return "5.2 retrieve", "you have no worker on a row that has its timer"
        if eff.get("recruit_common_worker"):
            if self.workers_in_play(p) >= self.rules.max_workers or not self._reserve_common(p):
                return "5.7 workers", "no reserve common worker or already 4 workers"
        if eff.get("conquer_province") and not (self.display_cards() or self.province_deck):
            return "5.4 conquer", "no province left"
        sp = eff.get("special")
        if sp in ("skip_green_purple_gold_cost", "also_take_adjacent_action", "take_worker_action_twice"):
            if not any(loc[:2] == "F:" and self.on_timer_row(loc) for loc in p.workers.values()):
                return "5.5 stratagems", "play it on a worker action: you have no worker ready to act"
            mod = {"skip_green_purple_gold_cost": "skip_gold", "also_take_adjacent_action": "adjacent",
                   "take_worker_action_twice": "twice"}[sp]
            if mod in p.armed:
                return "5.5 stratagems", "already played on your next action"
        elif sp == "move_one_vp":
            if not any(p.tracks[t] > self._floor(p, t) for t in range(3)):
                return "2.6 track floor", "no track above its start"
        elif sp == "return_one_discarded_stratagem":
            if not p.discard:
                return "5.5 stratagems", "no other discarded stratagem"
        elif sp == "exchange_military_culture":
            if not (p.res[0] or p.res[1]):
                return "5.5 stratagems", "no military or culture to exchange"
        elif sp == "place_worker_directly_on_timer_row":
            if not self._direct_options(p, info["cost"]):
                return "5.5 stratagems", "no worker or action available"
        elif sp == "claim_current_achievement":
            why = self._claim_block(p, bool(self.rules.options["pacifist_claim_waives_requirements"]))
            if why:
                return why
        elif sp == "claim_achievement_second_time":
            if p.claims != 1:
                return "5.6 achievement", "claim the achievement once first"
            why = self._claim_block(p, not self.rules.options["tyrant_second_claim_requires"], second=True)
            if why:
                return why
        return None

    def meets(self, p, req: dict) -> bool:
        m, c, g = p.res
        return (m >= req["military"] and c >= req["culture"] and g >= req["gold"] and p.votes >= req["votes"]
                and m + c + g >= req["any_resource_total"])

    def _claim_block(self, p, waive, second=False):
        if self.phase not in PLAY_PHASES:
            return "5.6 achievement", "claims only in the action phase or the called-council window"
        if self.achievement is None:
            return "5.6 achievement", "no achievement this round"
        if p.claims >= (2 if second else 1):
            return "5.6 achievement", "you already claimed this round"
        if len(self.achievement_markers) >= self.rules.marker_spots:
            return "5.6 achievement", "no free marker spot"
        if not waive and not self.meets(p, self.rules.achievements[self.achievement]["requires"]):
            return "5.6 achievement", "your mat does not hold the cubes and votes shown"
        return None

    def legendary_available(self, p):
        return self.legendary == "card" and not p.had_token and not p.legendary

    # ------------------------------------------------------------------ decisions
    def _direct_options(self, p, extra_cost=None):
        out = []
        free = [w for w, loc in p.workers.items()
                if loc == "mat" or (loc[:2] in ("F:", "B:") and not self.on_timer_row(loc))]
        if not free:
            return out
        for a in AREAS:
            r = self.timer_row[a]
            for sp in self.rules.spaces_by_row[(a, r)]:
                if sp.production:
                    continue
                cost = dict(sp.cost)
                if extra_cost:
                    for k, v in extra_cost.items():
                        cost[k] = cost.get(k, 0) + v
                if not self.can_pay(p, cost):
                    continue
                for w in free:
                    out.append(f"{w}@{sp.id}")
        return out

    def decision_options(self, p, dec) -> list[str]:
        """Options of a pending decision; ``["none"]`` when nothing is possible any more (e.g. the last
        province was taken or a flip moved the timer away before the choice was made)."""
        return self._decision_options(p, dec) or ["none"]

    def _decision_options(self, p, dec) -> list[str]:
        t = dec["t"]
        if t == "res":
            return [_pay_str(*c) for c in comps(dec["n"])]
        if t == "vp":
            return [_pay_str(*c) for c in comps(dec["n"])]
        if t == "vp1":
            return list(TRACKS)
        if t == "conquer":
            out = []
            for i, c in enumerate(self.display):
                if c:
                    out.extend(f"{c}:{col}" for col in SLOTS)
            if self.province_deck:
                out.extend(f"deck:{col}" for col in SLOTS)
            return out
        if t == "retrieve":
            return [w for w, loc in p.workers.items() if self.on_timer_row(loc)]
        if t == "promote":
            return [w for w, loc in p.workers.items() if w[-2] == "c" and loc not in ("reserve", "gone")]
        if t == "exchange":
            return [f"m>c:{k}" for k in range(1, p.res[0] + 1)] + [f"c>m:{k}" for k in range(1, p.res[1] + 1)]
        if t == "move_vp":
            return [f"{TRACKS[a]}>{TRACKS[b]}" for a in range(3) if p.tracks[a] > self._floor(p, a)
                    for b in range(3) if b != a]
        if t == "return":
            return [c for c in p.discard if c != dec.get("self")]
        if t == "direct":
            return self._direct_options(p)
        if t == "adjacent":
            return list(dec["opts"]) + ["none"]
        if t == "claim":
            out = ["reward"]
            if self.achievement and self.legendary_available(p):
                out.insert(0, "legendary")
            return out
        if t == "glory":
            return [str(k) for k in range(min(dec["n"], p.res[dec["track"]]), -1, -1)]
        if t == "trim":
            lim = self.slot_limit(p)
            return [f"{col}:{c}" for col in SLOTS if len(p.slots[col]) > lim for c in p.slots[col]]
        if t == "council":
            return self.council_options(p)
        return []

    def slot_limit(self, p):
        return self.rules.slot_limit_max3 if p.keep else self.rules.slot_limit

    def council_options(self, p):
        out = [self.rules.council_default]
        if self.grande_up and p.workers.get(f"{p.seat}g2") == "council" and any(
                w[-2] == "c" and loc not in ("reserve", "gone") for w, loc in p.workers.items()):
            out.append(self.rules.council_grande)
        for c in self.council_offer:
            if not c:
                continue
            info = self.rules.cards[c]
            if info["kind"] == "keep_beside_mat" and p.keep:
                continue
            if info["effect"].get("legendary_vp") and p.legendary:
                continue
            cost = info["cost"] if info["kind"] == "final" else {}    # stratagems are paid when played (5.5)
            if cost.get("any_resource"):
                out.extend(f"{c}={x}" for x in self.pay_options(p, cost))
            elif self.can_pay(p, cost):
                out.append(c)
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat) -> list[Action]:
        if self.phase == "game_over" or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return []
        p = self.players[seat]
        if p.decisions:
            return [A.Choose(seat, o) for o in self.decision_options(p, p.decisions[0])]
        ph = self.phase
        refill = [A.Refill(seat)] if self.province_deck and not all(self.display) else []   # 3.6: any moment
        if ph == "opening":
            if not self.opening or self.opening[0][0] != seat:
                return refill
            kind = self.opening[0][1]
            w = next(w for w, loc in p.workers.items() if loc == "mat" and w[-2] == kind)
            return [A.Move(seat, w, f.id) for a in AREAS for f in self.rules.frames_by_row[(a, 1)]
                    if self._move_error(p, w, f.id) is None] + refill
        if ph not in ("action", "council_called", "council_adjust"):
            return refill                   # council steps: nothing but refilling the display (5.8)
        if self.closing and self.closing[0] != seat:
            return refill
        if p.done:
            return refill if self.closing else [A.Resume(seat)] + refill
        out = self._moves(p)
        if ph != "council_adjust":
            out.extend(self._acts(p))
            if ph == "action" and self.rules.timed:
                out.extend(A.Flip(seat, a) for a in AREAS if self.remaining[a] <= 0)
            for card in dict.fromkeys(p.hand):
                info = self.rules.cards[card]
                if self._card_requires(p, card, info):
                    continue
                for pay in self.pay_options(p, info["cost"]):
                    out.append(A.Play(seat, card, pay))
            if p.discard and self.can_pay(p, self.rules.pickup_cost):
                out.append(A.Pickup(seat))
            if not self._claim_block(p, False):
                if self.legendary_available(p):
                    out.append(A.Claim(seat, "legendary"))
                out.append(A.Claim(seat, "reward"))
        out.extend(refill)
        out.append(A.Done(seat))
        if ph == "council_called" and not self.closing:
            out.append(A.Done(seat, True))
        return out

    def _moves(self, p):
        out = []
        rules = self.rules
        tr = self.timer_row
        seat = p.seat
        loc_row = rules.loc_row
        targets = rules.targets(tr)
        occs = self.frame_occ
        own = str(seat)
        for w, loc in p.workers.items():
            if loc == "mat":
                here = None
            else:
                ar = loc_row.get(loc)
                if ar is None or tr[ar[0]] == ar[1]:
                    continue                    # reserve / council / gone, or stuck on a timer row
                here = loc[2:] if loc[0] == "F" else None
            objs = rules.move_objs(seat, w)
            grande = w[-2] == "g"
            for f in targets:
                fid = f.id
                if fid == here:
                    continue
                occ = occs[fid]
                if occ:
                    if f.blocking and not grande:
                        continue
                    if p.variant and any(x[:-2] == own for x in occ):
                        continue
                out.append(objs[fid])
            if loc != "mat":
                out.append(objs["mat"])
        return out

    def _acts(self, p):
        out = []
        for w, loc in p.workers.items():
            if loc[:2] != "F:":
                continue
            f = self.rules.frames[loc[2:]]
            if self.timer_row[f.area] != f.row:
                continue
            for sid in f.spaces:
                sp = self.rules.spaces[sid]
                if self.can_pay(p, self._act_cost(p, sp)):
                    out.append(self.rules.act_obj(p.seat, w, sid))
        return out

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

    def find_action(self, source: str, target: str):
        """Drag-and-drop: the legal action for dropping ``source`` (worker id, card id, timer id) on
        ``target`` (frame id, space id, "mat", timer id, "discard", "achievement"), or None."""
        seat = None
        if source in self.rules.cards or source in ("black", "green", "purple"):
            cands = [p.seat for p in self.players]
        else:
            try:
                seat = int(source[:-2])
            except ValueError:
                return None
            cands = [seat]
        for s in cands:
            for a in self.legal_actions(s):
                if isinstance(a, A.Move) and a.worker == source:
                    if a.to == target or (target in self.rules.spaces and self.rules.spaces[target].frame == a.to
                                          and not (self.players[s].workers[source] == "F:" + a.to)):
                        return a
                elif isinstance(a, A.Act) and a.worker == source and a.space == target:
                    return a
                elif isinstance(a, A.Flip) and a.timer == source and target in (source, "flip"):
                    return a
                elif isinstance(a, A.Play) and a.card == source and target in ("discard", "play", "") :
                    return a
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list:
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise IllegalActionError("2.3 seats", f"no seat {seat!r}")
        if self.phase == "game_over":
            raise IllegalActionError("5.10 game end", "the game is over")
        p = self.players[seat]
        kind = action.kind
        if self.closing and self.closing[0] != seat and kind != "refill":
            raise IllegalActionError("4.6 acting last", "another player has the closing turn")
        handler = getattr(self, "_do_" + kind, None)
        if handler is None:
            raise IllegalActionError("api", f"unknown action {kind!r}")
        ev: list = []
        handler(p, action, ev)
        self.action_count += 1
        self.last_change = self._time
        self._progress(ev)
        return ev

    def _refuse(self, why):
        raise IllegalActionError(why[0], why[1])

    def _do_move(self, p, a, ev):
        to = a.to
        if to[:2] == "F:":
            to = to[2:]
        if to != "mat":
            if to in self.rules.spaces and to not in self.rules.frames:
                to = self.rules.spaces[to].frame
        why = self._move_error(p, a.worker, to)
        if why:
            self._refuse(why)
        self._move_worker(p, a.worker, "mat" if to == "mat" else "F:" + to, ev)
        if self.phase == "opening":
            self.opening.pop(0)

    def _do_act(self, p, a, ev):
        why = self._act_error(p, a.worker, a.space)
        if why:
            self._refuse(why)
        sp = self.rules.spaces[a.space]
        cost = self._act_cost(p, sp)
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
        if not self.rules.timed:
            self._refuse(("4.2 flip", "timers are not flipped in time-track mode"))
        if self.phase != "action":
            self._refuse(("4.6 council called", "no timer may be flipped now"))
        if a.timer not in AREAS:
            self._refuse(("4.1 timers", f"no timer {a.timer!r}"))
        if p.decisions:
            self._refuse(("4.5 one action at a time", "finish your pending choice first"))
        if p.done:
            self._refuse(("4.6 done", "you declared done"))
        if self.remaining[a.timer] > 0:
            self._refuse(("4.2 flip", "the sand is still running"))
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
        why = self._play_error(p, a.card, a.pay)
        if why:
            self._refuse(why)
        info = self.rules.cards[a.card]
        pay = _parse3(a.pay) if a.pay else None
        cost = {k: v for k, v in info["cost"].items() if k != "any_resource"}
        p.hand.remove(a.card)
        p.discard.append(a.card)
        ev.append(A.StratagemPlayed(p.seat, a.card))
        self._pay(p, cost, pay, ev)
        self.gain(p, info["effect"], ev, ctx=a.card)

    def _do_pickup(self, p, a, ev):
        if self.phase not in PLAY_PHASES:
            self._refuse(("5.1 pick up", "only in the action phase or the called-council window"))
        if p.decisions:
            self._refuse(("4.5 one action at a time", "finish your pending choice first"))
        if p.done:
            self._refuse(("4.6 done", "you declared done"))
        if not p.discard:
            self._refuse(("5.1 pick up", "no discarded stratagem"))
        if not self.can_pay(p, self.rules.pickup_cost):
            self._refuse(("5.1 pick up", "pick up costs 5 culture"))
        self._pay(p, self.rules.pickup_cost, None, ev)
        self.gain(p, {"pickup_all_stratagems": True}, ev)

    def _do_claim(self, p, a, ev):
        if p.decisions:
            self._refuse(("4.5 one action at a time", "finish your pending choice first"))
        if p.done:
            self._refuse(("4.6 done", "you declared done"))
        why = self._claim_block(p, False)
        if why:
            self._refuse(why)
        if a.take not in ("legendary", "reward"):
            self._refuse(("5.6 achievement", "take 'legendary' or 'reward'"))
        if a.take == "legendary" and not self.legendary_available(p):
            self._refuse(("5.6 legendary", "the legendary token is not on the card or you already had it"))
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
        if self.phase == "game_over":
            self._refuse(("3.6 refill", "the game is over"))
        if p.decisions:
            self._refuse(("4.5 one action at a time", "finish your pending choice first"))
        if not self.province_deck or all(self.display):
            self._refuse(("3.6 refill", "no empty spot or no card in the deck"))
        for i, c in enumerate(self.display):
            if not c and self.province_deck:
                self.display[i] = self.province_deck.pop()
        ev.append(A.ProvinceDisplayChanged(p.seat, tuple(c or "" for c in self.display)))

    def _do_done(self, p, a, ev):
        if self.phase not in ("action", "council_called", "council_adjust"):
            self._refuse(("4.6 done", "nothing to declare now"))
        if p.decisions:
            self._refuse(("4.5 one action at a time", "finish your pending choice first"))
        if p.done:
            self._refuse(("4.6 done", "already done"))
        if a.last:
            if self.phase != "council_called" or self.closing:
                self._refuse(("4.6 acting last", "only in the called-council window, before the closing turns"))
            self.wait_last.append(p.seat)
        p.done = True
        ev.append(A.DeclaredDone(p.seat))
        if self.closing and self.closing[0] == p.seat:
            self.closing.pop(0)
            if self.closing:
                self.players[self.closing[0]].done = False

    def _do_resume(self, p, a, ev):
        if self.phase not in ("action", "council_called", "council_adjust") or not p.done:
            self._refuse(("4.6 done", "nothing to withdraw"))
        if self.closing:
            self._refuse(("4.6 acting last", "the closing turns have started"))
        p.done = False
        if p.seat in self.wait_last:
            self.wait_last.remove(p.seat)
        ev.append(A.ResumedPlay(p.seat))

    def _do_choose(self, p, a, ev):
        if not p.decisions:
            self._refuse(("4.5 choices", "you have no pending choice"))
        dec = p.decisions[0]
        opts = self.decision_options(p, dec)
        if a.option not in opts:
            self._refuse(("4.5 choices", f"{a.option!r} is not a choice for {dec['t']}"))
        p.decisions.pop(0)
        ev.append(A.Chosen(p.seat, dec["t"], a.option))
        rest, p.decisions = p.decisions, []
        if a.option != "none" or dec["t"] == "adjacent":
            getattr(self, "_choose_" + dec["t"])(p, dec, a.option, ev)
        p.decisions.extend(rest)            # choices opened by this one come first

    def _choose_res(self, p, dec, opt, ev):
        m, c, g = _parse3(opt)
        self.gain(p, {"military": m, "culture": c, "gold": g}, ev)

    def _choose_vp(self, p, dec, opt, ev):
        a, b, c = _parse3(opt)
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
            self._pay(p, cost, _parse3(pay) if pay else None, ev)
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
        from .scoring import winner
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
