"""The Pendulum table draws only what changed (the Scene redraw protocol): an idle table is
neither drawn nor presented, a pointer, a click or an engine event shows at once, and running
sand repaints the glasses' area only -- always the same pixels as a whole repaint."""
import pygame
import pytest

from tabletop.ui.app import App, default_args

from pendulum.ui.endscreen import EndScreen
from pendulum.ui.scene import make_scene
from pendulum.ui.teach import TeachScene


@pytest.fixture
def table_app():
    apps = []

    def make(seats=("human", "human", "human"), mode="timetrack", seed=5):
        app = App(default_args(size=(1280, 720), lang="en", speed=1.0))
        apps.append(app)
        scene = make_scene(app, seats=list(seats), mode=mode, seed=seed)
        app.scenes.push(scene)
        app.step(2)
        return app, scene

    yield make
    for app in apps:
        app.shutdown()


def _post_motion(app, logical_pos):
    pos = app.logical_to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))


def _settle(app, scene, limit=600):
    """Step until the table says nothing changes (the opening floaters and messages gone)."""
    for _ in range(limit):
        app.step(1)
        if not scene.needs_redraw():
            return
    raise AssertionError("the table never came to rest")


def _window_rect(app, logical_rect):
    a = app.logical_to_window(logical_rect.topleft)
    b = app.logical_to_window(logical_rect.bottomright)
    return pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))


def _pixels(app, logical_rect):
    return pygame.image.tobytes(app.window.subsurface(_window_rect(app, logical_rect)), "RGB")


def _whole_repaint(scene):
    """What the table paints from scratch (nothing kept)."""
    surf = pygame.Surface((1920, 1080)).convert()
    scene.invalidate()
    scene.draw(surf)
    scene.mark_drawn()
    return surf


def test_an_idle_untimed_table_draws_nothing_for_60_frames(table_app):
    app, scene = table_app()
    assert not scene.rules.timed
    _settle(app, scene)
    presented = app.frames_changed
    app.step(60)
    assert app.frames_changed == presented
    assert not scene.needs_redraw()


def test_hovering_a_worker_redraws_and_shows_its_tooltip(table_app):
    app, scene = table_app()
    _settle(app, scene)
    wid, pos = next((w, p) for w, p in scene.worker_positions().items() if w.startswith("0"))
    tip_area = pygame.Rect(pos[0] + 18, pos[1] + 24, 120, 30)
    before = _pixels(app, tip_area)
    presented = app.frames_changed
    _post_motion(app, pos)
    app.step(1)
    assert app.frames_changed == presented + 1
    assert scene.renderer.hover_id == f"worker.{wid}"
    assert _pixels(app, tip_area) != before                  # the tooltip is on screen
    presented = app.frames_changed
    app.step(30)
    assert app.frames_changed == presented                   # and then the table rests again


def test_a_click_on_pause_shows_the_banner_at_once(table_app):
    app, scene = table_app()
    _settle(app, scene)
    banner = pygame.Rect(516, 360, 200, 40)                  # the pause banner's middle (see renderer._banner)
    before = _pixels(app, banner)
    button = scene.region("button.pause")
    w = app.logical_to_window(button.center)
    _post_motion(app, button.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(1)
    assert scene.paused
    assert _pixels(app, banner) != before


def test_a_new_engine_event_redraws_the_log_and_the_board(table_app):
    app, scene = table_app()
    _settle(app, scene)
    seat = scene.view["seats_to_act"][0]
    action = next(a for a in scene.legal(seat) if getattr(a, "worker", None))
    log_area = scene.layout.rects["log"]
    before = _pixels(app, log_area)
    scene.match.apply(action)                     # as a teaching script or a remote seat would
    assert scene.needs_redraw()
    for _ in range(120):                          # the glide plays, then the table rests
        app.step(1)
        if not scene.needs_redraw():
            break
    assert not scene.needs_redraw()
    assert _pixels(app, log_area) != before
    kept = pygame.image.tobytes(app.scene_layer, "RGB")   # what the table keeps (the widgets lie on top)
    assert pygame.image.tobytes(_whole_repaint(scene), "RGB") == kept


def test_running_sand_redraws_only_the_glasses_and_the_same_pixels(table_app):
    app, scene = table_app(mode="realtime")
    assert scene.sand_running()
    app.step(60)                                  # past the opening animations
    returned = []
    draw = scene.draw

    def spy(surface):
        out = draw(surface)
        returned.append(out)
        return out
    scene.draw = spy
    presented = app.frames_changed
    app.step(30)
    assert app.frames_changed - presented >= 25   # the sand keeps running on screen
    glass_only = [r for r in returned if r]
    assert glass_only, "sand alone should repaint only the glasses"
    area = scene.renderer.glass_rects()
    area = area[0].unionall(area[1:])
    for rects in glass_only:
        assert all(area.contains(pygame.Rect(r)) for r in rects)
    del scene.draw
    kept = pygame.image.tobytes(app.scene_layer, "RGB")   # what the table keeps (the widgets lie on top)
    assert pygame.image.tobytes(_whole_repaint(scene), "RGB") == kept


def test_the_end_screen_is_still_once_drawn_and_its_buttons_answer(table_app):
    app, scene = table_app()
    end = EndScreen(app, scene)
    app.scenes.push(end)
    app.step(3)
    presented = app.frames_changed
    app.step(60)
    assert app.frames_changed == presented
    save = end.buttons["save"]
    before = _pixels(app, save.rect)
    _post_motion(app, save.rect.center)           # the pointer focuses the button under it
    app.step(1)
    assert app.frames_changed == presented + 1
    assert _pixels(app, save.rect) != before
    w = app.logical_to_window(end.buttons["launcher"].rect.center)
    _post_motion(app, end.buttons["launcher"].rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(2)
    assert type(app.scenes.top).__name__ == "LauncherScene"


def test_the_teaching_screen_rests_when_nothing_changes_and_notices_a_hover(make_app):
    app = make_app()
    scene = TeachScene(app)
    app.scenes.push(scene)
    _settle(app, scene)
    app.step(5)
    assert not scene.needs_redraw()
    wid, pos = next(iter(scene.table.worker_positions().items()))
    # the App hands scenes logical positions; asked directly, before the frame is drawn
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.table.renderer.hover_id == f"worker.{wid}"
    assert scene.needs_redraw()
