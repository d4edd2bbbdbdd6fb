"""Legality, the one source (DESIGN.md): ``why_not`` says why an action is refused, and ``legal_actions``
lists exactly the actions ``why_not`` accepts, because both are built from the same checks:

* a gate per kind and seat (phase, pending choice, done) -- ``_move_gate``, ``_act_gate``, ``_play_gate``;
* a check per piece (``_movable``: which of the seat's workers may move now);
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
from .ids import AREAS, ARMING, DONE_PHASES, MOVE_PHASES, OFF_BOARD, PLAY_PHASES, TI, comps, pay_str
from .refusals import REFUSE, about_worker, refusal as R


_ROW = (REFUSE.frame_on_timer_row, REFUSE.frame_on_timer_row)   # _frame_gate: (common, grande)
_OWN = (REFUSE.own_worker_in_frame, REFUSE.own_worker_in_frame)
_BLOCKED = (REFUSE.frame_needs_grande, None)


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
        plays, pick up, claims, refill, done, done-and-act-last; or only the choices of a pending decision).
        The checks are the ones ``why_not`` runs; a kind is skipped without asking only where its gate
        refuses for certain (a pending choice, a declared done, a phase outside the kind's phases)."""
        if self.phase == "game_over" or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return []
        p = self.players[seat]
        other_closing = self.closing and self.closing[0] != seat
        if p.decisions:                       # every gate but the choice's refuses: choice_pending
            return [] if other_closing else [A.Choose(seat, o) for o in self.decision_options(p, p.decisions[0])]
        objs = self.rules.seat_objs(seat)
        refill = [objs["refill"]] if self._why_refill(p, None) is None else []       # 3.6: any moment
        if other_closing:
            return refill
        if p.done:                            # the other gates refuse: declared_done / already_done
            if self._why_resume(p, None) is None:
                refill.insert(0, objs["resume"])
            return refill
        ph = self.phase
        if ph not in MOVE_PHASES:             # council steps: every other gate names the phase
            return refill
        out = []
        self._legal_moves(p, out)
        if ph in PLAY_PHASES:     # so the act, play, pick-up and claim gates pass (no choice pending, not done)
            self._legal_acts(p, out)
            if self.rules.timed and self._flip_gate(p) is None:      # the gate's first check: timed play
                for flip in objs["flip"]:
                    if self._timer_refusal(flip.timer) is None:
                        out.append(flip)
            if p.hand:
                self._legal_plays(p, out)
            if p.discard and self._pickup_refusal(p) is None:       # its first check: a discard to pick up
                out.append(objs["pickup"])
            if self.claim_refusal(p, False) is None:
                for claim in objs["claim"]:
                    if self._take_refusal(p, claim.take) is None:
                        out.append(claim)
        out.extend(refill)
        if self._done_gate(p) is None:
            done, done_last = objs["done"]
            out.append(done)                  # plain done: _last_refusal checks only "act last"
            if self._last_refusal(done_last) is None:
                out.append(done_last)
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

    def _movable(self, p, only=None):
        """``[(worker, location)]`` of the workers of ``p`` that may move now (once ``_move_gate`` passed): the
        one check behind a single Move (``why_not`` asks about ``only`` that worker) and the listed moves
        (``legal_actions``)."""
        out = []
        opening = self.opening[0][1] if self.phase == "opening" else None
        loc_row, tr = self.rules.loc_row, self.timer_row
        for w, loc in (p.workers.items() if only is None else ((only, p.workers[only]),)):
            if loc == "mat":
                if opening and w[-2] != opening:
                    continue                      # 2.5: this placement is the other kind of worker
            elif opening:
                continue                          # 2.5: placements come from the mat
            else:
                ar = loc_row.get(loc)             # every board location; None: reserve, council, gone
                if ar is None or tr[ar[0]] == ar[1]:
                    continue
            out.append((w, loc))
        return out

    def _worker_refusal(self, w, loc):
        """Why worker ``w`` at ``loc``, not among ``_movable``, may not move."""
        if loc is None:
            return about_worker("not_your_worker", w)
        if self.phase == "opening" and self.opening:
            return REFUSE.place_grande_from_mat if self.opening[0][1] == "g" else REFUSE.place_common_from_mat
        if loc in OFF_BOARD:
            return about_worker("worker_not_in_play", w)
        return about_worker("worker_on_timer_row", w)

    def _frame_gates(self, p, frames, off_rows=False):
        """Which of ``frames`` a worker of ``p`` may enter now: ``(commons, grandes, refused)``, the ids open to a
        common worker, the ids open to a grande, and ``{id: (refusal for a common, refusal for a grande)}``
        for the frames closed to a grande as well. One check for a single Move and for every frame a seat's
        workers could go to (``off_rows``: the caller passes only frames off the timer rows)."""
        commons, grandes, refused = [], [], {}
        tr, occs = self.timer_row, self.frame_occ
        own = str(p.seat) if p.variant else None
        for fr in frames:
            fid = fr.id
            if not off_rows and tr[fr.area] == fr.row:
                refused[fid] = _ROW
                continue
            occ = occs[fid]
            if occ:
                if own is not None and any(x[:-2] == own for x in occ):
                    refused[fid] = _OWN
                    continue
                if fr.blocking:
                    grandes.append(fid)               # a common may not join: frame_needs_grande
                    continue
            commons.append(fid)
            grandes.append(fid)
        return commons, grandes, refused

    def _why_move(self, p, a):
        why = self._move_gate(p)
        if why:
            return why
        loc = p.workers.get(a.worker)
        if loc is None or not self._movable(p, a.worker):
            return self._worker_refusal(a.worker, loc)
        if a.to == "mat":
            return REFUSE.already_on_mat if loc == "mat" else None
        fr = self.rules.frames.get(a.to)
        if fr is None:
            return R("no_frame", frame=a.to)
        commons, grandes, refused = self._frame_gates(p, (fr,))
        if fr.id in refused and refused[fr.id] is _ROW:
            return _ROW[0]
        if loc == "F:" + fr.id:
            return REFUSE.already_in_frame
        if a.worker[-2] == "g":
            return None if grandes else refused[fr.id][1]
        return None if commons else refused.get(fr.id, _BLOCKED)[0]

    def _legal_moves(self, p, out):
        if self._move_gate(p):
            return
        movable = self._movable(p)
        if not movable:
            return
        rules = self.rules
        seat = p.seat
        commons, grandes, _ = self._frame_gates(p, rules.targets(self.timer_row), True)
        for w, loc in movable:
            objs = rules.move_objs(seat, w)
            if loc == "mat":
                out.extend([objs[fid] for fid in (grandes if w[-2] == "g" else commons)])
            else:
                here = loc[2:] if loc[:2] == "F:" else None      # as in _why_move: already in that frame
                out.extend([objs[fid] for fid in (grandes if w[-2] == "g" else commons) if fid != here])
                out.append(objs["mat"])

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
        """Acts of ``p`` (the caller checked ``_act_gate``)."""
        rules = self.rules
        in_frame, spaces = rules.loc_frame, rules.spaces
        tr = self.timer_row
        for w, loc in p.workers.items():
            f = in_frame.get(loc)
            if f is None:
                continue                # not in a frame
            if tr[f.area] != f.row:
                continue            # _act_at refuses every box of the frame (its boxes share its row)
            for sid in f.spaces:                              # the boxes under the worker's frame
                if self._act_at(p, spaces[sid]) is None:
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
        """Plays of ``p`` (the caller checked ``_play_gate``)."""
        cards = self.rules.cards
        for card in (dict.fromkeys(p.hand) if len(p.hand) > 1 else p.hand):
            info = cards[card]
            if self.card_refusal(p, card, info):
                continue
            for pay in self.pay_options(p, info["cost"]):      # exactly the payments _pay_refusal accepts
                out.append(A.Play(p.seat, card, pay))

    def card_refusal(self, p, card, info):
        """Why the card's effect cannot be used now (nothing to retrieve, no province left...), or None."""
        eff = info["effect"]
        if eff.get("retrieve_worker") and not self.any_on_timer_row(p):
            return REFUSE.no_worker_to_retrieve
        if eff.get("recruit_common_worker"):
            if self.workers_in_play(p) >= self.rules.max_workers or not self.reserve_common(p):
                return R("cannot_recruit", limit=self.rules.max_workers)
        if eff.get("conquer_province") and not (self.display_cards() or self.province_deck):
            return REFUSE.no_province
        sp = eff.get("special")
        if sp in ARMING:
            if not self.any_on_timer_row(p, True):
                return REFUSE.no_worker_ready
            if ARMING[sp] in p.armed:
                return REFUSE.already_armed
        elif sp == "move_one_vp":
            if not self._track_above_floor(p):
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
        return self._pickup_refusal(p)

    def _pickup_refusal(self, p):
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
        if not waive:
            req = self.rules.achievements[self.achievement]["requires"]       # the achievement's requirements
            m, c, g = p.res
            if not (m >= req["military"] and c >= req["culture"] and g >= req["gold"] and p.votes >= req["votes"]
                    and m + c + g >= req["any_resource_total"]):
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

    # ------------------------------------------------------------------ reading the board and the mats
    def worker_row(self, loc: str):
        """(area, row) of a board location, or None."""
        return self.rules.loc_row.get(loc)

    def any_on_timer_row(self, p, frames_only=False) -> bool:
        """A worker of ``p`` on a timer row (``frames_only``: in a frame there); its callers make no closure cells."""
        for loc in p.workers.values():
            if (not frames_only or loc[:2] == "F:") and self.on_timer_row(loc):
                return True
        return False

    def _track_above_floor(self, p) -> bool:
        return any(p.tracks[t] > self.track_floor(p, t) for t in range(3))

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
        return len(p.workers) - sum(map(OFF_BOARD.__contains__, p.workers.values()))    # (no generator: C only)

    def display_cards(self):
        return [c for c in self.display if c]

    def slot_limit(self, p):
        return self.rules.slot_limit_max3 if p.keep else self.rules.slot_limit

    def can_pay(self, p, cost: dict, pay=None) -> bool:
        if pay is None:
            c = self.rules.costs.get(id(cost))
            if c is not None and c[0] is cost:          # a static cost, compiled (the same checks)
                _, cm, cc, cg, ca, cv, vps = c
                m, cu, g = p.res
                if ca and m + cu + g - cm - cc - cg < ca:
                    return False
                if m < cm or cu < cc or g < cg or p.votes < cv:
                    return False
                for t, v in vps:
                    if p.tracks[t] - v < self.track_floor(p, t):
                        return False
                return True
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
        if not self.can_pay(p, cost):      # its wild part is affordable (above): this checks the fixed part
            return out
        for a, b, c in comps(n):
            if a <= fm and b <= fc and c <= fg:
                out.append(pay_str(a, b, c))
        return out


# kind -> the check ``why_not`` runs for it (a table: ``why_not`` runs before every ``apply``)
_CHECKS = {kind: getattr(Legality, "_why_" + kind) for kind in
           ("move", "act", "flip", "play", "pickup", "claim", "refill", "done", "resume", "choose")}
