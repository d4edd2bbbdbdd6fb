"""Long sessions stay bounded: rendered text is kept within its byte budget, one-off lines
are not kept at all."""
import pygame

from tabletop.ui.cache import LRU, surface_bytes


def test_text_cache_stays_under_its_bound_while_rendering_many_distinct_strings(make_app):
    app = make_app()
    app.text_cache.max_bytes = 2 * 2**20            # 2 MB for the test (32 MB by default)
    for i in range(3000):
        app.text(f"Round {i}: the purple glass runs out, seat {i % 5} moves", 30)
        assert app.text_cache.bytes <= 2 * 2**20
    assert 0 < len(app.text_cache) < 3000
    # recent strings are still there (no re-render), and they look right
    recent = app.text("Round 2999: the purple glass runs out, seat 4 moves", 30)
    assert app.text("Round 2999: the purple glass runs out, seat 4 moves", 30) is recent
    assert recent.get_width() > 300


def test_default_text_budget_comes_from_the_settings(make_app):
    app = make_app()
    assert app.text_cache.max_bytes == int(float(app.settings.get("text_cache_mb", 32)) * 2**20)
    assert app.settings.get("text_cache_mb") == 32


def test_one_off_text_is_rendered_but_not_kept(make_app):
    app = make_app()
    before = len(app.text_cache)
    line = app.text("Seat 3 takes 2 coins (log line 4711)", 24, (200, 200, 200), cache=False)
    kept = app.text("Seat 3 takes 2 coins (log line 4711)", 24, (200, 200, 200))
    assert len(app.text_cache) == before + 1                     # only the cached call is kept
    assert pygame.image.tobytes(line, "RGBA") == pygame.image.tobytes(kept, "RGBA")


def test_lru_drops_the_least_recently_used_and_never_keeps_an_oversized_entry():
    cache = LRU(1000, sizeof=len)
    cache.put("a", "x" * 400)
    cache.put("b", "y" * 400)
    cache.get("a")                                   # a is now the most recent
    cache.put("c", "z" * 400)
    assert "a" in cache and "c" in cache and "b" not in cache and cache.bytes == 800
    cache.put("huge", "w" * 2000)
    assert "huge" not in cache and cache.bytes == 800
    surf = pygame.Surface((10, 4), pygame.SRCALPHA)
    assert surface_bytes(surf) == surf.get_pitch() * 4


def test_log_lines_stay_out_of_the_text_cache_and_the_panel_keeps_only_a_few_pages(make_app):
    from tabletop.ui.logpanel import ROW_CACHE_PAGES, LogPanel
    app = make_app()
    app.start("launcher")
    panel = LogPanel(app, pygame.Rect(0, 0, 500, 200))
    surf = pygame.Surface((500, 200))
    panel.draw(surf, title="Log")
    before = len(app.text_cache)
    for i in range(400):                                   # a long war's log, drawn line by line
        panel.add(f"T{i // 20}.A GM: F{i % 7} rolls {i} against the odds")
        drawn = []
        panel.draw(surf, record=drawn, title="Log")
        assert f"T{i // 20}.A GM: F{i % 7} rolls {i} against the odds" in drawn
    assert len(app.text_cache) == before                   # no log line took a place there
    assert 0 < panel.rows_kept <= ROW_CACHE_PAGES * panel.rows


def test_a_wars_battle_and_dice_words_stay_out_of_the_text_cache(make_app):
    from tabletop.ui.bench_scenes import SCENES, discover
    discover()
    app = make_app()
    scene = SCENES["grailwar"](app)            # an all-NPC war at speed, through the real screen
    app.scenes.push(scene)
    shown = set()
    for _ in range(300):
        app.step(10)
        shown.update(t for t in scene.drawn_texts if t.startswith(("1D100 = ", "F")))
        if any(t.startswith("1D100 = ") for t in shown):
            break
    assert any(t.startswith("1D100 = ") for t in shown), "no battle was rolled on screen"
    kept = [key[0] for key in app.text_cache.keys()]
    assert not [t for t in kept if str(t).startswith(("1D100 = ", "Battle #"))]
