"""The Holy Grail War play screen, driven like a player would: real posted clicks and keys,
the App stepped frame by frame on the dummy video driver."""
import pygame
import pytest

from tabletop.engine import saves
from tabletop.engine.saves import read_record

from .conftest import click, press

pytest.importorskip("grailwar.rules")

from grailwar.ui.scene import GrailWarScene  # noqa: E402

ACTS = ["info", "craft", "rest", "soul_eat", "approach", "move", "other"]


def open_war(make_app, seats, seed=7, speed=50.0, size=(1280, 720), lang="en"):
    app = make_app(size=size, speed=speed, lang=lang)
    scene = GrailWarScene(app, seats=seats, seed=seed)
    app.scenes.push(scene)
    return app, scene


def wait_for_menu(app, scene, kind=None, faction=None, frames=400):
    """Step until a human menu is up (optionally for one prompt kind); hand-off screens
    are passed with a key press, as a player would."""
    for _ in range(frames):
        if scene.handoff_to is not None:
            press(app, pygame.K_SPACE, frames=1)
            continue
        p = scene.state.pending
        if scene.buttons and p is not None and (kind is None or p.kind == kind) and \
                (faction is None or p.faction == faction):
            return p
        if scene.ended:
            return None
        app.step(1)
    raise AssertionError(f"no menu for {kind} after {frames} frames (pending: "
                         f"{scene.state.pending and scene.state.pending.to_dict()})")


def button(scene, pred):
    for b, op in scene.buttons:
        if pred(op):
            return b
    raise AssertionError(f"no such button among {[op for _, op in scene.buttons]}")


def click_through(app, scene, first_pred):
    """Click the button matching ``first_pred``, then the first choice of every further
    question until the decision is applied; returns the applied action's dict."""
    before = len(scene.record.actions)
    who = scene.state.pending.faction
    click(app, button(scene, first_pred))
    for _ in range(12):
        if len(scene.record.actions) > before:
            break
        click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))
    mine = [e["a"] for e in scene.record.actions[before:] if e["a"].get("faction") == who]
    assert mine, "the click did not reach the engine"
    return mine[0]


def test_each_kind_of_action_is_declared_by_clicks(make_app):
    for act in ACTS:
        app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
        wait_for_menu(app, scene, "declare", "F1")
        # the first question offers every action the engine allows, and nothing else
        offered = {op[2][1] for _, op in scene.buttons if op[0] == "choose" and op[2][0] == "declare"}
        legal = {a.act for a in scene.state.legal_actions("F1") if a.kind == "declare"}
        assert offered == legal
        got = click_through(app, scene, lambda op, a=act: op[0] == "choose" and op[2] == ("declare", a))
        assert got["kind"] == "declare" and got["act"] == act
        # an autosave is written after every accepted human action
        rec = read_record(scene.match.save_path)          # the war's save slot
        assert any(e["a"] == got for e in rec.actions)
        app.scenes.clear()


def test_a_map_click_picks_the_move_destination(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "move")))
    assert scene.map.selected, "legal destinations are highlighted on the map"
    dest = sorted(scene.map.selected)[0]
    pos = app.logical_to_window(scene.map.pos[dest])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(2)
    assert scene.tree is None or ("target", dest) in scene.tree.path or \
        any(e["a"].get("target") == dest for e in scene.record.actions)


def _finish_prompt(app, scene):
    click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))


