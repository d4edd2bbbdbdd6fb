"""The safe, line-aware loader and the field checks: every error as
``file:line: dotted.field: message`` (fixtures in tests/data/bad/)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.data import DataError, load_yaml, load_yaml_text
from tabletop.data import loader
from tests.data.models import check_things, paths

HERE = Path(__file__).resolve().parent
BAD = HERE / "bad"


def _errors(name: str, check: bool = False) -> list[str]:
    path = BAD / name
    with pytest.raises(DataError) as info:
        data, marks = load_yaml(path)
        if check:
            check_things(data, marks, str(path))
    prefix = str(path)
    assert all(e.startswith(prefix) for e in info.value.errors), info.value.errors
    return [e[len(prefix):] for e in info.value.errors]


def test_good_file_loads_with_line_marks():
    data, marks = load_yaml(HERE / "good" / "things.yaml")
    model = check_things(data, marks, "things.yaml")
    assert [t.id for t in model.things] == ["lantern", "rope"]
    assert data["things"][0]["name"]["ja"] == "ランタン"
    assert data["things"][1]["next"] is None
    assert marks["things.0.count"] == 5 and marks["things.1.id"] == 10 and marks["limits.answer"] == 21
    # plain YAML only: dates stay text, "no" is a word, only true/false are booleans
    assert data["limits"] == {"max_things": 10, "enabled": True, "released": "2020-01-01", "answer": "no"}


def test_every_field_error_is_collected_with_its_line():
    assert _errors("fields.yaml", check=True) == [
        ":5: things.0.count: input should be a valid integer, unable to parse string as an integer (got 'many')",
        ":11: things.1.name.ja: required field is missing",
        ":12: things.1.count: input should be less than or equal to 10 (got 11)",
        ":13: things.1.kind: input should be 'tool' or 'weapon' (got 'tol')",
        ":16: things.1.colour: unknown key (not part of this format)",
        ":17: things.2.id: duplicate id 'lantern' (first at item 0)",
        ":23: things.2.next: unknown thing 'lanten' (did you mean 'lantern'?)",
    ]


def test_syntax_error_names_the_line():
    assert _errors("syntax.yaml") == [
        ":4: (file): not valid YAML: did not find expected ',' or ']' "
        "(while parsing a flow sequence that starts on line 3)"]


def test_key_given_twice():
    assert _errors("duplicate.yaml") == [":4: things.0.count: key given twice", ":7: limits: key given twice"]


def test_hostile_tags_are_refused_and_never_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _errors("tags.yaml") == [
        ":4: things.0.run: tag '!!python/object/apply:os.system' is not allowed (plain YAML only)",
        ":5: things.0.name: tag '!!python/name:os.system' is not allowed (plain YAML only)",
        ":6: things.0.blob: tag '!!binary' is not allowed (plain YAML only)",
        ":7: things.0.custom: tag '!thing' is not allowed (plain YAML only)",
    ]
    assert not (tmp_path / "pwned.txt").exists()


@pytest.mark.parametrize("text, expected", [
    ("!!python/object/apply:os.system [x]", "1: (file): tag '!!python/object/apply:os.system' is not allowed"),
    ("a:\n  !!python/name:os.system b: 1\n", "2: a: tag '!!python/name:os.system' is not allowed"),
    ("a: !!python/object:builtins.dict {x: 1}\n", "1: a: tag '!!python/object:builtins.dict' is not allowed"),
    ("a: !!set {x, y}\n", "1: a: tag '!!set' is not allowed"),
    ("a: !!timestamp 2020-01-01\n", "1: a: tag '!!timestamp' is not allowed"),
])
def test_tags_anywhere_are_refused(text, expected):
    with pytest.raises(DataError) as info:
        load_yaml_text(text, "t.yaml")
    assert info.value.errors[0].startswith("t.yaml:" + expected)


def test_alias_bomb_is_refused_at_the_first_alias():
    # nine levels of nine would be 387 million strings if expanded; it is refused unexpanded
    assert _errors("bomb.yaml") == [":3: b.0: aliases (*name) are not allowed in game data; write the value out"]


def test_one_document_per_file_and_utf8_only():
    assert _errors("two_docs.yaml") == [":2: (file): only one YAML document per file (remove '---')"]
    assert _errors("latin1.yaml") == [":2: (file): not UTF-8 text (invalid continuation byte)"]


def test_a_50_mb_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "huge.yaml"
    with open(big, "wb") as fh:                      # sparse: instant to make
        fh.truncate(50 * 1024 * 1024)
    with pytest.raises(DataError) as info:
        load_yaml(big)
    assert info.value.errors == [f"{big}: (file): file is 50 MB, over the 5 MB limit for data files; refused"]


def test_size_limit_is_configurable(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_BYTES", 1024)
    path = tmp_path / "f.yaml"
    path.write_text("a: " + "x" * 2000 + "\n")
    with pytest.raises(DataError, match="over the 1 KB limit"):
        load_yaml(path)
    with pytest.raises(DataError, match="larger than 1 KB"):
        load_yaml_text("a: " + "x" * 2000)


def test_deep_nesting_and_too_many_values_are_refused(monkeypatch):
    with pytest.raises(DataError, match=r"t.yaml:1: .*nested deeper than 64 levels; refused"):
        load_yaml_text("[" * 200_000, "t.yaml")
    monkeypatch.setattr(loader, "MAX_NODES", 100)
    with pytest.raises(DataError, match=r"too many values \(over 100\)"):
        load_yaml_text("[" + ",".join(["1"] * 500) + "]", "t.yaml")


def test_special_files_are_refused(tmp_path):
    with pytest.raises(DataError, match="not a regular file"):
        load_yaml(tmp_path)
    with pytest.raises(DataError, match="cannot read"):
        load_yaml(tmp_path / "missing.yaml")


def test_keys_must_be_plain():
    with pytest.raises(DataError, match=r"t.yaml:1: \(file\): keys must be plain values"):
        load_yaml_text("{[1]: 2}", "t.yaml")
    with pytest.raises(DataError, match=r"t.yaml:2: a: key 'true' must be a name or a number"):
        load_yaml_text("a:\n  true: 1\n", "t.yaml")


def test_merge_key_is_just_a_key():
    data, _ = load_yaml_text("<<: {a: 1}\n")
    assert data == {"<<": {"a": 1}}


def test_empty_file_is_none():
    assert load_yaml_text("# nothing\n") == (None, {})


_chars = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),   # no control or line-break chars
                       blacklist_characters="\ufeff")
# numbers within the loader's range (loader.MAX_NUMBER); outside it they are refused (test below)
_scalars = (st.none() | st.booleans() | st.integers(-10**9, 10**9)
            | st.floats(-1e9, 1e9, allow_nan=False) | st.text(_chars, max_size=20))
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(_chars, min_size=1, max_size=8), inner, max_size=4), max_leaves=25)


@settings(max_examples=60, deadline=None)
@given(data=st.dictionaries(st.text(_chars, min_size=1, max_size=8), _values, min_size=1, max_size=5),
       flow=st.booleans())
def test_plain_yaml_reads_back_exactly_with_a_line_for_every_value(data, flow):
    text = yaml.safe_dump(data, allow_unicode=True, default_flow_style=flow)
    loaded, marks = load_yaml_text(text)
    assert loaded == data
    lines = text.count("\n") + 1
    for path in paths(data):
        if "." in path and any(k == "" or "." in k for k in path.split(".")):
            continue
        assert 1 <= marks[path] <= lines


def test_strings_and_settings_load_without_pydantic():
    """The launcher reads its strings through the loader and the mod helpers before any
    game data is checked: importing those must not pull in pydantic (slow to import)."""
    import subprocess
    import sys
    code = ("import sys; from tabletop.data.mods import load_translations; "
            "from tabletop.data.loader import load_yaml; "
            "assert load_translations('ja')['shell.title']; "
            "print('pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(loader.__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"

