"""Long sessions: all-bot games back to back through the real screen, with rematch, and
the process's memory and open files after each.

    python bench/soak.py --game pendulum --games 30 --json
    python bench/soak.py --game grailwar --games 30 --json
    python bench/soak.py --game teach --games 30 --json

* ``pendulum``: an all-bot table (``--seats``, default four bots, ``--mode`` timetrack
  so a game ends in seconds); at the end screen the player's key (Enter on the focused
  Rematch) starts the next game.
* ``grailwar``: an all-NPC war (``--factions``, default 7); at its end the player's key
  for Rematch (``3``: the end panel's keys follow its buttons) starts the next war.
* ``teach``: the teaching screen opened as the launcher opens it, its first lesson run
  for ``--teach-frames`` frames with its bots, then opened again (a "game" here is one
  visit: the course cannot be played by bots alone past its first lesson).

Printed per game: RSS after the game (MB), open file descriptors, the App's text cache
(MB, entries), frames and seconds, and the memory held from malloc (``in_use_mb``, glibc only);
overall: peak RSS, growth after the third game (RSS and in use).
Linux figures (``/proc/self``); elsewhere RSS falls back to ``ru_maxrss`` and fds to
None. ``load_1m`` is the machine's load average at the end: figures taken under load
say so. The dummy video driver is used unless SDL_VIDEODRIVER is set. Figures only.
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tabletop.ui.app import App, default_args  # noqa: E402
from grailwar.ui.endpanel import OPS as GW_END_OPS  # noqa: E402
from tabletop.ui.launcher import start_game  # noqa: E402


def rss_mb() -> float:
    """Resident set size now (MB)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_rss_mb()


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                               "fsmblks", "uordblks", "fordblks", "keepcost")]


def in_use_mb() -> float | None:
    """Bytes the program holds from malloc now (glibc's ``mallinfo2``: heap blocks in use plus
    mapped blocks), MB; None on other C libraries. Unlike RSS it does not count freed memory the
    allocator keeps, so it shows growth that is the program's own."""
    try:
        fn = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    fn.restype = _MallInfo2
    info = fn()
    return round((info.uordblks + info.hblkhd) / 2**20, 2)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # KiB on Linux


def open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def _key(app: App, key: int) -> None:
    """A real key press through the event loop, as a player's."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(2)


def _play_to_end(app: App, max_frames: int) -> int:
    """Step until the game on screen is over (no scene holds a game in progress)."""
    frames = 0
    while app.game_in_progress():
        app.step(10)
        frames += 10
        if frames > max_frames or not app.running:
            raise SystemExit(f"the game did not end within {max_frames} frames")
    return frames


def _end_screen(app: App, game: str, finished) -> None:
    """Step until the end of ``finished`` (the scene that held the game) is on screen, so that
    every game is measured at the same moment (Pendulum's end screen comes up over the table
    after its last moves; with it or without it the frame differs by a full-size picture)."""
    if game == "pendulum":
        for _ in range(600):
            if app.scenes.top is not finished:
                break
            app.step(1)
    app.step(5)


def _rematch(app: App, game: str, finished) -> None:
    """At the end of ``finished`` (the scene that held the game), the player's Rematch key."""
    # Pendulum: Enter on the focused Rematch; Grail War: the digit of its Rematch (keys 1-4, in OPS order)
    _key(app, pygame.K_RETURN if game == "pendulum" else pygame.K_1 + GW_END_OPS.index("rematch"))
    if app.scenes.top is finished or not app.game_in_progress():
        raise SystemExit(f"{game}: the rematch key did not start a new game (top scene: "
                         f"{type(app.scenes.top).__name__})")


def soak(game: str, games: int, size, speed: float, seats: str, mode: str | None, seed: int,
         teach_frames: int, max_frames: int) -> dict:
    app = App(default_args(size=size, lang="en", speed=speed, seats=seats, mode=mode, seed=seed))
    per_game = []
    try:
        if game == "teach":
            app.start("launcher")
        else:
            app.start(game)
        for i in range(games):
            t0 = time.perf_counter()
            if game == "teach":
                start_game(app, "pendulum", teach=True)      # as the launcher's Teaching entry does
                app.step(teach_frames)
                frames = teach_frames
            else:
                if i:
                    _rematch(app, game, finished)
                finished = app.scenes.top
                frames = _play_to_end(app, max_frames)
                _end_screen(app, game, finished)
            gc.collect()
            texts = getattr(app, "text_cache", None)
            per_game.append({"game": i + 1, "rss_mb": round(rss_mb(), 1), "in_use_mb": in_use_mb(), "fds": open_fds(),
                             "text_cache_mb": round(texts.bytes / 2**20, 2) if texts is not None else None,
                             "text_cache_entries": len(texts) if texts is not None else None,
                             "frames": frames, "seconds": round(time.perf_counter() - t0, 2)})
            print(json.dumps(per_game[-1]), file=sys.stderr, flush=True)
        how = app.presenter.describe()
    finally:
        app.shutdown()
    rss = [g["rss_mb"] for g in per_game]
    fds = [g["fds"] for g in per_game]
    third = rss[2] if len(rss) >= 3 else rss[0]
    used = [g["in_use_mb"] for g in per_game]
    used_third = used[2] if len(used) >= 3 else used[0]
    return {"game": game, "games": games, "size": f"{size[0]}x{size[1]}", "speed": speed,
            "video_driver": os.environ.get("SDL_VIDEODRIVER", ""), "presenter": how,
            "peak_rss_mb": round(peak_rss_mb(), 1), "rss_after_first_mb": rss[0], "rss_after_third_mb": third,
            "rss_last_mb": rss[-1], "growth_after_third_mb": round(rss[-1] - third, 1),
            "max_rss_after_third_mb": max(rss[2:] or rss),
            "in_use_after_third_mb": used_third, "in_use_last_mb": used[-1],
            "in_use_growth_after_third_mb": None if None in (used_third, used[-1]) else round(used[-1] - used_third, 2),
            "fds_first": fds[0], "fds_last": fds[-1],
            "load_1m": round(os.getloadavg()[0], 2), "per_game": per_game}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", choices=("pendulum", "grailwar", "teach"), required=True)
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--speed", type=float, default=None,
                   help="game speed (bots and timers); default 100 (pendulum), 20 (grailwar), 1 (teach)")
    p.add_argument("--seats", default=None, help="default: bot x4 (pendulum), npc x7 (grailwar)")
    p.add_argument("--factions", type=int, default=7)
    p.add_argument("--mode", default=None, help="pendulum mode (default timetrack)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--teach-frames", type=int, default=600)
    p.add_argument("--max-frames", type=int, default=200000, help="give up on a game after this many frames")
    p.add_argument("--json", action="store_true", help="print one JSON object (per-game lines go to stderr)")
    a = p.parse_args()
    size = tuple(int(v) for v in a.size.lower().split("x"))
    seats, mode = a.seats, a.mode
    if a.game == "pendulum":
        seats, mode = seats or "bot,bot,bot,bot", mode or "timetrack"
    elif a.game == "grailwar":
        seats = seats or ",".join(["npc"] * a.factions)
    speed = a.speed or {"pendulum": 100.0, "grailwar": 20.0}.get(a.game, 1.0)
    result = soak(a.game, a.games, size, speed, seats, mode, a.seed, a.teach_frames, a.max_frames)
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            if k != "per_game":
                print(f"{k:>24}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
