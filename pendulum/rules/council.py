"""Phases, council and game end (PendulumState part): the automatic steps after every change.

``progress(events)`` runs whatever follows by itself (the opening ends, every seat is done, the called
council's closing turns, the council's steps 1-6, the restart flip, the game end); ``seats_to_act`` says
who has a decision to make now.
"""
from __future__ import annotations

from . import actions as A
from .ids import AREAS
from .scoring import winner


class Council:
    """Mixin of PendulumState: phase flow (2.5, 4.6, 5.8, 5.10)."""

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
        out = []
        for p in self.players:                      # (a loop: a comprehension is a call of its own)
            if p.decisions or not p.done:
                out.append(p.seat)
        return out

    def set_phase(self, phase, ev):
        self.phase = phase
        self.wait_last, self.closing = [], []
        for p in self.players:
            p.done = False
        if ev is not None:
            ev.append(A.PhaseChanged(-1, phase, self.round))

    def _restart_flip(self, ev):
        """2.5 / 5.8 step 6: all three timers to their other rows at once; the action phase starts."""
        for p in self.players:
            p.armed = []
        self.set_phase("action", ev)
        if not self.rules.timed:
            self.track_space = 1
            if ev is not None:
                ev.append(A.TimeTokenMoved(-1, 1))
        for a in ("black", "green", "purple"):
            self.flip_timer(a, -1, ev)

    def progress(self, ev):
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
                for p in self.players:              # (a loop, not all(): this runs after every action)
                    if not p.done or p.decisions:
                        return
                self.track_space += 1
                if ev is not None:
                    ev.append(A.TimeTokenMoved(-1, self.track_space))
                for p in self.players:
                    p.done = False
                _, flips, call = self.rules.timer_track[self.track_space - 1]
                for t in flips:
                    self.flip_timer(t, -1, ev)
                if call and self.phase == "action":
                    self.set_phase("council_called", ev)
                continue
            if ph == "council_called":
                for p in self.players:
                    if not p.done or p.decisions:
                        return
                if self.wait_last and not self.closing:
                    self._start_closing()
                    return
                if self.closing:
                    return
                self._council_start(ev)
                continue
            if ph == "council_rewards":
                for p in self.players:              # (a loop, not any() over a generator)
                    if p.decisions:
                        return
                order = self.real_order()
                if self.council_turn >= len(order):
                    self.set_phase("council_trim", ev)
                    for p in self.players:
                        lim = self.slot_limit(p)
                        for v in p.slots.values():
                            if len(v) > lim:
                                self.open_decision(p, {"t": "trim"}, ev)
                                break
                    continue
                seat = order[self.council_turn]
                self.council_turn += 1
                p = self.players[seat]
                self.open_decision(p, {"t": "council"}, ev)
                bonus = self._bonus_for(seat)
                if bonus:
                    self.open_decision(p, {"t": "vp", "n": bonus}, ev)
                continue
            if ph == "council_trim":
                if any(p.decisions for p in self.players):
                    return
                self._council_end(ev)
                continue
            if ph == "council_adjust":
                for p in self.players:              # (a loop, not all() over a generator)
                    if not p.done:
                        return
                if self.rules.timed and any(v > 0 for v in self.remaining.values()):
                    return                  # 5.8 step 6: wait for running sand (G25 option off)
                self.round += 1
                self.shared_changed()
                self._restart_flip(ev)
                continue
            return

    def _start_closing(self):
        """4.6: everyone is done and some asked to act last: their closing turns, lowest privilege first. (Not
        in ``progress``: its lambda would make closure cells at every call of that hot function.)"""
        rank = {x: i for i, x in enumerate(self.privilege)}
        self.closing = sorted(self.wait_last, key=lambda x: -rank[x])   # lowest first
        self.wait_last = []
        self.players[self.closing[0]].done = False

    def _bonus_for(self, seat):
        bonus = self.rules.rank_bonus
        rank = self.privilege.index(seat)
        b = bonus[rank] if rank < len(bonus) else 0
        reading = self.rules.options["neutral_council_bonus"]
        if reading != "none" and self.privilege and self.privilege[0] == -1:
            real = self.real_order().index(seat)
            if reading == "best_real_player":             # every bonus moves up one rank (G3 alt.)
                b = bonus[real] if real < len(bonus) else 0
            else:                                         # best_real_only: the 1st-place bonus to the
                b = bonus[0] if real == 0 and bonus else 0  # best real player, nothing to the others (G3, 1.5)
        return b

    def _council_start(self, ev):
        self.set_phase("council_rewards", ev)
        for p in self.players:
            p.armed = []
        # step 1: privilege by votes; ties -> currently lower goes ahead
        cur = self.privilege
        votes = {x: (self.players[x].votes if x >= 0 else self.rules.neutral_votes) for x in cur}
        order = sorted(cur, key=lambda x: (-votes[x], -cur.index(x)))
        self.privilege = order
        if ev is not None:
            ev.append(A.PrivilegeOrdered(-1, tuple(order), tuple(votes[x] for x in order)))
        for p in self.players:
            if p.votes:
                if ev is not None:
                    ev.append(A.Paid(p.seat, f"votes={p.votes}"))
                p.votes = 0
        if self.legendary == "council_deck":
            self.legendary = "waiting"          # enters with the next achievement (2.2 step 4)
        self.shared_changed()                   # (the votes, the token)
        self.council_turn = 0

    def _council_end(self, ev):
        if self.round >= self.rules.rounds:
            self.finish(ev)
            return
        r = self.rules
        self.grande_up = True
        self.council_offer = [self.council_deck.pop() for _ in range(r.council_offer) if self.council_deck]
        if ev is not None:
            ev.append(A.CouncilDealt(-1, tuple(self.council_offer)))
        self.display = [self.province_deck.pop() if self.province_deck else None for _ in range(r.display_size)]
        if ev is not None:
            ev.append(A.ProvinceDisplayChanged(-1, tuple(c or "" for c in self.display)))
        for p in self.players:
            p.claims = 0
        self.achievement_markers = []
        if self.achievement_deck:
            self.achievement = self.achievement_deck.pop()
            self.legendary = "card"
            if ev is not None:
                ev.append(A.AchievementRevealed(-1, self.achievement, True))
        else:
            self.achievement = None
        self.shared_changed()                   # (the claims, the achievement, the token)
        self.markers = r.time_markers
        if r.options["council_end_timers_finished"] and r.timed:
            for a in AREAS:
                self.remaining[a] = 0.0
        self.set_phase("council_adjust", ev)

    def finish(self, ev):
        self.phase = "game_over"
        self.outcome_data = self.compute_outcome()
        w = self.outcome_data["winner"]
        if ev is not None:
            ev.append(A.PhaseChanged(-1, "game_over", self.round))
        if ev is not None:
            ev.append(A.GameOver(-1 if w is None else w, self.outcome_data["reason"]))

    def compute_outcome(self):
        return winner(self)
