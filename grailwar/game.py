"""Holy Grail War entry points for the registry (tabletop.games)."""
from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

from tabletop.engine import DataError
from tabletop.engine.record import Record
from tabletop.engine.saves import write_record

GAME_ID = "grailwar"

CONFORMANCE_OPTIONS = {"seats": ["human", "npc", "human", "npc", "human"], "max_turns": 3}
CONFORMANCE_SEEDS = (1, 2)
CONFORMANCE_KW = {"max_steps": 20000, "check_every": 40}

CACHE_ENTRIES = 4          # mod lists whose data is kept, newest last
_DATA_CACHE: dict = {}


def load_data(mods=None):
    """The checked data for a mod list, loaded once per mod list (the last few kept)."""
    key = tuple(str(m) for m in (mods or ()))
    data = _DATA_CACHE.pop(key, None)
    if data is None:
        from .rules.schema import load_data as _load
        data = _load(list(mods) if mods else None)
    _DATA_CACHE[key] = data
    while len(_DATA_CACHE) > CACHE_ENTRIES:
        del _DATA_CACHE[next(iter(_DATA_CACHE))]
    return data


def forget_data():
    """Drop the rules data kept loaded (a watched mod changed: tabletop.games.forget_data)."""
    _DATA_CACHE.clear()


def make_rules(options=None, mods=None):
    from .rules.state import GrailRules
    return GrailRules(load_data(mods), options)


def play_npc_game(rules, seed, max_steps=200000, events=True, log=True):
    """A war played by the NPC rules to its end; ``events`` False: the war builds no events,
    ``log`` False: it writes no log (nobody reads them; the war is the same)."""
    from .rules.npc import npc_action
    state = rules.new_state(seed, log=log)
    state.report_events = events
    state.play_out(npc_action, max_steps)
    return state


def war_record(rules, state, mods=None) -> Record:
    """The record of a war played to ``state`` (``state.actions`` from ``state.seed``)."""
    return Record(game=GAME_ID, seed=state.seed, options=rules.options_dict(),
                  seats=list(rules.options_dict()["seats"]), mods=[str(m) for m in mods or ()],
                  actions=[{"a": a.to_dict()} for a in state.actions],
                  meta={"finished": state.winner is not None, "source": "simulate"})


def export_log(state, lang="en", mods=None) -> str:
    """The war's public log as forum posts (``grailwar.rules.forum``) in ``lang``."""
    # imported here to save start-up time: only the export needs the rules' text and strings
    from tabletop.ui.i18n import Strings
    from .rules.forum import thread
    return thread(state.log_for(None), Strings(lang, list(mods or ())).t, lang, seed=state.seed)


def simulate(args) -> int:
    games = int(getattr(args, "games", 10) or 10)
    k = getattr(args, "factions", None)
    seed0 = getattr(args, "seed", None)
    mods = getattr(args, "mod", None) or None
    try:
        rules = make_rules({"factions": k or 7, "control": "npc"}, mods)
    except (ValueError, DataError) as exc:
        print(f"simulate grailwar: {exc}", file=sys.stderr)
        return 2
    records = getattr(args, "records", None)
    if records:
        try:
            Path(records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"simulate grailwar: --records {records}: cannot make the folder ({exc.strerror})", file=sys.stderr)
            return 2
    if seed0 is None:
        seed0 = rules.cfg.game.default_seed
    quiet = getattr(args, "quiet", False)
    winners: dict = {}
    no_winner = unfinished = turns = battles = 0
    # The loaded rules data (some 35k objects) is never garbage: frozen, the collector no longer walks
    # it, and with a higher first threshold it runs less often while the wars run (a few per cent of
    # the CPU time). Both are undone after the run. The wars build no events and write no log: nobody
    # reads them (a record keeps the actions only), and the war is the same.
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(10000, *thresholds[1:])
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        for i in range(games):
            try:
                st = play_npc_game(rules, seed0 + i, events=False, log=False)
                if records:
                    write_record(war_record(rules, st, mods), Path(records) / f"grailwar-seed{seed0 + i}.json")
                w = st.winner
                if w in (None, "none"):
                    no_winner += 1
                else:
                    winners[w] = winners.get(w, 0) + 1
                turns += min(st.turn, rules.cfg.game.max_turns)
                battles += st.battle_no
            except Exception as exc:  # noqa: BLE001 - counted and reported
                unfinished += 1
                print(f"\nseed {seed0 + i}: {type(exc).__name__}: {exc}", file=sys.stderr)
            if not quiet:
                done = i + 1
                bar = "#" * (30 * done // games)
                print(f"\r[{bar:<30}] {done}/{games}", end="", file=sys.stderr)
        if not quiet:
            print(file=sys.stderr)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
    secs = time.perf_counter() - t0
    cpu = time.process_time() - c0
    fin = max(1, games - unfinished)
    out = {"games": games, "seed": seed0, "seconds": round(secs, 3),
           "games_per_second": round(games / secs, 2) if secs > 0 else None,
           "cpu_seconds": round(cpu, 3), "games_per_cpu_second": round(games / cpu, 2) if cpu > 0 else None,
           "mean_turns": round(turns / fin, 3), "winners": dict(sorted(winners.items())),
           "no_winner": no_winner, "unfinished": unfinished, "battles_per_game": round(battles / fin, 3)}
    if getattr(args, "json", False):
        print(json.dumps(out, ensure_ascii=False))
    else:
        for key, v in out.items():
            print(f"{key}: {v}")
    return 0 if unfinished == 0 else 1


def make_scene(app, **kw):
    from .ui import scene
    return scene.make_scene(app, **kw)


def make_bench_scene(app):
    from .ui import scene
    return scene.make_bench_scene(app)
