"""Long sessions stay bounded: rendered text is kept within its byte budget, one-off lines
are not kept at all."""
import pygame

from tabletop.ui.cache import LRU, surface_bytes
from tabletop.ui.scene import Scene


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


def test_lru_sweep_drops_only_what_was_not_used_since_the_last_sweep():
    cache = LRU(10_000, sizeof=len)
    cache.put("old", "x" * 10)
    cache.sweep()                                    # the first sweep only marks
    assert cache.keys() == ["old"] and len(cache) == 1
    cache.put("new", "y" * 20)
    cache.put("again", "z" * 30)
    cache.sweep()                                    # "old" was not used since the first sweep
    assert cache.keys() == ["new", "again"] and cache.bytes == 50
    cache.get("new")
    cache.sweep()
    assert cache.keys() == ["new"] and cache.bytes == 20 and len(cache) == 1
    cache.put("b", "b" * 5_000)
    cache.put("a", "a" * 5_000)                      # the bound still drops the oldest first
    assert cache.keys() == ["b", "a"] and cache.bytes == 10_000
    cache.put("c", "c")                              # ... and the mark, when it is the oldest
    assert cache.keys() == ["a", "c"] and cache.bytes == 5_001
    cache.sweep()
    assert cache.keys() == ["a", "c"]                # no mark left: nothing dropped, a new mark set


class Says(Scene):
    """A screen that draws one text through the App's text cache."""

    def __init__(self, app, word):
        super().__init__(app)
        self.word = word

    def draw(self, surface):
        surface.blit(self.app.text(self.word, 30), (0, 0))


def test_a_long_session_keeps_only_the_texts_of_the_last_two_screens(make_app):
    """A rematch or another screen at the bottom of the stack starts a new generation of the
    text cache: a string no screen drew since the screen before last is not kept."""
    app = make_app()
    words = [f"Game {i}: Blue wins with 42 points" for i in range(4)]
    for word in words:
        app.scenes.clear()
        app.scenes.push(Says(app, word))
        app.step(2)
    kept = {key[0] for key in app.text_cache.keys()}
    assert words[3] in kept and words[2] in kept
    assert words[0] not in kept and words[1] not in kept


def test_a_screen_opened_over_the_game_and_closed_again_keeps_the_games_texts(make_app):
    app = make_app()
    app.scenes.push(Says(app, "Round 3 of 4"))
    app.step(2)
    drawn = app.text("Round 3 of 4", 30)
    for i in range(3):                               # a full screen (say, the rules) opened and closed
        app.scenes.push(Says(app, f"Rules page {i}"))
        app.step(2)
        app.scenes.pop()
        app.step(2)
    assert app.text("Round 3 of 4", 30) is drawn     # kept all along: never rendered again
