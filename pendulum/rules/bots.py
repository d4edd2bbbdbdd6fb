"""Bots: ``random`` (uniform over legal actions) and ``standard`` (heuristic planner aiming at all four
tracks in the parchment). Deterministic from the game seed. ``BotDriver`` paces them in engine time.

    bot = make_bot("standard", seat, seed)
    action = bot.choose(state)          # an Action legal for ``seat`` now, or None (nothing to do)
    driver = BotDriver({1: "standard", 2: "random"}, seed, delay=rules.bot_delay)
    for action in driver.tick(state):   # bots whose reaction delay has passed (engine time)
        state.submit(action)            # or: driver.act(state) chooses and applies one bot after another
"""
from __future__ import annotations

import math
import random

from tabletop.engine import IllegalActionError

from . import actions as A
from .ids import TRACKS

RES_KEYS = ("military", "culture", "gold")
VP_KEYS = ("power_vp", "prestige_vp", "popularity_vp")


_COMPILED: dict = {}


def _compile(eff):
    """An effect dict as a flat tuple (bots read it often); the dict is kept so its id stays unique."""
    g = eff.get
    c = (eff, g("military", 0), g("culture", 0), g("gold", 0), g("votes", 0), g("power_vp", 0), g("prestige_vp", 0),
         g("popularity_vp", 0), g("legendary_vp", 0), g("any_resource", 0), g("any_vp", 0), g("production"),
         g("conquer_province", 0), g("recruit_common_worker", 0), g("retrieve_worker", 0), g("special"),
         g("amount", 0))
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[id(eff)] = c
    return c


class RandomBot:
    kind = "random"

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = random.Random((seed * 7919 + seat * 104729) ^ 0xB07)

    def choose(self, state):
        acts = state.legal_actions(self.seat)
        if not acts:
            return None
        return acts[int(self.rng.random() * len(acts))]


