"""The Pendulum play screen: :class:`PendulumTable` (see ``pendulum/ui/scene.py`` for the hooks
the teaching mode uses). Every rule is asked of the engine: drop targets come from
``legal_actions``, refusals from ``IllegalActionError.rule/message``.
"""
from __future__ import annotations

import math
import sys
import time as _time
import traceback

import pygame
import pygame_gui

from tabletop.engine import IllegalActionError, Record, UndoStack, saves
from tabletop.ui.scene import Scene

from . import render as R
from . import view as V
from .hourglass import Hourglass
from .layout import Layout, SLOTS, TRACKS

TIMERS = ("black", "green", "purple")
ANIM_TIME = 0.35
LAYER_EVERY = 0.12        # real seconds: several engine events in a row cost one redraw of the board layer
LOG_REFRESH = 0.25        # real seconds between log redraws
PRIV_ANIM = 1.2           # seconds of the privilege re-order animation at council
BOT_PACE = 0.45           # real seconds between bot moves in untimed play (divided by --speed)
AUTOSAVE_EVERY = 1.0       # engine seconds between autosaves in real-time play


# events that change only where pieces stand (drawn every frame), not the cached board layer
_PIECES_ONLY = frozenset({"timer_finished", "request_applied", "request_refused", "decision_opened"})


class _LogPanel:
    """Stands in ``table.ui["log"]`` so code that hides/shows the table's widgets also hides the
    hand-drawn log."""

    def __init__(self, table):
        self.table = table

    def hide(self):
        self.table.show_log = False

    def show(self):
        self.table.show_log = True

    def kill(self):
        self.table.show_log = False

    @property
    def visible(self):
        return self.table.show_log


class _LogText:
    """A log line of the table itself (refusal, undo, opening phase): a string key and its
    fields, worded again on a language switch like the engine events. A field whose value
    starts with ``pendulum.`` is itself a key."""

    __slots__ = ("key", "fields")

    def __init__(self, key, **fields):
        self.key, self.fields = key, fields

    def text(self, app):
        f = {k: (v.text(app) if hasattr(v, "text") else
                 app.t(v) if isinstance(v, str) and v.startswith("pendulum.") else v)
             for k, v in self.fields.items()}
        return app.t(self.key, **f)


class _Why:
    """Why the engine refused a move: its own words (English), or in another language the
    rule's explanation from the strings (``teach.why.<rule>``) when there is one."""

    __slots__ = ("rule", "message")

    def __init__(self, exc):
        self.rule = getattr(exc, "rule", "")
        self.message = getattr(exc, "message", str(exc))

    def text(self, app):
        if app.lang != "en":
            from pendulum.teaching import rule_key
            key = f"teach.why.{rule_key(self.rule)}"
            explained = app.t(key)
            if explained != key:
                return explained
        return self.message


class _Writer:
    """Autosave on a background thread: the newest record wins, the fsync never stalls a frame."""

    def __init__(self):
        import threading
        self._cv = threading.Condition()
        self._lock = threading.Lock()     # one write at a time, in order
        self._job = None
        self._thread = None

    def put(self, record, path=None):
        import threading
        with self._cv:
            self._job = (record, path)
            self._cv.notify()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="pendulum-autosave", daemon=True)
                self._thread.start()

    def _run(self):
        while True:
            with self._cv:
                if self._job is None:
                    self._cv.wait(timeout=2.0)
                    if self._job is None:
                        self._thread = None
                        return
                self._lock.acquire()
                record, path = self._job
                self._job = None
            try:
                saves.write_record(record, path)
            except OSError:
                traceback.print_exc(file=sys.stderr)
            finally:
                self._lock.release()

    def flush(self):
        """Write any pending record now (game end, quit, tests)."""
        with self._cv:
            job, self._job = self._job, None
        with self._lock:
            if job is not None:
                saves.write_record(*job)


_WRITER = _Writer()


def _add_anim(anims, anim):
    """One animation per piece: a newer move replaces an unfinished one."""
    if anim.key is not None:
        anims[:] = [a for a in anims if a.key != anim.key]
    anims.append(anim)


class Anim:
    __slots__ = ("sprite", "a", "b", "t", "dur", "key")

    def __init__(self, sprite, a, b, dur=ANIM_TIME, key=None):
        self.sprite, self.a, self.b, self.t, self.dur, self.key = sprite, a, b, 0.0, dur, key

    def pos(self):
        u = min(1.0, self.t / self.dur)
        u = u * u * (3 - 2 * u)
        return (self.a[0] + (self.b[0] - self.a[0]) * u, self.a[1] + (self.b[1] - self.a[1]) * u)


