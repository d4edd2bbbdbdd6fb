"""Legality, the one source (DESIGN.md): ``why_not`` says why an action is refused, and ``legal_actions``
lists exactly the actions ``why_not`` accepts, because both are built from the same checks:

* a gate per kind and seat (phase, pending choice, done) -- ``_move_gate``, ``_act_gate``, ``_play_gate``;
* a check per piece (``_worker_gates``: which of the seat's workers may move now);
* a check per target (``_frame_gates``: may a common or a grande worker enter that frame; ``_act_at``: may
  it act there;
  ``_pay_refusal``/``card_refusal``: may this card be played with this payment).

``why_not`` runs gate, piece and target check for one action; ``legal_actions`` runs the gate once and
the piece and frame checks over all workers and frames at once, so the lists are quick to build and cannot
disagree with ``apply``. The single-action kinds (flip, pickup, claim, refill, done, resume) are listed by
asking their ``_why_<kind>`` check. tests/pendulum/test_rules_refusals.py checks the agreement on random
states, for listed actions and for generated illegal candidates alike.

Aliases are not accepted: a Move goes to a gold frame id (or "mat"), never to a reward box id; the
drag-and-drop helper ``find_action`` turns a dropped-on reward box into its frame.
"""
from __future__ import annotations

from tabletop.engine import Action, Refusal

from . import actions as A
from .ids import AREAS, ARMING, DONE_PHASES, MOVE_PHASES, OFF_BOARD, PLAY_PHASES, SLOTS, TI, TRACKS, comps, \
    pay_str
from .refusals import REFUSE, about_worker, refusal as R


_ROW = (REFUSE.frame_on_timer_row, REFUSE.frame_on_timer_row)   # _frame_gate: (common, grande)
_OWN = (REFUSE.own_worker_in_frame, REFUSE.own_worker_in_frame)
_BLOCKED = (REFUSE.frame_needs_grande, None)
_OPEN = (None, None)


