"""Simulator throughput, with the profile's top entries.

    python bench/simulate.py pendulum --games 50 --players 5 --mode timetrack
    python bench/simulate.py grailwar --games 200

Runs ``python main.py simulate ... --json`` in this process (one core), prints its JSON
figures, then the top entries of a cProfile run of the same games (unless --no-profile).
Figures only: nothing here passes or fails on time.
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.cli import main as cli_main  # noqa: E402


def run(argv: list[str]) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli_main(argv)
    if code != 0:
        raise SystemExit(f"simulate exited {code}")
    return json.loads(out.getvalue())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=["pendulum", "grailwar"])
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--mode", default="timetrack")
    p.add_argument("--factions", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--no-profile", action="store_true")
    a = p.parse_args()
    argv = ["simulate", a.game, "--games", str(a.games), "--seed", str(a.seed), "--json", "--quiet"]
    if a.game == "pendulum":
        argv += ["--players", str(a.players), "--mode", a.mode]
    elif a.factions:
        argv += ["--factions", str(a.factions)]
    figures = run(argv)
    print(json.dumps(figures, ensure_ascii=False, indent=1))
    if not a.no_profile:
        prof = cProfile.Profile()
        prof.enable()
        run(argv)
        prof.disable()
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(a.top)
        print("\nprofile (tottime, second run under cProfile):")
        print("\n".join(line for line in buf.getvalue().splitlines() if line.strip())[:6000])
    return 0


if __name__ == "__main__":
    sys.exit(main())
