"""No costly misclick at the Grail War table (issue 12): declaring the turn's action, spending
a command spell or a mystic code and ending a step ask first, with the consequence stated,
and "no" is the default (key 1); a reroll prompt offers "no" first."""
import pygame
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.actions import Answer  # noqa: E402
from grailwar.ui.menu import ActionTree  # noqa: E402


def test_declaring_asks_first_and_key_1_goes_back(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    n = len(scene.record.actions)
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")))
    texts = scene.drawn_texts
    assert "Are you sure?" in texts
    assert any("Declare Rest" in t and "cannot be taken back" in t for t in texts + [scene.menu.confirming[1]])
    assert len(scene.record.actions) == n                       # nothing declared yet
    assert scene.buttons[0][1] == ("cancel",)                    # "1. No" comes first
    press(app, pygame.K_1)
    assert len(scene.record.actions) == n and scene.menu.confirming is None
    assert any(op[0] == "choose" and op[2] == ("declare", "rest") for _, op in scene.buttons)   # back at the choice
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")))
    press(app, pygame.K_2)
    assert scene.record.actions[n]["a"]["act"] == "rest"


def test_a_command_spell_states_what_it_gains(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    f1 = scene.state.fac["F1"]
    assert f1.mana == f1.max_mana and f1.spells == 3
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("use", "spell_mana")))
    question = scene.menu.confirming[1]
    assert question == f"Spend 1 of 3 command spells for +100 mana? You are at {f1.mana}/{f1.max_mana}: 0 will be gained."
    assert question.split("?")[0] in " ".join(scene.drawn_texts)   # on screen
    press(app, pygame.K_BACKSPACE)                                  # Backspace is "no" too
    assert f1.spells == 3 and scene.menu.confirming is None


def test_the_reroll_prompt_offers_no_first_and_asks_before_spending(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    scene.vm["pending"] = {"kind": "reroll", "faction": "F1", "battle": 1, "slot3": "LUK"}
    scene.menu.tree = ActionTree([Answer("F1", "reroll", "spell"), Answer("F1", "reroll", "pass")])
    scene.menu.page = 0
    scene.menu.build()
    app.step(2)
    first = [op for _, op in scene.buttons if op[0] == "choose"][0]
    assert first[2] == "pass"                                       # key 1 never spends
    n = len(scene.record.actions)
    press(app, pygame.K_2)                                          # the spell: asked first
    assert scene.menu.confirming is not None and "command spells" in scene.menu.confirming[1]
    assert len(scene.record.actions) == n
