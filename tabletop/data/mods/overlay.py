"""Overlaying a mod's data file on the base one (rules in the package docstring).

``LoadedFile.marks`` maps a dotted path to ``(file, line)`` so an error in a merged value
points at the file that supplied it."""
from __future__ import annotations

import dataclasses
from typing import Any

from ..hints import did_you_mean
from ..loader import line_of


@dataclasses.dataclass
class LoadedFile:
    name: str                 # file stem, e.g. "characters"
    data: Any
    marks: dict[str, tuple[str, int]]
    source: str               # the base file (or the mod file that created it)


def tag_marks(marks: dict[str, int], source: str, prefix: str = "") -> dict[str, tuple[str, int]]:
    out = {}
    for path, line in marks.items():
        full = f"{prefix}.{path}" if prefix and path else (prefix or path)
        out[full] = (source, line)
    return out


def sub_path(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def _loc(over_marks: dict, path: str) -> str:
    """``file:line`` of an overlay path (marks hold (file, line) pairs)."""
    mark = line_of(over_marks, path)
    if isinstance(mark, tuple):
        return f"{mark[0]}:{mark[1]}"
    return "?"


def merge(base: Any, over: Any, base_marks: dict, over_marks: dict, path: str = "",
          over_path: str | None = None, errors: list[str] | None = None) -> Any:
    """Overlay ``over`` on ``base`` and return the result (neither is modified).

    ``base_marks`` is updated so every path the overlay supplied points at the overlay's
    (file, line); ``path`` is the position in the merged data, ``over_path`` the same
    value's position in the overlay file (they differ under id-merged lists). Problems
    (unknown ids without ``new: true``…) are appended to ``errors`` as
    ``file:line: field: message`` with the overlay's own dotted path.

    The merge collects which subtrees it replaced and fixes the marks once at the end,
    so its time grows with the size of the files, not with their product."""
    if over_path is None:
        over_path = path
    if errors is None:
        errors = []
    ops = _MarkOps()
    out = _merge(base, over, over_marks, path, over_path, errors, ops)
    ops.apply(base_marks, over_marks)
    return out


class _MarkOps:
    """Subtrees of the merged data whose marks now come from the overlay."""

    def __init__(self):
        self.drop: set[str] = set()                       # merged paths whose old marks go
        self.copy: dict[str, tuple[str, bool]] = {}       # overlay path -> (merged path, skip "new")

    def take(self, path: str, over_path: str, skip_new: bool = False, drop: bool = True) -> None:
        if drop:
            self.drop.add(path)
        self.copy[over_path] = (path, skip_new)

    def apply(self, base_marks: dict, over_marks: dict) -> None:
        if "" in self.drop:
            base_marks.clear()
        elif self.drop:
            for k in [k for k in base_marks if _nearest(k, self.drop) is not None]:
                del base_marks[k]
        if not self.copy:
            return
        for k, v in over_marks.items():
            a = _nearest(k, self.copy)
            if a is None:
                continue
            path, skip_new = self.copy[a]
            rest = k[len(a):] if a else ("." + k if k else "")
            if skip_new and (rest == ".new" or rest.startswith(".new.")):
                continue
            base_marks[path + rest if path else rest.lstrip(".")] = v


def _nearest(key: str, paths) -> str | None:
    """``key`` or its nearest ancestor (``"a.b"`` → ``"a"`` → ``""``) found in ``paths``."""
    while True:
        if key in paths:
            return key
        if not key:
            return None
        key = key.rsplit(".", 1)[0] if "." in key else ""


def _merge(base: Any, over: Any, over_marks: dict, path: str, over_path: str, errors: list[str],
           ops: _MarkOps) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if key in out:
                out[key] = _merge(out[key], value, over_marks, sub_path(path, key), sub_path(over_path, key),
                                  errors, ops)
            else:
                ops.take(sub_path(path, key), sub_path(over_path, key), drop=False)
                out[key] = _strip_new(value)
        return out
    if _is_id_list(base) and isinstance(over, list):
        out = list(base)
        index = {item["id"]: i for i, item in enumerate(out)}
        given: dict[Any, int] = {}
        hints = 0
        for j, item in enumerate(over):
            op = sub_path(over_path, j)
            if not isinstance(item, dict) or "id" not in item:
                errors.append(f"{_loc(over_marks, op)}: {op}: an entry of this list needs an id "
                              f"(lists of entries merge by id)")
                continue
            if not isinstance(item["id"], (str, int)):
                errors.append(f"{_loc(over_marks, sub_path(op, 'id'))}: {sub_path(op, 'id')}: an id is a "
                              f"name or a number (got {type(item['id']).__name__})")
                continue
            if item["id"] in given:
                errors.append(f"{_loc(over_marks, sub_path(op, 'id'))}: {sub_path(op, 'id')}: id {item['id']!r} "
                              f"given twice in this file (first at item {given[item['id']]})")
                continue
            given[item["id"]] = j
            new = item.get("new", False)
            if new not in (True, False):
                errors.append(f"{_loc(over_marks, sub_path(op, 'new'))}: {sub_path(op, 'new')}: "
                              f"must be true or false (got {new!r})")
                continue
            fields = {k: v for k, v in item.items() if k != "new"}
            if item["id"] in index:
                if new:
                    errors.append(f"{_loc(over_marks, sub_path(op, 'id'))}: {sub_path(op, 'id')}: id {item['id']!r} "
                                  f"already exists in the base data; remove 'new: true' to change that entry")
                    continue
                i = index[item["id"]]
                merged = dict(out[i])
                for k, v in fields.items():
                    bp, vp = sub_path(sub_path(path, i), k), sub_path(op, k)
                    if k in merged:
                        merged[k] = _merge(merged[k], v, over_marks, bp, vp, errors, ops)
                    else:
                        ops.take(bp, vp, drop=False)
                        merged[k] = _strip_new(v)
                out[i] = merged
            elif not new:
                hints += 1       # "did you mean" compares with every id: only the first few
                hint = did_you_mean(item["id"], index) if hints <= _MAX_HINTS else ""
                errors.append(f"{_loc(over_marks, sub_path(op, 'id'))}: {sub_path(op, 'id')}: unknown id {item['id']!r}"
                              f"{hint}; to add a new entry write 'new: true' in it")
            else:
                index[item["id"]] = len(out)
                ops.take(sub_path(path, len(out)), op, skip_new=True)
                out.append(_strip_new(fields))
        return out
    ops.take(path, over_path)
    return _strip_new(over)


_MAX_HINTS = 20


def _strip_new(value):
    if isinstance(value, list):
        return [({k: _strip_new(v) for k, v in item.items() if k != "new"} if isinstance(item, dict) and "id" in item
                 else _strip_new(item)) for item in value]
    if isinstance(value, dict):
        return {k: _strip_new(v) for k, v in value.items()}
    return value

