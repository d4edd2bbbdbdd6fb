"""Check loaded YAML against pydantic models and report every error with its line.

Game packages describe each data file with pydantic models (``extra="forbid"`` so unknown
keys are errors). ``validate(model, data, marks, source)`` returns the model instance or
raises ``DataError`` listing ``file:line: dotted.field: message`` for every problem.
"""
from __future__ import annotations

from typing import Any, Iterable, TypeVar

import pydantic

from ..engine.errors import DataError
from .hints import did_you_mean
from .loader import line_of

M = TypeVar("M", bound=pydantic.BaseModel)


class StrictModel(pydantic.BaseModel):
    """Base for data models: unknown keys are errors; values are never coerced silently."""
    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)


def _reword(err: dict) -> str:
    kind, msg = err.get("type", ""), err.get("msg", "")
    msg = msg[:1].lower() + msg[1:]
    given = err.get("input")
    if kind == "extra_forbidden":
        return "unknown key (not part of this format)"
    if kind == "missing":
        return "required field is missing"
    if kind.endswith("_type") or kind.endswith("_parsing"):
        return f"{msg.lower()} (got {given!r})"
    if kind in ("literal_error", "enum"):
        return f"{msg} (got {given!r})"
    return f"{msg} (got {given!r})" if given is not None and not isinstance(given, (dict, list)) else msg


def _clean_loc(loc: list[str], marks: dict, prefix: str, absent_ok: bool) -> tuple[list[str], tuple | None]:
    """Drop the branch names pydantic puts in a location for unions (``v.int``,
    ``items.0.A.x``): a segment that is not in the data although its parent is. Returns
    the real path and (parent path, branch) when a branch was dropped."""
    base = [prefix] if prefix else []
    out: list[str] = []
    branch = None
    for i, seg in enumerate(loc):
        here = ".".join(base + out + [seg])
        parent = ".".join(base + out)
        last = i == len(loc) - 1 and absent_ok       # a missing or unknown key is not in the data
        if here not in marks and not last and (parent in marks or parent == "") and marks:
            if branch is None:
                branch = (tuple(out), seg)
            continue
        out.append(seg)
    return out, branch


def format_errors(exc: pydantic.ValidationError, marks: dict[str, int], source: str, prefix: str = "") -> list[str]:
    """Pydantic's errors as ``file:line: dotted.field: message`` lines. For a union, only
    the branch that came closest (fewest errors) is reported; one-error alternatives on
    the same field are joined with "or"."""
    plain: list[tuple[int, str, str]] = []                     # (order, dotted, message)
    branches: dict[tuple, dict[str, list]] = {}                # parent -> branch -> errors
    for n, err in enumerate(exc.errors()):
        loc = [str(p) for p in err["loc"] if not str(p).startswith("function-")]
        path, branch = _clean_loc(loc, marks, prefix, err.get("type") in ("missing", "extra_forbidden"))
        dotted = ".".join(([prefix] if prefix else []) + path)
        item = (n, dotted, _reword(err), err.get("type") == "literal_error")
        if branch is None:
            plain.append(item)
        else:
            branches.setdefault(branch[0], {}).setdefault(branch[1], []).append(item)
    for options in branches.values():
        # a branch whose fixed "kind"-like value does not match is a poor guess
        def cost(v):
            return sum(100 if item[3] else 1 for item in v)
        fewest = min(cost(v) for v in options.values())
        best = [v for v in options.values() if cost(v) == fewest]
        if len(best) > 1 and all(len(v) == 1 for v in best) and len({v[0][1] for v in best}) == 1:
            first = best[0][0]
            plain.append((first[0], first[1], " or ".join(dict.fromkeys(v[0][2] for v in best)), False))
        else:
            plain.extend(item for v in best for item in v)
    plain.sort()
    return [f"{where(marks, dotted, source)}: {dotted or '(file)'}: {msg}" for _, dotted, msg, _ in plain]


def where(marks: dict, dotted: str, source: str) -> str:
    """``file:line`` for a dotted path; marks hold lines or (file, line) pairs."""
    mark = line_of(marks, dotted)
    if isinstance(mark, tuple):
        return f"{mark[0]}:{mark[1]}"
    return f"{source}:{mark}" if mark else source


def validate(model: type[M], data: Any, marks: dict[str, int], source: str, prefix: str = "") -> M:
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as exc:
        raise DataError(format_errors(exc, marks, source, prefix)) from None


def check_ref(errors: list[str], value: str, known: Iterable[str], source: str,
              marks: dict[str, int], path: str, what: str) -> None:
    """Cross-reference check: append an error if ``value`` is not one of ``known``."""
    known = list(known)
    if value not in known:
        errors.append(f"{where(marks, path, source)}: {path}: unknown {what} {value!r}{did_you_mean(value, known)}")


def check_unique(errors: list[str], items: list, key: str, source: str, marks: dict[str, int], path: str) -> None:
    seen: dict = {}
    for i, item in enumerate(items):
        value = item.get(key) if isinstance(item, dict) else getattr(item, key, None)
        if value in seen:
            errors.append(f"{where(marks, f'{path}.{i}.{key}', source)}: {path}.{i}.{key}: "
                          f"duplicate {key} {value!r} (first at item {seen[value]})")
        else:
            seen[value] = i
