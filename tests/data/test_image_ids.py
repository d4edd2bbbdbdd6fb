"""The registry of image ids, the table in docs/MODDING.md, and validate-mod's image checks
(unknown ids, aspect, size, and hostile files: never a crash or a hang)."""
import re
import struct
import time
import zlib
from pathlib import Path

import pytest

from tabletop import games
from tabletop.data import image_ids as I
from tabletop.data import mods as M

ROOT = Path(__file__).resolve().parents[2]


def _png(w, h, body=None) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = body if body is not None else zlib.compress(b"".join(b"\x00" + b"\x80\x40\x20" * w for _ in range(h)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def _mod(tmp_path, images: dict[str, bytes]) -> Path:
    folder = tmp_path / "m"
    (folder / "images").mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: m\nname: M\nversion: "1"\n', encoding="utf-8")
    for name, data in images.items():
        (folder / "images" / name).write_bytes(data)
    return folder


def test_modding_doc_table_is_the_generated_one():
    doc = (ROOT / "docs" / "MODDING.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- image-ids:start -->\n(.*?)<!-- image-ids:end -->", doc, re.S)
    assert m, "docs/MODDING.md lost its generated table markers"
    assert m.group(1) == I.markdown(), "regenerate it: python -m tabletop.data.image_ids --markdown"


def test_every_item_in_the_data_has_its_own_id():
    ids = I.expand()
    rules = games.load("pendulum").make_rules()
    for pid in rules.provinces:
        assert f"pendulum.province.{pid}" in ids
    for a in rules.achievements:
        assert f"pendulum.achievement.{a}" in ids
    for c in rules.characters:
        assert f"pendulum.character.{c}" in ids
    for sd in rules.seat_defs:
        assert f"pendulum.worker.{sd.id}.grande" in ids and f"pendulum.token.seat.{sd.id}" in ids
    for grade in ("core", "great", "medium", "small", "none"):
        assert f"grailwar.location.{grade}" in ids
    assert {"shell.backdrop", "pendulum.mat", "pendulum.hourglass.green.frame", "pendulum.sand.purple",
            "grailwar.die.d10", "grailwar.die.d100"} <= set(ids)
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", i) for i in ids)


def test_a_mods_new_province_gets_an_id(tmp_path):
    base = I.expand()
    mod = ROOT / "mods" / "more-content"
    added = set(I.expand([mod])) - set(base)
    assert any(i.startswith("pendulum.province.") for i in added)


def test_problems_name_aspect_and_size():
    known = I.expand()
    assert I.problems("pendulum.board", (1224, 624), known) == []
    assert I.problems("pendulum.board", (612, 312), known) == []        # half size: still fine
    aspect = I.problems("pendulum.board", (1000, 1000), known)
    assert len(aspect) == 1 and "stretched" in aspect[0]
    small = I.problems("pendulum.board", (300, 153), known)
    assert len(small) == 1 and "too small" in small[0] and "612x312" in small[0]
    assert I.problems("grailwar.die.d6", (70, 70), known) == []            # its own size, not d10's


def test_validate_mod_notes_unknown_ids_aspect_and_size(tmp_path, capsys):
    mod = _mod(tmp_path, {"pendulum.provnce.prov01.png": _png(74, 118),
                          "pendulum.province.prov01.png": _png(118, 74),
                          "pendulum.mat.png": _png(40, 8),
                          "grailwar.map.png": _png(1120, 712)})
    assert M.validate_mod_cli(str(mod)) == 0
    err = capsys.readouterr().err
    assert "images/pendulum.provnce.prov01.png: no screen asks for image id 'pendulum.provnce.prov01' " \
           "(did you mean 'pendulum.province.prov01'?)" in err
    assert "images/pendulum.province.prov01.png: aspect 118x74" in err
    assert "images/pendulum.mat.png: 40x8 is too small for the drawn 420x76" in err
    assert "grailwar.map" not in err


@pytest.mark.parametrize("name,data,message", [
    ("jpeg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 64, "not a PNG image (its header is wrong)"),
    ("gif", b"GIF89a" + b"\x00" * 64, "not a PNG image (its header is wrong)"),
    ("bomb", _png(20000, 20000, zlib.compress(b"\x00" * 1000)), "image is 20000x20000; each side must be 1..8192"),
    ("wide", _png(4096, 8000, zlib.compress(b"\x00" * 1000)), "at most 16,777,216 per image"),
    ("truncated", _png(74, 118)[:60], "runs past the end of the file (damaged image)"),
    ("empty", b"", "not a PNG image (its header is wrong)"),
])
def test_hostile_images_are_refused_from_the_header_with_the_file_named(tmp_path, name, data, message):
    mod = _mod(tmp_path, {"pendulum.mat.png": data})
    t0 = time.perf_counter()
    errors, _ = M.validate_mod(mod)
    assert time.perf_counter() - t0 < 20                # never decoded, never a hang
    assert len(errors) == 1 and errors[0].startswith(f"{mod}/images/pendulum.mat.png: (file): ")
    assert message in errors[0]
    assert M.mod_image_paths([mod]) == {}               # the game never opens it


def test_a_decompression_bomb_inside_the_budget_is_drawn_without_hanging(tmp_path):
    """A 4096x4096 PNG of zeros (a few KB on disk) passes the header checks; the game decodes
    it once and scales it once."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from tabletop.ui.assets import Assets
    raw = zlib.compress(b"".join(b"\x00" + b"\x00\x00\x00" * 4096 for _ in range(4096)), 9)
    mod = _mod(tmp_path, {"pendulum.board.png": _png(4096, 4096, raw)})
    assert len(raw) < 200_000
    pygame.init()
    t0 = time.perf_counter()
    img = Assets([str(mod)]).image("pendulum.board", (1224, 624))
    assert img is not None and img.get_size() == (1224, 624)
    assert time.perf_counter() - t0 < 20


def test_the_paper_theme_replaces_every_image_id_and_passes_validate_mod():
    pack = ROOT / "mods" / "paper-theme"
    errors, counts = M.validate_mod(pack)
    assert errors == [] and counts["notes"] == []
    assert set(M.mod_image_paths([pack])) == set(I.expand())          # every id, nothing else
    assert counts["sounds"] == 2
