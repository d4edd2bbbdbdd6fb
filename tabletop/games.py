"""Registry of the games. Each game package has a ``game`` module offering:

* ``GAME_ID``
* ``make_rules(options: dict | None = None, mods: list[str] | None = None) -> Rules``
* ``simulate(args) -> int``           (``python main.py simulate GAME ...``)
* ``make_scene(app, **kw) -> Scene``  (UI; imported only when a window is opened)
* ``forget_data()`` (optional): drop the rules data it keeps loaded (``forget_data`` below)

A game whose module is missing is reported as "not built yet", never a crash.
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType

GAMES = {
    "pendulum": "pendulum.game",
    "grailwar": "grailwar.game",
}


class GameNotBuilt(Exception):
    pass


def load(game: str) -> ModuleType:
    if game not in GAMES:
        raise GameNotBuilt(f"unknown game {game!r} (choose from {', '.join(GAMES)})")
    try:
        return importlib.import_module(GAMES[game])
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == GAMES[game] or GAMES[game].startswith(exc.name + ".")
                         or exc.name == GAMES[game].split(".")[0]):
            raise GameNotBuilt(f"{game} is not built yet in this version") from None
        raise


def available(game: str) -> bool:
    try:
        load(game)
        return True
    except GameNotBuilt:
        return False



def forget_data() -> None:
    """A mod changed on disk (``--watch``): every loaded game drops the rules data it keeps,
    so the next game loads the files again."""
    for module_name in GAMES.values():
        hook = getattr(sys.modules.get(module_name), "forget_data", None)
        if callable(hook):
            hook()
