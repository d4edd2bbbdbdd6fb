"""``@frozen_record``: the engine's actions and events as frozen dataclasses, made cheaply.

``@dataclass(frozen=True)`` writes and compiles six methods per class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) and asks
``inspect.signature`` for a docstring: about 1.8 ms a class, and Pendulum declares 47 of them,
which made importing its actions a sixth of the table's start-up. Its ``__init__`` then sets
each field through ``object.__setattr__`` (to get past the frozen ``__setattr__``), about
0.3 µs a field, on every action a bot makes.

``frozen_record`` reads the fields from the class's own annotations (a ``ClassVar`` is not a
field; the fields of a ``frozen_record`` base come first, as in a dataclass) and compiles
nothing: the ``__init__`` (positional or keyword arguments, the same defaults, writing the
fields straight into the instance's ``__dict__``) is a copy of one compiled template per
number of fields with the names put in; equality, hash, repr and refusing assignment are
shared functions over the class's field names. The dataclass machinery (``dataclasses.fields``,
``asdict``, ``replace``, ``is_dataclass``) runs for a class the first time something asks for
its fields, and must find the same fields (else ``TypeError``); ``__match_args__`` is set at
once. The contract is the dataclass's: equal and hashed by value (the tuple of fields) and only
to the same class, ``Name(field=value, ...)`` as repr, ``FrozenInstanceError`` on assignment or
deletion. Anything else a dataclass field may be (``field()``, ``InitVar``, ``KW_ONLY``, a
dataclass base) is refused with ``TypeError``: use ``@dataclass(frozen=True)`` there."""
from __future__ import annotations

import dataclasses
import types
import typing
from operator import attrgetter

_RECORD = "__record_fields__"          # the field names of a frozen_record class, in order
_LOCAL = "_record_dict_"               # the template's one local variable (not a field name)


def frozen_record(cls):
    """Class decorator, in place of ``@dataclass(frozen=True)`` (see the module docstring)."""
    if not cls.__dict__.get("__doc__"):
        cls.__doc__ = cls.__name__      # as the dataclass machinery would not work one out
    names = _names(cls)
    defaults = []
    for name in names:
        default = getattr(cls, name, dataclasses.MISSING)
        if isinstance(default, dataclasses.Field) or (default is not dataclasses.MISSING
                                                       and default.__class__.__hash__ is None):
            raise TypeError(f"frozen_record: {cls.__name__}.{name} needs @dataclass(frozen=True)")
        if default is not dataclasses.MISSING:
            defaults.append(default)
        elif defaults:
            raise TypeError(f"frozen_record: {cls.__name__}: field {name!r} without a default follows one with a default")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"frozen_record: {cls.__name__} needs @dataclass(frozen=True)")
    setattr(cls, _RECORD, names)
    cls.__match_args__ = names
    cls.__dataclass_fields__ = _Fields(cls)      # the dataclass machinery, when first asked
    cls.__init__ = _init(cls, names, tuple(defaults))
    if len(names) > 1:
        key = attrgetter(*names)                    # a tuple of the fields, as the dataclass's
    elif names:
        one = attrgetter(names[0])
        key = lambda self: (one(self),)             # noqa: E731
    else:
        key = lambda self: ()                       # noqa: E731

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self):
        return hash(key(self))

    def __repr__(self):
        return f"{self.__class__.__qualname__}(" + ", ".join(
            f"{n}={v!r}" for n, v in zip(names, key(self))) + ")"

    for name, fn in (("__eq__", __eq__), ("__hash__", __hash__), ("__repr__", __repr__),
                     ("__setattr__", _setattr), ("__delattr__", _delattr)):
        setattr(cls, name, fn)
    return cls


def _names(cls) -> tuple:
    """The field names, as the dataclass machinery would find them: those of the nearest
    frozen_record bases first, then the class's own annotations that are not ``ClassVar``."""
    names: list = []
    for base in reversed(cls.__mro__[1:]):
        if "__dataclass_fields__" in base.__dict__ and _RECORD not in base.__dict__:
            raise TypeError(f"frozen_record: {cls.__name__} has a dataclass base: use @dataclass(frozen=True)")
        for name in base.__dict__.get(_RECORD, ()):
            if name not in names:
                names.append(name)
    for name, hint in cls.__dict__.get("__annotations__", {}).items():
        if _classvar(hint):
            continue
        text = hint if isinstance(hint, str) else repr(hint)
        if "InitVar" in text or "KW_ONLY" in text or "ClassVar" in text or name in ("self", _LOCAL):
            raise TypeError(f"frozen_record: {cls.__name__}.{name} needs @dataclass(frozen=True)")
        if name not in names:
            names.append(name)
    return tuple(names)


def _classvar(hint) -> bool:
    if isinstance(hint, str):
        return hint.replace(" ", "").startswith(("ClassVar[", "typing.ClassVar[")) or hint in ("ClassVar", "typing.ClassVar")
    return hint is typing.ClassVar or typing.get_origin(hint) is typing.ClassVar


class _Fields:
    """``__dataclass_fields__`` until something asks for it: then the dataclass machinery runs
    for the class (as ``dataclass(init=False, repr=False, eq=False)``, leaving the record's own
    methods), puts the real mapping in its place and checks it found the same fields."""

    def __init__(self, cls):
        self.cls = cls

    def __get__(self, obj, owner=None):
        cls = self.cls
        if cls.__dict__.get("__dataclass_fields__") is self:
            dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
            found = tuple(f.name for f in dataclasses.fields(cls))
            if found != cls.__dict__[_RECORD]:
                raise TypeError(f"frozen_record: {cls.__name__} has the dataclass fields {found}, "
                                f"not {cls.__dict__[_RECORD]}: use @dataclass(frozen=True)")
        return cls.__dict__["__dataclass_fields__"]


def _setattr(self, name, value):
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self, name):
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


_TEMPLATES: dict[int, types.CodeType] = {}


def _template(n: int) -> types.CodeType:
    """The code of an ``__init__`` of ``n`` fields named ``_f0``... (compiled once per ``n``)."""
    code = _TEMPLATES.get(n)
    if code is None:
        params = "".join(f", _f{i}" for i in range(n))
        body = "".join(f"\n    {_LOCAL}['_f{i}'] = _f{i}" for i in range(n))
        ns: dict = {}
        exec(f"def __init__(self{params}):\n    {_LOCAL} = self.__dict__{body}\n", {}, ns)  # noqa: S102 - no names of the caller's
        code = _TEMPLATES[n] = ns["__init__"].__code__
    return code


def _init(cls, names: tuple, defaults: tuple):
    """An ``__init__`` taking the fields in order (positionally or by name; the last
    ``len(defaults)`` have those defaults) and writing them into the instance's ``__dict__``."""
    code = _template(len(names))
    put = {f"_f{i}": name for i, name in enumerate(names)}
    qualname = f"{cls.__qualname__}.__init__"
    named = {"co_qualname": qualname} if hasattr(code, "co_qualname") else {}     # Python 3.11 on
    code = code.replace(co_varnames=tuple(put.get(v, v) for v in code.co_varnames),
                        co_consts=tuple(put.get(c, c) if isinstance(c, str) else c for c in code.co_consts), **named)
    init = types.FunctionType(code, {}, "__init__", defaults or None)
    init.__qualname__ = qualname
    init.__module__ = cls.__module__
    return init
