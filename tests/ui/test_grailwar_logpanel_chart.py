"""The shared log panel and end-of-game chart (tabletop.ui.logpanel / tabletop.ui.chart), as
the Grail War screen uses them and as Pendulum's screen will (newest first, a band, markers)."""
import pygame
import pytest

from tabletop.ui.chart import LineChart
from tabletop.ui.logpanel import LogPanel, LogStyle

from .test_grailwar_screen import open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def test_the_wheel_scrolls_the_war_log_back_and_a_new_line_returns_to_the_newest(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    panel = scene.logpanel
    for i in range(40):                                              # a long war's worth of lines
        panel.add(f"T2.A GM: line {i}")
    app.step(2)
    first = panel.lines[0]
    assert first not in scene.drawn_texts and len(panel.lines) > panel.rows   # the oldest line is scrolled off
    pos = app.logical_to_window(panel.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0, touch=False))
    app.step(3)
    assert first in scene.drawn_texts                                # scrolled all the way back
    panel.add("T9.A GM: a new line")
    app.step(2)
    assert panel.scroll == 0 and "T9.A GM: a new line" in scene.drawn_texts


def test_a_newest_first_panel_with_a_title_as_pendulum_uses_it(make_app):
    app = make_app()
    app.start("launcher")
    panel = LogPanel(app, pygame.Rect(0, 0, 400, 120), LogStyle(font=16, line_h=20), newest_first=True,
                     colour_of=lambda line, age: (255, 0, 0) if age == 0 else None)
    for i in range(10):
        panel.add(f"line {i}")
    surf = pygame.Surface((400, 120))
    texts = []
    panel.draw(surf, record=texts, title="Log")
    assert texts[:3] == ["Log", "line 9", "line 8"]                  # title, then the newest on top
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    texts = []
    panel.draw(surf, record=texts, title="Log")
    assert "line 9" not in texts and panel.scroll > 0               # Page Down goes to older lines
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0))
    assert panel.scroll == 0


def test_the_chart_draws_every_series_with_its_marks(make_app):
    app = make_app()
    app.start("launcher")
    surf = pygame.Surface((600, 400))
    texts, marks = [], []
    LineChart(app).draw(surf, pygame.Rect(0, 0, 600, 400), {"F1": [(0, 180), (1, 120), (2, -40)], "F2": [(0, 150)]},
                        {"F1": (255, 0, 0), "F2": (0, 0, 255)}, title="Mana over time",
                        lines=[(0, (90, 90, 90), "0"), (-100, (200, 0, 0), "−100")], floor=-100,
                        band=(100, 180, (60, 60, 20), "safe"), x_labels=("start", "turn 2"),
                        marker=lambda s, name, p: marks.append(name), record=texts)
    assert texts[0] == "Mana over time" and {"0", "−100", "safe", "start", "turn 2", "F1", "F2"} <= set(texts)
    assert marks.count("F1") == 3 and marks.count("F2") == 1
    assert surf.get_at((300, 200))[:3] != (0, 0, 0)                   # something was drawn
