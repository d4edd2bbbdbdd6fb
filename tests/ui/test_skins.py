"""Skins: with no mod every screen looks as the built-in drawing; a mod's image replaces a
component (text still drawn over it); the mod preview's contact sheet.

"Looks as today" is checked against the same screens drawn with every skin lookup forced to
miss (``skin.built_in_only``), not against stored reference PNGs: the comparison then stays
exact while other work changes how the screens look."""
import struct
import zlib

import pygame
import pytest

from tabletop.ui import skin

SCREENS = [("launcher", {}), ("pendulum", {"seats": ["human", "bot", "bot", "bot"]}), ("grailwar", {}),
           ("pendulum", {"seats": ["human", "human", "human"], "mode": "timetrack"})]     # the time track shown
SCREEN_IDS = ["launcher", "pendulum", "grailwar", "pendulum-timetrack"]


def _png(w, h, rgb=(255, 0, 255)) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _mod(tmp_path, images: dict[str, bytes]):
    folder = tmp_path / "skinmod"
    (folder / "images").mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: skinmod\nname: Skin\nversion: "1"\n', encoding="utf-8")
    for image_id, data in images.items():
        (folder / "images" / f"{image_id}.png").write_bytes(data)
    return folder


def _frame(make_app, start, lang="en", **over):
    app = make_app(lang=lang, seed=5, **over)
    app.start(start)
    app.step(40)
    return pygame.image.tobytes(app.presenter.window_image(), "RGB")


@pytest.mark.parametrize("start,over", SCREENS, ids=SCREEN_IDS)
def test_with_no_mod_each_screen_is_pixel_for_pixel_the_built_in_drawing(make_app, start, over):
    """Every draw site asks the skin first; with no image anywhere the screen must be exactly
    what the procedural drawing alone makes (the lookup path adds, moves or hides nothing)."""
    normal = _frame(make_app, start, **over)
    with skin.built_in_only():
        forced = _frame(make_app, start, **over)
    assert normal == forced


def _end_screen(make_app, **over):
    """The Pendulum end screen of a three-seat time-track game, as the window shows it."""
    from pendulum.ui.endscreen import EndScreen
    app = make_app(seed=5, seats=["human", "human", "human"], mode="timetrack", **over)
    app.start("pendulum")
    app.step(3)
    app.scenes.push(EndScreen(app, app.scenes.top))
    app.step(5)
    return pygame.image.tobytes(app.presenter.window_image(), "RGB")


def test_with_no_mod_the_pendulum_end_screen_is_pixel_for_pixel_the_built_in_drawing(make_app):
    """The end screen's backdrop, seat panels and track spaces ask the skin too."""
    normal = _end_screen(make_app)
    with skin.built_in_only():
        forced = _end_screen(make_app)
    assert normal == forced


def _count(frame: bytes, rgb, box=(0, 0, 1280, 720)) -> int:
    surf = pygame.image.frombytes(frame, (1280, 720), "RGB")
    x0, y0, w, h = box
    return sum(1 for x in range(x0, x0 + w, 2) for y in range(y0, y0 + h, 2)
               if max(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], rgb)) < 12)


def test_a_mod_reskins_the_end_panels_the_track_spaces_and_the_launcher_buttons(make_app, tmp_path):
    green, blue, magenta = (20, 220, 40), (20, 40, 230), (255, 0, 255)
    mod = _mod(tmp_path, {"pendulum.end.panel": _png(880, 150, green),
                          "pendulum.track.power.step": _png(26, 26, blue),
                          "shell.button.focused": _png(640, 82, magenta)})
    plain, skinned = _end_screen(make_app), _end_screen(make_app, mod=[str(mod)])
    rows = (40, 107, 587, 300)              # the seat panels, left half of the end screen (logical 60,160 ..)
    assert _count(plain, green, rows) == 0 and _count(skinned, green, rows) > 2000
    assert _count(plain, blue, rows) == 0 and _count(skinned, blue, rows) > 100
    launcher = _frame(make_app, "launcher", mod=[str(mod)])
    menu = (753, 147, 427, 55)              # the focused first button (logical 1130,220 640x82)
    assert _count(launcher, magenta, menu) > 1500
    assert _count(_frame(make_app, "launcher"), magenta, menu) == 0


