"""The hourglass builds its pymunk space when its sand first has to move: until then the
grains lie where the glass put them, drawn, filled and metered the same as with the space,
and the first physics step builds it and the sand falls."""
import pygame
import pytest

from pendulum.ui.hourglass import PHYSICS_DT, Hourglass


def _drawn(hg) -> bytes:
    surf = pygame.Surface((120, 240), pygame.SRCALPHA)
    hg.draw(surf, (60, 120), 1.0)
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("full", [True, False])
def test_a_glass_looks_the_same_before_and_after_its_space_is_built(full):
    lazy, built = Hourglass(seed=2, full=full), Hourglass(seed=2, full=full)
    built.world()
    assert lazy.space is None and built.space is not None
    assert _drawn(lazy) == _drawn(built)
    assert lazy.grains_above() == built.grains_above() == (160 if full else 0)


def test_filling_and_metering_need_no_space_and_agree_with_one():
    lazy, built = Hourglass(seed=1), Hourglass(seed=1)
    built.world()
    for hg in (lazy, built):
        hg.fill_to(0.75)
    assert lazy.space is None
    assert lazy.grains_above() == built.grains_above() == 120 and _drawn(lazy) == _drawn(built)
    assert lazy.meter(30.0, 60.0) == built.meter(30.0, 60.0) > 0        # grains released over the neck
    assert lazy.passed == built.passed and lazy.space is None


def test_the_first_physics_step_builds_the_space_and_the_sand_runs():
    hg = Hourglass(seed=0)
    hg.meter(0.0 + 50.0, 60.0)               # a sixth of the time gone: grains are let through
    start = _drawn(hg)
    assert hg.space is None
    hg.step(PHYSICS_DT)
    assert hg.space is not None
    for _ in range(60):
        hg.step(PHYSICS_DT)
    assert _drawn(hg) != start and hg.grains_above() < 160     # the released sand fell through


def test_a_glass_built_late_runs_exactly_as_one_built_at_once():
    lazy, built = Hourglass(seed=3, full=False), Hourglass(seed=3, full=False)
    built.world()
    for hg in (lazy, built):
        hg.fill_to(0.6)
        for _ in range(45):
            hg.meter(20.0, 60.0)
            hg.step(PHYSICS_DT)
    assert lazy.positions() == built.positions()
