"""Pydantic errors reworded for modders, with union branch names removed."""
from typing import Annotated, Literal, Optional, Union

import pytest
from pydantic import Field

from tabletop.data import DataError, StrictModel, did_you_mean, load_yaml_text, validate


class A(StrictModel):
    kind: Literal["a"]
    x: int


class B(StrictModel):
    kind: Literal["b"]
    y: str


class F(StrictModel):
    v: Union[int, str]
    o: Optional[int] = None
    tagged: list[Annotated[Union[A, B], Field(discriminator="kind")]]
    plain: list[Union[A, B]]
    d: dict[str, int]


TEXT = """\
v: [1]
o: x
tagged:
  - kind: a
    x: q
  - kind: c
plain:
  - kind: a
    x: z
d:
  k: x
"""


def test_union_errors_name_real_fields_and_lines():
    data, marks = load_yaml_text(TEXT, "f.yaml")
    with pytest.raises(DataError) as info:
        validate(F, data, marks, "f.yaml")
    assert info.value.errors == [
        "f.yaml:1: v: input should be a valid integer (got [1]) or input should be a valid string (got [1])",
        "f.yaml:2: o: input should be a valid integer, unable to parse string as an integer (got 'x')",
        "f.yaml:5: tagged.0.x: input should be a valid integer, unable to parse string as an integer (got 'q')",
        "f.yaml:6: tagged.1: input tag 'c' found using 'kind' does not match any of the expected tags: 'a', 'b'",
        "f.yaml:9: plain.0.x: input should be a valid integer, unable to parse string as an integer (got 'z')",
        "f.yaml:11: d.k: input should be a valid integer, unable to parse string as an integer (got 'x')",
    ]


def test_missing_and_unknown_keys_keep_their_names():
    data, marks = load_yaml_text("plain:\n  - kind: b\n    x: 1\n", "g.yaml")
    with pytest.raises(DataError) as info:
        validate(F, data, marks, "g.yaml")
    errors = info.value.errors
    assert "g.yaml:2: plain.0.y: required field is missing" in errors
    assert "g.yaml:3: plain.0.x: unknown key (not part of this format)" in errors
    assert "g.yaml:1: v: required field is missing" in errors


def test_did_you_mean():
    assert did_you_mean("gren", ["red", "green"]) == " (did you mean 'green'?)"
    assert did_you_mean("zzz", ["red", "green"]) == ""
