"""What a person playing the Grail War screen ran into (gw-play25): each test posts real
events and checks what the player sees -- a choice's hover card that stayed up after the
choice was gone, ..."""
import pygame
import pygame_gui
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def hover(app, element, frames=2):
    """Move the mouse (a real MOUSEMOTION) over the centre of ``element``."""
    pos = app.logical_to_window(element.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    app.step(frames)


def test_a_choices_hover_card_goes_when_the_choice_is_answered(make_app):
    """Hovering "Talisman" in the craft menu and choosing it with the key left its card up over
    the confirmation, then over "other masters are deciding" and the battles that followed."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "craft")))
    talisman = button(scene, lambda op: op[0] == "choose" and op[2] == "talisman")
    hover(app, talisman)
    assert scene.card and "talisman" in str(scene.card[1]), "hovering a mystic code shows its card"
    press(app, pygame.K_4)               # the talisman, by its key, the mouse left where it was
    assert scene.menu.confirming is not None, "the craft asks for a yes first"
    assert not scene.card, "nothing under the mouse now (the yes/no sit on the first row): no card"
    press(app, pygame.K_2)               # yes: declared; the menu gives way to the other masters
    app.step(5)
    assert not scene.card


def into_a_talk(app, scene):
    """A seven-faction war (seed 5): rest, then open talks in the comm turn by keys."""
    wait_for_menu(app, scene, "declare", "F1", frames=2000)
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")))
    for _ in range(3):                    # a confirmation, if any
        if scene.state.pending and scene.state.pending.kind == "declare" and scene.buttons:
            click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))
    wait_for_menu(app, scene, "comm", "F1", frames=4000)
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("talk", "open")))
    if scene.state.pending.kind == "comm":           # whom to talk to: the first
        click(app, button(scene, lambda op: op[0] in ("choose", "apply")))
    return wait_for_menu(app, scene, "talk", "F1")


@pytest.mark.parametrize("lang, question, two", [("en", "How many command spells do you give?", "Command spells: 2"),
                                                   ("ja", "令呪を何画渡しますか？", "令呪2画")])
def test_giving_command_spells_asks_how_many_in_words(make_app, lang, question, two):
    """In a talk, "Give command spells" led to buttons "1. 1", "2. 2", "3. 3" under the talk's
    question "What do you tell them?"."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=5, lang=lang)
    into_a_talk(app, scene)
    give = [i for i, (b, op) in enumerate(scene.buttons) if op[0] == "choose" and op[2] == "give_spells"]
    assert give, f"the talk offers to give command spells: {[op for _, op in scene.buttons]}"
    press(app, pygame.K_1 + give[0])
    labels = [b.text for b, op in scene.buttons if op[0] == "choose"]
    assert labels == [f"{i}. " + two.replace("2", str(i)) for i in (1, 2, 3)]
    assert any(question in t for t in scene.menu.texts())


@pytest.mark.parametrize("lang, words", [("en", "Give 1 of your 3 command spells to F7 Berserker"),
                                         ("ja", "令呪1画（残り3画）をF7 バーサーカー")])
def test_giving_command_spells_away_is_asked_first(make_app, lang, words):
    """A command spell given in a talk went at one key press, with no "Are you sure?" -- unlike
    spending one, which always asks."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=5, lang=lang)
    into_a_talk(app, scene)
    give = [i for i, (b, op) in enumerate(scene.buttons) if op[0] == "choose" and op[2] == "give_spells"]
    before = len(scene.record.actions)
    press(app, pygame.K_1 + give[0])
    press(app, pygame.K_1)                            # one spell
    assert scene.menu.confirming is not None, "a gift of command spells is asked first"
    assert any(words in t for t in scene.menu.texts()), scene.menu.texts()
    assert len(scene.record.actions) == before and scene.vm["me"]["spells"] == 3
    press(app, pygame.K_1)                            # no, go back: nothing given
    assert scene.menu.confirming is None and len(scene.record.actions) == before
    press(app, pygame.K_1)                            # one spell again, then yes
    press(app, pygame.K_2)
    assert [a["a"]["option"] for a in scene.record.actions[before:]][:1] == ["give_spells"]


@pytest.mark.parametrize("lang, words", [("en", "Where F1 Saber"), ("ja", "居場所")])
def test_telling_a_rival_where_you_are_is_asked_first(make_app, lang, words):
    """"Share information" with one fact to tell (your own location) told it at one key press:
    a secret of the master's given away with no "Are you sure?"."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=5, lang=lang)
    into_a_talk(app, scene)
    share = [i for i, (b, op) in enumerate(scene.buttons) if op[0] == "choose" and op[2] == "share"]
    before = len(scene.record.actions)
    press(app, pygame.K_1 + share[0])
    assert scene.menu.confirming is not None, "telling a secret is asked first"
    assert any(words in t for t in scene.menu.texts()), scene.menu.texts()
    boxes = [e for e in scene.menu.dialog.get_container().elements if isinstance(e, pygame_gui.elements.UITextBox)]
    assert boxes and all(b.scroll_bar is None for b in boxes), "the question fits its box (no scrollbar)"
    assert len(scene.record.actions) == before
    press(app, pygame.K_2)                            # yes
    assert [a["a"]["option"] for a in scene.record.actions[before:]][:1] == ["share"]


def test_what_to_choose_is_not_written_over_the_buttons(make_app):
    """The redraw question ("Battle #1: spend a command spell to redraw the random parameter
    (Agility)?") is too long at 20 px and is drawn on one 16 px line; "Choose" was then written
    under it, across the top of the first row of buttons."""
    from .test_grailwar_play import show_prompt
    from grailwar.rules.actions import Answer
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5)
    wait_for_menu(app, scene, "declare", "F1")
    shown = show_prompt(app, scene, {"kind": "reroll", "faction": "F1", "battle": 1, "slot3": "AGI"},
                        [Answer("F1", "reroll", "pass"), Answer("F1", "reroll", "spell")])
    assert "redraw the random parameter" in shown
    assert scene.tr("field.choice") not in scene.drawn_texts, "no \"Choose\" across the buttons"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_replays_scrubber_stays_in_its_box_at_the_end(make_app, lang):
    """A finished war opened from Load: under the chart, the slider kept its full width and ran
    off the right of the panel and the window, and the key line ended in "…"."""
    from .test_grailwar_replay import finished_record, open_from_load
    _, _, record = finished_record()
    app = make_app(lang=lang)
    scene = open_from_load(app, record)
    app.step(2)
    assert scene.at_end()
    panel = pygame.Rect(1460, 592, 400, 174)
    assert panel.contains(scene.slider.rect), (scene.slider.rect, panel)
    keys = [t for t in scene.drawn_texts if "Home" in t or "End" in t]
    assert keys and not any(t.endswith("…") for t in keys)
    press(app, pygame.K_HOME)            # back to the start: the slider follows into the wide box
    assert not scene.at_end() and scene.slider.rect.width > 600


def test_an_answer_in_a_talk_waits_for_its_die(make_app):
    """Proposing an alliance: "Their answer: ... refused" was up while the d100 that decided it
    was still tumbling on the tray (its caption "alliance accepted by F7 Berserker (1D100<=30) > …")."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=5)
    into_a_talk(app, scene)
    scene.fast = scene.tray.speed = 1.0                  # dice at a player's speed from here on
    propose = [i for i, (b, op) in enumerate(scene.buttons) if op[0] == "choose" and op[2] == "propose"]
    press(app, pygame.K_1 + propose[0], frames=1)
    while scene.menu.buttons and scene.state.pending and scene.state.pending.kind == "talk" and \
            any(op[0] == "choose" and op[1] == "arg" for _, op in scene.buttons):
        press(app, pygame.K_1, frames=1)                 # who moves: the first
    assert scene.tray.busy, "the alliance's d100 is on the tray"
    assert scene.menu.reply is None, "no answer before the die lands"
    for _ in range(600):
        if not scene.tray.busy and not scene.feed.pending:
            break
        app.step(1)
    app.step(2)
    assert scene.menu.reply is not None, "the answer once the die has landed"
