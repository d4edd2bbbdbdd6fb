"""Hot-seat at the Grail War table (issue 12): the hand-off screen is passed only by the next
master's deliberate key or click, and no master's private sheet stays up while NPCs play."""
import pygame
import pytest

from .conftest import press
from .test_grailwar_screen import click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

F1_SECRET = "Aldric of the Ninefold Bridge"       # F1's true name
F2_SECRET = "Sefa Windreed"                        # F2's


def _to_handoff(app, scene, frames=400):
    for _ in range(frames):
        if scene.handoff_to is not None:
            return scene.handoff_to
        app.step(1)
    raise AssertionError("no hand-off")


def test_only_a_deliberate_key_or_click_passes_the_hand_off(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9)
    assert _to_handoff(app, scene) == "F1"
    for key in (pygame.K_TAB, pygame.K_1, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_a, pygame.K_BACKSPACE):
        press(app, key)                            # still the previous master's keys (Tab lands the dice)
        assert scene.handoff_to == "F1", pygame.key.name(key)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0, touch=False))
    app.step(2)
    assert scene.handoff_to == "F1"
    assert any("Enter or Space" in t for t in scene.drawn_texts)     # the screen says what passes it
    press(app, pygame.K_RETURN)
    assert scene.handoff_to is None and scene.viewer == "F1"


def test_a_click_passes_the_hand_off(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc"], seed=9)
    _to_handoff(app, scene)
    pos = app.logical_to_window((960, 540))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3, touch=False))
    app.step(2)
    assert scene.handoff_to == "F1"                 # a right click is no hand-over
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(2)
    assert scene.handoff_to is None and scene.viewer == "F1"


def test_after_the_last_master_declares_the_npcs_play_on_the_public_view(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9, speed=4.0)
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    wait_for_menu(app, scene, "declare", "F2", frames=3000)
    app.step(2)
    assert any(F2_SECRET in t for t in scene.drawn_texts)
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    npc_turns = 0
    for _ in range(600):
        app.step(1)
        p = scene.state.pending
        if p is None or p.faction in scene.humans:
            break
        if scene.handoff_to is None:
            npc_turns += 1
            assert scene.viewer is None, "a master's sheet is still up while an NPC decides"
            assert not any(F1_SECRET in t or F2_SECRET in t for t in scene.drawn_texts)
    assert npc_turns > 0


def test_the_hand_off_and_the_dice_are_heard(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9)
    _to_handoff(app, scene)
    assert "handoff" in app.sound.played
    press(app, pygame.K_RETURN)
    for _ in range(600):
        if "dice_land" in app.sound.played:
            break
        app.step(1)
    assert "dice_roll" in app.sound.played and "dice_land" in app.sound.played


def test_what_a_master_sees_is_only_its_view_changing_a_rivals_secrets_changes_no_drawn_text(make_app):
    """Issue 10 item 2 for Grail War: the screen draws only what ``view_for(viewer)`` gives it.
    At F2's private screen, F1's secrets (its mana, command spells and declared action) are
    changed in the live state: F2's view and every text drawn for F2 stay exactly the same."""
    from .test_grailwar_screen import wait_for_menu as wait
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9)
    wait(app, scene, "declare", "F1")
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    assert wait(app, scene, "declare", "F2") is not None and scene.viewer == "F2"
    scene.on_language_changed()                     # read the view again, draw everything
    app.step(3)
    view_before = scene.state.view_for("F2")
    texts_before = sorted(set(scene.drawn_texts))
    assert any("Sefa Windreed" in t for t in texts_before)     # F2's own sheet is up
    f1 = scene.state.fac["F1"]
    f1.mana = max(0, f1.mana - 37)
    f1.spells = 1
    f1.declared = ("declare", "info") if f1.declared != ("declare", "info") else ("declare", "rest")
    assert scene.state.view_for("F2") == view_before
    scene.on_language_changed()
    app.step(3)
    assert sorted(set(scene.drawn_texts)) == texts_before
