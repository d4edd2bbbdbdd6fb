"""The Pendulum play screen, driven with real posted events on the dummy driver."""
import pygame
import pytest

from tabletop.engine import saves
from tabletop.engine.match import MatchUpdate
from tabletop.engine.saves import read_record
from tabletop.ui.app import App, default_args

from pendulum.rules import actions as A
from pendulum.ui import table as T
from pendulum.ui.scene import make_scene


@pytest.fixture
def table_app():
    apps = []

    def make(seats=("human", "human", "human"), mode="timetrack", seed=5, size=(1280, 720), lang="en",
             speed=1.0, **kw):
        app = App(default_args(size=size, lang=lang, speed=speed))
        apps.append(app)
        scene = make_scene(app, seats=list(seats), mode=mode, seed=seed, **kw)
        app.scenes.push(scene)
        app.step(2)
        return app, scene

    yield make
    for app in apps:
        app.shutdown()


def _win(app, pos):
    return app.logical_to_window((int(pos[0]), int(pos[1])))


def drag(app, start, end, frames=3):
    a, b = _win(app, start), _win(app, end)
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False))
    app.step(1)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    app.step(1)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False))
    app.step(frames)


def click_at(app, pos, frames=3):
    w = _win(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(frames)


def press(app, key, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(frames)


def opening_worker(scene):
    st = scene.state
    seat, kind = st.opening[0]
    wid = next(w for w, loc in st.players[seat].workers.items() if loc == "mat" and w[-2] == kind)
    return seat, wid


def finish_opening(scene, prefer=None):
    """Every remaining opening placement through the table (as a player would), preferring
    frames whose id contains ``prefer``."""
    while scene.state.phase == "opening":
        seat = scene.state.seats_to_act()[0]
        moves = [a for a in scene.state.legal_actions(seat) if a.kind == "move"]
        pick = next((a for a in moves if prefer and prefer in a.to), moves[0])
        scene.apply(pick)


def test_legal_placement_by_drag_lights_the_engine_targets(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    start = scene.worker_positions()[wid]
    legal = {a.to for a in scene.state.legal_actions(seat) if a.kind == "move" and a.worker == wid}
    # pick up: every legal target lights, nothing else
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_win(app, start), button=1, touch=False))
    app.step(1)
    assert scene.drag is not None
    assert set(scene.drag["targets"]) == {f"frame.{f}" for f in legal}
    target = sorted(legal)[0]
    end = scene.region(f"frame.{target}").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=_win(app, end), rel=(1, 1), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_win(app, end), button=1, touch=False))
    app.step(3)
    assert scene.state.players[seat].workers[wid] == "F:" + target
    assert scene.record.actions[-1]["a"]["kind"] == "move"
    assert any("worker" in line for line in scene.log_lines)


