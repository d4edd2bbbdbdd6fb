"""Battles people can follow (issue 12 items 3-4): the masters who fight see the comparison
table and both sides' values while they choose, the battle view follows each of them through
the hot-seat hand-offs (and nobody else), and results read as good or bad for the viewer."""
import pygame
import pytest

from grailwar.rules.schema import PARAMS
from grailwar.ui import theme as T
from grailwar.ui import viewmodel as VM

from .conftest import click, press
from .test_grailwar_battle_secrets import battle_over, drive_raid
from .test_grailwar_screen import button, click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

SIDE_A = "Side A (attacker)"          # a text only the battle view draws


def _owner(scene):
    return scene.viewer if scene.handoff_to is None else None


def test_a_master_choosing_a_slot_sees_both_sides_values(make_app):
    app, scene = open_war(make_app, ["human", "human"], seed=9)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    seen = {}

    def frame(sc):
        p = st.pending
        if p is not None and p.kind == "slot" and _owner(sc) == p.faction and sc.buttons:
            seen.setdefault(p.faction, set()).update(sc.drawn_texts)

    drive_raid(app, scene, frame, lambda sc: st.pending is not None and st.pending.kind == "commit")
    assert set(seen) == {"F1", "F2"}, "each master picked a slot on its own screen"
    for fid, texts in seen.items():
        assert "You did not see this fight up close: only the roll is public." not in texts
        assert "Both sides' parameters as you know them (before skills and spells)" in texts
        view = st.view_for(fid)["factions"]
        for p in PARAMS:
            name = scene.static.param_name(p, "en")
            assert name in texts
            # both sides' values, as this master's view has them
            assert str(view["F1"]["params"][p]) in texts and str(view["F2"]["params"][p]) in texts
        assert not any(t.startswith("Your chance to win") for t in texts)    # no rate before the slots are in


