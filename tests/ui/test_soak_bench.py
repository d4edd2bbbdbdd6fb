"""bench/soak.py plays games back to back through the real screens with the player's own
Rematch key; it had gone stale once (Grail War's end panel gained a button, so the key it
pressed exported the war instead of starting the next). Two short sessions keep it honest."""
from __future__ import annotations

import importlib.util
from pathlib import Path

SOAK = Path(__file__).resolve().parents[2] / "bench" / "soak.py"
_spec = importlib.util.spec_from_file_location("bench_soak", SOAK)
soak_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak_bench)


def test_two_wars_back_to_back_through_rematch():
    result = soak_bench.soak("grailwar", 2, (1280, 720), 20.0, "npc,npc,npc", None, 3, 60, 40000)
    assert [g["game"] for g in result["per_game"]] == [1, 2]
    assert result["fds_last"] is None or result["fds_last"] <= result["fds_first"] + 2


def test_two_pendulum_games_back_to_back_through_rematch():
    result = soak_bench.soak("pendulum", 2, (1280, 720), 100.0, "bot,bot", "timetrack", 3, 60, 40000)
    assert [g["game"] for g in result["per_game"]] == [1, 2]
