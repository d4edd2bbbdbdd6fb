"""Several people at one screen in real time: each seat's own game controller, key block or
finger, driven by real posted pygame events through the App's loop (issue 11 item 2)."""
import pygame
import pytest

from tabletop.ui.app import App, default_args
from tabletop.ui.devices import DeviceHub, parse_config

from pendulum.ui import view as V
from pendulum.ui.scene import make_scene

from .test_pendulum_table import drag, press

post = pygame.event.post
FULL = 32767
SPEED = 300                   # cursor_speed in these tests: 5 logical pixels a frame at full tilt


@pytest.fixture
def rt_app():
    apps = []

    def make(seats_input, seats=("human", "human"), flip_black=True, lang="en"):
        app = App(default_args(size=(1280, 720), lang=lang))
        apps.append(app)
        app.settings["seat_input"] = {**app.settings.get("seat_input", {}), "seats": dict(seats_input),
                                      "cursor_speed": SPEED, "deadzone": 0.0}
        scene = make_scene(app, seats=list(seats), mode="realtime", seed=5, autosave=False)
        app.scenes.push(scene)
        app.step(2)
        # the opening (turn by turn) into the black area, then the black sand runs out and is
        # flipped: every worker may move now (the set-up of the real-time race below)
        while scene.state.phase == "opening":
            seat = scene.state.seats_to_act()[0]
            moves = [a for a in scene.state.legal_actions(seat) if a.kind == "move"]
            scene.apply(next((a for a in moves if "black" in a.to), moves[0]))
        if flip_black:
            while V.timer_remaining(scene.view, "black")[0] > 0:
                scene.match.advance(1.0)
            scene.apply(next(a for a in scene.state.legal_actions(0) if a.kind == "flip"))
        app.step(30)
        return app, scene

    yield make
    for app in apps:
        app.shutdown()


def pad_button(iid, button):
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button))
    post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=button))


def plug(app, iid, index=0):
    post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index, instance_id=iid))
    app.step(1)


def steer(app, scene, iid, target):
    """Move pad ``iid``'s cursor onto ``target`` with its left stick (x, then y)."""
    step = SPEED / 60.0
    for axis, k in ((pygame.CONTROLLER_AXIS_LEFTX, 0), (pygame.CONTROLLER_AXIS_LEFTY, 1)):
        d = target[k] - scene.seat_input.cursor[f"pad:{iid}"][k]
        frames = int(round(abs(d) / step))
        if frames:
            post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=iid, axis=axis,
                                    value=FULL if d > 0 else -FULL))
            app.step(frames)
            post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=iid, axis=axis, value=0))
            app.step(1)
    here = scene.seat_input.cursor[f"pad:{iid}"]
    assert abs(here[0] - target[0]) <= step and abs(here[1] - target[1]) <= step
    return here


def key(k):
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def finger(kind, app, fid, pos):
    w, h = app.presenter.window_size
    x, y = app.logical_to_window(pos)
    post(pygame.event.Event(kind, touch_id=1, finger_id=fid, x=x / w, y=y / h, dx=0.0, dy=0.0, pressure=1.0))


def moves_of(scene, seat, wid):
    return {a.to for a in scene.state.legal_actions(seat) if a.kind == "move" and a.worker == wid}


def settle(app, seconds=1.5):
    app.step(int(seconds * 60))         # the 4.8 window (1 s) closes and applies the requests


