"""The top bar's turn and phase follow the dice: while the opening's event rolls still tumble on the
tray, the bar lights Events (not the Actions phase the war has already reached), and it moves on to
the declarations once the last die has landed. Before, it lit Actions over the tumbling event dice,
and it could also stay a phase behind while the log already showed the next one."""
import pytest

from .test_grailwar_screen import open_war

pytest.importorskip("grailwar.rules")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_top_bar_shows_the_phase_the_dice_on_the_tray_belong_to(make_app, lang):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=5, speed=1.0, lang=lang)
    events, declarations = scene.tr("phase.detail.E"), scene.tr("phase.detail.D")
    app.step(2)
    assert scene.feed.pending and scene.tray.busy, "the opening's event dice are on the tray"
    assert scene.state.pending is not None and scene.state.pending.kind == "declare"
    assert events in scene.drawn_texts and declarations not in scene.drawn_texts
    for _ in range(3000):
        app.step(1)
        if not scene.feed.pending:
            break
    app.step(2)
    assert not scene.feed.pending
    assert declarations in scene.drawn_texts and events not in scene.drawn_texts
