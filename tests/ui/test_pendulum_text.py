"""Text a player can read at the Pendulum table (issue 11 item 3), with real posted events on the
dummy driver: tooltips are one box of wrapped lines with kinsoku, nothing drawn is an id."""
from __future__ import annotations

import re

import pygame
import pytest

from tabletop.rulesref import NO_END, NO_START
from tabletop.ui.app import App, default_args
from tabletop.ui.tooltip import WIDTH, wrap_lines

from pendulum.ui.scene import make_scene
from pendulum.ui.teach import TeachScene



@pytest.fixture
def table_app():
    apps = []

    def make(seats=("human", "bot", "bot"), mode="timetrack", seed=5, lang="en", size=(1280, 720), **kw):
        app = App(default_args(size=size, lang=lang))
        apps.append(app)
        scene = make_scene(app, seats=list(seats), mode=mode, seed=seed, **kw)
        app.scenes.push(scene)
        app.step(2)
        return app, scene

    yield make
    for app in apps:
        app.shutdown()


def hover(app, logical_pos, frames=2):
    w = app.logical_to_window((int(logical_pos[0]), int(logical_pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.step(frames)


def _ascii_words(text):
    return re.findall(r"[A-Za-z][A-Za-z0-9']*", text)


def assert_readable(app, text, lines):
    """One box of lines no wider than the tooltip width, none starting with a closing mark or
    「ー」, none ending with an opening bracket, no ASCII word cut, nothing lost, and not one
    word per line (the lines before the last are filled to at least half the width)."""
    font = app.font(20)
    assert "".join(lines).replace(" ", "") == text.replace("\n", "").replace(" ", "")
    for line in lines:
        assert font.size(line)[0] <= WIDTH + font.size("。")[0], line          # a hanging mark at most
    for line in lines[1:]:
        assert line and line[0] not in NO_START, lines
    for line in lines[:-1]:
        assert line[-1] not in NO_END, lines
    joined_words = [w for line in lines for w in _ascii_words(line)]
    assert joined_words == _ascii_words(text.replace("\n", " ")), lines
    for line in lines[:-1]:
        assert font.size(line)[0] >= WIDTH // 2, lines


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_top_bar_button_tooltip_is_one_box_of_wrapped_lines(table_app, lang):
    app, scene = table_app(lang=lang)
    for key in ("pause", "done", "menu"):
        b = scene.buttons()[key]
        hover(app, b.rect.center)
        tip = scene.renderer.tooltip
        assert tip is not None, key
        assert tip.text == app.t(f"pendulum.tip.button_{key}")
        assert_readable(app, tip.text, tip.lines)
        hover(app, (600, 500))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_button_tooltip_is_our_box_with_kinsoku(make_app, lang):
    app = make_app(lang=lang)
    app.start("teach")
    app.step(2)
    scene = app.scenes.top
    assert isinstance(scene, TeachScene)
    for key, b in scene.buttons.items():
        if not b.visible or b.rect.left < 0:
            continue
        hover(app, b.rect.center)
        assert scene.tip is not None, key
        assert scene.tip.text == app.t(f"teach.tip.{key}")
        assert_readable(app, scene.tip.text, scene.tip.lines)
    hover(app, (300, 500))
    assert scene.tip is None


def test_every_tooltip_text_of_both_languages_wraps_with_kinsoku(make_app):
    """Every button tooltip and every long tooltip text of the table, at the tooltip width."""
    app = make_app(lang="ja")
    for lang in ("en", "ja"):
        app.set_lang(lang)
        keys = [f"teach.tip.{k}" for k in ("next", "back", "replay", "show_me", "done", "hint", "leave")]
        keys += [f"pendulum.tip.button_{k}" for k in ("pause", "done", "undo", "menu")]
        for key in keys:
            text = app.t(key)
            assert text != key
            assert_readable(app, text, wrap_lines(app, text))
    long = "時間になると、砂時計を裏返せます。「ー」や「。」で始まる行はありません（禁則）。" * 3
    app.set_lang("ja")
    assert_readable(app, long, wrap_lines(app, long))
