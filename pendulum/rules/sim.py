"""``python main.py simulate pendulum ...``: bot-only games, figures as text or JSON."""
from __future__ import annotations

import json
import math
import sys
import time

from .actions import Done, Move
from .bots import KINDS, BotDriver, make_bot
from .effects import HANDLER_OF, HANDLERS
from .engine import TRACKS, PendulumRules

REALTIME_DT = 0.25
_EVERY_SEAT = ("action", "council_called", "council_adjust")   # phases where every seat not done is to act
MAX_ENGINE_SECONDS = 6 * 3600      # a stuck real-time game stops here (never seen)


def idle_steps(st, driver, dt: float = REALTIME_DT) -> int:
    """How many ``dt`` steps can pass before a bot may act or the state does something by itself
    (``quiet_for``); one ``advance`` of that many steps ends exactly as that many single steps would."""
    horizon = min(st.quiet_for(), driver.wait(st))
    if horizon == math.inf:
        horizon = max(dt, MAX_ENGINE_SECONDS - st.time)
    return max(1, math.ceil(horizon / dt - 1e-9))


def play_game(rules, seed: int, kinds: list[str], max_actions: int = 200000, skip_idle: bool = True,
              log: list | None = None, check: bool = False):
    """Play one bot game; returns (state, actions applied). Real time runs in ``REALTIME_DT`` steps; with
    ``skip_idle`` the steps in which nothing can happen are taken at once (same result, see idle_steps).
    ``log``: a list that receives every applied action (with the engine time in real time). Untimed, a bot's
    choice is applied as ``apply_chosen(a, False)`` does, written out here (without a second legality check and
    without making events; a plain Done and a Move after the opening without the handler's call) unless
    ``check`` (then through ``apply``)."""
    st = rules.new_state(seed)
    bots = [make_bot(k, i, seed) for i, k in enumerate(kinds)]
    n = 0
    if rules.timed:
        driver = BotDriver(dict(enumerate(bots)), seed, rules.bot_delay)
        while not st.is_terminal() and n < max_actions and st.time < MAX_ENGINE_SECONDS:
            done = driver.act(st)
            if not done:
                st.advance(REALTIME_DT * (idle_steps(st, driver) if skip_idle else 1))
                continue
            n += len(done)
            if log is not None:
                log.extend((st.time, a) for a, _ in done)
        if not st.is_terminal():
            raise RuntimeError(f"seed {seed}: real-time bot game did not end")
        return st, n
    if check:
        return _play_checked(st, bots, seed, max_actions, log)
    players = st.players
    frame_loc, loc_frame, occs = rules.frame_loc, rules.loc_frame, st.frame_occ
    while st.phase != "game_over" and n < max_actions:        # (is_terminal, read directly: a hot loop)
        if st.phase in _EVERY_SEAT and not st.closing:
            seats = []                  # ``seats_to_act`` written out for its commonest case (a call a pass)
            for q in players:
                if q.decisions or not q.done:
                    seats.append(q.seat)
        else:
            seats = st.seats_to_act()
        if not seats:
            raise RuntimeError("no seat can act in an untimed game")
        m = n
        last = seats[-1]
        for s in seats:
            a = bots[s].choose(st)
            if a is None:
                continue
            # ``st.apply_chosen(a, False)`` written out (a call per action): the bot chose it on this state, so no
            # second legality check, and nobody reads the events; ``last_change`` stays 0.0, the engine time of an
            # untimed game (only ``advance`` moves it)
            p = players[s]
            t = type(a)
            if t is Done and not a.last and not st.closing:
                p.done = True           # ``_do_done`` for a plain Done outside the closing turns (a call saved)
            elif t is Move and st.phase != "opening":
                # ``_do_move`` and ``move_worker`` written out (two calls saved): the frames' occupancy and the worker
                w = a.worker
                to = a.to
                if to != "mat":
                    to = frame_loc[to]
                f = loc_frame.get(p.workers[w])
                if f is not None:
                    occs[f.id].remove(w)
                f = loc_frame.get(to)
                if f is not None:
                    occs[f.id].append(w)
                p.workers[w] = to
            else:
                try:
                    h = HANDLER_OF[t]
                except KeyError:
                    h = HANDLERS[a.kind]    # (a subclass of an action)
                h(st, p, a, None)
            n += 1
            if log is not None:
                log.append(a)
            ph = st.phase
            if ph != "action" or (p.done and s == last):
                # (in the action phase ``progress`` returns at once while a seat is not done or has a decision: so
                # does a seat after this one in ``seats``, as only its own Done or Choose could change that)
                st.progress(None)
                if st.phase == "game_over":
                    break
        st.action_count += n - m                    # (counted once a pass: nothing in the pass reads it)
        if m == n:
            raise RuntimeError(f"seed {seed}: no bot wants to act in an untimed game")
    return st, n


