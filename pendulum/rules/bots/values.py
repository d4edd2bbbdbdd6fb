"""How the standard bot values things (a mixin of its policy): resources and votes against its plan
(achievement, action costs, the last council), track steps towards the parchment, a frame by its best
reward box, how soon a timer brings a row into play. Memoised on this seat's own mat (the memo key:
``StandardBot.choose``)."""
from __future__ import annotations

from ..ids import compile_cost
from .kernel import FUNCS, RES_KEYS, VP_KEYS, board_function, value_function  # noqa: F401 (RES_KEYS, VP_KEYS: re-exported)

_SLOT_WEIGHT = {"brown": 1.1, "red": 1.2, "blue": 1.0, "yellow": 1.3}
_SPACE_MULTS: dict = {}    # (rules, SOON_BASE, SOON_W) -> area factors at each time-track space (``mults``)
_PLANS: dict = {}          # (rules, achievement to claim, last council without the legendary) -> plan
_PAY_COSTS: dict = {}       # a council payment "m/c/g" -> its cost dict (shared, never changed; bounded)
_PAY_COMPILED: dict = {}    # id(one of those dicts) -> compile_cost of it (the dict is kept, so the id is its own)


def _arrive_on_track(rules, space, area):
    """Time-track: 1 / how many spaces from the token's ``space`` the next flip of ``area`` is (0.2: none left)."""
    for k, (_space, flips, _call) in enumerate(rules.timer_track[space:], start=1):
        if area in flips:
            return 1.0 / k
    return 0.2


