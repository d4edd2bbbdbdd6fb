"""The launcher's first frame kept as the window showed it (tabletop/ui/frameshot.py): a second
start presents the same pixels without drawing a logical frame first, and draws the real one
right after; a damaged, foreign, truncated, stale or missing picture never breaks start-up
and is written again; game screens and a frame with a dialog keep no picture."""
import json
import zlib

import pygame
import pytest

from tabletop.cachedir import cache_dir


def _start(make_app, lang="en", target="launcher", before=None):
    """``(app, window bytes as presented, the frame as the window shows it at rest)``."""
    app = make_app(lang=lang, command=None if target == "launcher" else target)
    seen = {}

    def presented():
        seen["window"] = pygame.image.tobytes(app.presenter.window, "RGB")
        seen["drawn"] = app.presenter.stand_in is None     # False: the picture stands in, nothing drawn yet
        seen["rest"] = pygame.image.tobytes(app.presenter.window_image(), "RGB")
    app.gui.on_first_frame = presented
    app.start(target)
    if before is not None:
        before(app)
    app.step(1)
    return app, seen


def _picture():
    files = sorted((cache_dir() / "frames").glob("first-*.bin"))
    assert len(files) == 1
    return files[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_second_start_presents_the_kept_frame_pixel_for_pixel(make_app, lang):
    first, made = _start(make_app, lang)
    assert not first.first_picture.used
    first.step(3)
    later_made = pygame.image.tobytes(first.presenter.window, "RGB")
    first.shutdown()
    again, kept = _start(make_app, lang)
    assert made["drawn"] and again.first_picture.used and not kept["drawn"]
    assert kept["window"] == made["window"]          # what the window showed first
    assert kept["rest"] == made["rest"]              # the frame asked for while the picture stands in
    again.step(3)
    assert pygame.image.tobytes(again.presenter.window, "RGB") == later_made   # smoothed as before
    assert len(set(made["window"][i:i + 3] for i in range(0, 300000, 3))) > 3   # a drawn frame, not a fill


def test_the_real_frame_is_drawn_right_after_the_picture_and_menus_work(make_app):
    _start(make_app)[0].shutdown()
    app, _ = _start(make_app)
    assert app.first_picture.used
    app.step(2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.step(2)
    assert app.scenes.top.menu.focused.key == "teach"


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign", "pixels", "header only", "missing"])
def test_a_damaged_foreign_or_missing_picture_is_not_shown_and_is_written_again(make_app, damage):
    app, made = _start(make_app)
    app.shutdown()
    path = _picture()
    head, _, body = path.read_bytes().partition(b"\n")
    meta = json.loads(head)
    if damage == "garbage":
        path.write_bytes(b"\x00garbage\n" + body[:1000])
    elif damage == "truncated":
        path.write_bytes(head + b"\n" + body[: len(body) // 2])
    elif damage == "foreign":                           # another window size's
        meta["key"][2] = [1600, 900]
        path.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    elif damage == "pixels":                            # the length holds, the checksum does not
        path.write_bytes(head + b"\n" + bytes(len(body)))
    elif damage == "header only":
        path.write_bytes(head[:40])
    else:
        path.unlink()
    again, seen = _start(make_app)
    assert not again.first_picture.used
    assert seen["window"] == made["window"] and seen["rest"] == made["rest"]
    again.shutdown()
    third, kept = _start(make_app)                      # written again: used at the next start
    assert third.first_picture.used and kept["window"] == made["window"]


def test_a_stale_picture_shows_once_and_is_written_again(make_app):
    app, made = _start(make_app)
    app.shutdown()
    path = _picture()
    head, _, body = path.read_bytes().partition(b"\n")
    meta = json.loads(head)
    other = bytes(255 - b for b in body[:4096]) + body[4096:]      # e.g. a translation changed since
    meta["crc32"] = zlib.crc32(other)
    path.write_bytes(json.dumps(meta).encode() + b"\n" + other)
    stale, seen = _start(make_app)
    assert stale.first_picture.used and seen["window"] != made["window"]
    assert seen["rest"] == made["rest"]                 # the real frame is drawn right after
    stale.shutdown()
    again, kept = _start(make_app)
    assert again.first_picture.used and kept["window"] == made["window"]


@pytest.mark.parametrize("target", ["teach", "grailwar"])
def test_a_game_screen_keeps_no_picture(make_app, target):
    app, _ = _start(make_app, target=target)
    app.step(2)
    assert not app.first_picture.used
    assert not list((cache_dir() / "frames").glob("*"))


def test_a_first_frame_with_a_dialog_keeps_no_picture_and_shows_none(make_app):
    _start(make_app)[0].shutdown()
    app, _ = _start(make_app, before=lambda a: a.message("Hello"))
    assert not app.first_picture.used
    assert app.dialog is not None
