"""100 seeded wars show exactly what they showed before the simulation was made faster: the
actions, every event, the save, every viewer's view and the log in both languages hash as in
``fixtures/gw_fingerprints.json`` (written by ``fixtures/make_fingerprints.py`` from commit
b3822be)."""
import json
from pathlib import Path

from .fixtures.make_fingerprints import OUT, fingerprints


def test_a_hundred_seeded_wars_show_exactly_what_they_showed_before():
    want = json.loads(Path(OUT).read_text())
    got = fingerprints()
    assert sorted(got["npc7"]) == sorted(want["npc7"]) and len(want["npc7"]) == 80
    assert sorted(got["mixed5"]) == sorted(want["mixed5"]) and len(want["mixed5"]) == 20
    wrong = [f"{kind} seed {s}" for kind in ("npc7", "mixed5") for s in want[kind] if got[kind][s] != want[kind][s]]
    assert not wrong, f"these wars changed: {wrong}"