class Valuation:
    """Value of effects, costs, frames and choices for ``self.seat`` (see the module docstring)."""

    # weights (the easy and hard bots change some)
    SHORT_W = 3.0        # a cube that the plan still lacks
    VOTE_W = 2.2         # a vote that the plan still lacks
    CONQ = 5.0           # conquering a province before the last round
    RECRUIT = 7.0        # a new worker in rounds 1-2
    RECRUIT3 = 2.5       # ... in round 3
    SOON_BASE, SOON_W = 0.3, 0.7     # a frame's value times SOON_BASE + SOON_W * how soon its row plays

    WEIGHTS = ("SHORT_W", "VOTE_W", "CONQ", "RECRUIT", "RECRUIT3", "SOON_BASE", "SOON_W")   # read per decision

    plain_tracks = False     # the compiled effect functions call ``track_value`` (a subclass not made by __init__)

    def __init__(self):
        # a bot whose track_value is the plain one has it written out in the compiled effect functions
        self.plain_tracks = type(self).track_value is Valuation.track_value
        # the class's weights copied to the instance when it is made: CPython 3.11 specialises no read of a class
        # attribute through an instance (``bot.SHORT_W`` in the compiled effect functions: about 200 machine
        # instructions a read); an instance attribute's read is specialised
        for k in self.WEIGHTS:
            setattr(self, k, getattr(self, k))
        self._vmemo, self._soon_memo = {}, None
        self._board = {}
        self._memo_key = None
        self._kernel = (None, None)

    # ---------------------------------------------------------------- values
    def plan(self, st, p):
        """Targets for this moment: ``(want, votes, total)``, cube holdings and votes wanted (achievement, action
        costs, f5) and the wild total; depends only on the achievement and whether it is claimed, the
        legendary token and the last round, so it is kept per rule set for those."""
        ach = st.achievement
        claim = bool(ach) and p.claims == 0
        late = st.round >= st.rules.rounds
        key = (st.rules, ach if claim else None, not p.legendary and late)
        got = _PLANS.get(key)
        if got is None:
            want = (0, 0, 2)
            votes = 0
            total = 0
            if claim:
                req = st.rules.achievements[ach]["requires"]
                want = (max(want[0], req["military"]), max(want[1], req["culture"]), max(want[2], req["gold"]))
                votes = req["votes"]
                total = req["any_resource_total"]
            if key[2]:
                total = max(total, 10)                  # f5 at the last council: 10 wild -> legendary
            if len(_PLANS) > 1024:
                _PLANS.clear()
            got = _PLANS[key] = (want, votes, total)
        return got

    def _context(self, st, p):
        """What ``_value`` and ``_cost_value`` read of the plan and the mat, once per memo: ``(want, res,
        late, total, have, tshort, vneed, vkeep)`` (cubes, the last round, the plan's wild total, cubes held,
        how many of the total are missing, votes the plan still lacks, votes beyond the plan)."""
        ach = st.achievement
        late = st.round >= st.rules.rounds
        got = _PLANS.get((st.rules, ach if ach and p.claims == 0 else None, not p.legendary and late))
        want, vwant, total = got if got is not None else self.plan(st, p)      # (``plan``'s key: no call when kept)
        res = tuple(p.res)
        have = res[0] + res[1] + res[2]
        votes = p.votes
        ctx = self._vmemo["ctx"] = (want, res, late, total, have,
                                    total - have if total > have else 0,
                                    vwant - votes if vwant > votes else 0, votes - vwant if votes > vwant else 0)
        return ctx

    def track_value(self, st, p, t, n=1):
        P = st.rules.parchment
        v = 0.0
        pos = p.tracks[t]
        for _ in range(n):
            if pos >= st.rules.track_max:
                break
            v += 4.0 + 0.15 * (P - pos) if pos < P else 1.2
            pos += 1
        return v

    def value(self, st, p, eff, depth=0):
        if not eff:
            return 0.0
        if depth == 0:
            memo = self._vmemo
            k = id(eff)                               # (once: ``id`` raises an audit event at each call)
            got = memo.get(k)
            if got is not None and got[0] is eff:     # the memo keeps ``eff`` alive, so its id is not reused
                return got[1]
            got = FUNCS.get(k)                        # (``_value``, written out)
            fn = got[1] if got is not None and got[0] is eff else value_function(eff)
            v = fn(self, st, p, memo.get("ctx") or self._context(st, p), 0)
            memo[k] = (eff, v)
            return v
        return self._value(st, p, eff, depth)

    def _value(self, st, p, eff, depth=0):
        """What effect ``eff`` is worth to the plan now (``depth`` 1: a production's own parts, not its
        productions); worked out by the effect's compiled value function (``kernel.value_function``)."""
        got = FUNCS.get(id(eff))
        fn = got[1] if got is not None and got[0] is eff else value_function(eff)
        return fn(self, st, p, self._vmemo.get("ctx") or self._context(st, p), depth)

    def cost_value(self, st, p, cost):
        if not cost:
            return 0.0                      # what _cost_value gives for nothing to pay
        memo = self._vmemo
        key = -id(cost)                     # (a negative number: ``value`` keeps effects by their id)
        got = memo.get(key)
        if got is not None and got[0] is cost:
            return got[1]
        v = self._cost_value(st, p, cost)
        memo[key] = (cost, v)
        return v

    def _cost_value(self, st, p, cost):
        """What paying ``cost`` costs the plan: each cube (more for one the plan still needs), the wild cubes,
        the last council's total, votes the plan needs, track steps."""
        want, res, late, total, have, _tshort, _vneed, vkeep = self._vmemo.get("ctx") or self._context(st, p)
        c = st.rules.costs.get(id(cost))
        if c is None or c[0] is not cost:
            c = _PAY_COMPILED.get(id(cost))     # a council payment's split (``council_value``), or made now
            if c is None or c[0] is not cost:
                c = compile_cost(cost)
        _, cm, cc, cg, ca, cv, vps = c
        v = 0.0
        spent = 0
        if cm:                              # military, culture, gold in turn (unrolled: a hot path)
            spent += cm
            keep = res[0] - want[0]
            over = cm - (keep if keep > 0 else 0)
            v += 0.55 * cm + 2.0 * (over if over > 0 else 0)
        if cc:
            spent += cc
            keep = res[1] - want[1]
            over = cc - (keep if keep > 0 else 0)
            v += 0.55 * cc + 2.0 * (over if over > 0 else 0)
        if cg:
            spent += cg
            keep = res[2] - want[2]
            over = cg - (keep if keep > 0 else 0)
            v += 0.55 * cg + 2.0 * (over if over > 0 else 0)
        if ca:
            spent += ca
            v += 0.6 * ca
        if total and have - spent < total:
            t = total - (have - spent)
            v += (6.0 if late else 1.2) * (t if t < spent else spent)     # (min(spent, t), written out)
        if cv:
            over = cv - vkeep
            v += 0.6 * cv + 2.2 * (over if over > 0 else 0)
        for _t, n in vps:
            v += 4.5 * n
        return v

    def res_need(self, st, p):
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

    def vp_split_table(self, st, p, n):
        """``[[track_value(t, k) for k in 0..n] for t in 0..2]``: the value of a split ``(a, b, c)`` of ``n``
        track steps is ``0.0 + row0[a] + row1[b] + row2[c]``. With the plain ``track_value`` a row is its
        running sum: ``track_value(t, k)`` adds the same steps from 0.0 in the same order (the same floats)."""
        if type(self).track_value is not Valuation.track_value:
            return [[self.track_value(st, p, t, k) for k in range(n + 1)] for t in range(3)]
        P = st.rules.parchment
        top = st.rules.track_max
        rows = []
        for pos in p.tracks[:3]:
            v = 0.0
            row = [v]
            for _ in range(n):
                if pos < top:                       # (track_value stops at the top: the rest stay the same)
                    v += 4.0 + 0.15 * (P - pos) if pos < P else 1.2
                    pos += 1
                row.append(v)
            rows.append(row)
        return rows

    def slot_card_value(self, st, p, col, card):
        return self.value(st, p, st.rules.provinces[card][col]) * (1.5 if col in ("red", "yellow") else 1.0)

    def province_value(self, st, p, opt):
        card, col = opt.split(":")
        if card == "deck":
            return 0.8 * max(self.value(st, p, st.rules.provinces["prov01"][col]), 0.5) * self.slot_weight(col)
        return self.value(st, p, st.rules.provinces[card][col]) * self.slot_weight(col) + \
            (0.3 if len(p.slots[col]) < st.slot_limit(p) else -1.0)

    def slot_weight(self, col):
        return _SLOT_WEIGHT[col]

    def council_value(self, st, p, opt):
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
        cost = info["cost"]                 # (read only: the memo keeps its value for the rest of the memo)
        if pay:
            cost = _PAY_COSTS.get(pay)          # one dict per split, kept: the values' memo and compile_cost know it
            if cost is None:
                m, c, g = map(int, pay.split("/"))
                cost = {"military": m, "culture": c, "gold": g}
                if len(_PAY_COSTS) < 4096:
                    _PAY_COSTS[pay] = cost
                    _PAY_COMPILED[id(cost)] = compile_cost(cost)
        v -= self.cost_value(st, p, cost) * (0.3 if st.round >= r.rounds else 1.0)
        return v

    RATE = {"black": 1.0, "green": 0.6, "purple": 0.5}

    def soon(self, st, area):
        """0..1: how soon the timer of ``area`` arrives on its other row (times how fast the area cycles)."""
        soon = self._soon_memo
        if soon is None:                    # (``choose`` empties it each call)
            soon = self._soon_memo = {}
        v = soon.get(area)
        if v is None:
            v = soon[area] = self.RATE[area] * self._arrive(st, area)
        return v

    def _arrive(self, st, area):
        if st.rules.timed:
            rem = st.remaining[area]
            return 1.0 / (1.0 + rem / 60.0)
        return _arrive_on_track(st.rules, st.track_space, area)

    _space_mults = (None, ())   # time-track: (rules, the factors at each token space), shared (``mults``)

    def mults(self, st):
        """``{area: factor}`` a positive frame value is multiplied by (how soon its row comes into play), as
        ``place_value`` computes it. In time-track it depends on the token's space only: the factors of every
        space are worked out at once per rule set and weights, shared by the bots of a kind, and kept in
        ``self._space_mults`` (``_move`` reads them there, with no call)."""
        if st.rules.timed:
            return self._mults(st)
        rules = st.rules
        got = self._space_mults
        if got[0] is not rules:
            key = (rules, self.SOON_BASE, self.SOON_W)
            tab = _SPACE_MULTS.get(key)
            if tab is None:
                if len(_SPACE_MULTS) > 64:
                    _SPACE_MULTS.clear()
                b, w, rate = self.SOON_BASE, self.SOON_W, self.RATE
                tab = _SPACE_MULTS[key] = tuple(       # (the same sums as ``_mults``: the same floats)
                    {a: b + w * (rate[a] * _arrive_on_track(rules, space, a)) for a in rate}
                    for space in range(len(rules.timer_track) + 1))    # (``progress`` keeps the token in range)
            got = self._space_mults = (rules, tab)
        return got[1][st.track_space]

    def _mults(self, st):
        """``mults`` worked out (not in ``mults``: a comprehension there would make closure cells at every call)."""
        return {a: self.SOON_BASE + self.SOON_W * self.soon(st, a) for a in self.RATE}

    def place_value(self, st, p, w, f):
        best = (self._board.get(f.area) or self.area_board(st, p, f.area))[1][f.aidx]
        return best * (self.SOON_BASE + self.SOON_W * self.soon(st, f.area)) if best > 0 else best

    def area_board(self, st, p, area):
        """``({action id: act_term}, (frame_base at each Frame.aidx, ...))`` for the reward boxes and frames of
        ``area``, made at once by the rule set's compiled board function of that area (``kernel.board_function``)
        when first asked for in a memo (``StandardBot.choose`` keys it); ``self._board`` keeps them by area, and
        every caller looks there first (``self._board.get(area) or self.area_board(st, p, area)``): this makes them."""
        rules = st.rules
        kr, fns = self._kernel
        if kr is not rules:
            fns = board_function(rules, self, type(self).track_value is Valuation.track_value)
            self._kernel = (rules, fns)
        got = self._board[area] = fns[area](self, st, p, self._vmemo.get("ctx") or self._context(st, p))
        return got

    def act_term(self, st, p, sp):
        """What acting on reward box ``sp`` is worth at its plain cost (its effect less 0.6 times the cost's
        value), or None when the cost cannot be paid; with the other values of the memo (``area_board``)."""
        return (self._board.get(sp.area) or self.area_board(st, p, sp.area))[0][sp.action]

    def frame_base(self, st, p, f):
        """A frame's worth before timing: its best box (``act_term``; -3 for a box it cannot pay)."""
        return (self._board.get(f.area) or self.area_board(st, p, f.area))[1][f.aidx]
