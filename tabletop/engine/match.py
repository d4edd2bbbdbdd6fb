"""``Match``: the one seam between a rules engine and a screen, the same for both games.

A Match owns the rules, the live state, the record, the undo stack and the autosave writer.
Screens (and the teaching session, replay and the simulators where it helps) never pair
``state.apply`` with ``record.add`` themselves: they call the Match and listen to it.

    match = Match(rules, seed=7, autosave=True, undoable=lambda a: is_human(a.seat))
    unsubscribe = match.subscribe(on_update)      # on_update(MatchUpdate) after every change
    match.why_not(action)      -> Refusal | None  # the engine's one legality source
    match.apply(action)        -> [Event]         # now; IllegalActionError (with .refusal) if not legal
    match.submit(action)       -> [Event]         # real time: joins the state's request window
    match.advance(dt)          -> [Event]         # real time: timers run, queued requests applied
    match.undo()               -> bool
    match.view(viewer)         -> the engine's view_for(viewer): all a screen may draw
    match.save(path) / flush() / close()

Protocol a state may follow (all optional):

* ``why_not(action) -> Refusal | None``. Without it, an action is refused when it is not in
  ``legal_actions`` of its seat.
* ``reveals(events) -> bool`` (class or instance method): True when the events showed hidden
  information or a random result, which closes the undo window. Without it, every action
  closes the window (nothing can be undone).
* ``submit(action) -> [Event]``: a real-time request window (Pendulum 4.8). A request the state
  applies later, during ``advance``, is reported by an event of kind ``request_applied`` whose
  ``action`` field is the action's text; the Match records it at that moment.

Autosave (``autosave=True``): the first write happens synchronously in the constructor (so Resume
always finds the game that crashed, before its first frame), later ones on a background thread
that keeps at most one write in flight and always writes the newest record: untimed games after
every accepted action, real-time games at most once a second. The path is
``saves.slot_path(record)``, one slot per game in progress. When the game ends the record is
marked ``meta["finished"]`` and written at once. A failed write is reported to listeners as a
``save_failed`` update (from the game loop's thread, on the next call) and kept in ``save_error``
until a later write succeeds; screens stop the game while it is set.
"""
from __future__ import annotations

import dataclasses
import datetime
import threading
from pathlib import Path
from typing import Any, Callable

from . import saves
from .actions import Action
from .errors import IllegalActionError, Refusal
from .record import Record
from .undo import UndoStack

AUTOSAVE_EVERY = 1.0     # engine seconds between real-time autosaves


@dataclasses.dataclass(frozen=True)
class MatchUpdate:
    """What changed. ``kind``: "applied" (an action was accepted and recorded: ``action`` and
    its ``events``), "advanced" (time passed: ``events``; queued requests applied during it were
    reported as "applied" first), "undone", "replaced" (a new state, e.g. loaded), "save_failed"
    (``error`` says why) or "saved" (a write succeeded after a failure)."""
    kind: str
    action: Action | None = None
    events: tuple = ()
    error: str = ""


class _Writer:
    """Background autosave: at most one write in flight, the newest record wins, an fsync never
    stalls a frame. Results are collected by the owner's thread through :meth:`take_result`."""

    def __init__(self):
        self._cv = threading.Condition()
        self._job: tuple[Record, Path] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self._result: tuple[bool, str] | None = None     # (ok, error) of the newest finished write

    def put(self, record: Record, path: Path) -> None:
        with self._cv:
            self._job = (record, path)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="match-autosave", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def _run(self) -> None:
        while True:
            with self._cv:
                while self._job is None:
                    if not self._cv.wait(timeout=2.0) and self._job is None:
                        self._thread = None
                        return
                job, self._job = self._job, None
                self._busy = True
            result = _write(*job)
            with self._cv:
                self._busy = False
                self._result = result
                self._cv.notify_all()

    def flush(self) -> None:
        """Wait until every queued write is on disk (game end, quit, tests)."""
        with self._cv:
            while self._job is not None or self._busy:
                if self._thread is None or not self._thread.is_alive():
                    if self._job is not None:           # the thread ended: write here
                        job, self._job = self._job, None
                        self._result = _write(*job)
                    break
                self._cv.wait(timeout=0.5)

    def take_result(self) -> tuple[bool, str] | None:
        with self._cv:
            result, self._result = self._result, None
            return result


