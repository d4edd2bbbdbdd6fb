"""Validated game data as plain frozen records, the shape the engines read at run time.

The pydantic models of a game's ``schema`` check the data files; what the engines keep is
``freeze(model)``: the same fields under the same names (attribute access, ``==``,
``hash``, ``repr``, ``model_dump()``, ``model_copy(update=...)``), without pydantic. One
runtime shape whether the data was just validated or read back from the validated-rules
cache (rulescache.py), so a cache hit never needs pydantic and never behaves differently.

``encode``/``decode`` turn such a tree into JSON-able values and back; ``decode`` rejects
anything ``encode`` could not have made (``ValueError``), so a damaged cache entry is
never half-used.
"""
from __future__ import annotations

import re
from typing import Any

_MODEL, _TUPLE, _PAIRS = "\x00m", "\x00t", "\x00d"      # tags; no data key holds a NUL
_KIND = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,80}$")
_KINDS: dict[str, type] = {}
_SCALARS = (str, int, float, bool, type(None))
_ATOMS = frozenset(_SCALARS)


class Plain:
    """A frozen record of named fields (a validated model's data). A class per model name
    (``kind``), so ``type(x).__name__`` and ``repr`` read as the model's."""

    __slots__ = ("__dict__",)

    def __setattr__(self, name, value):
        raise TypeError(f"{type(self).__name__} is frozen (game data never changes after it is checked)")

    def __delattr__(self, name):
        raise TypeError(f"{type(self).__name__} is frozen (game data never changes after it is checked)")

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self):
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    def __str__(self):          # as pydantic's: the fields without the name
        return " ".join(f"{k}={v!r}" for k, v in self.__dict__.items())

    def __iter__(self):
        return iter(self.__dict__.items())

    def __reduce__(self):
        return rebuild, (type(self).__name__, dict(self.__dict__))

    def model_dump(self) -> dict:
        """The fields as plain dicts and lists, nested records included (a new copy)."""
        return {k: (v if type(v) in _ATOMS else dump(v)) for k, v in self.__dict__.items()}

    def model_copy(self, update: dict | None = None) -> Plain:
        """A copy with ``update``'s fields replaced (not checked again, as pydantic's)."""
        return rebuild(type(self).__name__, {**self.__dict__, **(update or {})})


def kind(name: str) -> type:
    """The record class named ``name`` (made once per name)."""
    cls = _KINDS.get(name)
    if cls is None:
        if not _KIND.match(name):
            raise ValueError(f"not a record name: {name!r}")
        cls = _KINDS[name] = type(name, (Plain,), {"__slots__": (), "__module__": __name__})
    return cls


def rebuild(name: str, fields: dict) -> Plain:
    """The record named ``name`` with ``fields`` (field name -> value), unchecked: what a
    pickled record is made again with (the rules cache checks what it passes, rulescache.py)."""
    obj = object.__new__(kind(name))
    obj.__dict__.update(fields)
    return obj


def dump(value: Any) -> Any:
    """``value`` with every record in it as a plain dict (as ``model_dump`` gives a field)."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, Plain):
        return value.model_dump()
    if isinstance(value, list):
        return [dump(v) for v in value]
    if isinstance(value, tuple):
        return tuple(dump(v) for v in value)
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    return value


def freeze(value: Any) -> Any:
    """A validated pydantic model (or a list/tuple/dict of them) as ``Plain`` records."""
    fields = getattr(type(value), "model_fields", None)
    if isinstance(fields, dict) and not isinstance(value, type):
        return rebuild(type(value).__name__, {k: freeze(getattr(value, k)) for k in fields})
    if isinstance(value, list):
        return [freeze(v) for v in value]
    if isinstance(value, tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    if isinstance(value, _SCALARS):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} as plain data")


# --- JSON ----------------------------------------------------------------------------------
def encode(value: Any) -> Any:
    """``value`` (records, lists, tuples, dicts, scalars) as JSON-able data; TypeError for
    anything else."""
    if isinstance(value, Plain):
        return {_MODEL: type(value).__name__, "f": {k: encode(v) for k, v in value.__dict__.items()}}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("\x00") for k in value):
            return {k: encode(v) for k, v in value.items()}
        if not all(isinstance(k, _SCALARS) for k in value):
            raise TypeError("a mapping key that is not a plain value")
        return {_PAIRS: [[k, encode(v)] for k, v in value.items()]}
    if isinstance(value, _SCALARS):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} as plain data")


def decode_object(obj: dict) -> Any:
    """``json.loads``'s ``object_hook`` for what ``encode`` wrote (inner objects first)."""
    if _MODEL in obj:
        fields = obj.get("f")
        if len(obj) != 2 or not isinstance(obj[_MODEL], str) or not isinstance(fields, dict):
            raise ValueError("a damaged record")
        return rebuild(obj[_MODEL], fields)
    if _TUPLE in obj:
        if len(obj) != 1 or not isinstance(obj[_TUPLE], list):
            raise ValueError("a damaged tuple")
        return tuple(obj[_TUPLE])
    if _PAIRS in obj:
        pairs = obj[_PAIRS]
        if len(obj) != 1 or not isinstance(pairs, list):
            raise ValueError("a damaged mapping")
        out = {}
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], _SCALARS)) or pair[0] in out:
                raise ValueError("a damaged mapping")
            out[pair[0]] = pair[1]
        return out
    if "\x00" in "".join(obj) and any(k.startswith("\x00") for k in obj):   # the join: one C call
        raise ValueError("an unknown tag")
    return obj
