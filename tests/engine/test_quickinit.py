"""``@frozen_record`` (tabletop/engine/quickinit.py) behaves exactly as ``@dataclass(frozen=True)``:
each record is checked against a dataclass twin declared the same way, and every record class
of both games finds the same fields through the dataclass machinery as it was made with."""
from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import ClassVar

import pytest

from tabletop.engine import Action
from tabletop.engine.quickinit import frozen_record


class _Base(Action):
    game: ClassVar[str] = "quicktest"


@frozen_record
class Rec(_Base):
    kind: ClassVar[str] = "rec"
    seat: int
    worker: str
    to: str = "x"
    n: int = 0


@dataclasses.dataclass(frozen=True)
class Twin(_Base):
    kind: ClassVar[str] = "twin"
    seat: int
    worker: str
    to: str = "x"
    n: int = 0


@frozen_record
class Parent(_Base):
    faction: str


@frozen_record
class Child(Parent):
    kind: ClassVar[str] = "child"
    act: str
    target: str = ""


@frozen_record
class Empty(_Base):
    kind: ClassVar[str] = "empty"


def _same(rec, twin):
    assert repr(rec).replace("Rec(", "Twin(") == repr(twin)
    assert dataclasses.astuple(rec) == dataclasses.astuple(twin)
    assert dataclasses.asdict(rec) == dataclasses.asdict(twin)


@pytest.mark.parametrize("args,kwargs", [((1, "w"), {}), ((1, "w", "y"), {}), ((1,), {"worker": "w", "n": 4}),
                                         ((), {"seat": 2, "worker": "v", "to": "z", "n": 1}), ((1, "w", "y", 3), {})])
def test_construction_positional_keyword_and_defaults_as_a_dataclass(args, kwargs):
    _same(Rec(*args, **kwargs), Twin(*args, **kwargs))


@pytest.mark.parametrize("args,kwargs", [((), {}), ((1,), {}), ((1, "w", "y", 3, 9), {}), ((1, "w"), {"seat": 2}),
                                         ((1, "w"), {"colour": "red"})])
def test_wrong_arguments_are_refused_as_by_a_dataclass(args, kwargs):
    with pytest.raises(TypeError) as twin:
        Twin(*args, **kwargs)
    with pytest.raises(TypeError) as rec:
        Rec(*args, **kwargs)
    assert str(rec.value).replace("Rec.", "Twin.") == str(twin.value)


def test_equality_and_hash_by_value_and_only_within_the_class():
    a, b, c = Rec(1, "w"), Rec(1, "w", "x", 0), Rec(1, "w", "y")
    assert a == b and hash(a) == hash(b) and a != c
    assert hash(a) == hash(Twin(1, "w"))               # the tuple of the fields, as the dataclass's
    assert a != Twin(1, "w") and Twin(1, "w") != a      # never equal to another class
    assert len({a, b, c}) == 2
    assert Empty() == Empty() and hash(Empty()) == hash(())


def test_assignment_and_deletion_are_refused():
    r = Rec(1, "w")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.seat = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.other = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del r.seat
    assert r.seat == 1


def test_the_dataclass_helpers_and_match_args_work():
    r = Rec(1, "w", n=2)
    assert dataclasses.is_dataclass(Rec) and dataclasses.is_dataclass(r)
    assert [f.name for f in dataclasses.fields(Rec)] == [f.name for f in dataclasses.fields(Twin)]
    assert [f.default for f in dataclasses.fields(r)] == [f.default for f in dataclasses.fields(Twin)]
    moved = dataclasses.replace(r, to="z")
    assert moved == Rec(1, "w", "z", 2) and r.to == "x"
    assert Rec.__match_args__ == Twin.__match_args__ == ("seat", "worker", "to", "n")
    match r:
        case Rec(seat, worker, to, n):
            assert (seat, worker, to, n) == (1, "w", "x", 2)
        case _:
            pytest.fail("no match")
    assert [(p.name, p.default, p.kind) for p in inspect.signature(Rec).parameters.values()] == \
        [(p.name, p.default, p.kind) for p in inspect.signature(Twin).parameters.values()]


def test_a_subclass_takes_its_bases_fields_first():
    c = Child("F1", "info")
    assert repr(c) == "Child(faction='F1', act='info', target='')"
    assert [f.name for f in dataclasses.fields(Child)] == ["faction", "act", "target"]
    assert Child.__match_args__ == ("faction", "act", "target")
    assert c == Child(faction="F1", act="info") and c != Parent("F1")


def test_copies_pickles_and_the_records_text_form_keep_the_value():
    r = Rec(1, "w", "y", 3)
    assert copy.copy(r) == r and copy.deepcopy(r) == r and pickle.loads(pickle.dumps(r)) == r
    assert Action.from_dict("quicktest", r.to_dict()) == r


@pytest.mark.parametrize("body", ["items: list = []", "x: int = dataclasses.field(default=1)",
                                  "x: dataclasses.InitVar[int]", "a: int = 1\n    b: int"])
def test_what_only_a_dataclass_can_be_is_refused(body):
    ns = {"dataclasses": dataclasses, "frozen_record": frozen_record}
    with pytest.raises((TypeError, ValueError)):
        exec(f"@frozen_record\nclass Bad:\n    {body}\n", ns)


def test_every_record_class_of_both_games_has_the_dataclass_fields_it_was_made_with():
    import grailwar.rules.actions
    import grailwar.rules.events
    import grailwar.rules.withdraw
    import pendulum.rules.actions
    import tabletop.ui.logpanel
    seen = 0
    for module in (pendulum.rules.actions, grailwar.rules.actions, grailwar.rules.events, grailwar.rules.withdraw,
                   tabletop.ui.logpanel):
        for cls in vars(module).values():
            if isinstance(cls, type) and "__record_fields__" in cls.__dict__:
                names = tuple(f.name for f in dataclasses.fields(cls))
                assert names == cls.__match_args__
                assert tuple(inspect.signature(cls).parameters) == names
                seen += 1
    assert seen > 50
