"""The rules reference viewer (tabletop/ui/reference.py) with the dummy driver and real
posted key, mouse and wheel events."""
import pygame
import pygame.freetype
import pytest

from tabletop.rulesref import load_reference
from tabletop.ui.launcher import LauncherScene
from tabletop.ui.reference import ReferenceScene, open_reference

from .conftest import click, press


def _click_at(app, logical_pos, frames=3):
    pos = app.logical_to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(frames)


def _text(scene):
    """The text box's words with its line breaks undone (the viewer pre-wraps lines)."""
    words = scene.textbox.html_text.replace("<br>", " ").replace("\u00a0", " ").split()
    return " ".join(words)


def _open(app, game, section):
    scene = open_reference(app, game, section)
    app.step(2)
    assert app.scenes.top is scene
    return scene


def test_opens_at_the_section_of_the_refused_rule(app):
    scene = _open(app, "pendulum", "4.4 timer row")
    assert scene.section_id == "moving"
    assert "Moving and acting" in _text(scene)
    assert "Both the row it leaves and the row it enters" in _text(scene)


def test_opens_at_the_section_of_a_grailwar_prompt_and_unknown_keys_open_the_first(app):
    scene = _open(app, "grailwar", "commit")
    assert scene.section_id == "commitment"
    press(app, pygame.K_ESCAPE)
    scene = _open(app, "grailwar", "no such thing")
    assert scene.section_id == "goal"


def test_opening_it_again_goes_to_the_section_without_stacking(app):
    scene = _open(app, "pendulum", "council")
    assert open_reference(app, "pendulum", "5.6 legendary") is scene
    app.step(2)
    assert scene.section_id == "achievements"
    assert sum(isinstance(s, ReferenceScene) for s in app.scenes) == 1


def test_up_and_down_keys_switch_sections_and_the_text_follows(app):
    scene = _open(app, "pendulum", "moving")
    press(app, pygame.K_DOWN)
    assert scene.section_id == "timers"
    assert "Hourglasses and flipping" in scene.textbox.html_text
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert scene.section_id == "workers"
    press(app, pygame.K_TAB)
    assert scene.section_id == "moving"
    press(app, pygame.K_END)
    assert scene.section_id == "controls"
    assert scene.row_rect(scene.index) is not None          # the list scrolled to keep it in view
    press(app, pygame.K_HOME)
    assert scene.section_id == "goal" and scene.first_row == 0


def test_a_click_on_a_section_opens_it(app):
    scene = _open(app, "grailwar", None)
    target = load_reference("grailwar").index("mana")
    _click_at(app, scene.row_rect(target).center)
    assert scene.section_id == "mana"
    assert "Mana, upkeep and vanishing" in scene.textbox.html_text


def test_the_wheel_scrolls_the_list_and_page_down_scrolls_the_text(app):
    scene = _open(app, "grailwar", "goal")
    pygame.mouse.set_pos(app.logical_to_window((300, 500)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0,
                                         touch=False))
    app.step(2)
    assert scene.first_row == 3 and scene.row_rect(0) is None
    press(app, pygame.K_ESCAPE)
    scene = _open(app, "grailwar", "comm")
    bar = scene.textbox.scroll_bar
    assert bar is not None                                   # a long section scrolls
    before = bar.start_percentage
    press(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > before


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_F1, pygame.K_h])
def test_esc_f1_and_h_close_it(app, key):
    scene = _open(app, "pendulum", "council")
    press(app, key)
    assert isinstance(app.scenes.top, LauncherScene)
    assert scene.textbox is None and scene.close_button is None      # its widgets are gone


def test_the_close_button_closes_it(app):
    scene = _open(app, "pendulum", None)
    click(app, scene.close_button)
    assert isinstance(app.scenes.top, LauncherScene)


def test_keys_do_not_reach_the_screen_below(app):
    launcher = app.scenes.top
    _open(app, "pendulum", None)
    focus = launcher.menu.index
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ReferenceScene) and launcher.menu.index == focus


def test_japanese_renders_with_real_glyphs(make_app):
    app = make_app(lang="ja")
    app.start("launcher")
    app.step(2)
    scene = _open(app, "grailwar", "commit")
    html = scene.textbox.html_text
    assert "スキル・宝具・戦闘の後" in html and "令呪" in html
    assert scene.close_button.text == "閉じる"
    # every character drawn has a glyph in the font the App gives widgets and text (no tofu)
    pygame.freetype.init()
    font = pygame.freetype.Font(str(app.fonts.regular), 28)
    ref = load_reference("grailwar")
    shown = {c for s in ref.sections for c in s.title("ja") + s.body("ja")} | set(ref.text("keys", "ja"))
    missing = sorted(c for c in shown if not c.isspace() and font.get_metrics(c)[0] is None)
    assert missing == []
    # and the text box really drew its text: light pixels on the dark panel
    app.draw(force=True)
    box = app.logical.subsurface(scene.textbox.rect) if not app.direct else app.window.subsurface(scene.textbox.rect)
    light = sum(1 for x in range(0, box.get_width(), 4) for y in range(0, 200, 4) if sum(box.get_at((x, y))[:3]) > 500)
    assert light > 50


def test_japanese_lines_never_start_with_closing_punctuation(make_app):
    app = make_app(lang="ja")
    app.start("launcher")
    app.step(2)
    scene = _open(app, "pendulum", "council")
    body = scene.body_html().split("<br><br>", 1)[1]
    for line in body.split("<br>"):
        assert not line or line.lstrip("\u00a0")[0] not in "、。）」ー", line


def test_switching_the_language_rebuilds_the_text(app):
    scene = _open(app, "pendulum", "stratagems")
    app.set_lang("ja", remember=False)
    app.step(2)
    assert "計略カード" in scene.textbox.html_text
    assert scene.close_button.text == "閉じる"


def test_a_broken_reference_is_a_message_not_a_traceback(app, monkeypatch, tmp_path):
    from tabletop.ui import reference as R
    bad = tmp_path / "reference.yaml"
    bad.write_text("game: pendulum\nsections: [\n", encoding="utf-8")
    monkeypatch.setattr(R, "load_reference", lambda game: __import__("tabletop.rulesref", fromlist=["x"])
                        .load_reference(game, bad))
    assert open_reference(app, "pendulum", None) is None
    assert app.dialog is not None and str(bad) in app.dialog.textbox.html_text


def test_the_game_below_waits_and_comes_back_when_it_closes(make_app):
    app = make_app(seats="human,bot", mode="realtime", seed=3)
    app.start("pendulum")
    app.step(3)
    table = app.scenes.top
    assert table.has_game_in_progress()
    ticks = []
    real_update = table.update
    table.update = lambda dt: (ticks.append(dt), real_update(dt))
    open_reference(app, "pendulum", "4.2 flip")
    app.step(30)
    assert ticks == []                                   # no engine time passes while reading
    press(app, pygame.K_h)
    assert app.scenes.top is table
    app.step(3)
    assert len(ticks) >= 3                               # and runs again once it is closed