def test_a_foe_met_in_the_battle_is_named_in_the_battle_view_as_in_the_side_panel(make_app):
    """A raid on an NPC master not met before: the fight is the meeting. From then on the
    battle's sides name it (class, master, level) as the factions panel does, not "F4 ???"."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=7)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F4"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    click(app, button(scene, lambda op: op[0] == "confirm"))
    wait_for_menu(app, scene, "slot", "F1")
    label = VM.faction_label(scene.vm, "F4", "en")
    assert label != "F4 ???" and label in " ".join(scene.drawn_texts)        # the factions panel names it
    names = {m["id"]: (m["label"], m["level"]) for m in scene.battles.battle["B"]}
    assert names["F4"] == (label, scene.vm["factions"]["F4"]["level"])
    assert any(t.startswith(label + "  Lv ") for t in scene.drawn_texts)


def test_the_battle_view_follows_the_masters_who_fight_through_the_hand_offs(make_app):
    app, scene = open_war(make_app, ["human", "human", "human"], seed=9)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    shown = []          # (owner, battle stage, battle view up) on each private screen during/after the fight
    after = {"F1": False, "F2": False, "F3": False}

    def frame(sc):
        owner = _owner(sc)
        b = st.cur_battle
        if owner is None or b is None or not sc.buttons:
            return
        up = SIDE_A in sc.drawn_texts
        stage = "ended" if b.winner and b.stage in ("aftermath", "done") else b.stage
        shown.append((owner, stage, up))
        if stage == "ended":
            after[owner] = True

    drive_raid(app, scene, frame, lambda sc: all(after.values()) or st.turn > 2)
    during = [(o, up) for o, stage, up in shown if stage != "ended"]
    assert {o for o, _ in during} == {"F1", "F2"}
    assert all(up for _, up in during), "a master who fights sees the battle at each of its questions"
    # each master who fought sees how it ended after its own hand-off; F3 never sees it
    assert any(o == "F2" and stage == "ended" and up for o, stage, up in shown)
    assert any(o == "F1" and stage == "ended" and up for o, stage, up in shown)
    assert not any(up for o, _, up in shown if o == "F3")
    assert any(o == "F3" for o, _, _ in shown)


def _battle_roll(sc):
    """The battle roll's log entry as the viewer's view has it, its log line and its landed
    dice-tray caption."""
    e = next((e for e in sc.vm["log"] if e.get("key") == "grailwar.log.label.battle_roll"), None)
    if e is None:
        return None, None, None
    return e, sc.log_text(e), VM.roll_captions(e, sc.app.lang, sc.app.t)[0]


def test_results_read_as_good_or_bad_for_each_master_in_hot_seat(make_app):
    app, scene = open_war(make_app, ["human", "human"], seed=9)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    colours = {}      # owner -> colour of the battle roll's line in its log

    def frame(sc):
        owner = _owner(sc)
        e, line, _ = _battle_roll(sc)
        if owner is not None and line in sc.log_lines:
            colours[owner] = sc.logpanel.colour_of(line, 0)

    drive_raid(app, scene, frame, lambda sc: len(colours) == 2)
    b = st.cur_battle
    assert [p.f.id for p in b.A] == ["F1"]        # F1 attacked (side A): the roll is F1's check
    assert colours["F1"] == (T.GOOD if b.winner == "A" else T.BAD)
    assert colours["F2"] == (T.GOOD if b.winner == "B" else T.BAD), "the rival's failure is good news for F2"


def test_the_dice_caption_and_the_log_read_the_battle_result_for_the_viewer(make_app):
    app, scene = open_war(make_app, ["human", "npc"], seed=3)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    seen = {}

    def frame(sc):
        e, line, landed = _battle_roll(sc)
        if e is not None and sc.tray.shown_line == landed:
            seen["tray"] = sc.tray.shown_tone
        if e is not None and line in sc.log_lines:
            seen["log"] = sc.logpanel.colour_of(line, 0)

    drive_raid(app, scene, frame, lambda sc: len(seen) == 2 or st.turn > 1)
    b = st.cur_battle
    mine = b.winner == ("A" if any(p.f.id == "F1" for p in b.A) else "B")     # whoever attacked
    assert seen["tray"] == ("good" if mine else "bad")
    assert seen["log"] == (T.GOOD if mine else T.BAD)
    # any other check the viewer reads is coloured by whose it is: a rival's failure is good news
    for e in scene.vm["log"]:
        line = scene.log_text(e)
        if e.get("kind") == "check" and line in scene.log_lines and e.get("actor") == "F2" and \
                not e["key"].endswith("battle_roll"):
            want = T.GOOD if e["outcome"] == "failure" else None
            assert scene.feed.tones.get(line) == ({T.GOOD: "good"}.get(want)), line


def test_the_wars_final_battle_is_shown_before_the_end_screen(make_app):
    app, scene = open_war(make_app, ["human", "npc"], seed=9, speed=4.0)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    for f in st.fac.values():
        f.spells = 0                                   # nobody can pay to retreat: the loser vanishes
    drive_raid(app, scene, lambda sc: None, lambda sc: st.is_terminal(), frames=6000)
    assert st.is_terminal() and st.battle_no >= 1 and st.cur_battle.winner
    for _ in range(240):                               # four seconds of play: the dice land, the result stays
        app.step(1)
    assert not scene.ended, "the end screen waits for the final battle"
    assert not scene.tray.busy
    texts = scene.drawn_texts
    assert SIDE_A in texts and f"Side {st.cur_battle.winner} wins" in texts
    assert any("Battle #%d win rate" % st.cur_battle.no in t and "＞" in t for t in texts)   # the landed roll
    press(app, pygame.K_RETURN)                        # the master has seen it
    app.step(3)
    assert scene.ended
    assert any("wins the Holy Grail" in t or "without a winner" in t for t in scene.drawn_texts)


def test_the_gm_adds_flavour_lines_unless_the_setting_is_off(make_app):
    from grailwar.ui.logfeed import FLAVOUR_MARK
    from .test_grailwar_screen import wait_for_menu
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=11, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    press(app, pygame.K_TAB)                                # every die lands, every line is in the log
    flavour = [line for line in scene.feed.lines if line.startswith(FLAVOUR_MARK)]
    assert flavour, "the GM's flavour follows the turn's opening"
    i = scene.feed.lines.index(flavour[0])
    assert "ターン" in scene.feed.lines[i - 1]              # right after the line it decorates
    assert scene.logpanel.colour_of(flavour[0], 0) != scene.logpanel.colour_of(scene.feed.lines[i - 1], 0)
    seen = list(scene.feed.lines)
    scene.on_language_changed()                             # worded again: the same lines, the same choice
    assert scene.feed.lines == seen
    app2 = make_app(size=(1280, 720), speed=50.0, lang="ja")
    app2.settings["grailwar_flavour"] = False
    from grailwar.ui.scene import GrailWarScene
    off = GrailWarScene(app2, seats=["human", "npc", "npc"], seed=11)
    app2.scenes.push(off)
    wait_for_menu(app2, off, "declare", "F1")
    press(app2, pygame.K_TAB)
    assert not any(line.startswith(FLAVOUR_MARK) for line in off.feed.lines)
    assert [line for line in seen if not line.startswith(FLAVOUR_MARK)][:len(off.feed.lines)] == off.feed.lines


def test_the_pause_menu_hides_the_gms_flavour_lines_and_the_next_war_remembers(make_app):
    from grailwar.ui.logfeed import FLAVOUR_MARK
    from grailwar.ui.scene import GrailWarScene
    from tabletop.ui.menus import PauseMenu
    from .conftest import click
    from .test_grailwar_screen import wait_for_menu
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=11, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    press(app, pygame.K_TAB)
    assert any(line.startswith(FLAVOUR_MARK) for line in scene.feed.lines)
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu)
    assert menu.menu.item("flavour").button.text == "GMの語り：表示する"
    click(app, menu.menu.item("flavour").button)
    assert app.scenes.top is menu                               # the menu stays up, saying the new state
    assert menu.menu.item("flavour").button.text == "GMの語り：表示しない"
    click(app, menu.menu.item("resume").button)
    app.step(3)
    assert scene.feed.lines and not any(line.startswith(FLAVOUR_MARK) for line in scene.feed.lines)
    app2 = make_app(size=(1280, 720), speed=50.0, lang="ja")    # the next war, another session
    nxt = GrailWarScene(app2, seats=["human", "npc", "npc"], seed=11)
    app2.scenes.push(nxt)
    wait_for_menu(app2, nxt, "declare", "F1")
    press(app2, pygame.K_TAB)
    assert not any(line.startswith(FLAVOUR_MARK) for line in nxt.feed.lines)


def _raid_f2(app, scene):
    """F1 (a human master who tracked F2 down) declares a raid on F2 by clicks and confirms it."""
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    click(app, button(scene, lambda op: op[0] == "confirm"))          # the declaration is confirmed
    return st


def test_ending_the_commitments_is_confirmed_only_while_something_else_could_be_committed(make_app):
    """A master commits everything it has: the last step, "Done committing" alone, is one click (it used
    to ask "are you sure?" with nothing else to choose); while a skill or spell is still offered, ending
    is confirmed as before."""
    app, scene = open_war(make_app, ["human", "npc"], seed=3)
    st = _raid_f2(app, scene)
    asked = []
    for _ in range(60):
        p = wait_for_menu(app, scene)
        if p is None or p.kind in ("declare", "comm", "rescue"):
            break
        ops = [op for _b, op in scene.buttons]
        if p.kind == "commit" and scene.menu.confirming is None:
            done = [op for op in ops if op[0] in ("choose", "apply") and "done" in str(op[-1])]
            live = [op for op in ops if op[0] in ("choose", "apply")]
            if done and len(live) == 1:                      # only "Done committing" is left
                before = len(scene.record.actions)
                click(app, button(scene, lambda op: op == done[0]))
                asked.append(("last", scene.menu.confirming is not None, len(scene.record.actions) > before))
                continue
            if done and not asked:                           # ending early: still confirmed
                click(app, button(scene, lambda op: op == done[0]))
                asked.append(("early", scene.menu.confirming is not None, None))
                click(app, button(scene, lambda op: op[0] in ("cancel", "back")))
        answers = [op for op in ops if op[0] in ("choose", "apply", "confirm")]
        commits = [op for op in answers if "done" not in str(op[-1])]   # commit all there is first
        click(app, button(scene, lambda op: op == (commits or answers)[0]))
    assert ("early", True, None) in asked, asked
    assert ("last", False, True) in asked, asked


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_releasing_the_noble_phantasm_is_confirmed_with_its_mana_cost(make_app, lang):
    """The noble phantasm costs mana (40 for Saber): choosing it asks first, with the cost and the mana
    the master has; "No" leaves it uncommitted, "Yes" commits it (it used to be committed at once)."""
    app, scene = open_war(make_app, ["human", "npc"], seed=3, lang=lang)
    st = _raid_f2(app, scene)
    p = None
    for _ in range(30):
        p = wait_for_menu(app, scene)
        if p is None or p.kind == "commit":
            break
        click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))
    assert p is not None and p.kind == "commit"
    def np_pick(op):
        return op[0] == "choose" and op[2] == ("commit", "np")

    cost = st.fac["F1"].servant.np.cost
    mana = scene.vm["me"]["mana"]
    click(app, button(scene, np_pick))
    assert scene.menu.confirming is not None
    question = scene.menu.confirming[1]
    assert str(cost) in question and str(mana) in question, question
    click(app, button(scene, lambda op: op[0] in ("cancel", "back")))
    assert scene.menu.confirming is None and st.fac["F1"].mana == mana      # nothing spent
    click(app, button(scene, np_pick))
    click(app, button(scene, lambda op: op[0] == "confirm"))
    app.step(3)
    assert not any(np_pick(op) for _b, op in scene.buttons)                 # committed: no longer offered
    assert st.fac["F1"].mana == mana - cost


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_onlooker_sees_why_the_comparison_is_empty_from_the_battles_first_frame(make_app, lang):
    """F1 builds a workshop while two NPC factions fight: from the battle's first frame on F1's screen
    (before the random slot is rolled) the empty comparison says the fight was not seen up close.
    Before, the heading stood over an empty panel until the random parameter's die landed."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 6, seed=11, speed=1.0, lang=lang)
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "other"))
    for _ in range(6000):
        app.step(1)
        b = scene.battles.battle
        if b and b.get("me") is None:
            break
    assert b and b.get("me") is None and b.get("stage") == "start" and not b.get("slots")
    app.step(3)
    assert scene.tr("battle.slots") in scene.drawn_texts
    assert scene.tr("battle.hidden") in scene.drawn_texts
