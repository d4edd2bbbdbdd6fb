"""Parsed YAML is kept on disk (tabletop/data/yamlcache.py): a second load of an unchanged
file is not parsed again, an edit is seen at once, and a broken or forged cache entry is
ignored and rebuilt -- errors always come from the loader itself."""
import json
import os

import pytest

from tabletop.data import loader, yamlcache
from tabletop.engine.errors import DataError

TEXT = "name: Grail\nseats: 3\n1: one\n20: twenty\nitems:\n  - a\n  - {x: 1.5, y: null}\n"


@pytest.fixture
def parses(monkeypatch):
    """Counts the loader's real parses."""
    calls = []
    real = loader.load_yaml_text

    def counting(text, source="<text>"):
        calls.append(source)
        return real(text, source)
    monkeypatch.setattr(loader, "load_yaml_text", counting)
    return calls


def _entries():
    folder = yamlcache.cache_dir() / "yaml"
    return sorted(folder.glob("*.json")) if folder.exists() else []


def test_a_second_load_of_an_unchanged_file_comes_from_the_cache_and_is_equal(tmp_path, parses):
    path = tmp_path / "data.yaml"
    path.write_text(TEXT, encoding="utf-8")
    first = loader.load_yaml(path)
    second = loader.load_yaml(path)
    assert len(parses) == 1
    assert second == first
    data, marks = second
    assert data[1] == "one" and data[20] == "twenty"           # number keys stay numbers
    assert data["items"][1] == {"x": 1.5, "y": None}
    assert marks["seats"] == 2 and marks["items.1"] == 7
    data["seats"] = 99                                     # a caller's change never reaches the cache
    assert loader.load_yaml(path)[0]["seats"] == 3


def test_an_edit_is_seen_even_with_the_same_size_and_time(tmp_path, parses):
    path = tmp_path / "data.yaml"
    path.write_text(TEXT, encoding="utf-8")
    loader.load_yaml(path)
    st = os.stat(path)
    path.write_text(TEXT.replace("seats: 3", "seats: 4"), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))      # same size, same time
    assert loader.load_yaml(path)[0]["seats"] == 4
    assert len(parses) == 2


@pytest.mark.parametrize("garbage", ["", "{not json", "[]", '{"stamp": 1}', "\x00\x01\x02"])
def test_a_corrupt_cache_file_is_ignored_and_rebuilt(tmp_path, parses, garbage):
    path = tmp_path / "data.yaml"
    path.write_text(TEXT, encoding="utf-8")
    expected = loader.load_yaml(path)
    (entry,) = _entries()
    entry.write_text(garbage, encoding="utf-8")
    assert loader.load_yaml(path) == expected
    assert len(parses) == 2
    assert json.loads(entry.read_text(encoding="utf-8"))["stamp"]["path"] == str(path)   # rebuilt
    assert loader.load_yaml(path) == expected and len(parses) == 2


def test_a_forged_entry_with_a_value_the_loader_cannot_make_is_not_used(tmp_path, parses):
    path = tmp_path / "data.yaml"
    path.write_text(TEXT, encoding="utf-8")
    expected = loader.load_yaml(path)
    (entry,) = _entries()
    forged = json.loads(entry.read_text(encoding="utf-8"))
    forged["data"] = {"\x00pairs": [[["a", "list", "key"], 1]]}
    entry.write_text(json.dumps(forged), encoding="utf-8")
    assert loader.load_yaml(path) == expected
    assert len(parses) == 2


def test_a_file_with_errors_is_never_cached_and_always_reports_its_lines(tmp_path, parses):
    path = tmp_path / "bad.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            loader.load_yaml(path)
        assert "bad.yaml:2" in str(err.value)
    assert len(parses) == 2 and _entries() == []


def test_an_unwritable_cache_folder_changes_nothing(tmp_path, parses, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(blocker))
    path = tmp_path / "data.yaml"
    path.write_text(TEXT, encoding="utf-8")
    assert loader.load_yaml(path)[0]["seats"] == 3
    assert loader.load_yaml(path)[0]["seats"] == 3
    assert len(parses) == 2
