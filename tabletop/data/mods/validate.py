"""``python main.py validate-mod DIR``: every problem of a mod folder as
``file:line: field: message`` lines."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from ... import games
from ...engine.errors import DataError
from ..hints import did_you_mean
from ..loader import load_yaml
from ..sounds import EXTS as SOUND_EXTS
from ..sounds import check_sound_file
from .assets import check_assets
from .files import base_strings, flatten_strings, load_game_files
from .manifest import DEFERRED, LENIENT_MANIFEST, read_mod_manifest
from .paths import CONFIG, FONT_SUFFIXES, IMAGE_SUFFIXES, LANGS, ROOT, file_problem, mod_files
from .text import format_problem, placeholders
from .theme import check_theme


MAX_REPORTED = 200      # problems listed per file; the rest are counted
MAX_HINTS = 20          # "did you mean" hints per file (each compares with every known key)
BUILTIN_SOUNDS = ROOT / "assets" / "sounds"
# a mod may keep the script that made its art (make_*.py): the program never runs or imports it
_TOP_FILES = re.compile(r"^(mod\.yaml|theme\.yaml|README(\..+)?|LICEN[SC]E(\..+)?|CREDITS(\..+)?|.+\.md|.+\.txt|make_[a-z0-9_]+\.py)$",
                        re.I)


def _walk_tree(mod_dir: Path, errors: list[str]) -> None:
    """Refuse links anywhere in the mod and report files that are not part of a mod."""
    known_dirs = set(games.GAMES) | {"i18n", "images", "fonts", "sounds"}
    stack = [mod_dir]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(folder.iterdir())
        except OSError as exc:
            errors.append(f"{folder}: (file): cannot read ({exc.strerror})")
            continue
        for path in entries:
            rel = path.relative_to(mod_dir)
            if path.is_symlink():
                errors.append(f"{path}: (file): symbolic links are not allowed in a mod "
                              f"(they can point outside the folder); refused")
                continue
            if path.name.startswith("."):
                continue                     # .git, editor files
            if path.is_dir():
                if folder == mod_dir and path.name not in known_dirs:
                    errors.append(f"{path}: (file): unknown folder {path.name!r}"
                                  f"{did_you_mean(path.name, sorted(known_dirs))} "
                                  f"(a mod holds {', '.join(sorted(known_dirs))})")
                elif folder != mod_dir:
                    errors.append(f"{path}: (file): sub-folders are not read here; "
                                  f"put the files directly in {folder.name}/")
                else:
                    stack.append(path)
                continue
            problem = file_problem(path)
            if problem:
                errors.append(f"{path}: (file): {problem}")
                continue
            if folder == mod_dir:
                if not _TOP_FILES.match(path.name):
                    errors.append(f"{path}: (file): not part of a mod (the top folder holds mod.yaml "
                                  f"and README/LICENSE/CREDITS texts)")
                continue
            kind = rel.parts[0]
            wanted = {"images": IMAGE_SUFFIXES, "fonts": FONT_SUFFIXES, "sounds": SOUND_EXTS}.get(kind, (".yaml",))
            if path.suffix.lower() not in wanted:
                errors.append(f"{path}: (file): {kind}/ takes {' or '.join(wanted)} files")


def _check_i18n(mod_dir: Path, errors: list[str]) -> int:
    count = 0
    base: dict[str, dict[str, Any]] = {}
    for lang in LANGS:
        try:
            base[lang] = base_strings(lang)
        except DataError as exc:
            errors.extend(exc.errors)
            base[lang] = {}
    base_keys = set(base["en"])
    for path in mod_files(mod_dir, "i18n", (".yaml",)):
        if path.stem not in LANGS:
            errors.append(f"{path}: (file): unknown language {path.stem!r}"
                          f"{did_you_mean(path.stem, LANGS)} (the program speaks {', '.join(LANGS)})")
            continue
        try:
            data, marks = load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        if data is None:
            continue
        problems: list[tuple[str, str]] = []
        flat = flatten_strings(data, marks, "", problems)
        for key, message in problems:
            errors.append(f"{path}:{marks.get(key, 1)}: {key or '(file)'}: {message}")
        reported = 0
        for key, value in flat.items():
            if reported >= MAX_REPORTED:
                errors.append(f"{path}: (file): more problems in this file are not listed "
                              f"(the first {MAX_REPORTED} are above)")
                break
            where = f"{path}:{marks.get(key, 1)}"
            problem = None
            if not (key in base_keys or key.startswith("mod.")):
                hint = did_you_mean(key, base_keys) if reported < MAX_HINTS else ""
                problem = (f"unknown text key{hint} "
                           f"(keys must exist in config/i18n/en.yaml, or start with 'mod.')")
            elif not isinstance(value, str):
                problem = f"must be a text (got {value!r:.80})"
            elif not value.strip():
                problem = "must not be empty"
            else:
                allowed: set[str] | None = None
                if key in base_keys:
                    allowed = set()
                    for lang in LANGS:
                        ref = base[lang].get(key)
                        if isinstance(ref, str):
                            allowed |= placeholders(ref) or set()
                problem = format_problem(value, allowed)
            if problem:
                errors.append(f"{where}: {key}: {problem}")
                reported += 1
            else:
                count += 1
    return count


def _check_game_data(mod_dir: Path, errors: list[str]) -> tuple[int, list[str]]:
    """Overlays of every game folder; returns (overlay count, notes)."""
    count, notes = 0, []
    for game in games.GAMES:
        overlays = mod_files(mod_dir, game, (".yaml",), errors)
        if not overlays:
            continue
        count += len(overlays)
        try:
            built = games.available(game)
        except Exception as exc:       # the game module itself is broken
            errors.append(f"{mod_dir / game}: (file): the {game} game failed to load "
                          f"({type(exc).__name__}: {exc})")
            continue
        try:
            if built:
                games.load(game).make_rules(mods=[str(mod_dir)])
            else:
                notes.append(f"{game} is not built: its overlays were checked for syntax and ids only")
                if (CONFIG / game).is_dir():
                    load_game_files(game, [mod_dir])
                else:
                    for path in overlays:
                        load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
        except Exception as exc:
            errors.append(f"{mod_dir / game}: (file): the {game} rules could not use this data "
                          f"({type(exc).__name__}: {exc})")
    return count, notes


def _check_sounds(mod_dir: Path, errors: list[str]) -> int:
    """``sounds/<id>.wav|.ogg`` checked as the sound board checks them
    (``tabletop.data.sounds``); the ids are those of the program's own sounds."""
    known = {p.stem for p in BUILTIN_SOUNDS.glob("*.wav")}
    count = 0
    for path in mod_files(mod_dir, "sounds", SOUND_EXTS, errors):
        problems = check_sound_file(path, known)
        errors.extend(problems)
        count += not problems
    return count


