"""What the table does with the Match's updates (``Match.subscribe``): log the events,
animate them, play their sounds, keep the end chart's history, notice the end of the game or
a failed autosave, and tell the table's ``on_action`` hooks.

The host is the table: its public ``app``, ``n``, ``human``, ``match``, ``view``, ``layout``,
``log``, ``animator``, ``renderer``, ``choices``, ``dragger``, ``seat_input``, ``listeners``,
``autosave``, ``ui``, ``paused``, ``save_failed``, ``finished``, ``why_not``, ``refuse``,
``changed``, ``reset_bots`` and ``follow_turn``.
"""
from __future__ import annotations

import sys
import traceback

from tabletop.engine import Action

from . import topbar
from . import view as V
from .log import EventRefusal

EVENT_SOUNDS = {"worker_moved": "worker_drop", "timer_flipped": "glass_flip", "timer_finished": "glass_empty"}

# events that change only where pieces stand (drawn every frame), not the cached board layer
PIECES_ONLY = frozenset({"timer_finished", "request_applied", "request_refused", "decision_opened"})


class MatchListener:
    def __init__(self, host):
        self.host = host
        self.before = None         # where the workers stood before the action being applied
        self.history = []          # per round, for the end chart
        self.round_seen = None

    def start(self, view, n):
        """The end chart's history starts at ``view`` (the game as shown first)."""
        self.history = [V.track_snapshot(view, n)]
        self.round_seen = view["round"]

    def on_update(self, update):
        """The Match's listener: log, animate, tell the hooks, notice the end or a failed save."""
        h = self.host
        kind = update.kind
        if kind == "save_failed":
            h.save_failed = update.error or "?"
            h.paused = True
            topbar.label_pause(h.ui, h.app, h.paused)
            return
        if kind == "saved":
            h.save_failed = ""
            return
        if kind in ("undone", "replaced"):
            h.changed()
            h.animator.clear()
            h.choices.close()
            h.dragger.cancel()
            h.seat_input.cancel()
            h.reset_bots()
            h.follow_turn()                   # hot seat: the screen turns back to who acts again
            return
        events = list(update.events)
        self.after_events(events, self.before if self.before is not None else h.renderer.last_positions())
        h.choices.refresh()
        h.seat_input.refresh()
        if kind == "applied":
            for cb in list(h.listeners):
                try:
                    cb(update.action, events)
                except Exception:
                    traceback.print_exc(file=sys.stderr)

    def after_events(self, events, before=None):
        """What the table does with engine events: log them, animate them, re-read the view."""
        h = self.host
        h.changed(layer=False)                # the view is read again; pieces are placed again
        if not events:
            return
        if any(getattr(ev, "kind", "") not in PIECES_ONLY for ev in events):
            h.renderer.soon()              # the layer is redrawn soon (at most every LAYER_EVERY s)
        for ev in events:
            kind = getattr(ev, "kind", "")
            if kind == "request_refused":
                if 0 <= ev.seat < h.n and h.human[ev.seat]:
                    h.refuse(EventRefusal(ev, h.why_not(_request_of(ev))))   # a bot's is noise
            else:
                h.log.add(ev)
        h.animator.on_events(events, before)
        self._sound_for(events)
        h.follow_turn()
        h.layout.set_council(h.animator.council_shown(h.view["phase"]))
        if h.view["round"] != self.round_seen:
            self.history.append(V.track_snapshot(h.view, h.n))
            self.round_seen = h.view["round"]
        if h.match.is_terminal() and not h.finished:
            h.finished = True
            if len(self.history) < 5:
                self.history.append(V.track_snapshot(h.view, h.n))
            if h.autosave:
                h.match.flush()

    def _sound_for(self, events):
        """One sound per kind of thing that happened (a council called, a glass flipped ...)."""
        heard = {EVENT_SOUNDS.get(getattr(ev, "kind", "")) for ev in events}
        if any(getattr(ev, "kind", "") == "phase_changed" and ev.phase == "council_called" for ev in events):
            heard.add("council_called")
        for sound in sorted(heard - {None}):
            self.host.app.sound.play(sound)


def _request_of(ev):
    """The action a ``request_refused`` event names, or None."""
    try:
        return Action.from_text("pendulum", ev.action)
    except Exception:            # not a Pendulum action text: nothing to ask the engine
        return None
