"""Several people at one screen: each human seat may have an input device of its own.

:class:`SeatInput` (``table.seat_input``) turns the intents of ``tabletop.ui.devices.DeviceHub``
(game controllers, key blocks, fingers) into what the table's drag controller does for the
mouse. Every device gets a hand of its own -- a :class:`~pendulum.ui.drag.DragController` with
its seat and device set -- so two people drag, step through targets and act at the same time;
the requests go through ``table.request`` like the mouse's (the engine's ``legal_actions`` light
the targets, ``find_action`` / ``why_not`` judge a drop, a refusal is shown with its text).

A seat with a device of its own chooses in a choice window of its own (:meth:`SeatInput.choices_for`;
its pending choices open there by themselves), answered only by its device.

Who may play what (:meth:`SeatInput.may_play`): a controller or a key block plays only its
seat; a finger plays the seats set to ``touch``; the shared mouse and keyboard play the focused
seat, unless that seat has a device of its own (then only when it is the only human seat). A
device asked to move another seat's piece, or to end another seat's turn, changes nothing and
says why.

Controls (see README.md, "Playing together at one screen"):

* controller: left stick moves the seat's cursor, D-pad steps through what the seat can use (its
  workers, then a picked worker's legal targets; the choices of an open window), A picks up /
  drops / clicks under the cursor (A again without moving: the worker acts), X acts, B cancels,
  shoulders and triggers flip the black, green and purple glass, Start = Done;
* key block (e.g. W A S D Q E R): A/D previous/next item or target, W pick/drop (or choose),
  S cancel, Q act, E flip (the selected glass, else the first this seat may flip), R = Done;
* touch: each finger drags a worker of its own (a tap acts, as a click does; a tap on Done ends
  the focused touch seat's turn: the screen cannot tell whose finger it is).
"""
from __future__ import annotations

import sys

import pygame

from tabletop.ui.devices import BLOCK_INTENTS, DeviceHub

from . import view as V
from .drag import DragController
from .picker import Picker
from .seat_dialog import SeatDevicesMenu

TIMERS = ("black", "green", "purple")


