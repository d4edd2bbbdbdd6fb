"""Pendulum screenshots for docs/screenshots/, rendered headless (dummy video driver): the App
is stepped at a fixed 1/60 s with scripted, real posted events, in both languages at 1280x720
and 1920x1080:

* ``pendulum-table``     the real-time table mid-round (sand running, bots playing);
* ``pendulum-provinces`` the province choice (a row of cards to browse);
* ``pendulum-tooltip``   a top-bar button's tooltip;
* ``pendulum-reference`` the rules reference (F1);
* ``pendulum-end``       the end screen (numbers beside the chart).

    python docs/screenshots/pendulum_shots.py [--out DIR] [--lang en|ja] [--size WxH] [--only NAME]

Files: ``<name>-<lang>-<W>x<H>.png``. Takes about a minute per language and size.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from pendulum.rules.bots import make_bot  # noqa: E402
from pendulum.ui.scene import make_scene  # noqa: E402
from tabletop.ui.app import App, default_args  # noqa: E402

LOG_SPOT = (1500, 600)          # a logical point over the log, where no tooltip opens
SHOTS = ("table", "provinces", "tooltip", "reference", "end")


def _post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def _move(app, logical, frames=2):
    _post(pygame.MOUSEMOTION, pos=app.logical_to_window(logical), rel=(1, 1), buttons=(0, 0, 0), touch=False)
    app.step(frames)


def _key(app, key, frames=3):
    _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    _post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    app.step(frames)


def _table(app, seats, mode, seed):
    scene = make_scene(app, seats=seats, mode=mode, seed=seed, autosave=False)
    app.scenes.push(scene)
    app.step(2)
    return scene


def _bots_play(scene, until, limit=6000):
    """The standard bot plays every seat (through the table, as a player would) until ``until()``."""
    st = scene.state
    bots = {s: make_bot("standard", s, 7) for s in range(scene.n)}
    for _ in range(limit):
        if until() or st.is_terminal():
            return
        seat = st.seats_to_act()[0]
        scene.apply(bots[seat].choose(st))


def shot_table(app):
    """Real time, four seats (one person, three bots), about 40 s into round 1."""
    scene = _table(app, ["human", "bot", "bot", "bot"], "realtime", 12)
    person = make_bot("standard", 0, 7)
    app.speed = 8.0
    for _ in range(60 * 12):
        st = scene.state
        if st.phase == "opening" and st.seats_to_act() == [0]:
            scene.apply(person.choose(st))         # the person's opening placements
        app.step(1)
        if st.phase == "action" and st.time > 40:
            break
    app.speed = 1.0
    _move(app, LOG_SPOT, frames=90)              # the pointer over the log (no tooltip); the sand settles
    return scene


def shot_provinces(app):
    """Time track: the person acts on "conquer a province" and gets the row of cards."""
    scene = _table(app, ["human", "human"], "timetrack", 5)
    st = scene.state
    while st.phase == "opening":
        s = st.seats_to_act()[0]
        moves = [a for a in st.legal_actions(s) if a.kind == "move"]
        mine = [a for a in moves if s == 0 and a.to.startswith("black.")]
        scene.apply((mine or moves)[0])
    for _ in range(60):
        if 0 in st.seats_to_act():
            st.players[0].res[0] = max(st.players[0].res[0], 8)
            acts = [a for a in st.legal_actions(0) if a.kind == "act"
                    and "conquer_province" in scene.rules.spaces[a.space].effect]
            if acts:
                scene.focus(0)
                scene.apply(acts[0])
                break
            moves = [a for a in st.legal_actions(0) if a.kind == "move" and a.to.startswith("black.")
                     and a.to.endswith(".3")]
            if moves:
                scene.apply(moves[0])
                continue
        other = [s for s in st.seats_to_act() if s != 0] or [0]
        legal = st.legal_actions(other[0])
        scene.apply(next((a for a in legal if a.kind == "done"), legal[0]))
    app.step(3)
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_DOWN)
    _move(app, LOG_SPOT, frames=4)
    return scene


def shot_tooltip(app):
    scene = _table(app, ["human", "bot", "bot"], "timetrack", 3)
    _bots_play(scene, lambda: scene.state.phase == "action")
    app.step(30)
    _move(app, scene.buttons()["pause"].rect.center, frames=50)   # a top-bar tip opens after 0.6 s of hover
    return scene


def shot_reference(app):
    scene = _table(app, ["human", "bot", "bot"], "timetrack", 3)
    app.step(5)
    _key(app, pygame.K_F1, frames=10)
    return scene


def shot_end(app):
    scene = _table(app, ["human", "human", "human"], "timetrack", 4)
    _bots_play(scene, lambda: False)
    for _ in range(300):
        app.step(3)
        if type(app.scenes.top).__name__ == "EndScreen":
            break
    app.step(5)
    return scene


def render(name, lang, size, out: Path) -> Path:
    app = App(default_args(size=size, lang=lang))
    try:
        globals()[f"shot_{name}"](app)
        app.draw(force=True)
        path = out / f"pendulum-{name}-{lang}-{size[0]}x{size[1]}.png"
        pygame.image.save(app.window, str(path))
        return path
    finally:
        app.shutdown()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent))
    ap.add_argument("--lang", choices=("en", "ja"), action="append")
    ap.add_argument("--size", action="append", help="WxH (default: 1280x720 and 1920x1080)")
    ap.add_argument("--only", choices=SHOTS, action="append")
    args = ap.parse_args(argv)
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in (args.size or ["1280x720", "1920x1080"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in args.only or SHOTS:
        for lang in args.lang or ("en", "ja"):
            for size in sizes:
                print(render(name, lang, size, out))


if __name__ == "__main__":
    main()
