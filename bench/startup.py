"""Start-up: time to a target's first frame, against a bare pygame window, in the same
run (each in a fresh interpreter, timed from spawn to the first presented frame; also the
CPU time each process used until then), with the ratios; and the target's peak memory
after a few seconds of frames. The first frame is timed as it is presented
(``app.gui.on_first_frame``): a screen whose first widgets are shown from a kept picture
(tabletop/ui/guishots.py) builds them right after that, before any input is read;
``<target>_ready_s`` and ``_ready_cpu_ratio`` time the end of that first frame's step,
when every widget is real. Targets are what ``python main.py [TARGET]`` opens:
``launcher`` (default), ``teach``, ``pendulum``, ``grailwar``; ``--target all`` runs each
against the same bare-window runs. One warm-up run of each comes first (bytecode, and
the start-up caches: parsed YAML, settings and strings, the checked rules data, the first
frame's picture of its widgets and record of its fonts), as on a player's second start;
figures are medians. ``pendulum`` and ``grailwar`` start a new game of a random seed each
run, as ``python main.py pendulum`` does: the strings of its first frame that the last
start did not show are measured and rendered by fonts opened for them. Every run uses the bench's own user folder
(``TABLETOP_DATA_DIR``, a temporary folder named after this checkout, unless it is set), so
no other program's caches, saves or language choice change what is measured.
``<target>_first_frame_faults`` (and ``bare_window_first_frame_faults``) count the page faults
to the first frame, medians: each is the first touch of a fresh page of memory, a cost the CPU
figure includes (a few microseconds each in a virtual machine), and a count that load does not
move. ``<target>_first_frame_loaded`` names which of pygame_gui, pymunk, pydantic and PyYAML the
first frame had imported (what it waited for). ``load_1m`` is the machine's load average at
the end (figures taken under load say so).

    python bench/startup.py --runs 5 --json
    python bench/startup.py --target all --runs 5 --json

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
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
PYCACHE = os.path.join(tempfile.gettempdir(), "tabletop-bench-pycache")
DATA = os.path.join(tempfile.gettempdir(), f"tabletop-bench-data-{zlib.crc32(str(ROOT).encode('utf-8')):08x}")

LAUNCHER = r"""
import sys, resource
sys.path.insert(0, {root!r})
from tabletop import cli                       # the path of `python main.py`
args = cli.build_parser().parse_args({argv!r})
from tabletop.ui.app import App
app = App(args)

def presented():                               # as the first frame is presented (tabletop/ui/gui.py)
    r = resource.getrusage(resource.RUSAGE_SELF)
    print("FRAME", r.ru_utime + r.ru_stime, r.ru_minflt, flush=True)
    print("LOADED", *[m for m in {heavy!r} if m in sys.modules], flush=True)