def test_a_controller_and_a_key_block_move_their_own_workers_in_the_same_second(rt_app):
    app, scene = rt_app({1: "controller", 2: "keys:right"})
    plug(app, 7)
    assert scene.seat_input.seat_of("pad:7") == 0
    where = scene.worker_positions()
    assert "green.top.large" in moves_of(scene, 0, "0c1") and "purple.top.large" in moves_of(scene, 1, "1c1")
    steer(app, scene, 7, where["0c1"])
    t0 = scene.match.time
    # seat A: A picks up the worker under its cursor; the stick carries it onto a lit frame
    pad_button(7, pygame.CONTROLLER_BUTTON_A)
    # seat B, in the same frames: L walks to its worker, I picks it up, L walks its legal targets
    key(pygame.K_l)
    app.step(1)
    hand_a, hand_b = scene.seat_input.hands["pad:7"], scene.seat_input.hands["keys:right"]
    assert hand_a.drag["worker"] == "0c1"
    assert set(hand_a.drag["targets"]) == {V.target_region(a, 0) for a in scene.state.legal_actions(0)
                                           if getattr(a, "worker", None) == "0c1"}      # the engine's targets
    while hand_b.kb["items"][hand_b.kb["index"]] != "worker.1c1":
        key(pygame.K_l)
        app.step(1)
    key(pygame.K_i)
    app.step(1)
    assert hand_b.drag["worker"] == "1c1" and hand_b.kb["stage"] == "target"
    while hand_b.kb["items"][hand_b.kb["index"]] != "frame.purple.top.large":
        key(pygame.K_l)
        app.step(1)
    steer(app, scene, 7, scene.region("frame.green.top.large").center)
    assert hand_a.drag["pos"] == scene.seat_input.cursor["pad:7"]       # the worker rides the cursor
    pad_button(7, pygame.CONTROLLER_BUTTON_A)          # drop
    key(pygame.K_i)                                    # drop
    app.step(1)
    settle(app)
    workers = {**scene.state.players[0].workers, **scene.state.players[1].workers}
    assert workers["0c1"] == "F:green.top.large"
    assert workers["1c1"] == "F:purple.top.large"
    moved = [e for e in scene.record.actions if e["a"]["kind"] == "move" and e["t"] >= t0]
    assert {(e["a"]["seat"], e["a"]["worker"]) for e in moved} == {(0, "0c1"), (1, "1c1")}
    assert abs(moved[0]["t"] - moved[1]["t"]) < 1.0


def test_a_device_cannot_move_another_seats_worker(rt_app):
    app, scene = rt_app({1: "controller", 2: "keys:right"})
    plug(app, 7)
    before = (dict(scene.state.players[0].workers), dict(scene.state.players[1].workers), len(scene.record.actions))
    steer(app, scene, 7, scene.worker_positions()["1g1"])
    assert scene.seat_input.hands.get("pad:7") is None or scene.seat_input.hands["pad:7"].drag is None
    pad_button(7, pygame.CONTROLLER_BUTTON_A)
    app.step(2)
    assert scene.seat_input.hands["pad:7"].drag is None
    assert scene.message and "can't move" in scene.message[0] and "controller 7" in scene.message[0]
    # the key block lists only its own seat's pieces
    key(pygame.K_l)
    app.step(1)
    items = scene.seat_input.hands["keys:right"].kb["items"]
    assert items and not any(i.startswith("worker.0") for i in items)
    # the shared mouse may not play a seat that has its own device either
    scene.message = None
    drag(app, scene.worker_positions()["0c1"], scene.region("frame.green.top.large").center)
    assert scene.dragger.drag is None
    assert scene.message and "the mouse can't" in scene.message[0]
    settle(app)
    assert (scene.state.players[0].workers, scene.state.players[1].workers, len(scene.record.actions)) == before