class Legality:
    """Mixin of PendulumState: everything that decides what may happen (reads the state, never changes it)."""

    # ------------------------------------------------------------------ the public questions
    def why_not(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else the ``Refusal`` (rule, i18n key, params) ``apply`` would
        raise. Never changes the state."""
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return R("no_seat", seat=seat)
        if self.phase == "game_over":
            return REFUSE.game_over
        kind = action.kind
        if self.closing and self.closing[0] != seat and kind != "refill":
            return REFUSE.closing_turn
        check = _CHECKS.get(kind)
        if check is None:
            return R("unknown_action", kind=kind)
        return check(self, self.players[seat], action)

    def legal_actions(self, seat) -> list[Action]:
        """Every action ``why_not`` accepts for ``seat`` now, in a fixed order (resume, moves, acts, flips,
        plays, pick up, claims, refill, done, done-and-act-last; or only the choices of a pending decision)."""
        if self.phase == "game_over" or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return []
        p = self.players[seat]
        objs = self.rules.seat_objs(seat)
        refill = [objs["refill"]] if self._why_refill(p, None) is None else []       # 3.6: any moment
        if self.closing and self.closing[0] != seat:
            return refill
        if p.decisions:
            return [A.Choose(seat, o) for o in self.decision_options(p, p.decisions[0])]
        out = []
        if p.done and self._why_resume(p, None) is None:
            out.append(objs["resume"])
        self._legal_moves(p, out)
        self._legal_acts(p, out)
        if self._flip_gate(p) is None:
            for flip in objs["flip"]:
                if self._timer_refusal(flip.timer) is None:
                    out.append(flip)
        self._legal_plays(p, out)
        if self._why_pickup(p, None) is None:
            out.append(objs["pickup"])
        if self._claim_gate(p) is None:
            for claim in objs["claim"]:
                if self._take_refusal(p, claim.take) is None:
                    out.append(claim)
        out.extend(refill)
        if self._done_gate(p) is None:
            for done in objs["done"]:
                if self._last_refusal(done) is None:
                    out.append(done)
        return out

    def find_action(self, source: str, target: str, seat: int | None = None) -> Action | Refusal:
        """Drag-and-drop: the action for dropping ``source`` (worker id, card id, timer id) on ``target``
        (frame id, reward box id, "mat"; "play"/"discard"/"" for a card; the timer itself or "flip" for a
        timer), or the ``Refusal`` saying why that drop is not legal. A reward box stands for its frame,
        unless the worker already stands in that frame (then it is the act). ``seat`` (optional) is the
        seat dragging: another seat's worker is refused, a card or timer is tried for that seat only."""
        rules = self.rules
        if source in AREAS:
            if target not in (source, "flip"):
                return R("no_such_target", source=source, target=target)
            seats = [seat] if seat is not None else list(range(len(self.players)))
            first = None
            for s in seats:
                act = A.Flip(s, source)
                why = self.why_not(act)
                if why is None:
                    return act
                first = first or why
            return first
        if source in rules.cards:
            if target not in ("discard", "play", ""):
                return R("no_such_target", source=source, target=target)
            if seat is None:
                seat = next((p.seat for p in self.players if source in p.hand), None)
                if seat is None:
                    return R("card_not_in_hand", card=source)
            if not isinstance(seat, int) or not 0 <= seat < len(self.players):
                return R("no_seat", seat=seat)
            pays = self.pay_options(self.players[seat], rules.cards[source]["cost"])
            act = A.Play(seat, source, pays[0] if pays else "")
            return self.why_not(act) or act
        try:
            owner = int(source[:-2])
        except ValueError:
            return R("no_such_piece", source=source)
        if not 0 <= owner < len(self.players) or source not in self.players[owner].workers:
            return R("no_such_piece", source=source)
        if seat is not None and seat != owner:
            return R("not_your_worker", worker=source)
        if target == "mat":
            act = A.Move(owner, source, "mat")
        elif target in rules.spaces:
            frame = rules.spaces[target].frame
            if self.players[owner].workers[source] == "F:" + frame:
                act = A.Act(owner, source, target)
            else:
                act = A.Move(owner, source, frame)
        elif target in rules.frames:
            act = A.Move(owner, source, target)
        else:
            return R("no_such_target", source=source, target=target)
        return self.why_not(act) or act

    # ------------------------------------------------------------------ moves (4.4 rule 1)
    def _move_gate(self, p):
        ph = self.phase
        if ph not in MOVE_PHASES:
            return REFUSE.workers_frozen
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        if ph == "opening" and (not self.opening or self.opening[0][0] != p.seat):
            return REFUSE.not_your_placement
        return None

    def _worker_gates(self, p, items):
        """For each ``(worker, location)``: why that worker may not move now (None: it may). One check for a
        single Move (``why_not``) and for all the seat's workers (``legal_actions``)."""
        out = []
        opening = self.opening[0][1] if self.phase == "opening" else None
        loc_row, tr = self.rules.loc_row, self.timer_row
        for w, loc in items:
            if loc is None:
                out.append(about_worker("not_your_worker", w))
            elif opening and (loc != "mat" or w[-2] != opening):
                out.append(REFUSE.place_grande_from_mat if opening == "g" else REFUSE.place_common_from_mat)
            elif loc in OFF_BOARD:
                out.append(about_worker("worker_not_in_play", w))
            elif loc != "mat" and tr[loc_row[loc][0]] == loc_row[loc][1]:
                out.append(about_worker("worker_on_timer_row", w))
            else:
                out.append(None)
        return out

    def _frame_gates(self, p, frames):
        """For each frame: (refusal for a common worker, refusal for a grande) entering it now; None = may
        enter. One check for a single Move and for every frame a seat's workers could go to."""
        out = []
        tr, occs = self.timer_row, self.frame_occ
        own = str(p.seat) if p.variant else None
        for fr in frames:
            if tr[fr.area] == fr.row:
                out.append(_ROW)
                continue
            occ = occs[fr.id]
            if not occ:
                out.append(_OPEN)
            elif own is not None and any(x[:-2] == own for x in occ):
                out.append(_OWN)
            else:
                out.append(_BLOCKED if fr.blocking else _OPEN)
        return out

    def _why_move(self, p, a):
        why = self._move_gate(p)
        if why:
            return why
        loc = p.workers.get(a.worker)
        why = self._worker_gates(p, ((a.worker, loc),))[0]
        if why:
            return why
        if a.to == "mat":
            return REFUSE.already_on_mat if loc == "mat" else None
        fr = self.rules.frames.get(a.to)
        if fr is None:
            return R("no_frame", frame=a.to)
        pair = self._frame_gates(p, (fr,))[0]
        if pair is _ROW:
            return pair[0]
        if loc == "F:" + fr.id:
            return REFUSE.already_in_frame
        return pair[a.worker[-2] == "g"]

    def _legal_moves(self, p, out):
        if self._move_gate(p):
            return
        rules = self.rules
        targets = rules.targets(self.timer_row)     # the frames not on a timer row: the others are _ROW
        gates = self._frame_gates(p, targets)
        open_to = ([f.id for f, pair in zip(targets, gates) if pair[0] is None],    # commons may enter
                   [f.id for f, pair in zip(targets, gates) if pair[1] is None])    # grandes may enter
        items = list(p.workers.items())
        append = out.append
        for (w, loc), why in zip(items, self._worker_gates(p, items)):
            if why:
                continue
            objs = rules.move_objs(p.seat, w)
            here = loc[2:] if loc[:2] == "F:" else None          # as in _why_move: already in that frame
            for fid in open_to[w[-2] == "g"]:
                if fid != here:
                    append(objs[fid])
            if loc != "mat":
                append(objs["mat"])

    # ------------------------------------------------------------------ acts (4.4 rule 2, 4.5)
    def _act_gate(self, p):
        if self.phase not in PLAY_PHASES:
            return REFUSE.act_phase
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        return None

    def _act_at(self, p, sp):
        """May a worker standing in the frame above reward box ``sp`` act there now."""
        if self.timer_row[sp.area] != sp.row:
            return REFUSE.act_needs_timer
        if not self.can_pay(p, self.act_cost(p, sp)):
            return REFUSE.cannot_pay
        return None

    def _why_act(self, p, a):
        why = self._act_gate(p)
        if why:
            return why
        loc = p.workers.get(a.worker)
        if loc is None:
            return R("not_your_worker", worker=a.worker)
        sp = self.rules.spaces.get(a.space)
        if sp is None:
            return R("no_space", space=a.space)
        if loc != "F:" + sp.frame:
            return REFUSE.not_above_box
        return self._act_at(p, sp)

    def _legal_acts(self, p, out):
        if self._act_gate(p):
            return
        rules = self.rules
        for w, loc in p.workers.items():
            if loc[:2] != "F:":
                continue
            for sid in rules.frames[loc[2:]].spaces:          # the boxes under the worker's frame
                if self._act_at(p, rules.spaces[sid]) is None:
                    out.append(rules.act_obj(p.seat, w, sid))

    def act_cost(self, p, sp) -> dict:
        """The cost of acting on reward box ``sp`` (an armed "skip gold" stratagem lowers it)."""
        cost = sp.cost
        if "skip_gold" in p.armed and sp.area in ("green", "purple") and not sp.conquer:
            cost = dict(cost)
            cost["gold"] = max(0, cost.get("gold", 0) - self.rules.gp_cost.get("gold", 2))
        return cost

    # ------------------------------------------------------------------ stratagems (5.5) and pick up (5.1)
    def _play_gate(self, p):
        if self.phase not in PLAY_PHASES:
            return REFUSE.play_phase
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        return None

    def _pay_refusal(self, p, cost, pay):
        if cost.get("any_resource"):
            return None if pay in self.pay_options(p, cost) else REFUSE.pay_wild
        if pay:
            return REFUSE.no_wild_cost
        return None if self.can_pay(p, cost) else REFUSE.cannot_pay

    def _why_play(self, p, a):
        why = self._play_gate(p)
        if why:
            return why
        if a.card not in p.hand:
            return R("card_not_in_hand", card=a.card)
        info = self.rules.cards[a.card]
        return self._pay_refusal(p, info["cost"], a.pay) or self.card_refusal(p, a.card, info)

    def _legal_plays(self, p, out):
        if self._play_gate(p):
            return
        for card in dict.fromkeys(p.hand):
            info = self.rules.cards[card]
            if self.card_refusal(p, card, info):
                continue
            for pay in self.pay_options(p, info["cost"]):      # exactly the payments _pay_refusal accepts
                out.append(A.Play(p.seat, card, pay))

    def card_refusal(self, p, card, info):
        """Why the card's effect cannot be used now (nothing to retrieve, no province left...), or None."""
        eff = info["effect"]
        if eff.get("retrieve_worker") and not any(self.on_timer_row(l) for l in p.workers.values()):
            return REFUSE.no_worker_to_retrieve
        if eff.get("recruit_common_worker"):
            if self.workers_in_play(p) >= self.rules.max_workers or not self.reserve_common(p):
                return R("cannot_recruit", limit=self.rules.max_workers)
        if eff.get("conquer_province") and not (self.display_cards() or self.province_deck):
            return REFUSE.no_province
        sp = eff.get("special")
        if sp in ARMING:
            if not any(loc[:2] == "F:" and self.on_timer_row(loc) for loc in p.workers.values()):
                return REFUSE.no_worker_ready
            if ARMING[sp] in p.armed:
                return REFUSE.already_armed
        elif sp == "move_one_vp":
            if not any(p.tracks[t] > self.track_floor(p, t) for t in range(3)):
                return REFUSE.no_track_above_start
        elif sp == "return_one_discarded_stratagem":
            if not p.discard:
                return REFUSE.no_discarded_stratagem
        elif sp == "exchange_military_culture":
            if not (p.res[0] or p.res[1]):
                return REFUSE.nothing_to_exchange
        elif sp == "place_worker_directly_on_timer_row":
            if not self.direct_options(p, info["cost"]):
                return REFUSE.no_direct_target
        elif sp == "claim_current_achievement":
            return self.claim_refusal(p, bool(self.rules.options["pacifist_claim_waives_requirements"]))
        elif sp == "claim_achievement_second_time":
            if p.claims != 1:
                return REFUSE.claim_once_first
            return self.claim_refusal(p, not self.rules.options["tyrant_second_claim_requires"], second=True)
        return None

    def _why_pickup(self, p, a):
        if self.phase not in PLAY_PHASES:
            return REFUSE.pickup_phase
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        if not p.discard:
            return REFUSE.nothing_to_pick_up
        if not self.can_pay(p, self.rules.pickup_cost):
            return R("pickup_cost", culture=self.rules.pickup_cost.get("culture", 0))
        return None

    # ------------------------------------------------------------------ achievements (5.6)
    def claim_refusal(self, p, waive, second=False):
        """Why ``p`` may not claim the achievement now (``waive``: requirements not needed), or None."""
        if self.phase not in PLAY_PHASES:
            return REFUSE.claim_phase
        if self.achievement is None:
            return REFUSE.no_achievement
        if p.claims >= (2 if second else 1):
            return REFUSE.already_claimed
        if len(self.achievement_markers) >= self.rules.marker_spots:
            return REFUSE.no_marker_spot
        if not waive and not self.meets(p, self.rules.achievements[self.achievement]["requires"]):
            return REFUSE.requirements_unmet
        return None

    def _claim_gate(self, p):
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        return self.claim_refusal(p, False)

    def _take_refusal(self, p, take):
        if take not in ("legendary", "reward"):
            return REFUSE.claim_take
        if take == "legendary" and not self.legendary_available(p):
            return REFUSE.legendary_unavailable
        return None

    def _why_claim(self, p, a):
        return self._claim_gate(p) or self._take_refusal(p, a.take)

    def meets(self, p, req: dict) -> bool:
        m, c, g = p.res
        return (m >= req["military"] and c >= req["culture"] and g >= req["gold"] and p.votes >= req["votes"]
                and m + c + g >= req["any_resource_total"])

    def legendary_available(self, p):
        return self.legendary == "card" and not p.had_token and not p.legendary

    # ------------------------------------------------------------------ timers, display, done, resume
    def _flip_gate(self, p):
        if not self.rules.timed:
            return REFUSE.flip_untimed
        if self.phase != "action":
            return REFUSE.flip_not_now
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.declared_done
        return None

    def _timer_refusal(self, timer):
        if timer not in AREAS:
            return R("no_timer", timer=timer)
        if self.remaining[timer] > 0:
            return REFUSE.sand_running
        return None

    def _why_flip(self, p, a):
        return self._flip_gate(p) or self._timer_refusal(a.timer)

    def _why_refill(self, p, a):
        if p.decisions:
            return REFUSE.choice_pending
        if not self.province_deck or all(self.display):
            return REFUSE.refill_nothing
        return None

    def _done_gate(self, p):
        if self.phase not in DONE_PHASES:
            return REFUSE.nothing_to_declare
        if p.decisions:
            return REFUSE.choice_pending
        if p.done:
            return REFUSE.already_done
        return None

    def _last_refusal(self, a):
        if a.last and (self.phase != "council_called" or self.closing):
            return REFUSE.act_last_not_now
        return None

    def _why_done(self, p, a):
        return self._done_gate(p) or self._last_refusal(a)

    def _why_resume(self, p, a):
        if self.phase not in DONE_PHASES or not p.done:
            return REFUSE.nothing_to_withdraw
        if p.decisions:
            return REFUSE.choice_pending
        if self.closing:
            return REFUSE.closing_started
        return None

    # ------------------------------------------------------------------ pending choices (4.5)
    def _why_choose(self, p, a):
        if not p.decisions:
            return REFUSE.no_choice_pending
        dec = p.decisions[0]
        if a.option not in self.decision_options(p, dec):
            return R("not_a_choice", option=a.option, decision=dec["t"])
        return None

    def decision_options(self, p, dec) -> list[str]:
        """Options of a pending decision; ``["none"]`` when nothing is possible any more (e.g. the last
        province was taken or a flip moved the timer away before the choice was made)."""
        return self._decision_options(p, dec) or ["none"]

    def _decision_options(self, p, dec) -> list[str]:
        t = dec["t"]
        if t in ("res", "vp"):
            return [pay_str(*c) for c in comps(dec["n"])]
        if t == "vp1":
            return list(TRACKS)
        if t == "conquer":
            out = []
            for c in self.display:
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
            return [f"{TRACKS[a]}>{TRACKS[b]}" for a in range(3) if p.tracks[a] > self.track_floor(p, a)
                    for b in range(3) if b != a]
        if t == "return":
            return [c for c in p.discard if c != dec.get("self")]
        if t == "direct":
            return self.direct_options(p)
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

    def direct_options(self, p, extra_cost=None):
        """``"<worker>@<space>"`` for the Insurgent's direct placement (G13), affordable ones only."""
        out = []
        free = [w for w, loc in p.workers.items()
                if loc == "mat" or (loc[:2] in ("F:", "B:") and not self.on_timer_row(loc))]
        if not free:
            return out
        for a in AREAS:
            for sp in self.rules.spaces_by_row[(a, self.timer_row[a])]:
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

    # ------------------------------------------------------------------ reading the board and the mats
    def worker_row(self, loc: str):
        """(area, row) of a board location, or None."""
        return self.rules.loc_row.get(loc)

    def on_timer_row(self, loc: str) -> bool:
        ar = self.rules.loc_row.get(loc)
        return ar is not None and self.timer_row[ar[0]] == ar[1]

    def real_order(self):
        return [x for x in self.privilege if x >= 0]

    def track_floor(self, p, t):
        """The lowest step track ``t`` may reach (2.6 / G28)."""
        return p.start[t] if self.rules.options["track_floor_is_start"] else 0

    def reserve_common(self, p):
        """A common worker of ``p`` waiting in the reserve, or None."""
        for w, loc in p.workers.items():
            if loc == "reserve" and w[-2] == "c":
                return w
        return None

    def workers_in_play(self, p):
        return sum(1 for loc in p.workers.values() if loc not in OFF_BOARD)

    def display_cards(self):
        return [c for c in self.display if c]

    def slot_limit(self, p):
        return self.rules.slot_limit_max3 if p.keep else self.rules.slot_limit

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
            if v and p.tracks[t] - v < self.track_floor(p, t):
                return False
        return True

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
                out.append(pay_str(a, b, c))
        return out


# kind -> the check ``why_not`` runs for it (a table: ``why_not`` runs before every ``apply``)
_CHECKS = {kind: getattr(Legality, "_why_" + kind) for kind in
           ("move", "act", "flip", "play", "pickup", "claim", "refill", "done", "resume", "choose")}
