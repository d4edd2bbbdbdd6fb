"""The launcher's Pendulum set-up offers a bot level per seat (easy / standard / hard) and the rule
reading presets of config/pendulum/options.yaml (issue 11 item 7), by mouse and by keyboard."""
import types

import pygame

from tabletop import games
from tabletop.ui.launcher import PendulumSetup
from tabletop.ui.scene import Scene

from .conftest import click, press


def _fake_start(monkeypatch):
    started = {}

    def fake_load(game):
        def make_scene(app_, **kw):
            started.update(kw, game=game)
            return Scene(app_)
        return types.SimpleNamespace(make_scene=make_scene)

    monkeypatch.setattr(games, "load", fake_load)
    return started


def test_seat_levels_and_the_guide_preset_reach_the_game(app, monkeypatch):
    started = _fake_start(monkeypatch)
    click(app, app.scenes.top.menu.item("pendulum").button)
    setup = app.scenes.top
    assert isinstance(setup, PendulumSetup)
    seat2 = setup.menu.item("seat2").button
    assert seat2.text == "Seat 2: Bot (standard)"
    labels = []
    for _ in range(3):                                  # standard -> player -> easy -> hard
        click(app, setup.menu.item("seat2").button)
        labels.append(setup.menu.item("seat2").button.text)
    assert labels == ["Seat 2: Player", "Seat 2: Bot (easy)", "Seat 2: Bot (hard)"]
    setup.menu.focus_key("seat3")
    press(app, pygame.K_LEFT)                           # standard <- hard, by keyboard
    assert setup.kinds[2] == "bot:hard"
    press(app, pygame.K_LEFT)
    assert setup.kinds[2] == "bot:easy"
    assert setup.menu.item("rules").button.text == "Rules: Rulebook"
    click(app, setup.menu.item("rules").button)
    assert setup.menu.item("rules").button.text == "Rules: Teaching guide"
    click(app, setup.menu.item("start").button)
    assert started["seats"] == ["human", "bot:hard", "bot:easy"]
    assert started["options"]["winner_rule"] == "guide"
    assert started["options"]["round1_achievement_2_3p"] == "guide"


def test_the_levels_and_the_preset_read_in_japanese(make_app, monkeypatch):
    app = make_app(lang="ja")
    app.start("launcher")
    app.step(2)
    _fake_start(monkeypatch)
    press(app, pygame.K_RETURN)                         # Pendulum
    setup = app.scenes.top
    assert setup.menu.item("seat2").button.text == "席 2: ボット（ふつう）"
    setup.menu.focus_key("seat2")
    press(app, pygame.K_LEFT)
    assert setup.menu.item("seat2").button.text == "席 2: ボット（つよい）"
    assert setup.menu.item("rules").button.text == "ルール：ルールブック"
