"""Scenes for ``bench/frame_time.py --scene NAME``.

``SCENES = {"launcher": factory, ...}``: a factory takes the App and returns a Scene.
A game registers its table by offering ``make_bench_scene(app)`` in ``<game>/game.py``
(all-bot real-time Pendulum, all-NPC Grail War); ``discover()`` adds those under the
game's id when the game is built, and ``teach`` (the teaching course as
``python main.py teach`` opens it) when Pendulum is."""
from __future__ import annotations

from typing import Callable


def _launcher(app):
    from .launcher import LauncherScene
    return LauncherScene(app)


SCENES: dict[str, Callable] = {"launcher": _launcher}


def discover() -> dict[str, Callable]:
    from .. import games
    for game in games.GAMES:
        if game in SCENES:
            continue
        try:
            module = games.load(game)
        except games.GameNotBuilt:
            continue
        factory = getattr(module, "make_bench_scene", None)
        if callable(factory):
            SCENES[game] = factory
        if game == "pendulum" and "teach" not in SCENES:
            SCENES["teach"] = lambda app, make=module.make_scene: make(app, teach=True)
    return SCENES
