"""Mods: overlays by id (with ``new: true``), marks pointing into the mod, load order,
the folder boundary, translations, images, fonts and ``validate-mod``."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from tabletop import games
from tabletop.data import DataError
from tabletop.data import mods as M
from tests.data.fonts import tiny_font
from tests.data.models import paths

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "mods" / "example"

BASE = """\
seats:
  - id: red
    name: {en: Red, ja: 赤}
    colour: "#cc0000"
    tags: [a, b]
  - id: green
    name: {en: Green, ja: 緑}
    colour: "#00cc00"
limits:
  max: 5
  min: 1
"""


def png_bytes(w: int = 4, h: int = 3) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def make_mod(root: Path, name: str = "m", files: dict[str, str | bytes] | None = None,
             manifest: str | None = None) -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mod.yaml").write_text(manifest if manifest is not None else
                                     f'id: {name}\nname: Test {name}\nversion: "1.0"\n', encoding="utf-8")
    for rel, content in (files or {}).items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


@pytest.fixture
def config(tmp_path) -> Path:
    cfg = tmp_path / "config"
    (cfg / "demo").mkdir(parents=True)
    (cfg / "demo" / "seats.yaml").write_text(BASE, encoding="utf-8")
    return cfg


def load(cfg, *mods):
    return M.load_game_files("demo", list(mods), cfg)["seats"]


# --- overlays ------------------------------------------------------------------------
def test_overlay_merges_by_id_and_marks_point_into_the_mod(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": (
        "seats:\n"
        "  - id: green\n"
        "    colour: \"#178f8f\"\n"
        "    name: {en: Teal}\n"
        "limits:\n"
        "  max: 6\n")})
    f = load(config, mod)
    assert f.data["seats"][1] == {"id": "green", "name": {"en": "Teal", "ja": "緑"}, "colour": "#178f8f"}
    assert f.data["seats"][0]["colour"] == "#cc0000" and f.data["limits"] == {"max": 6, "min": 1}
    overlay, base = str(mod / "demo" / "seats.yaml"), str(config / "demo" / "seats.yaml")
    assert f.marks["seats.1.colour"] == (overlay, 3)
    assert f.marks["seats.1.name.en"] == (overlay, 4)
    assert f.marks["seats.1.name.ja"] == (base, 7)          # not supplied by the mod
    assert f.marks["limits.max"] == (overlay, 6)
    assert f.marks["limits.min"] == (base, 11)
    assert f.marks["seats.0.colour"] == (base, 4)
    assert all(p in f.marks for p in paths(f.data)), "a merged value without a mark"


def test_replaced_value_forgets_the_base_marks_below_it(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": "seats:\n  - id: red\n    tags: [x]\n"})
    f = load(config, mod)
    assert f.data["seats"][0]["tags"] == ["x"]
    overlay = str(mod / "demo" / "seats.yaml")
    assert f.marks["seats.0.tags"] == (overlay, 3) and f.marks["seats.0.tags.0"] == (overlay, 3)
    assert "seats.0.tags.1" not in f.marks


def test_unknown_id_is_an_error_with_a_hint(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": "seats:\n  - id: gren\n    colour: \"#111111\"\n"})
    with pytest.raises(DataError) as info:
        load(config, mod)
    assert info.value.errors == [
        f"{mod / 'demo' / 'seats.yaml'}:2: seats.0.id: unknown id 'gren' (did you mean 'green'?); "
        f"to add a new entry write 'new: true' in it"]


def test_new_true_adds_an_entry_and_is_not_kept(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": (
        "seats:\n  - id: teal\n    new: true\n    name: {en: Teal, ja: 青緑}\n    colour: \"#178f8f\"\n")})
    f = load(config, mod)
    assert [s["id"] for s in f.data["seats"]] == ["red", "green", "teal"]
    assert f.data["seats"][2] == {"id": "teal", "name": {"en": "Teal", "ja": "青緑"}, "colour": "#178f8f"}
    assert f.marks["seats.2.colour"] == (str(mod / "demo" / "seats.yaml"), 5)
    assert all(p in f.marks for p in paths(f.data)) and "seats.2.new" not in f.marks


def test_new_true_on_an_existing_id_and_entries_without_id(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": (
        "seats:\n  - id: red\n    new: true\n  - colour: \"#000000\"\n  - id: green\n    new: maybe\n"
        "  - id: teal\n    new: true\n  - id: teal\n    new: true\n")})
    with pytest.raises(DataError) as info:
        load(config, mod)
    f = mod / "demo" / "seats.yaml"
    assert info.value.errors == [
        f"{f}:2: seats.0.id: id 'red' already exists in the base data; remove 'new: true' to change that entry",
        f"{f}:4: seats.1: an entry of this list needs an id (lists of entries merge by id)",
        f"{f}:6: seats.2.new: must be true or false (got 'maybe')",
        f"{f}:9: seats.4.id: id 'teal' given twice in this file (first at item 3)",
    ]


def test_an_overlay_needs_a_base_file(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seat.yaml": "seats: []\n"})
    with pytest.raises(DataError) as info:
        M.load_game_files("demo", [mod], config)
    assert info.value.errors == [
        f"{mod / 'demo' / 'seat.yaml'}:1: (file): the game has no data file 'seat' to overlay "
        f"(did you mean 'seats'?) (overlay files take the name of a file in config/demo/)"]


def test_load_order_then_the_order_given(tmp_path, config):
    first = make_mod(tmp_path, "first", {"demo/seats.yaml": "limits: {max: 7}\n"},
                     'id: first\nname: F\nversion: "1"\nload_order: 5\n')
    second = make_mod(tmp_path, "second", {"demo/seats.yaml": "limits: {max: 8}\n"})
    third = make_mod(tmp_path, "third", {"demo/seats.yaml": "limits: {max: 9}\n"})
    assert load(config, first, second).data["limits"]["max"] == 7      # load_order 5 goes last
    assert load(config, second, third).data["limits"]["max"] == 9      # same order: as given
    assert load(config, third, second).data["limits"]["max"] == 8


def test_the_same_folder_twice_loads_once(tmp_path, config):
    mod = make_mod(tmp_path, files={"demo/seats.yaml": "limits: {max: 7}\n"})
    assert M.ordered_mods([mod, str(mod)]) == [mod.resolve()]
    assert load(config, mod, mod).data["limits"]["max"] == 7


def test_two_mods_with_one_id_are_refused(tmp_path, config):
    a = make_mod(tmp_path, "a", manifest='id: same\nname: A\nversion: "1"\n')
    b = make_mod(tmp_path, "b", manifest='id: same\nname: B\nversion: "1"\n')
    with pytest.raises(DataError, match="mod id 'same' is also used by"):
        load(config, a, b)


# --- the folder boundary -------------------------------------------------------------
def test_symlinked_overlay_pointing_outside_is_refused(tmp_path, config):
    secret = tmp_path / "secret.yaml"
    secret.write_text("seats: []\n")
    mod = make_mod(tmp_path)
    (mod / "demo").mkdir()
    os.symlink(secret, mod / "demo" / "seats.yaml")
    with pytest.raises(DataError) as info:
        load(config, mod)
    assert "points outside the mod folder; refused" in str(info.value)


def test_symlink_inside_the_folder_is_refused_too(tmp_path, config):
    mod = make_mod(tmp_path, files={"notes.yaml": "seats: []\n"})
    (mod / "demo").mkdir()
    os.symlink(mod / "notes.yaml", mod / "demo" / "seats.yaml")
    with pytest.raises(DataError, match="symbolic links are not allowed in a mod"):
        load(config, mod)


def test_symlinked_game_folder_is_refused(tmp_path, config):
    mod = make_mod(tmp_path)
    os.symlink(config / "demo", mod / "demo")
    with pytest.raises(DataError, match="outside the mod folder"):
        load(config, mod)


@pytest.mark.parametrize("rel", ["../x.yaml", "/etc/passwd", "images/../../x.png"])
def test_safe_child_refuses_escapes(tmp_path, rel):
    mod = make_mod(tmp_path)
    with pytest.raises(DataError, match="points outside the mod folder; refused"):
        M.safe_child(mod, rel)
    assert M.safe_child(mod, "images/../mod.yaml") == (mod / "mod.yaml").resolve()


# --- manifest ------------------------------------------------------------------------
def test_manifest_errors_are_all_reported(tmp_path):
    mod = make_mod(tmp_path, manifest="id: Bad Mod\nversion: 1.5\nload_ordr: 2\nload_order: high\n")
    m = mod / "mod.yaml"
    errors, _ = M.validate_mod(mod)
    assert errors == [
        f"{m}:1: id: must be lower-case letters, digits, '-' or '_' (at most 64, starting with a letter or digit) (got 'Bad Mod')",
        f"{m}:1: name: required field is missing",
        f"{m}:2: version: must be a text like \"1.0.0\" (got 1.5) — write it in quotes: version: \"1.5\"",
        f"{m}:3: load_ordr: unknown key (did you mean 'load_order'?) (mod.yaml takes id, name, version, load_order, description, author)",
        f"{m}:4: load_order: must be a whole number (got 'high')",
    ]


def test_missing_manifest_and_not_a_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match=r"mod.yaml: \(file\): missing"):
        M.ordered_mods([tmp_path / "empty"])
    with pytest.raises(DataError, match="not a folder"):
        M.ordered_mods([tmp_path / "nowhere"])


# --- translations, images, fonts -------------------------------------------------------
def test_translations_overlay_the_base_by_dotted_key(tmp_path):
    cfg = tmp_path / "config"
    (cfg / "i18n").mkdir(parents=True)
    (cfg / "i18n" / "ja.yaml").write_text("shell:\n  ok: OK\n  back: 戻る\n", encoding="utf-8")
    one = make_mod(tmp_path, "one", {"i18n/ja.yaml": "shell:\n  back: もどる\nmod:\n  one:\n    hi: こんにちは\n    n: 3\n"})
    two = make_mod(tmp_path, "two", {"i18n/ja.yaml": "shell:\n  back: 前へ\n", "i18n/en.yaml": "shell:\n  back: Go back\n"})
    assert M.load_translations("ja", [one], cfg) == {"shell.ok": "OK", "shell.back": "もどる", "mod.one.hi": "こんにちは"}
    assert M.load_translations("ja", [one, two], cfg)["shell.back"] == "前へ"
    assert M.load_translations("ja", None, cfg) == {"shell.ok": "OK", "shell.back": "戻る"}


def test_real_translations_with_the_example_mod():
    strings = M.load_translations("ja", [EXAMPLE])
    assert strings["mod.example.greeting"] == "見本MODへようこそ"
    base = M.load_translations("ja", [])
    assert set(base) <= set(strings) and "mod.example.greeting" not in base


def test_images_and_fonts_by_id_later_mods_win(tmp_path):
    one = make_mod(tmp_path, "one", {"images/pendulum.board.png": png_bytes(),
                                     "images/fake.png": b"GIF89a not a png",
                                     "fonts/title.ttf": tiny_font(),
                                     "fonts/header.otf": b"OTTO" + b"\x00" * 60,   # a header, no font
                                     "fonts/broken.ttf": b"nope"})
    two = make_mod(tmp_path, "two", {"images/pendulum.board.png": png_bytes(8, 8)})
    assert {k: v.resolve() for k, v in M.mod_image_paths([one]).items()} == {
        "pendulum.board": (one / "images" / "pendulum.board.png").resolve()}
    assert M.mod_image_paths([one, two])["pendulum.board"].resolve() == (two / "images" / "pendulum.board.png").resolve()
    assert M.mod_image_paths([two, one])["pendulum.board"].resolve() == (one / "images" / "pendulum.board.png").resolve()
    assert {k: v.resolve() for k, v in M.mod_font_paths([one]).items()} == {"title": (one / "fonts" / "title.ttf").resolve()}
    assert M.png_size(one / "images" / "pendulum.board.png") == (4, 3)


# --- validate-mod ----------------------------------------------------------------------
def test_validate_mod_reports_every_problem(tmp_path, capsys):
    outside = tmp_path / "outside.yaml"
    outside.write_text("shell: {ok: x}\n")
    mod = make_mod(tmp_path, "bad", {
        "i18n/ja.yaml": "shell:\n  okk: はい\n  back: 3\nmod:\n  bad:\n    hi: \"\"\n",
        "i18n/fr.yaml": "shell: {ok: oui}\n",
        "images/pendulum.board.png": b"not a png",
        "images/Big Board.png": png_bytes(),
        "images/notes.txt": "hello",
        "fonts/x.ttf": b"nope",
        "music/a.yaml": "x: 1\n",
        "script.py": "print('hi')\n",
    })
    os.symlink(outside, mod / "i18n" / "en.yaml")
    rc = M.validate_mod_cli(str(mod))
    out = capsys.readouterr().out.splitlines()
    assert rc == 1
    assert sorted(out) == sorted([
        f"{mod}/fonts/x.ttf: (file): not a TrueType/OpenType font (its header is wrong)",
        f"{mod}/i18n/en.yaml: (file): symbolic links are not allowed in a mod (they can point outside the folder); refused",
        f"{mod}/i18n/fr.yaml: (file): unknown language 'fr' (the program speaks en, ja)",
        f"{mod}/images/Big Board.png: (file): file name 'Big Board.png' is not a valid id (lower-case letters, digits, '.', '-', '_')",
        f"{mod}/images/notes.txt: (file): images/ takes .png files",
        f"{mod}/images/pendulum.board.png: (file): not a PNG image (its header is wrong)",
        f"{mod}/script.py: (file): not part of a mod (the top folder holds mod.yaml and README/LICENSE/CREDITS texts)",
        f"{mod}/music: (file): unknown folder 'music' (a mod holds fonts, grailwar, i18n, images, pendulum, sounds)",
        f"{mod}/i18n/ja.yaml:2: shell.okk: unknown text key (did you mean 'shell.ok'?) (keys must exist in config/i18n/en.yaml, or start with 'mod.')",
        f"{mod}/i18n/ja.yaml:3: shell.back: must be a text (got 3)",
        f"{mod}/i18n/ja.yaml:6: mod.bad.hi: must not be empty",
    ])
    ja = [line for line in out if "/ja.yaml:" in line]
    assert ja == sorted(ja, key=lambda line: int(line.split(":")[1]))     # by line within a file


def test_translation_placeholders_must_exist_in_the_base(tmp_path, capsys):
    base = M.load_translations("en", [])
    key, name = next((k, list(p)[0]) for k, v in sorted(base.items())
                     if len(p := M.placeholders(v) or set()) == 1 and len(list(p)[0]) > 2)
    nested = "".join(f"{'  ' * i}{part}:\n" for i, part in enumerate(key.split(".")[:-1]))
    depth = key.count(".")
    wrong = name[:-1] + "x"
    mod = make_mod(tmp_path, "words", {"i18n/ja.yaml": (
        nested + f"{'  ' * depth}{key.split('.')[-1]}: \"保存: {{{wrong}}}\"\n"
        "mod:\n  words:\n    a: \"{x} ok\"\n    b: \"bad {\"\n")})
    assert M.validate_mod_cli(str(mod)) == 1
    f = f"{mod}/i18n/ja.yaml"
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{f}:{depth + 1}: {key}: unknown placeholder {{{wrong}}}")
    assert f"(this text can use {{{name}}})" in out[0]
    assert out[1:] == [f"{f}:{depth + 5}: mod.words.b: unbalanced braces; write {{{{ and }}}} for literal braces"]


def test_validate_mod_checks_game_data_against_the_game(tmp_path, capsys):
    if not games.available("pendulum"):
        pytest.skip("pendulum is not built")
    mod = make_mod(tmp_path, "bad", {"pendulum/seats.yaml": (
        "seats:\n  - id: gren\n    colour: \"#111111\"\n  - id: red\n    colour: 12\n")})
    assert M.validate_mod_cli(str(mod)) == 1
    out = capsys.readouterr().out.splitlines()
    f = f"{mod}/pendulum/seats.yaml"
    assert out[0] == (f"{f}:2: seats.0.id: unknown id 'gren' (did you mean 'green'?); "
                      f"to add a new entry write 'new: true' in it")
    assert len(out) == 2 and out[1].startswith(f"{f}:5: seats.0.colour: ")   # the game's own check, mod line


def test_example_mod_changes_the_game_data():
    if not (M.CONFIG / "pendulum" / "seats.yaml").exists():
        pytest.skip("pendulum data not present")
    seats = M.load_game_files("pendulum", [EXAMPLE])["seats"].data["seats"]
    green = next(s for s in seats if s["id"] == "green")
    assert green["colour"] == "#178f8f" and green["name"]["ja"] == "青緑" and green["letter"] == "G"
    if (M.CONFIG / "grailwar" / "locations.yaml").exists():
        locs = M.load_game_files("grailwar", [EXAMPLE])["locations"].data["locations"]
        loc = next(x for x in locs if x["id"] == "05")
        assert loc["en"] == "The Sealed Tower" and loc["ja"] == "封じられた塔" and "grade" in loc


def test_validate_mod_example_passes_from_the_command_line():
    built = [g for g in games.GAMES if games.available(g)]
    proc = subprocess.run([sys.executable, "main.py", "validate-mod", "mods/example"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == ["mods/example: OK — 2 data overlays, 1 string, 0 images"]
    for g in games.GAMES:
        assert (f"{g} is not built" in proc.stderr) == (g not in built)


def test_validate_mod_of_a_missing_folder(capsys, tmp_path):
    assert M.validate_mod_cli(str(tmp_path / "nope")) == 1
    assert capsys.readouterr().out == f"{tmp_path / 'nope'}: (file): not a folder (validate-mod wants a mod folder with mod.yaml)\n"


def test_images_with_ids_no_screen_uses_get_a_note(tmp_path, capsys):
    mod = make_mod(tmp_path, "skin", {"images/pendulum.board.png": png_bytes(612, 312),
                                      "images/pendulum.worker.red.grande.png": png_bytes(34, 34),
                                      "images/pendulum.bord.png": png_bytes()})
    assert M.validate_mod_cli(str(mod)) == 0
    captured = capsys.readouterr()
    assert captured.out == f"{mod}: OK — 0 data overlays, 0 strings, 3 images\n"
    assert captured.err == ("  note: images/pendulum.bord.png: no screen asks for image id 'pendulum.bord' "
                            "(did you mean 'pendulum.board'?) (see docs/MODDING.md)\n")
