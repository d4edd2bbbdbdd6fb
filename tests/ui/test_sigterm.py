"""SIGTERM ends the program cleanly: no quit dialog, exit code 0, the game's autosave on disk."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.engine import saves

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signals")
def test_sigterm_during_a_game_exits_cleanly_with_the_game_saved(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLETOP_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.Popen([sys.executable, "main.py", "pendulum", "--seats", "bot,bot,bot",
                             "--mode", "timetrack", "--seed", "4"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        slots = []
        while time.monotonic() < deadline and proc.poll() is None:
            slots = [p for p in (tmp_path / "data").glob("*.json") if not p.name.startswith(".")]
            if slots:
                break
            time.sleep(0.2)
        assert slots, "the game wrote its first autosave"
        time.sleep(1.5)                          # let the bots play a few moves
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err.decode("utf-8", "replace")[-2000:]
    assert b"Traceback" not in err
    record = saves.read_record(slots[0])
    assert record.game == "pendulum" and len(record.actions) > 0
