"""Golden transcript of one seeded bot game (3 seats, time-track, seed 7). A change of rules or bots
that alters play shows up here as a diff. Regenerate on purpose with PENDULUM_GOLDEN_UPDATE=1."""
from __future__ import annotations

import json
import os
from pathlib import Path

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "pendulum_timetrack_seed7.txt"


def transcript() -> str:
    rules = make_rules({"mode": "timetrack", "players": 3})
    st = rules.new_state(7)
    bots = [make_bot(k, i, 7) for i, k in enumerate(("standard", "random", "standard"))]
    lines = [f"# pendulum timetrack players=3 seed=7 bots=standard,random,standard",
             f"# characters {[p.character for p in st.players]} privilege {st.privilege}"]
    n = 0
    last = (st.round, st.phase)
    while not st.is_terminal():
        for s in st.seats_to_act():
            a = bots[s].choose(st)
            st.apply(a)
            n += 1
            lines.append(f"{n} {a.to_text()}")
            if (st.round, st.phase) != last:
                last = (st.round, st.phase)
                tracks = [p.tracks + [int(p.legendary)] for p in st.players]
                lines.append(f"# round {st.round} {st.phase} tracks {tracks} privilege {st.privilege}")
            if st.is_terminal():
                break
    out = st.outcome()
    lines.append("# outcome " + json.dumps({"winner": out["winner"], "reason": out["reason"]}))
    return "\n".join(lines) + "\n"


def test_golden_transcript_of_one_seeded_game():
    text = transcript()
    if os.environ.get("PENDULUM_GOLDEN_UPDATE"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, "the seeded game changed; if on purpose, rerun with PENDULUM_GOLDEN_UPDATE=1"
