"""Saves and records: a finished war's record, opened from Load game, replays with a
scrubber (keys and slider), drawn from the view at that point; at its end the war's chart
is drawn with every turn. A resumed war's chart has the turns played before the save."""
import pygame
import pygame_gui
import pytest

from tabletop.engine import Action, saves

from .conftest import press

pytest.importorskip("grailwar.rules")

from grailwar.game import make_rules, play_npc_game, war_record  # noqa: E402
from grailwar.rules.npc import npc_action  # noqa: E402
from grailwar.ui.replay import ReplayScene  # noqa: E402
from grailwar.ui.scene import GrailWarScene  # noqa: E402


def finished_record(seats=("npc", "npc", "npc"), seed=5):
    rules = make_rules({"seats": list(seats)})
    state = play_npc_game(rules, seed)
    assert state.is_terminal()
    return rules, state, war_record(rules, state)


def open_from_load(app, record, name="grailwar-20261201-120000.json"):
    folder = saves.data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    saves.write_record(record, folder / name)
    app.start("launcher")
    app.step(2)
    app.scenes.top.menu.focus_key("load")
    press(app, pygame.K_RETURN)
    app.scenes.top.menu.focus_key("file:records/" + name)
    press(app, pygame.K_RETURN)
    return app.scenes.top


def test_a_finished_war_opens_from_load_as_a_replay_with_its_chart(make_app):
    rules, state, record = finished_record()
    app = make_app()
    scene = open_from_load(app, record)
    assert isinstance(scene, ReplayScene) and scene.pos == scene.total == len(record.actions)
    app.step(2)
    texts = scene.drawn_texts
    assert app.t("grailwar.end.chart") in texts                    # the end chart
    last_turn = max(t for h in scene.history.values() for t, _ in h)
    assert last_turn == state.turn or last_turn == min(state.turn, rules.cfg.game.max_turns)
    assert app.t("grailwar.end.turns", n=last_turn) in texts       # every turn on its x axis
    assert all(h[0][0] == 0 and len(h) >= 2 for h in scene.history.values())


def test_the_scrubber_steps_jumps_turns_and_draws_the_view_at_that_point(make_app):
    _rules, _state, record = finished_record()
    app = make_app()
    scene = open_from_load(app, record)
    press(app, pygame.K_HOME)
    assert scene.pos == 0 and scene.turn_now() == 1
    press(app, pygame.K_DOWN)                                      # the next turn
    assert scene.turn_now() == 2 and scene.pos == scene.turn_starts[2]
    press(app, pygame.K_RIGHT)
    n = scene.pos
    assert n == scene.turn_starts[2] + 1
    expect = make_rules({"seats": ["npc"] * 3}).new_state(record.seed)
    for entry in record.actions[:n]:
        expect.apply(Action.from_dict("grailwar", entry["a"]))
    assert scene.state.to_dict() == expect.to_dict()
    assert f"Action {n} of {scene.total} — turn 2" in " ".join(scene.drawn_texts)
    lines = [scene.log_text(e) for e in expect.view_for(None)["log"]]
    assert lines[-1] in scene.logpanel.lines
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    assert scene.pos == n
    press(app, pygame.K_UP)                                        # back to the turn's start
    assert scene.pos == scene.turn_starts[2]
    press(app, pygame.K_UP)                                        # and to the turn before
    assert scene.pos == scene.turn_starts[1] and scene.turn_now() == 1
    # the slider: a real move event from the widget
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.slider, value=5))
    app.step(2)
    assert scene.pos == 5
    press(app, pygame.K_v)                                         # F1's screen now
    assert scene.viewer == "F1" and scene.vm["me"] is not None


def test_a_resumed_war_draws_the_turns_before_the_save_on_its_chart(make_app):
    app = make_app()
    first = GrailWarScene(app, seats=["human", "npc", "npc"], seed=9)
    st = first.state
    while st.turn < 3:                                             # three turns played
        fid = st.seats_to_act()[0]
        first.match.apply(npc_action(st, fid) if not st.fac[fid].human else st.legal_actions(fid)[0])
    first.match.flush()
    resumed = open_from_load(app, first.record, name="grailwar-unfinished.json")
    assert isinstance(resumed, GrailWarScene) and resumed.state.turn == 3     # it plays on
    turns = {t for h in resumed.mana_history.values() for t, _ in h}
    assert {0, 1, 2, 3} <= turns
