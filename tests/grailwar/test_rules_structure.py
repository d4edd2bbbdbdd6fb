"""Structural goldens: seeded wars must make the same decisions, dice, mana changes and
battles, whatever the log's wording. Regenerate only after an intended RULE change with
``GOLDEN_UPDATE=1 python -m pytest tests/grailwar/test_rules_structure.py``."""
import json
import os
from pathlib import Path

import pytest

from .transcript import CASES, transcript

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize("name", sorted(CASES))
def test_structural_transcript_unchanged(name):
    path = GOLDEN / f"grailwar_{name}.json"
    got = transcript(name)
    text = json.dumps(got, ensure_ascii=False, indent=0, sort_keys=True) + "\n"
    if os.environ.get("GOLDEN_UPDATE") or not path.exists():
        path.write_text(text, encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got["final"] == want["final"]
    assert len(got["rows"]) == len(want["rows"])
    for i, (a, b) in enumerate(zip(got["rows"], want["rows"])):
        assert a == b, f"row {i}: {a!r} != {b!r}"
