"""No costly misclick: a master's declaration can be taken back at the table until the phase
resolves; the withdrawal is recorded and the record replays to the same war."""
import pygame
import pytest

from tabletop.engine import replay

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules import Withdraw  # noqa: E402


@pytest.fixture
def long_grace(monkeypatch):
    monkeypatch.setattr("grailwar.ui.takeback.GRACE", 200.0)      # 4 s at the tests' NPC speed of 50


def _declare(app, scene, act):
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", act)))
    press(app, pygame.K_2)                                   # "Yes, do it"


def test_a_declaration_is_taken_back_then_made_again(make_app, long_grace):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    n = len(scene.record.actions)
    _declare(app, scene, "rest")
    app.step(20)
    assert len(scene.record.actions) == n + 1                     # the NPCs wait
    assert any(t.startswith("You declared Rest") for t in scene.drawn_texts)
    assert "1. Take it back" in scene.drawn_texts and "2. Resolve now" in scene.drawn_texts
    assert any("you may take it back" in t for t in scene.drawn_texts)
    click(app, scene.takeback.buttons[0][0])                       # 1. Take it back
    assert scene.record.actions[-1]["a"] == Withdraw("F1").to_dict()
    assert scene.state.fac["F1"].declared is None
    wait_for_menu(app, scene, "declare", "F1")                     # asked again
    assert not any("Take it back" in t for t in scene.drawn_texts)
    _declare(app, scene, "soul_eat")
    press(app, pygame.K_RETURN)                                    # resolve now
    for _ in range(400):
        if scene.state.phase != "D":
            break
        app.step(1)
    assert scene.state.phase != "D"
    refusal = scene.match.why_not(Withdraw("F1"))
    assert refusal is not None and refusal.key == "grailwar.gw_table.refusal.resolved"
    twin = replay(scene.record, scene.rules)
    assert twin.to_dict() == scene.state.to_dict()


def test_backspace_takes_back_and_the_grace_runs_out_by_itself(make_app, long_grace):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    _declare(app, scene, "rest")
    assert any("取り消せます" in t for t in scene.drawn_texts)
    press(app, pygame.K_BACKSPACE)
    assert scene.record.actions[-1]["a"]["kind"] == "withdraw"
    wait_for_menu(app, scene, "declare", "F1")
    _declare(app, scene, "rest")
    for _ in range(400):                                           # nobody presses anything
        if scene.state.phase != "D":
            break
        app.step(1)
    assert scene.state.phase != "D" and not scene.takeback.active


def test_in_hot_seat_the_first_master_takes_back_before_the_hand_off(make_app, long_grace):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9, speed=4.0)
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    _declare(app, scene, "rest")
    assert scene.takeback.active and scene.handoff_to is None      # F1's sheet, not yet passed on
    press(app, pygame.K_1)
    assert scene.record.actions[-1]["a"] == Withdraw("F1").to_dict()
    assert scene.state.pending.faction == "F1" and scene.viewer == "F1"


def _click_map(app, pos):
    pos = app.logical_to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(3)


def test_clicking_places_on_the_map_never_declares(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    n = len(scene.record.actions)
    for lid, pos in list(scene.map.pos.items())[:6]:              # looking around first
        _click_map(app, pos)
    assert len(scene.record.actions) == n and scene.menu.confirming is None
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "move")))
    lit = sorted(scene.map.selected)
    assert lit
    _click_map(app, scene.map.pos[lit[0]])                          # a lit place answers "where to"
    for _ in range(3):
        if scene.menu.confirming is not None:
            break
        click(app, button(scene, lambda op: op[0] == "choose"))
    assert scene.menu.confirming is not None and len(scene.record.actions) == n   # asked, not declared


def test_in_hot_seat_the_last_master_takes_back_from_the_public_screen(make_app, long_grace):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9, speed=4.0)
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    _declare(app, scene, "rest")
    press(app, pygame.K_2)                                          # F1: resolve now (hand-off to F2)
    wait_for_menu(app, scene, "declare", "F2", frames=3000)
    f2_declared = scene.tr("gw_table.takeback.declared", what="")[:8]
    _declare(app, scene, "rest")
    app.step(3)
    assert scene.viewer is None and scene.takeback.active           # public, the NPCs wait
    texts = scene.drawn_texts
    assert any("may still take back" in t for t in texts)
    assert not any(t.startswith(f2_declared) for t in texts)        # what F2 declared stays secret
    assert not any("Rest" in t for t in texts if "declar" in t.lower())
    press(app, pygame.K_1)                                          # taken back
    assert scene.record.actions[-1]["a"] == Withdraw("F2").to_dict()
    wait_for_menu(app, scene, "declare", "F2", frames=3000)         # F2 is asked again, after a hand-off
    assert scene.viewer == "F2"
