"""A mod's widget theme: ``theme.yaml`` at the mod's root restyles the pygame_gui widgets
(colours and a few numbers) that our theme or a screen's theme already styles.

The file maps an element id or object id of :data:`KNOWN_IDS` to at most two sections:
``colours`` (a colour name pygame_gui knows, :data:`COLOUR_NAMES`, to ``"#rrggbb"`` or
``"#rrggbbaa"``, read by ``text.parse_colour``) and ``misc`` (the whole numbers of
:data:`MISC_RANGES`, in range). Nothing else: no fonts, images or paths. ``theme_problems``
lists every problem as ``file:line: field: message``; ``load_mod_theme`` gives the mods'
themes in load order (later mods win) as one pygame_gui theme dict (values as texts).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...engine.errors import DataError
from ..hints import did_you_mean
from ..loader import load_yaml
from .manifest import ordered_mods
from .paths import ROOT, file_problem, safe_child
from .text import parse_colour

THEME_NAME = "theme.yaml"
OUR_THEME = ROOT / "assets" / "theme.json"
# the ids the screens' own themes style (tabletop/ui/gui.py TOOLTIP_THEME, grailwar/ui/layout.py
# THEME): written here because the data kit never imports the UI; a test keeps them equal
SCREEN_IDS = ("tool_tip.text_box", "#grailwar_choice", "#grailwar_back", "#grailwar_end", "#grailwar_tip",
              "#grailwar_tip.text_box", "#grailwar_log", "#grailwar_dialog")
COLOUR_NAMES = (
    "normal_bg", "hovered_bg", "disabled_bg", "selected_bg", "active_bg", "dark_bg", "disabled_dark_bg",
    "normal_text", "hovered_text", "disabled_text", "selected_text", "active_text",
    "normal_border", "hovered_border", "disabled_border", "selected_border", "active_border",
    "link_text", "link_hover", "link_selected", "text_shadow", "normal_text_shadow", "hovered_text_shadow",
    "disabled_text_shadow", "selected_text_shadow", "active_text_shadow", "filled_bar", "unfilled_bar",
    "text_cursor",
)
MISC_RANGES = {"border_width": (0, 8), "shadow_width": (0, 8), "shape_corner_radius": (0, 40)}
SECTIONS = ("colours", "misc")


def known_ids() -> list[str]:
    """The ids a mod's theme may style: those of ``assets/theme.json`` and the screens' themes."""
    try:
        ours = list(json.loads(OUR_THEME.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        ours = []
    return list(dict.fromkeys([*ours, *SCREEN_IDS]))


def theme_path(mod_dir: Path) -> Path | None:
    """The mod's ``theme.yaml`` when it has one (None when it has not)."""
    path = Path(mod_dir) / THEME_NAME
    return path if path.exists() or path.is_symlink() else None


def theme_problems(path: Path, data: Any, marks: dict) -> list[str]:
    """Every problem of a loaded ``theme.yaml`` as ``file:line: field: message``."""
    def at(key: str) -> str:
        line = marks.get(key) or 1
        return f"{path}:{line[1] if isinstance(line, tuple) else line}: {key or '(file)'}"

    if data is None:
        return []
    if not isinstance(data, dict):
        return [f"{at('')}: expected a mapping of widget ids to 'colours' and 'misc' "
                f"(got {type(data).__name__})"]
    known = known_ids()
    out = []
    for wid, sections in data.items():
        wid_s = str(wid)
        if wid_s not in known and wid_s in (*SECTIONS, "font", "images", "colors"):
            out.append(f"{at(wid_s)}: a section where a widget id belongs; an id starting with '#' must be "
                       f"quoted (\"#heading\":), else YAML reads the line as a comment")
            continue
        if wid_s not in known:
            out.append(f"{at(wid_s)}: unknown widget id{did_you_mean(wid_s, known)} "
                       f"(a theme restyles only the ids our themes style: docs/MODDING.md, \"Widget theme\")")
            continue
        if not isinstance(sections, dict):
            out.append(f"{at(wid_s)}: expected a mapping with 'colours' and/or 'misc'")
            continue
        for section, values in sections.items():
            key = f"{wid_s}.{section}"
            if section not in SECTIONS:
                out.append(f"{at(key)}: section {str(section)!r} is not allowed{did_you_mean(section, SECTIONS)} "
                           f"(a mod's theme has only 'colours' and 'misc': no fonts, images or paths)")
            elif not isinstance(values, dict):
                out.append(f"{at(key)}: expected a mapping of names to values")
            elif section == "colours":
                out.extend(_colour_problems(values, key, at))
            else:
                out.extend(_misc_problems(values, key, at))
    return out


def _colour_problems(values: dict, prefix: str, at) -> list[str]:
    out = []
    for name, value in values.items():
        key = f"{prefix}.{name}"
        if name not in COLOUR_NAMES:
            out.append(f"{at(key)}: unknown colour name{did_you_mean(name, COLOUR_NAMES)} "
                       f"(pygame_gui's colour names: docs/MODDING.md, \"Widget theme\")")
        elif parse_colour(value, alpha=True) is None:
            out.append(f"{at(key)}: colour {value!r:.40} is not a colour; write \"#rrggbb\" or \"#rrggbbaa\" "
                       f"(hex digits, e.g. \"#f4ead5\")")
    return out


def _misc_problems(values: dict, prefix: str, at) -> list[str]:
    out = []
    for name, value in values.items():
        key = f"{prefix}.{name}"
        if name not in MISC_RANGES:
            out.append(f"{at(key)}: {str(name)!r} may not be set{did_you_mean(name, MISC_RANGES)} "
                       f"(a mod's theme sets only {', '.join(MISC_RANGES)})")
            continue
        low, high = MISC_RANGES[name]
        if isinstance(value, bool) or not isinstance(value, int):
            out.append(f"{at(key)}: must be a whole number {low}..{high} (got {value!r:.40})")
        elif not low <= value <= high:
            out.append(f"{at(key)}: {value} is out of range {low}..{high}")
    return out


def check_theme(mod_dir: Path, errors: list[str]) -> int:
    """Check ``mod_dir/theme.yaml`` into ``errors``; 1 when the mod has a valid theme, else 0."""
    return int(_valid_theme(mod_dir, errors) is not None)


def _valid_theme(mod_dir: Path, errors: list[str]) -> dict | None:
    """``mod_dir/theme.yaml`` read once and checked (its problems into ``errors``): the mapping
    when it is a valid theme, else None."""
    path = theme_path(mod_dir)
    if path is None:
        return None
    try:
        safe_child(mod_dir, THEME_NAME)
    except DataError as exc:
        errors.extend(exc.errors)
        return None
    problem = file_problem(path)
    if problem:
        errors.append(f"{path}: (file): {problem}")
        return None
    try:
        data, marks = load_yaml(path)
    except DataError as exc:
        errors.extend(exc.errors)
        return None
    found = theme_problems(path, data, marks)
    errors.extend(found)
    return data if not found and data is not None else None


def load_mod_theme(mods: list[str | Path] | None) -> dict[str, dict[str, dict[str, str]]]:
    """The mods' widget themes merged in load order (later mods win) as a pygame_gui theme
    dict; a mod whose theme has problems adds nothing (``validate-mod`` and start-up report
    them before a game starts)."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for mod_dir in ordered_mods(list(mods or [])):
        data = _valid_theme(Path(mod_dir), [])
        if data is None:
            continue
        for wid, sections in data.items():
            for section, values in sections.items():
                out.setdefault(str(wid), {}).setdefault(section, {}).update(
                    {str(k): str(v).strip() for k, v in values.items()})
    return out
