"""Data loading for both games: safe line-aware YAML, pydantic checks, mods. No pygame.

Names are imported on first use (PEP 562), so ``tabletop.data.loader`` and
``tabletop.data.mods`` can be used without importing pydantic (the launcher's first frame
reads strings and settings before any game data is checked)."""
import sys
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


def lazy_names(package: str, where: dict[str, str]):
    """A package's module ``__getattr__`` (PEP 562): a name of ``where`` is imported from its
    submodule on first use, then kept in the package (start-up time)."""
    def __getattr__(name):
        if name in where:
            value = getattr(import_module(f".{where[name]}", package), name)
            setattr(sys.modules[package], name, value)
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__


__getattr__ = lazy_names(__name__, _WHERE)
