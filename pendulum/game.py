"""Pendulum game module for the registry (tabletop/games.py)."""
from __future__ import annotations

GAME_ID = "pendulum"

CONFORMANCE_OPTIONS = {"mode": "realtime", "players": 2}   # real time, neutral player, timed record
CONFORMANCE_SEEDS = (1, 2)
CONFORMANCE_KW = {"check_every": 40}


def make_rules(options=None, mods=None):
    from .rules.engine import PendulumRules
    return PendulumRules(options, mods)


def simulate(args) -> int:
    from .rules.sim import simulate as run
    return run(args)


def make_scene(app, **kw):
    from .ui.scene import make_scene as _make    # written by the UI engineers (lazy import)
    return _make(app, **kw)


def make_bench_scene(app):
    from .ui.scene import make_bench_scene as _make
    return _make(app)
