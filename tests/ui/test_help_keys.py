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


def test_after_a_refused_drop_f1_opens_the_pendulum_reference_at_that_rule(make_app):
    from pendulum.ui.scene import make_scene
    from .test_pendulum_table import drag, opening_worker
    app = make_app(size=(1280, 720))
    scene = make_scene(app, seats=["human", "bot", "bot"], mode="timetrack", seed=5)
    app.scenes.push(scene)
    app.step(2)
    seat, wid = opening_worker(scene)
    top = next(f for f in scene.rules.frames.values() if f.row == 0 and f.area == "green")   # timer row
    drag(app, scene.worker_positions()[wid], scene.region(f"frame.{top.id}").center)
    rule = scene.last_refusal_rule
    assert rule and "F1" in scene.message[0]                # the refusal points at the reference
    press(app, pygame.K_F1)
    ref = app.scenes.top
    assert isinstance(ref, ReferenceScene)
    assert ref.section_id == find_section(load_reference("pendulum"), rule).id
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
