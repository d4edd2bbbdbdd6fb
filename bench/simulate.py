"""Simulator throughput, with the profile's top entries.

    python bench/simulate.py pendulum --games 50 --players 5 --mode timetrack
    python bench/simulate.py pendulum --random --games 20 --players 5 --mode timetrack
    python bench/simulate.py grailwar --games 200

Runs ``python main.py simulate ... --json`` in this process (one core), prints its JSON
figures, then the top entries of a cProfile run of the same games (unless --no-profile).
``--random`` (Pendulum) instead measures random playouts, the speed a search bot would see: each step
asks ``legal_actions`` of a seat that is to act and applies one of them at random (real time: advances
1 s when nobody is to act); it reports legal_actions + apply steps per second, of wall time and of CPU
time (``steps_per_cpu_second``: the figure to compare on a shared machine), and the machine's load.
``--repeat N`` plays the same games N times in this process and adds ``runs`` (each run's
games per CPU-second) and their median, lowest and highest: one run of 200 wars lasts under a
second, so a single figure moves with whatever else the machine did in that second.
Figures only: nothing here passes or fails on time.
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import random
import sys
import time
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


def random_playouts(games: int, players: int, mode: str, seed: int, max_steps: int = 3000) -> dict:
    """Random playouts through the public API only (legal_actions, apply, advance, seats_to_act)."""
    from pendulum.game import make_rules      # here, so the Grail War runs do not load Pendulum
    rules = make_rules({"mode": mode, "players": players})
    steps = legal_calls = listed = finished = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for g in range(games):
        st = rules.new_state(seed + g)
        rng = random.Random(seed + g)
        for _ in range(max_steps):
            if st.is_terminal():
                finished += 1
                break
            seats = st.seats_to_act()
            if not seats:
                st.advance(1.0)
                continue
            acts = st.legal_actions(seats[int(rng.random() * len(seats))])
            legal_calls += 1
            listed += len(acts)
            if not acts:
                st.advance(1.0)
                continue
            st.apply(acts[int(rng.random() * len(acts))])
            steps += 1
    secs = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"random_playouts": games, "players": players, "mode": mode, "seed": seed, "max_steps": max_steps,
            "finished": finished, "steps": steps, "legal_actions_calls": legal_calls,
            "mean_listed": round(listed / max(1, legal_calls), 2), "seconds": round(secs, 3),
            "cpu_seconds": round(cpu, 3),
            "steps_per_second": round(steps / secs) if secs else None,
            "steps_per_cpu_second": round(steps / cpu) if cpu else None,
            "legal_actions_per_second": round(legal_calls / secs) if secs else None,
            "load_1m": _load()}


def _load():
    """The machine's 1-minute load average (None where the system does not tell): compare figures only
    from a quiet machine."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def repeated(first: dict, more: list[dict], key: str = "games_per_cpu_second") -> dict:
    """``first`` with every run's ``key`` (``runs``) and their median, lowest and highest; the
    games themselves are the same each run (same seed), so only the speed differs."""
    runs = [first[key]] + [m[key] for m in more]
    ordered = sorted(runs)
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return {**first, "runs": runs, f"{key}_median": round(median, 2),
            f"{key}_lowest": ordered[0], f"{key}_highest": ordered[-1]}


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
    p.add_argument("--repeat", type=int, default=1, help="play the games N times and report each run and the median")
    p.add_argument("--random", action="store_true", help="Pendulum: random playouts (legal_actions + apply per s)")
    a = p.parse_args()
    if a.random:
        if a.game != "pendulum":
            p.error("--random is for pendulum")
        figures = random_playouts(a.games, a.players, a.mode, a.seed)
        print(json.dumps(figures, indent=1))
        if not a.no_profile:
            prof = cProfile.Profile()
            prof.enable()
            random_playouts(a.games, a.players, a.mode, a.seed)
            prof.disable()
            buf = io.StringIO()
            pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(a.top)
            print("\nprofile (tottime, second run under cProfile):")
            print("\n".join(line for line in buf.getvalue().splitlines() if line.strip())[:6000])
        return 0
    argv = ["simulate", a.game, "--games", str(a.games), "--seed", str(a.seed), "--json", "--quiet"]
    if a.game == "pendulum":
        argv += ["--players", str(a.players), "--mode", a.mode]
    elif a.factions:
        argv += ["--factions", str(a.factions)]
    figures = run(argv)
    if a.repeat > 1:
        figures = repeated(figures, [run(argv) for _ in range(a.repeat - 1)])
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
