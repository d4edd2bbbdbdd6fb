"""The table's three sand hourglasses, kept to what the engine's timers say.

The glasses are :class:`pendulum.ui.hourglass.Hourglass` objects by timer id (``TIMERS``);
these functions make them (skinned from the art pack), fill them to the view's timers at once,
and step them each frame: in real time the sand follows the engine's clock (a glass that has
just turned is re-synced to it), in untimed play a glass only finishes turning over."""
from __future__ import annotations

from tabletop.ui import skin

from . import render as R
from . import view as V
from .hourglass import Hourglass

TIMERS = ("black", "green", "purple")


def make_glasses(app, view, timed: bool) -> dict:
    """``{timer id: Hourglass}``: full unless real-time play has that timer stopped."""
    glasses = {}
    for i, tid in enumerate(TIMERS):
        hg = Hourglass(grains=160, sand=skin.colour(app, f"pendulum.sand.{tid}", R.SAND[tid]),
                       frame=R.AREA_LIGHT[tid], seed=i, full=not timed or V.timer_running(view, tid))
        hg.skin = lambda s, r, fallback, tid=tid: skin.draw(app, f"pendulum.hourglass.{tid}.frame", s, r, fallback)
        # at most two glasses step physics per frame, and none in the table's first: that frame
        # shows the sand where it was filled, and pymunk waits for the first tick after it
        # (start-up time; hourglass.py builds the physics on the first step)
        hg.stagger(i % 2 - 1)
        glasses[tid] = hg
    return glasses


def fill_glasses(glasses: dict, view) -> None:
    """Every glass filled to the view's timer at once (after time passed undrawn)."""
    for tid, hg in glasses.items():
        hg.fill_to(V.timer_fraction(view, tid))


def step_glasses(glasses: dict, view, dt: float, timed: bool, paused: bool, speed: float) -> None:
    """One frame of sand: metered to the engine's clock in real time (not while paused)."""
    for tid, hg in glasses.items():
        if timed:
            rem, dur = V.timer_remaining(view, tid)
            hg.step(dt, physics=not paused)
            if hg.just_flipped:
                hg.just_flipped = False
                hg.resync(rem / dur if dur else 0.0)
            if not paused:
                hg.meter(rem, dur, lead=min(0.4 * speed, dur * 0.1))
        elif hg.flipping:
            hg.step(dt, physics=False)