class SeatInput:
    def __init__(self, table):
        self.table = table
        app = table.app
        self.hub = DeviceHub((getattr(app, "settings", None) or {}).get("seat_input"), table.human,
                             self._finger_to_logical, home=(616, 420))
        for err in self.hub.errors:
            print(f"config/settings.yaml: {err}", file=sys.stderr)
        self.hands: dict[str, DragController] = {}      # device -> its hand
        self.cursor = {}                                # pad device -> logical position
        self.pickers: dict[int, Picker] = {}            # seat with its own device -> its choice window
        self._dismissed = {}                            # seat -> the pending choice its B/Esc hid

    # ------------------------------------------------------------------ who plays what
    def may_play(self, device: str, seat: int) -> bool:
        t = self.table
        if not (0 <= seat < t.n and t.human[seat]):
            return False
        hub = self.hub
        if device == "mouse":
            return not hub.own_devices(seat) or sum(t.human) == 1
        if device.startswith("finger:"):
            return hub.spec(seat) == "touch"
        return device in hub.own_devices(seat)

    def check(self, device: str, seat: int) -> bool:
        """``may_play``, and when not, the refusal shown (nothing changes)."""
        if self.may_play(device, seat):
            return True
        t = self.table
        app = t.app
        name = V.seat_name(app, t.rules, seat)
        if device == "mouse":
            own = self.hub.own_devices(seat)
            text = app.t("pendulum.input.seat_has_device", seat=name, device=self.device_name(own[0] if own else ""))
        else:
            mine = self.seat_of(device)
            text = app.t("pendulum.input.not_your_seat", device=self.device_name(device), seat=name,
                         own=V.seat_name(app, t.rules, mine) if mine is not None else app.t("pendulum.input.no_seat_word"))
        app.sound.play("drop_refused")
        t.flash(text)
        return False

    def seat_of(self, device: str):
        for seat in range(self.table.n):
            if device in self.hub.own_devices(seat):
                return seat
        return None

    def acting_seat(self, hand) -> int:
        """The seat a hand acts for: its own; the focused seat for the mouse; for a finger the
        focused seat (refused unless it is a touch seat), or the only touch seat."""
        if hand.seat is not None:
            return hand.seat
        t = self.table
        touch = self.hub.touch_seats()
        if hand.device != "mouse" and t.focus_seat not in touch and len(touch) == 1:
            return touch[0]
        return t.focus_seat

    def own_window(self, seat: int) -> bool:
        """Does that seat choose in a window of its own? Yes when the shared mouse may not play
        it (it has a device of its own): then several seats choose at the same time."""
        return not self.may_play("mouse", seat)

    def choices_for(self, device: str, seat: int):
        """The choice window a request of ``device`` for ``seat`` opens in: the table's own for
        the mouse and for the seats it plays, else that seat's own (:meth:`own_window`)."""
        if device == "mouse" or not self.own_window(seat):
            return self.table.choices
        return self.seat_window(seat)

    def seat_window(self, seat: int) -> Picker:
        p = self.pickers.get(seat)
        if p is None:
            p = self.pickers[seat] = Picker(self.table)
        return p

    def open_choice(self, seat):
        """That seat's open choice window (its own, or the table's), or None."""
        for p in (self.pickers.get(seat), self.table.choices):
            if p is not None and p.is_open and p.current["seat"] == seat:
                return p
        return None

    def refresh(self):
        """The game changed: a window whose options are no longer all legal closes."""
        for p in self.pickers.values():
            p.refresh()

    def mouse_may_answer_picker(self) -> bool:
        """The shared mouse and keyboard answer the open choice window only for a seat they play."""
        cur = self.table.choices.current
        return cur is None or self.may_play("mouse", cur["seat"])

    def device_name(self, device: str) -> str:
        app = self.table.app
        if device.startswith("pad:"):
            return app.t("pendulum.input.device.controller", n=device[4:])
        if device.startswith("keys:"):
            return app.t("pendulum.input.device.keys", keys=self.block_keys(device[5:]))
        if device.startswith("finger:") or device == "touch":
            return app.t("pendulum.input.device.touch")
        return app.t("pendulum.input.device.mouse")

    def block_keys(self, block: str) -> str:
        """The keys of a block in the order prev, next, pick, cancel, act, flip, done ("A D W S Q E R")."""
        codes = self.hub.blocks.get(block, {})
        return " ".join(pygame.key.name(code).upper() for intent in BLOCK_INTENTS
                       for code, i in codes.items() if i == intent)

    def seat_name(self, seat) -> str:
        return V.seat_name(self.table.app, self.table.rules, seat)

    def set_spec(self, seat, spec):
        """Give ``seat`` another device for this game (the pause menu's dialog). A key block
        plays one seat: a seat that had it goes back to the mouse."""
        for other in range(self.table.n):
            if other != seat and spec.startswith("keys:") and self.hub.spec(other) == spec:
                self.hub.set_spec(other, "mouse")
        self.hub.set_spec(seat, spec)
        self.cancel()

    def pause_entries(self):
        """The pause menu's entry for this screen: (key, label, what it opens)."""
        app = self.table.app
        return [("seat_input", app.t("pendulum.input.dialog.entry"),
                 lambda: app.scenes.push(SeatDevicesMenu(app, self.table)))]

    def set_human(self, human):
        self.hub.set_human(human)
        self.cancel()

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        """Device events (and the key-block keys) are handled here; anything else goes on to
        the table's mouse-and-keyboard controller. SDL's mouse copies of touches are dropped
        while fingers play seats of their own."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return bool(getattr(event, "touch", False)) and bool(self.hub.touch_seats())
        intents = self.hub.handle(event)
        if intents is None:
            return False
        for intent in intents:
            self.do(intent)
        return True

    def update(self, dt):
        for intent in self.hub.update(dt):
            self.do(intent)
        if self.hub.active:
            self._auto_open()

    def _auto_open(self):
        """A seat with its own device that owes the engine a choice gets its window without
        asking (B/Esc hides it until something changes), as the table's picker does for the mouse."""
        t = self.table
        if t.finished or t.paused:
            return
        for seat in range(t.n):
            if not (t.human[seat] and self.own_window(seat)) or self.open_choice(seat) is not None:
                continue
            if any(h.drag or h.kb for h in self.hands.values() if h.seat == seat):
                continue
            pending = t.decisions_pending(seat)
            key = (t.action_count(), pending)
            if not pending or self._dismissed.get(seat) == key:
                continue
            self._dismissed[seat] = key
            self.seat_window(seat).open_decision(seat, t.last_pos.get(seat) or t.layout.rects[f"seat.{seat}"].center)

    def hand(self, intent) -> DragController:
        h = self.hands.get(intent.device)
        if h is None:
            h = self.hands[intent.device] = DragController(self.table, intent.seat, intent.device)
        h.seat = intent.seat
        return h

    def do(self, intent):
        t = self.table
        kind = intent.kind
        if kind == "plugged":
            self.cursor[intent.device] = intent.pos
            self._notice(intent.device, intent.seat,
                         "pendulum.input.plugged" if intent.seat is not None else "pendulum.input.pad_without_seat")
            return
        if kind == "unplugged":
            h = self.hands.pop(intent.device, None)
            if h is not None:
                h.cancel()
            self.cursor.pop(intent.device, None)
            self._notice(intent.device, intent.seat, "pendulum.input.unplugged")
            return
        if intent.device.startswith("pad:"):
            self.cursor[intent.device] = intent.pos
            if intent.seat is None and kind != "point":
                self._notice(intent.device, None, "pendulum.input.pad_without_seat")
                return
        h = self.hand(intent)
        if kind == "point":
            if intent.device.startswith("pad:"):
                h.kb = None                    # the stick took over from the D-pad's selection
            h.motion(intent.pos)
            return
        if kind == "release":
            if h.drag:
                h.mouse_up(intent.pos)
            self.hands.pop(intent.device, None)
            return
        if t.paused or t.finished or t.app.dialog is not None:
            return                                # (a modal question is up: only the cursor moves)
        seat = h.acting_seat()
        win = self.open_choice(seat) if intent.seat is not None else None      # its own open window
        mine = win is not None
        if kind == "press":                       # a finger touches the table
            if self._tap_picker(intent.pos, h):
                return
            if not (h.press_button_at(intent.pos)):
                h.mouse_down(intent.pos)
        elif kind in ("prev", "next"):
            if mine:
                win.move(1 if kind == "next" else -1)
            else:
                self._step(h, 1 if kind == "next" else -1)
        elif kind in ("primary", "pick"):
            if mine:
                win.take(win.current["index"])
            elif h.kb is not None:
                h.kb_confirm()
                self._snap(h)
            elif kind == "pick":
                h.kb_start()
                self._snap(h)
            elif h.drag:
                h.mouse_up(intent.pos)
            elif not (h.press_button_at(intent.pos)):
                h.mouse_down(intent.pos)
        elif kind == "cancel":
            if mine:
                win.close()
            else:
                self._put_back(h)
        elif kind == "act":
            self._act(h, intent.pos)
        elif kind == "flip":
            self._flip(h, intent.arg)
        elif kind == "done":
            t.declare_done(seat, intent.device)

    def _tap_picker(self, pos, h) -> bool:
        """A finger on an open choice window: an option of a seat it plays is taken."""
        for p in [self.table.choices, *self.pickers.values()]:
            cur = p.current
            if cur is None or not cur["panel"].get_abs_rect().collidepoint(pos):
                continue
            for i, button in enumerate(cur["buttons"]):
                if button.get_abs_rect().collidepoint(pos):
                    if h.allowed(cur["seat"]):
                        p.take(i)
                    break
            return True
        return False

    def _notice(self, device, seat, key):
        t = self.table
        who = V.seat_name(t.app, t.rules, seat) if seat is not None else t.app.t("pendulum.input.no_seat_word")
        t.flash(t.app.t(key, device=self.device_name(device), seat=who), info=True)   # a device came or went

    def _step(self, h, d):
        if h.kb is None:
            if h.drag:
                h.kb = {"stage": "target", "items": list(h.drag["targets"]), "index": -1 if d > 0 else 0}
            else:
                h.kb_start()
                if h.kb is None:
                    return
                h.kb["index"] = -1 if d > 0 else 0
        h.kb["index"] = (h.kb["index"] + d) % max(1, len(h.kb["items"]))
        self._snap(h)

    def _snap(self, h):
        """A pad's cursor follows the item the D-pad or A selected (and the worker picked up)."""
        item = h.kb["items"][h.kb["index"]] if h.kb and h.kb["items"] else None
        rect = self.table.region(item) if item else None
        if rect is not None and h.device.startswith("pad:"):
            self.hub.move_pad(h.device, rect.center)
            self.cursor[h.device] = rect.center
            h.motion(rect.center)

    def _put_back(self, h):
        t = self.table
        d = h.drag
        h.cancel()
        if d is not None:
            end = t.worker_positions().get(d["worker"], d["origin"])
            t.animator.glide(d["worker"], d["seat"], d["pos"], end)

    def _selected_worker(self, h, pos):
        if h.drag:
            return h.drag["worker"]
        item = h.kb["items"][h.kb["index"]] if h.kb and h.kb["items"] else ""
        if item.startswith("worker."):
            return item[7:]
        return h.hit_worker(pos) if pos is not None else None

    def _act(self, h, pos):
        """Act with the selected (or pointed-at) worker, or with the seat's only worker that can."""
        t = self.table
        seat = h.acting_seat()
        if not h.allowed(seat):
            return
        wid = self._selected_worker(h, pos)
        owner = V.worker_seat(None, wid) if wid is not None else seat
        if owner != seat:
            if owner is not None and 0 <= owner < t.n:
                h.allowed(owner)           # says whose it is
            return
        acts = [a for a in t.legal(seat) if a.kind == "act" and (wid is None or a.worker == wid)]
        if not acts:
            t.flash(t.app.t("pendulum.input.nothing_to_act"))
            return
        where = t.worker_positions().get(acts[0].worker, pos or t.layout.rects[f"seat.{seat}"].center)
        h.cancel()
        h.choose_or_apply(acts, seat, where)

    def _flip(self, h, which):
        t = self.table
        seat = h.acting_seat()
        if which is None:
            item = h.kb["items"][h.kb["index"]] if h.kb and h.kb["items"] else ""
            if item.startswith("timer."):
                tid = item[6:]
            else:
                flips = [a.timer for a in t.legal(seat) if a.kind == "flip"]
                tid = flips[0] if flips else min(TIMERS, key=lambda g: V.timer_remaining(t.view, g)[0])
        else:
            tid = TIMERS[int(which) % len(TIMERS)]
        t.flip_timer(tid, seat)

    def cancel(self):
        for h in self.hands.values():
            h.cancel()
        for p in self.pickers.values():
            p.close()

    def close(self):
        self.cancel()
        self.hub.close()

    def _finger_to_logical(self, nx, ny):
        w, h = self.table.app.presenter.window_size
        return self.table.app.window_to_logical((nx * w, ny * h))

    # ------------------------------------------------------------------ drawing
    @property
    def active(self) -> bool:
        return self.hub.active

    def moving(self) -> set:
        """Workers a device holds (drawn at its cursor, not where they stand)."""
        return {h.drag["worker"] for h in self.hands.values() if h.drag}

    def frame_key(self):
        """What of this module the frame shows (None: nothing; the frame costs nothing more)."""
        if not self.hub.active:
            return None
        # a held worker and the selection both: a key block steps through the targets of the
        # worker it holds without moving it, and the frame must show the target it would take
        return (tuple(sorted((k, tuple(v)) for k, v in self.cursor.items())),
                tuple(sorted((k, h.drag["worker"] if h.drag else None, tuple(h.drag["pos"]) if h.drag else None,
                              h.kb["index"] if h.kb else None, tuple(h.kb["items"]) if h.kb else ())
                             for k, h in self.hands.items())))

    def draw(self, surface):
        """Each device's selection, held worker and cursor, in its seat's colour and letter."""
        if not self.hub.active:
            return
        t = self.table
        for device, h in self.hands.items():
            seat = h.drag["seat"] if h.drag else h.acting_seat()
            col = self._colour(seat)
            if h.drag:
                for rid in h.drag["targets"]:
                    rect = t.region(rid)
                    if rect is not None:
                        pygame.draw.rect(surface, col, rect.inflate(6, 6), 3, border_radius=8)
            if h.kb and h.kb["items"]:
                rect = t.region(h.kb["items"][h.kb["index"]])
                if rect is not None:
                    pygame.draw.rect(surface, col, rect.inflate(12, 12), 4, border_radius=9)
                    self._tag(surface, seat, rect.topleft)
            if h.drag:
                spr = t.sprites.worker(h.drag["seat"], V.is_grande(None, h.drag["worker"]))
                surface.blit(spr, spr.get_rect(center=h.drag["pos"]))
        for device, pos in self.cursor.items():
            pad = next((p for p in self.hub.pads.values() if p.device == device), None)
            if pad is None or pad.seat is None:
                continue
            col = self._colour(pad.seat)
            x, y = int(pos[0]), int(pos[1])
            pygame.draw.circle(surface, (10, 10, 14), (x, y), 15, 5)
            pygame.draw.circle(surface, col, (x, y), 14, 3)
            pygame.draw.line(surface, col, (x - 22, y), (x - 8, y), 3)
            pygame.draw.line(surface, col, (x + 8, y), (x + 22, y), 3)
            pygame.draw.line(surface, col, (x, y - 22), (x, y - 8), 3)
            pygame.draw.line(surface, col, (x, y + 8), (x, y + 22), 3)
            self._tag(surface, pad.seat, (x + 12, y + 12))

    def _colour(self, seat):
        seats = self.table.sprites.seats
        return tuple(seats[seat]["colour"]) if 0 <= seat < len(seats) else (235, 235, 235)

    def _tag(self, surface, seat, at):
        """The seat's letter beside a cursor or selection (colour is never the only cue)."""
        seats = self.table.sprites.seats
        letter = seats[seat]["letter"] if 0 <= seat < len(seats) else "?"
        s = self.table.app.text(str(letter), 20, (250, 246, 236), True)
        box = s.get_rect(topleft=at).inflate(10, 4)
        pygame.draw.rect(surface, self._colour(seat), box, border_radius=6)
        pygame.draw.rect(surface, (10, 10, 14), box, 2, border_radius=6)
        surface.blit(s, s.get_rect(center=box.center))
