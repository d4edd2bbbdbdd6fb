"""The procedures' speed work (``frames.enter`` in place of ``call``'s generator level, loop
counters kept in locals and written to the frame before each prompt) saves exactly the frames
the engine saved before it, after every decision: a save made at any prompt is the same file.
The hashes in ``fixtures/gw_step_saves.json`` come from commit 8b5b47c
(``fixtures/make_step_saves.py``)."""
import json

from .fixtures.make_step_saves import KINDS, OUT, step_hashes


def test_the_save_after_every_decision_is_what_it_was_before():
    want = json.loads(OUT.read_text())
    got = step_hashes()
    assert {k: sorted(v) for k, v in got.items()} == {k: sorted(v) for k, v in want.items()}
    assert set(want) == set(KINDS) and all(want[k] for k in want)
    wrong = [f"{kind} seed {s}" for kind in want for s in want[kind] if got[kind][s] != want[kind][s]]
    assert not wrong, f"these wars saved other frames: {wrong}"
