"""NPC speed control in the game (issue 12 item 5): P pauses the NPC masters, "." lets exactly
one NPC decision through, N and F set normal and fast speed; the same from the small control on
the map. Driven with posted keys and clicks."""
import pygame
import pytest

from .conftest import press
from .test_grailwar_screen import click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def _npc_turn(app, scene):
    """Declare rest for F1, then step until an NPC is the one to decide."""
    wait_for_menu(app, scene, "declare", "F1")
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    for _ in range(200):
        p = scene.state.pending
        if p is not None and p.faction not in scene.humans and not scene.tray.busy:
            return
        app.step(1)
    raise AssertionError("no NPC decision came")


def _click_at(app, pos):
    w = app.logical_to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(2)


def test_pause_and_step_hold_the_npcs_to_exactly_one_decision(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, speed=4.0)
    _npc_turn(app, scene)
    press(app, pygame.K_p)                                     # pause the NPCs
    n = len(scene.record.actions)
    app.step(240)
    assert len(scene.record.actions) == n, "paused: no NPC decision is applied"
    assert any(t == "Pause P" for t in scene.drawn_texts)      # the control is on the map
    press(app, pygame.K_PERIOD)                                # one step
    app.step(240)
    assert len(scene.record.actions) == n + 1, "a step lets exactly one NPC decision through"
    press(app, pygame.K_PERIOD)
    app.step(240)
    assert len(scene.record.actions) == n + 2
    press(app, pygame.K_n)                                     # normal speed: they play on
    app.step(240)
    assert len(scene.record.actions) > n + 3


def test_the_on_screen_control_pauses_steps_and_speeds_up(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, speed=2.0)
    _npc_turn(app, scene)
    app.step(2)
    rects = dict(scene.pace.rects)
    assert set(rects) == {"pause", "step", "normal", "fast"}
    _click_at(app, rects["pause"].center)
    n = len(scene.record.actions)
    app.step(200)
    assert len(scene.record.actions) == n
    _click_at(app, rects["step"].center)
    app.step(200)
    assert len(scene.record.actions) == n + 1
    _click_at(app, rects["fast"].center)
    assert scene.pace.mode == "fast" and scene.tray.speed == scene.fast * 4
    app.step(120)
    assert len(scene.record.actions) > n + 2
    press(app, pygame.K_f)                                     # F: fast again (already), N back to normal
    press(app, pygame.K_n)
    assert scene.pace.mode == "normal" and scene.tray.speed == scene.fast
