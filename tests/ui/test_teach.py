"""Teaching mode screen driven by real posted clicks and keys through the App's event loop
(dummy video driver): lessons by clicks, a lesson action by drag-and-drop and by "show me",
a gentle refusal, leaving and resuming, Japanese, the real-time demo lesson."""
from __future__ import annotations

import pygame
import pytest

pytest.importorskip("pendulum.ui.table")

from pendulum.teaching import load_curriculum, TeachSession       # noqa: E402
from pendulum.ui.teach import TeachScene                         # noqa: E402

from .conftest import click, press                              # noqa: E402


def open_teach(make_app, **over):
    app = make_app(**over)
    app.start("teach")
    app.step(2)
    scene = app.scenes.top
    assert isinstance(scene, TeachScene)
    return app, scene


def drag(app, a, b, frames=3):
    """Press at ``a``, move, release at ``b`` (logical coordinates), as a mouse would."""
    wa, wb = app.logical_to_window(a), app.logical_to_window(b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wa, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wa, button=1, touch=False))
    mid = ((wa[0] + wb[0]) // 2, (wa[1] + wb[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wb, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wb, button=1, touch=False))
    app.step(frames)


def test_clicks_reach_lesson_three_with_its_highlights(make_app):
    app, scene = open_teach(make_app)
    s = scene.session
    assert s.lesson.id == "welcome" and scene.table.highlights == {"main_board"}
    assert scene.buttons["next"].is_enabled and not scene.buttons["back"].is_enabled
    click(app, scene.buttons["next"])
    assert s.lesson_index == 1 and "council_board" in scene.table.highlights
    click(app, scene.buttons["next"])
    assert s.lesson_index == 2 and s.lesson.id == "your_mat"
    learner = s.learner
    assert f"seat.{learner}.track.power" in scene.table.highlights     # "seat.me.track.*" expanded
    click(app, scene.buttons["back"])
    assert s.lesson_index == 1
    press(app, pygame.K_RIGHT)                                          # keyboard path too
    assert s.lesson_index == 2


def test_a_lit_row_never_covers_the_words_under_a_glass(make_app):
    """Lesson 5 lights the bottom rows, whose edge runs under each glass's "untimed": the
    words stay whole on top of the light."""
    app, scene = open_teach(make_app)
    for _ in range(4):
        press(app, pygame.K_RIGHT)
    t = scene.table
    assert scene.session.lesson_index == 4 and any(h.startswith("row.") or "bottom" in h for h in t.highlights)
    app.step(2)
    frame = app.logical
    for tid in t.hourglasses:
        words, box = t.renderer.label_box(tid, t.glass_center(tid))
        shown = frame.subsurface(box)
        lit = [shown.get_at((x, y))[:3] for x in range(box.w) for y in range(box.h)]
        assert (255, 230, 120) not in lit, tid

def _click_next_until(app, scene, lesson_id, each=None, limit=300):
    """Next, or Show me when the lesson wants an action (bots play first if it is their turn), until
    the lesson ``lesson_id`` (None: the end of the course); ``each()`` is called before every press."""
    for _ in range(limit):
        if scene.session.lesson.id == lesson_id or (lesson_id is None and scene.session.finished):
            return
        if each is not None:
            each()
        if scene.buttons["next"].is_enabled:
            click(app, scene.buttons["next"])
        elif scene.buttons["show_me"].is_enabled:
            click(app, scene.buttons["show_me"])
        else:
            app.step(5)
    raise AssertionError(scene.session.lesson.id)


def test_a_lesson_action_by_drag_and_drop_with_a_gentle_refusal_first(make_app):
    app, scene = open_teach(make_app, speed=50.0)
    _click_next_until(app, scene, "workers")
    s, table = scene.session, scene.table
    assert not scene.buttons["next"].is_enabled                         # the lesson wants an action
    for _ in range(200):                                                # bots before us in privilege order
        if s.learner_can_act():
            break
        app.step(1)
    grande = f"{s.learner}g1"
    start = table.worker_positions()[grande]
    # a drop on a top row is refused by the lesson and explained; nothing changes
    top_frame = table.region("frame.black.top.1").center
    n = len(s.record.actions)
    drag(app, start, top_frame)
    assert len(s.record.actions) == n and s.step_index == 0
    # then a legal drop on a bottom-row gold frame completes the step
    target = next(a for a in s.learner_actions() if a.worker == grande and a.to.startswith("black.bottom"))
    drag(app, start, table.region(f"frame.{target.to}").center)
    assert s.state.players[s.learner].workers[grande] == f"F:{target.to}"
    assert s.lesson_complete and scene.buttons["next"].is_enabled and scene.feedback is None


def test_wrong_move_feedback_and_show_me(make_app):
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    _click_next_until(app, scene, "opening_common")
    s = scene.session
    for _ in range(300):
        if s.learner_can_act():
            break
        app.step(1)
    Move = type(s.learner_actions()[0])
    scene.request(Move(s.learner, f"{s.learner}g1", "black.bottom.2"))     # not what the lesson asks
    assert scene.feedback is not None and s.step_index == 0
    # the common worker into the grande's green frame: the engine refuses, the panel explains why
    grande_frame = s.state.players[s.learner].workers[f"{s.learner}g1"][2:]
    scene.request(Move(s.learner, f"{s.learner}c1", grande_frame))
    lines = scene.feedback_lines()
    assert scene.feedback[1] == "3.4 frame occupancy"
    assert any("上級ワーカーだけ" in line for line in lines)                  # in Japanese, in our words
    app.step(2)
    click(app, scene.buttons["show_me"])
    assert s.lesson_complete and scene.feedback is None


def test_pause_menu_save_can_be_loaded_back_into_the_lesson(make_app):
    from tabletop.engine import saves
    app, scene = open_teach(make_app)
    click(app, scene.buttons["next"])
    path = scene.save_game()
    record = saves.read_record(path)
    assert record.meta["teach"] and record.meta["lesson_id"] == "table"
    from tabletop.ui.launcher import start_from_record
    TeachSession.forget_saved()
    assert start_from_record(app, path)
    app.step(2)
    assert isinstance(app.scenes.top, TeachScene) and app.scenes.top.session.lesson.id == "table"


def test_leave_and_resume_from_the_launcher(make_app):
    app, scene = open_teach(make_app)
    click(app, scene.buttons["next"])
    click(app, scene.buttons["next"])
    click(app, scene.buttons["leave"])
    launcher = app.scenes.top
    assert not isinstance(launcher, TeachScene)
    click(app, launcher.menu.item("teach").button)
    again = app.scenes.top
    assert isinstance(again, TeachScene) and again.resumed
    assert again.session.lesson.id == "your_mat"


def test_japanese_panel_and_language_switch(make_app):
    app, scene = open_teach(make_app, lang="ja")
    assert scene.buttons["next"].text == "次へ"
    app.step(2)
    app.set_lang("en")
    app.step(2)
    assert scene.buttons["next"].text == "Next"
    press(app, pygame.K_ESCAPE)                     # the pause menu; switching language there
    assert app.scenes.top is not scene
    app.set_lang("ja")
    app.step(2)
    assert not any(b.visible for b in scene.buttons.values())
    press(app, pygame.K_ESCAPE)                     # back to the lesson
    assert app.scenes.top is scene and scene.buttons["next"].visible
    assert scene.buttons["next"].text == "次へ"


def _saved_at(lesson_id):
    """A teach autosave at the start of ``lesson_id`` (walked with the session, no window)."""
    s = TeachSession(load_curriculum())
    while s.lesson.id != lesson_id:
        while s.step is not None:
            s.run_bots()
            if s.step is None:
                break
            assert s.try_action(s.example_action()).ok
        assert s.next()
    s.autosave()


def test_council_lesson_played_through_by_clicks(make_app):
    _saved_at("council")
    app, scene = open_teach(make_app)
    s = scene.session
    assert s.lesson.id == "council" and s.step.until == "round_2"
    app.speed = 1000.0                                                 # a bot move every frame
    chosen = 0
    for _ in range(400):
        if s.lesson_complete:
            break
        picker = scene.table.picker
        if picker is not None:                                         # the council asks: click a choice
            click(app, picker["buttons"][0], frames=1)
            chosen += 1
        elif scene.buttons["done"].is_enabled:
            click(app, scene.buttons["done"], frames=1)
        else:
            app.step(2)
    assert s.lesson_complete and s.state.round == 2 and chosen >= 1
    assert scene.narrations                                            # bots were narrated
    click(app, scene.buttons["next"])
    assert s.lesson.id == "victory"


def test_the_last_lesson_shows_running_hourglasses_then_play_on(make_app):
    _saved_at("realtime")
    app, scene = open_teach(make_app)
    assert scene.session.lesson.id == "realtime" and scene.demo_on
    demo = scene.demo
    assert demo.timed and demo.state.phase == "action"
    before = dict(demo.state.remaining)
    app.step(30)
    assert any(demo.state.remaining[t] < before[t] for t in before if before[t] > 0)   # the sand runs
    click(app, scene.buttons["next"])                                  # "Play on"
    assert scene.session.free_play and not scene.demo_on
    assert not scene.buttons["next"].visible
    click(app, scene.buttons["hint"])
    assert scene.hint_lines


def test_every_lesson_highlight_names_a_real_part_of_the_screen(make_app):
    app, scene = open_teach(make_app)
    for lesson in scene.session.cur.lessons:
        table_ids = [h for h in lesson.highlight if not h.startswith("ui.")]
        for hid in table_ids:
            assert scene.expand_highlights([hid]), (lesson.id, hid)       # a typo would select nothing
        for hid in lesson.highlight:
            if hid.startswith("ui."):
                assert hid[3:] in scene.buttons, (lesson.id, hid)


def test_panel_text_paragraphs_bullets_and_japanese_joining():
    from pendulum.ui.teach_panel import paragraphs as _paragraphs
    assert _paragraphs("one\ntwo\n\nthree\n") == ["one two", "", "three"]
    assert _paragraphs("Ideas:\n- a\n- b\ncontinued\n") == ["Ideas:", "• a", "• b continued"]
    assert _paragraphs("あいう\nえお。\n1位") == ["あいうえお。1位"]


def test_keyboard_alone_does_a_lesson_step(make_app):
    app, scene = open_teach(make_app, speed=50.0)
    s = scene.session
    for _ in range(4):
        press(app, pygame.K_PAGEDOWN)
    assert s.lesson.id == "workers"
    for _ in range(200):
        if s.learner_can_act():
            break
        app.step(1)
    press(app, pygame.K_m, frames=1)                 # show me: the worker glides to its frame
    assert scene.table.anims
    app.step(2)
    assert s.lesson_complete
    press(app, pygame.K_RIGHT)
    assert s.lesson.id == "opening_common"
    press(app, pygame.K_F5)                          # replay: the game goes back too
    assert s.step_index == 0
    press(app, pygame.K_h)
    assert scene.hint_lines


def test_a_finished_guided_game_starts_afresh(make_app, monkeypatch):
    finished = TeachSession(load_curriculum())
    finished.state.phase = "game_over"                # as if played to the end
    monkeypatch.setattr(TeachSession, "resume", classmethod(lambda cls, cur=None, mods=None: finished))
    app, scene = open_teach(make_app)
    assert scene.session is not finished and not scene.resumed
    assert scene.session.lesson.id == "welcome" and not scene.session.state.is_terminal()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_lessons_words_fit_the_lesson_panel(make_app, lang):
    """Walk the whole course (Next, or Show me where a lesson wants an action): on every lesson the
    words are drawn whole, above "Press Next when you are ready" (the end of lesson 2 in Japanese once
    ran under that line)."""
    app, scene = open_teach(make_app, speed=50.0, lang=lang)
    s = scene.session
    seen = {}

    def look():
        app.step(1)
        seen[s.lesson.id] = max(seen.get(s.lesson.id, 0), scene.panel.overflow)

    _click_next_until(app, scene, None, each=look, limit=600)
    assert len(seen) == len(s.cur.lessons), sorted(seen)
    assert not {k: v for k, v in seen.items() if v}, seen