def test_two_fingers_drag_two_workers_at_once(rt_app):
    app, scene = rt_app({1: "touch", 2: "touch"})
    where = scene.worker_positions()
    a_to = scene.region("frame.green.top.large").center
    b_to = scene.region("frame.purple.top.small").center
    assert "purple.top.small" in moves_of(scene, 1, "1g1")
    finger(pygame.FINGERDOWN, app, 1, where["0c1"])
    finger(pygame.FINGERDOWN, app, 2, where["1g1"])
    app.step(1)
    assert scene.seat_input.moving() == {"0c1", "1g1"}
    for k in (1, 2, 3):
        finger(pygame.FINGERMOTION, app, 1, (where["0c1"][0] + (a_to[0] - where["0c1"][0]) * k // 3,
                                               where["0c1"][1] + (a_to[1] - where["0c1"][1]) * k // 3))
        finger(pygame.FINGERMOTION, app, 2, (where["1g1"][0] + (b_to[0] - where["1g1"][0]) * k // 3,
                                               where["1g1"][1] + (b_to[1] - where["1g1"][1]) * k // 3))
        app.step(1)
    finger(pygame.FINGERUP, app, 1, a_to)
    finger(pygame.FINGERUP, app, 2, b_to)
    app.step(1)
    assert scene.seat_input.moving() == set() and scene.drag is None
    settle(app)
    assert scene.state.players[0].workers["0c1"] == "F:green.top.large"
    assert scene.state.players[1].workers["1g1"] == "F:purple.top.small"


def test_done_from_one_seats_device_never_ends_another_seats_turn(rt_app):
    app, scene = rt_app({1: "controller", 2: "keys:right"})
    plug(app, 7)
    pad_button(7, pygame.CONTROLLER_BUTTON_START)
    settle(app)
    assert scene.view["mats"][0]["done"] is True
    assert scene.view["mats"][1]["done"] is False
    # the mouse's Done while seat B is focused: B has its own keys, so nothing ends
    press(app, pygame.K_2)
    assert scene.focus_seat == 1
    done = scene.ui["done"].rect.center
    w = app.logical_to_window(done)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    settle(app)
    assert scene.view["mats"][1]["done"] is False
    assert scene.message and "the mouse can't" in scene.message[0]
    # seat B's own Done key ends B's turn
    key(pygame.K_p)
    settle(app)
    assert scene.view["mats"][1]["done"] is True


def test_a_finger_on_a_seat_without_touch_moves_nothing(rt_app):
    app, scene = rt_app({1: "touch", 2: "keys:left"})
    where = scene.worker_positions()
    finger(pygame.FINGERDOWN, app, 1, where["1c1"])
    app.step(1)
    assert scene.seat_input.moving() == set()
    assert scene.message and "touch" in scene.message[0]
    finger(pygame.FINGERUP, app, 1, scene.region("frame.purple.top.large").center)
    settle(app)
    assert scene.state.players[1].workers["1c1"] == "F:black.bottom.1"


def test_controllers_hot_plug_and_free_their_seat(rt_app):
    app, scene = rt_app({}, seats=("human", "human", "bot"), flip_black=False)
    plug(app, 3, 0)
    plug(app, 9, 1)
    assert scene.seat_input.seat_of("pad:3") == 0 and scene.seat_input.seat_of("pad:9") == 1
    assert scene.message and "controller 9" in scene.message[0]
    pad_button(3, pygame.CONTROLLER_BUTTON_DPAD_DOWN)      # its cursor jumps onto its first item
    app.step(1)
    assert scene.seat_input.hands["pad:3"].kb is not None
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=3))
    app.step(1)
    assert "pad:3" not in scene.seat_input.hands and scene.seat_input.seat_of("pad:3") is None
    assert "unplugged" in scene.message[0]
    plug(app, 4, 0)                                         # plugged in again: seat 1 is free again
    assert scene.seat_input.seat_of("pad:4") == 0
    plug(app, 5, 2)                                         # no human seat left without a device
    assert scene.seat_input.seat_of("pad:5") is None
    pad_button(5, pygame.CONTROLLER_BUTTON_START)
    app.step(2)
    assert not scene.view["mats"][2]["done"]


def test_a_seats_cursor_is_drawn_in_its_colour_only_while_a_device_plays(rt_app):
    app, scene = rt_app({1: "controller"}, flip_black=False)
    assert scene.seat_input.frame_key() is None          # nothing of it costs a frame
    plug(app, 7)
    x, y = scene.seat_input.cursor["pad:7"]
    post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=pygame.CONTROLLER_AXIS_LEFTX,
                            value=FULL))
    app.step(10)
    post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=pygame.CONTROLLER_AXIS_LEFTX,
                            value=0))
    app.step(2)
    nx, ny = scene.seat_input.cursor["pad:7"]
    assert nx > x + 40 and ny == y
    colour = tuple(scene.sprites.seats[0]["colour"])
    frame = app.presenter.logical
    ring = [tuple(frame.get_at((int(nx) + dx, int(ny)))[:3]) for dx in (-15, -14, -13, 13, 14, 15)]
    assert colour in ring


def test_two_key_blocks_choose_in_two_windows_at_once_and_flip(rt_app):
    app, scene = rt_app({1: "keys:left", 2: "keys:right"}, flip_black=False)
    for seat in (0, 1):
        assert len([a for a in scene.state.legal_actions(seat) if a.kind == "act"]) >= 2
    before = len(scene.record.actions)
    # Q / U: act, nothing selected -- each seat's window of its workers' actions opens
    key(pygame.K_q)
    key(pygame.K_u)
    app.step(1)
    si = scene.seat_input
    win_a, win_b = si.open_choice(0), si.open_choice(1)
    assert win_a is not None and win_b is not None and win_a is not win_b, scene.message
    assert win_a.current["seat"] == 0 and win_b.current["seat"] == 1
    key(pygame.K_l)               # seat 2's L moves only its own window
    app.step(1)
    assert win_a.current["index"] == 0 and win_b.current["index"] == 1
    key(pygame.K_w)               # seat 1 chooses its first option ...
    app.step(1)
    assert win_b.current is not None and win_b.current["seat"] == 1     # ... and seat 2's window stays
    chosen = win_b.current["options"][1][1]
    key(pygame.K_i)
    app.step(1)
    settle(app)
    acted = [e["a"] for e in scene.record.actions[before:] if e["a"]["kind"] == "act"]
    assert {a["seat"] for a in acted} == {0, 1}
    assert any(a["seat"] == 1 and a["space"] == chosen.space for a in acted)
    # E: flip -- the black sand has not run out: the engine's reason is shown
    key(pygame.K_e)
    app.step(1)
    assert scene.message and "sand" in scene.message[0].lower()


