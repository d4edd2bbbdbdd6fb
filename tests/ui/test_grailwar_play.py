"""What a person playing the Grail War screen ran into (gw-play): each test posts real events
and checks what the player sees -- the dice tray's words after a language switch, a prompt
naming a parameter or a check in the player's language, a declaration's confirmation naming
how the rival is approached, the price of a lost battle asked before it is paid."""
import re

import pygame
import pytest

from .conftest import click, press
from .test_grailwar_battle_end import _war_to_the_end
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.actions import Answer  # noqa: E402
from grailwar.ui import viewmodel as VM  # noqa: E402
from grailwar.ui.layout import BATTLE  # noqa: E402
from grailwar.ui.menu import ActionTree  # noqa: E402

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def switch_language_in_pause_menu(app):
    """Esc, down to "Language", Enter, Esc: as a player switches mid-war."""
    press(app, pygame.K_ESCAPE)
    for _ in range(10):                      # down the menu to its Language entry
        if app.scenes.top.menu.focused.key == "language":
            break
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



def show_prompt(app, scene, pending, answers):
    """The pending decision ``pending`` with its answers as the menu shows it."""
    scene.vm["pending"] = pending
    scene.menu.tree = ActionTree(answers)
    scene.menu.page = 0
    scene.menu.build()
    app.step(2)
    return " ".join(scene.drawn_texts)


@pytest.mark.parametrize("lang, name, raw", [("ja", "（宝具）", "（NP）"), ("en", "(Noble Phantasm)", "(NP)")])
def test_the_reroll_prompt_names_the_random_parameter_in_words(make_app, lang, name, raw):
    """The command-spell redraw question showed the id: "ランダムパラメーター（NP）"; in English the
    question was cut short with "…" before the parameter's name."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    shown = show_prompt(app, scene, {"kind": "reroll", "faction": "F1", "battle": 1, "slot3": "NP"},
                        [Answer("F1", "reroll", "pass"), Answer("F1", "reroll", "spell")])
    assert name in shown and raw not in shown
    if lang == "en":       # the whole question, over two lines
        assert VM.prompt_title(scene, "F1") in shown


@pytest.mark.parametrize("lang, words", [("ja", "F2の情報収集"), ("en", "information gathering")])
def test_a_talisman_reroll_question_names_the_check_in_words(make_app, lang, words):
    """After a check the player may redraw with a Talisman: the question named the check by its
    id ("info: reroll with a Talisman or Magic Mirror?")."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    g = scene.state
    g.percent("F1", "info", 40, ("F1",), target=g.fref("F2"))       # a check of F1's, as the engine logs it
    pend = {"kind": "reroll_check", "faction": "F1", "label": "info", "target": 40, "success": False,
            "want": "success", "entry": len(g.log) - 1, "choices": ["talisman", "keep"]}
    shown = show_prompt(app, scene, pend, [Answer("F1", "reroll_check", "keep"),
                                           Answer("F1", "reroll_check", "talisman")])
    assert words in shown
    assert "info:" not in shown and "info：" not in shown


@pytest.mark.parametrize("lang, mode", [("en", "(Raid)"), ("ja", "(襲撃)")])
def test_declaring_a_raid_says_raid_before_it_is_final(make_app, lang, mode):
    """The "are you sure?" of action 5 named the place but not whether it was a raid or a
    peaceful contact (the player had picked it one screen before)."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "04"))
    n = len(scene.record.actions)
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    assert scene.menu.confirming is not None and len(scene.record.actions) == n
    question = " ".join(scene.menu.question_lines())
    assert mode in question and "04" in question
    press(app, pygame.K_2)                                          # yes: declared, and the panel agrees
    assert scene.record.actions[n]["a"]["mode"] == "raid"
    assert any(mode in t for t in scene.drawn_texts)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lost_battles_price_is_asked_before_it_is_paid_or_refused(make_app, lang):
    """Defeated alone, the master chose between "Pay 2 command spells" and "Decline": both went
    through at once, and "Decline" did not say that it loses the servant."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    n = len(scene.record.actions)
    shown = show_prompt(app, scene, {"kind": "retreat_pay", "faction": "F1", "battle": 1},
                        [Answer("F1", "retreat_pay", "pay"), Answer("F1", "retreat_pay", "decline")])
    refuse = scene.tr("gw_play.refuse_to_pay")
    assert refuse in shown and ("destroyed" in refuse or "撃破" in refuse)
    press(app, pygame.K_1)                                          # pay: asked first, with the price
    assert scene.menu.confirming is not None and len(scene.record.actions) == n
    assert scene.menu.confirming[1] == scene.tr("gw_play.retreat_pay", n=3, cost=2)
    press(app, pygame.K_1)                                          # no, go back
    assert scene.menu.confirming is None
    press(app, pygame.K_2)                                          # refuse: asked first too
    assert scene.menu.confirming is not None and len(scene.record.actions) == n
    assert scene.menu.confirming[1] == scene.tr("gw_play.retreat_refuse")


