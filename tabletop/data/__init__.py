"""Data loading for both games: safe line-aware YAML, pydantic checks, mods. No pygame."""
from ..engine.errors import DataError
from .loader import line_of, load_yaml, load_yaml_text
from .mods import (LoadedFile, load_game_files, load_translations, mod_font_paths, mod_image_paths,
                   validate_mod, validate_mod_cli)
from .validate import StrictModel, check_ref, check_unique, did_you_mean, format_errors, validate, where

__all__ = ["LoadedFile", "load_game_files", "load_translations", "mod_font_paths", "mod_image_paths",
           "validate_mod", "validate_mod_cli", "where", "DataError", "line_of", "load_yaml", "load_yaml_text", "StrictModel", "check_ref",
           "check_unique", "did_you_mean", "format_errors", "validate"]
