"""pygame_gui widgets on top of a screen cost nothing while nothing changes: the App composes
its overlays (widgets, dialogs, toasts) over the scenes' own layer and repaints only where
an overlay changed (tabletop/ui/compose.py). The Pendulum top bar and end screen use
pygame_gui buttons again; the teaching screen paints only what its table and panel changed."""
import pygame
import pygame_gui
import pytest

from tabletop.ui.app import App, default_args
from tabletop.ui.scene import Scene

from pendulum.ui.endscreen import EndScreen
from pendulum.ui.scene import make_scene
from pendulum.ui.teach import TeachScene


class Presented:
    """Records the dirty rectangles the App hands the presenter (None: the whole frame)."""

    def __init__(self, app):
        self.calls = []
        self._present = app.presenter.present

        def spy(dirty, first=False):
            self.calls.append(None if dirty is None else [pygame.Rect(r) for r in dirty])
            return self._present(dirty, first)
        app.presenter.present = spy

    def pixels(self):
        """Logical pixels repainted so far (a whole frame counts 1920×1080)."""
        return sum(1920 * 1080 if c is None else sum(r.w * r.h for r in c) for c in self.calls)


def _motion(app, logical_pos):
    pos = app.logical_to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))


def _click(app, logical_pos, frames=1):
    w = app.logical_to_window(logical_pos)
    _motion(app, logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(frames)


def _settle(app, scene, limit=600):
    for _ in range(limit):
        app.step(1)
        if not scene.needs_redraw():
            return
    raise AssertionError("the screen never came to rest")


@pytest.fixture
def table(make_app):
    app = make_app(size=(1280, 720))
    scene = make_scene(app, seats=["human", "human", "human"], mode="timetrack", seed=5)
    app.scenes.push(scene)
    app.step(2)
    _settle(app, scene)
    app.step(2)
    return app, scene


def test_the_top_bar_buttons_are_pygame_gui_and_an_idle_table_repaints_nothing(table):
    app, scene = table
    assert all(isinstance(b, pygame_gui.elements.UIButton) for b in scene.buttons().values())
    assert set(scene.buttons()) >= {"pause", "done", "menu"}
    seen = Presented(app)
    app.step(120)
    assert seen.calls == [] and seen.pixels() == 0


def test_hovering_a_top_bar_button_repaints_only_that_button(table):
    app, scene = table
    button = scene.buttons()["done"]
    before = pygame.image.tobytes(app.logical.subsurface(button.rect), "RGB")
    seen = Presented(app)
    _motion(app, button.rect.center)
    app.step(1)
    assert seen.calls, "the hover look must reach the window"
    assert all(c is not None and all(button.rect.contains(r) for r in c) for c in seen.calls)
    assert pygame.image.tobytes(app.logical.subsurface(button.rect), "RGB") != before   # it looks hovered
    seen.calls.clear()
    app.step(20)                          # before its tooltip shows, the table stays at rest
    assert seen.calls == []


def test_a_top_bar_button_answers_a_click_in_the_same_frame(table):
    app, scene = table
    _click(app, scene.buttons()["pause"].rect.center)
    assert scene.paused
    assert scene.buttons()["pause"].text == app.t("pendulum.button.resume")


def test_the_composed_frame_is_the_scene_layer_with_the_widgets_on_top(table):
    app, scene = table
    _motion(app, scene.buttons()["menu"].rect.center)
    app.step(3)
    _motion(app, (300, 700))
    app.step(3)
    expected = app.scene_layer.copy()
    app.ui_manager.draw_ui(expected)
    assert pygame.image.tobytes(app.logical, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_the_end_screen_buttons_are_pygame_gui_and_a_hover_repaints_one_button(table):
    app, scene = table
    end = EndScreen(app, scene)
    app.scenes.push(end)
    app.step(3)
    assert all(isinstance(b, pygame_gui.elements.UIButton) for b in end.buttons.values())
    seen = Presented(app)
    app.step(30)
    assert seen.calls == []
    save = end.buttons["save"]
    _motion(app, save.rect.center)
    app.step(1)
    assert seen.calls and all(c is not None and all(save.rect.contains(r) for r in c) for c in seen.calls)
    _click(app, end.buttons["launcher"].rect.center)
    assert type(app.scenes.top).__name__ == "LauncherScene"


def test_a_toast_and_a_dialog_repaint_their_own_area_and_leave_clean_pixels(table):
    app, scene = table
    clean = pygame.image.tobytes(app.logical, "RGB")
    seen = Presented(app)
    app.notify("hello", seconds=0.2)
    app.step(1)
    assert seen.calls and all(c is not None and sum(r.w * r.h for r in c) < 1920 * 200 for c in seen.calls)
    app.step(30)                                   # the toast is gone: its area shows the table again
    assert pygame.image.tobytes(app.logical, "RGB") == clean
    d = app.message("a notice")
    app.step(2)
    assert pygame.image.tobytes(app.logical, "RGB") != clean
    app.close_dialog(d)
    app.step(2)
    assert pygame.image.tobytes(app.logical, "RGB") == clean


class Still(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.draws = 0

    def needs_redraw(self):
        return False

    def draw(self, surface):
        self.draws += 1
        surface.fill((40, 60, 80))
        return None


def test_an_idle_widget_is_not_drawn_again_and_a_relabel_repaints_it(make_app):
    app = make_app(size=(1280, 720))
    app.scenes.push(Still(app))
    b = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 300, 60), "one", app.ui_manager)
    app.step(3)
    seen = Presented(app)
    app.step(30)
    assert seen.calls == []
    b.set_text("two")
    app.step(1)
    assert len(seen.calls) == 1 and all(b.rect.contains(r) for r in seen.calls[0])
    b.hide()
    app.step(1)
    assert len(seen.calls) == 2 and all(b.rect.contains(r) for r in seen.calls[1])
    assert tuple(app.logical.get_at(b.rect.center))[:3] == (40, 60, 80)


def test_the_teaching_screen_paints_only_what_changed_and_the_same_pixels(make_app):
    app = make_app(size=(1280, 720))
    scene = TeachScene(app)
    app.scenes.push(scene)
    _settle(app, scene)
    seen = Presented(app)
    app.step(30)
    assert seen.calls == []
    wid, pos = next(iter(scene.table.worker_positions().items()))
    _motion(app, pos)                  # a worker's tooltip: the table repaints, the panel stays
    app.step(2)
    assert seen.calls
    kept = pygame.image.tobytes(app.scene_layer, "RGB")
    whole = pygame.Surface((1920, 1080)).convert()
    scene.invalidate()
    scene.draw(whole)
    scene.mark_drawn()
    assert pygame.image.tobytes(whole, "RGB") == kept


class TwoSquares(Scene):
    """Repaints two squares far apart in one frame (after one whole first frame)."""

    def __init__(self, app):
        super().__init__(app)
        self.colour = (200, 0, 0)
        self.whole = True

    def invalidate(self):
        self.whole = True

    def draw(self, surface):
        a, b = pygame.Rect(100, 600, 80, 80), pygame.Rect(1500, 900, 80, 80)
        if self.whole:
            self.whole = False
            surface.fill((10, 10, 10))
            return None
        surface.fill(self.colour, a)
        surface.fill(self.colour, b)
        return [a, b]


def test_every_rectangle_a_scene_changed_reaches_the_frame_under_the_widgets(make_app):
    app = make_app(size=(1920, 1080))
    app.scenes.push(TwoSquares(app))
    pygame_gui.elements.UIButton(pygame.Rect(800, 100, 300, 60), "widget", app.ui_manager)
    app.step(3)
    assert tuple(app.logical.get_at((140, 640)))[:3] == (200, 0, 0)
    assert tuple(app.logical.get_at((1540, 940)))[:3] == (200, 0, 0)
    expected = app.scene_layer.copy()
    app.ui_manager.draw_ui(expected)
    assert pygame.image.tobytes(app.logical, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_buttons_are_on_screen_when_the_first_frame_ran_no_update(make_app):
    """The real loop's first frame runs no fixed step (no time has passed yet), so pygame_gui
    has not yet listed the new buttons to draw: they must be on screen in the frames after
    it, not only once something repaints them (they stayed missing until hovered)."""
    app = make_app(size=(1280, 720))
    scene = make_scene(app, seats=["human", "human", "human"], mode="timetrack", seed=5)
    app.scenes.push(scene)
    app.frame_step(updates=0)                 # as run_forever's first frame
    app.step(3)
    done = scene.buttons()["done"]
    x, y = done.rect.x + 10, done.rect.centery
    assert app.presenter.logical.get_at((x, y)) == done.image.get_at((10, done.rect.h // 2))


def test_a_button_killed_in_a_frame_that_ran_no_update_leaves_no_trace(make_app):
    """The real loop runs no fixed step in a frame that comes sooner than 1/60 s. A click
    handled in such a frame that replaces the buttons (Grail War's "Are you sure?" after a
    choice) must not leave the old buttons' pixels on the screen: they covered the question."""
    app = make_app(size=(1280, 720))
    app.scenes.push(Still(app))
    old = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 300, 60), "old", app.ui_manager)
    app.step(3)
    old.kill()
    new = pygame_gui.elements.UIButton(pygame.Rect(100, 300, 300, 60), "new", app.ui_manager)
    app.frame_step(updates=0)
    app.step(3)
    where = app.logical.subsurface(pygame.Rect(100, 100, 300, 60))
    assert pygame.transform.average_color(where)[:3] == (40, 60, 80)
    assert pygame.image.tobytes(where, "RGB") == pygame.image.tobytes(app.scene_layer.subsurface(where.get_abs_offset(), (300, 60)), "RGB")
    assert app.logical.get_at((new.rect.x + 10, new.rect.centery)) == new.image.get_at((10, new.rect.h // 2))

def test_the_widgets_cost_only_their_own_area_not_a_copy_of_the_frame(table):
    """Save-under: the scene pixels kept under the widgets are the buttons' area (pygame_gui's
    root container has a full-screen rect but draws nothing), never a copy of the whole frame."""
    app, scene = table
    app.invalidate()
    app.step(1)
    kept = app.compositor.kept_area
    buttons = sum(b.rect.w * b.rect.h for b in scene.buttons().values())
    assert 0 < kept <= buttons + 64 and kept < 0.02 * 1920 * 1080
