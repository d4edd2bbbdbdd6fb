"""Game data files and mod overlays (docs/MODDING.md is the modder's guide).

Base data: every ``config/<game>/*.yaml`` (sub-folders are not data files of the engine).
A mod folder has ``mod.yaml`` (id, name, version, load_order) and may hold
``<game>/<file>.yaml`` overlays, ``i18n/<lang>.yaml`` strings, ``images/*.png`` and
``fonts/*.ttf|otf``, and ``theme.yaml`` (the widgets' colours, ``theme``). An overlay file with the same name as a base file is merged into it:

* a list of mappings that all have ``id`` merges by id: fields of an existing entry are
  merged one by one (mappings deep, other values replaced); an entry whose id is not in
  the base is an error ("did you mean") unless it says ``new: true``, then it is appended;
* a mapping merges key by key (recursively);
* anything else is replaced.

The package's parts, in import order: ``paths`` (where mod files are, what may be read),
``overlay`` (the merge and its marks), ``manifest`` (mod.yaml, load order), ``files``
(game data and translations with overlays), ``text`` (checks of every text a mod
supplies), ``assets`` (images and fonts), ``theme`` (the widget theme), ``validate`` (``validate-mod``).
"""
from .. import lazy_names

# Names are imported on first use (PEP 562): the engine's saves read ``manifest`` alone, and
# the launcher's first frame imports the saves without the rest of the data kit.
_WHERE = {
    "MAX_FONT_BYTES": "assets", "MAX_IMAGE_BYTES": "assets", "MAX_IMAGE_SIDE": "assets",
    "mod_font_paths": "assets", "mod_image_paths": "assets", "png_size": "assets",
    "base_strings": "files", "flatten_strings": "files", "load_game_files": "files", "load_translations": "files",
    "ordered_mods": "manifest", "read_mod_manifest": "manifest",
    "LoadedFile": "overlay", "merge": "overlay", "tag_marks": "overlay",
    "CONFIG": "paths", "FONT_SUFFIXES": "paths", "IMAGE_SUFFIXES": "paths", "LANGS": "paths", "ROOT": "paths",
    "mod_files": "paths", "safe_child": "paths",
    "format_problem": "text", "parse_colour": "text", "placeholders": "text",
    "check_theme": "theme", "load_mod_theme": "theme",
    "validate_mod": "validate", "validate_mod_cli": "validate",
}

__all__ = list(_WHERE)


__getattr__ = lazy_names(__name__, _WHERE)
