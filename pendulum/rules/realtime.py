"""Real time (PendulumState part): the sand runs with ``advance``, and the 4.8 request window gathers
simultaneous requests (``submit``) and applies them in privilege order when it closes."""
from __future__ import annotations

import math

from tabletop.engine import Action, IllegalActionError

from . import actions as A
from .ids import AREAS


class RealTime:
    """Mixin of PendulumState: engine time, timers running out, the request window."""

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
                                self.flip_timer(a, -1, ev)
        ev.extend(self._flush_requests())
        if self.phase == "council_adjust":
            self.progress(ev)              # the last running timer may just have finished (5.8 step 6)
        return ev

    def quiet_for(self) -> float:
        """Engine seconds that can pass with nothing happening by itself (no timer runs out, none flips by
        itself, no request window closes): ``advance`` by any step up to this changes only the clocks, and a
        step that ends exactly then ends as the same many small steps would. 0 when something happens at the
        next step; ``math.inf`` when time changes nothing. Drivers use it to skip idle time."""
        if self.phase == "game_over":
            return math.inf
        if self.requests:
            return 0.0
        if not self.rules.timed or self.phase == "opening":
            return math.inf
        out = math.inf
        for a in AREAS:
            if self.remaining[a] > 0:
                out = min(out, self.remaining[a])
        if self.phase == "action":
            waiting = [a for a in AREAS if self.remaining[a] <= 0]
            if waiting and all(p.done for p in self.players):
                return 0.0                  # everyone is asked again at the next step
            af = self.rules.options["auto_flip_after"]
            if af:
                for a in waiting:
                    out = min(out, max(0.0, af - self.since_finish[a]))
        return out

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
                ev.append(A.RequestRefused(act.seat, act.to_text(), exc.rule, exc.message, exc.key or "",
                                           tuple(sorted(exc.params.items())) if exc.key else ()))
        return ev
