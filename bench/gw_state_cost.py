"""What copying and saving a Grail War state costs, against the turn the war has reached.

    python bench/gw_state_cost.py [--seed N] [--reps 200] [--turns 1,5,10,15,20] [--best-of K]

Plays a seven-faction NPC war (the first seed from ``--seed`` whose war reaches the last
turn asked for), stops at the first decision of each turn asked for, and times ``clone()``,
``to_dict()`` and ``from_dict()`` (of that dict) there: the mean of ``--reps`` calls each, in
milliseconds of process time (one core). ``--best-of K`` times each K times and keeps the
lowest mean, the figure least disturbed by other work on a shared machine. Figures only:
nothing here passes or fails on time.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grailwar.game import make_rules  # noqa: E402
from grailwar.rules import npc_action  # noqa: E402


def states_at(rules, seed, turns):
    """The state at the first decision of each turn in ``turns`` (None if the war ended first)."""
    s = rules.new_state(seed)
    out = {}
    while not s.is_terminal():
        if s.turn in turns and s.turn not in out:
            out[s.turn] = s.clone()
        s.apply(npc_action(s, s.pending.faction))
    return out


def cost(fn, reps, best_of=1):
    gc.collect()                # not the garbage of the war just played
    for _ in range(max(10, reps // 5)):      # warm up
        fn()
    means = []
    for _ in range(max(1, best_of)):
        c0 = time.process_time()
        for _ in range(reps):
            fn()
        means.append((time.process_time() - c0) / reps * 1000.0)
    return min(means)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reps", type=int, default=200)
    p.add_argument("--turns", default="1,5,10,15,20")
    p.add_argument("--best-of", type=int, default=1, help="time each K times, keep the lowest mean")
    a = p.parse_args()
    turns = sorted({int(t) for t in a.turns.split(",")})
    rules = make_rules({"factions": 7, "control": "npc", "max_turns": max(turns)})
    seed = a.seed
    while True:
        states = states_at(rules, seed, set(turns))
        if max(turns) in states or seed > a.seed + 500:
            break
        seed += 1
    rows = []
    for t in turns:
        s = states.get(t)
        if s is None:
            continue
        d = s.to_dict()
        text = json.dumps(d, ensure_ascii=False)
        rows.append({"turn": t, "actions": len(s.actions), "log": len(s.log), "save_kb": round(len(text) / 1024, 1),
                     "clone_ms": round(cost(s.clone, a.reps, a.best_of), 3),
                     "to_dict_ms": round(cost(s.to_dict, a.reps, a.best_of), 3),
                     "from_dict_ms": round(cost(lambda: type(s).from_dict(d, rules), a.reps, a.best_of), 3)})
    print(json.dumps({"seed": seed, "factions": 7, "reps": a.reps, "best_of": a.best_of, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
