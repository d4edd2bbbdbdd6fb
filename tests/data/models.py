"""A small data format used by the loader tests (the games have their own models)."""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import Field

from tabletop.data import StrictModel, check_ref, check_unique, validate, DataError


class Name(StrictModel):
    en: str
    ja: str


class Thing(StrictModel):
    id: str
    name: Name
    count: Annotated[int, Field(ge=0, le=10)]
    kind: Literal["tool", "weapon"]
    weight: float
    tags: list[str]
    next: Optional[str] = None


class Limits(StrictModel):
    max_things: int
    enabled: bool
    released: Optional[str] = None
    answer: Optional[str] = None


class ThingsFile(StrictModel):
    things: list[Thing]
    limits: Limits


def check_things(data, marks, source) -> ThingsFile:
    """Phase 1: every field's type, range and enum; phase 2: unique ids, references."""
    errors: list[str] = []
    try:
        model = validate(ThingsFile, data, marks, source)
    except DataError as exc:
        errors.extend(exc.errors)
        model = None
    items = data.get("things", []) if isinstance(data, dict) else []
    check_unique(errors, items, "id", source, marks, "things")
    ids = [t.get("id") for t in items if isinstance(t, dict)]
    for i, t in enumerate(items):
        if isinstance(t, dict) and t.get("next") is not None:
            check_ref(errors, t["next"], ids, source, marks, f"things.{i}.next", "thing")
    if errors:
        raise DataError(errors)
    return model


def paths(value, prefix=""):
    """Every dotted path in a loaded YAML value (mappings by key, lists by index)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, f"{prefix}.{i}" if prefix else str(i))
