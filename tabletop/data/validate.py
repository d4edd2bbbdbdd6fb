"""Check loaded YAML against pydantic models and report every error with its line.

Game packages describe each data file with pydantic models (``extra="forbid"`` so unknown
keys are errors). ``validate(model, data, marks, source)`` returns the model instance or
raises ``DataError`` listing ``file:line: dotted.field: message`` for every problem.
"""
from __future__ import annotations

import difflib
from typing import Any, Iterable, TypeVar

import pydantic

from ..engine.errors import DataError
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


def format_errors(exc: pydantic.ValidationError, marks: dict[str, int], source: str, prefix: str = "") -> list[str]:
    lines = []
    for err in exc.errors():
        loc = [str(p) for p in err["loc"] if not str(p).startswith("function-")]
        dotted = ".".join(([prefix] if prefix else []) + loc)
        lines.append(f"{where(marks, dotted, source)}: {dotted or '(file)'}: {_reword(err)}")
    return lines


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


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or an empty string."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


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