def test_settings_errors_name_the_field():
    specs, blocks, errors = parse_config({"seats": {1: "keys:middle", 2: "joystick", 3: "touch"},
                                          "key_blocks": {"left": {"pick": "w", "jump": "x", "done": "nokey"}}}, 3)
    assert specs == {2: "touch"}
    assert any(e.startswith("seat_input.seats.1:") and "middle" in e for e in errors)
    assert any(e.startswith("seat_input.seats.2:") for e in errors)
    assert any(e.startswith("seat_input.key_blocks.left.jump:") for e in errors)
    assert any(e.startswith("seat_input.key_blocks.left.done:") and "nokey" in e for e in errors)
    _specs, _blocks, errors = parse_config({"seats": {1: "keys:left", 2: "keys:left"}}, 2)
    assert errors == ["seat_input.seats.2: keys:left already plays another seat (a key block plays one)"]
    hub = DeviceHub({"seats": {1: "keys:left"}}, [True, True], lambda x, y: (0, 0))
    assert hub.own_devices(0) == ["keys:left"] and hub.own_devices(1) == []


def test_the_pause_menu_gives_a_seat_a_key_block_for_this_game(rt_app):
    from tabletop.ui.menus import PauseMenu
    from pendulum.ui.seat_dialog import SeatDevicesMenu
    app, scene = rt_app({})
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu)
    keys = [i.key for i in menu.menu.items]
    assert keys.index("seat_input") == keys.index("sound") + 1        # the game's own entry after the shell's
    menu.menu.focus_key("seat_input")
    press(app, pygame.K_RETURN)
    dialog = app.scenes.top
    assert isinstance(dialog, SeatDevicesMenu)
    assert dialog.menu.item("seat_2").button.text.endswith("the mouse")
    dialog.menu.focus_key("seat_2")
    for _ in range(3):                      # mouse -> controller -> touch -> keys:left
        press(app, pygame.K_RIGHT)
    assert scene.seat_input.hub.spec(1) == "keys:left"
    assert "A D W S Q E R" in dialog.menu.item("seat_2").button.text
    dialog.menu.focus_key("seat_1")
    for _ in range(3):
        press(app, pygame.K_RIGHT)          # seat 1 takes the left keys: seat 2 goes back to the mouse
    assert scene.seat_input.hub.spec(0) == "keys:left" and scene.seat_input.hub.spec(1) == "mouse"
    press(app, pygame.K_ESCAPE)             # back to the pause menu
    assert app.scenes.top is menu
    press(app, pygame.K_ESCAPE)             # back to the game
    assert app.scenes.top is scene
    key(pygame.K_d)                         # the left block now plays seat 1
    app.step(1)
    hand = scene.seat_input.hands["keys:left"]
    assert hand.kb is not None and all(not i.startswith("worker.1") for i in hand.kb["items"])


def test_a_finger_answers_its_seats_choice_window(rt_app):
    app, scene = rt_app({1: "touch", 2: "touch"}, flip_black=False)
    plays = [a for a in scene.state.legal_actions(0) if a.kind in ("play", "pickup")]
    assert len(plays) >= 2
    hand = scene.region("seat.0.hand").center
    finger(pygame.FINGERDOWN, app, 1, hand)
    finger(pygame.FINGERUP, app, 1, hand)
    app.step(2)
    win = scene.seat_input.open_choice(0)
    assert win is not None and win.current["seat"] == 0
    picker = win.current
    chosen = picker["options"][1][1]
    at = picker["buttons"][1].get_abs_rect().center
    finger(pygame.FINGERDOWN, app, 2, at)
    finger(pygame.FINGERUP, app, 2, at)
    app.step(2)
    assert win.current is not picker
    settle(app)
    assert scene.record.actions[-1]["a"]["kind"] == chosen.kind
    assert scene.record.actions[-1]["a"].get("card") == getattr(chosen, "card", None)


