"""The Pendulum play screen, :class:`PendulumTable`: a scene that owns a
:class:`tabletop.engine.match.Match` and four parts, each in its own module —

* :class:`~pendulum.ui.drag.DragController` (``table.dragger``): mouse, drag-and-drop and the
  keyboard cursor;
* :class:`~pendulum.ui.picker.Picker` (``table.choices``): the window of labelled actions;
* :class:`~pendulum.ui.animator.EventAnimator` (``table.animator``): what the engine's events
  look like on screen;
* :class:`~pendulum.ui.renderer.TableRenderer` (``table.renderer``): the frame, drawn from the
  engine's view only.

and the glue of its own jobs: ``setup`` (the rules, seats, seed and Match: a new game, a saved
one or the lesson's), ``listener`` (what the Match's updates do on screen), ``glasses`` (the
hourglasses kept to the engine's timers), ``topbar`` (the top-bar buttons) and ``botturns``
(the bots' pace).

Every rule is asked of the engine through the Match: drop targets come from ``legal_actions``,
refusals from ``why_not`` / ``find_action`` (a ``Refusal``: rule id, i18n key, parameters),
actions go in by ``match.apply`` (untimed) or ``match.submit`` (real time, the 4.8 window), time
by ``match.advance``; record, undo and autosave are the Match's. The table listens to the
Match's updates (``on_update``) to log, animate and notice the end or a failed save.

What the screen draws comes from ``table.view`` — ``state.view_for(table.viewer)`` — plus static
rules data. ``viewer`` is the focused human seat (in untimed hot-seat play the seat whose turn
it is takes the focus), or None (the public view) when no seat is human.

The public hooks the teaching mode and tests use are listed in ``pendulum/ui/scene.py``.
"""
from __future__ import annotations

import sys
import time as _time
import traceback

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.engine import IllegalActionError, Record, saves
from tabletop.ui.scene import Scene

from . import render as R
from . import topbar
from . import view as V
from .animator import EventAnimator
from .botturns import BotTurns
from .drag import DragController
from .endscreen import EndScreen
from .frames import FrameTracker
from .glasses import TIMERS, fill_glasses, make_glasses, step_glasses
from .layout import Layout
from .listener import MatchListener
from .log import LogText, RefusalText, RuleCite, TableLog
from .picker import Picker
from .renderer import GLASS_SCALE, TableRenderer
from .seat_input import SeatInput
from .setup import open_game, start

__all__ = ["PendulumTable", "IllegalActionError"]


