"""A quicker constructor for the engine's frozen dataclasses (actions and events).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``
(to get past its own ``__setattr__``, which refuses), about 0.3 us a field; a war builds some
800 actions and events, so that was a tenth of a simulated war (and a Pendulum bot game builds
thousands). ``quick_init`` replaces it
with one that writes the same fields, with the same defaults, straight into the instance's
``__dict__``. Nothing else changes: the class stays a frozen dataclass (equality, hash,
``repr``, ``dataclasses.fields``, ``to_dict``/``to_text`` and refusing assignment)."""
from __future__ import annotations

import dataclasses


def quick_init(cls):
    """Class decorator, under ``@dataclass(frozen=True)``: the same ``__init__``, cheaper."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    if any(f.default_factory is not dataclasses.MISSING for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init: {cls.__name__} needs the dataclass's own __init__")
    defaults = {f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    args = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in fields)
    body = "".join(f"\n    d[{f.name!r}] = {f.name}" for f in fields) or "\n    pass"
    src = f"def __init__(self, {args}):\n    d = self.__dict__{body}\n"
    ns: dict = {}
    exec(src, defaults, ns)         # noqa: S102 - source built above from the class's own field names
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls
