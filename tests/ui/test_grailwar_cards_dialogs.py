"""Dialogs render cleanly: map names stay beside their markers without covering each other
or another marker (both languages, 1280x720); an offer names what is offered without giving
the secret away; the answer dialog never lies over the talk dialog."""
import itertools
import re

import pygame
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.actions import Answer, Talk  # noqa: E402
from grailwar.ui.menu import ActionTree  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_map_names_never_cover_each_other_or_another_marker(make_app, lang):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=3, lang=lang, size=(1280, 720))
    app.step(3)
    rects = scene.map.label_rects
    assert len(rects) == len(scene.map.pos)
    clashes = [(a, b) for a, b in itertools.combinations(rects, 2) if rects[a].colliderect(rects[b])]
    assert not clashes
    for lid, r in rects.items():
        for other, (x, y) in scene.map.pos.items():
            assert not r.colliderect(pygame.Rect(x - 24, y - 24, 48, 48)), (lid, other)
        x, y = scene.map.pos[lid]
        assert abs(r.centerx - x) < r.w / 2 + 60 and abs(r.centery - y) < 70, lid     # beside its own marker



@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_grades_legend_keeps_clear_of_the_npc_speed_control_and_the_names(make_app, lang):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=3, lang=lang, size=(1280, 720))
    app.step(3)
    legend = scene.map.legend_rect
    assert scene.pace.rects and scene.map.rect.contains(legend)
    assert not any(legend.colliderect(r) for r in scene.pace.rects.values())
    assert not any(legend.colliderect(r) for r in scene.map.label_rects.values())
    for grade in scene.map.static.grades.values():          # every grade's word is drawn
        assert (grade.get(lang) or grade["en"]) in " ".join(scene.drawn_texts)

def _offer(app, scene, pending):
    scene.vm["pending"] = pending
    scene.menu.tree = ActionTree([Answer("F1", pending["kind"], "accept"), Answer("F1", pending["kind"], "refuse")])
    scene.menu.page = 0
    scene.menu.build()
    app.step(2)
    return " ".join(scene.menu.texts())