class PendulumTable(Scene):
    """The table. ``seats``: list of "human" / "bot[:kind]"; ``mode``: realtime | timetrack | beginner."""

    def __init__(self, app, seats=None, mode=None, seed=None, record: Record | None = None,
                 human_seats=None, autosave: bool = True, options: dict | None = None):
        super().__init__(app)
        from pendulum.game import make_rules
        if record is not None:
            seats = list(record.seats) or seats
            opts = dict(record.options)
            seed = record.seed
        else:
            seats = list(seats or ["human", "bot", "bot"])
            opts = dict(options or {})
            opts.setdefault("mode", mode or "realtime")
            opts["players"] = len(seats)
        if not 2 <= len(seats) <= 5:
            raise ValueError(app.t("pendulum.error.seats", n=len(seats)))
        self.seats_spec = seats
        self.seed = int(seed if seed is not None else (int(_time.time() * 1000) % 1_000_000))
        self.rules = make_rules(opts, mods=getattr(app, "mods", None))
        self.mode = self.rules.mode
        self.timed = self.rules.timed
        if record is not None:
            from tabletop.engine import replay
            self.state = replay(record, self.rules)
            self.record = record
        else:
            self.state = self.rules.new_state(self.seed)
            self.record = Record(game="pendulum", seed=self.seed, options=self.rules.options_dict(),
                                 seats=list(seats), mods=list(getattr(app, "mods", []) or []))
        self.n = len(seats)
        self.human = [not s.startswith("bot") for s in seats]
        if human_seats is not None:
            self.human = [i in set(human_seats) for i in range(self.n)]
        self.bots = V.make_bots(self.rules, self.state, seats, self.human, self.seed)
        self.autosave = autosave
        self.undo = UndoStack()
        self.paused = False
        self.finished = False
        self._ended_scene = False
        self.listeners = []            # on_action(action, events) callbacks (teaching mode)
        self.highlights: set[str] = set()
        self.focus_seat = next((i for i, h in enumerate(self.human) if h), 0)
        self.layout = Layout(list(self.rules.spaces.values()), self.n, self.focus_seat)
        self.sprites = R.Sprites(app, V.seat_defs(self.rules, self.n))
        self._static = None
        self._layer = None
        self._dirty = True
        self._wpos = None
        self._wpos_key = None
        self._soft_dirty = False
        self._layer_age = 0.0
        self.anims: list[Anim] = []
        self.log_lines: list[str] = []
        self.log_events: list = []     # the events behind the log (re-worded on a language switch)
        self.log_scroll = 0
        self.show_log = True
        self._log_surf = None
        self._log_dirty = True
        self.drag = None               # dict(worker, seat, targets{rid: action}, pos, origin)
        self.kb = None                 # keyboard cursor: dict(stage, items, index)
        self.picker = None             # dict(seat, options[(label, action)], rect, index)
        self.message = None            # (surface, seconds)
        self.hover_id = None
        self._tooltip = None
        self._last_save_t = -1e9
        self._real_since_save = 0.0
        self._log_wait = 0.0
        self._log(_LogText("pendulum.log.phase_changed", phase=f"pendulum.phase.{self.state.phase}",
                           round=self.state.round))
        self._bot_wait = 0.0
        self.privilege_anim = None
        self.floaters = []                # [surface, (x, y), age]
        self.ghosts = {}                  # worker -> (seat, pos, age): a drop waiting in the 4.8 window
        self._ghost_from = {}
        self.pending = 0
        self._last_pos = {}
        self._last_privilege = list(self.state.privilege)
        self._dismissed = None
        self.history = [V.track_snapshot(self.state, self.n)]     # per round, for the end chart
        self._round_seen = V.round_of(self.state)
        self.hourglasses = {}
        self._glass_pos = {}
        self._glass_anim = {}
        for i, tid in enumerate(TIMERS):
            hg = Hourglass(grains=160, sand=R.SAND[tid], frame=R.AREA_LIGHT[tid], seed=i,
                           full=not self.timed or V.timer_running(self.state, tid))
            hg._acc = (i % 2) / 60.0          # stagger: at most two glasses step physics per frame
            self.hourglasses[tid] = hg
            if self.timed:
                hg.fill_to(V.timer_fraction(self.state, self.rules, tid))
        self.ui = {}
        self._timer_text = {}
        if autosave:
            saves.mark_running("pendulum")
            self._autosave(force=True)

    # ================================================================= teaching hooks
    def region(self, rid: str):
        if rid.startswith("button.") and rid[7:] in self.ui:
            return self.ui[rid[7:]].rect
        if rid.startswith("timer."):
            tid = rid.split(".", 1)[1]
            c = self.glass_center(tid)
            return self.hourglasses[tid].rect(c, self._glass_scale()) if c else None
        if rid.startswith("worker."):
            p = self.worker_positions().get(rid.split(".", 1)[1])
            return pygame.Rect(p[0] - 18, p[1] - 18, 36, 36) if p else None
        return self.layout.region(rid)

    def highlight(self, ids):
        self.highlights = set(ids or ())

    def set_human_seats(self, seats):
        self.human = [i in set(seats) for i in range(self.n)]
        self.bots = V.make_bots(self.rules, self.state, self.seats_spec, self.human, self.seed)

    def on_action(self, callback):
        self.listeners.append(callback)

    # ================================================================= scene life
    def on_enter(self):
        m = self.app.ui_manager
        bar = self.layout.rects["top_bar"]
        def button(key, rect, text):
            self.ui[key] = pygame_gui.elements.UIButton(pygame.Rect(rect), text, m,
                                                        tool_tip_text=self.app.t(f"pendulum.tip.button_{key}"))
        button("pause", (1262, 5, 190, 42), self.app.t("pendulum.button.pause"))
        button("done", (1460, 5, 140, 42), self.app.t("pendulum.button.done"))
        button("undo", (1608, 5, 150, 42), self.app.t("pendulum.button.undo"))
        button("menu", (1766, 5, 146, 42), self.app.t("pendulum.button.menu"))
        if self.timed:
            self.ui["undo"].hide()
        self.ui["log"] = _LogPanel(self)
        self.show_log = True
        self._log_dirty = True

    def on_exit(self):
        if self.autosave:
            _WRITER.flush()
            saves.mark_clean_exit("pendulum")
        for el in self.ui.values():
            el.kill()
        self.ui = {}
        self._close_picker()
        self._tooltip = None

    def on_pause(self):
        for el in self.ui.values():
            el.hide()
        self._close_picker()

    def on_resume(self):
        for k, el in self.ui.items():
            if k == "undo" and self.timed:
                continue
            el.show()

    def on_language_changed(self):
        self._static = None
        self._invalidate()
        ui = self.ui
        if ui:
            for k in ("pause", "done", "undo", "menu"):
                ui[k].set_text(self.app.t(f"pendulum.button.{k}"))
        # the log is rebuilt from the events, in the new language
        self.log_lines = [line for line in (self._log_text(e) for e in self.log_events) if line]
        self._log_dirty = True
        self._log_wait = 0.0
        self.hover_id = None
        self._tooltip = None
        self.message = None

    def has_game_in_progress(self) -> bool:
        return not self.finished

    def save_game(self, path=None):
        self.record.end_time = V.time_of(self.state)
        if path is None:
            path = saves.data_dir() / f"pendulum-{_time.strftime('%Y%m%d-%H%M%S')}.json"
        return saves.write_record(self.record, path)

    # ================================================================= engine access
    def _autosave(self, force=False):
        """Untimed: after every accepted action. Real time: at most once per second of engine
        time (and of real time). The write (fsync) runs on a background thread."""
        if not self.autosave:
            return
        t = V.time_of(self.state)
        if force or not self.timed or (t - self._last_save_t >= AUTOSAVE_EVERY
                                      and self._real_since_save >= AUTOSAVE_EVERY):
            self.record.end_time = t
            _WRITER.put(Record(**{f: (list(v) if isinstance(v, list) else v)
                                  for f, v in vars(self.record).items()}))
            self._last_save_t = t
            self._real_since_save = 0.0

    def request(self, action, *, animate_from=None, ghost=None):
        """The entry for players and bots. Real-time play: the request joins the engine's 4.8
        window (``state.submit``: applied in privilege order when the window closes, recorded
        then); a request illegal right now raises ``IllegalActionError`` at once. Untimed
        play (or a window of 0): applied now, like :meth:`apply`."""
        if type(self).apply is not PendulumTable.apply:      # a subclass routes requests itself (teaching)
            return self.apply(action, animate_from=animate_from)
        if self.timed and self.rules.claim_window > 0:
            events = self.state.submit(action)
            if events:                      # applied at once after all
                return self._accepted(action, events, animate_from)
            seat = getattr(action, "seat", -1)
            wid = getattr(action, "worker", None)
            if ghost is not None and wid:
                self.ghosts[wid] = (seat, ghost, 0.0)
            self.pending += 1
            return []
        return self.apply(action, animate_from=animate_from)

    def _flush_applied(self, events, before):
        """Real-time: split what ``advance`` returned at each applied request, record each
        request at the engine time it was applied, tell the listeners, report refusals."""
        from tabletop.engine import Action
        current, chunk, rest = None, [], []
        def close():
            if current is not None:
                self._record(current, chunk)
        for ev in events:
            k = getattr(ev, "kind", "")
            if k == "request_applied":
                close()
                current, chunk = Action.from_text("pendulum", ev.action), []
                self.pending = max(0, self.pending - 1)
                self._drop_ghost(current)
            elif k == "request_refused":
                self.pending = max(0, self.pending - 1)
                if 0 <= ev.seat < self.n and self.human[ev.seat]:
                    self.refuse(IllegalActionError(ev.rule, ev.message))
                try:
                    self._drop_ghost(Action.from_text("pendulum", ev.action), spring=True)
                except Exception:
                    pass
            elif current is not None:
                chunk.append(ev)
        close()
        if self._ghost_from:
            before = dict(before or {})
            before.update(self._ghost_from)
            self._ghost_from = {}
        self._after_events(events, before)

    def _drop_ghost(self, action, spring=False):
        wid = getattr(action, "worker", None)
        g = self.ghosts.pop(wid, None) if wid else None
        if g is not None:
            seat, pos, _age = g
            if spring:
                end = self.worker_positions().get(wid, pos)
                _add_anim(self.anims, Anim(self.sprites.worker(seat, V.is_grande(self.state, wid)), pos, end, key=wid))
            else:
                self._ghost_from[wid] = pos

    def _record(self, action, events):
        self.record.add(action, V.time_of(self.state))
        for cb in list(self.listeners):
            try:
                cb(action, events)
            except Exception:
                traceback.print_exc(file=sys.stderr)
        self._autosave(force=not self.timed)

    def _accepted(self, action, events, animate_from=None):
        before = self.worker_positions() if animate_from is None else animate_from
        self._record(action, events)
        self._after_events(events, before)
        return events

    def apply(self, action, *, animate_from=None, quiet=False):
        """Apply through the engine now (no 4.8 window); returns events or raises IllegalActionError."""
        before = self.worker_positions() if animate_from is None else animate_from
        undoable = not self.timed and self.human[getattr(action, "seat", 0)] if 0 <= getattr(action, "seat", -1) < self.n else False
        snap = self.state.clone() if undoable else None
        events = self.state.apply(action)
        self.record.add(action, V.time_of(self.state))
        if snap is not None:
            if type(self.state).reveals(events):         # the engine says what closes the undo window
                self.undo.close()
            else:
                self.undo._snapshots.append((snap, len(self.record.actions) - 1))
        elif not self.timed:
            self.undo.close()
        self._after_events(events, before)
        for cb in list(self.listeners):
            try:
                cb(action, events)
            except Exception:
                traceback.print_exc(file=sys.stderr)
        self._autosave(force=not self.timed)
        return events

    def _after_events(self, events, before=None):
        if not events:
            return
        self._wpos = None
        if any(getattr(ev, "kind", "") not in _PIECES_ONLY for ev in events):
            self._soft_dirty = True           # the layer is redrawn soon (at most every LAYER_EVERY s)
        after = self.worker_positions()
        for ev in events:
            kind = getattr(ev, "kind", "")
            if kind != "request_refused":       # a person's refusal is logged by refuse(); a bot's is noise
                self._log(ev)
            if kind == "worker_moved" and before is not None:
                a, b = before.get(ev.worker), after.get(ev.worker)
                if a and b and a != b:
                    _add_anim(self.anims, Anim(self.sprites.worker(ev.seat, V.is_grande(self.state, ev.worker)),
                                           a, b, key=ev.worker))
            elif kind == "timer_flipped":
                self._start_glass_move(ev.timer)
            elif kind == "privilege_ordered":
                self.privilege_anim = {"old": list(self._last_privilege), "new": list(ev.order),
                                       "votes": dict(zip(ev.order, ev.votes)), "t": 0.0}
        self._last_privilege = list(self.state.privilege)
        self.layout.set_council(self.state.phase in ("council_rewards", "council_trim")
                                or (self.privilege_anim is not None and self.privilege_anim["t"] < PRIV_ANIM + 1.0))
        self._float_gains(events)
        r = V.round_of(self.state)
        if r != self._round_seen:
            self.history.append(V.track_snapshot(self.state, self.n))
            self._round_seen = r
        if self.state.is_terminal() and not self.finished:
            self.finished = True
            if len(self.history) < 5:
                self.history.append(V.track_snapshot(self.state, self.n))
            if self.autosave:
                self._autosave(force=True)
                _WRITER.flush()
                saves.mark_clean_exit("pendulum")

    def _float_gains(self, events):
        """What a move paid and gained floats up for 2 s from the seat's resources, where it lands
        (from the piece it covered the reward boxes' text, and the boxes' text showed through it)."""
        per_seat = {}
        for ev in events:
            k = getattr(ev, "kind", "")
            if k in ("paid", "gained") and ev.seat >= 0:
                sign = "−" if k == "paid" else "+"
                per_seat.setdefault(ev.seat, []).append(sign + V.what_text(self.app, self.rules, ev.what))
        for seat, parts in per_seat.items():
            rect = self.layout.rects.get(f"seat.{seat}.resources") or self.layout.rects.get(f"seat.{seat}")
            pos = rect.midtop if rect else (600, 600)
            text = "  ".join(parts[:4])
            surf = R.text_fit(self.app, text, 22, (255, 240, 190), 520, True)
            box = pygame.Surface((surf.get_width() + 16, surf.get_height() + 6), pygame.SRCALPHA)
            box.fill((10, 14, 20, 240))
            box.blit(surf, (8, 3))
            self.floaters.append([box, pos, 0.0])
        del self.floaters[:-8]

    def legal(self, seat):
        try:
            return list(self.state.legal_actions(seat))
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return []

    # ================================================================= geometry of pieces
    def _glass_scale(self):
        return 0.6

    def glass_home(self, tid):
        """Where the timer stands in the engine state (centre of its circle)."""
        row, place = V.timer_place(self.state, tid)
        rect = self.layout.rects.get(f"timer_place.{tid}.{row}.{place}")
        return rect.center if rect else None

    def glass_center(self, tid):
        a = self._glass_anim.get(tid)
        if a:
            return a.pos()
        return self.glass_home(tid)

    def _start_glass_move(self, tid):
        a = self._glass_pos.get(tid)
        b = self.glass_home(tid)
        if a and b:
            self._glass_anim[tid] = Anim(None, a, b, dur=0.6)
        hg = self.hourglasses[tid]
        if self.timed:
            hg.flip()
        else:
            hg.angle = 0.0
            self._glass_anim.setdefault(tid, Anim(None, b, b, dur=0.6))

    def _invalidate(self):
        """The engine state (or the layout) changed: redraw the state layer, re-place the pieces."""
        self._dirty = True
        self._wpos = None

    def worker_positions(self):
        """Centre of every worker in play, from the engine state (cached until the state changes;
        callers get a copy)."""
        key = (id(self.state), getattr(self.state, "action_count", 0), self.state.phase, self.focus_seat,
               self.layout.council_active)
        if self._wpos is None or self._wpos_key != key:
            self._wpos = self._worker_positions()
            self._wpos_key = key
        return dict(self._wpos)

    def _worker_positions(self):
        out = {}
        groups = {}
        for wid, seat, grande, loc in V.workers(self.state):
            groups.setdefault(loc, []).append((wid, seat, grande))
        r = self.layout.rects
        for loc, ws in groups.items():
            if loc.startswith("F:"):
                rect = r.get(f"frame.{loc[2:]}")
            elif loc.startswith("B:"):
                rect = r.get(f"space.{loc[2:]}")
            elif loc == "mat":
                continue
            else:
                rect = None
            if rect is None:
                continue
            n = len(ws)
            step = min(36, (rect.width - 10) / max(1, n))
            x0 = rect.centerx - step * (n - 1) / 2
            # in a reward box the pieces sit on its lower edge, clear of the box's text
            y = rect.centery if loc.startswith("F:") else rect.bottom - 2
            for i, (wid, seat, grande) in enumerate(ws):
                out[wid] = (int(x0 + i * step), int(y))
        for seat in range(self.n):
            mat = r.get(f"seat.{seat}.mat")
            if mat is None:
                continue
            ws = [w for w in groups.get("mat", []) if w[1] == seat]
            step = 44 if seat == self.focus_seat else 30
            for i, (wid, _s, _g) in enumerate(ws):
                out[wid] = (mat.left + (30 if seat == self.focus_seat else 18) + i * step,
                            mat.centery + (6 if seat == self.focus_seat else 0))
        return out

    # ================================================================= update
    def update(self, dt):
        app = self.app
        if self.message:
            self.message[1] -= dt
            if self.message[1] <= 0:
                self.message = None
        if not self.paused and not self.finished:
            edt = dt * float(getattr(app, "speed", 1.0) or 1.0)
            before = self.worker_positions() if self.anims is not None else None
            try:
                events = self.state.advance(edt)
            except Exception:
                traceback.print_exc(file=sys.stderr)
                events = []
            if events:
                self._flush_applied(events, before)
            for wid in list(self.ghosts):          # a request the engine never answered: let it go
                seat, pos, age = self.ghosts[wid]
                if age > 3.0:
                    del self.ghosts[wid]
                else:
                    self.ghosts[wid] = (seat, pos, age + dt)
            self._run_bots(dt)
            self._autosave()
        # animations
        self._layer_age += dt
        for f in self.floaters:
            f[2] += dt
        self.floaters = [f for f in self.floaters if f[2] < 2.0]
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if a.t < a.dur]
        pa = self.privilege_anim
        if pa is not None:
            pa["t"] += dt
            if pa["t"] >= PRIV_ANIM + 1.0:
                self.privilege_anim = None
                self.layout.set_council(self.state.phase in ("council_rewards", "council_trim"))
                self._invalidate()
        self._auto_picker()
        for tid, a in list(self._glass_anim.items()):
            a.t += dt
            if a.t >= a.dur:
                del self._glass_anim[tid]
        # hourglasses
        speed = float(getattr(app, "speed", 1.0) or 1.0)
        for tid, hg in self.hourglasses.items():
            home = self.glass_home(tid)
            if home and tid not in self._glass_anim:
                self._glass_pos[tid] = home
            if self.timed:
                rem, dur = V.timer_remaining(self.state, self.rules, tid)
                hg.step(dt, physics=not self.paused)
                if hg.just_flipped:
                    hg.just_flipped = False
                    hg.resync(rem / dur if dur else 0.0)
                if not self.paused:
                    hg.meter(rem, dur, lead=min(0.4 * speed, dur * 0.1))
            elif hg.flipping:
                hg.step(dt, physics=False)
        self._real_since_save += dt
        self._log_wait -= dt
        if self._log_dirty and self._log_wait <= 0:
            self._refresh_log()
            self._log_wait = LOG_REFRESH
        if self.finished and not self._ended_scene and not self.anims:
            self._ended_scene = True
            from .endscreen import EndScreen
            self.app.scenes.push(EndScreen(self.app, self))

    def _run_bots(self, dt):
        """One bot action at a time so people see it. Real-time: the driver's reaction delay
        (engine time) paces them; untimed: at most one every BOT_PACE real seconds (/ speed)."""
        if self.bots is None:
            return
        speed = float(getattr(self.app, "speed", 1.0) or 1.0)
        self._bot_wait -= dt
        if self._bot_wait > 0:
            return
        for _ in range(4):
            try:
                action = V.next_bot_action(self.bots, self.state)
            except Exception:
                traceback.print_exc(file=sys.stderr)
                return
            if action is None:
                return
            try:
                self.request(action)
            except IllegalActionError:
                self.bots.queue = []
                continue
            if not self.timed:
                self._bot_wait = BOT_PACE / speed
            return

    def _auto_picker(self):
        """A human seat that owes the engine a choice (any VP bonus, province trim, council reward...)
        gets the picker without asking; Esc hides it until something changes."""
        if self.picker is not None or self.drag is not None or self.kb is not None or self.finished:
            return
        for seat in range(self.n):
            if not self.human[seat]:
                continue
            p = self.state.players[seat]
            if p.decisions:
                key = (seat, len(self.record.actions), len(p.decisions))
                if key == self._dismissed:
                    return
                self._dismissed = key
                if self.layout.council_active:      # beside the overlay, over the log: the cards stay visible
                    where = (self.layout.rects["log"].left - 20, self.layout.rects["log"].top + 20)
                else:
                    where = self._last_pos.get(seat) or self.layout.rects[f"seat.{seat}"].center
                self._open_decision(seat, where)
                return

    def _log_text(self, entry):
        """The log line of an engine event or of a table message, in the current language."""
        if isinstance(entry, _LogText):
            return entry.text(self.app)
        return V.event_text(self.app, self.rules, entry)

    def _log(self, entry):
        """Add a log line; the entry is kept so a language switch re-words every line."""
        line = self._log_text(entry)
        if line:
            self.log_lines.append(line)
            self.log_events.append(entry)
            self._log_dirty = True

    def _refresh_log(self):
        """The log is drawn by hand from cached text lines, newest first (a pygame_gui UITextBox
        re-parses and re-lays out all its text on every change: 25-50 ms, a visible hitch)."""
        self._log_dirty = False
        del self.log_lines[:-200]
        del self.log_events[:-200]
        rect = self.layout.rects["log"]
        surf = self._log_surf
        if surf is None or surf.get_size() != rect.size:
            surf = pygame.Surface(rect.size).convert()
            self._log_surf = surf
        surf.fill((22, 34, 40))
        pygame.draw.rect(surf, (79, 106, 115), surf.get_rect(), 2, border_radius=8)
        title = self.app.text(self.app.t("pendulum.log_title"), 17, R.DIM_INK, True)
        surf.blit(title, (12, 6))
        y = 32
        lines = self.log_lines[::-1][self.log_scroll:]
        for i, line in enumerate(lines):
            colour = R.INK if i == 0 and self.log_scroll == 0 else (200, 196, 184)
            for part in R.text_lines(self.app, line, 18, colour, rect.width - 28, max_lines=2):
                if y + part.get_height() > rect.height - 6:
                    return
                surf.blit(part, (14, y))
                y += part.get_height() - 1
            y += 3

    # ================================================================= input
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return True
        if self.picker is not None and self._picker_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        if event.type == pygame.MOUSEMOTION:
            if self.drag:
                self.drag["pos"] = event.pos
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.show_log:
            mp = self.app.window_to_logical(pygame.mouse.get_pos())
            if self.layout.rects["log"].collidepoint(mp):
                self.log_scroll = max(0, min(len(self.log_lines) - 1, self.log_scroll - event.y))
                self._log_dirty = True
                self._log_wait = 0.0
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        return False

    def _on_button(self, el) -> bool:
        for k, v in self.ui.items():
            if v is el:
                if k == "pause":
                    self.toggle_pause()
                elif k == "done":
                    self.declare_done(self.focus_seat)
                elif k == "undo":
                    self.do_undo()
                elif k == "menu":
                    self.app.open_pause_menu()
                return True
        return False

    def toggle_pause(self):
        self.paused = not self.paused
        self.flash(self.app.t("pendulum.msg.paused" if self.paused else "pendulum.msg.resumed"))
        if self.ui:
            self.ui["pause"].set_text(self.app.t("pendulum.button.resume" if self.paused else "pendulum.button.pause"))

    def flash(self, text, seconds=3.0):
        self.message = [text, seconds]

    def declare_done(self, seat):
        acts = [a for a in self.legal(seat) if a.kind == "done"]
        if acts:
            self._try(acts[0])
        else:
            self.flash(self.app.t("pendulum.msg.nothing_to_end"))

    def do_undo(self):
        if self.timed or not self.undo.can_undo():
            self.flash(self.app.t("pendulum.msg.no_undo"))
            return
        state, n = self.undo.pop()
        self.state = state
        self.record.truncate(n)
        self._invalidate()
        self.bots = V.make_bots(self.rules, self.state, self.seats_spec, self.human, self.seed)
        self._log(_LogText("pendulum.log.undo"))
        self._autosave(force=True)

    def _try(self, action):
        try:
            return self.request(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return None

    def refuse(self, exc):
        entry = _LogText("pendulum.msg.refused", rule=getattr(exc, "rule", ""), message=_Why(exc))
        self._log(entry)
        self.flash(self._log_text(entry), 5.0)

    def focus(self, seat):
        if 0 <= seat < self.n and seat != self.focus_seat:
            self.focus_seat = seat
            self.layout.set_focus(seat)
            self._invalidate()

    def flip_timer(self, tid, seat=None):
        seat = self.focus_seat if seat is None else seat
        acts = [a for a in self.legal(seat) if a.kind == "flip" and a.timer == tid]
        if not self.human[seat]:
            seat = next((i for i, h in enumerate(self.human) if h), seat)
            acts = [a for a in self.legal(seat) if a.kind == "flip" and a.timer == tid]
        if acts:
            return self._try(acts[0])
        try:
            V.try_flip(self.state, seat, tid)
        except IllegalActionError as exc:
            self.refuse(exc)
        return None

    # ----------------------------------------------------------------- keyboard
    def _on_key(self, event) -> bool:
        intents = self.app.intents(event) if hasattr(self.app, "intents") else [self.app.intent(event)]
        if "pause_timers" in intents:
            self.toggle_pause()
            return True
        for i in range(1, 6):
            if f"seat_{i}" in intents:
                self.focus(i - 1)
                return True
        for tid in TIMERS:
            if f"flip_{tid}" in intents:
                self.flip_timer(tid)
                return True
        if "undo" in intents:
            self.do_undo()
            return True
        if self.kb is not None:
            if "cancel" in intents:
                self.kb = None
                self.drag = None
                return True
            if any(i in intents for i in ("next", "right", "down")):
                self.kb["index"] = (self.kb["index"] + 1) % max(1, len(self.kb["items"]))
                return True
            if any(i in intents for i in ("prev", "left", "up")):
                self.kb["index"] = (self.kb["index"] - 1) % max(1, len(self.kb["items"]))
                return True
            if "confirm" in intents:
                self._kb_confirm()
                return True
            return False
        if any(i in intents for i in ("next", "prev", "confirm")):
            self._kb_start()
            return True
        return False

    def _kb_start(self):
        """Keyboard path: Tab/arrows cycle through everything the focused seat can use now —
        its workers, finished timers, the achievement, the stratagem hand, the province deck,
        the council cards of a pending choice — Enter takes it. A picked-up worker then cycles
        through its legal targets (from the engine) and Enter drops it there; Esc cancels."""
        seat = self.focus_seat
        if not self.human[seat]:
            self.flash(self.app.t("pendulum.msg.bot_seat"))
            return
        pos = self.worker_positions()
        legal = self.legal(seat)
        items = [f"worker.{w}" for w, s, g, loc in V.workers(self.state) if s == seat and w in pos
                 and any(getattr(a, "worker", None) == w for a in legal)]
        kinds = {a.kind for a in legal}
        items += [f"timer.{a.timer}" for a in legal if a.kind == "flip"]
        if "claim" in kinds:
            items.append("achievement")
        if kinds & {"play", "pickup"}:
            items.append(f"seat.{seat}.hand")
        if "refill" in kinds:
            items.append("province_deck")
        for a in legal:
            if a.kind == "choose":
                for rid in [k for k in self.layout.rects if k.startswith(("council.", "province."))]:
                    if V.option_matches_region(self.state, a.option, rid) and rid not in items:
                        items.append(rid)
        if "done" in kinds and "done" in self.ui:
            items.append("button.done")
        if not items:
            self.flash(self.app.t("pendulum.msg.no_worker_moves"))
            return
        self.kb = {"stage": "item", "items": items, "index": 0}

    def _kb_confirm(self):
        kb = self.kb
        if not kb["items"]:
            self.kb = None
            return
        item = kb["items"][kb["index"]]
        if kb["stage"] == "item":
            self.kb = None
            if item.startswith("worker."):
                wid = item[7:]
                self._pick_up(wid, self.worker_positions().get(wid, (0, 0)))
                if self.drag and self.drag["targets"]:
                    self.kb = {"stage": "target", "items": list(self.drag["targets"]), "index": 0}
                else:
                    self.drag = None
            elif item.startswith("timer."):
                self.flip_timer(item[6:])
            elif item == "button.done":
                self.declare_done(self.focus_seat)
            else:
                rect = self.region(item)
                if rect is not None:
                    self._click_region(item, rect.center)
        else:
            rect = self.region(item)
            self.kb = None
            if rect is not None:
                self._drop(rect.center, rid=item)

    # ----------------------------------------------------------------- mouse
    def _hit_worker(self, pos):
        best = None
        for wid, p in self.worker_positions().items():
            d = (p[0] - pos[0]) ** 2 + (p[1] - pos[1]) ** 2
            if d <= 20 * 20 and (best is None or d < best[0]):
                best = (d, wid)
        return best[1] if best else None

    def _mouse_down(self, pos) -> bool:
        if self.layout.council_active and self.layout.rects["main_board"].collidepoint(pos):
            # the council overlay covers the main board: only its cards answer
            for rid in self.layout.hit(pos, ("council.",)):
                if self._click_region(rid, pos):
                    return True
            return True
        wid = self._hit_worker(pos)
        if wid is not None:
            self._pick_up(wid, pos)
            return True
        for tid in TIMERS:
            r = self.region(f"timer.{tid}")
            if r and r.collidepoint(pos):
                self.flip_timer(tid)
                return True
        for rid in self.layout.hit(pos, ("seat.", "achievement", "province", "council.", "legendary")):
            if self._click_region(rid, pos):
                return True
        return False

    def _pick_up(self, wid, pos):
        seat = V.worker_seat(self.state, wid)
        if seat is None or not (0 <= seat < self.n):
            return
        if not self.human[seat]:
            self.flash(self.app.t("pendulum.msg.bot_seat"))
            return
        targets = {}
        for a in self.legal(seat):
            if getattr(a, "worker", None) != wid:
                continue
            rid = V.target_region(a, seat)
            if rid:
                targets.setdefault(rid, []).append(a)
        self.focus(seat)
        self.drag = {"worker": wid, "seat": seat, "targets": targets, "pos": pos,
                     "origin": self.worker_positions().get(wid, pos), "moved": False, "start": pos}

    def _mouse_up(self, pos) -> bool:
        if not self.drag:
            return False
        d = self.drag
        if abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) < 6:
            # a click on a worker: act if it can act (the click path of activation)
            acts = [a for rid, acts in d["targets"].items() for a in acts if a.kind == "act"]
            self.drag = None
            if acts:
                self._choose_or_apply(acts, d["seat"], pos)
            return True
        self._drop(pos)
        return True

    def _drop(self, pos, rid=None):
        d = self.drag
        self.drag = None
        if d is None:
            return
        if rid is None:
            hits = [h for h in self.layout.hit(pos) if h in d["targets"]]
            rid = hits[0] if hits else None
        if rid is not None:
            self._choose_or_apply(d["targets"][rid], d["seat"], pos, origin=d["origin"], wid=d["worker"])
            return
        # not a lit target: the engine's find_action may still take it (a drop on a reward box under
        # a frame the worker may enter); otherwise spring back, naming the rule the engine gives
        hits = self.layout.hit(pos)
        action = next((a for a in (V.find_drop(self.state, d["seat"], d["worker"], h) for h in hits) if a), None)
        for h in hits if action is None else ():
            action = V.action_for_drop(self.state, d["seat"], d["worker"], h)
            if action is not None:
                break
        if action is not None:
            try:
                self.request(action, ghost=pos)      # the engine is the judge; legal after all → accepted
                return
            except IllegalActionError as exc:
                self.refuse(exc)
        else:
            self.flash(self.app.t("pendulum.msg.not_a_target"))
        end = self.worker_positions().get(d["worker"], d["origin"])
        _add_anim(self.anims, Anim(self.sprites.worker(d["seat"], V.is_grande(self.state, d["worker"])),
                               pos, end, key=d["worker"]))

    def _choose_or_apply(self, actions, seat, pos, origin=None, wid=None):
        self._last_pos[seat] = pos
        if len(actions) == 1:
            before = None
            if origin is not None and wid is not None:
                before = self.worker_positions()
                before[wid] = pos
            try:
                self.request(actions[0], animate_from=before, ghost=pos)
            except IllegalActionError as exc:
                self.refuse(exc)
            self._open_decision(seat, pos)
            return
        opts = [(V.action_label(self.app, self.rules, a, self.state), a) for a in actions]
        self._open_picker(seat, opts, pos)

    def _open_decision(self, seat, pos=None):
        """If the engine waits for a choice of this seat (which province, slot, resource...), show a picker."""
        choices = [a for a in self.legal(seat) if a.kind == "choose"]
        if choices and self.human[seat]:
            opts = [(V.action_label(self.app, self.rules, a, self.state), a) for a in choices]
            self._open_picker(seat, opts, pos or self.layout.rects[f"seat.{seat}"].center,
                              title=V.decision_title(self.app, self.state, seat))

    def _click_region(self, rid, pos) -> bool:
        seat = self.focus_seat
        if rid.startswith("seat."):
            parts = rid.split(".")
            s = int(parts[1])
            if s != self.focus_seat:
                self.focus(s)
                return True
            if len(parts) >= 3 and parts[2] == "hand":
                if not self.human[s]:
                    self.flash(self.app.t("pendulum.msg.bot_seat"))
                    return True
                acts = [a for a in self.legal(s) if a.kind in ("play", "pickup")]
                if acts:
                    self._open_picker(s, [(V.action_label(self.app, self.rules, a, self.state), a) for a in acts], pos)
                else:
                    self.flash(self.app.t("pendulum.msg.no_stratagem"))
                return True
            return False
        kind = {"achievement": "claim", "legendary_token": "claim"}.get(rid)
        if rid.startswith("province") or rid.startswith("council."):
            # a pending choice (council reward, which province) of the focused seat or of any human seat
            for s in [seat] + [i for i in range(self.n) if i != seat and self.human[i]]:
                choices = [a for a in self.legal(s) if a.kind == "choose"]
                match = [a for a in choices if V.option_matches_region(self.state, a.option, rid)]
                if match:
                    self._close_picker()
                    self._choose_or_apply(match, s, pos)
                    return True
            if rid.startswith("province"):
                kind = "refill"
        if kind and not self.human[seat]:
            self.flash(self.app.t("pendulum.msg.bot_seat"))
            return True
        if kind:
            acts = [a for a in self.legal(seat) if a.kind == kind]
            if acts:
                self._choose_or_apply(acts, seat, pos)
            else:
                acts = V.try_kind(self.state, seat, kind)
                if acts is not None:
                    self.refuse(acts)
            return True
        return False

    # ----------------------------------------------------------------- picker (pygame_gui)
    def _open_picker(self, seat, options, pos, title=None):
        self._close_picker()
        m = self.app.ui_manager
        w = 520
        bh = 44
        h = 16 + bh * len(options) + (40 if title else 0)
        x = max(8, min(1920 - w - 8, pos[0] + 20))
        y = max(60, min(1080 - h - 8, pos[1] - 20))
        panel = pygame_gui.elements.UIPanel(pygame.Rect(x, y, w, h), starting_height=5, manager=m)
        y0 = 8
        if title:
            pygame_gui.elements.UILabel(pygame.Rect(4, 2, w - 14, 40), title, m, container=panel)
            y0 = 44
        buttons = []
        for i, (label, a) in enumerate(options):
            b = pygame_gui.elements.UIButton(pygame.Rect(8, y0 + i * bh, w - 22, bh - 4), label, m, container=panel)
            buttons.append(b)
        self.picker = {"seat": seat, "options": options, "panel": panel, "buttons": buttons, "index": 0}
        buttons[0].select()

    def _close_picker(self):
        if self.picker is not None:
            self.picker["panel"].kill()
            self.picker = None

    def _picker_event(self, event) -> bool:
        p = self.picker
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in p["buttons"]:
            self._picker_apply(p["buttons"].index(event.ui_element))
            return True
        if event.type == pygame.KEYDOWN:
            intents = self.app.intents(event)
            if "cancel" in intents:
                self._close_picker()
                return True
            if any(i in intents for i in ("next", "down", "right", "prev", "up", "left")):
                p["buttons"][p["index"]].unselect()
                d = 1 if any(i in intents for i in ("next", "down", "right")) else -1
                p["index"] = (p["index"] + d) % len(p["buttons"])
                p["buttons"][p["index"]].select()
                return True
            if "confirm" in intents:
                self._picker_apply(p["index"])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and not p["panel"].get_abs_rect().collidepoint(event.pos):
            self._close_picker()
            return False
        return False

    def _picker_apply(self, i):
        p = self.picker
        seat = p["seat"]
        action = p["options"][i][1]
        rect = p["panel"].get_abs_rect()
        self._close_picker()
        try:
            self.request(action)
        except IllegalActionError as exc:
            self.refuse(exc)
        self._open_decision(seat, rect.topleft)

    # ----------------------------------------------------------------- tooltips
    def _hover(self, pos):
        rid = None
        wid = None
        if self.layout.council_active and self.layout.rects["main_board"].collidepoint(pos):
            hits = self.layout.hit(pos, ("council.",))
            rid = hits[0] if hits else "council_board"
        else:
            wid = self._hit_worker(pos)
        if rid is not None:
            pass
        elif wid is not None:
            rid = f"worker.{wid}"
        else:
            for tid in TIMERS:
                r = self.region(f"timer.{tid}")
                if r and r.collidepoint(pos):
                    rid = f"timer.{tid}"
                    break
            if rid is None:
                hits = self.layout.hit(pos)
                rid = hits[0] if hits else None
        if rid == self.hover_id:
            return
        self.hover_id = rid
        self.hover_pos = pos
        self._tooltip = None
        if rid is None or self.drag:
            return
        text = V.tooltip(self.app, self.rules, self.state, rid)
        if text:
            self._tooltip = self._tooltip_surface(text)

    def _tooltip_surface(self, text):
        """Drawn by hand (a pygame_gui tooltip under the pointer would swallow the next click)."""
        lines = []
        for para in str(text).split("\n"):
            lines.extend(R.text_lines(self.app, para, 20, R.INK, 520, max_lines=4))
        w = max(l.get_width() for l in lines) + 24
        h = sum(l.get_height() for l in lines) + 16
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (14, 22, 28, 240), box.get_rect(), border_radius=10)
        pygame.draw.rect(box, R.GOLD, box.get_rect(), 2, border_radius=10)
        y = 8
        for l in lines:
            box.blit(l, (12, y))
            y += l.get_height()
        return box

    # ================================================================= drawing
    def draw(self, surface):
        app = self.app
        if self._static is None:
            self._static = R.build_static(app, self.layout, self.rules, V.table_info(self.rules, self.n))
            self._invalidate()
        if self._soft_dirty and self._layer_age >= LAYER_EVERY:
            self._dirty = True
        if self._dirty or self._layer is None:
            self._soft_dirty = False
            self._layer_age = 0.0
            if self._layer is None:
                self._layer = pygame.Surface((1920, 1080)).convert()
            self._layer.blit(self._static, (0, 0))      # (a blit is ~15x cheaper than Surface.copy)
            self._draw_state(self._layer)
            self._dirty = False
        surface.blit(self._layer, (0, 0))
        if self.show_log:
            if self._log_surf is None:
                self._refresh_log()
            surface.blit(self._log_surf, self.layout.rects["log"])
        if not self.layout.council_active:
            self._draw_timers(surface)
        else:
            self._draw_privilege_overlay(surface)
        moving = {a.key for a in self.anims} | set(self.ghosts)
        if self.drag:
            moving.add(self.drag["worker"])
            self._draw_targets(surface)
        self._draw_workers(surface, only_moving=False, skip=moving, onto_layer=False)
        board = self.layout.rects["main_board"] if self.layout.council_active else None
        for a in self.anims:
            p = a.pos()
            if board is None or not board.collidepoint(p):     # not over the council overlay
                surface.blit(a.sprite, a.sprite.get_rect(center=p))
        for wid, (seat, pos, _age) in self.ghosts.items():
            spr = self.sprites.worker(seat, V.is_grande(self.state, wid))
            surface.blit(spr, spr.get_rect(center=pos))
            pygame.draw.circle(surface, (255, 255, 255), pos, 21, 1)    # waiting for the 4.8 window
        if self.drag:
            spr = self.sprites.worker(self.drag["seat"], V.is_grande(self.state, self.drag["worker"]))
            surface.blit(spr, spr.get_rect(center=self.drag["pos"]))
        if self.kb:
            item = self.kb["items"][self.kb["index"]] if self.kb["items"] else None
            rect = self.region(item) if item else None
            if rect is not None:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 3, border_radius=8)
        for hid in self.highlights:
            rect = self.region(hid)
            if rect is not None:
                pygame.draw.rect(surface, (255, 230, 120), rect.inflate(8, 8), 4, border_radius=10)
        if self.paused:
            t = app.text(app.t("pendulum.paused_banner"), 40, (255, 240, 200), True)
            box = t.get_rect(center=(616, 380)).inflate(40, 20)
            pygame.draw.rect(surface, (20, 20, 30), box, border_radius=12)
            pygame.draw.rect(surface, R.GOLD, box, 2, border_radius=12)
            surface.blit(t, t.get_rect(center=box.center))
        for box, (x, y), age in self.floaters:
            surface.blit(box, box.get_rect(midbottom=(x, y - 22 - age * 30)))
        if self._tooltip is not None and not self.drag and self.picker is None:
            x, y = self.hover_pos
            tip = self._tooltip
            x = min(x + 18, 1920 - tip.get_width() - 4)
            y = y + 24 if y + 24 + tip.get_height() < 1080 else y - tip.get_height() - 12
            surface.blit(tip, (x, y))
        if self.message:
            t = R.text_fit(app, self.message[0], 24, (255, 236, 200), 1180)
            box = t.get_rect(midbottom=(616, 690)).inflate(30, 14)
            pygame.draw.rect(surface, (60, 20, 20), box, border_radius=10)
            pygame.draw.rect(surface, (230, 120, 90), box, 2, border_radius=10)
            surface.blit(t, t.get_rect(center=box.center))

    def _draw_privilege_overlay(self, surface):
        """Privilege hexagons in the council overlay; after the vote they slide to their new ranks."""
        ov = self.layout.rects["council_overlay"]
        pa = self.privilege_anim
        order = list(self.state.privilege)
        old = pa["old"] if pa else order
        votes = pa["votes"] if pa else {}
        u = min(1.0, pa["t"] / PRIV_ANIM) if pa else 1.0
        u = u * u * (3 - 2 * u)
        for seat in order:
            i_new = order.index(seat)
            i_old = old.index(seat) if seat in old else i_new
            x = ov.left + 60 + (i_old + (i_new - i_old) * u) * 150
            # below the "privilege order" line; a token that moves up dips under the row (rising, it
            # covered that line)
            y = ov.top + 156 + math.sin(u * math.pi) * 12 * (1 if i_new < i_old else 0)
            tok = self.sprites.token(seat, 56)
            surface.blit(tok, tok.get_rect(center=(x, y)))
            if seat in votes:
                t = self.app.text(V.count_t(self.app, "pendulum.council.votes", votes[seat]), 16, R.INK)
                surface.blit(t, t.get_rect(midtop=(x, y + 30)))

    def _draw_targets(self, surface):
        targets = self.drag["targets"]
        shade = self._shade_surface()
        surface.blit(shade, (0, 0))
        for rid in targets:
            rect = self.region(rid)
            if rect is None:
                continue
            surface.blit(self._layer, rect, rect)
            pygame.draw.rect(surface, (120, 255, 140), rect.inflate(6, 6), 3, border_radius=8)
        self._draw_timers(surface)

    def _shade_surface(self):
        s = getattr(self, "_shade", None)
        if s is None:
            s = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            s.fill((0, 0, 0, 130))
            self._shade = s
        return s

    def _draw_timers(self, surface):
        app = self.app
        sc = self._glass_scale()
        for tid, hg in self.hourglasses.items():
            c = self.glass_center(tid)
            if c is None:
                continue
            self._glass_pos[tid] = c
            if self.paused and not hg.flipping:
                hg.angle = 90.0                  # paused: the glasses lie on their side, as at the table
                hg.draw(surface, c, sc)
                hg.angle = 0.0
            else:
                hg.draw(surface, c, sc)
            if self.timed:
                rem, dur = V.timer_remaining(self.state, self.rules, tid)
                secs = int(math.ceil(rem))
                label = app.t("pendulum.timer.seconds", s=secs) if rem > 0 else app.t("pendulum.timer.finished")
                col = (255, 240, 200) if rem > 0 else (255, 150, 120)
            else:
                label, col = app.t("pendulum.timer.untimed"), (220, 220, 220)
            if self.paused:
                label, col = app.t("pendulum.timer.paused"), (190, 200, 255)
            t = R.text_fit(app, label, 19, col, 120, True)
            r = t.get_rect(midtop=(c[0], c[1] + 58))
            bg = r.inflate(8, 2)
            pygame.draw.rect(surface, (10, 10, 14), bg, border_radius=5)
            surface.blit(t, r)

    def ready_workers(self):
        """Workers of the focused human seat that can do something now: {worker: "act"|"move"}
        (from legal_actions; cached with the worker positions)."""
        key = (self._wpos_key, self.focus_seat)
        if getattr(self, "_ready_key", None) != key:
            ready = {}
            if self.human[self.focus_seat]:
                for a in self.legal(self.focus_seat):
                    w = getattr(a, "worker", None)
                    if w is not None and (a.kind == "act" or w not in ready):
                        ready[w] = "act" if a.kind == "act" else "move"
            self._ready, self._ready_key = ready, key
        return self._ready

    def _draw_workers(self, surface, only_moving=False, skip=(), onto_layer=False):
        pos = self.worker_positions()
        if not self.drag and not self.layout.council_active:
            for wid, how in self.ready_workers().items():
                if wid in pos and wid not in skip:
                    pygame.draw.circle(surface, (255, 214, 90) if how == "act" else (235, 245, 255), pos[wid], 21, 3)
        board = self.layout.rects["main_board"] if self.layout.council_active else None
        for wid, seat, grande, loc in V.workers(self.state):
            if wid in skip or wid not in pos:
                continue
            if board is not None and board.collidepoint(pos[wid]):
                continue                      # under the council overlay
            spr = self.sprites.worker(seat, grande)
            surface.blit(spr, spr.get_rect(center=pos[wid]))

    def _draw_state(self, layer):
        """Everything that changes only when the engine state changes."""
        from .draw_state import draw_state
        draw_state(self, layer)

