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
    ``file:line: field: message`` with the overlay's own dotted path."""
    if over_path is None:
        over_path = path
    if errors is None:
        errors = []

    def replace(value):
        stale = [k for k in base_marks if k == path or k.startswith(path + ".")] if path else list(base_marks)
        for k in stale:
            del base_marks[k]
        for k, v in over_marks.items():
            if not over_path:
                base_marks[sub_path(path, k) if k else path] = v
            elif k == over_path or k.startswith(over_path + "."):
                base_marks[path + k[len(over_path):]] = v
        return _strip_new(value)

    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if key in out:
                out[key] = merge(out[key], value, base_marks, over_marks, sub_path(path, key),
                                 sub_path(over_path, key), errors)
            else:
                out[key] = _merge_new(value, base_marks, over_marks, sub_path(path, key), sub_path(over_path, key))
        return out
    if _is_id_list(base) and isinstance(over, list):
        out = list(base)
        index = {item["id"]: i for i, item in enumerate(out)}
        given: dict[Any, int] = {}
        for j, item in enumerate(over):
            op = sub_path(over_path, j)
            if not isinstance(item, dict) or "id" not in item:
                errors.append(f"{_loc(over_marks, op)}: {op}: an entry of this list needs an id "
                              f"(lists of entries merge by id)")
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
                        merged[k] = merge(merged[k], v, base_marks, over_marks, bp, vp, errors)
                    else:
                        merged[k] = _merge_new(v, base_marks, over_marks, bp, vp)
                out[i] = merged
            elif not new:
                errors.append(f"{_loc(over_marks, sub_path(op, 'id'))}: {sub_path(op, 'id')}: unknown id {item['id']!r}"
                              f"{did_you_mean(item['id'], index)}; to add a new entry write 'new: true' in it")
            else:
                index[item["id"]] = len(out)
                bp = sub_path(path, len(out))
                for k in [k for k in base_marks if k == bp or k.startswith(bp + ".")]:
                    del base_marks[k]
                for k, v in over_marks.items():
                    if (k == op or k.startswith(op + ".")) and not (k == f"{op}.new" or k.startswith(f"{op}.new.")):
                        base_marks[bp + k[len(op):]] = v
                out.append(_strip_new(fields))
        return out
    return replace(over)


def _merge_new(value, base_marks, over_marks, path, over_path):
    """A key the base does not have: taken from the overlay as it is (``new`` markers
    inside it are dropped)."""
    for k, v in over_marks.items():
        if k == over_path or k.startswith(over_path + "."):
            base_marks[path + k[len(over_path):]] = v
    return _strip_new(value)


def _strip_new(value):
    if isinstance(value, list):
        return [({k: _strip_new(v) for k, v in item.items() if k != "new"} if isinstance(item, dict) and "id" in item
                 else _strip_new(item)) for item in value]
    if isinstance(value, dict):
        return {k: _strip_new(v) for k, v in value.items()}
    return value