def test_an_offer_names_what_is_offered_and_no_secret(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    text = _offer(app, scene, {"kind": "exchange_reply", "faction": "F1", "other": "F2",
                               "fact": "mskill:F3:healing_arts"})
    assert "offers to tell you one of the skills of F3 ???'s master" in text
    assert "Healing" not in text                                       # that is the price of accepting
    text = _offer(app, scene, {"kind": "gift_reply", "faction": "F1", "other": "F2", "gift": "spells:2"})
    assert "a gift, 2 command spells" in text
    text = _offer(app, scene, {"kind": "gift_reply", "faction": "F1", "other": "F2", "gift": "elixir"})
    assert "a gift, Elixir" in text
    text = _offer(app, scene, {"kind": "proposal_reply", "faction": "F1", "other": "F2", "package": "you_move"})
    assert "proposes an alliance (You move to me)" in text


def test_the_answer_never_lies_over_the_talk_dialog(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    _offer(app, scene, {"kind": "talk", "faction": "F1", "other": "F2"})
    scene.menu.show_reply(["F2 listens.", "F2 refuses the alliance."])
    app.step(2)
    dialog, reply = scene.menu.dialog.get_abs_rect(), scene.menu.reply[0].get_abs_rect()
    assert not dialog.colliderect(reply)
    assert "F2 refuses the alliance." in scene.drawn_texts
    press(app, pygame.K_RETURN)                                       # OK closes the answer
    assert scene.menu.reply is None and scene.menu.dialog is not None


def _raid_on_f4(make_app, lang):
    """Seed 7, seven factions: F1 declares a raid on F4, a master it has not met."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=7, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F4"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    click(app, button(scene, lambda op: op[0] == "confirm"))
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_answer_to_a_threat_reads_as_words_without_the_logs_stamp(make_app, lang):
    """A raid on F4 (so they have met), then in the comm turn a threat: "tell me where you
    are". The answer dialog says who answered what, without the log's ``T1.C`` stamp."""
    app, scene = _raid_on_f4(make_app, lang)
    while wait_for_menu(app, scene, None, "F1").kind != "comm":      # the battle: first choices, no spell
        done = scene.state.pending.kind == "commit"
        click(app, button(scene, lambda op: op[2] == ("commit", "done")) if done else scene.buttons[0][0])
        if scene.menu.confirming is not None:
            click(app, button(scene, lambda op: op[0] == "confirm"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("talk", "open")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "threaten"))
    click(app, button(scene, lambda op: op[0] == "choose" and "loc" in str(op[2])))
    assert scene.menu.reply is not None
    lines = scene.menu.reply[2][1:]
    assert lines and all(line in scene.drawn_texts for line in lines)
    assert not any(line.startswith("T1.") for line in lines)
    assert all(line.startswith("F1 ") and "F4" in line for line in lines), lines       # who asked whom

def test_the_scrolled_up_badge_never_covers_a_log_line(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    for _ in range(400):                                              # a log longer than the panel
        if len(scene.logpanel.lines) > 3 * scene.logpanel.rows:
            break
        if scene.buttons:
            press(app, pygame.K_1, frames=1)
            press(app, pygame.K_2, frames=1)
        app.step(1)
    panel = scene.logpanel
    press(app, pygame.K_PAGEUP)
    assert panel.scroll > 0
    app.step(2)
    surf = app.window                                                 # what the player sees
    r = app.logical_to_window(panel.rect.topleft)
    scale = app.window.get_width() / 1920
    badge_w = app.font(13).size(f"▲ {panel.scroll}")[0] + 20
    top_row = pygame.Rect(r[0] + int(12 * scale), r[1] + int(8 * scale),
                          int((panel.rect.w - badge_w - 24) * scale), int(14 * scale))
    colours = {surf.get_at((x, y))[:3] for x in range(top_row.left, top_row.right, 2)
               for y in range(top_row.top, top_row.bottom, 2)}
    assert len(colours) == 1, "a log line is drawn in the badge's row"


def test_the_talk_menu_never_renumbers_after_a_pick(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")

    def ask(options):
        scene.vm["pending"] = {"kind": "talk", "faction": "F1", "other": "F2"}
        scene.menu.tree = ActionTree([Talk("F1", o, "F2", a) for o, a in options])
        scene.menu.page = 0
        scene.menu.build()
        app.step(2)
        return [(b.text, op) for b, op in scene.buttons if op[0] in ("choose", "used")]

    first = ask([("end", ""), ("propose", "nobody_moves"), ("share", "loc:F3"), ("threaten", "code")])
    again = ask([("end", ""), ("share", "loc:F3"), ("threaten", "code")])        # the offer was made
    assert len(again) == len(first) == 4
    assert again[1][1][0] == "used" and again[1][0].startswith("✓ ")             # the offer keeps its place
    assert [t[:2] for t, _ in again[2:]] == [t[:2] for t, _ in first[2:]] == ["3.", "4."]   # no renumbering


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_battle_views_aftermath_reads_as_words_without_the_logs_stamp(make_app, lang):
    """A raid on F4 fought to its end: the battle view lists what followed (who won) as words; only the
    log keeps the ``T1.A1`` stamp."""
    app, scene = _raid_on_f4(make_app, lang)
    after = []
    for _ in range(40):
        b = scene.battles.battle
        after = (b or {}).get("aftermath") or after
        if after:
            break
        p = wait_for_menu(app, scene, None, "F1")
        click(app, button(scene, lambda op: op[2] == ("commit", "done")) if p.kind == "commit" else scene.buttons[0][0])
        if scene.menu.confirming is not None:
            click(app, button(scene, lambda op: op[0] == "confirm"))
    assert after, "the battle ended with notes after it"
    assert not any(re.match(r"T\d+\.", line) for line in after), after
    assert all(any(line in logged for logged in scene.feed.lines) for line in after)   # the log's lines, stamped
