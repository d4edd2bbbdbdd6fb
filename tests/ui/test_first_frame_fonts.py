"""The first frame's fonts from the last start's record (tabletop/ui/fontmemo.py): a screen
started again draws the same first frame, pixel for pixel, without opening a font face; a
damaged, foreign or missing record only costs the faces being opened, and is written again;
after the first frame every face answers for itself."""
import json

import pygame
import pytest

from tabletop.cachedir import cache_dir


@pytest.fixture
def opens(monkeypatch):
    """How many font faces were opened (pygame.font.Font made) so far."""
    count = [0]
    real = pygame.font.Font

    class Counting(real):
        def __init__(self, *a, **kw):
            count[0] += 1
            super().__init__(*a, **kw)
    monkeypatch.setattr(pygame.font, "Font", Counting)
    return count


def _start(make_app, opens, target="teach", lang="en"):
    """``(app, first frame as presented, faces opened until then)``; a fresh game each time
    (the teaching course would resume where it was left)."""
    for f in cache_dir().parent.glob("*.json"):
        f.unlink()
    app = make_app(seed=5, lang=lang, command=None if target == "launcher" else target)
    seen = {}

    def presented():
        seen["frame"] = pygame.image.tobytes(app.presenter.window_image(), "RGB")
        seen["opened"] = opens[0]
    app.gui.on_first_frame = presented
    opens[0] = 0
    app.start(target)
    app.step(1)
    return app, seen["frame"], seen["opened"]


def _record():
    files = sorted((cache_dir() / "fonts").glob("first-*.bin"))
    assert len(files) == 1
    return files[0]


@pytest.mark.parametrize("target,lang", [("launcher", "en"), ("teach", "en"), ("teach", "ja"), ("grailwar", "ja")])
def test_a_second_start_draws_the_same_first_frame_without_opening_a_face(make_app, opens, target, lang):
    first, frame_made, opened = _start(make_app, opens, target, lang)
    first.shutdown()
    _again, frame_kept, opened_again = _start(make_app, opens, target, lang)
    assert opened > 0 and opened_again == 0
    assert frame_kept == frame_made


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign", "bad item", "huge empty line", "missing"])
def test_a_damaged_foreign_or_missing_record_is_ignored_and_written_again(make_app, opens, damage):
    app, frame_made, _opened = _start(make_app, opens)
    app.shutdown()
    path = _record()
    head, _, body = path.read_bytes().partition(b"\n")
    meta = json.loads(head)
    if damage == "garbage":
        path.write_bytes(head[:100] + b"\x00garbage")
    elif damage == "truncated":
        path.write_bytes(head + b"\n" + body[: len(body) // 2])
    elif damage == "foreign":                   # another pygame's: its answers may differ
        meta["key"][1] = "0.0.1"
        path.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    elif damage == "bad item":
        meta["items"][0] = ["x", None, "render", 5]
        path.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    elif damage == "huge empty line":           # the pixels' checksum holds; a line of no pixels
        meta["items"].append([20, False, "render", "x", True, [1, 2, 3, 255], None, 0, 10**6, 10**6, "empty", []])
        path.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    else:
        path.unlink()
    app, frame, opened = _start(make_app, opens)
    assert opened > 0 and frame == frame_made      # as a first start: the faces answered
    app.shutdown()
    _app, frame, opened = _start(make_app, opens)
    assert opened == 0 and frame == frame_made     # the record was written again


def _forge_size(text: str, size: int, answer) -> None:
    """The record says ``font(size).size(text)`` is ``answer``."""
    path = _record()
    head, _, body = path.read_bytes().partition(b"\n")
    meta = json.loads(head)
    meta["items"].append([size, False, "size", text, *answer])
    path.write_bytes(json.dumps(meta).encode() + b"\n" + body)


def test_the_record_answers_only_until_the_first_frame_is_shown_or_a_face_is_styled(make_app, opens):
    app, _frame, _opened = _start(make_app, opens, "launcher")
    real = app.font(26).size("Kept?")
    app.shutdown()
    _forge_size("Kept?", 26, (999, 99))
    _forge_size("Styled?", 26, (999, 99))
    app = make_app(lang="en")
    app.start("launcher")
    font = app.font(26)
    assert tuple(font.size("Kept?")) == (999, 99)         # it is the record that answers
    font.underline = True                                 # a style: the face answers from now on
    assert tuple(font.size("Styled?")) != (999, 99)
    assert font.underline
    other = app.font(26, bold=False)
    app.step(1)
    assert tuple(app.font(26).size("Kept?")) == real       # after the first frame: the face itself
    assert isinstance(app.font(61), pygame.font.Font)
    assert other is font
