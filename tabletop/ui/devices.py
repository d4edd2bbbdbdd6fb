"""One input device per seat, for several people at one screen (both games).

Raw pygame events from SDL game controllers, fingers on a touch screen and the key blocks of
``config/settings.yaml`` (``seat_input:``) become :class:`DeviceIntent` s: *which device*, *for
which seat*, *what* (and where, in logical 1920x1080 coordinates). A game turns intents into
its own requests; this module knows no game.

Devices (ids):

* ``pad:<instance id>`` -- an SDL game controller. Each has its own cursor, moved by the left
  stick (``cursor_speed`` logical pixels a second at full tilt, ``deadzone``) and snapped to the
  next/previous item by the D-pad. A = ``primary`` (pick up / drop / click under the cursor),
  B = ``cancel``, X = ``act``, left shoulder = ``flip`` 0, right shoulder = ``flip`` 1, either
  trigger = ``flip`` 2, Start = ``done``, D-pad = ``prev`` / ``next``. Controllers hot-plug:
  CONTROLLERDEVICEADDED opens one and gives it a seat, CONTROLLERDEVICEREMOVED frees the seat
  (``unplugged`` intent). A controller event from an instance never announced (it was plugged
  in before the game opened) registers it the same way.
* ``keys:<block>`` -- a key block (``seat_input.key_blocks``): ``prev``, ``next``, ``pick``,
  ``cancel``, ``act``, ``flip``, ``done``. Only blocks given to a seat are live; their keys
  then mean nothing else on that screen.
* ``finger:<touch id>:<finger id>`` -- each finger on a touch screen: ``press`` / ``point`` /
  ``release`` at its own position (a separate drag per finger). Fingers play the seats whose
  device is ``touch``; with no such seat the fingers are left to SDL's emulated mouse.
* ``mouse`` -- the shared mouse and keyboard (not produced here: the game's own input path).

Who plays which seat (``seat_input.seats``, seat number from 1 -> ``mouse`` | ``keys:<block>`` |
``controller`` | ``touch``): a seat not named plays with the mouse. A controller plugged in
takes the first seat named ``controller`` that has none yet, else (``controllers: auto``) the
first human seat without a device of its own. :meth:`DeviceHub.own_devices` tells a game
whether a seat has a device of its own (then the shared mouse may not play it).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .input import key_code

try:
    from pygame._sdl2 import controller as _controller
except ImportError:        # a pygame build without SDL game controller support: pads never appear
    _controller = None

AXIS_MAX = 32767.0
TRIGGER_ON = 0.5           # a trigger pulled past half way flips (once, until released)
DEVICE_KINDS = ("mouse", "controller", "touch")       # plus keys:<block>
BLOCK_INTENTS = ("prev", "next", "pick", "cancel", "act", "flip", "done")
DEFAULT_BLOCKS = {
    "left": {"prev": "a", "next": "d", "pick": "w", "cancel": "s", "act": "q", "flip": "e", "done": "r"},
    "right": {"prev": "j", "next": "l", "pick": "i", "cancel": "k", "act": "u", "flip": "o", "done": "p"},
}
_PAD_BUTTONS = {
    "CONTROLLER_BUTTON_A": ("primary", None), "CONTROLLER_BUTTON_B": ("cancel", None),
    "CONTROLLER_BUTTON_X": ("act", None), "CONTROLLER_BUTTON_START": ("done", None),
    "CONTROLLER_BUTTON_LEFTSHOULDER": ("flip", 0), "CONTROLLER_BUTTON_RIGHTSHOULDER": ("flip", 1),
    "CONTROLLER_BUTTON_DPAD_UP": ("prev", None), "CONTROLLER_BUTTON_DPAD_LEFT": ("prev", None),
    "CONTROLLER_BUTTON_DPAD_DOWN": ("next", None), "CONTROLLER_BUTTON_DPAD_RIGHT": ("next", None),
}
PAD_BUTTONS = {getattr(pygame, name): what for name, what in _PAD_BUTTONS.items() if hasattr(pygame, name)}
TRIGGERS = {getattr(pygame, n) for n in ("CONTROLLER_AXIS_TRIGGERLEFT", "CONTROLLER_AXIS_TRIGGERRIGHT")
            if hasattr(pygame, n)}
STICK_X = getattr(pygame, "CONTROLLER_AXIS_LEFTX", 0)
STICK_Y = getattr(pygame, "CONTROLLER_AXIS_LEFTY", 1)
PAD_EVENTS = tuple(getattr(pygame, n) for n in ("CONTROLLERAXISMOTION", "CONTROLLERBUTTONDOWN", "CONTROLLERBUTTONUP",
                                                "CONTROLLERDEVICEADDED", "CONTROLLERDEVICEREMOVED",
                                                "CONTROLLERDEVICEREMAPPED") if hasattr(pygame, n))
FINGER_EVENTS = tuple(getattr(pygame, n) for n in ("FINGERDOWN", "FINGERMOTION", "FINGERUP") if hasattr(pygame, n))


@dataclass
class DeviceIntent:
    device: str               # pad:3, keys:left, finger:1:0
    seat: int | None          # the seat the device plays (None: a finger, for any touch seat)
    kind: str                 # primary press point release cancel act flip done prev next pick unplugged plugged
    pos: tuple | None = None  # logical position (pads and fingers)
    arg: object = None        # flip: which glass (0, 1, 2)


@dataclass
class Pad:
    instance_id: int
    seat: int | None
    pos: tuple
    stick: tuple = (0.0, 0.0)
    triggers: dict | None = None
    handle: object = None     # the opened pygame._sdl2.controller.Controller (None when not openable)

    @property
    def device(self) -> str:
        return f"pad:{self.instance_id}"


def parse_config(block, n: int) -> tuple[dict, dict, list[str]]:
    """``seat_input`` of settings.yaml -> (seat index -> spec, block name -> {key code: intent},
    errors naming the field). Bad entries are left out, never fatal."""
    errors: list[str] = []
    block = block if isinstance(block, dict) else {}
    blocks: dict[str, dict[int, str]] = {}
    raw_blocks = block.get("key_blocks")
    if raw_blocks is None:
        raw_blocks = DEFAULT_BLOCKS
    if not isinstance(raw_blocks, dict):
        errors.append("seat_input.key_blocks: expected a mapping of block name -> keys")
        raw_blocks = {}
    for name, keys in raw_blocks.items():
        if not isinstance(keys, dict):
            errors.append(f"seat_input.key_blocks.{name}: expected intent: key")
            continue
        codes: dict[int, str] = {}
        for intent, names in keys.items():
            if intent not in BLOCK_INTENTS:
                errors.append(f"seat_input.key_blocks.{name}.{intent}: not one of {', '.join(BLOCK_INTENTS)}")
                continue
            for kname in (names if isinstance(names, list) else [names]):
                try:
                    codes[key_code(str(kname))] = str(intent)
                except ValueError as exc:
                    errors.append(f"seat_input.key_blocks.{name}.{intent}: {exc}")
        blocks[str(name)] = codes
    specs: dict[int, str] = {}
    seats = block.get("seats") or {}
    if not isinstance(seats, dict):
        errors.append("seat_input.seats: expected a mapping of seat number -> device")
        seats = {}
    for key, spec in seats.items():
        try:
            seat = int(key) - 1
        except (TypeError, ValueError):
            errors.append(f"seat_input.seats.{key}: a seat number from 1")
            continue
        spec = str(spec).strip()
        problem = spec_error(spec, blocks)
        if problem:
            errors.append(f"seat_input.seats.{key}: {problem}")
        elif spec.startswith("keys:") and spec in specs.values():
            errors.append(f"seat_input.seats.{key}: {spec} already plays another seat (a key block plays one)")
        elif 0 <= seat < n:
            specs[seat] = spec
    return specs, blocks, errors


def spec_error(spec: str, blocks) -> str | None:
    if spec in DEVICE_KINDS:
        return None
    if spec.startswith("keys:"):
        if spec[5:] in blocks:
            return None
        return f"no key block {spec[5:]!r} (key_blocks: {', '.join(sorted(blocks)) or 'none'})"
    return f"{spec!r} is not a device (mouse, controller, touch, keys:<block>)"


class DeviceHub:
    """The devices of one screen. ``human``: which seats people play (controllers go only to
    those); ``to_logical(nx, ny)``: a finger's normalised window position -> logical pixels."""

    def __init__(self, config, human: list[bool], to_logical, home=(960, 540)):
        self.human = list(human)
        self.n = len(self.human)
        self.to_logical = to_logical
        self.home = home
        cfg = config if isinstance(config, dict) else {}
        self.specs, self.blocks, self.errors = parse_config(cfg, self.n)
        self.auto = str(cfg.get("controllers", "auto")).lower() == "auto"
        self.speed = float(cfg.get("cursor_speed", 900) or 900)
        self.deadzone = float(cfg.get("deadzone", 0.2) or 0.0)
        self.pads: dict[int, Pad] = {}
        self.fingers: dict[str, tuple] = {}          # finger device -> logical position
        self._keys: dict[int, tuple[str, int]] = {}  # key code -> (intent, seat)
        self._bind_keys()
        if any(spec == "controller" for spec in self.specs.values()) or self.auto:
            _start_controllers()

    # ------------------------------------------------------------------ who plays what
    def spec(self, seat: int) -> str:
        return self.specs.get(seat, "mouse")

    def set_spec(self, seat: int, spec: str) -> None:
        """Give ``seat`` another device (the in-game dialog). A pad it had is set free and goes
        to the next seat that wants one."""
        if spec_error(spec, self.blocks) or not 0 <= seat < self.n:
            return
        self.specs[seat] = spec
        for pad in self.pads.values():
            if pad.seat == seat and spec != "controller":
                pad.seat = None
        for pad in self.pads.values():
            if pad.seat is None:
                pad.seat = self._seat_for_pad()
        self._bind_keys()

    def own_devices(self, seat: int) -> list[str]:
        """The devices of that seat's own (pads, a key block, touch): empty when it plays with
        the shared mouse."""
        out = [p.device for p in self.pads.values() if p.seat == seat]
        spec = self.spec(seat)
        if spec.startswith("keys:") or spec == "touch":
            out.append(spec)
        return out

    def touch_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.spec(s) == "touch" and self.human[s]]

    @property
    def active(self) -> bool:
        """Some device of this module plays a seat (cursors and selections are drawn)."""
        return bool(self.pads or self.fingers or self._keys)

    def _bind_keys(self):
        self._keys = {}
        for seat in range(self.n):
            spec = self.spec(seat)
            if spec.startswith("keys:") and self.human[seat]:
                for code, intent in self.blocks.get(spec[5:], {}).items():
                    self._keys[code] = (intent, seat)

    def _seat_for_pad(self) -> int | None:
        taken = {p.seat for p in self.pads.values()}
        for seat in range(self.n):
            if self.human[seat] and self.spec(seat) == "controller" and seat not in taken:
                return seat
        if self.auto:
            for seat in range(self.n):
                if self.human[seat] and seat not in self.specs and seat not in taken:
                    return seat
        return None

    def set_human(self, human: list[bool]) -> None:
        self.human = list(human)
        for pad in self.pads.values():
            if pad.seat is not None and not (0 <= pad.seat < self.n and self.human[pad.seat]):
                pad.seat = self._seat_for_pad()
        self._bind_keys()

    # ------------------------------------------------------------------ events
    def handle(self, event) -> list[DeviceIntent] | None:
        """The intents of one raw event, or None when the event is not a device's of this hub
        (the caller handles it as before)."""
        if event.type in PAD_EVENTS:
            return self._pad_event(event)
        if event.type in FINGER_EVENTS:
            return self._finger_event(event) if self.touch_seats() else None
        if event.type == pygame.KEYDOWN and event.key in self._keys:
            if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI):
                return None
            intent, seat = self._keys[event.key]
            return [DeviceIntent(self.spec(seat), seat, intent)]
        if event.type == pygame.KEYUP and event.key in self._keys:
            return []
        return None

    def _pad(self, instance_id, out) -> Pad:
        pad = self.pads.get(instance_id)
        if pad is None:
            pad = Pad(instance_id, None, self.home, triggers={})
            pad.seat = self._seat_for_pad()
            self.pads[instance_id] = pad
            out.append(DeviceIntent(pad.device, pad.seat, "plugged", pad.pos))
        return pad

    def _pad_event(self, event) -> list[DeviceIntent]:
        out: list[DeviceIntent] = []
        if event.type == getattr(pygame, "CONTROLLERDEVICEADDED", None):
            handle, iid = _open_controller(getattr(event, "device_index", -1))
            if iid is None:
                iid = getattr(event, "instance_id", None)
            if iid is not None:
                self._pad(iid, out).handle = handle
            return out
        iid = getattr(event, "instance_id", None)
        if iid is None:
            return out
        if event.type == getattr(pygame, "CONTROLLERDEVICEREMOVED", None):
            pad = self.pads.pop(iid, None)
            if pad is not None:
                out.append(DeviceIntent(pad.device, pad.seat, "unplugged", pad.pos))
                for other in self.pads.values():     # a seat that waited for a pad gets this one's place
                    if other.seat is None:
                        other.seat = self._seat_for_pad()
            return out
        pad = self._pad(iid, out)
        if event.type == pygame.CONTROLLERAXISMOTION:
            value = max(-1.0, min(1.0, getattr(event, "value", 0) / AXIS_MAX))
            if event.axis == STICK_X:
                pad.stick = (value, pad.stick[1])
            elif event.axis == STICK_Y:
                pad.stick = (pad.stick[0], value)
            elif event.axis in TRIGGERS:
                was = pad.triggers.get(event.axis, 0.0)
                pad.triggers[event.axis] = value
                if was < TRIGGER_ON <= value:
                    out.append(DeviceIntent(pad.device, pad.seat, "flip", pad.pos, 2))
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            what = PAD_BUTTONS.get(getattr(event, "button", -1))
            if what is not None:
                out.append(DeviceIntent(pad.device, pad.seat, what[0], pad.pos, what[1]))
        return out

    def _finger_event(self, event) -> list[DeviceIntent]:
        device = f"finger:{getattr(event, 'touch_id', 0)}:{getattr(event, 'finger_id', 0)}"
        pos = self.to_logical(float(getattr(event, "x", 0.0)), float(getattr(event, "y", 0.0)))
        if event.type == pygame.FINGERDOWN:
            self.fingers[device] = pos
            return [DeviceIntent(device, None, "press", pos)]
        if device not in self.fingers:
            return []
        if event.type == pygame.FINGERMOTION:
            self.fingers[device] = pos
            return [DeviceIntent(device, None, "point", pos)]
        del self.fingers[device]
        return [DeviceIntent(device, None, "release", pos)]

    # ------------------------------------------------------------------ time
    def update(self, dt: float, bounds=(1920, 1080)) -> list[DeviceIntent]:
        """Each pad's cursor moves with its stick; the moves come back as ``point`` intents. A
        pad pulled out while another screen had the events (the pause menu) is noticed here."""
        out = []
        for iid in [i for i, p in self.pads.items() if p.handle is not None and not _attached(p.handle)]:
            out += self._pad_event(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=iid))
        for pad in self.pads.values():
            sx, sy = (_shape(v, self.deadzone) for v in pad.stick)
            if sx or sy:
                x = min(bounds[0] - 1, max(0, pad.pos[0] + sx * self.speed * dt))
                y = min(bounds[1] - 1, max(0, pad.pos[1] + sy * self.speed * dt))
                pad.pos = (x, y)
                out.append(DeviceIntent(pad.device, pad.seat, "point", (int(x), int(y))))
        return out

    def move_pad(self, device: str, pos) -> None:
        """Put a pad's cursor somewhere (the D-pad snapped it to an item)."""
        for pad in self.pads.values():
            if pad.device == device:
                pad.pos = tuple(pos)

    def close(self) -> None:
        for pad in self.pads.values():
            if pad.handle is not None:
                try:
                    pad.handle.quit()
                except Exception:       # already gone with its device
                    pass
        self.pads = {}


def _shape(v: float, dead: float) -> float:
    """Stick deflection past the dead zone, squared (fine control near the centre)."""
    a = abs(v)
    if a <= dead:
        return 0.0
    u = (a - dead) / (1.0 - dead) if dead < 1.0 else 0.0
    return u * u * (1 if v > 0 else -1)


def _attached(handle) -> bool:
    try:
        return bool(handle.attached())
    except Exception:          # closed under us: gone
        return False


def _start_controllers() -> None:
    """Start SDL's game controller subsystem so CONTROLLER* events arrive (it costs nothing
    when no controller is plugged in)."""
    try:
        if _controller is not None and not _controller.get_init():
            _controller.init()
    except Exception:          # no controller support on this system: pads never appear
        pass


def _open_controller(index):
    """Open controller ``index``: (handle, instance id), or (None, None) when it can't be."""
    if _controller is None:
        return None, None
    try:
        pad = _controller.Controller(int(index))
        return pad, pad.as_joystick().get_instance_id()
    except Exception:
        return None, None
