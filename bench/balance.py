"""Holy Grail War balance: wins by servant class over many all-NPC wars (issue: a fair war).

    python bench/balance.py --games 10000 [--factions 7] [--seed 1] [--procs 2] [--json]

Prints each class's wins, its share and the ratio to a fair share (1/factions); the target is
every ratio within 0.70..1.30. Wars run in ``--procs`` worker processes (seeds split evenly),
so the figures are the same for any process count.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _run(job):
    from grailwar.game import make_rules, play_npc_game
    seeds, factions, mods = job
    rules = make_rules({"factions": factions, "control": "npc"}, mods or None)
    wins, none = {}, 0
    for seed in seeds:
        st = play_npc_game(rules, seed)
        if st.winner in (None, "none"):
            none += 1
        else:
            wins[st.winner] = wins.get(st.winner, 0) + 1
    return wins, none


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--factions", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--mod", action="append", default=[])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from grailwar.game import make_rules
    rules = make_rules({"factions": args.factions, "control": "npc"}, args.mod or None)
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [(seeds[i::args.procs], args.factions, args.mod) for i in range(args.procs)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.procs) as pool:
        results = pool.map(_run, chunks)
    wins, none = {}, 0
    for w, n in results:
        none += n
        for k, v in w.items():
            wins[k] = wins.get(k, 0) + v
    classes = _classes(rules, args.factions)
    fair = args.games / args.factions
    rows = {classes.get(f, f): {"faction": f, "wins": wins.get(f, 0),
                                "share": round(wins.get(f, 0) / args.games, 4),
                                "ratio": round(wins.get(f, 0) / fair, 3)} for f in sorted(classes)}
    out = {"games": args.games, "seed": args.seed, "seconds": round(time.perf_counter() - t0, 1),
           "no_winner": none, "by_class": rows,
           "within_30pct": all(0.7 <= r["ratio"] <= 1.3 for r in rows.values())}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{args.games} wars, seed {args.seed}, {out['seconds']} s, no winner {none}")
        for c, r in rows.items():
            print(f"  {c:<10} {r['faction']}  wins {r['wins']:>6}  share {r['share']:.3f}  ratio {r['ratio']:.2f}")
        print("every class within ±30% of a fair share:", out["within_30pct"])
    return 0


def _classes(rules, k):
    data = rules.data
    return {f.id: data.servants[f.servant].cls for f in data.factions[:k]}


if __name__ == "__main__":
    sys.exit(main())