def validate_mod(mod_dir: str | Path) -> tuple[list[str], dict]:
    """Every problem of a mod folder as ``file:line: field: message`` lines, and counts."""
    given = str(mod_dir).rstrip("/") or "/"
    mod_dir = Path(mod_dir)
    errors: list[str] = []
    counts = {"overlays": 0, "strings": 0, "images": 0, "fonts": 0, "sounds": 0, "themes": 0, "notes": []}
    if not mod_dir.is_dir():
        return [f"{given}: (file): not a folder (validate-mod wants a mod folder with mod.yaml)"], counts
    mod_dir = mod_dir.resolve()
    read_mod_manifest(mod_dir, errors)
    _walk_tree(mod_dir, errors)
    deferred: list[str] = []
    token, token2 = LENIENT_MANIFEST.set(True), DEFERRED.set(deferred)
    try:
        counts["overlays"], counts["notes"] = _check_game_data(mod_dir, errors)
    finally:
        LENIENT_MANIFEST.reset(token)
        DEFERRED.reset(token2)
    errors.extend(deferred)
    counts["strings"] = _check_i18n(mod_dir, errors)
    counts["images"] = check_assets(mod_dir, "images", IMAGE_SUFFIXES, errors, counts["notes"])
    counts["fonts"] = check_assets(mod_dir, "fonts", FONT_SUFFIXES, errors)
    counts["sounds"] = _check_sounds(mod_dir, errors)
    counts["themes"] = check_theme(mod_dir, errors)
    lines = [_shorten(e, mod_dir, given) for e in dict.fromkeys(errors)]
    return _by_file_and_line(lines), counts


def _by_file_and_line(lines: list[str]) -> list[str]:
    """Errors grouped by file (in order of first appearance), by line within a file; at
    most ``MAX_REPORTED`` per file, then one line saying how many more there are."""
    first: dict[str, int] = {}
    keys = []
    for i, line in enumerate(lines):
        m = re.match(r"^(.*?)(?::(\d+))?: ", line)
        name, num = (m.group(1), int(m.group(2) or 0)) if m else (line, 0)
        first.setdefault(name, len(first))
        keys.append((first[name], num, i))
    names = list(first)
    out: list[str] = []
    shown: dict[int, int] = {}
    for f, _num, i in sorted(keys):
        shown[f] = shown.get(f, 0) + 1
        if shown[f] <= MAX_REPORTED:
            out.append(lines[i])
        elif shown[f] == MAX_REPORTED + 1:
            more = sum(1 for k in keys if k[0] == f) - MAX_REPORTED
            out.append(f"{names[f]}: (file): {more} more problems in this file are not listed")
    return out


def _shorten(line: str, mod_dir: Path, given: str) -> str:
    """Error lines name files as the user wrote the mod folder, and the base data
    relative to the current folder."""
    resolved = str(mod_dir)
    if line.startswith(resolved + "/") or line.startswith(resolved + ":"):
        return given + line[len(resolved):]
    cwd = str(Path.cwd().resolve())
    if line.startswith(cwd + "/"):
        return line[len(cwd) + 1:]
    return line


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def validate_mod_cli(mod_dir: str) -> int:
    """``python main.py validate-mod DIR``: every error and exit 1, or a summary and 0."""
    errors, counts = validate_mod(mod_dir)
    if errors:
        for line in errors:
            print(line)
        print(f"{mod_dir}: {_plural(len(errors), 'error')}", file=sys.stderr)
        return 1
    summary = (f"{str(mod_dir).rstrip('/')}: OK — {_plural(counts['overlays'], 'data overlay')}, "
               f"{_plural(counts['strings'], 'string')}, {_plural(counts['images'], 'image')}")
    if counts["fonts"]:
        summary += f", {_plural(counts['fonts'], 'font')}"
    if counts["sounds"]:
        summary += f", {_plural(counts['sounds'], 'sound')}"
    if counts["themes"]:
        summary += ", a widget theme"
    print(summary)
    for note in counts["notes"]:
        print(f"  note: {note}", file=sys.stderr)
    return 0