class StandardBot:
    """Greedy, value-based: claims the legendary token whenever it can, works towards the
    parchment on its weakest tracks, keeps 3 votes for achievements, buys provinces, uses stratagems."""
    kind = "standard"

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = random.Random((seed * 6007 + seat * 15485863) ^ 0x57D)
        self._vmemo, self._fmemo, self._soon_memo = {}, {}, {}
        self._memo_key = None

    # ---------------------------------------------------------------- values
    def _plan(self, st, p):
        """Targets for this moment: cube holdings and votes wanted (achievement, action costs, f5)."""
        memo = self._vmemo
        got = memo.get("plan")
        if got is not None:
            return got
        want = [0, 0, 2]
        votes = 0
        total = 0
        ach = st.achievement
        if ach and p.claims == 0:
            req = st.rules.achievements[ach]["requires"]
            want = [max(want[0], req["military"]), max(want[1], req["culture"]), max(want[2], req["gold"])]
            votes = req["votes"]
            total = req["any_resource_total"]
        if not p.legendary and st.round >= st.rules.rounds:
            total = max(total, 10)                      # f5 at the last council: 10 wild -> legendary
        memo["plan"] = (want, votes, total)
        return want, votes, total

    def _track_value(self, st, p, t, n=1):
        P = st.rules.parchment
        v = 0.0
        pos = p.tracks[t]
        for _ in range(n):
            if pos >= st.rules.track_max:
                break
            v += 4.0 + 0.15 * (P - pos) if pos < P else 1.2
            pos += 1
        return v

    def _memo(self, st):
        """Values depend only on this seat's own mat and the round's card/achievement; cached on that."""
        if self._fresh:
            return self._vmemo
        self._fresh = True
        p = st.players[self.seat]
        sl = p.slots
        key = (id(st), p.res[0], p.res[1], p.res[2], p.votes, p.tracks[0], p.tracks[1], p.tracks[2], p.legendary,
               p.claims, p.had_token, len(p.discard), len(sl["brown"]), len(sl["red"]), len(sl["blue"]),
               len(sl["yellow"]), len(p.keep), st.round, st.achievement, st.legendary)
        if getattr(self, "_memo_key", None) != key:
            self._memo_key = key
            self._vmemo = {}
            self._fmemo = {}
        return self._vmemo

    def value(self, st, p, eff, depth=0):
        if not eff:
            return 0.0
        if depth == 0:
            memo = self._vmemo
            got = memo.get(id(eff))
            if got is not None and got[0] is eff:     # the memo keeps ``eff`` alive, so its id is not reused
                return got[1]
            v = self._value(st, p, eff, 0)
            memo[id(eff)] = (eff, v)
            return v
        return self._value(st, p, eff, depth)

    def _value(self, st, p, eff, depth=0):
        c = _COMPILED.get(id(eff))
        if c is None or c[0] is not eff:
            c = _compile(eff)
        (_, m, cu, g, votes, pw, pr, po, leg, anyres, anyvp, col, conq, recruit, retrieve, sp, amount) = c
        v = 0.0
        rules = st.rules
        late = st.round >= rules.rounds
        want, vwant, total = self._plan(st, p)
        res = p.res
        if m or cu or g:
            cap = rules.cap
            have = res[0] + res[1] + res[2]
            tshort = total - have if total > have else 0
            base = (0.6, 0.6, 0.7) if not late else (0.3, 0.3, 0.3)
            extra_w = 4.0 if late else 1.5
            for i, n in ((0, m), (1, cu), (2, g)):
                if n:
                    room = cap - res[i]
                    if n > room:
                        n = room
                    short = want[i] - res[i]
                    if short < 0:
                        short = 0
                    over = n - short if n > short else 0
                    v += base[i] * n + 3.0 * (n if n < short else short) + extra_w * (over if over < tshort else tshort)
        if votes:
            need = vwant - p.votes
            if need < 0:
                need = 0
            v += 2.2 * (votes if votes < need else need) + 0.35 * (votes - need if votes > need else 0)
        if pw:
            v += self._track_value(st, p, 0, pw)
        if pr:
            v += self._track_value(st, p, 1, pr)
        if po:
            v += self._track_value(st, p, 2, po)
        if leg and not p.legendary:
            v += 60
        if anyres:
            have = res[0] + res[1] + res[2]
            short = max(0, sum(max(0, want[i] - res[i]) for i in range(3)), total - have)
            v += 0.65 * anyres + (4.0 if late else 2.5) * min(anyres, short)
        if anyvp:
            v += max(self._track_value(st, p, i, 1) for i in range(3)) * anyvp
        if col and depth < 1:
            v += self.value(st, p, rules.production[p.character][col], depth + 1)
            for card in p.slots[col]:
                v += self.value(st, p, rules.provinces[card][col], depth + 1)
        if conq:
            v += 5.0 if st.round < rules.rounds else 2.0
        if recruit:
            v += 7.0 if st.round <= 2 else (2.5 if st.round == 3 else 0.0)
        if retrieve:
            v += 0.3
        if sp == "vp_of_choice":
            v += max(self._track_value(st, p, i, amount or 2) for i in range(3))
        elif sp == "move_one_vp":
            v += 0.5
        return v

    def cost_value(self, st, p, cost, pay=None):
        if pay is None:
            memo = self._vmemo
            key = ("cost", id(cost))
            got = memo.get(key)
            if got is not None and got[0] is cost:
                return got[1]
            v = self._cost_value(st, p, cost, None)
            memo[key] = (cost, v)
            return v
        return self._cost_value(st, p, cost, pay)

    def _cost_value(self, st, p, cost, pay=None):
        want, vwant, total = self._plan(st, p)
        v = 0.0
        have = sum(p.res)
        spent = 0
        for i, k in enumerate(RES_KEYS):
            n = cost.get(k, 0) + (pay[i] if pay else 0)
            if n:
                spent += n
                keep = max(0, p.res[i] - want[i])
                v += 0.55 * n + 2.0 * max(0, n - keep)
        n = cost.get("any_resource", 0) if not pay else 0
        if n:
            spent += n
            v += 0.6 * n
        if total and have - spent < total:
            v += (6.0 if st.round >= st.rules.rounds else 1.2) * min(spent, total - (have - spent))
        if cost.get("votes"):
            keep = max(0, p.votes - vwant)
            v += 0.6 * cost["votes"] + 2.2 * max(0, cost["votes"] - keep)
        for i, k in enumerate(VP_KEYS):
            if cost.get(k):
                v += 4.5 * cost[k]
        return v

    # ---------------------------------------------------------------- decisions
    def _decide(self, st, p, dec):
        opts = st.decision_options(p, dec)
        if not opts:
            return None
        t = dec["t"]
        if t == "res":
            need = self._res_need(st, p)
            return max(opts, key=lambda o: sum(n * need[i] for i, n in enumerate(map(int, o.split("/")))))
        if t == "vp":
            return max(opts, key=lambda o: self._vp_split_value(st, p, tuple(map(int, o.split("/")))))
        if t == "vp1":
            return max(opts, key=lambda o: self._track_value(st, p, TRACKS.index(o), dec["n"]))
        if t == "conquer":
            return max(opts, key=lambda o: self._province_value(st, p, o))
        if t in ("retrieve", "promote"):
            return min(opts, key=lambda w: (0 if p.workers[w] == "mat" else 1, w))
        if t == "exchange":
            need = self._res_need(st, p)
            if need[1] > need[0]:
                cands = [o for o in opts if o.startswith("m>c")]
            else:
                cands = [o for o in opts if o.startswith("c>m")]
            cands = cands or opts
            return cands[len(cands) // 2]
        if t == "move_vp":
            def mv(o):
                a, b = (TRACKS.index(x) for x in o.split(">"))
                return self._track_value(st, p, b) - (4 if p.tracks[a] <= st.rules.parchment else 1.0)
            return max(opts, key=mv)
        if t == "return":
            return opts[0]
        if t == "direct":
            return max(opts, key=lambda o: self.value(st, p, st.rules.spaces[o.split("@")[1]].effect)
                       - self.cost_value(st, p, st.rules.spaces[o.split("@")[1]].cost))
        if t == "adjacent":
            best, bv = "none", 0.0
            for o in opts:
                if o == "none":
                    continue
                sp = st.rules.spaces[o]
                v = self.value(st, p, sp.effect) - self.cost_value(st, p, sp.cost)
                if v > bv:
                    best, bv = o, v
            return best
        if t == "claim":
            return opts[0]
        if t == "glory":                      # glory breaks ties; bank it once the cubes matter less
            return opts[0] if st.round >= st.rules.rounds else opts[-1]
        if t == "trim":
            return min(opts, key=lambda o: self._slot_card_value(st, p, *o.split(":")))
        if t == "council":
            return max(opts, key=lambda o: self._council_value(st, p, o))
        return opts[0]

    def _res_need(self, st, p):
        m, c, g = p.res
        need = [1.0, 1.0, 1.2]
        if m < 4:
            need[0] += 0.8
        if g < 4:
            need[2] += 0.8
        if c < 5 and p.discard:
            need[1] += 0.5
        ach = st.achievement and st.rules.achievements[st.achievement]["requires"]
        if ach and p.claims == 0:
            for i, k in enumerate(RES_KEYS):
                if p.res[i] < ach[k]:
                    need[i] += 1.0
        for i in range(3):
            if p.res[i] >= st.rules.cap:
                need[i] = 0.0
        return need

    def _vp_split_value(self, st, p, split):
        v = 0.0
        for i, n in enumerate(split):
            v += self._track_value(st, p, i, n)
        return v

    def _slot_card_value(self, st, p, col, card):
        return self.value(st, p, st.rules.provinces[card][col]) * (1.5 if col in ("red", "yellow") else 1.0)

    def _province_value(self, st, p, opt):
        card, col = opt.split(":")
        if card == "deck":
            return 0.8 * max(self.value(st, p, st.rules.provinces["prov01"][col]), 0.5) * self._slot_weight(col)
        return self.value(st, p, st.rules.provinces[card][col]) * self._slot_weight(col) + \
            (0.3 if len(p.slots[col]) < st.slot_limit(p) else -1.0)

    def _slot_weight(self, col):
        return {"brown": 1.1, "red": 1.2, "blue": 1.0, "yellow": 1.3}[col]

    def _council_value(self, st, p, opt):
        card, _, pay = opt.partition("=")
        r = st.rules
        if card == r.council_grande:
            return 3.0 if st.round < r.rounds else 0.1
        info = r.cards[card]
        v = self.value(st, p, info["effect"])
        if info["kind"] == "stratagem":
            v *= (r.rounds - st.round) * 0.9
        elif info["kind"] == "keep_beside_mat":
            v = 2.0 if st.round < r.rounds else 0.0
        cost = dict(info["cost"])
        if pay:
            m, c, g = map(int, pay.split("/"))
            cost = {"military": m, "culture": c, "gold": g}
        v -= self.cost_value(st, p, cost) * (0.3 if st.round >= r.rounds else 1.0)
        return v

    # ---------------------------------------------------------------- main policy
    _fresh = False

    def choose(self, st):
        """The bot's action for ``st`` (values are memoised on this seat's own mat, see ``_memo``)."""
        self._fresh = False          # the memo key is checked once per call (the state is fixed meanwhile)
        self._soon_memo = {}
        self._memo(st)
        seat = self.seat
        p = st.players[seat]
        if st.phase == "game_over":
            return None
        if p.decisions:
            o = self._decide(st, p, p.decisions[0])
            return A.Choose(seat, o) if o is not None else None
        ph = st.phase
        if ph == "opening":
            acts = st.legal_actions(seat)
            if not acts:
                return None
            return max(acts, key=lambda a: self._place_value(st, p, a.worker, st.rules.frames[a.to]))
        if ph not in ("action", "council_called", "council_adjust") or p.done:
            return None
        playing = ph != "council_adjust"
        if playing:
            a = self._claim(st, p)
            if a:
                return a
            a = self._best_act(st, p)
            if a:
                return a
            a = self._stratagem(st, p)
            if a:
                return a
        a = self._move(st, p)
        if a:
            return a
        if playing and st.rules.timed and ph == "action":
            a = self._flip(st, p)
            if a:
                return a
        if st.province_deck and not all(st.display):
            return A.Refill(seat)
        return A.Done(seat)

    def _claim(self, st, p):
        if st.claim_refusal(p, False):
            return None
        if st.legendary_available(p):
            return A.Claim(p.seat, "legendary")
        # keep the claim for the legendary token if it may still come this round
        if st.legendary in ("council_deck", "waiting", "achievement_deck") or st.legendary == "taken" \
                or p.had_token or p.legendary:
            return A.Claim(p.seat, "reward")
        return None

    def _best_act(self, st, p):
        best, bv = None, 0.05
        for w, loc in p.workers.items():
            if loc[:2] != "F:":
                continue
            f = st.rules.frames[loc[2:]]
            if st.timer_row[f.area] != f.row:
                continue
            for sid in f.spaces:
                sp = st.rules.spaces[sid]
                cost = st.act_cost(p, sp)
                if not st.can_pay(p, cost):
                    continue
                v = self.value(st, p, sp.effect) - self.cost_value(st, p, cost) * 0.6
                if v > bv:
                    best, bv = A.Act(p.seat, w, sid), v
        return best

    def _stratagem(self, st, p):
        memo = self._vmemo
        key = ("strat", st.phase, len(p.hand), st.legendary, len(st.achievement_markers), tuple(p.armed),
               bool(st.province_deck) or any(st.display))
        if key in memo:
            got = memo[key]
            if got is None or (got.kind == "play" and st.why_not(got) is None) \
                    or (got.kind == "pickup" and p.discard and st.can_pay(p, st.rules.pickup_cost)):
                return got
        got = memo[key] = self._stratagem_raw(st, p)
        return got

    def _stratagem_raw(self, st, p):
        best, bv = None, 0.3
        r = st.rules
        for card in p.hand:
            info = r.cards[card]
            eff = info["effect"]
            sp = eff.get("special")
            if sp in ("skip_green_purple_gold_cost", "also_take_adjacent_action", "take_worker_action_twice",
                      "place_worker_directly_on_timer_row", "return_one_discarded_stratagem",
                      "exchange_military_culture"):
                continue
            if eff.get("retrieve_worker"):
                continue
            if st.card_refusal(p, card, info):
                continue
            pays = st.pay_options(p, info["cost"])
            if not pays:
                continue
            pay = pays[0]
            if info["cost"].get("any_resource"):
                need = self._res_need(st, p)
                pay = min(pays, key=lambda o: sum(n * need[i] for i, n in enumerate(map(int, o.split("/")))))
            v = self.value(st, p, eff) - self.cost_value(st, p, info["cost"])
            if sp in ("claim_current_achievement", "claim_achievement_second_time"):
                v = 30 if st.legendary_available(p) else 2.0
            if v > bv:
                best, bv = A.Play(p.seat, card, pay), v
        if best is None and p.discard and p.res[1] >= 7 and st.can_pay(p, r.pickup_cost):
            return A.Pickup(p.seat)
        return best

    RATE = {"black": 1.0, "green": 0.6, "purple": 0.5}

    def _soon(self, st, area):
        """0..1: how soon the timer of ``area`` arrives on its other row (times how fast the area cycles)."""
        soon = self._soon_memo
        v = soon.get(area)
        if v is None:
            v = soon[area] = self.RATE[area] * self._arrive(st, area)
        return v

    def _arrive(self, st, area):
        if st.rules.timed:
            rem = st.remaining[area]
            return 1.0 / (1.0 + rem / 60.0)
        nxt = st.track_space
        for k, (space, flips, call) in enumerate(st.rules.timer_track[nxt:], start=1):
            if area in flips:
                return 1.0 / k
        return 0.2

    def _place_value(self, st, p, w, f):
        best = self._fmemo.get(f.akey)
        if best is None:
            best = self._fmemo[f.akey] = self._frame_base(st, p, f)
        return best * (0.3 + 0.7 * self._soon(st, f.area)) if best > 0 else best

    def _frame_base(self, st, p, f):
        best = -5.0
        for sid in f.spaces:
            sp = st.rules.spaces[sid]
            if sp.cost and not st.can_pay(p, sp.cost):
                v = -3.0
            else:
                v = self.value(st, p, sp.effect) - self.cost_value(st, p, sp.cost) * 0.6
            best = max(best, v)
        return best

    def _move(self, st, p):
        tr = st.timer_row
        free = []
        current = {}
        for w, loc in p.workers.items():
            if loc in ("reserve", "council", "gone"):
                continue
            if loc == "mat":
                free.append(w)
                continue
            ar = st.worker_row(loc)
            if tr[ar[0]] == ar[1]:
                continue
            if loc[:2] == "B:":
                free.append(w)
            else:
                here = self._place_value(st, p, w, st.rules.frames[loc[2:]])
                if here < 0.5:
                    free.append(w)
                    current[w] = here
        if not free:
            return None
        own = str(p.seat)
        cands = []                                   # (value, frame, open to commons)
        for f in st.rules.targets(tr):
            occ = st.frame_occ[f.id]
            mine = False
            if occ:
                mine = any(x[:-2] == own for x in occ)
                if p.variant and mine:
                    continue
            v = self._place_value(st, p, None, f) - (1.0 if mine else 0.0)
            cands.append((v, f, not (occ and f.blocking)))
        best, bv = None, -1e9
        for w in free:
            grande = w[-2] == "g"
            floor = current[w] + 1.5 if w in current else None
            for v, f, open_ in cands:
                if not open_ and not grande:
                    continue
                if floor is not None and v < floor:
                    continue
                if v > bv:
                    best, bv = (w, f.id), v
        if best is None:
            return None
        return st.rules.move_objs(p.seat, best[0])[best[1]]

    def _flip(self, st, p):
        for a in ("black", "green", "purple"):
            if st.remaining[a] > 0:
                continue
            if a == "purple" and st.markers == 1 and self._best_act(st, p) is not None:
                continue            # do not call council while one of our workers can still act
            return A.Flip(p.seat, a)
        return None


def make_bot(kind: str, seat: int, seed: int):
    if kind == "random":
        return RandomBot(seat, seed)
    if kind in ("standard", "bot"):
        return StandardBot(seat, seed)
    raise ValueError(f"unknown bot kind {kind!r} (random, standard)")


class BotDriver:
    """Paces bots in engine time. ``bots`` maps seat -> kind (or bot object)."""

    def __init__(self, bots: dict, seed: int, delay: float = 1.5):
        self.bots = {s: (make_bot(k, s, seed) if isinstance(k, str) else k) for s, k in bots.items()}
        self.delay = float(delay)
        self.ready_at = {s: 0.0 for s in self.bots}

    def act(self, state) -> list:
        """Choose and apply, bot after bot, on the live state: ``[(action, events)]``. Use this when the
        caller does not route bot actions through ``state.submit`` (hot-seat UI, simulator, tests)."""
        out = []
        timed = state.rules.timed
        for s, bot in self.bots.items():
            if state.is_terminal():
                break
            if s not in state.seats_to_act():
                continue
            if timed and state.time + 1e-9 < self.ready_at[s]:
                continue
            a = bot.choose(state)
            if a is None:
                continue
            self.ready_at[s] = state.time + (self.delay if timed else 0.0)
            try:
                out.append((a, state.apply(a)))
            except IllegalActionError:
                pass
        return out

    def wait(self, state) -> float:
        """Engine seconds until the first bot with something to do may act (0: one may act now;
        ``math.inf``: no bot has anything to do)."""
        can = state.seats_to_act()
        waits = [self.ready_at[s] - state.time for s in self.bots if s in can]
        return max(0.0, min(waits)) if waits else math.inf

    def tick(self, state, dt: float = 0.0) -> list:
        """Actions the bots take now, all chosen on the same state (submit them: two bots may want the
        same thing, the 4.8 window sorts it out). In real-time play a bot acts at most once per ``delay``
        seconds of engine time; in untimed play every bot that can act returns one action."""
        out = []
        timed = state.rules.timed
        can = set(state.seats_to_act())
        for s, bot in self.bots.items():
            if s not in can:
                continue
            if timed and state.time + 1e-9 < self.ready_at[s]:
                continue
            a = bot.choose(state)
            if a is not None:
                out.append(a)
                self.ready_at[s] = state.time + (self.delay if timed else 0.0)
        return out
