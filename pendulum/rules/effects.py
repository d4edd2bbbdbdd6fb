"""Effects and choices: what an accepted action does to the state (PendulumState part).

``resolve(p, action, events)`` carries out an action ``why_not`` accepted (``apply`` checks first); the
``_do_<kind>`` handlers and the ``_choose_<decision>`` resolvers live here with the reward engine ``gain``
(5.2), payments, worker movement, timer flips and achievement claims. Choices a reward offers become
pending decisions of the seat (``open_decision``); their options are listed by the legality part.

Every write of a player's mat here (cubes, votes, tracks, glory, cards, slots, claims, the legendary token)
takes a new revision for it (``p.rev = next(MAT_REVS)``, ids.py), and a change of what every mat is valued
against (the legendary token's place; the council's round and achievement) a new one for every player
(``shared_changed``): the bots keep their values while the revision is the same. The pieces (workers,
done, decisions, armed modifiers) are not part of it. tests/pendulum/test_bot_mat_rev.py checks each write.
"""
from __future__ import annotations

from . import actions as A
from .ids import ARMING, MAT_REVS, RES, RI, ROWS, TI, TRACK_I, TRACKS, compile_gain, parse3


_VP_KEYS = tuple(TI)            # track index -> its cost key ("power_vp", ...)
RES_KEYS = tuple(RI)            # resource index -> its key ("military", ...)

_RES_REWARDS: dict = {}         # a chosen split "m/c/g" -> its reward dict (shared, never changed)
_VP_REWARDS: dict = {}          # a chosen split of track steps "a/b/c" -> its reward dict
_CHOSEN: dict = {}              # id(one of those dicts) -> compile_gain of it (the dict is kept, so the id is its own)
_CHOSEN_MAX = 2048              # splits kept per table (a mod's bigger splits are made afresh)


def _chosen_reward(table, keys, opt):
    """The reward of a chosen split ``opt`` ("a/b/c", checked by ``why_not``) as a dict with ``keys``: made and
    compiled once per option, as the dict ``{keys[0]: a, keys[1]: b, keys[2]: c}`` the choice gives."""
    eff = table.get(opt)
    if eff is None:
        a, b, c = parse3(opt)
        eff = {keys[0]: a, keys[1]: b, keys[2]: c}
        if len(table) < _CHOSEN_MAX:
            table[opt] = eff
            _CHOSEN[id(eff)] = compile_gain(eff)
    return eff