def test_battle_with_a_human_committing_a_charm(make_app):
    app, scene = open_war(make_app, ["human", "npc"], seed=3)
    f1 = scene.state.fac["F1"]
    f1.inv["reinforcement_charm"] = 1                 # crafted earlier, say
    f1.know["F2"].loc = True                          # and F1 tracked its rival down
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    if scene.tree is not None and scene.buttons:      # no ally to ask along
        _finish_prompt(app, scene)
    committed = False
    for _ in range(40):
        p = wait_for_menu(app, scene)
        if p is None:
            break
        if p.kind == "commit":
            if not committed:
                app.step(3)
                # the battle view is up with the preliminary breakdown
                assert any("Breakdown of side A" in t for t in scene.drawn_texts)
                click(app, button(scene, lambda op: op[0] == "choose" and "reinforcement_charm" in str(op[2])))
                click(app, button(scene, lambda op: op[0] == "confirm"))     # spending a mystic code is confirmed
                committed = True
                assert any("Reinforcement Charm" in t for t in scene.drawn_texts)   # "committed so far"
            else:
                click(app, button(scene, lambda op: op[0] == "choose" and "done" in str(op[2])))
                click(app, button(scene, lambda op: op[0] == "confirm"))     # so is ending the step
                break
        elif p.kind == "declare":
            break
        else:
            _finish_prompt(app, scene)
    assert committed
    app.step(3)
    assert f1.inv.get("reinforcement_charm", 0) == 0
    # final breakdown: the charm is one line of it, and the d100 roll is on the tray
    texts = scene.drawn_texts
    assert any("Reinforcement Charm" in t for t in texts)
    assert any("Final win rate" in t for t in texts)
    notes = [e for e in scene.state.log if e["kind"] == "check" and e["key"] == "grailwar.log.label.battle_roll"]
    assert notes, "the battle was rolled"
    assert any("1D100<=" in t for t in texts)


def test_comm_offer_accepted_through_the_dialog(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc"], seed=5)
    st = scene.state
    for a, b in (("F1", "F2"), ("F2", "F1")):
        st.fac[a].know[b].acq = True
        st.fac[a].know[b].loc = True
    # play until F1's comm turn, answering everything else with the first choice
    for _ in range(60):
        p = wait_for_menu(app, scene)
        if p.kind == "comm" and p.faction == "F1":
            break
        if p.kind == "declare":
            click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
        else:
            _finish_prompt(app, scene)
    else:
        raise AssertionError("never reached F1's comm turn")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] in (("talk", "open"), "open")))
    if scene.tree is not None and scene.buttons and scene.state.pending.kind == "comm":
        click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "F2"))
    p = wait_for_menu(app, scene)
    if p.kind == "talk_reply":                           # F2 may strike instead of listening
        assert p.faction == "F2" and scene.dialog is not None
        click(app, button(scene, lambda op: op[2] == "listen"))
        p = wait_for_menu(app, scene, "talk", "F1")
    assert p.kind == "talk"
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] in (("talk", "propose"), "propose")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "nobody_moves"))
    p = wait_for_menu(app, scene, "proposal_reply", "F2")
    assert scene.dialog is not None and scene.dialog.visible
    assert any("proposes an alliance" in t for t in scene.drawn_texts)
    click(app, button(scene, lambda op: op[2] == "accept"))
    assert "F2" in st.fac["F1"].allies and "F1" in st.fac["F2"].allies


def test_hand_off_screen_hides_the_other_masters_secrets(make_app):
    app, scene = open_war(make_app, ["human", "human", "npc", "npc"], seed=9)
    secret_name = "Aldric of the Ninefold Bridge"          # F1's true name
    secret_skill = "Bridge-Warden's Oath"                   # an undisclosed skill of F1
    app.step(2)                                             # two masters: the table opens public
    assert scene.viewer is None
    assert not any(secret_name in t or "Sefa Windreed" in t for t in scene.drawn_texts)
    wait_for_menu(app, scene, "declare", "F1")
    app.step(2)
    assert any(secret_name in t for t in scene.drawn_texts)  # F1 sees its own sheet
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    for _ in range(200):
        if scene.handoff_to is not None:
            break
        app.step(1)
    assert scene.handoff_to == "F2"
    app.step(2)
    texts = scene.drawn_texts
    assert any("Pass to the master of" in t for t in texts)
    assert not any(secret_name in t or secret_skill in t for t in texts)
    assert not any(loc.label("en")[:8] in t for loc in scene.static.locations for t in texts)   # no map
    assert not scene.buttons or all(not b.visible for b, _ in scene.buttons)
    press(app, pygame.K_SPACE)
    assert scene.handoff_to is None and scene.viewer == "F2"
    app.step(2)
    texts = scene.drawn_texts
    assert any("Sefa Windreed" in t for t in texts)          # F2's own true name
    assert not any(secret_name in t or secret_skill in t for t in texts)
    view = scene.view
    assert view["viewer"] == "F2"
    assert view["factions"]["F1"].get("true_name") is None
    # no log line meant for F1 alone (its starting location, its declaration...) is drawn
    from grailwar.ui import viewmodel as VM
    private = [VM.log_line(e, "en") for e in scene.state.log if tuple(e["visible_to"]) == ("F1",)]
    assert private and not set(private) & set(texts)
    assert not any("declares" in t and "F1" in t for t in texts)


