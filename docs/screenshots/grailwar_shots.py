"""Headless screenshots of the Holy Grail War table, both languages, 1280x720 and 1920x1080.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/screenshots/grailwar_shots.py [OUT_DIR] [--all]

Writes into OUT_DIR (default: this folder) ``grailwar-<shot>-<lang>-<w>x<h>.png`` for ``card``,
``setup`` and ``replay`` (the ones kept in docs/screenshots/); ``--all`` adds the others:
``card`` (a hover card with a skill's effect text), ``rival`` (a rival's card), ``odds`` (the
success chance before declaring), ``takeback`` (a declaration that can still be taken back),
``setup`` (the set-up: factions, seats, seed), ``replay`` (a saved war's replay scrubber, mid-war)
and ``replay-end`` (the end of a replayed war with its chart).
The game is driven like a player would: real posted mouse and key events."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from grailwar.game import make_rules, play_npc_game, war_record  # noqa: E402
from grailwar.ui.replay import ReplayScene  # noqa: E402
from grailwar.ui.scene import GrailWarScene  # noqa: E402
from tabletop.ui.app import App, default_args  # noqa: E402
from tabletop.ui.launcher import GrailWarSetup  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
LANGS = ("en", "ja")


def post_motion(app, pos):
    pos = app.logical_to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.step(3)


def click(app, pos):
    pos = app.logical_to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(3)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(3)


def open_table(size, lang):
    app = App(default_args(size=size, lang=lang, speed=50.0))
    scene = GrailWarScene(app, seats=["human", "npc", "npc", "npc", "npc", "npc", "npc"], seed=11)
    app.scenes.push(scene)
    for _ in range(600):
        p = scene.state.pending
        if scene.buttons and p is not None and p.kind == "declare" and p.faction == "F1":
            break
        app.step(1)
    return app, scene


def zone(scene, panel, kind):
    return next(rect for rect, cid in scene.hot.get(panel, []) if cid[0] == kind)


def button(scene, pred):
    return next(b for b, op in scene.buttons if pred(op))


KEPT = ("card", "setup", "replay")


def shots(out: Path, every=False):
    out.mkdir(parents=True, exist_ok=True)
    written = []
    rules = make_rules({"seats": ["npc"] * 7})
    record = war_record(rules, play_npc_game(rules, 5))
    for lang in LANGS:
        for size in SIZES:
            tag = f"{lang}-{size[0]}x{size[1]}"
            app, scene = open_table(size, lang)
            try:
                skill = next(r for r, cid in scene.hot["me"] if cid[0] == "skill")
                post_motion(app, skill.center)
                written.append(_shot(app, out / f"grailwar-card-{tag}.png", every))
                post_motion(app, zone(scene, "rivals", "rival").center)
                written.append(_shot(app, out / f"grailwar-rival-{tag}.png", every))
                post_motion(app, (600, 400))
                click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "info")).rect.center)
                written.append(_shot(app, out / f"grailwar-odds-{tag}.png", every))
                key(app, pygame.K_BACKSPACE)
                click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest")).rect.center)
                key(app, pygame.K_2)
                written.append(_shot(app, out / f"grailwar-takeback-{tag}.png", every))
            finally:
                app.shutdown()
            app = App(default_args(size=size, lang=lang, speed=50.0, seed=424242))
            try:
                app.scenes.push(GrailWarSetup(app))
                app.step(3)
                written.append(_shot(app, out / f"grailwar-setup-{tag}.png", every))
                app.scenes.clear()
                scene = ReplayScene(app, rules, record)
                app.scenes.push(scene)
                app.step(2)
                key(app, pygame.K_HOME)
                for _ in range(3):
                    key(app, pygame.K_DOWN)
                for _ in range(5):
                    key(app, pygame.K_RIGHT)
                written.append(_shot(app, out / f"grailwar-replay-{tag}.png", every))
                key(app, pygame.K_END)
                written.append(_shot(app, out / f"grailwar-replay-end-{tag}.png", every))
            finally:
                app.shutdown()
    return [p for p in written if p is not None]


def _shot(app, path, every):
    """A PNG of the frame now, if the shot is one of ``KEPT`` (or ``every``)."""
    app.step(1)
    name = path.name[len("grailwar-"):]
    if not every and not any(name.startswith(k + "-") and not name.startswith("replay-end") for k in KEPT):
        return None
    app.screenshot(str(path))
    return path


if __name__ == "__main__":
    argv = [a for a in sys.argv[1:] if a != "--all"]
    target = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for p in shots(target, every="--all" in sys.argv[1:]):
        if p is not None:
            print(p)