app.gui.on_first_frame = presented
app.start({target!r})
app.step(1)
r = resource.getrusage(resource.RUSAGE_SELF)
print("READY", r.ru_utime + r.ru_stime, flush=True)   # the first frame's step is over: every widget is real
app.step({more})
print("RSS", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
app.shutdown()                                 # and ends as `python main.py` does (tabletop.ui.app.run)
import pygame
pygame.quit()
"""

BARE = r"""
import sys, resource
sys.path.insert(0, {bench!r})
import _baseline
_baseline.bare_window_first_frame({size!r})
r = resource.getrusage(resource.RUSAGE_SELF)
print("FRAME", r.ru_utime + r.ru_stime, r.ru_minflt, flush=True)
print("READY", r.ru_utime + r.ru_stime, flush=True)
print("RSS", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
"""


HEAVY = ("pygame_gui", "pymunk", "pydantic", "yaml")     # libraries a first frame may or may not need
LOADED: dict[str, list] = {}
FAULTS: dict[str, list] = {}      # first-touch page faults (ru_minflt) to the first frame, per target


def spawn(code: str, name: str = "") -> tuple[float, float, int, float, float]:
    """(wall s, CPU s) to the first presented frame, peak RSS (KiB), (wall s, CPU s) to the
    end of that frame's step (``ready``: the widgets a picture stood for are real by then)."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # as a normal install runs: bytecode cached after the first run (kept out of the
    # checkout, in a temporary folder), even where PYTHONDONTWRITEBYTECODE is set
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    env.setdefault("TABLETOP_DATA_DIR", DATA)        # the bench's own caches and (empty) saves
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    first = ready = None
    cpu = ready_cpu = 0.0
    rss = 0
    for line in proc.stdout:
        if line.startswith("FRAME") and first is None:
            first = time.perf_counter() - t0
            cpu = float(line.split()[1])
            if name:
                FAULTS.setdefault(name, []).append(int(line.split()[2]))
        elif line.startswith("READY") and ready is None:
            ready = time.perf_counter() - t0
            ready_cpu = float(line.split()[1])
        elif line.startswith("RSS"):
            rss = int(line.split()[1])
        elif line.startswith("LOADED") and name:
            LOADED[name] = line.split()[1:]
    err = proc.stderr.read()
    if proc.wait() != 0 or first is None or ready is None:
        raise SystemExit(f"child failed:\n{err}")
    return first, cpu, rss, ready, ready_cpu


TARGETS = ("launcher", "teach", "pendulum", "grailwar")


def _target_code(target: str, size, more: int) -> str:
    argv = ([] if target == "launcher" else [target]) + ["--size", f"{size[0]}x{size[1]}"]
    return LAUNCHER.format(root=str(ROOT), argv=argv, target=target, more=more, heavy=HEAVY)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--target", choices=TARGETS + ("all",), default="launcher")
    p.add_argument("--frames", type=int, default=300, help="frames run after the first for the memory figure")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    size = tuple(int(v) for v in a.size.lower().split("x"))
    targets = TARGETS if a.target == "all" else (a.target,)
    bare, cpu_bare, rss_bare = [], [], []
    wall = {t: [] for t in targets}
    cpu = {t: [] for t in targets}
    rss = {t: [] for t in targets}
    ready = {t: [] for t in targets}
    ready_cpu = {t: [] for t in targets}
    spawn(BARE.format(bench=str(BENCH), size=size))          # warm-up: bytecode and start-up caches
    for t in targets:
        spawn(_target_code(t, size, 1))
    for _ in range(a.runs):   # interleaved so all see the same machine load
        w, c, r, _, _ = spawn(BARE.format(bench=str(BENCH), size=size), "bare")
        bare.append(w)
        cpu_bare.append(c)
        rss_bare.append(r)
        for t in targets:
            w, c, r, rw, rc = spawn(_target_code(t, size, a.frames), t)
            ready[t].append(rw)
            ready_cpu[t].append(rc)
            wall[t].append(w)
            cpu[t].append(c)
            rss[t].append(r)
    med = statistics.median
    result = {
        "runs": a.runs, "size": a.size, "video_driver": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "bare_window_first_frame_s": round(med(bare), 3),
        "bare_window_first_frame_cpu_s": round(med(cpu_bare), 3),
        "bare_peak_rss_mb": round(max(rss_bare) / 1024, 1),   # ru_maxrss is KiB on Linux
        # page faults (each a first touch of a fresh page of memory): counted, so steady under load
        "bare_window_first_frame_faults": int(med(FAULTS.get("bare", [0]))),
    }
    for t in targets:
        result[f"{t}_first_frame_s"] = round(med(wall[t]), 3)
        result[f"{t}_ratio"] = round(med(wall[t]) / med(bare), 3)
        # CPU seconds of the process up to its first frame: steadier than wall time on a busy machine
        result[f"{t}_first_frame_cpu_s"] = round(med(cpu[t]), 3)
        result[f"{t}_cpu_ratio"] = round(med(cpu[t]) / med(cpu_bare), 3)
        # to the end of the first frame's step: every widget real, the first input read next
        result[f"{t}_ready_s"] = round(med(ready[t]), 3)
        result[f"{t}_ready_cpu_ratio"] = round(med(ready_cpu[t]) / med(cpu_bare), 3)
        result[f"{t}_peak_rss_mb"] = round(max(rss[t]) / 1024, 1)
        result[f"{t}_first_frame_faults"] = int(med(FAULTS.get(t, [0])))
        result[f"{t}_first_frame_s_spread"] = [round(min(wall[t]), 3), round(max(wall[t]), 3)]
        # which of the heavy libraries the first frame had loaded (what it waited for)
        result[f"{t}_first_frame_loaded"] = LOADED.get(t, [])
    if a.target == "launcher":       # the keys of the earlier reports
        result["ratio"] = result["launcher_ratio"]
        result["cpu_ratio"] = result["launcher_cpu_ratio"]
    result["load_1m"] = round(os.getloadavg()[0], 2)
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>30}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