class PendulumTable(Scene):
    """The table. ``seats``: list of "human" / "bot[:kind]"; ``mode``: realtime | timetrack |
    beginner; ``record``: a saved game to resume; ``match``: play this Match (the teaching
    mode's lesson match) instead of making one; ``bots=False``: the table runs no bots (the
    caller plays the other seats)."""

    def __init__(self, app, seats=None, mode=None, seed=None, record: Record | None = None,
                 human_seats=None, autosave: bool = True, options: dict | None = None, match=None,
                 bots: bool = True):
        super().__init__(app)
        opening = open_game(app, seats, mode, seed, record, options, match)
        rules, seats = opening.rules, opening.seats
        self.seats_spec = seats
        self.seed = opening.seed
        self.rules = rules
        self.mode = rules.mode
        self.timed = rules.timed
        self.n = len(seats)
        self.human = [not s.startswith("bot") for s in seats]
        if human_seats is not None:
            self.human = [i in set(human_seats) for i in range(self.n)]
        self.autosave = autosave and match is None
        self.use_bots = bots
        # a choice with one possible answer is answered for the player (not in a lesson, whose
        # steps wait for the learner's own answer)
        self.answer_forced = match is None and bool((getattr(app, "settings", None) or {}).get(
            "answer_forced_choices", True))
        match = start(opening, app, self.autosave, self._undoable)
        replayed = opening.replayed    # a loaded game's events, for its log
        self.match = None
        self._unsubscribe = None
        self._view = None
        self._view_key = None
        self._homes = (None, {})       # (view, {timer: centre}) of glass_home
        self._version = 0
        self.updates = MatchListener(self)      # the Match's updates: log, animate, sounds, the end
        self.paused = False
        self.save_failed = ""
        self.finished = False
        self._ended_scene = False
        self.listeners = []            # on_action(action, events) callbacks
        self.refusal_handlers = []     # on_refusal(refusal) -> bool callbacks
        self.highlights: set[str] = set()
        self.focus_seat = next((i for i, h in enumerate(self.human) if h), 0)
        self.layout = Layout(list(rules.spaces.values()), self.n, self.focus_seat)
        self.sprites = R.Sprites(app, R.seat_defs(rules, self.n))
        self.last_refusal_rule = None  # the rule the last refusal cited (F1 opens the reference there)
        self.message = None            # [text, seconds, info] (flash)
        self.last_pos = {}             # seat -> where that seat last acted (the picker opens there)
        self.bot_turns = BotTurns()
        self.ui = {}                   # the top-bar buttons and the log (topbar.py), while shown
        self.log = TableLog(app, rules)
        self.renderer = TableRenderer(self)
        self.frames = FrameTracker(self, self.renderer)
        self.dragger = DragController(self)            # the shared mouse and keyboard
        self.seat_input = SeatInput(self)               # a seat's own controller, key block or finger
        self.choices = Picker(self)
        self.bind(match)
        self.updates.start(self.view, self.n)
        self.hourglasses = make_glasses(app, self.view, self.timed)
        self.sync_glasses()
        self.log.add(LogText("pendulum.log.phase_changed", phase="pendulum.phase.opening", round=1)
                     if replayed else
                     LogText("pendulum.log.phase_changed", phase=f"pendulum.phase.{self.view['phase']}",
                             round=self.view["round"]))
        self.log.replay(replayed)
        self.follow_turn()

    # ================================================================= the match
    def bind(self, match) -> None:
        """Show and play ``match`` (a new one, or the same game rewound)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.match = match
        self._forced_at: set[int] = set()   # record indices of answers to one-answer choices (undo takes them back too)
        self._unsubscribe = match.subscribe(self.updates.on_update)
        self.reset_bots()
        self.dragger.cancel()
        self.seat_input.cancel()
        self.choices.close()
        self.changed()
        self.animator = EventAnimator(self)

    @property
    def state(self):
        """The live engine state (for bots and tests; the screen draws ``view``)."""
        return self.match.state

    @property
    def record(self):
        return self.match.record

    @property
    def viewer(self):
        """Whose eyes the screen draws for: the focused human seat, or None (public view)."""
        return self.focus_seat if any(self.human) and self.human[self.focus_seat] else None

    @property
    def version(self) -> int:
        """Bumps whenever the game changed (not when only time passed): drawing caches key on it."""
        return self._version

    @property
    def view(self) -> dict:
        """``state.view_for(viewer)``, made again when the game changed or time passed."""
        key = (self._version, self.viewer, self.match.time)
        if self._view_key != key:
            self._view = self.match.view(self.viewer)
            self._view_key = key
        return self._view

    @property
    def history(self) -> list:
        """The tracks per round (start, then each round; the end screen's chart)."""
        return self.updates.history

    def changed(self, layer: bool = True):
        """The game changed: the view is read again (and, with ``layer``, the board layer redrawn)."""
        self._version += 1
        if layer:
            self.renderer.invalidate()

    def reset_bots(self):
        """Bots again for the seats not human (after the seats changed or the game was rewound)."""
        self.bots = (V.make_bots(self.rules, self.state, self.seats_spec, self.human, self.seed)
                     if self.use_bots else None)

    def _undoable(self, action) -> bool:
        seat = getattr(action, "seat", -1)
        return not self.timed and 0 <= seat < self.n and self.human[seat]

    def legal(self, seat):
        try:
            return list(self.match.legal_actions(seat))
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return []

    def why_not(self, action):
        return self.match.why_not(action) if action is not None else None

    def find_action(self, source, target):
        """The engine's answer for a drop: the legal Action, or a Refusal, or None."""
        return self.state.find_action(source, target)

    def action_count(self) -> int:
        return len(self.record.actions)

    def decisions_pending(self, seat) -> int:
        return self.view["mats"][seat]["decisions_pending"]

    # ================================================================= public hooks
    def region(self, rid: str):
        if rid.startswith("button.") and rid[7:] in self.ui:
            return self.ui[rid[7:]].rect
        if rid.startswith("timer."):
            tid = rid.split(".", 1)[1]
            c = self.glass_center(tid)
            return self.hourglasses[tid].rect(c, GLASS_SCALE) if c else None
        if rid.startswith("worker."):
            p = self.worker_positions().get(rid.split(".", 1)[1])
            return pygame.Rect(p[0] - 18, p[1] - 18, 36, 36) if p else None
        return self.layout.region(rid)

    def highlight(self, ids):
        self.highlights = set(ids or ())

    def set_human_seats(self, seats):
        self.human = [i in set(seats) for i in range(self.n)]
        self.reset_bots()
        self.seat_input.set_human(self.human)

    def on_action(self, callback):
        self.listeners.append(callback)

    def on_refusal(self, callback):
        self.refusal_handlers.append(callback)

    def show_buttons(self, keys):
        """Show only these top-bar buttons (the teaching mode has its own panel)."""
        self.bar_only = set(keys)
        for k, el in self.ui.items():
            el.show() if k in keys else el.hide()

    def worker_positions(self):
        return self.renderer.worker_positions()

    def sync_glasses(self):
        """Fill every glass to what the engine's timers say (after time passed undrawn)."""
        if self.timed:
            fill_glasses(self.hourglasses, self.view)
        self.changed()

    def glass_home(self, tid):
        """Where the timer stands in the engine's view (centre of its circle); asked several
        times a frame, worked out once per view."""
        view = self.view
        if self._homes[0] is not view:
            self._homes = (view, {})           # (the view is kept: its id cannot be reused)
        homes = self._homes[1]
        if tid not in homes:
            row, place = V.timer_place(view, tid)
            rect = self.layout.rects.get(f"timer_place.{tid}.{row}.{place}")
            homes[tid] = rect.center if rect else None
        return homes[tid]

    def glass_center(self, tid):
        return self.animator.glass_center(tid)

    def open_decision(self, seat, pos=None) -> bool:
        return self.choices.open_decision(seat, pos)

    @property
    def drag(self):
        return self.dragger.drag

    kb = property(lambda self: self.dragger.kb)

    @property
    def picker(self):
        """The open picker (dict: seat, options, buttons...) or None."""
        return self.choices.current

    anims = property(lambda self: self.animator.anims)
    ghosts = property(lambda self: self.animator.ghosts)
    log_lines = property(lambda self: self.log.lines)

    # ================================================================= scene life
    def on_enter(self):
        self.ui = bar = topbar.make_bar(self.app, self.log)
        self.bar_only = None                # the top-bar buttons shown, when not all (show_buttons)

        def build():
            if self.ui is bar:              # still on the screen
                topbar.add_buttons(bar, self.app, self.timed, self.paused, self.bar_only)
        self.app.gui.first_widgets(lambda: f"pendulum.bar {self.timed} {self.paused} {sorted(self.bar_only or ())}",
                                   build)

    def on_exit(self):
        self.app.sound.loop("sand", False)
        self.seat_input.close()
        if self.autosave:
            self.match.close()
        for el in self.ui.values():
            el.kill()
        self.ui = {}
        self.choices.close()
        self.renderer.tooltip = None

    def on_pause(self):
        self.app.sound.loop("sand", False)     # the pause menu or the reference is up: quiet
        for el in self.ui.values():
            el.hide()
        self.choices.close()
        self.seat_input.cancel()

    def on_resume(self):
        for k, el in self.ui.items():
            if not (k == "undo" and self.timed):
                el.show()

    def on_language_changed(self):
        self.renderer.language_changed()
        topbar.relabel(self.ui, self.app)
        self.log.reword()
        self.message = None

    def has_game_in_progress(self) -> bool:
        return not self.finished

    def autosave_path(self):
        return self.match.save_path

    def save_game(self, path=None):
        if path is None:
            path = saves.data_dir() / f"pendulum-{_time.strftime('%Y%m%d-%H%M%S')}.json"
        return self.match.save(path)

    def rematch(self):
        """A new game with the same seats (the end screen's Rematch)."""
        scene = PendulumTable(self.app, seats=self.seats_spec, mode=self.mode, seed=self.seed + 1,
                              autosave=self.autosave)
        self.app.scenes.clear()
        self.app.scenes.push(scene)

    # ================================================================= requests
    def request(self, action, *, animate_from=None, ghost=None):
        """The entry for players and bots. Real-time play: the request joins the engine's 4.8
        window (``match.submit``: applied in privilege order when the window closes, recorded
        then); a request illegal right now raises ``IllegalActionError`` at once. Untimed
        play (or a window of 0): applied now, like :meth:`apply`."""
        if self.timed and self.rules.claim_window > 0:
            self.updates.before = self.worker_positions() if animate_from is None else animate_from
            try:
                events = self.match.submit(action)
            finally:
                self.updates.before = None
            wid = getattr(action, "worker", None)
            if not events and ghost is not None and wid:
                self.animator.ghost(wid, getattr(action, "seat", -1), ghost)
            return events
        return self.apply(action, animate_from=animate_from)

    def apply(self, action, *, animate_from=None):
        """Apply through the Match now (no 4.8 window); returns events or raises IllegalActionError."""
        self.updates.before = self.worker_positions() if animate_from is None else animate_from
        try:
            return self.match.apply(action)
        finally:
            self.updates.before = None

    def on_update(self, update):
        """The Match's listener (``listener.MatchListener``): log, animate, tell the hooks,
        notice the end or a failed save."""
        self.updates.on_update(update)

    def sand_running(self) -> bool:
        """Real time, not paused, some glass still running: the sand is heard."""
        return (self.timed and not self.paused and not self.finished
                and any(V.timer_remaining(self.view, tid)[0] > 0 for tid in TIMERS))

    def follow_turn(self):
        """Untimed hot seat: when exactly one seat may act and it is a human one, the screen turns
        to it (its board big, its eyes the viewer). In real time the focus stays where the
        people put it (keys 1-5, a click on a seat)."""
        to_act = [x for x in self.view["seats_to_act"] if 0 <= x < self.n]
        if not self.timed and sum(self.human) > 1 and len(to_act) == 1 and self.human[to_act[0]]:
            self.focus(to_act[0])

    # ================================================================= commands
    def toggle_pause(self):
        if self.paused and self.save_failed and not self.match.retry_save():
            self.flash(self.app.t("pendulum.msg.save_failed_again"))
            return
        self.paused = not self.paused
        self.flash(self.app.t("pendulum.msg.paused" if self.paused else "pendulum.msg.resumed"), info=True)
        topbar.label_pause(self.ui, self.app, self.paused)

    def continue_unsaved(self):
        """The player chose to play on although the autosave fails (it keeps trying)."""
        self.save_failed = ""
        self.paused = False
        topbar.label_pause(self.ui, self.app, self.paused)

    def banner(self):
        """Lines of the pause banner, or None."""
        if not self.paused:
            return None
        if self.save_failed:
            return [self.app.t("pendulum.save_failed.title"), self.app.t("pendulum.save_failed.body"),
                    self.app.t("pendulum.save_failed.keys")]
        return [self.app.t("pendulum.paused_banner")]

    def flash(self, text, seconds=3.0, info=False):
        """A line over the board for ``seconds``: a refusal or a problem (red), or with ``info`` news
        that needs nothing from the player (a choice made for it, the timers paused)."""
        self.message = [text, seconds, info]

    def declare_done(self, seat, device="mouse"):
        """Done for ``seat``, asked with ``device``: a device may end only the turn of a seat it
        plays (``seat_input.may_play``)."""
        if not self.seat_input.check(device, seat):
            return
        acts = [a for a in self.legal(seat) if a.kind == "done"]
        if len(acts) > 1:                    # "done" or "done, but I act last" (4.6): the player says which
            self.choices.open_actions(seat, acts, self.ui["done"].rect.bottomleft if "done" in self.ui else (1460, 50))
        elif acts:
            self.try_request(acts[0])
        else:                                # the engine says why, naming its rule (4.6 done)
            refusal = self.why_not(V.probe_action("done", seat))
            if refusal is not None:
                self.refuse(refusal)
            else:
                self.flash(self.app.t("pendulum.msg.nothing_to_end"))

    def forced_answered(self, action):
        """``action`` answered a choice that had no other answer (picker): an undo that reaches
        it goes on to the move that asked the question."""
        if not self.timed:
            self._forced_at.add(len(self.match.record.actions) - 1)

    def do_undo(self):
        if self.timed or not self.match.undo():
            self.flash(self.app.t("pendulum.msg.no_undo"))
            return
        while len(self.match.record.actions) in self._forced_at and self.match.undo():
            pass
        self._forced_at = {i for i in self._forced_at if i < len(self.match.record.actions)}
        self.log.add(LogText("pendulum.log.undo"))

    def try_request(self, action):
        try:
            return self.request(action)
        except IllegalActionError as exc:
            self.refuse(exc)
            return None

    def refuse(self, refusal):
        """Show a refusal (an ``IllegalActionError`` or a ``Refusal``) in the chosen language:
        a refusal hook may show it itself; otherwise it is logged and flashed."""
        for cb in list(self.refusal_handlers):
            if cb(refusal):
                return
        self.last_refusal_rule = getattr(refusal, "rule", "") or None
        self.app.sound.play("drop_refused")
        entry = LogText("pendulum.msg.refused", rule=RuleCite(getattr(refusal, "rule", "")),
                        message=RefusalText(self.rules, refusal))
        self.log.add_once(entry)             # the same refusal again (a key held, pressed twice): one line
        self.flash(self.log.text_of(entry) + "  " + self.app.t("pendulum.msg.rules_hint"), 5.0)

    def show_reference(self):
        """F1/H: the rules reference, opened at the rule the last refusal cited."""
        from tabletop.ui.reference import open_reference   # on F1 only: kept off the path to the first frame
        open_reference(self.app, "pendulum", self.last_refusal_rule)

    def focus(self, seat):
        if 0 <= seat < self.n and seat != self.focus_seat:
            self.focus_seat = seat
            self.layout.set_focus(seat)
            self.changed()

    def _flipping_seat(self, seat=None):
        """Who flips a glass from this screen: ``seat``, else the focused seat, else a human one."""
        seat = self.focus_seat if seat is None else seat
        if not self.human[seat]:
            seat = next((i for i, h in enumerate(self.human) if h), seat)
        return seat

    def may_flip(self, tid) -> bool:
        """Would the engine take a flip of glass ``tid`` from this screen now?"""
        return self.why_not(V.flip_action(self._flipping_seat(), tid)) is None

    def flip_timer(self, tid, seat=None):
        seat = self._flipping_seat(seat)
        acts = [a for a in self.legal(seat) if a.kind == "flip" and a.timer == tid]
        if acts:
            return self.try_request(acts[0])
        refusal = self.why_not(V.flip_action(seat, tid))
        if refusal is not None:
            self.refuse(refusal)
        return None

    # ================================================================= update
    def update(self, dt):
        if self.message:
            self.message[1] -= dt
            if self.message[1] <= 0:
                self.message = None
        speed = float(getattr(self.app, "speed", 1.0) or 1.0)
        running = not self.paused and not self.finished
        if running and self.timed:          # untimed play has no clock (nor does its record)
            self.updates.before = self.worker_positions()
            try:
                self.match.advance(dt * speed)
            except Exception:
                traceback.print_exc(file=sys.stderr)
            finally:
                self.updates.before = None
        if running and self.app.frame > 0:     # the bots move once the table was shown
            self.bot_turns.run(dt, self.bots, self.state, self.request, self.timed, speed)
        self.seat_input.update(dt)
        self.match.poll()                # a finished background write's failure is told now (save_failed)
        self.app.sound.loop("sand", self.sand_running())
        self.renderer.step(dt)
        if self.animator.step(dt, running):
            self.layout.set_council(self.animator.council_shown(self.view["phase"]))
            self.changed()
        self.choices.auto_open()
        step_glasses(self.hourglasses, self.view, dt, self.timed, self.paused, speed)
        self.log.update(dt, self.layout.rects["log"])
        if self.finished and not self._ended_scene and not self.animator.busy():
            self._ended_scene = True
            self.app.scenes.push(EndScreen(self.app, self))

    # ================================================================= drawing (Scene's redraw protocol)
    def needs_redraw(self) -> bool:
        return self.frames.needs_redraw()

    def invalidate(self):
        self.frames.invalidate()

    def mark_drawn(self):
        self.frames.mark_drawn()

    def draw(self, surface):
        return self.frames.paint(surface)

    # ================================================================= input
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = topbar.pressed(self.ui, event)
            if key is not None:
                self.press_button(key)
                return True
        return self.seat_input.handle_event(event) or self.dragger.handle_event(event)

    def takes_fingers(self) -> bool:
        return bool(self.seat_input.hub.touch_seats())

    def pause_entries(self):
        """Entries of this screen's own in the pause menu (who plays with which device)."""
        return self.seat_input.pause_entries()

    def buttons(self) -> dict:
        """The top-bar buttons shown now: key -> pygame_gui button."""
        return topbar.shown(self.ui)

    def press_button(self, key, hand=None) -> None:
        """A top-bar button (pause, done, undo, menu), pressed with ``hand`` (a DragController:
        the mouse's when None). Done ends only the turn of the seat that device plays."""
        hand = hand or self.dragger
        {"pause": self.toggle_pause, "done": lambda: self.declare_done(hand.acting_seat(), hand.device),
         "undo": self.do_undo, "menu": self.app.open_pause_menu}[key]()