def test_all_npc_war_runs_to_its_end_with_frames(make_app, tmp_path):
    app = make_app(size=(1280, 720), speed=50.0, seats="npc,npc,npc", frames=600,
                   screenshot=str(tmp_path / "end.png"))
    app.start("grailwar")
    scene = app.scenes.top
    assert isinstance(scene, GrailWarScene) and scene.humans == []
    for _ in range(60):
        app.step(10)
        if scene.ended:
            break
    assert scene.ended and scene.state.is_terminal()
    app.step(2)
    texts = scene.drawn_texts
    assert any("wins the Holy Grail" in t or "without a winner" in t for t in texts)
    assert any("Mana over time" in t for t in texts)
    assert len(scene.mana_history) == 3
    press(app, pygame.K_ESCAPE)                      # Esc on the end screen: back to the launcher
    assert not isinstance(app.scenes.top, GrailWarScene)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_renders_at_both_sizes_in_both_languages(make_app, size, lang, tmp_path):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=4, speed=1.0, size=size, lang=lang)
    app.step(40)
    app.screenshot(str(tmp_path / f"g-{lang}.png"))
    texts = scene.drawn_texts
    words = {"en": ["Events", "Actions", "Comm", "Mana"], "ja": ["イベント", "行動", "コミュ", "魔力"]}[lang]
    assert all(w in texts for w in words)
    assert not any(t.startswith("grailwar.") for t in texts), [t for t in texts if t.startswith("grailwar.")]
    shot = pygame.transform.scale(app.window, (64, 36))
    assert len({shot.get_at((x, y))[:3] for x in range(0, 64, 2) for y in range(0, 36, 2)}) > 20


def test_resume_from_the_autosave_rebuilds_the_same_war(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=21)
    wait_for_menu(app, scene, "declare", "F1")
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    wait_for_menu(app, scene, None, "F1")
    rec = read_record(scene.match.save_path)
    assert [s.path for s in saves.unfinished_slots()] == [scene.match.save_path]   # offered by Resume
    app2 = make_app(size=(1280, 720), speed=50.0)
    resumed = GrailWarScene(app2, record=rec)
    n = len(resumed.state.log)
    assert n > 0 and resumed.state.log == scene.state.log[:n]
    assert resumed.state.turn >= 1 and resumed.seats == ["human", "npc", "npc"]


def test_pause_menu_language_switch_and_the_speed_up_key(make_app):
    from tabletop.ui.menus import PauseMenu
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=4, speed=1.0)
    app.step(5)
    assert scene.tray.busy                              # the opening rolls are on the tray
    press(app, pygame.K_TAB)                            # speed-up: every queued die lands now
    assert not scene.tray.busy
    wait_for_menu(app, scene, "declare", "F1")
    assert "Events" in scene.drawn_texts
    press(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu) and scene.paused
    assert all(not b.visible for b, _ in scene.buttons)     # the game's buttons hide under the menu
    click(app, menu.menu.item("language").button)       # en -> ja while the war is paused
    click(app, menu.menu.item("resume").button)
    assert app.scenes.top is scene and not scene.paused
    app.step(3)
    assert "イベント" in scene.drawn_texts and "Events" not in scene.drawn_texts
    assert all(b.visible for b, _ in scene.buttons)
    assert any("行動" in b.text or "情報収集" in b.text for b, _ in scene.buttons)