@pytest.mark.parametrize("start,over,image_id,size", [
    ("launcher", {}, "shell.backdrop", (960, 540)),
    ("pendulum", {"seats": ["human", "bot", "bot", "bot"]}, "pendulum.board", (612, 312)),
    ("grailwar", {}, "grailwar.map", (560, 356)),
])
def test_a_mod_image_replaces_the_component_and_text_stays_drawn_over_it(make_app, tmp_path, start, over,
                                                                       image_id, size):
    mod = _mod(tmp_path, {image_id: _png(*size)})
    plain = _frame(make_app, start, **over)
    skinned = _frame(make_app, start, mod=[str(mod)], **over)
    assert plain != skinned
    surf = pygame.image.frombytes(skinned, (1280, 720), "RGB")
    magenta = sum(1 for x in range(0, 1280, 4) for y in range(0, 720, 4)
                  if max(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], (255, 0, 255))) < 12)
    assert magenta > 500                  # the image is on screen, scaled to the component
    ja = _frame(make_app, start, lang="ja", mod=[str(mod)], **over)
    assert ja != skinned                  # the words over it follow the language


def test_scaled_images_are_cached_per_size_and_the_cache_is_bounded(make_app, tmp_path):
    from tabletop.ui.assets import Assets
    mod = _mod(tmp_path, {"pendulum.mat": _png(420, 76)})
    make_app()                               # a display, as in the game
    assets = Assets([str(mod)])
    first = assets.image("pendulum.mat", (210, 38))
    assert assets.image("pendulum.mat", (210, 38)) is first          # scaled once, not per frame
    assert first.get_size() == (210, 38)
    assets.scaled.max_items = 3
    for w in range(10, 20):
        assets.image("pendulum.mat", (w, 5))
    assert len(assets.scaled) == 3


def test_a_sand_swatch_sets_the_colour_of_the_sand(make_app, tmp_path):
    mod = _mod(tmp_path, {"pendulum.sand.green": _png(16, 16, (10, 200, 30))})
    app = make_app(mod=[str(mod)])
    assert skin.colour(app, "pendulum.sand.green", (1, 2, 3)) == (10, 200, 30)
    assert skin.colour(app, "pendulum.sand.black", (1, 2, 3)) == (1, 2, 3)


def test_preview_mod_draws_each_replaced_image_beside_the_built_in_one_with_warnings(make_app, tmp_path):
    from tabletop.ui.preview import contact_sheet
    mod = _mod(tmp_path, {"pendulum.province.prov01": _png(74, 118, (0, 200, 0)),
                          "pendulum.board": _png(300, 300, (0, 0, 230)),        # square and small: warned
                          "pendulum.bord": _png(10, 10)})                       # no screen asks for it
    app = make_app()
    sheet, counts = contact_sheet(app, mod)
    assert counts == {"replaced": 2, "warnings": 1, "unknown": ["pendulum.bord"]}
    colours = {tuple(sheet.get_at((x, y)))[:3] for x in range(0, sheet.get_width(), 3)
               for y in range(0, sheet.get_height(), 3)}
    assert (0, 200, 0) in colours and (0, 0, 230) in colours       # both images are on the sheet
    assert (58, 48, 38) in colours                                  # the built-in board beside them
    assert any(r > 150 and g < 60 and b < 60 for r, g, b in colours)     # the red warning text


def test_preview_mod_command_writes_a_png_headless(tmp_path, capsys):
    from tabletop import cli
    mod = _mod(tmp_path, {"pendulum.mat": _png(420, 76)})
    out = tmp_path / "sheet.png"
    assert cli.main(["preview-mod", str(mod), "--out", str(out)]) == 0
    assert f"{out}: 1 images, 0 with warnings, 0 with ids no screen asks for" in capsys.readouterr().out
    assert pygame.image.load(str(out)).get_width() > 1000


def test_preview_mod_draws_the_words_over_each_image_in_english_and_in_japanese(make_app, tmp_path, monkeypatch):
    from tabletop import games
    from tabletop.ui.preview import contact_sheet
    mod = _mod(tmp_path, {"pendulum.province.prov07": _png(74, 118)})
    app = make_app()
    drawn = []
    text = app.text
    monkeypatch.setattr(app, "text", lambda s, *a, **k: (drawn.append(s), text(s, *a, **k))[1])
    contact_sheet(app, mod)
    rules = games.load("pendulum").make_rules()
    en, ja = rules.name("prov07", "en"), rules.name("prov07", "ja")
    assert en != ja and en in drawn and ja in drawn