def test_the_stick_takes_over_from_the_dpad_selection(rt_app):
    app, scene = rt_app({1: "controller"})
    plug(app, 7)
    pad_button(7, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    app.step(1)
    hand = scene.seat_input.hands["pad:7"]
    item = hand.kb["items"][hand.kb["index"]]
    assert scene.seat_input.cursor["pad:7"] == scene.region(item).center      # the cursor jumped there
    post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=pygame.CONTROLLER_AXIS_LEFTY,
                            value=-FULL))
    app.step(3)
    post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=pygame.CONTROLLER_AXIS_LEFTY, value=0))
    app.step(1)
    assert hand.kb is None
    pad_button(7, pygame.CONTROLLER_BUTTON_B)
    app.step(1)
    assert hand.drag is None and hand.kb is None


def test_a_tap_on_done_ends_only_the_focused_touch_seats_turn(rt_app):
    app, scene = rt_app({1: "touch", 2: "touch"}, seats=("human", "human", "human"))
    done = scene.ui["done"].rect.center
    press(app, pygame.K_3)                  # the mouse's seat is focused: a finger may not end its turn
    finger(pygame.FINGERDOWN, app, 1, done)
    finger(pygame.FINGERUP, app, 1, done)
    settle(app)
    assert [scene.view["mats"][s]["done"] for s in range(3)] == [False, False, False]
    assert scene.message and "touch" in scene.message[0]
    press(app, pygame.K_2)
    finger(pygame.FINGERDOWN, app, 1, done)
    finger(pygame.FINGERUP, app, 1, done)
    settle(app)
    assert [scene.view["mats"][s]["done"] for s in range(3)] == [False, True, False]


def test_a_key_block_opens_its_own_seats_stratagems_and_the_screen_turns_to_it(rt_app):
    app, scene = rt_app({2: "keys:right"})
    assert scene.focus_seat == 0
    assert any(a.kind == "play" for a in scene.state.legal_actions(1))
    key(pygame.K_l)
    app.step(1)
    hand = scene.seat_input.hands["keys:right"]
    while hand.kb["items"][hand.kb["index"]] != "seat.1.hand":
        key(pygame.K_l)
        app.step(1)
    key(pygame.K_i)
    app.step(1)
    assert scene.focus_seat == 1
    win = scene.seat_input.open_choice(1)
    assert win is not None and win is not scene.choices
    assert {a.kind for _label, a in win.current["options"]} <= {"play", "pickup"}
    # the mouse's keys do not answer seat 2's window
    press(app, pygame.K_RETURN)
    assert scene.seat_input.open_choice(1) is win and win.current is not None


def test_a_controller_pulled_out_while_the_pause_menu_was_up_frees_its_seat(rt_app):
    class Gone:                       # an opened controller whose device has gone
        def attached(self):
            return False

        def quit(self):
            pass

    app, scene = rt_app({1: "controller"}, flip_black=False)
    plug(app, 7)
    assert scene.seat_input.seat_of("pad:7") == 0
    press(app, pygame.K_ESCAPE)                             # the pause menu takes the events now
    scene.seat_input.hub.pads[7].handle = Gone()
    press(app, pygame.K_ESCAPE)
    app.step(2)
    assert scene.seat_input.seat_of("pad:7") is None and "pad:7" not in scene.seat_input.cursor


def test_a_tap_as_sdl_delivers_it_is_taken_once_not_also_as_the_mouses_click(rt_app):
    """SDL sends a finger and a mouse copy of it (``touch=True``): on a touch table the copy
    must not press Done for the mouse's seat through the pygame_gui button."""
    app, scene = rt_app({1: "touch"}, seats=("human", "human"))
    done = scene.ui["done"].rect.center
    press(app, pygame.K_1)                  # the touch seat is focused
    finger(pygame.FINGERDOWN, app, 1, done)
    w = app.logical_to_window(done)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0), touch=True))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=True))
    finger(pygame.FINGERUP, app, 1, done)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=True))
    press(app, pygame.K_2)                  # and the mouse's seat is focused when the copy would land
    settle(app)
    assert [scene.view["mats"][s]["done"] for s in range(2)] == [True, False]
