"""``@frozen_record``: the engine's actions and events as frozen dataclasses, made cheaply.

``@dataclass(frozen=True)`` writes and compiles six methods per class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) and asks
``inspect.signature`` for a docstring: about 1.8 ms a class, and Pendulum declares 47 of them,
which made importing its actions a sixth of the table's start-up. Its ``__init__`` then sets
each field through ``object.__setattr__`` (to get past the frozen ``__setattr__``), about
0.3 µs a field, on every action a bot makes.

``frozen_record`` keeps the dataclass (``dataclasses.fields``, ``asdict``, ``replace`` and
``__match_args__`` work as before) but compiles only the ``__init__``, one that writes the
fields straight into the instance's ``__dict__`` with the same defaults; equality, hash, repr
and refusing assignment are shared functions over the class's field names. The contract is
the dataclass's: equal and hashed by value (the tuple of fields) and only to the same class,
``Name(field=value, ...)`` as repr, ``FrozenInstanceError`` on assignment or deletion."""
from __future__ import annotations

import dataclasses
from operator import attrgetter


def frozen_record(cls):
    """Class decorator, in place of ``@dataclass(frozen=True)`` (see the module docstring)."""
    if not cls.__dict__.get("__doc__"):
        cls.__doc__ = cls.__name__      # else dataclass works one out with inspect.signature
    cls = dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    fields = dataclasses.fields(cls)
    if any(f.default_factory is not dataclasses.MISSING for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"frozen_record: {cls.__name__} needs @dataclass(frozen=True)")
    names = tuple(f.name for f in fields)
    cls.__init__ = _init(cls, fields)
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


def _setattr(self, name, value):
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self, name):
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _init(cls, fields):
    """An ``__init__`` taking the fields in order (positionally or by name, with their defaults)
    and writing them into the instance's ``__dict__``."""
    defaults = {f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    args = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in fields)
    body = "".join(f"\n    d[{f.name!r}] = {f.name}" for f in fields) or "\n    pass"
    ns: dict = {}
    exec(f"def __init__(self, {args}):\n    d = self.__dict__{body}\n", defaults, ns)  # noqa: S102 - field names only
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
