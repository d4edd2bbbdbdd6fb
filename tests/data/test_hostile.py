"""Hostile mods (issue 14, item 1): what validate-mod accepts, the program can run.

Each mod under tests/data/hostile/mods/ once passed validate-mod and then crashed the
program (or validate-mod itself); each is now refused with one ``file:line: field:
message`` line. The rest are built in a temporary folder (links, pipes, big images)."""
from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from tabletop import cli
from tabletop.data import mods as M
from tabletop.ui.i18n import Strings
from tests.data.fonts import tiny_font

HOSTILE = Path(__file__).parent / "hostile" / "mods"

# mod folder -> (file, line, field, words the message must hold)
REFUSED = {
    "format-width": ("i18n/en.yaml", 3, "shell.launcher.language", "width up to 40"),
    "format-attribute": ("i18n/en.yaml", 3, "shell.launcher.language", "must be a plain name"),
    "format-internals": ("i18n/en.yaml", 3, "shell.launcher.language", "must be a plain name"),
    "format-index": ("i18n/en.yaml", 3, "shell.setup.players", "must be a plain name"),
    "format-conversion": ("i18n/en.yaml", 3, "shell.setup.players", "may not use a conversion"),
    "nul-text": ("i18n/en.yaml", 2, "shell.title", "control character U+0000"),
    "control-text": ("pendulum/seats.yaml", 3, "seats.0.name.en", "control character U+001B"),
    "banana-colour": ("pendulum/seats.yaml", 3, "seats.0.colour", "'banana' is not a colour"),
    "huge-number": ("grailwar/locations.yaml", 3, "locations.0.grade", "number written with 5000 characters"),
    "infinite-number": ("grailwar/locations.yaml", 3, "locations.0.grade", "not a usable number"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_hostile_mod_is_refused_with_file_line_and_field(name, capsys):
    rel, line, field, words = REFUSED[name]
    folder = HOSTILE / name
    assert cli.main(["validate-mod", str(folder)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    lines = out.out.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{folder}/{rel}:{line}: {field}: ") and words in lines[0], lines[0]


@pytest.mark.parametrize("name", sorted(REFUSED) + ["garbage-font"])
def test_a_game_with_a_hostile_mod_never_starts(name, capsys):
    assert cli.main(["--mod", str(HOSTILE / name), "--frames", "1", "pendulum"]) == 1
    assert "the mod has errors; nothing was started" in capsys.readouterr().err


def test_unsafe_mod_texts_are_never_formatted_even_if_loaded_without_validation():
    for name in ("format-width", "format-attribute", "format-internals"):
        s = Strings("en", [str(HOSTILE / name)])
        assert s.t("shell.launcher.language", language="English") == "Language / 言語: English"
    s = Strings("en", [str(HOSTILE / "format-index")])
    assert s.t("shell.setup.players", n=3) == "Players: 3"


def test_a_font_with_a_good_header_and_a_garbage_body_is_refused(tmp_path):
    mod = HOSTILE / "garbage-font"
    errors, _ = M.validate_mod(mod)
    assert errors == [f"{mod}/fonts/evil-regular.ttf: (file): not a usable font: table 'cmap' is missing"]
    assert M.mod_font_paths([mod]) == {}        # never handed to pygame
    # a real font whose tables are damaged after the directory
    good = tiny_font()
    folder = tmp_path / "m"
    (folder / "fonts").mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: m\nname: M\nversion: "1"\n', encoding="utf-8")
    (folder / "fonts" / "ok-regular.ttf").write_bytes(good)
    bad = bytearray(good)
    for i in range(len(bad) // 2, len(bad)):
        bad[i] = (bad[i] * 7 + 0x5A) & 0xFF
    (folder / "fonts" / "bad-bold.ttf").write_bytes(bytes(bad))
    errors, counts = M.validate_mod(folder)
    assert len(errors) == 1 and errors[0].startswith(f"{folder}/fonts/bad-bold.ttf: (file): not a")
    assert list(M.mod_font_paths([folder])) == ["ok-regular"]


def _png(w: int, h: int, body: bytes | None = None) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", body if body is not None else zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def _mod(tmp_path, name="m") -> Path:
    folder = tmp_path / name
    (folder / "images").mkdir(parents=True)
    (folder / "mod.yaml").write_text(f'id: {name}\nname: M\nversion: "1"\n', encoding="utf-8")
    return folder


def test_pixel_budget_per_image_and_per_mod(tmp_path):
    one = _mod(tmp_path, "one")
    (one / "images" / "pendulum.board.png").write_bytes(_png(8192, 8192))
    errors, _ = M.validate_mod(one)
    assert errors == [f"{one}/images/pendulum.board.png: (file): image is 8192x8192 = 67,108,864 pixels; "
                      f"at most 16,777,216 per image (e.g. 4096x4096)"]
    assert M.mod_image_paths([one]) == {}
    six = _mod(tmp_path, "six")
    for i in range(6):
        (six / "images" / f"pendulum.worker.c{i}.common.png").write_bytes(_png(4096, 4096))
    errors, _ = M.validate_mod(six)
    assert len(errors) == 1 and "images add up to over 50,331,648 pixels" in errors[0]
    assert len(M.mod_image_paths([six])) == 3     # never more than the budget is loaded


def test_a_png_with_a_damaged_body_is_refused(tmp_path):
    folder = _mod(tmp_path)
    data = bytearray(_png(4, 4))
    data[-20] ^= 0xFF                          # inside IDAT: its checksum no longer matches
    (folder / "images" / "pendulum.board.png").write_bytes(bytes(data))
    errors, _ = M.validate_mod(folder)
    assert errors == [f"{folder}/images/pendulum.board.png: (file): chunk b'IDAT' has a wrong checksum (damaged image)"]


def test_hard_links_and_pipes_in_a_mod_are_refused(tmp_path):
    secret = tmp_path / "outside.yaml"
    secret.write_text("shell:\n  title: secret\n", encoding="utf-8")
    folder = _mod(tmp_path)
    (folder / "i18n").mkdir()
    os.link(secret, folder / "i18n" / "en.yaml")
    os.mkfifo(folder / "i18n" / "ja.yaml")
    errors, _ = M.validate_mod(folder)
    assert f"{folder}/i18n/en.yaml: (file): a hard link (the file has 2 names, one may be outside the mod); " \
           f"copy the file instead; refused" in errors
    assert f"{folder}/i18n/ja.yaml: (file): not a regular file (a pipe, device or socket); refused" in errors
    assert M.load_translations("en", [folder])["shell.title"] != "secret"


def test_every_shipped_text_is_a_safe_format_string():
    for lang in M.LANGS:
        for key, text in M.base_strings(lang).items():
            assert M.format_problem(text) is None, (lang, key, text)


def test_a_four_megabyte_title_is_refused_at_its_line(tmp_path):
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "mod.yaml").write_text('id: big\nversion: "1"\nname: "' + "A" * (4 * 1024 * 1024) + '"\n',
                                     encoding="utf-8")
    errors, _ = M.validate_mod(folder)
    assert errors == [f"{folder}/mod.yaml:3: name: text of 4,194,304 characters; at most 4,000"]


def test_a_mods_sounds_are_checked_and_a_sound_folder_is_allowed(tmp_path):
    import shutil
    folder = tmp_path / "snd"
    (folder / "sounds").mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: snd\nname: S\nversion: "1"\n', encoding="utf-8")
    shutil.copy(Path(__file__).parents[2] / "assets" / "sounds" / "dice_roll.wav", folder / "sounds" / "dice_roll.wav")
    errors, counts = M.validate_mod(folder)
    assert errors == [] and counts["sounds"] == 1
    (folder / "sounds" / "dice_land.wav").write_bytes(b"RIFF\x00\x00")
    errors, _ = M.validate_mod(folder)
    assert len(errors) == 1 and errors[0].startswith(f"{folder}/sounds/dice_land.wav: (file): not a readable PCM WAV")
