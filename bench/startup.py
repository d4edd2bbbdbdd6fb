"""Start-up: time to the launcher's first frame, against a bare pygame window, in the same
run (each in a fresh interpreter, timed from spawn to the first flipped frame; also the
CPU time each process used until then), with the ratios; and the launcher's peak memory
after a few seconds of frames. One warm-up run of each comes first (bytecode, and the
start-up cache of tabletop/ui/cache.py), as on a player's second start; figures are medians.

    python bench/startup.py --runs 5 --json

Figures only: nothing passes or fails.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
PYCACHE = os.path.join(tempfile.gettempdir(), "tabletop-bench-pycache")

LAUNCHER = r"""
import sys, resource
sys.path.insert(0, {root!r})
from tabletop import cli                       # the path of `python main.py`
args = cli.build_parser().parse_args(["--size", "{w}x{h}"])
from tabletop.ui.app import App
app = App(args)
app.start("launcher")
app.step(1)
r = resource.getrusage(resource.RUSAGE_SELF)
print("FRAME", r.ru_utime + r.ru_stime, flush=True)
app.step({more})
print("RSS", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
"""

BARE = r"""
import sys, resource
sys.path.insert(0, {bench!r})
import _baseline
_baseline.bare_window_first_frame({size!r})
r = resource.getrusage(resource.RUSAGE_SELF)
print("FRAME", r.ru_utime + r.ru_stime, flush=True)
print("RSS", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
"""


def spawn(code: str) -> tuple[float, float, int]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # as a normal install runs: bytecode cached after the first run (kept out of the
    # checkout, in a temporary folder), even where PYTHONDONTWRITEBYTECODE is set
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    first = None
    cpu = 0.0
    rss = 0
    for line in proc.stdout:
        if line.startswith("FRAME") and first is None:
            first = time.perf_counter() - t0
            cpu = float(line.split()[1])
        elif line.startswith("RSS"):
            rss = int(line.split()[1])
    if proc.wait() != 0 or first is None:
        raise SystemExit("child failed")
    return first, cpu, rss


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--frames", type=int, default=300, help="frames run after the first for the memory figure")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    size = tuple(int(v) for v in a.size.lower().split("x"))
    launcher, bare, rss_launcher, rss_bare, cpu_launcher, cpu_bare = [], [], [], [], [], []
    spawn(BARE.format(bench=str(BENCH), size=size))          # warm-up: bytecode and start-up caches
    spawn(LAUNCHER.format(root=str(ROOT), w=size[0], h=size[1], more=1))
    for _ in range(a.runs):   # interleaved so both see the same machine load
        t, c, r = spawn(BARE.format(bench=str(BENCH), size=size))
        bare.append(t)
        cpu_bare.append(c)
        rss_bare.append(r)
        t, c, r = spawn(LAUNCHER.format(root=str(ROOT), w=size[0], h=size[1], more=a.frames))
        launcher.append(t)
        cpu_launcher.append(c)
        rss_launcher.append(r)
    result = {
        "runs": a.runs, "size": a.size, "video_driver": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "launcher_first_frame_s": round(statistics.median(launcher), 3),
        "bare_window_first_frame_s": round(statistics.median(bare), 3),
        "ratio": round(statistics.median(launcher) / statistics.median(bare), 3),
        # CPU seconds of the process up to its first frame: steadier than wall time on a busy machine
        "launcher_first_frame_cpu_s": round(statistics.median(cpu_launcher), 3),
        "bare_window_first_frame_cpu_s": round(statistics.median(cpu_bare), 3),
        "cpu_ratio": round(statistics.median(cpu_launcher) / statistics.median(cpu_bare), 3),
        "launcher_peak_rss_mb": round(max(rss_launcher) / 1024, 1),   # ru_maxrss is KiB on Linux
        "bare_peak_rss_mb": round(max(rss_bare) / 1024, 1),
    }
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>26}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
