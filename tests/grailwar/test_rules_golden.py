"""Golden log: a seeded all-NPC war must reproduce the same dice-bot log line for line
(§3.7 "the same log byte for byte"). After an intended rule change, regenerate with
``GOLDEN_UPDATE=1 python -m pytest tests/grailwar/test_rules_golden.py``."""
import os
from pathlib import Path

from grailwar.game import make_rules, play_npc_game
from .words import lines

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "grailwar_npc4_seed1.txt"


def _log():
    st = play_npc_game(make_rules({"seats": ["npc"] * 4, "max_turns": 4}), 1)
    return "\n".join(lines(st, None, "ja")) + "\n"


def test_golden_npc_war_log():
    text = _log()
    if os.environ.get("GOLDEN_UPDATE") or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
