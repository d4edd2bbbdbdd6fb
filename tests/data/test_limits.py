"""Validation with limits (issue 14, item 2): the time grows with the size of a mod's
files, not with their product, and a file over a key or value limit is refused at the
line where it passes the limit."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.data import DataError, load_yaml_text
from tabletop.data import loader
from tabletop.data import mods as M


class CountingMarks(dict):
    """Marks that count how many entries were read through ``items()``."""

    reads = 0

    def items(self):
        for pair in super().items():
            CountingMarks.reads += 1
            yield pair


@pytest.mark.parametrize("n", [2000])
def test_merging_new_keys_reads_the_overlay_marks_a_few_times_not_once_per_key(n):
    base = {"strings": {"a": "x"}}
    over = {"strings": {f"k{i}": {"t": "y"} for i in range(n)}}
    over_marks = CountingMarks({"strings": ("mod.yaml", 1)})
    for i in range(n):
        over_marks[f"strings.k{i}"] = ("mod.yaml", i + 2)
        over_marks[f"strings.k{i}.t"] = ("mod.yaml", i + 2)
    base_marks = {"": ("base.yaml", 1), "strings": ("base.yaml", 1), "strings.a": ("base.yaml", 2)}
    CountingMarks.reads = 0
    out = M.merge(base, over, base_marks, over_marks)
    assert CountingMarks.reads <= 2 * len(over_marks)          # was n * len(over_marks): 8 million
    assert len(out["strings"]) == n + 1
    assert base_marks[f"strings.k{n - 1}.t"] == ("mod.yaml", n + 1)
    assert base_marks["strings.a"] == ("base.yaml", 2)


def test_replacing_many_values_drops_the_old_marks_once():
    n = 3000
    base = {"v": {f"k{i}": [1, 2] for i in range(n)}}
    base_marks = {f"v.k{i}{s}": ("base.yaml", i) for i in range(n) for s in ("", ".0", ".1")}
    over = {"v": {f"k{i}": 5 for i in range(n)}}
    over_marks = {f"v.k{i}": ("mod.yaml", i) for i in range(n)}
    out = M.merge(base, over, base_marks, over_marks)
    assert out["v"]["k7"] == 5 and base_marks["v.k7"] == ("mod.yaml", 7) and "v.k7.0" not in base_marks


def test_a_file_with_too_many_keys_is_refused_at_the_line_that_passes_the_limit():
    text = "mod:\n" + "".join(f"  k{i}: y\n" for i in range(loader.MAX_KEYS + 5))
    with pytest.raises(DataError) as err:
        load_yaml_text(text, "big.yaml")
    assert err.value.errors == [f"big.yaml:{loader.MAX_KEYS + 1}: mod: too many keys "
                                f"(over {loader.MAX_KEYS:,} in one file); refused"]


def test_a_file_with_too_many_values_is_refused_at_its_line():
    # the mapping under "v" is the first value, so the list item on line MAX_NODES is one too many
    text = "v:\n" + "".join(f"- {i}\n" for i in range(loader.MAX_NODES + 5))
    with pytest.raises(DataError) as err:
        load_yaml_text(text, "big.yaml")
    assert err.value.errors == [f"big.yaml:{loader.MAX_NODES}: v.{loader.MAX_NODES - 2}: "
                                f"too many values (over {loader.MAX_NODES}); refused"]


def test_many_unknown_keys_are_listed_with_a_limit(tmp_path):
    folder = tmp_path / "m"
    (folder / "i18n").mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: m\nname: M\nversion: "1"\n', encoding="utf-8")
    (folder / "i18n" / "en.yaml").write_text("shell:\n" + "".join(f"  zz{i}: y\n" for i in range(5000)),
                                             encoding="utf-8")
    errors, _ = M.validate_mod(folder)
    assert len(errors) == 201 and "more problems in this file are not listed" in errors[0] + errors[-1]
    assert errors[1].startswith(f"{folder}/i18n/en.yaml:2: shell.zz0: unknown text key")
