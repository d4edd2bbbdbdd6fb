"""Hidden information in a two-human hot-seat war with a battle between the two humans
(issue 12 item 1, issue 10's must-hold): at every hand-off and every private screen, no text
drawn for one master names the other's sealed battle pick before the reveal, nor a class,
master, true name, skill or noble phantasm it has not discovered. Every frame's drawn texts
are recorded, as ``test_grailwar_hotseat`` does."""
import pygame
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war

pytest.importorskip("grailwar.rules")


def _click_choice(app, scene, pred):
    click(app, button(scene, lambda op: op[0] == "choose" and pred(op)))
    if any(op[0] == "confirm" for _, op in scene.buttons):      # a spend or the end of a step is confirmed
        click(app, button(scene, lambda op: op[0] == "confirm"))


def _first(app, scene):
    click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))


def _secrets(scene, viewer, rival):
    """What ``viewer`` must not read about ``rival`` now (from the live state and ``viewer``'s view)."""
    st = scene.state
    f = st.fac[rival]
    seen = st.view_for(viewer)["factions"][rival]
    mine = st.fac[viewer]
    out = set()
    if not seen["known"]:
        out |= {f.servant.cls, f.servant.class_ja, f.master.en, f.master.ja}
    if not seen.get("true_name"):
        out |= {f.servant.true_name.en, f.servant.true_name.ja}
    if not seen.get("np"):
        out |= {f.servant.np.en, f.servant.np.ja}
    known_skills = {s["id"] for s in seen.get("servant_skills") or ()} | \
        {s["id"] for s in seen.get("master_skills") or ()}
    vb = st.view_for(viewer)["battle"] or {}
    for bd in (vb.get("preliminary"), vb.get("breakdown")):   # §8 B6/B8: a contributing skill is on screen
        for _fid, src, _n in (bd or {}).get("mod_a", []) + (bd or {}).get("mod_b", []):
            known_skills.add(src)
    own = {s.en for s in mine.servant.skills + mine.master.skills}
    for s in f.servant.skills + f.master.skills:
        if s.id not in known_skills and s.en not in own:
            out.add(s.en)
    b = st.cur_battle
    if b is not None and b.stage == "commit":          # sealed: the rival side's picks so far
        for pt in b.A + b.B:
            if pt.f.id == rival:
                out |= {scene.value_label("item", i) for i in pt.committed}
    return {s for s in out if s}


def _check(scene, log):
    texts = list(scene.drawn_texts)
    owner = scene.viewer if scene.handoff_to is None else None
    for viewer, rival in (("F1", "F2"), ("F2", "F1")):
        if owner not in (viewer, None):
            continue
        # the public view and the hand-off screen keep both masters' secrets
        for secret in _secrets(scene, viewer, rival):
            leaks = [t for t in texts if secret in t]
            assert not leaks, f"{viewer}'s screen (owner {owner}) shows {rival}'s secret {secret!r}: {leaks[:3]}"
    b = scene.state.cur_battle
    sealed = b is not None and b.stage == "commit" and any(pt.committed for pt in b.B)
    log.append((owner, scene.handoff_to, sealed, texts))


def _act(op, act):
    """A declaration's button (the first question, or the action list when nothing else is legal)."""
    return op[2] == ("declare", act) or (op[1] == "act" and op[2] == act)


def drive_raid(app, scene, on_frame, stop, f2_commits=(), frames=3000):
    """Play a war in which F1 raids F2 at its first declaration and everyone else rests; F2
    commits ``f2_commits`` (op predicates), every other commitment step ends at once. Hand-offs
    are passed with Space. ``on_frame(scene)`` runs after every frame and every click; the run
    ends when ``stop(scene)`` is true (or the war ends). Returns who committed."""
    st = scene.state
    committed = {}
    raided = False
    for _ in range(frames):
        app.step(1)
        on_frame(scene)
        if stop(scene) or scene.ended:
            break
        if scene.handoff_to is not None:
            press(app, pygame.K_SPACE, frames=1)
            on_frame(scene)
            continue
        p = st.pending
        if p is None:
            break
        if not scene.buttons or p.faction != scene.viewer:
            continue
        if p.kind == "declare":
            if p.faction == "F1" and not raided:
                click(app, button(scene, lambda op: op[0] == "choose" and _act(op, "approach")))
                click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2"))
                click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
                if scene.tree is not None and scene.buttons and st.pending.kind == "declare":
                    _first(app, scene)
                raided = True
            else:
                _click_choice(app, scene, lambda op: _act(op, "rest"))
        elif p.kind == "commit":
            if p.faction == "F2" and "F2" not in committed:
                for pred in f2_commits:
                    _click_choice(app, scene, pred)
                    on_frame(scene)
            else:
                _click_choice(app, scene, lambda op: "done" in str(op[2]))
            committed[p.faction] = True
        elif p.kind == "reroll":
            _click_choice(app, scene, lambda op: op[2] == "pass")
        else:
            _first(app, scene)
        on_frame(scene)
    return committed


def battle_over(scene):
    b = scene.state.cur_battle
    return b is not None and b.stage == "done"


def test_a_hot_seat_battle_between_two_masters_keeps_each_ones_secrets(make_app):
    app, scene = open_war(make_app, ["human", "human"], seed=9)
    st = scene.state
    st.fac["F1"].know["F2"].loc = True                # F1 has tracked F2 down
    st.fac["F2"].inv["curse_charm"] = 1               # and F2 holds a mystic code it will commit
    log = []
    f2_saw = []

    def frame(sc):
        _check(sc, log)
        if sc.viewer == "F2" and sc.handoff_to is None and st.cur_battle is not None and st.cur_battle.stage == "commit":
            f2_saw.extend(sc.drawn_texts)

    committed = drive_raid(app, scene, frame, battle_over,
                           f2_commits=(lambda op: "curse_charm" in str(op[2]),
                                       lambda op: op[2] == ("commit", "np") or op[2] == "np"))
    assert st.battle_no == 1, "the two masters fought"
    assert committed == {"F1": True, "F2": True}
    assert any("Curse Charm" in t for t in f2_saw), "F2 sees its own pick (so the check above could fail)"
    assert any(owner == "F2" for owner, _, _, _ in log)
    assert any(h == "F1" and sealed for _, h, sealed, _ in log), "F1 took the screen while F2's pick was sealed"
    assert any(owner == "F1" and sealed for owner, _, sealed, _ in log), "F1 chose with F2's pick sealed"
    assert "code:curse_charm" in st.cur_battle.B[0].committed