def test_illegal_drop_springs_back_and_names_the_rule(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    start = scene.worker_positions()[wid]
    top = next(f for f in scene.rules.frames.values() if f.row == 0 and f.area == "green")   # timer row
    drag(app, start, scene.region(f"frame.{top.id}").center)
    assert scene.state.players[seat].workers[wid] == "mat"
    assert scene.record.actions == []
    assert scene.message is not None and "rule" in scene.message[0].lower()
    assert scene.anims and scene.anims[-1].key == wid          # springing back
    app.step(40)
    assert scene.worker_positions()[wid] == start


def test_in_japanese_a_refusal_explains_the_rule_in_japanese(table_app):
    app, scene = table_app(lang="ja")
    seat, wid = opening_worker(scene)
    top = next(f for f in scene.rules.frames.values() if f.row == 0 and f.area == "green")   # timer row
    drag(app, scene.worker_positions()[wid], scene.region(f"frame.{top.id}").center)
    line = scene.log_lines[-1]
    assert "砂時計のある段" in line and "4.4" in line           # the rule, explained in Japanese (glossary: row = 段)
    app.set_lang("en")
    assert "砂時計" not in scene.log_lines[-1]                  # worded again in English


def _worker_waiting_in_green(app, scene):
    """The opening seat's worker in a green frame on the timer row, the action phase begun:
    (seat, worker, frame)."""
    seat, wid = opening_worker(scene)
    frame = next(f for f in scene.rules.frames.values() if f.area == "green" and f.row == 1)
    scene.apply(A.Move(seat, wid, frame.id))
    finish_opening(scene, prefer="black")
    assert scene.state.phase == "action"
    app.step(2)
    return seat, wid, frame


def test_activation_by_dragging_into_the_gain_box_pays_gold(table_app):
    app, scene = table_app()
    seat, wid, frame = _worker_waiting_in_green(app, scene)
    gold = scene.state.players[seat].res[2]
    space = frame.spaces[0]
    drag(app, scene.worker_positions()[wid], scene.region(f"space.{space}").center)
    assert scene.state.players[seat].workers[wid] == "B:" + space
    assert scene.state.players[seat].res[2] == gold - 2
    assert any("paid 2 gold" in line for line in scene.log_lines)


def test_clicking_the_gain_box_under_a_waiting_worker_acts_with_it(table_app):
    """A beginner clicks the box they want, not the worker above it: it acts, as a drag
    there would; a box no worker of the seat waits above stays as it was."""
    app, scene = table_app()
    seat, wid, frame = _worker_waiting_in_green(app, scene)
    scene.focus(seat)
    app.step(2)
    p = scene.state.players[seat]
    other = next(f for f in scene.rules.frames.values() if f.area == "green" and f.row == 1 and f.id != frame.id)
    before = (dict(p.workers), list(p.res), len(scene.record.actions))
    click_at(app, scene.region(f"space.{other.spaces[0]}").center)
    assert (dict(p.workers), list(p.res), len(scene.record.actions)) == before     # no worker of mine above it
    click_at(app, scene.region(f"space.{frame.spaces[0]}").center)
    assert p.workers[wid] == "B:" + frame.spaces[0] and p.res[2] == before[1][2] - 2


def test_a_finished_timer_flips_by_click_with_an_animation(table_app):
    app, scene = table_app(mode="realtime", speed=60.0)
    finish_opening(scene, prefer="black")
    row = scene.state.timer_row["black"]
    for _ in range(60):
        if scene.state.remaining["black"] <= 0:
            break
        app.step(1)
    assert scene.state.remaining["black"] <= 0
    assert scene.hourglasses["black"].grains_above() == 0          # empty when the engine says so
    flips = scene.hourglasses["black"].flips
    app.speed = 1.0
    click_at(app, scene.region("timer.black").center, frames=1)
    # the request waits in the rules' 4.8 window (1 s of engine time), then the engine flips it
    for _ in range(90):
        if scene.state.timer_row["black"] != row:
            break
        app.step(1)
    assert scene.state.timer_row["black"] == 1 - row
    assert scene.record.actions[-1]["a"] == {"kind": "flip", "seat": 0, "timer": "black"}
    app.step(1)
    assert scene.hourglasses["black"].flipping
    app.step(45)
    assert scene.hourglasses["black"].flips == flips + 1
    assert scene.hourglasses["black"].grains_above() > 100        # the sand is back on top


def test_a_run_out_glass_says_flip_only_while_the_engine_takes_a_flip(table_app):
    """Under a run-out glass: "0 s: flip!" while the engine would take a flip of it from this
    screen; once it would not (the seat said Done; the council called), only "0 s"."""
    app, scene = table_app(mode="realtime", speed=60.0)
    finish_opening(scene, prefer="black")
    st = scene.state
    for _ in range(120):
        if st.remaining["black"] <= 0:
            break
        app.step(1)
    assert st.phase == "action" and st.remaining["black"] <= 0 and scene.focus_seat == 0
    assert scene.why_not(A.Flip(0, "black")) is None
    assert scene.renderer.glass_label("black")[0] == "0 s: flip!"
    scene.apply(A.Done(0))
    app.step(1)
    assert scene.why_not(A.Flip(0, "black")).rule == "4.6 done"        # (the engine: declared done)
    assert scene.renderer.glass_label("black")[0] == "0 s"


def test_the_bots_move_only_once_the_table_was_shown(make_app):
    """The first frame shows the table as dealt (and comes sooner: no bot has thought yet),
    even when the real loop runs several steps in it; the bots move from the next frame."""
    app = make_app(size=(1280, 720), speed=20.0)
    scene = make_scene(app, seats=["bot", "bot", "bot"], mode="realtime", seed=5)
    app.scenes.push(scene)
    app.frame_step(updates=5)                 # as run_forever's first frame after a slow start
    assert scene.record.actions == []
    for _ in range(60):
        app.step(1)
        if scene.record.actions:
            break
    assert scene.record.actions

def test_pause_freezes_every_timer_and_the_sand(table_app):
    app, scene = table_app(mode="realtime", speed=4.0)
    finish_opening(scene, prefer="black")
    app.step(60)                         # the round's opening flip animation is over
    press(app, pygame.K_p)
    assert scene.paused
    before = dict(scene.state.remaining)
    passed = {k: h.passed for k, h in scene.hourglasses.items()}
    app.step(120)
    assert scene.state.remaining == before
    assert {k: h.passed for k, h in scene.hourglasses.items()} == passed
    press(app, pygame.K_p)
    app.step(30)
    assert scene.state.remaining["black"] < before["black"]


def test_keyboard_only_placement(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    scene.focus(seat)
    press(app, pygame.K_TAB)
    assert scene.kb and scene.kb["stage"] == "item"
    while scene.kb["items"][scene.kb["index"]] != "worker." + wid:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.kb["stage"] == "target"
    press(app, pygame.K_RIGHT)
    target = scene.kb["items"][scene.kb["index"]]
    press(app, pygame.K_RETURN)
    assert "F:" + target[len("frame."):] == scene.state.players[seat].workers[wid]


def _play_to_council(scene):
    st = scene.state
    for _ in range(3000):
        if st.phase == "council_rewards":
            turn = st.real_order()[st.council_turn - 1]
            p = st.players[turn]
            if p.decisions and p.decisions[0]["t"] == "council":
                return turn
        acted = False
        for seat in st.seats_to_act():
            acts = st.legal_actions(seat)
            choose = [a for a in acts if a.kind == "choose"]
            act = choose[0] if choose else next((a for a in acts if a.kind == "done"), acts[0] if acts else None)
            if act is not None:
                scene.apply(act)
                acted = True
                break
        assert acted
    raise AssertionError("council never reached")


def test_council_overlay_and_a_reward_chosen_by_click(table_app):
    app, scene = table_app()
    turn = _play_to_council(scene)
    app.step(3)
    assert scene.layout.council_active
    rect = scene.region("council.default")
    assert scene.layout.rects["council_overlay"].contains(rect)
    click_at(app, rect.center)
    taken = [e for e in scene.record.actions if e["a"]["kind"] == "choose"]
    assert taken[-1]["a"]["option"] == scene.rules.council_default
    assert scene.state.players[turn].decisions == [] or scene.state.players[turn].decisions[0]["t"] != "council"


def test_autosave_and_resume_rebuild_the_same_game(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    frame = next(f for f in scene.rules.frames.values() if f.area == "black" and f.row == 1)
    scene.apply(A.Move(seat, wid, frame.id))
    scene.match.flush()
    rec = read_record(scene.match.save_path)             # the game's own save slot
    assert len(rec.actions) == 1
    assert any(slot.path == scene.match.save_path for slot in saves.unfinished_slots())
    app2, resumed = table_app(record=rec)
    live, back = scene.state.to_dict(), resumed.state.to_dict()
    live.pop("_time"), back.pop("_time")          # frames keep passing on both tables
    assert back == live
    assert resumed.record.actions == scene.record.actions


def test_undo_in_untimed_play(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    frame = next(f for f in scene.rules.frames.values() if f.area == "black" and f.row == 1)
    scene.apply(A.Move(seat, wid, frame.id))
    press(app, pygame.K_u)
    assert scene.state.players[seat].workers[wid] == "mat"
    assert scene.record.actions == []


@pytest.mark.slow
def test_all_bot_game_reaches_the_end_screen():
    app = App(default_args(size=(1280, 720), lang="en", speed=100.0, seats="bot,bot,bot", mode="timetrack",
                           seed=3))
    try:
        app.start("pendulum")
        scene = app.scenes.top
        for _ in range(3000):
            app.step(10)
            if type(app.scenes.top).__name__ == "EndScreen":
                break
        assert type(app.scenes.top).__name__ == "EndScreen"
        assert scene.state.is_terminal()
        assert len(scene.history) == 5          # start + 4 rounds for the chart
        assert "pendulum" not in saves.unclean_games()
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_table_renders_at_both_sizes_in_both_languages(table_app, size, lang):
    app, scene = table_app(seats=("human", "bot", "bot", "bot"), mode="realtime", size=size, lang=lang)
    app.step(5)
    shot = app.window.copy()
    assert shot.get_size() == size
    # the gold frames are drawn where the layout says, scaled to the window
    fr = scene.region(next(k for k in scene.layout.rects if k.startswith("frame.")))
    x, y = app.logical_to_window((fr.left + 1, fr.centery))
    colours = {tuple(shot.get_at((x + dx, y))[:3]) for dx in range(0, 4)}
    assert any(c[0] > 150 and c[1] > 100 and c[2] < 120 for c in colours), colours
    assert scene.app.t("pendulum.phase.opening") != "pendulum.phase.opening"
    for rid in ("main_board", "council_board", "timer.green", "privilege_track", "seat.0", "log"):
        assert scene.region(rid) is not None, rid


def test_language_switch_rewords_the_board_and_the_log(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    frame = next(f for f in scene.rules.frames.values() if f.area == "black" and f.row == 1)
    scene.apply(A.Move(seat, wid, frame.id))
    english = list(scene.log_lines)
    app.set_lang("ja")
    app.step(2)
    assert scene.log_lines and scene.log_lines != english
    assert any(ord(ch) > 0x3000 for line in scene.log_lines for ch in line)
    assert scene.renderer.static is not None         # rebuilt in Japanese on the next frame


def test_keyboard_declares_done_in_untimed_play(table_app):
    app, scene = table_app()
    finish_opening(scene, prefer="black")
    seat = scene.state.seats_to_act()[0]
    scene.focus(seat)
    press(app, pygame.K_TAB)
    while scene.kb["items"][scene.kb["index"]] != "button.done":
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.state.players[seat].done
    assert scene.record.actions[-1]["a"]["kind"] == "done"


def test_realtime_drop_waits_in_the_privilege_window_then_lands(table_app):
    app, scene = table_app(mode="realtime")
    seat, wid = opening_worker(scene)
    target = sorted(a.to for a in scene.state.legal_actions(seat) if a.kind == "move" and a.worker == wid)[0]
    drag(app, scene.worker_positions()[wid], scene.region(f"frame.{target}").center, frames=1)
    assert scene.state.players[seat].workers[wid] == "mat"        # queued in the 4.8 window
    assert wid in scene.ghosts
    app.step(75)
    assert scene.state.players[seat].workers[wid] == "F:" + target
    assert wid not in scene.ghosts
    entry = scene.record.actions[-1]
    assert entry["a"]["kind"] == "move" and entry["t"] >= scene.rules.claim_window


def test_a_stratagem_is_played_from_the_hand_by_click_and_picker(table_app):
    app, scene = table_app()
    finish_opening(scene, prefer="black")
    seat = scene.focus_seat
    plays = [a for a in scene.state.legal_actions(seat) if a.kind == "play"]
    assert plays
    click_at(app, scene.region(f"seat.{seat}.hand").center)
    assert scene.picker is not None and scene.picker["seat"] == seat
    hand = len(scene.state.players[seat].hand)
    press(app, pygame.K_RETURN)                      # the first option, by keyboard
    assert len(scene.state.players[seat].hand) == hand - 1
    assert scene.record.actions[-1]["a"]["kind"] in ("play", "choose")


def test_a_picker_option_is_taken_by_mouse_click(table_app):
    app, scene = table_app()
    finish_opening(scene, prefer="black")
    seat = scene.focus_seat
    click_at(app, scene.region(f"seat.{seat}.hand").center)
    assert scene.picker is not None
    hand = len(scene.state.players[seat].hand)
    button = scene.picker["buttons"][0]
    click_at(app, button.get_abs_rect().center)      # the first option, by mouse
    assert len(scene.state.players[seat].hand) == hand - 1


def test_refusals_and_table_lines_are_reworded_after_a_language_switch(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    scene.refuse(T.IllegalActionError("4.2 flip", "the sand is still running"))
    n = len(scene.log_lines)
    assert "refused" in scene.log_lines[-1] or "4.2 flip" in scene.log_lines[-1]
    app.set_lang("ja")
    app.step(2)
    # every line survives the switch (the refusal and the opening line were dropped before)
    assert len(scene.log_lines) == n
    flip = "4.2 " + app.t("pendulum.rule_name.flip")                # (the rule named in Japanese too)
    assert scene.log_lines[-1] == app.t("pendulum.msg.refused", rule=flip, message="the sand is still running")
    assert scene.log_lines[0].startswith(app.t("pendulum.log.phase_changed", phase=app.t("pendulum.phase.opening"),
                                                round=scene.state.round)[:4])


def test_one_and_many_read_right_in_english(table_app):
    from pendulum.ui import view as V
    app, scene = table_app()
    assert V.amount(app, "votes", 1) == "1 vote"
    assert V.amount(app, "votes", 3) == "3 votes"
    assert V.count_t(app, "pendulum.council.votes", 1) == "1 vote"
    assert V.count_t(app, "pendulum.council.votes", 0) == "0 votes"
    app.set_lang("ja")
    assert V.amount(app, "votes", 1) == app.t("pendulum.amount.votes", n=1)


def test_undo_window_is_the_engines_the_last_opening_placement_can_be_taken_back(table_app):
    """The engine's PendulumState.reveals decides what closes the undo window: the placement that
    ends the opening flips the timers but shows nothing hidden, so it can be undone."""
    app, scene = table_app()
    while scene.state.phase == "opening":
        seat = scene.state.seats_to_act()[0]
        move = next(a for a in scene.state.legal_actions(seat) if a.kind == "move")
        events = scene.apply(move)
    assert not type(scene.state).reveals(events)
    press(app, pygame.K_u)
    assert scene.state.phase == "opening"
    assert scene.state.players[seat].workers[move.worker] == "mat"


def test_a_refused_request_is_logged_once_for_a_person_and_not_for_a_bot(table_app):
    app, scene = table_app(seats=("human", "bot", "bot"), mode="realtime")
    n = len(scene.log_lines)
    for seat in (0, 1):
        ev = A.RequestRefused(seat, A.Flip(seat, "black").to_text(), "4.2 flip", "the sand is still running")
        scene.on_update(MatchUpdate("advanced", None, (ev,)))      # as the Match reports it
    assert len(scene.log_lines) == n + 1
    assert scene.log_lines[-1] == app.t("pendulum.msg.refused", rule="4.2 flip", message="the sand is still running")


def test_the_table_is_heard_picking_dropping_and_refusing(table_app):
    app, scene = table_app()
    seat, wid = opening_worker(scene)
    top = next(f for f in scene.rules.frames.values() if f.row == 0 and f.area == "green")   # timer row
    drag(app, scene.worker_positions()[wid], scene.region(f"frame.{top.id}").center)
    assert app.sound.played[-2:] == ["worker_pick", "drop_refused"]
    legal = next(a for a in scene.legal(seat) if getattr(a, "worker", None) == wid and a.kind == "move")
    drag(app, scene.worker_positions()[wid], scene.region(f"frame.{legal.to}").center)
    assert "worker_drop" in app.sound.played[-3:]


def test_sand_is_heard_only_while_a_glass_runs_in_real_time(table_app):
    app, scene = table_app(seats=("bot", "bot", "bot"), mode="realtime", speed=4.0)
    app.step(120)
    assert scene.sand_running() and app.sound.looping("sand")
    scene.toggle_pause()
    app.step(2)
    assert not scene.sand_running() and not app.sound.looping("sand")


def test_the_log_scrolls_back_with_the_wheel_and_a_new_line_returns_to_the_newest(table_app, monkeypatch):
    app, scene = table_app()
    for i in range(40):
        scene.log.add(T.LogText("pendulum.msg.paused"))
    app.step(2)
    panel = scene.log.panel                         # the log panel both games share
    assert panel is not None and panel.scroll == 0
    rect = scene.layout.rects["log"]
    where = app.logical_to_window(rect.center)     # the pointer rests over the log (no warp: SDL keeps it)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: where)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0, touch=False))
    app.step(2)
    assert panel.scroll > 0                         # wheel down: back to older lines
    scene.log.add(T.LogText("pendulum.msg.resumed"))
    assert panel.scroll == 0 and panel.lines[-1] == app.t("pendulum.msg.resumed")