def _play_checked(st, bots, seed, max_actions, log):
    """``play_game``'s untimed loop with a second legality check: each choice goes through ``apply``."""
    n = 0
    while st.phase != "game_over" and n < max_actions:
        seats = st.seats_to_act()
        if not seats:
            raise RuntimeError("no seat can act in an untimed game")
        moved = False
        for s in seats:
            a = bots[s].choose(st)
            if a is None:
                continue
            st.apply(a)
            if log is not None:
                log.append(a)
            moved = True
            n += 1
            if st.phase == "game_over":
                break
        if not moved:
            raise RuntimeError(f"seed {seed}: no bot wants to act in an untimed game")
    return st, n


def _progress(i, total, start):
    width = 30
    done = int(width * i / total)
    rate = i / max(1e-9, time.perf_counter() - start)
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{total} games  {rate:.1f}/s")
    sys.stderr.flush()


def run(games: int, players: int, mode: str, seed: int, bots: list[str], progress=True, mods=None) -> dict:
    rules = PendulumRules({"mode": mode, "players": players}, mods)
    wins = {str(s): 0 for s in range(players)}
    all_lost = 0
    vp = {t: 0.0 for t in TRACKS + ("legendary",)}
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for g in range(games):
        st, n = play_game(rules, seed + g, bots)
        actions += n
        out = st.outcome()
        if out["winner"] is None:
            all_lost += 1
        else:
            wins[str(out["winner"])] += 1
        for p in st.players:
            for i, t in enumerate(TRACKS):
                vp[t] += p.tracks[i]
            vp["legendary"] += 1 if p.legendary else 0
        if progress:
            _progress(g + 1, games, start)
    secs = time.perf_counter() - start
    cpu = time.process_time() - cpu
    if progress:
        sys.stderr.write("\n")
    denom = max(1, games * players)
    return {"games": games, "players": players, "mode": mode, "seed": seed, "bots": bots,
            "seconds": round(secs, 3), "games_per_second": round(games / secs, 2) if secs else None,
            "cpu_seconds": round(cpu, 3), "games_per_cpu_second": round(games / cpu, 2) if cpu else None,
            "mean_actions": round(actions / max(1, games), 2), "winners": wins, "all_lost": all_lost,
            "vp_mean": {t: round(v / denom, 3) for t, v in vp.items()}}


def simulate(args) -> int:
    players = args.players or 3
    if not 2 <= players <= 5:
        print("simulate: --players must be 2..5 for Pendulum", file=sys.stderr)
        return 2
    mode = args.mode or "timetrack"
    seed = args.seed if args.seed is not None else 1
    bots = (args.bots.split(",") if args.bots else ["standard"] * players)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        print(f"simulate: --bots needs {players} kinds (got {len(bots)})", file=sys.stderr)
        return 2
    for b in bots:
        if b not in KINDS:
            print(f"simulate: unknown bot kind {b!r} ({', '.join(sorted(KINDS))})", file=sys.stderr)
            return 2
    progress = not getattr(args, "quiet", False) and args.games > 1
    result = run(args.games, players, mode, seed, bots, progress=progress, mods=getattr(args, "mod", None))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(f"{result['games']} games, {players} players, {mode}, seed {seed}, bots {','.join(bots)}")
        print(f"{result['seconds']} s ({result['games_per_second']} games/s, {result['games_per_cpu_second']} per "
              f"CPU-second), mean actions {result['mean_actions']}")
        print("wins by seat:", result["winners"], " no winner:", result["all_lost"])
        print("mean track positions:", result["vp_mean"])
    return 0
