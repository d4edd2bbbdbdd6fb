"""Data loading for both games: safe line-aware YAML, pydantic checks, mods. No pygame.

Names are imported on first use (PEP 562), so ``tabletop.data.loader`` and
``tabletop.data.mods`` can be used without importing pydantic (the launcher's first frame
reads strings and settings before any game data is checked)."""
from importlib import import_module

from ..engine.errors import DataError

_WHERE = {
    "line_of": "loader", "load_yaml": "loader", "load_yaml_text": "loader",
    "LoadedFile": "mods", "load_game_files": "mods", "load_translations": "mods",
    "mod_font_paths": "mods", "mod_image_paths": "mods", "validate_mod": "mods",
    "validate_mod_cli": "mods", "flatten_strings": "mods",
    "did_you_mean": "hints",
    "StrictModel": "checks", "check_ref": "checks", "check_unique": "checks",
    "format_errors": "checks", "validate": "checks", "where": "checks",
}

__all__ = ["DataError", *_WHERE]


def __getattr__(name):
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
