"""Opening a record from a file someone else may have written (Load, Resume, ``replay``).

``open_record(path, mod_folders)`` reads the record (``saves.read_record``: only a regular
file of bounded size, every field's type and range), finds the mods it names by id and
version among the configured mod folders (never a path taken from the record), checks
its options as the launcher would set them, checks each action's fields against the
action's declared types, and makes the Rules. ``replay_file`` also replays it. Every
failure is a ``SaveError`` with one line: file, then the field or the action number and
the rule.

Options: the launcher and ``--seats``/``--mode`` set only ``LAUNCHER_OPTIONS``; each is
checked by the game's own rules. Every other option must have the value the rules give
it by default (with the same mods), so a record cannot ask for a claim window of 10^9
seconds or any other value no player could have chosen.
"""
from __future__ import annotations

import dataclasses
import math
import types
import typing
from pathlib import Path
from typing import Any

from .. import games
from ..engine import Action, SaveError, replay
from ..engine.errors import DataError, IllegalActionError
from ..engine.record import Record
from ..engine.saves import data_dir, read_record
from .mods.manifest import read_mod_manifest
from .mods.paths import ROOT
from .mods.validate import validate_mod

LAUNCHER_OPTIONS = {
    "pendulum": {"mode", "players", "seats", "characters", "advanced", "advanced_variant", "super_beginner"},
    "grailwar": {"seats", "max_turns"},
}
MAX_TURNS = 200


def mod_folders_to_search(configured: list[str | Path] | None = None) -> list[Path]:
    """Where a record's mods are looked up: the folders given with ``--mod``, then every
    mod in the shipped ``mods/`` folder and in ``<user data folder>/mods/``."""
    out: list[Path] = [Path(m) for m in configured or []]
    for parent in (ROOT / "mods", data_dir() / "mods"):
        try:
            out += sorted(p for p in parent.iterdir() if p.is_dir() and not p.is_symlink())
        except OSError:
            continue
    return out


def resolve_mods(record: Record, source: str, configured: list[str | Path] | None = None) -> list[Path]:
    """The mod folders a record was played with, found by id (and version) among
    ``mod_folders_to_search``. An entry written as a folder path by an older version is
    looked up by the folder's name; the path itself is never opened."""
    wanted = []
    for entry in record.mods:
        if isinstance(entry, dict):
            wanted.append((entry["id"], entry.get("version") or None))
        else:
            wanted.append((Path(str(entry)).name, None))
    if not wanted:
        return []
    found: dict[str, list[tuple[str, Path]]] = {}
    for folder in mod_folders_to_search(configured):
        manifest = read_mod_manifest(folder, [])
        if manifest.get("id"):
            found.setdefault(manifest["id"], []).append((manifest.get("version", ""), folder))
    out = []
    for mod_id, version in wanted:
        matches = [f for v, f in found.get(mod_id, []) if version is None or v == version]
        if not matches:
            have = ", ".join(v for v, _ in found.get(mod_id, []))
            raise SaveError(f"{source}: mods: the game was played with mod {mod_id!r}"
                            + (f" version {version}" if version else "")
                            + (f"; the mod folders have version {have}" if have else "; it is not in the mod folders")
                            + " (add it with --mod DIR)")
        out.append(matches[0])
    for folder in out:
        errors, _ = validate_mod(folder)
        if errors:
            raise SaveError(f"{source}: mods: the mod in {folder} has errors (python main.py validate-mod "
                            f"{folder}): {errors[0]}")
    return out


def options_problem(game: str, options: dict, defaults: dict) -> str | None:
    """Why a record's options are not options the launcher could have set, or None.
    ``defaults``: the rules' options made from the launcher options alone."""
    allowed = LAUNCHER_OPTIONS.get(game, set())
    for key, value in options.items():
        if not isinstance(key, str):
            return f"options: {key!r} is not an option"
        if key in allowed:
            problem = _json_value_problem(value)
            if problem:
                return f"options.{key}: {problem}"
            if game == "grailwar" and key == "max_turns" and value is not None and (
                    isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TURNS):
                return f"options.max_turns: {value!r:.40} is not a number of turns (1 to {MAX_TURNS})"
            if game == "grailwar" and key == "seats" and (
                    not isinstance(value, list) or any(s not in ("human", "npc") for s in value)):
                return f"options.seats: {value!r:.60} is not a list of human or npc"
            continue
        if key not in defaults:
            return f"options.{key}: not an option of {game}"
        if value != defaults[key] or type(value) is not type(defaults[key]):
            return (f"options.{key}: {value!r:.40} is not a value the launcher sets "
                    f"(the game's setting is {defaults[key]!r})")
    return None


