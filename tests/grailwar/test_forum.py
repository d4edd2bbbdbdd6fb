"""Forum export (issue 12 item 7): a finished war's public log as the GM's forum posts."""
import re

import pytest

from grailwar.game import make_rules, play_npc_game
from grailwar.rules.forum import FORUM, thread
from grailwar.rules.logtext import dicebot, render
from tabletop.ui.i18n import Strings


@pytest.fixture(scope="module")
def war():
    # the module fixture runs outside the spec-roster fixture: the shipped roster is fine here
    return play_npc_game(make_rules({"factions": 4, "control": "npc"}), 11)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_export_is_the_public_log_in_turn_posts(war, lang):
    t = Strings(lang).t
    log = war.log_for(None)
    text = thread(log, t, lang, seed=war.seed)
    lines = text.splitlines()

    # one heading per turn, in order, then the after-war heading
    turns = sorted({e["turn"] for e in log if "all" in e["visible_to"] and e["phase"] != "END"})
    heads = [lines.index(t(FORUM + "turn", turn=n)) for n in turns]
    assert turns[0] == 1 and len(turns) >= 2
    assert heads == sorted(heads)
    assert lines.index(t(FORUM + "after_war")) > heads[-1]
    assert lines[0] == t(FORUM + "title_seed", seed=war.seed)

    # every public roll is there with its dice-bot line, in the order it was rolled
    public_rolls = [e for e in log if "all" in e["visible_to"] and e["kind"] in ("roll", "check")]
    assert public_rolls
    at = -1
    for e in public_rolls:   # each found after the one before (two rolls may read alike)
        at = lines.index(render(e, t, lang, when=False), at + 1)
    for e in public_rolls:
        assert dicebot(e, t, lang) in text
    assert "＞" in text and "(1D100<=" in text

    # a line only one faction saw is not there
    public_lines = {render(e, t, lang, when=False) for e in log if "all" in e["visible_to"]}
    secret = [render(e, t, lang, when=False) for e in log if "all" not in e["visible_to"]]
    secret = [s for s in secret if s not in public_lines]
    assert secret, "the war should have faction-only lines to compare with"
    for s in secret:
        assert s not in lines

    # one GM post heading per phase run, and no raw ids or keys
    assert lines.count(t(FORUM + "post", phase=t("grailwar.phase.detail.E"))) == len(turns)
    assert "grailwar." not in text
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text)
    if lang == "ja":
        # "or" as the seed's own Japanese writes it (接触or襲撃)
        assert set(re.findall(r"[A-Za-z]{2,}", text)) <= {"GM", "NPC", "or"}


def test_a_faction_only_entry_never_reaches_the_thread():
    t = Strings("en").t
    base = {"turn": 1, "phase": "A1", "actor": "F2", "kind": "check", "key": "grailwar.log.turn_begins",
            "params": {"turn": 1}, "expr": "1D100<=40", "value": 12, "target": 40, "outcome": "success"}
    secret = dict(base, value=77, visible_to=["F2"])
    shown = dict(base, visible_to=["all"])
    text = thread([shown, secret], t, "en")
    assert "＞ 12 ＞" in text
    assert "＞ 77 ＞" not in text
    assert thread([secret], t, "en").count("＞") == 0


def test_the_end_screen_exports_the_thread_to_the_user_data_folder():
    pygame = pytest.importorskip("pygame")
    from tabletop.engine.saves import data_dir
    from tabletop.ui.app import App, default_args
    from grailwar.ui.scene import GrailWarScene

    app = App(default_args(size=(1280, 720), lang="ja", speed=50.0))
    try:
        scene = GrailWarScene(app, seats=["npc", "npc", "npc"], seed=3)
        app.scenes.push(scene)
        for _ in range(80):
            app.step(10)
            if scene.ended:
                break
        assert scene.ended
        app.step(2)
        export = next(b for b, op in scene.end.buttons if op == "export")
        assert export.text == "2. 記録を書き出す"
        pos = app.logical_to_window(export.rect.center)
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, touch=False, **extra))
        app.step(3)
        files = list((data_dir() / "exports").glob("*.txt"))
        assert len(files) == 1
        text = files[0].read_text(encoding="utf-8")
        assert text == thread(scene.state.log_for(None), Strings("ja").t, "ja", seed=3)
        assert "◎ 第1ターン" in text and "＞" in text
    finally:
        app.shutdown()
