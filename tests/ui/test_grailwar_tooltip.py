"""Dialogs render cleanly (issue 12): a button's hover tooltip is a wrapped box of a
readable width, not one giant word per line over the map."""
import pygame
import pytest
from pygame_gui.elements import UITooltip

from .conftest import click
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def _tooltips(app):
    return [s for s in app.ui_manager.get_sprite_group().sprites() if isinstance(s, UITooltip)]


def test_a_long_choice_shows_its_whole_label_in_a_wrapped_box(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, size=(1920, 1080))
    wait_for_menu(app, scene, "declare", "F1")
    # the places to approach: the longest names are cut short on their buttons (gw-play: a
    # choice is cut by its width, so the declarations themselves now fit whole)
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    long = []
    for _ in range(4):
        long = [b for b, op in scene.buttons if op[0] == "choose" and b.tool_tip_text]
        if long or not any(op == ("page",) for _, op in scene.buttons):
            break
        click(app, button(scene, lambda op: op == ("page",)))
    assert long, "some choice is cut short on its button"
    b = long[0]
    pos = app.logical_to_window(b.rect.center)
    pygame.mouse.set_pos(pos)
    for _ in range(90):                               # hover past the tooltip delay
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
        app.step(1)
        if _tooltips(app):
            break
    tips = _tooltips(app)
    assert tips, "no tooltip on hover"
    r = tips[0].rect
    line = app.font(16).get_linesize()
    assert r.w >= 300                                  # a box, not a column of single words
    assert r.h <= 4 * line + 40
