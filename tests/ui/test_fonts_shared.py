"""Fonts: each font file is opened once and shared by all its sizes (tabletop/ui/fonts.py,
``SizedFont``). Text must look and measure exactly as with a font opened at that size, even
when sizes are used in turn and a font is kept while another size is used."""
import pygame
import pytest

from tabletop.ui import fonts as fonts_mod
from tabletop.ui.fonts import Fonts

TEXTS = ("Pendulum", "Holy Grail War: turn 3", "砂時計を置く", "パス（手番を終える）", "Vote: 12 · Gold 7")
SIZES = (13, 17, 24, 32, 48, 120, 24, 13)


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _pixels(surf: pygame.Surface) -> tuple:
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def test_a_shared_face_draws_and_measures_as_a_font_opened_at_that_size():
    fonts = Fonts()
    for bold in (False, True):
        path = str(fonts.bold if bold else fonts.regular)
        for size in SIZES:
            shared, fresh = fonts.font(size, bold), pygame.font.Font(path, size)
            assert shared.get_linesize() == fresh.get_linesize()
            assert shared.get_height() == fresh.get_height()
            assert shared.get_ascent() == fresh.get_ascent() and shared.get_descent() == fresh.get_descent()
            for text in TEXTS:
                assert shared.size(text) == fresh.size(text)
                assert _pixels(shared.render(text, True, (240, 230, 200))) == \
                    _pixels(fresh.render(text, True, (240, 230, 200)))


def test_a_kept_font_still_measures_at_its_own_size_after_another_size_was_used():
    fonts = Fonts()
    small, big = fonts.font(14), fonts.font(64)
    measure = small.size                   # as the screens keep ``font.size`` for wrapping
    wide = big.size("Pendulum")[0]
    narrow = measure("Pendulum")[0]
    assert narrow < wide
    assert narrow == pygame.font.Font(str(fonts.regular), 14).size("Pendulum")[0]
    assert small.metrics("P") == pygame.font.Font(str(fonts.regular), 14).metrics("P")   # through __getattr__


def test_each_font_file_is_opened_once_whatever_the_sizes(monkeypatch):
    opened = []
    real = pygame.font.Font

    def counting(path, size):
        opened.append(path)
        return real(path, size)
    monkeypatch.setattr(fonts_mod.pygame.font, "Font", counting)
    fonts = Fonts()
    for size in (12, 16, 20, 24, 28, 32, 40, 120):
        fonts.font(size).render("x", True, (255, 255, 255))
        fonts.font(size, bold=True).render("x", True, (255, 255, 255))
    assert sorted(opened) == sorted([str(fonts.regular), str(fonts.bold)])
    assert fonts.font(20) is fonts.font(20)
