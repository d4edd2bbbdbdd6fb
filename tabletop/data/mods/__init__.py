"""Game data files and mod overlays (docs/MODDING.md is the modder's guide).

Base data: every ``config/<game>/*.yaml`` (sub-folders are not data files of the engine).
A mod folder has ``mod.yaml`` (id, name, version, load_order) and may hold
``<game>/<file>.yaml`` overlays, ``i18n/<lang>.yaml`` strings, ``images/*.png`` and
``fonts/*.ttf|otf``. An overlay file with the same name as a base file is merged into it:

* a list of mappings that all have ``id`` merges by id: fields of an existing entry are
  merged one by one (mappings deep, other values replaced); an entry whose id is not in
  the base is an error ("did you mean") unless it says ``new: true``, then it is appended;
* a mapping merges key by key (recursively);
* anything else is replaced.

The package's parts, in import order: ``paths`` (where mod files are, what may be read),
``overlay`` (the merge and its marks), ``manifest`` (mod.yaml, load order), ``files``
(game data and translations with overlays), ``text`` (checks of every text a mod
supplies), ``assets`` (images and fonts), ``validate`` (``validate-mod``).
"""
from .assets import MAX_FONT_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, mod_font_paths, mod_image_paths, png_size
from .files import base_strings, flatten_strings, load_game_files, load_translations
from .manifest import ordered_mods, read_mod_manifest
from .overlay import LoadedFile, merge, tag_marks
from .paths import CONFIG, FONT_SUFFIXES, IMAGE_SUFFIXES, LANGS, ROOT, mod_files, safe_child
from .text import format_problem, parse_colour, placeholders
from .validate import validate_mod, validate_mod_cli

__all__ = ["MAX_FONT_BYTES", "MAX_IMAGE_BYTES", "MAX_IMAGE_SIDE", "mod_font_paths", "mod_image_paths",
           "png_size", "base_strings", "flatten_strings", "load_game_files", "load_translations",
           "ordered_mods", "read_mod_manifest", "LoadedFile", "merge", "tag_marks", "CONFIG",
           "FONT_SUFFIXES", "IMAGE_SUFFIXES", "LANGS", "ROOT", "mod_files", "safe_child", "placeholders", "format_problem", "parse_colour",
           "validate_mod", "validate_mod_cli"]
