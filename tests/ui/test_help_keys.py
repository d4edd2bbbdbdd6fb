"""F1/H at the game tables open the rules reference at the section of what the player faces."""
import pygame
import pytest

from tabletop.rulesref import find_section, load_reference
from tabletop.ui.reference import ReferenceScene

from .conftest import press
from .test_grailwar_screen import open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


@pytest.mark.parametrize("key", [pygame.K_F1, pygame.K_h])
def test_help_key_at_the_grail_war_table_opens_the_prompts_section(make_app, key):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=7)
    prompt = wait_for_menu(app, scene)
    assert prompt is not None
    press(app, key)
    top = app.scenes.top
    assert isinstance(top, ReferenceScene)
    expected = find_section(load_reference("grailwar"), prompt.kind)
    assert top.section_id == expected.id
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