def _json_value_problem(value: Any) -> str | None:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, float) and not math.isfinite(v):
            return f"{v} is not a number"
        if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) > 10 ** 9:
            return f"{v} is out of range"
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return None


def action_problem(action: Action) -> str | None:
    """Why an action read from a record has a field of the wrong type (``seat: true`` where
    a seat number belongs), or None; the field types are the action class's own."""
    hints = typing.get_type_hints(type(action))
    for f in dataclasses.fields(action):
        problem = _type_problem(getattr(action, f.name), hints.get(f.name, Any))
        if problem:
            return f"{f.name}: {problem}"
    return None


def _type_problem(value: Any, hint: Any) -> str | None:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any or isinstance(hint, typing.TypeVar):
        return None
    if origin in (typing.Union, types.UnionType):
        problems = [_type_problem(value, a) for a in args]
        return None if any(p is None for p in problems) else next(p for p in problems if p)
    if hint is type(None):
        return None if value is None else f"expected nothing, got {value!r:.40}"
    if origin in (tuple, list):
        if not isinstance(value, (tuple, list)):
            return f"expected a list, got {value!r:.40}"
        inner = args[0] if args else Any
        for v in value:
            problem = _type_problem(v, inner)
            if problem:
                return problem
        return None
    if origin is typing.Literal:
        return None if value in args else f"expected one of {args}, got {value!r:.40}"
    if hint is bool:
        return None if isinstance(value, bool) else f"expected true or false, got {value!r:.40}"
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number, got {value!r:.40}"
        return None if abs(value) <= 10 ** 9 else f"{value} is out of range"
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"expected a number, got {value!r:.40}"
        return None if abs(value) <= 10 ** 9 else f"{value} is out of range"
    if hint is str:
        return None if isinstance(value, str) and len(value) <= 200 else f"expected a short text, got {value!r:.40}"
    return None


def open_record(path: str | Path, mod_folders: list[str | Path] | None = None):
    """``(record, rules, mod folders)`` of a record file; ``SaveError`` (one line) for
    anything wrong with it."""
    source = str(path)
    record = read_record(path)
    try:
        module = games.load(record.game)
    except games.GameNotBuilt as exc:
        raise SaveError(f"{source}: game: {exc}") from None
    mods = resolve_mods(record, source, mod_folders)
    try:
        launcher = {k: v for k, v in record.options.items() if k in LAUNCHER_OPTIONS.get(record.game, ())}
        defaults = module.make_rules(launcher, mods=[str(m) for m in mods]).options_dict()
        problem = options_problem(record.game, record.options, defaults)
        if problem:
            raise SaveError(f"{source}: {problem}")
        rules = module.make_rules(record.options, mods=[str(m) for m in mods])
    except SaveError:
        raise
    except (DataError, ValueError, TypeError, KeyError) as exc:
        line = _first_line(exc)
        raise SaveError(f"{source}: {line if line.startswith('options') else 'options: ' + line}") from None
    for i, entry in enumerate(record.actions):
        try:
            action = Action.from_dict(record.game, entry["a"])
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"{source}: record action {i + 1}: not an action of {record.game} ({_first_line(exc)})") from None
        problem = action_problem(action)
        if problem:
            raise SaveError(f"{source}: record action {i + 1} ({entry['a'].get('kind')!s:.40}): {problem}")
    return record, rules, mods


def replay_file(path: str | Path, mod_folders: list[str | Path] | None = None, to: int | None = None):
    """``(record, rules, state, mod folders)`` after replaying a record file; any failure is
    a one-line ``SaveError`` naming the file and, for a refused action, its number and rule."""
    record, rules, mods = open_record(path, mod_folders)
    try:
        state = replay(record, rules, to=to)
    except SaveError as exc:
        raise SaveError(f"{path}: {_first_line(exc)}") from None
    except IllegalActionError as exc:
        raise SaveError(f"{path}: {exc.rule}: {exc.message}") from None
    except (DataError, ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError,
            RecursionError) as exc:
        raise SaveError(f"{path}: the record cannot be replayed ({type(exc).__name__}: {_first_line(exc)})") from None
    return record, rules, state, mods


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return (text.splitlines() or [type(exc).__name__])[0][:300]
