"""The hands-on lessons (issue 11 item 10) played through the teaching screen with posted
drags and clicks: a conquest, an achievement claim and the council's "move workers" step. Each
starts from a position of its own (the lesson's ``setup:``, a side game); the course's game waits
and comes back with the next lesson."""
from __future__ import annotations

import pygame
import pytest

pytest.importorskip("pendulum.ui.table")

from pendulum.teaching import TEACH_DIR, TeachSession, describe_action, load_curriculum   # noqa: E402
from tabletop.data import DataError                                        # noqa: E402
from tabletop.engine import Record, SaveError, saves                       # noqa: E402
from tabletop.ui.saved_games import start_from_record                      # noqa: E402
from pendulum.ui.teach import TeachScene                         # noqa: E402

from .conftest import click, press                              # noqa: E402
from .test_teach import drag, open_teach                        # noqa: E402


def click_at(app, pos, frames=3):
    w = app.logical_to_window((int(pos[0]), int(pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(frames)


def _saved_at(lesson_id) -> list:
    """A teach autosave at the start of ``lesson_id`` (walked with the session, no window);
    returns the actions of the course's game there."""
    s = TeachSession(load_curriculum())
    while s.lesson.id != lesson_id:
        while s.step is not None:
            s.run_bots()
            if s.step is None:
                break
            assert s.try_action(s.example_action()).ok
        assert s.next()
    s.autosave()
    return list((s.main or (s.record,))[0].actions)


def _wait_for_learner(app, scene):
    for _ in range(200):
        if scene.session.learner_can_act():
            return
        app.step(1)
    raise AssertionError("the learner never got to act")


def _panel_says(scene, words):
    return any(words in line for line in scene.feedback_lines())


def test_conquest_lesson_by_drag_and_province_click(make_app):
    main = _saved_at("conquest")
    app, scene = open_teach(make_app, speed=50.0)
    s, table = scene.session, scene.table
    assert s.lesson.id == "conquest" and s.main is not None            # a side game of its own
    me = s.state.players[s.learner]
    assert me.res[0] == 6 and me.workers[f"{s.learner}g1"] == "F:black.bottom.3"
    assert not scene.buttons["next"].is_enabled
    _wait_for_learner(app, scene)
    # another worker's action is not this lesson: refused, explained, nothing changes
    n = len(s.record.actions)
    common = f"{s.learner}c1"
    space = me.workers[common][2:].replace(".small", ".1").replace(".large", ".2")
    drag(app, table.worker_positions()[common], table.region(f"space.{space}").center)
    assert len(s.record.actions) == n and scene.feedback is not None
    assert _panel_says(scene, "Here only the conquest counts")
    # "What could I do now?" names the conquest (not a stratagem the lesson would refuse)
    click(app, scene.buttons["hint"])
    act = next(a for a in s.learner_actions() if a.kind == "act" and a.space == "black.bottom.3")
    assert scene.hint_lines[1:] == ["• " + describe_action(s.rules, s.state, act, app.t, app.lang)]
    # the grande into the conquer reward box: 4 military paid, the province row opens
    drag(app, table.worker_positions()[f"{s.learner}g1"], table.region("space.black.bottom.3").center)
    me = s.state.players[s.learner]
    assert me.res[0] == 2 and not s.lesson_complete                    # not done before the province
    assert table.picker is not None and "row" in table.picker
    row = table.picker["row"]
    band = row.tiles[0].bands[0]
    card = str(table.picker["options"][band.index][1].option).split(":")[0]
    click_at(app, band.rect.center)
    me = s.state.players[s.learner]
    assert any(card in cards for cards in me.slots.values()) or card == "deck"
    assert sum(len(v) for v in me.slots.values()) == 1
    assert s.lesson_complete and scene.buttons["next"].is_enabled and scene.praise
    # Next: the course's game is back, exactly where it waited
    click(app, scene.buttons["next"])
    assert s.lesson.id == "stratagems" and s.main is None
    assert s.record.actions[:len(main)] == main                        # (bots may have moved on since)
    assert sum(len(v) for v in s.state.players[s.learner].slots.values()) == 0


def test_claim_lesson_by_clicking_the_achievement_card(make_app):
    _saved_at("claim")
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    s, table = scene.session, scene.table
    assert s.lesson.id == "claim"
    _wait_for_learner(app, scene)
    before = list(s.state.players[s.learner].tracks)
    # "What could I do now?" names the claim
    click(app, scene.buttons["hint"])
    assert scene.hint_lines and any("実績" in line for line in scene.hint_lines)
    click_at(app, table.region("achievement").center)
    if table.picker is not None:                                      # reward or legendary: the reward
        click(app, table.picker["buttons"][0])
    st = s.state
    assert s.learner in [m for m in st.achievement_markers] or st.players[s.learner].claims == 1
    assert st.players[s.learner].tracks != before                      # a07's reward moved the tracks
    assert s.lesson_complete and scene.buttons["next"].is_enabled


def test_show_me_does_the_claim_and_says_what_it_did(make_app):
    _saved_at("claim")
    app, scene = open_teach(make_app, speed=50.0)
    s = scene.session
    _wait_for_learner(app, scene)
    click(app, scene.buttons["show_me"])
    assert s.state.players[s.learner].claims == 1
    assert s.lesson_complete and scene.shown                           # says what it did, not "well done"
    press(app, pygame.K_F5)                                            # replay: the claim is undone
    assert s.step_index == 0 and s.state.players[s.learner].claims == 0 and s.main is not None


def test_council_move_workers_step_by_drag_then_done(make_app):
    _saved_at("council_workers")
    app, scene = open_teach(make_app, speed=50.0)
    s, table = scene.session, scene.table
    assert s.lesson.id == "council_workers" and s.state.phase == "council_adjust"
    _wait_for_learner(app, scene)
    # Done first is not what the step asks
    click(app, scene.buttons["done"])
    assert s.step_index == 0 and s.state.phase == "council_adjust"
    move = next(a for a in s.learner_actions() if a.kind == "move" and a.to != "mat")
    drag(app, table.worker_positions()[move.worker], table.region(f"frame.{move.to}").center)
    assert s.state.players[s.learner].workers[move.worker] == f"F:{move.to}"
    assert s.step_index == 1
    click(app, scene.buttons["done"])
    for _ in range(100):                                               # the bots finish; the round starts
        if s.state.phase == "action":
            break
        app.step(2)
    assert s.lesson_complete and s.state.round == 2 and s.state.phase == "action"
    assert s.state.players[s.learner].workers[move.worker] == f"F:{move.to}"
    click(app, scene.buttons["next"])
    assert s.lesson.id == "first_moves" and s.main is None


def test_back_from_a_hands_on_lesson_returns_to_the_course_game(make_app):
    main = _saved_at("claim")
    app, scene = open_teach(make_app)
    s = scene.session
    assert s.lesson.id == "claim" and s.main is not None
    click(app, scene.buttons["back"])
    assert s.lesson.id == "achievements" and s.main is None and s.record.actions == main
    assert scene.table.match is s.match and scene.table.state is s.state


def test_a_hands_on_lesson_resumes_in_its_own_position(make_app):
    _saved_at("conquest")
    app, scene = open_teach(make_app)
    s = scene.session
    click(app, scene.buttons["leave"])
    launcher = app.scenes.top
    assert not isinstance(launcher, TeachScene)
    click(app, launcher.menu.item("teach").button)
    again = app.scenes.top
    assert isinstance(again, TeachScene) and again.session.lesson.id == "conquest"
    assert again.session.state.players[s.learner].res[0] == 6 and again.session.main is not None


def test_a_broken_setup_is_reported_with_file_line_and_field(tmp_path):
    """A modder's set-up mistake names the file, the line and the field, never a traceback."""
    folder = tmp_path / "teaching"
    folder.mkdir()
    for p in TEACH_DIR.glob("*.yaml"):
        (folder / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    f = folder / "conquest.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("learner: {military: 6}", "learner: {military: -1, wood: 2}")
                 .replace("until: action", "until: lunch"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_curriculum(folder=folder)
    text = str(err.value)
    assert "conquest.yaml:" in text
    for field in ("setup.learner.military", "setup.learner.wood", "setup.until"):
        assert field in text, text


def test_a_saved_practice_lesson_loads_from_the_menu_and_sets_it_up_again(make_app):
    """Save (pause menu) during a practice game writes the course's game, which replays with the
    game's own rules; loading it opens the practice lesson at its start."""
    main = _saved_at("conquest")
    app, scene = open_teach(make_app, speed=50.0)
    s = scene.session
    _wait_for_learner(app, scene)
    click(app, scene.buttons["show_me"])                               # the conquest's act: 4 military paid
    assert s.state.players[s.learner].res[0] == 2
    path = scene.save_game()
    record = saves.read_record(path)
    assert record.actions == main and record.meta["lesson_id"] == "conquest" and "main" not in record.meta
    TeachSession.forget_saved()
    assert start_from_record(app, path)
    app.step(2)
    again = app.scenes.top
    assert isinstance(again, TeachScene) and again.session.lesson.id == "conquest"
    assert again.session.step_index == 0 and again.session.state.players[s.learner].res[0] == 6


def test_a_damaged_course_game_in_a_teach_save_is_one_clear_line():
    record = Record(game="pendulum", seed=7, meta={"teach": True, "lesson_id": "conquest", "main": {"seed": "x"}})
    with pytest.raises(SaveError) as err:
        TeachSession(load_curriculum(), record=record)
    assert "meta.main" in str(err.value)


def test_next_into_a_practice_lesson_shows_its_position_at_once(make_app):
    """The set-up's moves are not played out on the table: no glide, no log line, no bot narration."""
    _saved_at("victory")
    app, scene = open_teach(make_app)
    s = scene.session
    assert s.lesson.id == "victory"
    click(app, scene.buttons["next"], frames=1)
    assert s.lesson.id == "council_workers" and s.state.phase == "council_adjust"
    assert not scene.table.anims and not scene.narrations
    assert scene.table.state is s.state and len(s.record.actions) > 20
