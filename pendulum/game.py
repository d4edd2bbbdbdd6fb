"""Pendulum game module for the registry (tabletop/games.py)."""
from __future__ import annotations

import json

from tabletop.data import rulescache

GAME_ID = "pendulum"

CONFORMANCE_OPTIONS = {"mode": "realtime", "players": 2}   # real time, neutral player, timed record
CONFORMANCE_SEEDS = (1, 2)
CONFORMANCE_KW = {"check_every": 40}


CACHE_ENTRIES = 8          # rules kept: a few option sets x mod lists, newest last
_RULES_CACHE: dict = {}


def forget_data():
    """Drop the rules data kept loaded (a watched mod changed: tabletop.games.forget_data)."""
    _RULES_CACHE.clear()


def make_rules(options=None, mods=None):
    """The rules for these options and mods, built once per mod list and options: the
    screen, a rematch and the teaching course share one (loading and checking the 17 data
    files is most of a build). Rules are never changed after they are built."""
    from .rules.engine import PendulumRules     # imported here to save start-up time (the launcher lists games)
    if rulescache.checking():         # validate-mod: the files as they are now, built leniently: never kept
        return PendulumRules(options, mods)
    key = (tuple(str(m) for m in (mods or ())), json.dumps(options or {}, sort_keys=True, default=str))
    rules = _RULES_CACHE.pop(key, None)
    if rules is None:
        rules = PendulumRules(options, mods)
    _RULES_CACHE[key] = rules
    while len(_RULES_CACHE) > CACHE_ENTRIES:
        del _RULES_CACHE[next(iter(_RULES_CACHE))]
    return rules


def cached_rules_count() -> int:
    return len(_RULES_CACHE)


def simulate(args) -> int:
    from .rules.sim import simulate as run
    return run(args)


def make_scene(app, **kw):
    from .ui.scene import make_scene as _make    # written by the UI engineers (lazy import)
    return _make(app, **kw)


def make_bench_scene(app):
    from .ui.scene import make_bench_scene as _make
    return _make(app)
