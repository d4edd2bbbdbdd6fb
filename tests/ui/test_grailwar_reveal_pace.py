"""What a roll finds reaches the Grail War screen with the roll, never before it: the panels, the map and
the battle sides are made from the view again only once every log line of the applied action has its die
landed on the tray (at a speed that shows dice). Before, a successful information gathering named the
rival in the factions panel some 4 s before its d100 had landed."""
import pytest

from .test_grailwar_screen import click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_rival_found_by_information_gathering_is_named_only_once_its_roll_has_landed(make_app, lang):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=3, speed=1.0, lang=lang)
    wait_for_menu(app, scene, "declare", "F1", frames=2000)
    got = click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "info"))
    target = got["target"]
    assert scene.vm["labels"][target].endswith("???")
    waited = 0
    for _ in range(3000):
        app.step(1)
        named = not scene.vm["labels"][target].endswith("???")
        if scene.feed.pending:
            assert not named, "the rival was named while a roll of the same step still tumbled"
            waited += 1
        if named:
            break
    assert named, "the information gathering at this seed succeeds"
    assert waited > 30, "its d100 was on the tray for a while before the name came"
    # the name came with the roll's line: the log shows the success above the panel's news
    assert any(target in line for line in scene.feed.lines[-12:])


def test_a_language_switch_while_a_roll_tumbles_loses_no_line(make_app):
    """The language is switched while the step's dice still tumble: the log then holds every line of the
    war so far in the new language, the ones that were waiting for their dice included."""
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=3, speed=1.0)
    wait_for_menu(app, scene, "declare", "F1", frames=2000)
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "info"))
    for _ in range(3000):
        app.step(1)
        if scene.feed.pending:
            break
    assert scene.feed.pending
    app.set_lang("ja")
    app.step(2)
    whole = [scene.log_text(e) for e in scene.state.view_for("F1")["log"]]
    shown = [line for line in scene.feed.lines if not line.startswith("» ")]
    assert shown == whole and not scene.feed.pending


def test_a_battle_opens_only_once_the_dice_thrown_before_it_have_landed(make_app):
    """F1 gathers information while two NPC factions fight in the same step: the battle view comes up
    after F1's d100 has landed and its line is in the log, not over the tumbling die."""
    app, scene = open_war(make_app, ["human"] + ["npc"] * 4, seed=3, speed=1.0)
    wait_for_menu(app, scene, "declare", "F1", frames=2000)
    got = click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "info"))
    before = len(scene.feed.lines)
    for _ in range(3000):
        app.step(1)
        if scene.battles.battle is not None:
            break
    assert scene.battles.battle is not None, "a battle is fought in this step at this seed"
    mine = [line for line in scene.feed.lines[before:] if "F1" in line and got["target"] in line]
    assert mine, "the information roll's line came before the battle"
