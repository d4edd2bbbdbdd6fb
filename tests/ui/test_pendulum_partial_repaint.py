"""A moving table repaints only what moved (issue 13 item 1): over an unchanged board, sand
running repaints the glasses, a gliding worker the places it left and reached, a floating gain
its own box -- and every frame has exactly the pixels a whole repaint would have."""
import pygame
import pytest

from tabletop.ui.app import App, default_args

from pendulum.ui.scene import make_bench_scene, make_scene

FRAMES = 300
SAMPLES = (45, 90, 135, 180, 225, FRAMES)      # frames (1-based) whose pixels are compared


def _play(force: bool):
    """The all-bot real-time table (the frame-time bench's) for FRAMES frames: the sampled
    frames' pixels, and per frame what the table painted (None: all) with what was moving."""
    app = App(default_args(size=(1280, 720), lang="en", speed=1.0))
    try:
        scene = make_bench_scene(app)
        app.scenes.push(scene)
        painted = []
        draw = scene.draw

        def spy(surface):
            a = scene.animator
            moving = {"glide": [a.sprite.get_rect(center=a.pos()) for a in a.anims], "gain": bool(a.floaters),
                      "turn": any(hg.flipping for hg in scene.hourglasses.values())}
            out = draw(surface)
            painted.append((out, moving))
            return out
        scene.draw = spy
        shots = {}
        area = 0
        for i in range(1, FRAMES + 1):
            if force:
                app.invalidate()
            before = app.pixels_changed
            app.step(1)
            area += app.pixels_changed - before
            if i in SAMPLES:
                shots[i] = pygame.image.tobytes(app.scene_layer, "RGB")
        return shots, painted, area / FRAMES / (1920 * 1080)
    finally:
        app.shutdown()


@pytest.fixture(scope="module")
def both():
    return _play(force=False), _play(force=True)


def test_partial_repaints_leave_the_same_pixels_as_whole_repaints(both):
    (partial, _, _), (whole, _, _) = both
    assert set(partial) == set(SAMPLES)
    for frame in SAMPLES:
        assert partial[frame] == whole[frame], f"frame {frame} differs from a whole repaint"


def test_moving_pieces_repaint_far_less_than_the_frame(both):
    (_, painted, area), (_, _, forced_area) = both
    assert forced_area == pytest.approx(1.0)
    assert area < 0.2                      # was 0.93: every floating gain repainted the whole board
    glides = [(out, m) for out, m in painted if out and m["glide"]]
    gains = [(out, m) for out, m in painted if out and m["gain"]]
    assert glides, "a gliding worker should repaint only its rectangles"
    assert gains, "a floating gain should repaint only its box"
    screen = 1920 * 1080
    for out, m in glides:
        rects = [pygame.Rect(r) for r in out]
        assert sum(r.w * r.h for r in rects) < 0.25 * screen
        for sprite in m["glide"]:          # where the piece is drawn now is repainted
            assert any(r.contains(sprite.clip(pygame.Rect(0, 0, 1920, 1080))) for r in rects)


def test_running_sand_alone_repaints_the_glasses_only(both):
    (_, painted, _), _ = both
    sand_only = [out for out, m in painted if out and not m["glide"] and not m["gain"] and not m["turn"]]
    assert sand_only
    assert all(sum(pygame.Rect(r).w * pygame.Rect(r).h for r in out) < 0.05 * 1920 * 1080 for out in sand_only)


def _whole_repaint(scene):
    surf = pygame.Surface((1920, 1080)).convert()
    scene.invalidate()
    scene.draw(surf)
    scene.mark_drawn()
    return pygame.image.tobytes(surf, "RGB")


def test_the_drawing_caches_change_no_pixel():
    """Mid-game, with sand running and pieces moving: the frame kept on screen, a whole repaint
    with every drawing cache warm and one with them all dropped (as a mod reload or a language
    switch drops them) are the same pixels."""
    app = App(default_args(size=(1280, 720), lang="en", speed=1.0))
    try:
        scene = make_bench_scene(app)
        app.scenes.push(scene)
        app.step(150)
        kept = pygame.image.tobytes(app.scene_layer, "RGB")
        warm = _whole_repaint(scene)
        scene.renderer.language_changed()          # the board, seats, labels and glass places again
        cold = _whole_repaint(scene)
        assert kept == warm == cold
    finally:
        app.shutdown()


def test_a_request_waiting_in_the_window_repaints_the_same_pixels_as_a_whole_repaint():
    """A person's real-time request waits in the 4.8 window as a ghost of the piece, then the
    piece glides; every few frames the kept frame equals a whole repaint."""
    app = App(default_args(size=(1280, 720), lang="en", speed=1.0))
    try:
        scene = make_scene(app, seats=["human", "bot", "bot"], mode="realtime", seed=3)
        app.scenes.push(scene)
        for _ in range(40):                          # the opening placements, at once
            if scene.view["phase"] != "opening":
                break
            seat = scene.view["seats_to_act"][0]
            scene.apply(scene.legal(seat)[0])
        ghosts = 0
        for i in range(120):
            if i in (5, 55):
                act = next((a for a in scene.legal(0) if a.kind == "act"), None)
                if act is not None:
                    scene.request(act, ghost=(900 + i, 500))
            app.step(1)
            ghosts += bool(scene.ghosts)
            if i % 6 == 0:
                assert pygame.image.tobytes(app.scene_layer, "RGB") == _whole_repaint(scene), f"frame {i}"
        assert ghosts, "the request should have waited in the window"
    finally:
        app.shutdown()
