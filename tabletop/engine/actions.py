"""Action and event bases: small frozen dataclasses with dict and short-text round trips.

A game declares its classes like this (``@frozen_record`` from ``tabletop.engine.quickinit``
is ``@dataclass(frozen=True)`` made cheaply; a plain frozen dataclass works too)::

    @frozen_record
    class Place(PendulumAction):      # PendulumAction sets game = "pendulum"
        kind: ClassVar[str] = "place"
        seat: int
        worker: str
        space: str

``Place(0, "w1", "green.top.1").to_text()`` gives ``place seat=0 worker=w1 space=green.top.1``
and ``Action.from_text("pendulum", that)`` gives the action back. Field values are ints,
floats, bools, strings or tuples of those; a string that would not read back as itself
(spaces, quotes, brackets, empty, ``12``, ``true``, ``null``) is written as a
JSON string, tuples as JSON lists. A game may override ``to_text`` / ``parse_text`` for a
nicer notation as long as the round trip holds.
"""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any, ClassVar

_REGISTRY: dict[tuple[str, str, str], type] = {}   # (base, game, kind) -> class


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    return value


def _decode(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if isinstance(value, list):
        args = typing.get_args(hint)
        inner = args[0] if args else Any
        return tuple(_decode(v, inner) for v in value)
    if origin is dict and isinstance(value, dict):
        return dict(value)
    return value


def _needs_quotes(text: str) -> bool:
    """A string is written bare only when it reads back as the same string."""
    if text == "" or any(c in '[]{}"' or c.isspace() or not c.isprintable() for c in text):
        return True
    try:
        json.loads(text)          # 12, 1.5, true, null … would read back as another type
        return True
    except ValueError:
        return False


def _text_value(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if _needs_quotes(value) else value
    if isinstance(value, (tuple, list, dict)) or value is None:
        return json.dumps(_encode(value), ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def _parse_value(text: str, hint: Any) -> Any:
    if text[:1] in "[{\"" or text == "null":
        return _decode(json.loads(text), hint)
    base = typing.get_origin(hint) or hint
    if base is bool:
        if text not in ("true", "false"):
            raise ValueError(f"expected true or false, got {text!r}")
        return text == "true"
    if base is int:
        return int(text)
    if base is float:
        return float(text)
    if base is typing.Union or base is getattr(types, "UnionType", None):
        for arg in typing.get_args(hint):
            if arg is type(None):
                continue
            try:
                return _parse_value(text, arg)
            except (ValueError, TypeError):
                continue
    if hint is Any or base is typing.Union or base is getattr(types, "UnionType", None):
        try:
            return json.loads(text)   # numbers and booleans of untyped fields
        except ValueError:
            return text
    return text


class _Record:
    """Shared machinery of Action and Event."""
    game: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    _base: ClassVar[str] = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.__dict__.get("kind") and cls.game:
            _REGISTRY[(cls._base, cls.game, cls.kind)] = cls

    @classmethod
    def _fields(cls):
        """(name, type hint) of each field, worked out once per class."""
        cached = cls.__dict__.get("_fields_cache")
        if cached is None:
            hints = typing.get_type_hints(cls)
            cached = tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(cls))
            cls._fields_cache = cached
        return cached

    def to_dict(self) -> dict:
        data = {"kind": self.kind}
        for name, _ in self._fields():
            data[name] = _encode(getattr(self, name))
        return data

    @classmethod
    def _lookup(cls, game: str, kind: str) -> type:
        try:
            return _REGISTRY[(cls._base, game, kind)]
        except KeyError:
            raise ValueError(f"unknown {cls._base} kind {kind!r} for game {game!r}") from None

    @classmethod
    def from_dict(cls, game: str, data: dict):
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"not a {cls._base or 'record'}: expected a mapping with a kind (got {data!r})")
        target = cls._lookup(game, data["kind"])
        kwargs = {}
        for name, hint in target._fields():
            if name in data:
                kwargs[name] = _decode(data[name], hint)
        return target(**kwargs)

    def to_text(self) -> str:
        parts = [self.kind]
        for name, _ in self._fields():
            parts.append(f"{name}={_text_value(getattr(self, name))}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, game: str, text: str):
        kind, _, rest = text.strip().partition(" ")
        target = cls._lookup(game, kind)
        return target.parse_text(rest)

    @classmethod
    def parse_text(cls, rest: str):
        hints = dict(cls._fields())
        kwargs = {}
        # values never contain " name=" unless JSON-quoted; split on spaces outside JSON
        for token in _split_tokens(rest):
            name, eq, value = token.partition("=")
            if not eq:
                raise ValueError(f"{cls.kind}: expected name=value, got {token!r}")
            if name not in hints:
                raise ValueError(f"{cls.kind}: unknown field {name!r}")
            kwargs[name] = _parse_value(value, hints[name])
        return cls(**kwargs)


def _split_tokens(text: str) -> list[str]:
    """Split on spaces outside JSON strings, lists and mappings."""
    tokens, depth, quote, escape, cur = [], 0, False, False, []
    for ch in text:
        if quote:
            cur.append(ch)
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == " " and depth == 0:
            if cur:
                tokens.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if cur:
        tokens.append("".join(cur))
    return tokens


class Action(_Record):
    """Base of every game action. Subclasses are frozen dataclasses (``@frozen_record``)."""
    _base: ClassVar[str] = "action"


class Event(_Record):
    """Base of every event returned by ``apply``/``advance``: a self-contained fact."""
    _base: ClassVar[str] = "event"
