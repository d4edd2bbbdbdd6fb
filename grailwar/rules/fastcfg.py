"""The rules' configuration as plain attributes, for the engine's hot paths.

``g.cfg`` is the validated configuration (``tabletop.data.plain`` records: each field in an
instance ``__dict__``, which CPython's attribute cache cannot specialise, so every
``g.cfg.mana.vanish_below`` is two generic lookups). ``fast_cfg(cfg)`` is a read-only mirror
of it: the same section names, field names and values (the very same objects), held by an
ordinary class whose attribute loads the interpreter specialises. Made once per
configuration object; ``Game.fc`` is ``fast_cfg(g.cfg)``, set wherever ``g.cfg`` is."""
from __future__ import annotations

from tabletop.data.plain import Plain


class FastCfg:
    """A record's fields as attributes (never written after it is made)."""

    def __init__(self, fields):
        for k, v in fields:
            setattr(self, k, v)

    def __repr__(self):
        return f"FastCfg({vars(self)!r})"


_CACHE: dict = {}


def fast_cfg(cfg):
    """The mirror of ``cfg`` (its sections mirrored too), made once per ``cfg`` object."""
    hit = _CACHE.get(id(cfg))
    if hit is None or hit[0] is not cfg:
        if len(_CACHE) > 16:
            _CACHE.clear()
        fc = FastCfg((k, FastCfg(v) if isinstance(v, Plain) else v) for k, v in cfg)
        hit = _CACHE[id(cfg)] = (cfg, fc)
    return hit[1]
