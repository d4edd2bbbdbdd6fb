"""Data paths of config/pendulum/options.yaml's ``patch`` (``council.final[f3].effect.power_vp``):
parsing one and finding the value it names in plain data. No pydantic: a game whose options
patch nothing reads none of this but ``locate``'s caller."""
from __future__ import annotations

import re

from tabletop.data.hints import did_you_mean
from tabletop.data.plain import Plain

_SEG = r"[A-Za-z_][A-Za-z0-9_]*(?:\[[^\[\]]+\])?"
_PATH = re.compile(rf"{_SEG}(?:\.{_SEG})*")
_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\[\]]+)\])?")


def _steps(path: str):
    """``"council.final[f3].effect.power_vp"`` -> ``[("council", None), ("final", "f3"), ...]``."""
    if not _PATH.fullmatch(path):
        raise ValueError(f"{path!r} is not a data path like council.final[f3].effect.power_vp")
    return _STEP.findall(path)


def _fields(node):
    """A record's fields as the mapping they are (read only), any other node as it is."""
    return node.__dict__ if isinstance(node, Plain) else node


def locate(dumps: dict, path: str):
    """(container, key) of the value ``path`` names in ``{file stem: plain data}`` (dicts and
    lists, or the checked records themselves: then the container is a record's fields, to be
    read, never written); ValueError if none."""
    steps = _steps(path)
    (stem, ident), rest = steps[0], steps[1:]
    if stem not in dumps or ident:
        raise ValueError(f"no data file {stem!r}{did_you_mean(stem, dumps)} (a path starts with the file name)")
    if not rest:
        raise ValueError(f"{path!r} names a whole file, not a value in it")
    node, where_ = _fields(dumps[stem]), stem
    for i, (name, ident) in enumerate(rest):
        if not isinstance(node, dict) or name not in node:
            keys = node if isinstance(node, dict) else []
            raise ValueError(f"{where_} has no field {name!r}{did_you_mean(name, keys)}")
        last = i == len(rest) - 1
        if not ident:
            if last:
                return node, name
            node, where_ = _fields(node[name]), f"{where_}.{name}"
            continue
        items = node[name]
        if not isinstance(items, list):
            raise ValueError(f"{where_}.{name} is not a list of entries with ids")
        entries = [_fields(x) for x in items if isinstance(_fields(x), dict)]
        ids = [e.get("id") for e in entries]
        if ident not in ids:
            raise ValueError(f"{where_}.{name} has no entry {ident!r}{did_you_mean(ident, ids)}")
        if last:
            raise ValueError(f"{path!r} names a whole entry; name the field to change")
        node, where_ = entries[ids.index(ident)], f"{where_}.{name}[{ident}]"
    raise ValueError(f"{path!r} names no value")          # not reached: the loop returns on the last step
