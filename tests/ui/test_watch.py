"""Live reload for modders (``--watch``, tabletop/ui/watch.py): a changed mod file is seen
within a second of frames; images, sounds and translations apply in the screen shown, rules
data from the next game; a change that breaks the mod shows its file:line errors on screen
and keeps the last good version."""
import os
import time
import wave

import pygame
import pytest

import pendulum.game as pendulum_game
from tabletop import cli
from tabletop.ui.app import App, default_args
from tabletop.ui.gui import pygame_gui
from tabletop.ui.scene import Scene

FRAMES_PER_SECOND = 60
MOD_YAML = 'id: watched\nname: Watched mod\nversion: "1.0.0"\nload_order: 0\n'


def _write(path, text, when=None):
    """Write a file and move its time on (so an edit in the same clock tick is still seen)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    t = when or (time.time() + 2)
    os.utime(path, (t, t))


def _png(path, colour):
    path.parent.mkdir(parents=True, exist_ok=True)
    surf = pygame.Surface((64, 40))
    surf.fill(colour)
    pygame.image.save(surf, str(path))
    t = time.time() + 4
    os.utime(path, (t, t))


def _wav(path, seconds=0.3, rate=22050):
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(rate)
        fh.writeframes(b"\0\0" * int(seconds * rate))


class Shows(Scene):
    """Draws the mod's text and its board image; counts the App's "everything changed"."""

    def __init__(self, app):
        super().__init__(app)
        self.retold = 0
        self.texts = []

    def on_language_changed(self):
        self.retold += 1

    def draw(self, surface):
        surface.fill((20, 30, 40))
        text = self.app.t("mod.watched.hello")
        self.texts.append(text)
        surface.blit(self.app.text(text, 40, (240, 240, 240)), (100, 500))
        image = self.app.assets.image("pendulum.board")
        if image is not None:
            surface.blit(image, (1500, 800))
        return None


@pytest.fixture
def watched(tmp_path):
    mod = tmp_path / "watched"
    _write(mod / "mod.yaml", MOD_YAML)
    _write(mod / "i18n" / "en.yaml", "mod:\n  watched:\n    hello: first words\n")
    apps = []

    def make(watch=True):
        app = App(default_args(size=(1280, 720), lang="en", mod=[str(mod)], watch=watch))
        apps.append(app)
        scene = Shows(app)
        app.scenes.push(scene)
        app.step(2)
        return app, scene
    yield mod, make
    for app in apps:
        app.shutdown()


def test_every_game_command_takes_watch():
    parser = cli.build_parser()
    for argv in (["pendulum", "--mod", "m", "--watch"], ["teach", "--watch", "--mod", "m"],
                 ["grailwar", "--mod", "m", "--watch"], ["--watch", "--mod", "m"]):
        assert parser.parse_args(argv).watch is True
    assert parser.parse_args(["pendulum"]).watch is False


def test_an_edited_translation_shows_within_a_second_without_leaving_the_screen(watched):
    mod, make = watched
    app, scene = make()
    assert app.t("mod.watched.hello") == "first words"
    retold = scene.retold
    _write(mod / "i18n" / "en.yaml", "mod:\n  watched:\n    hello: second words\n")
    app.step(FRAMES_PER_SECOND)
    assert app.t("mod.watched.hello") == "second words"
    assert scene.retold == retold + 1 and scene.texts[-1] == "second words"
    assert app.scenes.top is scene                     # the same screen, not restarted
    assert app.watcher.reloads == 1


def test_without_watch_nothing_is_polled(watched):
    mod, make = watched
    app, _ = make(watch=False)
    assert app.watcher is None
    _write(mod / "i18n" / "en.yaml", "mod:\n  watched:\n    hello: second words\n")
    app.step(FRAMES_PER_SECOND)
    assert app.t("mod.watched.hello") == "first words"


def test_a_broken_change_shows_its_errors_on_screen_and_keeps_the_last_good_version(watched):
    mod, make = watched
    app, scene = make()
    _write(mod / "i18n" / "en.yaml", "mod:\n  watched:\n    hello: fine\n    hello: twice\n")
    app.step(FRAMES_PER_SECOND)
    assert app.t("mod.watched.hello") == "first words"                 # the last good version
    errors = app.watcher.errors
    assert errors and any("en.yaml:4" in line for line in errors)
    banner, rect = app.watcher.overlay()
    assert rect.colliderect(pygame.Rect(0, 0, 1920, 300))
    inside = rect.move(20, 20).topleft
    assert app.logical.get_at(inside) != app.scene_layer.get_at(inside)   # the banner is on screen
    _write(mod / "i18n" / "en.yaml", "mod:\n  watched:\n    hello: fixed words\n", when=time.time() + 6)
    app.step(FRAMES_PER_SECOND)
    assert app.watcher.errors == [] and app.watcher.overlay() is None
    assert app.t("mod.watched.hello") == "fixed words"
    assert app.logical.get_at(inside) == app.scene_layer.get_at(inside)   # and gone again


def test_a_changed_image_and_a_new_sound_apply_at_once(watched):
    mod, make = watched
    _png(mod / "images" / "pendulum.board.png", (200, 0, 0))
    app, scene = make()
    app.step(2)
    assert tuple(app.scene_layer.get_at((1510, 810)))[:3] == (200, 0, 0)
    _png(mod / "images" / "pendulum.board.png", (0, 0, 200))
    _wav(mod / "sounds" / "dice_roll.wav")
    app.step(FRAMES_PER_SECOND)
    assert tuple(app.scene_layer.get_at((1510, 810)))[:3] == (0, 0, 200)
    assert tuple(app.logical.get_at((1510, 810)))[:3] == (0, 0, 200)
    assert app.sound.paths["dice_roll"] == mod / "sounds" / "dice_roll.wav"


def test_changed_rules_data_applies_from_the_next_game_and_the_game_in_progress_keeps_its_own(watched):
    mod, make = watched
    _write(mod / "pendulum" / "seats.yaml", 'seats:\n  - id: green\n    colour: "#178f8f"\n')
    app, scene = make()
    before = pendulum_game.make_rules(mods=[str(mod)])
    assert pendulum_game.make_rules(mods=[str(mod)]) is before          # kept loaded
    _write(mod / "pendulum" / "seats.yaml", 'seats:\n  - id: green\n    colour: "#aa00aa"\n')
    app.step(FRAMES_PER_SECOND)
    colours = {s.id: s.colour for s in before.data["seats"].seats}
    assert colours["green"] == "#178f8f"                                # the game in progress: unchanged
    after = pendulum_game.make_rules(mods=[str(mod)])
    assert after is not before
    assert {s.id: s.colour for s in after.data["seats"].seats}["green"] == "#aa00aa"


def test_an_edited_widget_theme_restyles_the_buttons_on_screen_and_an_unset_colour_comes_back(watched):
    """A modder edits ``theme.yaml`` while the game runs: the button shown takes the new colour within
    a second; deleting the line gives our colour back; a broken theme keeps the last good one."""
    mod, make = watched
    app, scene = make()
    button = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 240, 60), "Go", app.ui_manager)
    app.step(2)

    def bg():
        return "#%02x%02x%02x" % tuple(button.image.get_at((button.image.get_width() // 2, 8)))[:3]

    ours = bg()
    _write(mod / "theme.yaml", 'button:\n  colours:\n    normal_bg: "#f4ead5"\n')
    app.step(FRAMES_PER_SECOND)
    assert bg() == "#f4ead5" and app.watcher.errors == []
    _write(mod / "theme.yaml", 'button:\n  colours:\n    normal_bg: "#fff"\n', when=time.time() + 6)
    app.step(FRAMES_PER_SECOND)
    assert any("theme.yaml:3" in line for line in app.watcher.errors)    # named, and not applied
    assert bg() == "#f4ead5"
    _write(mod / "theme.yaml", "# no colours any more\n", when=time.time() + 10)
    app.step(FRAMES_PER_SECOND)
    assert app.watcher.errors == [] and bg() == ours
