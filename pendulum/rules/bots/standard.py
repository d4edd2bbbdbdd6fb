"""The standard bot: greedy and value-based (values in ``values.py``). Claims the legendary token whenever
it can, works towards the parchment on its weakest tracks, keeps 3 votes for achievements, buys
provinces, uses stratagems. Deterministic from the game seed."""
from __future__ import annotations

import random
from functools import cached_property

from .. import actions as A
from ..ids import TRACKS, triple
from .timing import DEFAULT_DELAY, draw, flip_stake, flip_wait, reaction_range
from .values import Valuation

_WAIT = "wait"          # _flip: a finished timer is not due to be flipped yet
# choose: (rules, a copy of the timer rows, ``rules.rows_table`` of them) as at the last decision of any bot (the
# table depends on those two only, so the seats of a game share it: one ``rows_table`` call a step, not one a seat),
# and the keys of the table's ``boxes`` (a view kept: no ``keys()`` call a decision)
_rows = (None, None, None, None)


_NEVER = ("skip_green_purple_gold_cost", "also_take_adjacent_action", "take_worker_action_twice",
          "place_worker_directly_on_timer_row", "return_one_discarded_stratagem", "exchange_military_culture")
_CLAIMS = ("claim_current_achievement", "claim_achievement_second_time")
_CARD_TABLES: dict = {}     # rules -> ``card_table`` (bounded)


def card_table(rules):
    """``{card id: (effect, cost, card, claims an achievement) or None}`` for ``_stratagem_raw``, made once per rule
    set: None for a card the bot never plays (a modifier, a direct placement, a return, an exchange, a
    retrieval)."""
    got = _CARD_TABLES.get(rules)
    if got is None:
        if len(_CARD_TABLES) > 16:
            _CARD_TABLES.clear()
        got = _CARD_TABLES[rules] = {}
        for card, info in rules.cards.items():
            eff = info["effect"]
            sp = eff.get("special")
            got[card] = None if sp in _NEVER or eff.get("retrieve_worker") else \
                (eff, info["cost"], info, sp in _CLAIMS)
    return got


def _weighted(split, need):
    """``sum(n * need[i] ...)`` of a resource split, added in the same order (the same float)."""
    return 0 + split[0] * need[0] + split[1] * need[1] + split[2] * need[2]