def _write(record: Record, path: Path) -> tuple[bool, str]:
    try:
        saves.write_record(record, path)
        return True, ""
    except (OSError, ValueError) as exc:
        return False, f"{path}: {exc}"


def _snapshot(record: Record) -> Record:
    """A copy the writer thread can serialise while the game goes on."""
    return dataclasses.replace(record, options=dict(record.options), seats=list(record.seats),
                               mods=list(record.mods), actions=list(record.actions), meta=dict(record.meta))


class Match:
    def __init__(self, rules, state=None, *, seed: int = 0, record: Record | None = None,
                 autosave: bool = False, undoable: Callable[[Action], bool] | None = None,
                 undo_limit: int = 50, save_path: Path | str | None = None):
        self.rules = rules
        self._state = state if state is not None else rules.new_state(seed)
        if record is None:
            record = Record(game=getattr(rules, "game_id", ""), seed=seed)
        self.record = record
        self.undoable = undoable or (lambda action: False)
        self.undo_stack = UndoStack(undo_limit)
        self.autosave = autosave
        self.save_error = ""
        self._listeners: list[Callable[[MatchUpdate], Any]] = []
        self._writer = _Writer()
        self._last_save_t = -AUTOSAVE_EVERY
        self._finished_written = False
        self._timed = bool(getattr(rules, "timed", False))
        if autosave:
            self.record.meta.setdefault(
                "started", datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"))
            self.save_path = Path(save_path) if save_path else saves.slot_path(self.record)
            self._write_now()
        else:
            self.save_path = Path(save_path) if save_path else None

    # ------------------------------------------------------------------ reading
    @property
    def state(self):
        return self._state

    @property
    def time(self) -> float:
        return float(getattr(self._state, "time", 0.0) or 0.0)

    def view(self, viewer=None):
        return self._state.view_for(viewer)

    def legal_actions(self, seat) -> list[Action]:
        return list(self._state.legal_actions(seat))

    def why_not(self, action: Action) -> Refusal | None:
        check = getattr(self._state, "why_not", None)
        if check is not None:
            return check(action)
        seat = getattr(action, "seat", None)
        if action in self._state.legal_actions(seat):
            return None
        return Refusal("legal", "shell.refusal.not_legal", {"action": action.to_text()})

    def is_terminal(self) -> bool:
        return bool(self._state.is_terminal())

    def can_undo(self) -> bool:
        return self.undo_stack.can_undo()

    # ------------------------------------------------------------------ listeners
    def subscribe(self, listener: Callable[[MatchUpdate], Any]) -> Callable[[], None]:
        """``listener(update)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe():
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def _tell(self, update: MatchUpdate) -> None:
        for listener in list(self._listeners):
            listener(update)

    # ------------------------------------------------------------------ changing
    def apply(self, action: Action) -> list:
        """Apply now (no request window). Raises ``IllegalActionError`` and leaves everything
        untouched when the rules forbid it."""
        self._collect_save_result()
        undoable = bool(self.undoable(action))
        snap = self._state.clone() if undoable else None
        events = list(self._state.apply(action))
        self._accepted(action, events, snap)
        return events

    def submit(self, action: Action) -> list:
        """Real time: the request joins the state's window and is applied (and recorded) by a
        later ``advance``; an action illegal right now raises at once. A state without a window,
        or one that applies the request at once, behaves as :meth:`apply`."""
        submit = getattr(self._state, "submit", None)
        if submit is None:
            return self.apply(action)
        self._collect_save_result()
        events = list(submit(action))
        if events:
            self._accepted(action, events, None)
        return events

    def advance(self, dt: float) -> list:
        """Let ``dt`` seconds of engine time pass. Requests the state applies meanwhile are
        recorded (each at its moment) and reported as "applied" updates; the rest of the
        events follow as one "advanced" update."""
        self._collect_save_result()
        events = list(self._state.advance(dt))
        if events:
            rest = self._record_requests(events)
            self.undo_stack.close()
            self._tell(MatchUpdate("advanced", None, tuple(rest)))
        if self._timed or events:      # an untimed game's clock standing still writes nothing
            self._maybe_save()
        return events

    def _record_requests(self, events: list) -> list:
        """Split ``events`` at each ``request_applied``: record that action and tell listeners
        with the events that followed it; returns the events that belong to no request."""
        rest, current, chunk = [], None, []
        game = self.record.game

        def close():
            if current is not None:
                self.record.add(current, self.time)
                self._tell(MatchUpdate("applied", current, tuple(chunk)))

        for ev in events:
            if getattr(ev, "kind", "") == "request_applied":
                close()
                current, chunk = Action.from_text(game, ev.action), [ev]
            elif current is not None:
                chunk.append(ev)
            else:
                rest.append(ev)
        close()
        return rest

    def _accepted(self, action: Action, events: list, snap) -> None:
        self.record.add(action, self.time if self._timed else None)
        if snap is not None and not self._reveals(events):
            self.undo_stack.push_snapshot(snap, len(self.record.actions) - 1)
        else:
            self.undo_stack.close()
        self._tell(MatchUpdate("applied", action, tuple(events)))
        self._maybe_save(force=not self._timed)

    def _reveals(self, events) -> bool:
        reveals = getattr(self._state, "reveals", None)
        return True if reveals is None else bool(reveals(events))

    def undo(self) -> bool:
        """Back to the state before the last undoable action; False when nothing can be undone."""
        if not self.undo_stack.can_undo():
            return False
        state, n = self.undo_stack.pop()
        self._state = state
        self.record.truncate(n)
        self._tell(MatchUpdate("undone"))
        self._maybe_save(force=True)
        return True

    def replace_state(self, state, record: Record | None = None) -> None:
        """Start over from another state (a loaded game, a lesson's set-up)."""
        self._state = state
        if record is not None:
            self.record = record
        self.undo_stack.close()
        self._tell(MatchUpdate("replaced"))
        self._maybe_save(force=True)

    # ------------------------------------------------------------------ saving
    def poll(self) -> None:
        """Report the result of a background write that finished since the last call (screens
        call it every frame, so a failed autosave is told even while nobody moves)."""
        self._collect_save_result()

    def save(self, path: Path | str | None = None) -> Path:
        """Write the record now (synchronously) to ``path`` or the autosave slot; raises OSError.
        Queued background writes land first, so none of them can overwrite this one."""
        self._writer.flush()
        target = Path(path) if path else (self.save_path or saves.slot_path(self.record))
        self.record.end_time = self.time if self._timed else self.record.end_time
        return saves.write_record(_snapshot(self.record), target)

    def _maybe_save(self, force: bool = False) -> None:
        if not self.autosave:
            return
        if self.is_terminal():
            if not self._finished_written:
                self._finished_written = True
                self.record.meta["finished"] = True
                self._queue()
                self.flush()
            return
        t = self.time
        if force or not self._timed or t - self._last_save_t >= AUTOSAVE_EVERY:
            self._queue()

    def _queue(self) -> None:
        if self._timed:
            self.record.end_time = self.time
            self._last_save_t = self.time
        self._writer.put(_snapshot(self.record), self.save_path)

    def _write_now(self) -> None:
        if self._timed:
            self.record.end_time = self.time
        ok, error = _write(_snapshot(self.record), self.save_path)
        self.save_error = "" if ok else error

    def _collect_save_result(self) -> None:
        result = self._writer.take_result()
        if result is None:
            return
        ok, error = result
        if not ok:
            self.save_error = error
            self._tell(MatchUpdate("save_failed", error=error))
        elif self.save_error:
            self.save_error = ""
            self._tell(MatchUpdate("saved"))

    def retry_save(self) -> bool:
        """Try the autosave again now (after a full disk was cleared); True when it worked."""
        if not self.autosave:
            return True
        self._write_now()
        if not self.save_error:
            self._tell(MatchUpdate("saved"))
        return not self.save_error

    def flush(self) -> None:
        """Block until every queued autosave is written; then report its result."""
        self._writer.flush()
        self._collect_save_result()

    def close(self) -> None:
        """Leaving the game: the last accepted action is on disk."""
        if self.autosave:
            self._queue()
            self.flush()
        self._listeners.clear()
