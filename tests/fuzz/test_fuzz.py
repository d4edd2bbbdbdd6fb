"""Fuzz cases with a small budget (the large one: python bench/fuzz.py --minutes N).

Hypothesis drives the mutations (tests/fuzz/harness.py): every mutated config file,
translation and record is refused with clear ``file:line: field: message`` lines or runs
(3 simulated games; the record and config examples also open the game's screen for 30
frames now and then) without an exception or a hang. The project's hypothesis profile is
derandomized, so a failure repeats."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.harness import run_case

BUDGET = {"config": 8, "i18n": 6, "record": 12, "screen": 2}     # about 35 s in all on a loaded machine


@pytest.mark.parametrize("kind", sorted(BUDGET))
def test_a_mutated_input_is_refused_clearly_or_runs(kind):
    @settings(max_examples=BUDGET[kind], deadline=None, database=None)
    @given(rng=st.randoms(use_true_random=False), frames=st.integers(0, 5))
    def case(rng, frames):
        with tempfile.TemporaryDirectory() as tmp:
            outcome, detail = run_case(kind, rng, Path(tmp), frames=frames == 0, limit=60)
        assert outcome in ("refused", "ran"), detail
    case()


def test_the_harness_tells_a_crash_from_a_clean_refusal(tmp_path, monkeypatch):
    from tests.fuzz import harness

    def boom(rng, work, frames):
        raise KeyError("x")
    monkeypatch.setitem(harness.CASES, "config", boom)
    assert run_case("config", 1, tmp_path)[0] == "crashed"
    assert harness._clean_errors(["mod/a.yaml:3: seats.0.colour: bad"]) is None
    assert harness._clean_errors(["mod/c.yaml:562: characters.8.star:ting: unknown key (not part of this format)"]) is None
    assert harness._clean_errors(["something went wrong"]) is not None
    assert harness._clean_errors(["Traceback (most recent call last):"]) is not None