def test_redrawing_only_the_dice_leaves_the_same_picture_as_a_full_redraw(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=3, speed=1.0, size=(1920, 1080))
    checked = 0
    for i in range(420):
        app.step(1)
        if scene.buttons and i % 9 == 0:
            scene.menu.pick([op for _, op in scene.buttons if op[0] in ("choose", "apply", "confirm")][0])
        clean = not scene._view_dirty and scene.frame.clean(scene.panels())
        if i % 15 == 0 and clean and scene.tray.busy:
            shown = pygame.image.tobytes(app.window, "RGB")
            app.draw(force=True)
            assert pygame.image.tobytes(app.window, "RGB") == shown, f"frame {i}"
            checked += 1
    assert checked >= 3


def test_every_page_of_a_dialog_question_can_be_reached(make_app):
    """A dialog shows 8 choices a page: with 9, "More" must lead to the ninth (it wrapped
    back to the first page when paging counted 10 a page)."""
    from grailwar.rules.actions import Answer
    from grailwar.ui.menu import ActionTree
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    scene.vm["pending"] = {"kind": "talk_reply", "faction": "F1"}    # a question asked as a dialog
    choices = [f"c{i}" for i in range(9)]
    scene.menu.tree = ActionTree([Answer("F1", "p", c) for c in choices])
    scene.menu.page = 0
    scene.menu.build()
    assert scene.dialog is not None
    seen = {op[2] for _, op in scene.buttons if op[0] == "choose"}
    assert len(seen) == 8
    click(app, button(scene, lambda op: op[0] == "page"))
    seen |= {op[2] for _, op in scene.buttons if op[0] == "choose"}
    assert seen == set(choices)
    click(app, button(scene, lambda op: op[0] == "page"))    # and after the last page, the first again
    assert {op[2] for _, op in scene.buttons if op[0] == "choose"} == set(choices[:8])


def test_choice_buttons_never_sit_under_back_and_more(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "move")))
    nav = [b.rect for b, op in scene.buttons if op[0] in ("back", "page")]
    picks = [b.rect for b, op in scene.buttons if op[0] == "choose"]
    assert nav and picks
    assert not any(n.colliderect(p) for n in nav for p in picks)


def test_keyboard_shows_a_locations_hover_card_and_picks_a_lit_one(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    ids = [l.id for l in scene.static.locations]
    assert any(t.startswith("Keys:") and "↑/↓" in t for t in scene.drawn_texts)   # the key hint is on screen
    press(app, pygame.K_DOWN)
    assert scene.map.hover == ids[0]
    loc = scene.static.location(ids[0])
    assert any(loc.name["en"] == t for t in scene.drawn_texts)     # its card (English gloss line) is drawn
    press(app, pygame.K_UP)
    assert scene.map.hover == ids[-1]                              # wraps around
    # a move: Up/Down to a lit destination, Enter picks it
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "move")))
    lit = scene.map.selected
    assert lit
    for _ in range(len(ids)):
        if scene.map.hover in lit:
            break
        press(app, pygame.K_DOWN, frames=1)
    dest = scene.map.hover
    assert dest in lit
    before = len(scene.record.actions)
    press(app, pygame.K_RETURN)
    assert ("target", dest) in (scene.tree.path if scene.tree else []) or \
        any(e["a"].get("target") == dest for e in scene.record.actions[before:])


def test_pause_menu_hides_an_open_dialog(make_app):
    from tabletop.ui.menus import PauseMenu
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    scene.menu.show_reply(["F2 answers: no."])                  # an answer dialog is up
    app.step(2)
    panel = scene.reply[0]
    assert panel.visible
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseMenu)
    assert not panel.visible and all(not b.visible for b, _ in scene.buttons)
    click(app, app.scenes.top.menu.item("resume").button)
    assert panel.visible and all(b.visible for b, _ in scene.buttons)


def test_enter_closes_the_answer_dialog(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    scene.menu.show_reply(["F2 answers: no."])
    app.step(2)
    assert scene.reply is not None
    press(app, pygame.K_RETURN)                  # its OK button has a keyboard path
    assert scene.reply is None
    assert "F2 answers: no." not in scene.drawn_texts
