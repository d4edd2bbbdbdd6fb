"""A game screen opened by the command line draws its first frame straight onto the App's
frame and makes its own full-size layers right after that frame is shown (start-up: two
1920x1080 surfaces, about 4,000 fresh pages, fewer before it). Every frame, the first and
the later ones (bots moving, sand running, partial repaints), has exactly the pixels it had
when the layers were made before the first frame."""
import pygame
import pytest

from tabletop.ui.app import App, default_args

from grailwar.ui import frame as grailwar_frame
from grailwar.ui.mapview import MapView
from pendulum.ui import render as R
from pendulum.ui import renderer as pendulum_renderer
from pendulum.ui import view as V

SAMPLES = (1, 2, 3, 8, 30, 60, 75)    # frames (1-based) whose pixels are compared
WHOLE = 60                            # this frame is painted whole from what the screen kept


def _frames(target, lang, monkeypatch, tmp_path, name, moves=()):
    """The frames SAMPLES of ``python main.py TARGET --seed 7``, as the window shows them
    (the App's frame, widgets included); ``moves``: (frame, window position) of the pointer;
    frame WHOLE is painted whole (as after a window's expose)."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / name))     # caches of its own
    app = App(default_args(size=(1280, 720), lang=lang, seed=7, command=target))
    try:
        app.start(target)
        shots = {}
        for i in range(1, SAMPLES[-1] + 1):
            for frame, pos in moves:
                if frame == i:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                         buttons=(0, 0, 0), touch=False))
            if i == WHOLE:
                app.invalidate()
            app.step(1)
            if i in SAMPLES:
                shots[i] = pygame.image.tobytes(app.presenter.logical, "RGB")
        return shots
    finally:
        app.shutdown()


def _layers_made_first(monkeypatch):
    """The table as it was: its static layer made before its first frame is drawn."""
    prepare = pendulum_renderer.TableRenderer.prepare

    def before(self):
        t = self.table
        if self.static is None:
            self.static = R.build_static(t.app, t.layout, t.rules, V.table_info(t.rules, t.n))
        prepare(self)
    monkeypatch.setattr(pendulum_renderer.TableRenderer, "prepare", before)


@pytest.mark.parametrize("target", ["pendulum", "teach"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_pendulum_tables_frames_are_those_of_layers_made_first(target, lang, monkeypatch, tmp_path):
    moves = [(20, (640, 300)), (50, (200, 120))]       # a tooltip comes and goes: whole repaints
    direct = _frames(target, lang, monkeypatch, tmp_path, "direct", moves)
    _layers_made_first(monkeypatch)
    made = _frames(target, lang, monkeypatch, tmp_path, "made", moves)
    assert direct.keys() == made.keys() == set(SAMPLES)
    for frame in SAMPLES:
        assert direct[frame] == made[frame], f"{target} {lang}: frame {frame} differs"
    assert direct[1] != direct[75]          # the game moved: later frames were compared too


@pytest.mark.parametrize("target", ["pendulum", "teach"])
def test_a_pendulum_table_makes_its_layers_only_after_its_first_frame_is_shown(target, monkeypatch):
    made = []
    real = pendulum_renderer.display_surface

    def counting(size):
        made.append(tuple(size))
        return real(size)
    monkeypatch.setattr(pendulum_renderer, "display_surface", counting)
    monkeypatch.setattr(R, "display_surface", counting)
    app = App(default_args(size=(1280, 720), lang="en", seed=7, command=target))
    try:
        at_first = []
        app.gui.on_first_frame = lambda: at_first.append(list(made))
        app.start(target)
        app.step(1)
        assert at_first == [[]]                     # nothing full-size before the first frame
        assert made.count((1920, 1080)) == 2        # the static and state layers, right after it
        table = app.scenes.top
        table = getattr(table, "table", table)
        assert table.renderer.static is not None and table.renderer.layer is not None
        app.step(2)
        assert made.count((1920, 1080)) == 2
    finally:
        app.shutdown()


class _NotFirst:
    """The App as a screen sees it once the first frame was shown (app.frame above 0)."""
    frame = 1

    def __init__(self, app):
        self.app = app

    def __getattr__(self, name):
        return getattr(self.app, name)


def _as_after_the_first_frame(monkeypatch, cls, method):
    """``cls.method`` run as it runs once the first frame was shown (``self.app.frame`` 1)."""
    real = getattr(cls, method)

    def after(self, *args, **kwargs):
        app, self.app = self.app, _NotFirst(self.app)
        try:
            return real(self, *args, **kwargs)
        finally:
            self.app = app
    monkeypatch.setattr(cls, method, after)


def _composer_made_first(monkeypatch):
    """Grail War's screen as it was: its frame, background and map layer made before its
    first frame."""
    _as_after_the_first_frame(monkeypatch, grailwar_frame.FrameComposer, "draw")
    _as_after_the_first_frame(monkeypatch, MapView, "draw")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_grail_wars_frames_are_those_of_layers_made_first(lang, monkeypatch, tmp_path):
    moves = [(20, (400, 250)), (50, (1100, 200))]      # the map's hover: its panel (and layer) drawn again
    direct = _frames("grailwar", lang, monkeypatch, tmp_path, "direct", moves)
    _composer_made_first(monkeypatch)
    made = _frames("grailwar", lang, monkeypatch, tmp_path, "made", moves)
    for frame in SAMPLES:
        assert direct[frame] == made[frame], f"grailwar {lang}: frame {frame} differs"
    assert direct[1] != direct[75]          # the war moved on: later frames were compared too


def test_grail_war_makes_its_layers_only_after_its_first_frame_is_shown(monkeypatch):
    made = []
    real = grailwar_frame.display_surface

    def counting(size):
        made.append(tuple(size))
        return real(size)
    monkeypatch.setattr(grailwar_frame, "display_surface", counting)
    app = App(default_args(size=(1280, 720), lang="en", seed=7, command="grailwar"))
    try:
        at_first = []
        app.gui.on_first_frame = lambda: at_first.append(list(made))
        app.start("grailwar")
        app.step(1)
        assert at_first == [[]]
        assert made == [(1920, 1080), (1920, 1080)]       # its frame and background, right after it
        app.step(3)
        assert len(made) == 2
    finally:
        app.shutdown()
