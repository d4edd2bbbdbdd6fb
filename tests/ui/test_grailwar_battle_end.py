"""The end of a war (issue 12 item 6, spec §16): every faction's full sheet, the whole log
scrollable, and a finished war loaded from its record draws the same mana chart."""
import pygame
import pytest

from .conftest import press

pytest.importorskip("grailwar.rules")

from grailwar.ui.scene import GrailWarScene  # noqa: E402


def _war_to_the_end(make_app, lang="en", seats="npc,npc,npc,npc", seed=None):
    app = make_app(size=(1280, 720), speed=50.0, seats=seats, frames=600, lang=lang, seed=seed)
    app.start("grailwar")
    scene = app.scenes.top
    for _ in range(80):
        app.step(10)
        if scene.ended:
            break
    assert scene.ended
    for _ in range(600):             # the last battle's dice land and their lines reach the log
        if not scene.feed.pending:
            break
        app.step(1)
    assert not scene.feed.pending
    app.step(2)
    return app, scene


def test_the_end_screen_shows_every_factions_full_sheet_and_the_whole_log(make_app):
    # this seed's war ends with the screen at rest (no die still rolling): Page Up alone must redraw it
    app, scene = _war_to_the_end(make_app, seed=347123069)
    texts = scene.drawn_texts
    words = " ".join(texts)
    for f in scene.state.fac.values():
        assert f.servant.true_name.en in texts
        assert f"Master: {f.master.en}" in texts
        assert f"{f.id} {f.servant.cls}" in texts
        for sk in f.servant.skills:
            assert sk.en in words, sk.en
        assert f.servant.np.en in words
        assert any(t.startswith(f"Lv {f.level} · mana {f.mana}/{f.max_mana} · command spells {f.spells}")
                   for t in texts)
    assert any(t.startswith("Strength ") for t in texts)
    assert "survived" in texts and "eliminated" in texts
    # the whole log: its last line is up, its first is reached by scrolling back
    lines = scene.feed.lines
    assert len(lines) > 40 and lines[-1] in texts and lines[0] not in texts
    for _ in range(len(lines)):
        press(app, pygame.K_PAGEUP, frames=1)
        if lines[0] in scene.drawn_texts:
            break
    app.step(1)
    assert lines[0] in scene.drawn_texts
    pos = app.logical_to_window(scene.end.log.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    for _ in range(len(lines)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0, touch=False))
    app.step(2)
    assert lines[-1] in scene.drawn_texts and lines[0] not in scene.drawn_texts   # the wheel goes back down


def test_a_finished_war_loaded_from_its_record_draws_the_same_chart(make_app):
    app, scene = _war_to_the_end(make_app)
    live = scene.mana_history
    assert len(live) == 4 and max(len(h) for h in live.values()) > 2
    turns = scene.state.turn
    app2 = make_app(size=(1280, 720), speed=50.0)
    loaded = GrailWarScene(app2, record=scene.record)
    app2.scenes.push(loaded)
    for _ in range(20):
        app2.step(2)
        if loaded.ended:
            break
    assert loaded.ended
    app2.step(2)
    assert loaded.mana_history == live
    assert "Mana over time" in loaded.drawn_texts and f"turn {min(turns, 20)}" in loaded.drawn_texts or \
        any(t.startswith("turn ") for t in loaded.drawn_texts)
    for f in loaded.state.fac.values():                         # each line starts at full mana
        assert loaded.mana_history[f.id][0] == (0, f.max_mana)


def test_the_end_screen_in_japanese_names_every_sheet_in_japanese(make_app):
    app, scene = _war_to_the_end(make_app, lang="ja", seats="npc,npc,npc")
    texts = scene.drawn_texts
    for f in scene.state.fac.values():
        assert f.servant.true_name.ja in texts and f"マスター: {f.master.ja}" in texts
    assert not any("command spells" in t or "Master:" in t for t in texts)
