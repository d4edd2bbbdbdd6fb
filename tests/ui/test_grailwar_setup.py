"""A war of its own: the set-up shows a fresh seed from the clock unless one is typed (and
copies it with Ctrl+C), chooses how many factions take part and who is human; the command
line does the same with --seed, --seats and --factions."""
import pygame
import pytest

from pygame_gui.core.utility import clipboard_paste

from tabletop.cli import build_parser
from tabletop.ui import launcher as launcher_mod
from tabletop.ui.launcher import GrailWarSetup

from .conftest import press

pytest.importorskip("grailwar.rules")

from grailwar.ui.scene import GrailWarScene  # noqa: E402


def type_text(app, text, mod=0):
    for ch in text:
        key = pygame.K_0 + int(ch) if ch.isdigit() else pygame.key.key_code(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=ch, scancode=0))
    app.step(3)


def open_setup(app):
    app.scenes.push(GrailWarSetup(app))
    app.step(2)
    return app.scenes.top


def focus(app, setup, key):
    for _ in range(20):
        if setup.menu.focused.key == key:
            return
        press(app, pygame.K_DOWN, frames=1)
    raise AssertionError(f"cannot reach {key}")


def test_the_set_up_shows_a_fresh_seed_from_the_clock_and_the_war_plays_it(app, monkeypatch):
    monkeypatch.setattr(launcher_mod.time, "time_ns", lambda: 123_456_789_000)
    setup = open_setup(app)
    assert setup.seed == "123456789"
    assert any("123456789" in i.button.text for i in setup.menu.items)
    monkeypatch.setattr(launcher_mod.time, "time_ns", lambda: 987_654_321_000)
    focus(app, setup, "seed")
    press(app, pygame.K_RETURN)                                  # a fresh one
    assert setup.seed == "987654321"
    focus(app, setup, "start")
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, GrailWarScene) and scene.seed == 987654321
    assert scene.record.seed == 987654321


def test_a_typed_seed_fewer_factions_and_two_humans(app):
    setup = open_setup(app)
    press(app, pygame.K_DOWN)                                    # faction 2: NPC -> human
    press(app, pygame.K_RIGHT)
    assert setup.controls[:2] == ["human", "human"]
    focus(app, setup, "factions")
    for _ in range(4):                                           # 7 -> 3
        press(app, pygame.K_LEFT, frames=1)
    assert setup.count == 3
    assert sum(1 for i in setup.menu.items if i.key.startswith("faction") and i.key != "factions") == 3
    focus(app, setup, "seed")
    type_text(app, "4242")
    assert setup.seed == "4242" and any("Seed: 4242 (typed" in i.button.text for i in setup.menu.items)
    press(app, pygame.K_BACKSPACE)
    assert setup.seed == "424"
    focus(app, setup, "start")
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert scene.seed == 424 and scene.seats == ["human", "human", "npc"]
    assert scene.rules.seats == ["human", "human", "npc", "off", "off", "off", "off"]


def test_ctrl_c_copies_the_seed(app):
    setup = open_setup(app)
    focus(app, setup, "seed")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_CTRL, unicode="\x03",
                                         scancode=0))
    app.step(3)
    assert clipboard_paste() == setup.seed


def test_the_command_line_takes_factions_and_a_new_war_has_a_fresh_seed(make_app, monkeypatch):
    args = build_parser().parse_args(["grailwar", "--factions", "3", "--seed", "77"])
    assert args.factions == 3 and args.seed == 77
    app = make_app(factions=3)
    scene = GrailWarScene(app, seats=None, seed=None)
    assert scene.seats == ["human", "npc", "npc"]
    seeds = set()
    for t in (111_000, 222_000):
        monkeypatch.setattr("grailwar.ui.setup.time.time_ns", lambda t=t: t)
        seeds.add(GrailWarScene(app, seats=["human", "npc"], seed=None).seed)
    assert seeds == {111, 222}
