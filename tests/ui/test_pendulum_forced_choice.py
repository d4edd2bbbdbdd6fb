"""A choice with one possible answer (Pendulum): the table answers it for the player, says what
it answered, and an undo takes it back together with the move that asked it. Driven by real
clicks and key presses on the dummy driver."""
import pygame
import pytest

from tabletop.ui.app import App, default_args

from pendulum.ui.scene import make_scene

from .test_pendulum_table import _play_to_council, click_at, press


def _council_scene(lang, answer_forced=True):
    app = App(default_args(size=(1280, 720), lang=lang))
    app.settings["answer_forced_choices"] = answer_forced
    scene = make_scene(app, seats=["human", "human", "human"], mode="timetrack", seed=5)
    app.scenes.push(scene)
    app.step(2)
    turn = _play_to_council(scene)
    p = scene.state.players[turn]
    # set-up: only one of this seat's common workers stands in play, so the grande card can
    # promote no other
    commons = [w for w, loc in p.workers.items() if w[-2] == "c" and loc not in ("reserve", "gone")]
    assert commons
    for w in commons[1:]:
        p.workers[w] = "reserve"
    scene.renderer.invalidate()
    app.step(3)
    return app, scene, turn, commons[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_5_7_a_grande_promotion_with_one_common_worker_is_made_for_the_player_and_undone_with_its_card(lang):
    app, scene, turn, common = _council_scene(lang)
    try:
        p = scene.state.players[turn]
        where = p.workers[common]
        grande_card = scene.rules.council_grande
        assert any(a.kind == "choose" and a.option == grande_card for a in scene.legal(turn))
        click_at(app, scene.region("council.grande").center)
        app.step(3)
        assert p.workers[common] == "gone"                       # promoted without a question
        assert where in [loc for w, loc in p.workers.items() if w[-2] == "g"]
        assert scene.picker is None or all(a.option != common for _label, a in scene.picker["options"])
        question = app.t("pendulum.decision.promote")
        shown = scene.message[0]
        assert question in shown and shown != question          # the table says what it answered,
        assert scene.message[2]                                 # as news, not in a refusal's red
        taken = [e["a"] for e in scene.record.actions if e["a"]["kind"] == "choose"]
        assert taken[-2]["option"] == grande_card and taken[-1]["option"] == common
        press(app, pygame.K_u)
        app.step(3)
        p = scene.state.players[turn]
        assert p.workers[common] == where                         # one undo: the card and its answer
        assert p.decisions and p.decisions[0]["t"] == "council"
        assert any(a.kind == "choose" and a.option == grande_card for a in scene.legal(turn))
    finally:
        app.shutdown()


def test_with_answer_forced_choices_off_the_one_answer_is_still_asked():
    app, scene, turn, common = _council_scene("en", answer_forced=False)
    try:
        click_at(app, scene.region("council.grande").center)
        app.step(3)
        p = scene.state.players[turn]
        assert p.workers[common] != "gone" and p.decisions[0]["t"] == "promote"
        assert scene.picker is not None and len(scene.picker["options"]) == 1
    finally:
        app.shutdown()
