"""Game data files and translations with the mods' overlays applied in load order."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.errors import DataError
from ..hints import did_you_mean
from ..loader import load_yaml
from .manifest import DEFERRED, ordered_mods
from .overlay import LoadedFile, merge, sub_path, tag_marks
from .paths import CONFIG, mod_files
from .text import colour_problems, format_problem, placeholders


def load_game_files(game: str, mods: list[str | Path] | None = None,
                    config_dir: Path | None = None) -> dict[str, LoadedFile]:
    """Every data file of ``game`` with the mods' overlays applied in load order.
    Collects every loading and overlay error before raising ``DataError``."""
    base_dir = (config_dir or CONFIG) / game
    files: dict[str, LoadedFile] = {}
    errors: list[str] = []
    for path in sorted(base_dir.glob("*.yaml")):
        try:
            data, marks = load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        files[path.stem] = LoadedFile(path.stem, data, tag_marks(marks, str(path)), str(path))
    for mod_dir in ordered_mods(mods or []):
        for path in mod_files(mod_dir, game, (".yaml",), errors):
            try:
                data, marks = load_yaml(path)
            except DataError as exc:
                errors.extend(exc.errors)
                continue
            if data is None:
                continue
            errors.extend(colour_problems(data, marks, str(path)))
            tagged = tag_marks(marks, str(path))
            if path.stem in files:
                f = files[path.stem]
                deferred = DEFERRED.get()
                f.data = merge(f.data, data, f.marks, tagged, errors=errors if deferred is None else deferred)
            else:
                known = [p.stem for p in base_dir.glob("*.yaml")]
                errors.append(f"{path}:1: (file): the game has no data file {path.stem!r} to overlay"
                              f"{did_you_mean(path.stem, known)} (overlay files take the name of a file "
                              f"in config/{game}/)")
    if errors:
        raise DataError(errors)
    return files


# --- translations, images, fonts ---------------------------------------------------
def flatten_strings(data: Any, marks: dict | None = None, prefix: str = "",
                    problems: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """Nested mappings to ``{"dotted.key": value}``; non-mapping leaves are kept as they
    are (callers check they are strings). ``problems`` receives (key, message)."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            key = sub_path(prefix, k)
            if isinstance(v, dict):
                out.update(flatten_strings(v, marks, key, problems))
            else:
                out[key] = v
    elif data is not None and problems is not None:
        problems.append((prefix, "expected a mapping of keys to texts"))
    return out


def base_strings(lang: str, config_dir: Path | None = None) -> dict[str, Any]:
    path = (config_dir or CONFIG) / "i18n" / f"{lang}.yaml"
    if not path.is_file():
        return {}
    data, _ = load_yaml(path)
    return flatten_strings(data)


def load_translations(lang: str, mods: list[str | Path] | None = None,
                      config_dir: Path | None = None) -> dict[str, str]:
    """Flattened dotted keys of ``config/i18n/<lang>.yaml`` overlaid by each mod's
    ``i18n/<lang>.yaml`` in load order. A mod's text that is not a text or not a safe
    format string for its key (``text.format_problem``) is skipped, so the base text
    stays (``validate-mod`` reports it); a file that is not valid YAML raises ``DataError``."""
    strings = {k: v for k, v in base_strings(lang, config_dir).items() if isinstance(v, str)}
    if not mods:
        return strings
    allowed = {k: placeholders(v) or set() for k, v in strings.items()}
    for mod_dir in ordered_mods(mods or []):
        for path in mod_files(mod_dir, "i18n", (".yaml",)):
            if path.stem != lang:
                continue
            data, _ = load_yaml(path)
            for k, v in flatten_strings(data).items():
                if isinstance(v, str) and (k in allowed or k.startswith("mod.")) and \
                        format_problem(v, allowed.get(k)) is None:
                    strings[k] = v
    return strings
