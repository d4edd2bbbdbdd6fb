"""Records: game id, data version, seed, options, seats and the accepted actions (with
engine time for real-time play). Loading replays them. Format: docs/RECORDS.md.

A record read from a file is untrusted: ``from_json``/``from_dict`` check every field's
type and range (numbers finite, a seed of at most 19 digits, at most ``MAX_ACTIONS``
actions, times within ``MAX_TIME`` seconds) and raise ``SaveError`` naming the field.
The game's own checks (options, mods, each action) are made by
``tabletop.data.records``."""
from __future__ import annotations

import dataclasses
import json
import math
from typing import Any, Callable

from .actions import Action
from .errors import SaveError

FORMAT_VERSION = 1
MAX_ACTIONS = 200_000
MAX_TIME = 10_000_000.0          # engine seconds (about 115 days of real-time play)
MAX_SEED = 2 ** 63
_MAX_DIGITS = 30                 # a JSON number written with more digits is refused unread


def _number(text: str):
    if len(text) > _MAX_DIGITS:
        raise ValueError(f"a number written with {len(text)} digits")
    return int(text)


def _float(text: str):
    if len(text) > _MAX_DIGITS + 10:
        raise ValueError(f"a number written with {len(text)} characters")
    return float(text)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a record can hold")


def _time_problem(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"expected a number, got {value!r:.40}"
    if not math.isfinite(value) or not 0 <= value <= MAX_TIME:
        return f"{value!r:.40} is not a time between 0 and {MAX_TIME:,.0f} seconds"
    return None


@dataclasses.dataclass
class Record:
    game: str
    seed: int
    options: dict = dataclasses.field(default_factory=dict)
    seats: list = dataclasses.field(default_factory=list)
    data_version: str = "1"
    mods: list = dataclasses.field(default_factory=list)
    actions: list = dataclasses.field(default_factory=list)   # [{"a": dict, "t": float?}]
    end_time: float | None = None                              # engine time reached (real-time)
    meta: dict = dataclasses.field(default_factory=dict)       # free: names, dates, lesson...

    def add(self, action: Action, time: float | None = None) -> None:
        entry: dict[str, Any] = {"a": action.to_dict()}
        if time is not None:
            entry["t"] = round(float(time), 6)
        self.actions.append(entry)

    def truncate(self, n: int) -> None:
        del self.actions[n:]

    def to_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["format"] = FORMAT_VERSION
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict, source: str = "<record>") -> "Record":
        if not isinstance(data, dict):
            raise SaveError(f"{source}: not a record (expected a JSON object)")
        fmt = data.get("format", FORMAT_VERSION)
        if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
            raise SaveError(f"{source}: format: not a record format number (got {fmt!r}); the file is damaged")
        if fmt > FORMAT_VERSION:
            raise SaveError(f"{source}: format: saved by a newer version of the program "
                            f"(format {fmt}, this one reads up to {FORMAT_VERSION}); update to load it")
        missing = [k for k in ("game", "seed") if k not in data]
        if missing:
            raise SaveError(f"{source}: {missing[0]}: missing; the file is damaged or not a record")
        kinds = {"game": str, "seed": int, "options": dict, "seats": list, "data_version": str,
                 "mods": list, "actions": list, "meta": dict}
        for key, kind in kinds.items():
            if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
                raise SaveError(f"{source}: {key}: expected {kind.__name__}, got {type(data[key]).__name__}; "
                                f"the file is damaged")
        if not -MAX_SEED <= data["seed"] < MAX_SEED:
            raise SaveError(f"{source}: seed: {data['seed']} is not a seed (a whole number within ±2**63); "
                            f"the file is damaged")
        if len(data["game"]) > 32:
            raise SaveError(f"{source}: game: not a game id; the file is damaged")
        problem = _time_problem(data.get("end_time"))
        if problem:
            raise SaveError(f"{source}: end_time: {problem}; the file is damaged")
        seats = data.get("seats", [])
        if len(seats) > 16 or any(not isinstance(s, str) or len(s) > 32 for s in seats):
            raise SaveError(f"{source}: seats: expected up to 16 seat words (human, bot, npc…); "
                            f"the file is damaged")
        mods = data.get("mods", [])
        if len(mods) > 32 or any(not (isinstance(m, str) and len(m) <= 4096) and not (
                isinstance(m, dict) and isinstance(m.get("id"), str) and isinstance(m.get("version", ""), str))
                for m in mods):
            raise SaveError(f"{source}: mods: expected a list of {{\"id\": ..., \"version\": ...}}; "
                            f"the file is damaged")
        actions = data.get("actions", [])
        if len(actions) > MAX_ACTIONS:
            raise SaveError(f"{source}: actions: {len(actions):,} actions, more than a game can hold "
                            f"({MAX_ACTIONS:,}); the file is damaged")
        for i, entry in enumerate(actions):
            if not isinstance(entry, dict) or not isinstance(entry.get("a"), dict) or "kind" not in entry["a"]:
                raise SaveError(f"{source}: actions.{i}: expected {{\"a\": {{\"kind\": ...}}}}, got {entry!r:.80}; "
                                f"the file is damaged")
            problem = _time_problem(entry.get("t"))
            if problem:
                raise SaveError(f"{source}: actions.{i}.t: {problem}; the file is damaged")
        fields = {f.name for f in dataclasses.fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in fields})
        except TypeError as exc:
            raise SaveError(f"{source}: {exc}") from None

    @classmethod
    def from_json(cls, text: str, source: str = "<record>") -> "Record":
        try:
            data = json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise SaveError(f"{source}:{exc.lineno}: (file): corrupt save, not valid JSON ({exc.msg}); "
                            f"the file was left as it is") from None
        except RecursionError:
            raise SaveError(f"{source}: (file): corrupt save (nested too deeply)") from None
        except ValueError as exc:     # a 5000-digit number, NaN, Infinity
            raise SaveError(f"{source}: (file): damaged save: {exc}; the file was left as it is") from None
        return cls.from_dict(data, source)

    def actions_as_objects(self) -> list[tuple[Action, float | None]]:
        return [(Action.from_dict(self.game, e["a"]), e.get("t")) for e in self.actions]


def replay(record: Record, rules, to: int | None = None, on_step: Callable | None = None,
           on_events: Callable | None = None):
    """Rebuild the state a record describes. ``rules`` is the game's Rules for the
    record's options; ``to`` stops after that many actions; ``on_events(events)`` is told
    the events of every advance and apply in order (a loaded game's log is rebuilt from them)."""
    state = rules.new_state(record.seed)
    entries = record.actions if to is None else record.actions[:to]
    for i, entry in enumerate(entries):
        try:
            action = Action.from_dict(record.game, entry["a"])
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"record action {i + 1}: not an action of {record.game} ({exc})") from None
        t = entry.get("t")
        try:
            if t is not None and t > state.time:
                events = state.advance(t - state.time)
                if on_events and events:
                    on_events(list(events))
            events = state.apply(action)
            if on_events and events:
                on_events(list(events))
        except Exception as exc:
            raise SaveError(f"record action {i + 1} ({action.to_text()}): {exc}") from None
        if on_step:
            on_step(i, state)
    if to is None and record.end_time is not None and record.end_time > state.time:
        events = state.advance(record.end_time - state.time)
        if on_events and events:
            on_events(list(events))
    return state
