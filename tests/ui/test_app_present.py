"""How the App puts the logical frame in the window: the redraw protocol (only what
changed is scaled and shown), the GPU path (forced on the dummy driver, where SDL's
software renderer stands in for a GPU) and screenshots."""
import pygame
import pytest

from tabletop.ui.app import App, default_args, run
from tabletop.ui.scene import Scene

from .conftest import click


class Board(Scene):
    """A test screen: a striped board, and one square that can turn red. It says what
    changed the way a real screen does."""

    def __init__(self, app):
        super().__init__(app)
        self.red = False
        self.changed = True
        self.whole = True
        self.draws = 0

    def needs_redraw(self):
        return self.changed

    def invalidate(self):
        self.whole = True

    def mark_drawn(self):
        self.changed = False

    def draw(self, surface):
        self.draws += 1
        square = pygame.Rect(900, 500, 120, 80)
        if self.whole:
            self.whole = False
            for x in range(0, 1920, 60):
                surface.fill((30 + x % 90, 60, 90), (x, 0, 60, 1080))
            surface.fill((200, 0, 0) if self.red else (0, 0, 200), square)
            return None
        surface.fill((200, 0, 0) if self.red else (0, 0, 200), square)
        return [square]


@pytest.fixture
def board_app(make_app):
    app = make_app(size=(1280, 720))
    board = Board(app)
    app.scenes.push(board)
    app.step(3)
    return app, board


def _pixel(app, logical_pos):
    return tuple(app.window.get_at(app.logical_to_window(logical_pos)))[:3]


def test_an_idle_screen_is_neither_drawn_nor_presented(board_app):
    app, board = board_app
    draws, changed = board.draws, app.frames_changed
    app.step(30)
    assert board.draws == draws and app.frames_changed == changed


def test_a_small_change_shows_where_it_should_and_leaves_the_rest(board_app):
    app, board = board_app
    before = app.window.copy()
    board.red, board.changed = True, True
    app.step(1)
    r, g, b = _pixel(app, (960, 540))
    assert r > 180 and g < 20 and b < 20                         # the square turned red on screen
    far = app.logical_to_window((100, 100))
    assert app.window.get_at(far) == before.get_at(far)         # far away: untouched
    # the window shows exactly what a whole-frame smooth scale would (1280×720 is 2/3)
    expected = pygame.transform.smoothscale(app.logical, app.view_rect.size)
    assert pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_the_whole_frame_is_repainted_after_a_resize_or_a_toast(board_app):
    app, board = board_app
    app.notify("hello", seconds=0.1)
    app.step(2)
    assert board.whole is False                  # repainted whole while the toast was on top
    app.step(20)                                 # toast gone: everything repainted again
    far = app.logical_to_window((960, 1080 - 200))
    assert app.window.get_at(far) == pygame.transform.smoothscale(app.logical, app.view_rect.size).get_at(
        (far[0] - app.view_rect.x, far[1] - app.view_rect.y))


def test_a_screen_that_keeps_the_default_redraws_every_frame(make_app):
    app = make_app()
    app.scenes.push(Scene(app))
    app.step(2)
    n = app.frames_changed
    app.step(5)
    assert app.frames_changed == n + 5


@pytest.fixture
def fresh_display():
    pygame.display.quit()
    pygame.display.init()
    yield
    pygame.display.quit()        # the next App opens a plain window on a fresh display
    pygame.display.init()


def test_gpu_path_scales_through_the_renderer_and_clicks_still_land(make_app, fresh_display):
    app = make_app(scaling="gpu")
    assert app.presenter.mode == "gpu"
    assert app.window.get_size() == (1920, 1080)        # the display surface is the logical frame
    assert pygame.display.get_window_size() == (1280, 720)
    assert "GPU" in app.presenter.describe() and app.presenter.describe(short=True) == "GPU · 1280×720"
    app.start("launcher")
    app.step(3)
    launcher = app.scenes.top
    grail = launcher.menu.item("grailwar").button
    click(app, grail)
    assert type(app.scenes.top).__name__ == "GrailWarSetup"


def test_auto_takes_the_cpu_on_the_dummy_driver_and_says_why(make_app):
    app = make_app()
    assert app.presenter.mode == "cpu"
    assert "dummy" in app.presenter.describe()


def _shot(tmp_path, name, **over):
    out = tmp_path / name
    assert run(default_args(frames=3, screenshot=str(out), size=(640, 360), lang="en", **over), "launcher") == 0
    return pygame.image.load(str(out))


def test_screenshot_is_the_same_whichever_way_the_window_is_scaled(tmp_path, fresh_display):
    cpu = _shot(tmp_path, "cpu.png", scaling="cpu")
    pygame.display.init()
    gpu = _shot(tmp_path, "gpu.png", scaling="gpu")
    pygame.display.init()
    assert cpu.get_size() == gpu.get_size() == (640, 360)
    assert pygame.image.tobytes(cpu, "RGB") == pygame.image.tobytes(gpu, "RGB")
    # and it is the logical frame smooth-scaled, as before the presenter existed
    app = App(default_args(size=(640, 360), lang="en", scaling="cpu"))
    try:
        app.start("launcher")
        app.step(3)
        app.draw(force=True)
        app.step(1)                              # the smooth pass once still
        assert pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(cpu, "RGB")
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1366, 768), (2560, 1440)])
def test_at_any_window_size_a_changed_area_is_right_once_still(make_app, size):
    app = make_app(size=size)
    board = Board(app)
    app.scenes.push(board)
    app.step(3)
    board.red, board.changed = True, True
    app.step(1)
    r, g, b = _pixel(app, (960, 540))
    assert r > 180 and g < 20 and b < 20                 # shown at once
    app.step(1)                                          # still: the smooth pass
    expected = pygame.transform.smoothscale(app.logical, app.view_rect.size)
    shown = app.window.subsurface(app.view_rect)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_gpu_path_opens_after_a_plain_window_in_the_same_process(make_app, fresh_display):
    make_app(scaling="cpu").start("launcher")
    app = make_app(scaling="gpu")
    app.start("launcher")
    app.step(2)
    assert app.presenter.mode == "gpu" and app.window.get_size() == (1920, 1080)
