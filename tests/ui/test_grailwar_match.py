"""The Grail War screen plays through the shared Match: its record is the Match's, and a
failed autosave stops the war on screen until a save succeeds or the master agrees."""
import pygame
import pytest

from tabletop.engine import saves
from tabletop.engine.match import Match
from tabletop.engine.saves import read_record

from .conftest import click
from .test_grailwar_screen import click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def _break_saves(monkeypatch):
    """A full disk; returns the function that frees it."""
    real = saves.write_record

    def full_disk(record, path=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_record", full_disk)
    return lambda: monkeypatch.setattr(saves, "write_record", real)


def _declare_rest(app, scene):
    wait_for_menu(app, scene, "declare", "F1")
    return click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))


def test_the_screen_records_through_the_match(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=21)
    assert isinstance(scene.match, Match) and scene.record is scene.match.record
    got = _declare_rest(app, scene)
    rec = read_record(scene.match.save_path)
    assert {"a": got} in rec.actions            # the human's declaration is on disk at once
    assert rec.actions == scene.record.actions[:len(rec.actions)]


def test_a_failed_autosave_stops_the_war_until_a_save_succeeds(make_app, monkeypatch):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    free_space = _break_saves(monkeypatch)
    _declare_rest(app, scene)
    app.step(2)
    assert scene.save_alert is not None
    texts = scene.drawn_texts
    assert "The war could not be saved" in texts
    assert any("No space left on device" in t for t in texts)
    assert not any(b.visible for b, _ in scene.buttons)          # no menu to play on with
    n = len(scene.record.actions)
    app.step(120)
    assert len(scene.record.actions) == n, "nobody may play on while nothing is saved"
    click(app, scene.save_alert.retry)                           # still full: the war stays stopped
    assert scene.save_alert is not None
    free_space()
    click(app, scene.save_alert.retry)
    assert scene.save_alert is None
    assert "The war could not be saved" not in scene.drawn_texts
    assert read_record(scene.match.save_path).actions == scene.record.actions
    wait_for_menu(app, scene, None, "F1")
    assert len(scene.record.actions) > n                         # the war went on


def test_playing_on_unsaved_is_the_masters_choice_and_stays_shown(make_app, monkeypatch):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    _break_saves(monkeypatch)
    _declare_rest(app, scene)
    app.step(2)
    n = len(scene.record.actions)
    click(app, scene.save_alert.play_on)
    assert scene.save_alert is None
    wait_for_menu(app, scene, None, "F1")
    assert len(scene.record.actions) > n
    app.step(2)
    assert "Not saved" in scene.drawn_texts                       # the top bar keeps saying so
    pygame.event.pump()


def test_a_war_that_cannot_save_at_its_start_says_so_before_anyone_plays(make_app, monkeypatch):
    _break_saves(monkeypatch)
    app, scene = open_war(make_app, ["human", "npc", "npc"], seed=21)
    app.step(30)
    assert scene.save_alert is not None and "The war could not be saved" in scene.drawn_texts
    assert scene.record.actions == [] and not any(b.visible for b, _ in scene.buttons)