def choices_fit(app, scene):
    """Every choice's words fit its button (or end in "…" with the whole label on hover)."""
    font = app.font(17)
    for b, op in scene.buttons:
        if op[0] != "choose":
            continue
        assert font.size(b.text)[0] <= b.rect.w - 20, f"{b.text!r} runs past its button"
        if b.text.endswith("…"):
            assert b.tool_tip_text, f"{b.text!r} is cut short with no way to read it whole"


def test_an_english_choice_that_fits_is_not_cut_short(make_app):
    """"9. Command spell: +10 all paramet…" was cut at 34 characters, with room to spare."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5)
    wait_for_menu(app, scene, "declare", "F1")
    texts = [b.text for b, op in scene.buttons if op[0] == "choose"]
    assert "9. Command spell: +10 all parameters" in texts
    choices_fit(app, scene)


def test_a_long_japanese_place_name_never_runs_off_its_button(make_app):
    """"6. 22 メガフロート「フィッシャーマンズホラ" was clipped at the button's edge, with no "…"
    and no tooltip: 34 characters of Japanese are far wider than 34 of English."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    seen = set()
    for _ in range(4):
        choices_fit(app, scene)
        seen |= {op[2] for _, op in scene.buttons if op[0] == "choose"}
        if not any(op == ("page",) for _, op in scene.buttons):
            break
        click(app, button(scene, lambda op: op == ("page",)))
    assert {"16", "22"} <= seen         # the longest names were among them


def test_a_battles_sides_are_named_whole_in_japanese(make_app):
    """F2 raids F1 at turn 1 (seed 5): side A read "F2 アーチャー (ヘッダ・リンドクヴィスト) Lv 60 (メ…",
    cut before its role."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")))
    press(app, pygame.K_2)                                          # yes, rest
    for _ in range(3000):
        if scene.battles.shown:
            break
        app.step(1)
    assert scene.battles.shown, "F2 attacks F1 in the first turn at this seed"
    app.step(2)
    sides = [t for t in scene.drawn_texts if t.startswith(("F1 ", "F2 ")) and "Lv" in t]
    assert len(sides) == 2, sides
    assert all(t.endswith("(メイン)") for t in sides), sides


@pytest.mark.parametrize("lang, words", [("en", "master's magic 30"), ("ja", "【魔】30")])
def test_the_masters_magic_is_worded_in_the_players_language(make_app, lang, words):
    """The sheet's second line read "Toru Shinomiya 【魔】30 Lv 62" on the English screen too."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    app.step(2)
    sheet = [t for t in scene.drawn_texts if "Lv 62" in t]
    assert sheet and words in sheet[0]
    if lang == "en":
        assert not any("【" in t or "魔" in t for t in scene.drawn_texts)


def test_the_end_screen_shows_a_vanished_servants_own_parameters(make_app):
    """Seed 5, three NPCs: F3 Lancer ends at −100 mana, and its card read "Strength 0 Endurance 0 ..."
    (its parameters after the mana penalty) where the sheet of the servant was meant."""
    app, scene = _war_to_the_end(make_app, lang="ja", seats="npc,npc,npc", seed=5)
    lancer = scene.state.fac["F3"]
    assert lancer.mana <= -100, "F3 vanishes in this war"
    words = re.sub(r"\s+", " ", " ".join(scene.drawn_texts))
    own = "筋力 {} 耐久 {}".format(lancer.params["STR"], lancer.params["END"])
    assert lancer.params["STR"] > 0 and own in words


@pytest.mark.parametrize("lang, words", [("en", "Which mystic code to craft?"), ("ja", "どの礼装を作りますか？")])
def test_crafting_asks_which_mystic_code(make_app, lang, words):
    """After "Craft mystic codes" the menu asked to "Choose the target" over a list of codes."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "craft")))
    app.step(2)
    assert words in scene.drawn_texts
    assert scene.tr("field.target") not in scene.drawn_texts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_battle_covers_the_maps_key_boxes_whole_not_half(make_app, lang):
    """The battle panel began 20 px below the map's top: the key boxes ("Markers: gold ring = you ...")
    peeked out above it cut through the middle of their words."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")))
    press(app, pygame.K_2)
    for _ in range(3000):
        if scene.battles.shown:
            break
        app.step(1)
    assert scene.battles.shown
    app.step(2)
    assert scene.map.key_boxes
    for box in scene.map.key_boxes:
        assert BATTLE.contains(box) or not BATTLE.colliderect(box), f"{box} is cut by the battle panel {BATTLE}"
