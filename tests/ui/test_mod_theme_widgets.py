"""A mod's ``theme.yaml`` restyles the pygame_gui widgets: a button's pixels change, a later
mod wins, a screen's own theme does not undo it, and with no theme nothing changes."""
from __future__ import annotations

import pygame

from tabletop.ui import guishots
from tabletop.ui.gui import pygame_gui
from tests.data.test_mods import make_mod

PAPER = "#f4ead5"


def _button_pixels(make_app, mods=(), object_id=None, screen_theme=None):
    app = make_app(mod=[str(m) for m in mods])
    manager = app.gui.get()
    if screen_theme is not None:
        app.gui.add_theme(screen_theme)       # a screen's theme, added after the manager exists
    button = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 240, 60), "Go", manager,
                                          object_id=object_id)
    manager.update(0.01)
    return button.image.copy()


def _bg(image) -> tuple:
    return tuple(image.get_at((image.get_width() // 2, 8)))[:3]   # above the label, inside the border


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb)


def test_a_valid_theme_changes_a_buttons_pixels(make_app, tmp_path):
    plain = _button_pixels(make_app)
    mod = make_mod(tmp_path, "paper", {"theme.yaml": f'button:\n  colours:\n    normal_bg: "{PAPER}"\n'})
    themed = _button_pixels(make_app, [mod])
    assert _hex(_bg(themed)) == PAPER
    assert _hex(_bg(plain)) != PAPER


def test_no_theme_or_an_empty_one_leaves_every_pixel_as_it_was(make_app, tmp_path):
    plain = pygame.image.tobytes(_button_pixels(make_app), "RGBA")
    no_theme = make_mod(tmp_path, "none")
    empty = make_mod(tmp_path, "empty", {"theme.yaml": "# nothing yet\n"})
    for mod in (no_theme, empty):
        assert pygame.image.tobytes(_button_pixels(make_app, [mod]), "RGBA") == plain


def test_two_mods_the_later_in_load_order_wins(make_app, tmp_path):
    early = make_mod(tmp_path, "early", {"theme.yaml": 'button:\n  colours:\n    normal_bg: "#102030"\n'},
                     manifest='id: early\nname: Early\nversion: "1.0"\nload_order: 1\n')
    late = make_mod(tmp_path, "late", {"theme.yaml": 'button:\n  colours:\n    normal_bg: "#405060"\n'},
                    manifest='id: late\nname: Late\nversion: "1.0"\nload_order: 2\n')
    assert _hex(_bg(_button_pixels(make_app, [late, early]))) == "#405060"


def test_a_mod_wins_over_a_screen_theme_added_after_it(make_app, tmp_path):
    mod = make_mod(tmp_path, "m", {"theme.yaml": f'"#grailwar_back":\n  colours:\n    normal_bg: "{PAPER}"\n'})
    screen = {"#grailwar_back": {"colours": {"normal_bg": "#00ff00"}}}
    assert _hex(_bg(_button_pixels(make_app, [], "#grailwar_back", screen))) == "#00ff00"
    assert _hex(_bg(_button_pixels(make_app, [mod], "#grailwar_back", screen))) == PAPER


def test_the_first_frame_pictures_key_changes_with_a_mods_theme(make_app, tmp_path):
    mod = make_mod(tmp_path, "m", {"theme.yaml": f'button:\n  colours:\n    normal_bg: "{PAPER}"\n'})
    app = make_app(mod=[str(mod)])
    before = guishots.full_key(app, ["pendulum"])
    (mod / "theme.yaml").write_text('button:\n  colours:\n    normal_bg: "#000000"\n  misc: {border_width: 0}\n',
                                    encoding="utf-8")
    assert guishots.full_key(app, ["pendulum"]) != before