class StandardBot(Valuation):
    """Greedy, value-based: claims the legendary token whenever it can, works towards the
    parchment on its weakest tracks, keeps 3 votes for achievements, buys provinces, uses stratagems."""
    kind = "standard"
    _claimed = (None, None, None, None)      # choose: the last claim worked out (see there)
    STAY = 0.5           # a worker in a frame worth less than this (now) looks for a better one
    MOVE_GAIN = 1.5      # ... that is worth at least this much more
    WEIGHTS = Valuation.WEIGHTS + ("STAY", "MOVE_GAIN")

    def __init__(self, seat: int, seed: int):
        super().__init__()
        self.seat = seat
        self.seed = int(seed)
        self._own = str(seat)               # (a worker id's first character: ``_move``)

    @cached_property
    def rng(self):
        """The bot's own random stream, seeded when first used (the standard policy draws nothing from it, so a
        bot-only game does not seed one per seat; a subclass may set its own in ``__init__``)."""
        return random.Random((self.seed * 6007 + self.seat * 15485863) ^ 0x57D)

    # ---------------------------------------------------------------- decisions
    def _decide(self, st, p, dec):
        opts = st.decision_options(p, dec)
        if not opts:
            return None
        if opts == ["none"]:
            return "none"                   # nothing possible any more (e.g. the timer left the row)
        t = dec["t"]
        if t == "res":                      # (the loops below are ``max(opts, key=...)``: the first best option)
            n0, n1, n2 = self.res_need(st, p)
            best = None
            for o in opts:
                a, b, c = triple(o)
                v = 0 + a * n0 + b * n1 + c * n2           # (``_weighted``: the same float)
                if best is None or v > bv:
                    best, bv = o, v
            return best
        if t == "vp":
            r0, r1, r2 = self.vp_split_table(st, p, dec["n"])
            best = None
            for o in opts:
                a, b, c = triple(o)
                v = 0.0 + r0[a] + r1[b] + r2[c]
                if best is None or v > bv:
                    best, bv = o, v
            return best
        if t == "vp1":
            return max(opts, key=lambda o: self.track_value(st, p, TRACKS.index(o), dec["n"]))
        if t == "conquer":
            best = None
            for o in opts:
                v = self.province_value(st, p, o)
                if best is None or v > bv:
                    best, bv = o, v
            return best
        if t in ("retrieve", "promote"):
            return min(opts, key=lambda w: (0 if p.workers[w] == "mat" else 1, w))
        if t == "exchange":
            need = self.res_need(st, p)
            if need[1] > need[0]:
                cands = [o for o in opts if o.startswith("m>c")]
            else:
                cands = [o for o in opts if o.startswith("c>m")]
            cands = cands or opts
            return cands[len(cands) // 2]
        if t == "move_vp":
            def mv(o):
                a, b = (TRACKS.index(x) for x in o.split(">"))
                return self.track_value(st, p, b) - (4 if p.tracks[a] <= st.rules.parchment else 1.0)
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
            return min(opts, key=lambda o: self.slot_card_value(st, p, *o.split(":")))
        if t == "council":
            best = None
            for o in opts:
                v = self.council_value(st, p, o)
                if best is None or v > bv:
                    best, bv = o, v
            return best
        return opts[0]

    # ---------------------------------------------------------------- main policy
    _rev = _st = None       # choose: the mat's revision and the state the memo key was last checked at

    def mat_changed(self):
        """The next decision checks the memo key even if the mat's revision is the same (for a caller that
        wrote a mat outside the engine)."""
        self._rev = None

    def choose(self, st):
        """The bot's action for ``st``. The values are memoised (``self._vmemo``, ``self._board``) on this seat's own
        mat and the round's card/achievement: the key below, checked once per call (the state does not change
        meanwhile), and only when the engine wrote the mat since the last check (a new ``p.rev``, ids.MAT_REVS)
        or the state is another object: an unchanged revision means an unchanged key."""
        seat = self.seat
        p = st.players[seat]
        self._soon_memo = None
        if p.rev != self._rev or st is not self._st:
            if st is not self._st:
                self._st = st
                self._memo_key = None           # another state: the memo starts afresh (no ``id`` in the key)
            self._rev = p.rev
            r, t, s = p.res, p.tracks, p.slots         # (one tuple display, no unpacking or map: a hot path)
            key = (r[0], r[1], r[2], p.votes, t[0], t[1], t[2], p.legendary, p.claims, p.had_token,
                   len(p.discard), len(s["brown"]), len(s["red"]), len(s["blue"]), len(s["yellow"]), len(p.keep),
                   st.round, st.achievement, st.legendary)       # (the slots: ids.SLOTS, always all four)
            if self._memo_key != key:
                self._memo_key = key
                self._vmemo = {}
                self._board = {}
        ph = st.phase
        if p.decisions:
            if ph == "game_over":
                return None
            o = self._decide(st, p, p.decisions[0])
            return A.Choose(seat, o) if o is not None else None
        if ph == "action" or ph == "council_called":    # (the commonest first)
            playing = True
        elif ph == "council_adjust":
            playing = False
        elif ph == "opening":
            return self._opening(st, p)
        else:
            return None
        if p.done:
            return None
        global _rows
        tr, t = st.timer_row, _rows
        if t[0] is st.rules and t[1] == tr:
            table = t[2]                            # the timer rows as at the last decision of any bot
        else:
            table = st.rules.rows_table(tr)
            t = _rows = (st.rules, dict(tr), table, table[2].keys())
        if playing:
            # a claim now, or None: kept with the values' memo (the key above: the seat's mat, the achievement and
            # the legendary token) for the phase and the claimed markers, the only other things ``_claim`` reads
            memo = self._vmemo
            n = len(st.achievement_markers)
            c = self._claimed                   # (the values' memo it was worked out with, phase, markers, claim)
            if c[0] is memo and c[1] == ph and c[2] == n:
                a = c[3]
            else:                               # a claim now, or None (written out: a method is a call)
                a = None
                if not st.claim_refusal(p, False):
                    c = st.rules.seat_objs(seat)["claim"]
                    if st.legendary_available(p):
                        a = c[0]
                    elif st.legendary in ("council_deck", "waiting", "achievement_deck", "taken") \
                            or p.had_token or p.legendary:
                        a = c[1]        # keep the claim for the legendary token if it may still come this round
                self._claimed = (memo, ph, n, a)
            if a is not None:                   # (an action or None: ``is`` asks the object nothing)
                return a
            if not t[3].isdisjoint(p.workers.values()):     # a worker in a frame on a timer row
                a = self._best_act(st, p, table, True)
                if a is not None:
                    return a
            # a stratagem: kept with the values' memo for the rest of what it reads (``_stratagem``); a None kept
            # there is taken here (no call)
            key = ("strat", ph, len(p.hand), st.legendary, n, tuple(p.armed) if p.armed else (),
                   True if st.province_deck else any(st.display))      # (no tuple() or bool() call when not needed)
            got = memo.get(key, memo)               # (the memo itself: not there yet)
            if got is not None:
                a = self._stratagem(st, p, key, got)
                if a is not None:
                    return a
            a = self._move(st, p, table)
            if a is not None:
                return a
            if st.rules.timed and ph == "action":
                a = self._flip(st, p)
                if a is _WAIT:             # a finished timer it will flip later (or a person may): not done
                    return self._objs(st)["refill"] if st.province_deck and not all(st.display) else None
                if a:
                    return a
        else:
            a = self._move(st, p, table)
            if a is not None:
                return a
        ends = self._ends                         # the shared action objects (equal to new ones)
        if ends[0] is not st.rules:
            objs = self._objs(st)
            ends = self._ends = (st.rules, objs["refill"], objs["done"][0])
        if st.province_deck and not all(st.display):
            return ends[1]
        return ends[2]

    _ends = (None, None, None)  # (rules, this seat's Refill, its Done)
    _seat_objs = (None, None)   # (rules, ``rules.seat_objs`` of this seat)

    def _objs(self, st):
        got = self._seat_objs
        if got[0] is not st.rules:
            got = self._seat_objs = (st.rules, st.rules.seat_objs(self.seat))
        return got[1]

    def _opening(self, st, p):
        """The opening placement (a method of its own: a lambda in ``choose`` would make cells at every call)."""
        acts = st.legal_actions(self.seat)
        if not acts:
            return None
        return max(acts, key=lambda a: self.place_value(st, p, a.worker, st.rules.frames[a.to]))

    def _best_act(self, st, p, table=None, some=False):
        """The best act of a worker in a frame on a timer row (worth more than 0.05), or None; ``table``:
        ``rules.rows_table`` of the timer rows, when the caller has it; ``some``: the caller saw a worker in a
        frame on a timer row."""
        rules = st.rules
        boxes = (table or rules.rows_table(st.timer_row))[2]      # the boxes under each frame on a timer row
        if not some and boxes.keys().isdisjoint(p.workers.values()):
            return None                             # no worker in a frame on a timer row (one C-level pass)
        best, bv = None, 0.05
        plain = "skip_gold" not in p.armed        # else act_cost may lower the cost
        board = self._board
        for w, loc in p.workers.items():
            if loc not in boxes:
                continue                            # not in a frame on a timer row
            area, here = boxes[loc]
            acts = (board.get(area) or self.area_board(st, p, area))[0]
            for sid, action in here:
                if plain:
                    v = acts[action]
                    if v is None:
                        continue
                else:
                    sp = rules.spaces[sid]
                    cost = st.act_cost(p, sp)
                    if not st.can_pay(p, cost):
                        continue
                    v = self.value(st, p, sp.effect) - self.cost_value(st, p, cost) * 0.6
                if v > bv:
                    best, bv = (w, sid), v
        return rules.act_obj(p.seat, best[0], best[1]) if best else None

    def _stratagem(self, st, p, key, got):
        """The stratagem to play or pick up now, or None; ``got``: what the values' memo keeps under ``key`` (the
        phase, the hand's size, the legendary token, the claimed markers, the armed modifiers, whether provinces
        are left), the memo itself when nothing yet (``choose``)."""
        memo = self._vmemo
        if got is not memo:
            if got is None or (got.kind == "play" and st.why_not(got) is None) \
                    or (got.kind == "pickup" and p.discard and st.can_pay(p, st.rules.pickup_cost)):
                return got
        got = memo[key] = self._stratagem_raw(st, p)
        return got

    _cards = (None, None)   # _stratagem_raw: (rules, ``card_table`` of them)

    def _stratagem_raw(self, st, p):
        best, bv = None, 0.3
        r = st.rules
        got = self._cards
        if got[0] is not r:
            got = self._cards = (r, card_table(r))
        table = got[1]
        for card in p.hand:
            c = table[card]
            if c is None:
                continue                            # a card this bot never plays
            eff, cost, info, claim = c
            # its worth first: a card that cannot beat the best so far is not checked further (the same choice as
            # checking every card, as only a better one is taken)
            v = self.value(st, p, eff) - self.cost_value(st, p, cost)
            if claim:
                v = 30 if st.legendary_available(p) else 2.0
            if not v > bv:
                continue
            if st.card_refusal(p, card, info):
                continue
            pays = st.pay_options(p, cost)
            if not pays:
                continue
            pay = pays[0]
            if cost.get("any_resource"):
                pay = self._cheapest_pay(st, p, pays)
            best, bv = A.Play(p.seat, card, pay), v
        if best is None and p.discard and p.res[1] >= 7 and st.can_pay(p, r.pickup_cost):
            return A.Pickup(p.seat)
        return best

    def _cheapest_pay(self, st, p, pays):
        """The payment of a wild cost the bot misses least (a method: a lambda in ``_stratagem_raw`` would make a
        closure cell at every call)."""
        need = self.res_need(st, p)
        return min(pays, key=lambda o: _weighted(triple(o), need))

    def _move(self, st, p, table):
        """The best move of a worker that is free to move (on the mat, on a reward box, or in a frame worth
        little now) to a frame off the timer rows; the first best in worker and frame order. ``table``:
        ``rules.rows_table`` of the timer rows."""
        rules = st.rules
        where = table[1]
        board = self._board
        kr, fns = self._kernel                      # (a missing board is made here: ``area_board`` written out)
        if kr is not rules:
            fns = None
        got = self._space_mults                     # (time-track: the factors at each token space, ``mults``)
        mult = got[1][st.track_space] if got[0] is rules else self.mults(st)
        free = current = None                       # (made when first needed: most decisions find no free worker)
        for w, loc in p.workers.items():
            f = where[loc]
            if f is False:
                continue                            # off the board, or on a timer row
            if f is True:                           # on the mat, or on a reward box
                if free is None:
                    free = [w]
                else:
                    free.append(w)
                continue
            area = f.area
            got = board.get(area)
            if got is None:
                got = board[area] = fns[area](self, st, p, self._vmemo.get("ctx") or self._context(st, p)) \
                    if fns is not None else self.area_board(st, p, area)
            here = got[1][f.aidx]
            if here > 0.0:                          # (bases are floats: a float compare, not a mixed one)
                here = here * mult[area]
            if here < self.STAY:
                if free is None:
                    free = [w]
                else:
                    free.append(w)
                if current is None:
                    current = {w: here}
                else:
                    current[w] = here
        if free is None:
            return None
        own = self._own
        variant = p.variant
        occs = st.frame_occ
        best_c = best_g = None                      # first best frame (in frame order) for a common / a grande
        vc = vg = -1e9
        for area, frames in table[3]:               # the frames off the timer rows, in frame order, by area
            got = board.get(area)
            if got is None:
                got = board[area] = fns[area](self, st, p, self._vmemo.get("ctx") or self._context(st, p)) \
                    if fns is not None else self.area_board(st, p, area)
            bases = got[1]
            m = mult[area]
            for f, _akey in frames:
                v = bases[f.aidx]                   # (by number: a tuple key would be hashed each time)
                if v > 0.0:
                    v = v * m                       # the frame's worth times how soon its row plays
                if v <= vc:
                    continue                        # cannot win: vg >= vc, and a tie goes to the first frame
                occ = occs[f.id]
                if occ:
                    for x in occ:
                        if x[0] == own:             # (worker ids: "<seat 0-4><c|g><k>", neutral "n<k>")
                            break
                    else:
                        x = None
                    if x is not None:               # one of ours is there already
                        if variant:
                            continue
                        v = v - 1.0
                    if v > vg:
                        best_g, vg = f, v
                    if f.blocking:
                        continue                    # only a grande may join a worker in a blocking frame
                elif v > vg:
                    best_g, vg = f, v
                if v > vc:
                    best_c, vc = f, v
        best, bv = None, -1e9
        for w in free:
            if w[-2] == "g":
                f, v = best_g, vg
            else:
                f, v = best_c, vc
            if f is None or (current is not None and w in current and v < current[w] + self.MOVE_GAIN):
                continue
            if v > bv:
                best, bv = (w, f.id), v
        if best is None:
            return None
        return rules.move_objs(p.seat, best[0])[best[1]]

    def _flip(self, st, p):
        """A flip that is due (timing.py: the reaction and the stake of this seat in it), ``_WAIT`` while a
        finished timer is not due yet, or None."""
        delay = st.rules.bot_delay
        lo, hi = reaction_range(self.kind, delay)
        waiting = False
        for k, a in enumerate(("black", "green", "purple")):
            if st.remaining[a] > 0:
                continue
            if a == "purple" and st.markers == 1 and self._best_act(st, p) is not None:
                continue            # do not call council while one of our workers can still act
            gain, loss = flip_stake(st, p, a)
            waited = st.since_finish[a]
            due = flip_wait(gain, loss, draw(self.seed, self.seat, k + 1, st.time - waited, lo, hi),
                            delay / DEFAULT_DELAY)
            if waited + 1e-9 >= due:
                return A.Flip(p.seat, a)
            waiting = True
        return _WAIT if waiting else None
