"""The first frame's widgets from a kept picture (tabletop/ui/guishots.py): a screen started
again shows the same first frame without making pygame_gui's widgets first, the widgets
are there right after it and answer clicks, and a damaged or out-of-date picture never
outlives one frame."""
import json

import pygame
import pytest

from tabletop.cachedir import cache_dir
from tabletop.ui import guishots

from .conftest import click


def _start(make_app, target="pendulum", before=None):
    """``(app, first frame as presented, whether pygame_gui's manager existed then)``: a
    fresh game each time (the teaching course would resume where it was left), the start-up
    caches kept."""
    for f in cache_dir().parent.glob("*.json"):
        f.unlink()
    app = make_app(seed=5)
    seen = {}

    def presented():
        seen["frame"] = pygame.image.tobytes(app.presenter.window_image(), "RGB")
        seen["manager"] = app.gui.manager is not None
    app.gui.on_first_frame = presented
    app.start(target)
    if before is not None:
        before(app)
    app.step(1)
    return app, seen["frame"], seen["manager"]


def _frame(app) -> bytes:
    return pygame.image.tobytes(app.presenter.window_image(), "RGB")


def _picture_file():
    files = sorted((cache_dir() / "gui").glob("first-*.txt"))
    assert len(files) == 1
    return files[0]


@pytest.mark.parametrize("target", ["pendulum", "teach"])
def test_a_second_start_shows_the_same_first_frame_from_the_picture(make_app, target):
    first, frame_made, made = _start(make_app, target)
    first.shutdown()
    again, frame_kept, made_again = _start(make_app, target)
    assert made and not made_again          # the second start drew its widgets from the picture
    assert frame_kept == frame_made         # pixel for pixel
    assert again.gui.manager is not None    # and made them right after the frame was presented


def test_the_widgets_made_after_the_first_frame_answer_a_click(make_app):
    _start(make_app)[0].shutdown()
    app, _frame_kept, made = _start(make_app)
    assert not made
    table = app.scenes.top
    assert set(table.buttons()) == {"pause", "done", "menu"}      # real time: Undo hidden
    assert not table.paused
    click(app, table.ui["pause"])
    assert table.paused and table.ui["pause"].text == app.t("pendulum.button.resume")


def test_a_damaged_picture_is_ignored_and_written_again(make_app):
    app, frame_made, _made = _start(make_app)
    app.shutdown()
    path = _picture_file()
    path.write_text(path.read_text()[:200] + "garbage", encoding="utf-8")
    app, frame, made = _start(make_app)
    assert made and frame == frame_made      # as a first start: the widgets made before the frame
    app.shutdown()
    _app, frame, made = _start(make_app)
    assert not made and frame == frame_made  # the picture was written again


def test_an_out_of_date_picture_shows_for_one_frame_and_is_replaced(make_app):
    app, frame_made, _made = _start(make_app)
    app.step(1)
    still = _frame(app)
    app.shutdown()
    path = _picture_file()
    key = json.loads(path.read_text(encoding="utf-8").partition("\n")[0])["key"]
    picture = guishots.load(key)
    image = picture[0][0].copy()
    image.fill((255, 0, 0, 255))              # as if a label had changed since it was kept
    guishots.save(key, [(image, *picture[0][1:]), *picture[1:]])
    app, frame, made = _start(make_app)
    assert not made and frame != frame_made   # the picture as kept...
    app.step(1)
    assert _frame(app) == still               # ...for one frame: then the real widgets
    assert guishots.same(guishots.load(key), guishots.entries(app.gui.manager))   # kept again as they are


def test_a_screen_keeps_one_picture_however_far_it_is_played(make_app):
    app = make_app()
    image = pygame.Surface((4, 4), pygame.SRCALPHA)
    early, later = (guishots.full_key(app, [f"teach False {n} 0 {n} False"]) for n in (0, 7))
    guishots.save(early, [(image, pygame.Rect(1, 2, 4, 4), None, 0)])
    guishots.save(later, [(image, pygame.Rect(1, 2, 4, 4), None, 0)])
    assert len(list((cache_dir() / "gui").iterdir())) == 1      # the later picture replaced the early one
    assert guishots.load(early) is None and len(guishots.load(later)) == 1


def test_a_first_frame_with_other_widgets_makes_its_own_and_keeps_the_picture_as_it_was(make_app):
    _start(make_app)[0].shutdown()
    kept = _picture_file().read_bytes()
    app, _frame, made = _start(make_app, before=lambda a: a.message("a notice before the first frame"))
    assert made and app.dialog is not None and set(app.scenes.top.buttons()) == {"pause", "done", "menu"}
    assert _picture_file().read_bytes() == kept      # no picture of the notice over the table