class Effects:
    """Mixin of PendulumState. Methods other parts call are public; the handlers are this part's own."""

    def resolve(self, p, action, ev):
        """Carry out a legal ``action`` of seat ``p`` (checked by ``why_not``), appending its events to ``ev``
        (None: none are made -- every part here takes that, ``PendulumState.apply_chosen``)."""
        HANDLERS[action.kind](self, p, action, ev)

    def shared_changed(self):
        """The round, the achievement or the legendary token's place changed: every mat is valued afresh."""
        for p in self.players:
            p.rev = next(MAT_REVS)

    def pay(self, p, cost: dict, pay, ev):
        p.rev = next(MAT_REVS)
        c = self.rules.costs.get(id(cost))
        if c is not None and c[0] is cost and not pay:     # a static cost, compiled: its non-zero parts only
            _, cm, cc, cg, _any, cv, vps = c
            if cm:
                p.res[0] -= cm
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"military={cm}"))
            if cc:
                p.res[1] -= cc
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"culture={cc}"))
            if cg:
                p.res[2] -= cg
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"gold={cg}"))
            if cv:
                p.votes -= cv
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"votes={cv}"))
            for t, v in vps:
                p.tracks[t] -= v
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"{_VP_KEYS[t]}={v}"))
            return
        for key, i in RI.items():
            v = cost.get(key, 0)
            if v:
                p.res[i] -= v
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"{key}={v}"))
        if pay:
            for i, v in enumerate(pay):
                if v:
                    p.res[i] -= v
                    if ev is not None:
                        ev.append(A.Paid(p.seat, f"{RES[i]}={v}"))
        v = cost.get("votes", 0)
        if v:
            p.votes -= v
            if ev is not None:
                ev.append(A.Paid(p.seat, f"votes={v}"))
        for key, t in TI.items():
            v = cost.get(key, 0)
            if v:
                p.tracks[t] -= v
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"{key}={v}"))

    def track_gain(self, p, t, n, ev):
        p.rev = next(MAT_REVS)
        cap = self.rules.track_max
        room = cap - p.tracks[t]
        step = room if room < n else n            # (min and max written out: this runs at every track step)
        if step > 0:
            p.tracks[t] += step
            if ev is not None:
                ev.append(A.Gained(p.seat, f"{TRACKS[t]}_vp={step}"))
            extra = n - step
        else:
            extra = n - 0
        if extra > 0 and p.variant and p.res[t] > 0:   # 1.7 glory: the player may bank further steps
            self.open_decision(p, {"t": "glory", "track": t, "n": extra}, ev)

    def open_decision(self, p, dec: dict, ev):
        p.decisions.append(dec)
        if ev is not None:
            ev.append(A.DecisionOpened(p.seat, dec["t"]))

    def gain(self, p, eff: dict, ev, ctx=None):
        """Apply a reward (5.2). Choices become pending decisions of the seat."""
        p.rev = next(MAT_REVS)                   # (for _gain_rest's writes too)
        cap = self.rules.cap
        c = self.rules.gains.get(id(eff))
        if c is None or c[0] is not eff:
            c = _CHOSEN.get(id(eff))             # a chosen split of cubes or track steps (_chosen_reward)
            if c is None or c[0] is not eff:
                c = compile_gain(eff)            # made on the fly: read it now
        _, res, votes, vps, rest = c
        for key, i, v in res:
            got = cap - p.glory[i] - p.res[i]                    # glory cubes lower the cap (1.7)
            if not got < v:
                got = v                                          # (min(v, got), written out)
            if got > 0:
                p.res[i] += got
                if ev is not None:
                    ev.append(A.Gained(p.seat, f"{key}={got}"))
        if votes:
            p.votes += votes
            if ev is not None:
                ev.append(A.Gained(p.seat, f"votes={votes}"))
        for t, v in vps:
            self.track_gain(p, t, v, ev)
        if rest:
            if rest is True:
                self._gain_rest(p, eff, ev, ctx)
            else:
                self._produce(p, rest, ev)       # a production alone (``compile_gain``): its colour

    def _gain_rest(self, p, eff, ev, ctx):
        """``gain`` after the cubes, votes and track steps (the parts few rewards have)."""
        if eff.get("legendary_vp") and not p.legendary:
            p.legendary = True
            if ev is not None:
                ev.append(A.Gained(p.seat, "legendary_vp=1"))
        v = eff.get("any_resource", 0)
        if v:
            self.open_decision(p, {"t": "res", "n": v}, ev)
        v = eff.get("any_vp", 0)
        if v:
            self.open_decision(p, {"t": "vp", "n": v}, ev)
        col = eff.get("production")
        if col:
            self._produce(p, col, ev)
        if eff.get("conquer_province"):
            if self.display_cards() or self.province_deck:
                self.open_decision(p, {"t": "conquer"}, ev)
        if eff.get("retrieve_worker"):
            if self.any_on_timer_row(p):
                self.open_decision(p, {"t": "retrieve"}, ev)
        if eff.get("pickup_all_stratagems") and p.discard:
            cards = tuple(p.discard)
            p.hand.extend(p.discard)
            p.discard.clear()
            if ev is not None:
                ev.append(A.StratagemsPickedUp(p.seat, cards))
        if eff.get("recruit_common_worker"):
            w = self.reserve_common(p)
            if w and self.workers_in_play(p) < self.rules.max_workers:
                p.workers[w] = "mat"
                if ev is not None:
                    ev.append(A.WorkerMoved(p.seat, w, "reserve", "mat"))
        if eff.get("province_slot_limit"):
            pass                                   # the card itself is kept (council handles it)
        sp = eff.get("special")
        if sp:
            self._special(p, sp, eff, ev, ctx)

    def _produce(self, p, col, ev):
        """A production of slot colour ``col``: the character's, then each province's in that slot."""
        self.gain(p, self.rules.production[p.character][col], ev)
        for card in p.slots[col]:
            self.gain(p, self.rules.provinces[card][col], ev)

    def _special(self, p, sp, eff, ev, ctx):
        if sp in ARMING:
            mod = ARMING[sp]
            p.armed.append(mod)
            if ev is not None:
                ev.append(A.Armed(p.seat, mod))
        elif sp == "move_one_vp":
            self.open_decision(p, {"t": "move_vp"}, ev)
        elif sp == "promote_common_to_grande":
            self.open_decision(p, {"t": "promote"}, ev)
        elif sp == "place_worker_directly_on_timer_row":
            self.open_decision(p, {"t": "direct"}, ev)
        elif sp == "exchange_military_culture":
            self.open_decision(p, {"t": "exchange"}, ev)
        elif sp == "claim_current_achievement":
            self.open_decision(p, {"t": "claim", "waive": bool(self.rules.options["pacifist_claim_waives_requirements"])}, ev)
        elif sp == "claim_achievement_second_time":
            self.open_decision(p, {"t": "claim", "waive": not self.rules.options["tyrant_second_claim_requires"]}, ev)
        elif sp == "vp_of_choice":
            self.open_decision(p, {"t": "vp1", "n": eff.get("amount", 2)}, ev)
        elif sp == "return_one_discarded_stratagem":
            self.open_decision(p, {"t": "return", "self": ctx or ""}, ev)

    def move_worker(self, p, w, to, ev):
        frm = p.workers[w]
        frames = self.rules.loc_frame                       # (a location's frame: no slicing, no new string)
        f = frames.get(frm)
        if f is not None:
            self.frame_occ[f.id].remove(w)
        f = frames.get(to)
        if f is not None:
            self.frame_occ[f.id].append(w)
        p.workers[w] = to
        if ev is not None:
            ev.append(A.WorkerMoved(p.seat, w, frm, to))

    def _do_move(self, p, a, ev):
        self.move_worker(p, a.worker, "mat" if a.to == "mat" else self.rules.frame_loc[a.to], ev)
        if self.phase == "opening":
            self.opening.pop(0)
    def _do_act(self, p, a, ev):
        sp = self.rules.spaces[a.space]
        cost = self.act_cost(p, sp)
        armed = p.armed
        p.armed = []
        twice = "twice" in armed and self.can_pay(p, {k: v * 2 for k, v in cost.items()}) \
            if self.rules.options["pacifist_twice_pays_twice"] else "twice" in armed
        self.move_worker(p, a.worker, self.rules.box_loc[sp.id], ev)
        if ev is not None:
            ev.append(A.WorkerActed(p.seat, a.worker, sp.id))
        self.pay(p, cost, None, ev)
        if twice and self.rules.options["pacifist_twice_pays_twice"]:
            self.pay(p, cost, None, ev)
        self.gain(p, sp.effect, ev)
        if twice:
            self.gain(p, sp.effect, ev)
        if "adjacent" in armed:
            self._open_adjacent(p, sp, ev)

    def _open_adjacent(self, p, sp, ev):
        """The armed "adjacent" modifier: the boxes beside ``sp`` that ``p`` can pay, as a decision. (Not in
        ``_do_act``: a comprehension there would make closure cells at every act.)"""
        opts = [s.id for s in self.rules.spaces_by_row[(sp.area, sp.row)]
                if abs(s.index - sp.index) == 1 and self.can_pay(p, s.cost)]
        if opts:
            self.open_decision(p, {"t": "adjacent", "opts": opts}, ev)

    def _do_flip(self, p, a, ev):
        self.flip_timer(a.timer, p.seat, ev)
    def flip_timer(self, timer, by, ev):
        self.timer_row[timer] = 1 - self.timer_row[timer]
        self.remaining[timer] = self.rules.timer_seconds[timer] if self.rules.timed else 0.0
        self.since_finish[timer] = 0.0
        if timer == "purple":
            self.markers = max(0, self.markers - 1)
        if ev is not None:
            ev.append(A.TimerFlipped(by, timer, ROWS[self.timer_row[timer]], self.markers))
        if self.rules.timed and self.phase == "action":
            for p in self.players:          # rows changed: everyone may want to act again
                p.done = False
        if timer == "purple" and self.markers == 0 and self.phase == "action":
            self.set_phase("council_called", ev)

    def _do_play(self, p, a, ev):
        info = self.rules.cards[a.card]
        pay = parse3(a.pay) if a.pay else None
        cost = {k: v for k, v in info["cost"].items() if k != "any_resource"}
        p.hand.remove(a.card)
        p.discard.append(a.card)
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.StratagemPlayed(p.seat, a.card))
        self.pay(p, cost, pay, ev)
        self.gain(p, info["effect"], ev, ctx=a.card)

    def _do_pickup(self, p, a, ev):
        self.pay(p, self.rules.pickup_cost, None, ev)
        self.gain(p, {"pickup_all_stratagems": True}, ev)
    def _do_claim(self, p, a, ev):
        self.claim_achievement(p, a.take, ev)
    def claim_achievement(self, p, take, ev):
        p.claims += 1
        p.rev = next(MAT_REVS)
        self.achievement_markers.append(p.seat)
        if ev is not None:
            ev.append(A.AchievementClaimed(p.seat, self.achievement, take))
        if take == "legendary":
            self.legendary = "taken"
            p.had_token = True
            self.shared_changed()
            self.gain(p, {"legendary_vp": 1}, ev)
        else:
            self.gain(p, self.rules.achievements[self.achievement]["reward"], ev)

    def _do_refill(self, p, a, ev):
        for i, c in enumerate(self.display):
            if not c and self.province_deck:
                self.display[i] = self.province_deck.pop()
        if ev is not None:
            ev.append(A.ProvinceDisplayChanged(p.seat, tuple(c or "" for c in self.display)))
    def _do_done(self, p, a, ev):
        if a.last:
            self.wait_last.append(p.seat)
        p.done = True
        if ev is not None:
            ev.append(A.DeclaredDone(p.seat))
        if self.closing and self.closing[0] == p.seat:
            self.closing.pop(0)
            if self.closing:
                self.players[self.closing[0]].done = False
    def _do_resume(self, p, a, ev):
        p.done = False
        if p.seat in self.wait_last:
            self.wait_last.remove(p.seat)
        if ev is not None:
            ev.append(A.ResumedPlay(p.seat))
    def _do_choose(self, p, a, ev):
        dec = p.decisions.pop(0)
        if ev is not None:
            ev.append(A.Chosen(p.seat, dec["t"], a.option))
        rest, p.decisions = p.decisions, []
        if a.option != "none" or dec["t"] == "adjacent":
            getattr(self, "_choose_" + dec["t"])(p, dec, a.option, ev)
        p.decisions.extend(rest)            # choices opened by this one come first
    def _choose_res(self, p, dec, opt, ev):
        self.gain(p, _chosen_reward(_RES_REWARDS, RES_KEYS, opt), ev)

    def _choose_vp(self, p, dec, opt, ev):
        self.gain(p, _chosen_reward(_VP_REWARDS, _VP_KEYS, opt), ev)

    def _choose_vp1(self, p, dec, opt, ev):
        self.track_gain(p, TRACK_I[opt], dec["n"], ev)

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
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.ProvinceTaken(p.seat, card, frm, col))

    def _choose_retrieve(self, p, dec, opt, ev):
        self.move_worker(p, opt, "mat", ev)

    def _choose_promote(self, p, dec, opt, ev):
        g2 = f"{p.seat}g2"
        loc = p.workers[opt]
        if loc[:2] == "F:":
            occ = self.frame_occ[loc[2:]]
            occ[occ.index(opt)] = g2
        p.workers[g2] = loc
        p.workers[opt] = "reserve" if self.rules.options["recruit_from_promoted"] else "gone"
        if ev is not None:
            ev.append(A.WorkerMoved(p.seat, g2, "council", loc))
            ev.append(A.WorkerMoved(p.seat, opt, loc, p.workers[opt]))

    def _choose_exchange(self, p, dec, opt, ev):
        d, k = opt.split(":")
        k = int(k)
        src, dst = (0, 1) if d == "m>c" else (1, 0)
        p.res[src] -= k
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.Paid(p.seat, f"{RES[src]}={k}"))
        self.gain(p, {RES[dst]: k}, ev)

    def _choose_move_vp(self, p, dec, opt, ev):
        a, b = (TRACK_I[x] for x in opt.split(">"))
        p.tracks[a] -= 1
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.Paid(p.seat, f"{TRACKS[a]}_vp=1"))
        self.track_gain(p, b, 1, ev)

    def _choose_return(self, p, dec, opt, ev):
        p.discard.remove(opt)
        p.hand.append(opt)
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.StratagemsPickedUp(p.seat, (opt,)))

    def _choose_direct(self, p, dec, opt, ev):
        w, sid = opt.split("@")
        sp = self.rules.spaces[sid]
        self.move_worker(p, w, "B:" + sid, ev)
        if ev is not None:
            ev.append(A.WorkerActed(p.seat, w, sid))
        self.pay(p, sp.cost, None, ev)
        self.gain(p, sp.effect, ev)

    def _choose_adjacent(self, p, dec, opt, ev):
        if opt == "none":
            return
        sp = self.rules.spaces[opt]
        if not self.can_pay(p, sp.cost):
            return
        self.pay(p, sp.cost, None, ev)
        self.gain(p, sp.effect, ev)

    def _choose_claim(self, p, dec, opt, ev):
        self.claim_achievement(p, opt, ev)

    def _choose_glory(self, p, dec, opt, ev):
        t, k = dec["track"], int(opt)
        if k:
            p.res[t] -= k
            p.glory[t] += k
            p.rev = next(MAT_REVS)
            if ev is not None:
                ev.append(A.Gained(p.seat, f"glory_{TRACKS[t]}={k}"))

    def _choose_trim(self, p, dec, opt, ev):
        col, card = opt.split(":")
        p.slots[col].remove(card)
        p.rev = next(MAT_REVS)
        if ev is not None:
            ev.append(A.ProvinceRemoved(p.seat, card, col))
        if any(len(v) > self.slot_limit(p) for v in p.slots.values()):
            self.open_decision(p, {"t": "trim"}, ev)

    def _choose_council(self, p, dec, opt, ev):
        card, _, pay = opt.partition("=")
        if ev is not None:
            ev.append(A.CouncilRewardTaken(p.seat, card))
        r = self.rules
        if card == r.council_default:
            self.gain(p, r.cards[card]["effect"], ev)
            return
        if card == r.council_grande:
            self.grande_up = False
            self.open_decision(p, {"t": "promote"}, ev)
            return
        info = r.cards[card]
        self.council_offer[self.council_offer.index(card)] = None
        kind = info["kind"]
        if kind == "final":                         # 5.8: only the final cards are paid when chosen
            cost = {k: v for k, v in info["cost"].items() if k != "any_resource"}
            self.pay(p, cost, parse3(pay) if pay else None, ev)
        if kind == "stratagem":
            p.hand.append(card)
            p.rev = next(MAT_REVS)
        elif kind == "keep_beside_mat":
            p.keep.append(card)
            p.rev = next(MAT_REVS)
        else:
            self.gain(p, info["effect"], ev)


# kind -> its handler (a table: one lookup per applied action)
HANDLERS = {kind: getattr(Effects, "_do_" + kind) for kind in
            ("move", "act", "flip", "play", "pickup", "claim", "refill", "done", "resume", "choose")}
# an action's class -> its handler (``apply_chosen``: ``type(a)`` is read faster than the class attribute ``a.kind``)
HANDLER_OF = {cls: HANDLERS[cls.kind] for cls in
              (A.Move, A.Act, A.Flip, A.Play, A.Pickup, A.Claim, A.Refill, A.Done, A.Resume, A.Choose)}
