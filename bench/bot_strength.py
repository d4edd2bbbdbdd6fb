"""Pendulum bot strength: one seat of one level against the other seats of another, seats rotated.

    python bench/bot_strength.py                       # hard vs standard, 240 games, time-track and real time
    python bench/bot_strength.py --games 300 --players 4 --mode timetrack
    python bench/bot_strength.py --hero easy --vs standard --json

Game g (seed ``--seed`` + g) puts the hero at seat g mod players and the other level at every other seat,
so each seat and each seed is played the same way every run. Prints the hero's win rate with a 95%
Wilson interval, beside the rate an equal bot would have (1 / players). Figures only: nothing here passes or
fails.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pendulum.rules.bots import KINDS  # noqa: E402
from pendulum.rules.engine import PendulumRules  # noqa: E402
from pendulum.rules.sim import play_game  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def match(games: int, players: int, mode: str, seed: int, hero: str, vs: str, progress: bool = True) -> dict:
    rules = PendulumRules({"mode": mode, "players": players})
    wins = no_winner = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        seat = g % players
        kinds = [vs] * players
        kinds[seat] = hero
        st, _ = play_game(rules, seed + g, kinds)
        won = st.outcome()["winner"]
        if won is None:
            no_winner += 1
        elif won == seat:
            wins += 1
        if progress:
            sys.stderr.write(f"\r{mode}: {g + 1}/{games} games, {hero} won {wins}")
            sys.stderr.flush()
    if progress:
        sys.stderr.write("\n")
    lo, hi = wilson(wins, games)
    return {"mode": mode, "players": players, "games": games, "seed": seed, "hero": hero, "vs": vs,
            "hero_wins": wins, "no_winner": no_winner, "win_rate": round(wins / games, 4),
            "ci95": [round(lo, 4), round(hi, 4)], "equal_bot_rate": round(1 / players, 4),
            "seconds": round(time.perf_counter() - wall, 2), "cpu_seconds": round(time.process_time() - cpu, 2)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=240)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--mode", choices=["timetrack", "realtime", "both"], default="both")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hero", choices=sorted(KINDS), default="hard")
    p.add_argument("--vs", choices=sorted(KINDS), default="standard")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    if not 2 <= a.players <= 5 or a.games < 1:
        p.error("--players 2..5 and --games >= 1")
    modes = ["timetrack", "realtime"] if a.mode == "both" else [a.mode]
    results = [match(a.games, a.players, m, a.seed, a.hero, a.vs, progress=not a.json) for m in modes]
    if a.json:
        print(json.dumps(results, indent=1))
        return 0
    for r in results:
        lo, hi = r["ci95"]
        print(f"{r['mode']}, {r['players']} players, {r['games']} games (seeds {r['seed']}..{r['seed'] + r['games'] - 1}): "
              f"{r['hero']} at one seat won {r['hero_wins']} = {100 * r['win_rate']:.1f}% "
              f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%) against {r['vs']}; an equal bot wins "
              f"{100 * r['equal_bot_rate']:.1f}%; no winner {r['no_winner']}; {r['cpu_seconds']} CPU-s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
