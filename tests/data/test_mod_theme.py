"""A mod's widget theme (``theme.yaml``): every bad file gives one ``file:line: field:
message`` line, via ``validate-mod`` and at ``--mod`` start-up; valid themes merge in load
order; the ids it may style are the ones our themes style."""
from __future__ import annotations

import json

import pytest

from tabletop import cli
from tabletop.data.mods import theme as T
from tests.data.test_mods import make_mod

GOOD = """\
button:
  colours:
    normal_bg: "#f4ead5"
    normal_text: "#2b1d0e"
  misc:
    border_width: 1
    shape_corner_radius: 4
"""

BAD = {
    # name: (theme.yaml text, line, field, words)
    "yaml-syntax": ("button:\n  colours: [\n", 3, "(file)", "not valid YAML"),
    "unknown-id": ("butonn:\n  colours: {normal_bg: \"#ffffff\"}\n", 1, "butonn",
                   "unknown widget id (did you mean 'button'?)"),
    "unknown-colour-name": ("button:\n  colours:\n    normal_bgg: \"#ffffff\"\n", 3, "button.colours.normal_bgg",
                            "unknown colour name (did you mean 'normal_bg'?)"),
    "bad-colour": ("button:\n  colours:\n    normal_bg: \"#fff\"\n", 3, "button.colours.normal_bg",
                   "is not a colour; write \"#rrggbb\" or \"#rrggbbaa\""),
    "misc-not-allowed": ("panel:\n  misc:\n    padding: 3\n", 3, "panel.misc.padding", "'padding' may not be set"),
    "out-of-range": ("button:\n  misc:\n    border_width: 9\n", 3, "button.misc.border_width",
                     "9 is out of range 0..8"),
    "not-a-number": ("button:\n  misc:\n    shape_corner_radius: \"4\"\n", 3, "button.misc.shape_corner_radius",
                     "must be a whole number 0..40"),
    "font-section": ("button:\n  font: {name: evil, regular_path: /etc/passwd}\n", 2, "button.font",
                     "section 'font' is not allowed"),
    "images-section": ("\n\"#heading\":\n  images: {background_image: {path: x.png}}\n", 3, "#heading.images",
                       "section 'images' is not allowed"),
    "unquoted-hash-id": ("#heading:\n  colours:\n    normal_text: \"#000000\"\n", 2, "colours",
                         "an id starting with '#' must be quoted"),
    "not-a-mapping": ("- button\n- panel\n", 1, "(file)", "expected a mapping of widget ids"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_theme_is_one_line_naming_file_line_and_field(tmp_path, capsys, name):
    text, line, field, words = BAD[name]
    mod = make_mod(tmp_path, name, {"theme.yaml": text})
    assert cli.main(["validate-mod", str(mod)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    lines = out.out.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{mod}/theme.yaml:{line}: {field}: ") and words in lines[0], lines[0]


@pytest.mark.parametrize("name", ["unknown-id", "bad-colour", "font-section", "yaml-syntax"])
def test_a_game_with_a_bad_theme_never_starts(tmp_path, capsys, name):
    text, line, field, words = BAD[name]
    mod = make_mod(tmp_path, name, {"theme.yaml": text})
    assert cli.main(["--mod", str(mod), "--frames", "1", "pendulum"]) == 1
    err = capsys.readouterr().err
    assert "the mod has errors; nothing was started" in err and "Traceback" not in err
    assert f"  {mod}/theme.yaml:{line}: {field}: " in err and words in err


def test_a_valid_theme_is_ok_and_counted(tmp_path, capsys):
    mod = make_mod(tmp_path, "good", {"theme.yaml": GOOD})
    assert cli.main(["validate-mod", str(mod)]) == 0
    assert "a widget theme" in capsys.readouterr().out


def test_paper_theme_validates():
    assert cli.main(["validate-mod", str(T.ROOT / "mods" / "paper-theme")]) == 0


def test_themes_merge_in_load_order_the_later_wins_as_pygame_gui_texts(tmp_path):
    first = make_mod(tmp_path, "first", {"theme.yaml": GOOD},
                     manifest='id: first\nname: First\nversion: "1.0"\nload_order: 5\n')
    second = make_mod(tmp_path, "second", {"theme.yaml": "button:\n  colours:\n    normal_bg: \"#101010\"\n"})
    merged = T.load_mod_theme([first, second])     # second loads first (order 0 < 5): first wins
    assert merged["button"]["colours"] == {"normal_bg": "#f4ead5", "normal_text": "#2b1d0e"}
    assert merged["button"]["misc"] == {"border_width": "1", "shape_corner_radius": "4"}
    later = make_mod(tmp_path, "later", {"theme.yaml": "button:\n  colours:\n    normal_bg: \"#101010\"\n"},
                     manifest='id: later\nname: Later\nversion: "1.0"\nload_order: 9\n')
    assert T.load_mod_theme([first, later])["button"]["colours"]["normal_bg"] == "#101010"


def test_a_bad_theme_adds_nothing_when_loaded_without_validation(tmp_path):
    mod = make_mod(tmp_path, "bad", {"theme.yaml": BAD["font-section"][0]})
    assert T.load_mod_theme([mod]) == {}
    assert T.load_mod_theme([]) == {}


def test_the_ids_a_theme_may_style_are_those_our_themes_style():
    # the screens' themes are UI code the data kit does not import: the list is kept equal here
    from grailwar.ui.layout import THEME
    from tabletop.ui.gui import TOOLTIP_THEME
    ours = set(json.loads(T.OUR_THEME.read_text(encoding="utf-8")))
    assert set(T.known_ids()) == ours | set(THEME) | set(TOOLTIP_THEME)
    assert set(T.SCREEN_IDS) | ours == set(THEME) | set(TOOLTIP_THEME) | ours
    assert {"defaults", "button", "#menu_button", "window.#title_bar", "#grailwar_dialog"} <= set(T.known_ids())
