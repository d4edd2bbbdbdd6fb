"""What a person playing the Grail War screen ran into (gw-play): each test posts real events
and checks what the player sees -- the dice tray's words after a language switch, a prompt
naming a parameter or a check in the player's language, a declaration's confirmation naming
how the rival is approached, the price of a lost battle asked before it is paid."""
import re

import pygame
import pytest

from .conftest import press
from .test_grailwar_screen import open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.actions import Answer  # noqa: E402
from grailwar.ui import viewmodel as VM  # noqa: E402
from grailwar.ui.menu import ActionTree  # noqa: E402

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def switch_language_in_pause_menu(app):
    """Esc, down to "Language", Enter, Esc: as a player switches mid-war."""
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)


def test_the_dice_trays_caption_follows_a_language_switch(make_app):
    """The tray's dice-bot line was left in English after switching to Japanese mid-war."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5)
    wait_for_menu(app, scene, "declare", "F1")
    for _ in range(600):
        if not scene.tray.busy:
            break
        app.step(1)
    before = scene.tray.shown_line
    assert before and LATIN_WORD.search(before)           # an English caption, e.g. "GM: lucky faction ..."
    switch_language_in_pause_menu(app)
    assert app.lang == "ja"
    app.step(2)
    after = scene.tray.shown_line
    assert after and after != before
    assert any(line.endswith(after) for line in scene.feed.lines), "the caption is the log's line, in Japanese"

