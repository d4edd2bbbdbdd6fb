"""Action/event notation: dict and short-text round trips (docs/RECORDS.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import Action, Event


@dataclass(frozen=True)
class Move(Action):
    game: ClassVar[str] = "kit-test"
    kind: ClassVar[str] = "move"
    seat: int
    piece: str
    path: tuple[str, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()
    speed: float = 1.0
    fast: bool = False
    note: Optional[str] = None
    extra: Any = None


@dataclass(frozen=True)
class Rolled(Event):
    game: ClassVar[str] = "kit-test"
    kind: ClassVar[str] = "rolled"
    seat: int
    value: int


def test_plain_action_reads_like_move_notation():
    a = Move(0, "w1", ("green.top.1",))
    assert a.to_text() == 'move seat=0 piece=w1 path=["green.top.1"] cells=[] speed=1.0 fast=false note=null extra=null'
    assert Action.from_text("kit-test", a.to_text()) == a


def test_dict_form_is_json_friendly_and_round_trips():
    a = Move(2, "grande", ("a", "b"), ((1, 2), (3, 4)), 0.5, True, "hi there")
    d = a.to_dict()
    assert d["kind"] == "move" and d["path"] == ["a", "b"] and d["cells"] == [[1, 2], [3, 4]]
    back = Action.from_dict("kit-test", d)
    assert back == a
    assert isinstance(back.cells[0], tuple)


@pytest.mark.parametrize("text", ["x y", "", "[abc", "{", 'a"b', "null", "true", "12", "1e5",
                                  "tab\there", "back\\", 'q\\"x y', "a=b", "名前 付き", "line\nbreak"])
def test_awkward_strings_round_trip_through_text(text):
    a = Move(1, text, (text, "plain"), note=text, extra=text)
    assert Action.from_text("kit-test", a.to_text()) == a
    assert Action.from_dict("kit-test", a.to_dict()) == a


@pytest.mark.parametrize("extra", [3, 1.5, True, None, (1, "two words")])
def test_untyped_field_keeps_its_type(extra):
    a = Move(0, "p", extra=extra)
    assert Action.from_text("kit-test", a.to_text()).extra == extra


def test_events_use_the_same_notation():
    e = Rolled(1, 7)
    assert e.to_text() == "rolled seat=1 value=7"
    assert Event.from_text("kit-test", e.to_text()) == e
    assert Event.from_dict("kit-test", e.to_dict()) == e


def test_unknown_kind_and_field_are_refused_clearly():
    with pytest.raises(ValueError, match="unknown action kind 'jump'"):
        Action.from_text("kit-test", "jump seat=1")
    with pytest.raises(ValueError, match="unknown field 'colour'"):
        Action.from_text("kit-test", "move seat=1 piece=x colour=red")
    with pytest.raises(ValueError, match="expected name=value"):
        Action.from_text("kit-test", "move seat=1 piece")
    with pytest.raises(ValueError, match="expected a mapping with a kind"):
        Action.from_dict("kit-test", {"seat": 1})


def test_actions_are_frozen_and_hashable():
    a = Move(0, "w1")
    with pytest.raises(Exception):
        a.seat = 2                                   # type: ignore[misc]
    assert len({a, Move(0, "w1")}) == 1


_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(seat=st.integers(-5, 10**9), piece=_text, path=st.lists(_text, max_size=4).map(tuple),
       speed=st.floats(allow_nan=False, allow_infinity=False), fast=st.booleans(),
       note=st.none() | _text)
def test_any_action_round_trips(seat, piece, path, speed, fast, note):
    a = Move(seat, piece, path, (), speed, fast, note)
    assert Action.from_text("kit-test", a.to_text()) == a
    assert Action.from_dict("kit-test", a.to_dict()) == a
