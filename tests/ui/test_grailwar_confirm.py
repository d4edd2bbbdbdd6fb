"""No costly misclick at the Grail War table (issue 12): declaring the turn's action, spending
a command spell or a mystic code and ending a step ask first, with the consequence stated,
and "no" is the default (key 1); a reroll prompt offers "no" first."""
import pygame
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.actions import Answer  # noqa: E402
from grailwar.ui.layout import PROMPT  # noqa: E402
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_raids_question_is_shown_whole_above_its_buttons(make_app, lang):
    """The raid's question (what it commits to, and the estimated win rate) runs to three
    lines: every word of it is on screen, and the yes/no buttons sit below its last line."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=7, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    question = scene.menu.confirming[1]
    lines = scene.menu.question_lines()
    assert len(lines) >= 3 and "".join(lines).replace(" ", "") == question.replace(" ", "")
    assert all(line in scene.drawn_texts for line in lines)
    last_line_bottom = PROMPT.y + 38 + 20 * len(lines)
    assert [op[0] for _, op in scene.buttons] == ["cancel", "confirm"]
    assert all(b.rect.top >= last_line_bottom for b, _ in scene.buttons)

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
