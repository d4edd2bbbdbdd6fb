"""Frame time of a scene against a bare pygame loop at the same size, in the same run.

    python bench/frame_time.py --scene launcher --size 1920x1080 --frames 600 --json
    python bench/frame_time.py --scene pendulum --mod mods/paper-theme     (with an art pack)

The baseline blits a full-screen surface and 300 sprites per frame. A frame of the scene
is the App's whole frame (events, one fixed 1/60 s update, draw, scaling, present):

* ``scene_ms_*``: forced to redraw everything every frame (the worst case, as when the
  mouse moves all the time);
* ``natural_ms_*`` and ``changed_fraction``: a natural run, nothing forced -- the share of
  frames that redrew anything under the redraw protocol (``Scene.draw``); an idle screen
  scores 0, a screen that keeps the default (everything changes) 1;
* ``changed_area``: in the natural run, the share of the frame's pixels repainted per
  frame on average (a screen that repaints only its dice tray scores far below its
  ``changed_fraction``);
* ``idle_ms_p50``: the median natural frame (kept for the older reports);
* ``scene_cpu_ms_p50`` / ``natural_cpu_ms_p50``: the median CPU time of this process per
  frame (``time.process_time``), forced and natural: less disturbed than the wall-clock
  figures when other work shares the machine (compare two versions by these, alternating
  runs, when the machine is not quiet).

The Pendulum table repaints only the rectangles of what moves over an unchanged board (its
glasses, gliding pieces, floating gains: pendulum/ui/frames.py), so a running all-bot game
scores a small ``changed_area`` though nearly every frame changes something.

``presenter`` says how the frame reached the window (tabletop/ui/present.py). On the
dummy video driver that is always the CPU (or SDL's software renderer with
``--scaling gpu``): these figures are CPU work; a GPU's scaling, vsync and the compositor
are not measured. ``load_1m`` is the machine's load average when the run ended. Scenes:
``tabletop.ui.bench_scenes.SCENES`` (``launcher``; ``pendulum``/``grailwar`` when their
``game.py`` offers ``make_bench_scene(app)``; ``teach``, the teaching course). Widgets,
dialogs and toasts cost only where they change (tabletop/ui/compose.py), so an idle screen
with buttons scores ``changed_fraction`` 0. Figures only: nothing passes or fails.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import _baseline  # noqa: E402


def _size(text: str):
    w, h = text.lower().split("x")
    return int(w), int(h)


def measure_scene(name: str, size, frames: int, warmup: int = 30, redraw: bool = True,
                  scaling: str | None = None, mods: list[str] | None = None
                  ) -> tuple[list[float], float, float, str, list[float]]:
    """Per-frame milliseconds, the share of frames that redrew anything, the share of
    pixels repainted per frame, how the frame was presented, and per-frame CPU milliseconds."""
    from tabletop.ui.app import App, default_args
    from tabletop.ui.bench_scenes import SCENES, discover
    discover()
    if name not in SCENES:
        raise SystemExit(f"unknown scene {name!r}; available: {', '.join(sorted(SCENES))}")
    app = App(default_args(size=size, scaling=scaling, mod=list(mods or [])))
    app.scenes.push(SCENES[name](app))
    out = []
    cpu = []
    changed = 0
    area = 0.0
    try:
        for i in range(warmup + frames):
            if redraw:
                app.invalidate()   # as if everything changed every frame (worst case)
            before, pixels = app.frames_changed, app.pixels_changed
            t0, c0 = time.perf_counter(), time.process_time()
            app.frame_step()
            if i >= warmup:
                out.append((time.perf_counter() - t0) * 1000.0)
                cpu.append((time.process_time() - c0) * 1000.0)
                changed += app.frames_changed > before
                area += (app.pixels_changed - pixels) / (1920 * 1080)
            if not app.running:
                break
        how = app.presenter.describe()
    finally:
        app.shutdown()
    n = len(out) or 1
    return out, changed / n, area / n, how, cpu


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scene", default="launcher")
    p.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--scaling", choices=("auto", "gpu", "cpu"), default=None,
                   help="how the frame is scaled (default: config/settings.yaml)")
    p.add_argument("--mod", action="append", default=[], metavar="DIR",
                   help="load a mod folder, e.g. the art pack mods/paper-theme (repeatable)")
    a = p.parse_args()
    for mod in a.mod:
        if not Path(mod).is_dir():
            p.error(f"--mod {mod}: not a folder")
    base = _baseline.frame_loop(a.size, a.frames)
    scene, _, _, how, scene_cpu = measure_scene(a.scene, a.size, a.frames, scaling=a.scaling, mods=a.mod)
    natural, changed, area, _, natural_cpu = measure_scene(a.scene, a.size, a.frames, redraw=False,
                                                           scaling=a.scaling, mods=a.mod)
    pc = _baseline.percentile
    result = {
        "scene": a.scene, "size": f"{a.size[0]}x{a.size[1]}", "frames": len(scene), "mods": a.mod,
        "video_driver": os.environ.get("SDL_VIDEODRIVER", ""), "presenter": how,
        "scene_ms_p50": round(pc(scene, 0.5), 3), "scene_ms_p95": round(pc(scene, 0.95), 3),
        "baseline_ms_p50": round(pc(base, 0.5), 3), "baseline_ms_p95": round(pc(base, 0.95), 3),
    }
    result["ratio_p50"] = round(result["scene_ms_p50"] / result["baseline_ms_p50"], 3) if result["baseline_ms_p50"] else None
    result["natural_ms_p50"] = round(pc(natural, 0.5), 3)
    result["natural_ms_p95"] = round(pc(natural, 0.95), 3)
    result["natural_ratio_p50"] = round(result["natural_ms_p50"] / result["baseline_ms_p50"], 3) if result["baseline_ms_p50"] else None
    result["changed_fraction"] = round(changed, 3)
    result["changed_area"] = round(area, 4)
    result["idle_ms_p50"] = result["natural_ms_p50"]
    result["scene_cpu_ms_p50"] = round(pc(scene_cpu, 0.5), 3)
    result["natural_cpu_ms_p50"] = round(pc(natural_cpu, 0.5), 3)
    result["load_1m"] = round(os.getloadavg()[0], 2)
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>16}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
