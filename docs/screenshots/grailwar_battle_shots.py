"""Headless screenshots of Holy Grail War battles, in both languages at 1280x720 and 1920x1080:

* ``grailwar-slots-<lang>-<size>.png``: a master picking a compared parameter, both sides' values shown
* ``grailwar-handoff-<lang>-<size>.png``: the hot-seat hand-off in the middle of a battle
* ``grailwar-sealed-<lang>-<size>.png``: a sealed commitment step (the rival's picks stay hidden)
* ``grailwar-end-<lang>-<size>.png``: the end screen, every faction's sheet and the whole log

Run from the repository root:  python docs/screenshots/grailwar_battle_shots.py
(the dummy video driver is used; nothing opens a window)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import pygame  # noqa: E402

from grailwar.ui.scene import GrailWarScene  # noqa: E402
from tabletop.ui.app import App, default_args  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def _key(app, key):
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=key, mod=0, unicode="", scancode=0))
    app.step(2)


def _pick(app, scene, pred):
    """Click the first menu button whose op matches (and confirm a spend or the end of a step)."""
    for b, op in scene.buttons:
        if pred(op):
            pos = app.logical_to_window(b.rect.center)
            for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(t, pos=pos, button=1, touch=False))
            app.step(2)
            break
    else:
        raise RuntimeError(f"no button among {[op for _, op in scene.buttons]}")
    if any(op[0] == "confirm" for _, op in scene.buttons):
        _pick(app, scene, lambda op: op[0] == "confirm")


def _act(op, act):
    return op[0] == "choose" and (op[2] == ("declare", act) or (op[1] == "act" and op[2] == act))


def battle_shots(lang, size, out):
    """A two-master hot-seat war in which F1 raids F2; shots at F2's slot pick, F1's hand-off
    and F1's sealed commitment step."""
    app = App(default_args(size=size, speed=4.0, lang=lang))
    scene = GrailWarScene(app, seats=["human", "human"], seed=9)
    app.scenes.push(scene)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True
    st.fac["F2"].inv["curse_charm"] = 1
    tag = f"{lang}-{size[0]}x{size[1]}"
    taken = set()
    raided = False
    for _ in range(6000):
        app.step(1)
        b = st.cur_battle
        if scene.handoff_to is not None:
            if b is not None and b.stage == "commit" and scene.handoff_to == "F1" and "handoff" not in taken:
                app.step(2)
                app.screenshot(str(out / f"grailwar-handoff-{tag}.png"))
                taken.add("handoff")
            _key(app, pygame.K_SPACE)
            continue
        p = st.pending
        if p is None or not scene.buttons or p.faction != scene.viewer or scene.tray.busy:
            continue
        if p.kind == "declare":
            if p.faction == "F1" and not raided:
                _pick(app, scene, lambda op: _act(op, "approach"))
                _pick(app, scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2")
                _pick(app, scene, lambda op: op[0] == "choose" and op[2] == "raid")
                if scene.buttons and st.pending.kind == "declare":
                    _pick(app, scene, lambda op: op[0] in ("choose", "apply", "confirm"))
                raided = True
            else:
                _pick(app, scene, lambda op: _act(op, "rest"))
        elif p.kind == "slot":
            if p.faction == "F2" and "slots" not in taken:
                app.step(100)          # the battle's opening hold passes
                app.screenshot(str(out / f"grailwar-slots-{tag}.png"))
                taken.add("slots")
            _pick(app, scene, lambda op: op[0] == "choose")
        elif p.kind == "commit":
            if p.faction == "F2" and "charm" not in taken:
                _pick(app, scene, lambda op: op[0] == "choose" and "curse_charm" in str(op[2]))
                taken.add("charm")
            elif p.faction == "F2":
                _pick(app, scene, lambda op: op[0] == "choose" and "done" in str(op[2]))
            else:
                app.step(60)
                app.screenshot(str(out / f"grailwar-sealed-{tag}.png"))
                taken.add("sealed")
                break
        elif p.kind == "reroll":
            _pick(app, scene, lambda op: op[0] == "choose" and op[2] == "pass")
        else:
            _pick(app, scene, lambda op: op[0] in ("choose", "apply", "confirm"))
    app.shutdown()
    return taken


def end_shot(lang, size, out):
    app = App(default_args(size=size, speed=50.0, lang=lang, seats="npc,npc,npc,npc,npc,npc,npc", frames=1))
    app.start("grailwar")
    scene = app.scenes.top
    for _ in range(300):
        app.step(10)
        if scene.ended:
            break
    app.step(3)
    app.screenshot(str(out / f"grailwar-end-{lang}-{size[0]}x{size[1]}.png"))
    app.shutdown()


def main():
    for lang in ("en", "ja"):
        for size in SIZES:
            taken = battle_shots(lang, size, HERE)
            end_shot(lang, size, HERE)
            print(lang, size, sorted((taken - {"charm"}) | {"end"}))


if __name__ == "__main__":
    main()
