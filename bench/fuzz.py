"""Fuzz the program's untrusted inputs for N minutes and print what was tried and found.

    python bench/fuzz.py --minutes 3            # config, i18n, record and screen cases in turn
    python bench/fuzz.py --minutes 1 --kinds record --frames 0.2

Each case mutates one config file (as a mod overlay), one translation file (as a mod's
i18n file) or one record (tests/fuzz/harness.py) and checks that the program refuses it
with clear ``file:line: field: message`` lines or runs it: 3 simulated games, and for a
fraction of the cases (``--frames``) 30 frames of the game's screen; a screen case sends
120 frames of random keys, clicks and wheel turns to a screen. Prints per kind:
cases tried, refused cleanly, ran, crashed, hung, and the first crashes/hangs in full.
A user data folder and a work folder are made under a temporary folder. Figures only:
nothing here passes or fails on time (the exit code is 1 when anything crashed or hung).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.fuzz.harness import KINDS, run_case  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--minutes", type=float, default=1.0)
    p.add_argument("--kinds", default=",".join(KINDS), help=f"comma list of {', '.join(KINDS)}")
    p.add_argument("--frames", type=float, default=0.1, help="share of cases also run for 30 frames (0-1)")
    p.add_argument("--seed", type=int, default=int(time.time()))
    p.add_argument("--limit", type=float, default=60.0, help="seconds before a case counts as hung")
    args = p.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k in KINDS]
    rng = random.Random(args.seed)
    stats = {k: collections.Counter() for k in kinds}
    found: list[str] = []
    end = time.monotonic() + args.minutes * 60
    n = 0
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        os.environ["TABLETOP_DATA_DIR"] = str(Path(tmp) / "userdata")
        work = Path(tmp) / "work"
        work.mkdir()
        while time.monotonic() < end:
            kind = kinds[n % len(kinds)]
            seed = args.seed * 100_000 + n
            outcome, detail = run_case(kind, seed, work, frames=rng.random() < args.frames, limit=args.limit)
            stats[kind]["tried"] += 1
            stats[kind][outcome] += 1
            if outcome in ("crashed", "hung") and len(found) < 10:
                found.append(f"{kind} seed {seed}: {outcome}: {detail}")
            n += 1
    table = {k: {c: stats[k][c] for c in ("tried", "refused", "ran", "crashed", "hung")} for k in kinds}
    print(json.dumps({"minutes": args.minutes, "seed": args.seed, "frames_share": args.frames,
                      "cases": table}, indent=1))
    for line in found:
        print(line, file=sys.stderr)
    return 1 if any(table[k]["crashed"] or table[k]["hung"] for k in kinds) else 0


if __name__ == "__main__":
    raise SystemExit(main())
