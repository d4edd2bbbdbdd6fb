"""Property: overlaying by id changes exactly what the overlay says, appends exactly the
``new: true`` entries, and every value supplied by the overlay is marked with its file."""
import copy

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data import load_yaml_text
from tabletop.data.mods import merge, tag_marks

IDS = ["a", "b", "c", "d", "e"]
_fields = st.fixed_dictionaries({}, optional={"n": st.integers(0, 9), "s": st.sampled_from(["x", "y z", "é"]),
                                              "sub": st.fixed_dictionaries({}, optional={"p": st.integers(0, 3),
                                                                                         "q": st.booleans()})})


@st.composite
def base_and_overlay(draw):
    base_ids = draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=4, unique=True))
    base = [{"id": i, "n": draw(st.integers(0, 9)), "s": "base", "sub": {"p": 0, "q": False}} for i in base_ids]
    over_ids = draw(st.lists(st.sampled_from(IDS + ["f", "g"]), max_size=4, unique=True))
    overlay = []
    for i in over_ids:
        entry = {"id": i, **draw(_fields)}
        if i not in base_ids:
            entry["new"] = True
        overlay.append(entry)
    return base, overlay


@settings(max_examples=80, deadline=None)
@given(base_and_overlay())
def test_overlay_by_id(pair):
    base, overlay = pair
    base_data, base_marks = load_yaml_text(yaml.safe_dump({"items": base}, allow_unicode=True), "base.yaml")
    over_data, over_marks = load_yaml_text(yaml.safe_dump({"items": overlay}, allow_unicode=True), "mod.yaml")
    marks = tag_marks(base_marks, "base.yaml")
    errors: list[str] = []
    original = copy.deepcopy(base_data)
    out = merge(base_data, over_data, marks, tag_marks(over_marks, "mod.yaml"), errors=errors)
    assert errors == [] and base_data == original              # inputs are not changed
    items = out["items"]
    new_ids = [e["id"] for e in overlay if e.get("new")]
    assert [e["id"] for e in items] == [e["id"] for e in base] + new_ids
    by_id = {e["id"]: e for e in overlay}
    for i, item in enumerate(items):
        before = next((b for b in base if b["id"] == item["id"]), {})
        change = by_id.get(item["id"], {})
        assert "new" not in item
        for key in ("n", "s"):
            expected = change.get(key, before.get(key))
            assert item.get(key) == expected
            if key in change:
                assert marks[f"items.{i}.{key}"][0] == "mod.yaml"
            elif key in before:
                assert marks[f"items.{i}.{key}"][0] == "base.yaml"
        if "sub" in before or "sub" in change:
            assert item["sub"] == {**before.get("sub", {}), **change.get("sub", {})}
