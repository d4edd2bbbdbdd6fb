"""The launcher's "More options…" (issue 11 item 7): character sides, glory, the guide readings
of spec 6.1, the 2-player neutral and each seat's colour reach the game's rules options, by
mouse and by keyboard, and the same choices exist on the command line."""
import pygame

from pendulum.game import make_rules
from tabletop.ui.launcher import LauncherScene, PendulumSetup
from tabletop.ui.setup_more import PendulumMoreOptions

from .conftest import click, press
from .test_pendulum_setup_levels import _fake_start


def test_more_options_reach_the_game(app, monkeypatch):
    started = _fake_start(monkeypatch)
    click(app, app.scenes.top.menu.item("pendulum").button)
    setup = app.scenes.top
    click(app, setup.menu.item("more").button)
    more = app.scenes.top
    assert isinstance(more, PendulumMoreOptions)
    assert more.menu.item("colour1").button.text == "Seat 1 colour: Red"
    click(app, more.menu.item("sides").button)
    click(app, more.menu.item("glory").button)
    click(app, more.menu.item("D3").button)
    assert "teaching guide" in more.menu.item("D3").button.text
    more.menu.focus_key("colour1")
    press(app, pygame.K_RIGHT)                    # red -> the next colour no other seat has (white)
    assert more.menu.item("colour1").button.text == "Seat 1 colour: White"
    assert more.menu.item("neutral") is None      # only in a 2-player game
    press(app, pygame.K_ESCAPE)                   # back to the seats
    assert app.scenes.top is setup
    app.step(2)
    click(app, setup.menu.item("start").button)
    opts = started["options"]
    assert opts["advanced"] is True and opts["advanced_variant"] is True and opts["winner_rule"] == "guide"
    assert opts["colours"] == ["white", "blue", "green"]
    rules = make_rules(opts)                       # and the rules take them: seat 1 plays white
    assert rules.seat_style(0).id == "white" and rules.seat_style(1).id == "blue"


def test_two_players_may_leave_the_neutral_out_in_japanese(make_app, monkeypatch):
    app = make_app(lang="ja")
    app.start("launcher")
    app.step(2)
    started = _fake_start(monkeypatch)
    press(app, pygame.K_RETURN)                   # Pendulum
    setup = app.scenes.top
    setup.menu.focus_key("players")
    press(app, pygame.K_LEFT)                     # 3 -> 2 players
    click(app, setup.menu.item("more").button)
    more = app.scenes.top
    assert more.menu.item("neutral").button.text == "2人戦のニュートラルプレイヤー：あり"
    click(app, more.menu.item("neutral").button)
    assert more.menu.item("neutral").button.text.endswith("なし")
    press(app, pygame.K_ESCAPE)
    app.step(2)
    click(app, setup.menu.item("start").button)
    assert started["options"]["neutral_player_2p"] == "guide"


def test_back_from_a_set_up_leaves_a_launcher_that_shows_and_answers_its_buttons(app, monkeypatch):
    """Back from a screen opened over another (the set-up over the launcher, "More options"
    over the set-up) shows the screen below with its buttons, and they answer a click (they
    stayed hidden: a dead launcher)."""
    started = _fake_start(monkeypatch)
    launcher = app.scenes.top
    click(app, launcher.menu.item("pendulum").button)
    setup = app.scenes.top
    click(app, setup.menu.item("back").button)
    assert app.scenes.top is launcher and isinstance(launcher, LauncherScene)
    assert launcher.menu.visible and all(i.button.visible for i in launcher.menu.items)
    click(app, launcher.menu.item("pendulum").button)
    setup = app.scenes.top
    assert isinstance(setup, PendulumSetup)
    click(app, setup.menu.item("more").button)
    click(app, app.scenes.top.menu.item("back").button)
    assert app.scenes.top is setup
    click(app, setup.menu.item("start").button)
    assert started["seats"] == ["human", "bot", "bot"]
