"""The rules data as the engine's hot paths read it: plain attributes.

``g.cfg`` and the data records are ``tabletop.data.plain`` records: each keeps its fields in
an instance ``__dict__``, which CPython's attribute cache cannot specialise, so every
``g.cfg.mana.vanish_below`` or ``effect.value`` is a generic lookup (some 300 instructions).
Here are read-only mirrors of them, holding the very same values:

- ``fast_cfg(cfg)``: the configuration, its sections and field names as in ``cfg``, held by
  an ordinary class whose attribute loads the interpreter specialises. Made once per
  configuration object; ``Game.fc`` is ``fast_cfg(g.cfg)`` (the rules' configuration), set
  when a war's state is made, copied or loaded.
- ``faction_fx(...)``: a faction's fields the battle and the NPC rules read (``Faction.fx``,
  made once per data set by ``model.faction_static``).
"""
from __future__ import annotations

from tabletop.data.plain import Plain

from .schema import PARAMS


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


def _flat(effects):
    """Effects as ``(type, when, value, the parameters it names, each once in PARAMS order)``."""
    return tuple((e.type, e.when, e.value,
                  tuple(p for p in PARAMS if e.params == "ALL" or p in e.params) if e.params is not None else ())
                 for e in effects)


def faction_fx(fdef, master, servant):
    """A faction's data as the hot paths read it (plain attributes, never changed): ``ai`` (its
    NPC profile), ``magic``, ``np`` (the noble phantasm), ``np_id``, ``np_cost``, ``np_fx``
    (its effects, ``_flat``), ``act`` (its active skills, master's then servant's, as
    ``(skill, id, cost)``), ``skill`` (id -> skill, the servant's first where both have an
    id), ``skfx`` (``id(skill)`` -> its effects, ``_flat``) and ``start_items``."""
    np_ = servant.np
    skills = servant.skills + master.skills
    by_id: dict = {}
    for sk in skills:
        by_id.setdefault(sk.id, sk)
    return FastCfg((("ai", FastCfg(fdef.ai)), ("magic", master.magic), ("np", np_), ("np_id", np_.id),
                    ("np_cost", np_.cost), ("np_fx", _flat(np_.effects)),
                    ("act", tuple((sk, sk.id, sk.cost) for sk in master.skills + servant.skills
                                  if sk.activation == "active")),
                    ("skill", by_id), ("skfx", {id(sk): _flat(sk.effects) for sk in skills}),
                    ("start_items", tuple(e.items or {} for sk in master.skills + servant.skills for e in sk.effects
                                          if e.type == "start_items"))))

