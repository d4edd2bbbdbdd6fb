"""No costly misclick (issue 12): the commit menu never renumbers under the pointer between
picks -- each choice keeps its place and number, a used one leaves a disabled mark."""
import pytest

from .conftest import click
from .test_grailwar_screen import _finish_prompt, button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")


def _commit_menu(app, scene):
    for _ in range(40):
        p = wait_for_menu(app, scene)
        if p is None or p.kind == "declare" and p.faction == "F1" and scene.state.turn > 1:
            return None
        if p.kind == "commit":
            return p
        _finish_prompt(app, scene)
    return None


def _places(scene):
    return {op[2]: (b.rect.topleft, b.text.split(".")[0]) for b, op in scene.buttons if op[0] == "choose"}


def test_committing_keeps_every_other_choice_in_its_place(make_app):
    app, scene = open_war(make_app, ["human", "npc"], seed=3)
    f1 = scene.state.fac["F1"]
    f1.inv["reinforcement_charm"] = 1
    f1.know["F2"].loc = True
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    if scene.tree is not None and scene.buttons:
        _finish_prompt(app, scene)
    assert _commit_menu(app, scene) is not None
    before = _places(scene)
    charm = next(v for v in before if "reinforcement_charm" in str(v))
    assert len(before) >= 3
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == charm))
    click(app, button(scene, lambda op: op[0] == "confirm"))
    assert _commit_menu(app, scene) is not None
    after = _places(scene)
    assert charm not in after
    moved = {v: (before[v], after[v]) for v in after if v in before and after[v] != before[v]}
    assert not moved, f"choices moved or were renumbered: {moved}"
    used = [b for b, op in scene.buttons if op[0] == "used"]
    assert used and not used[0].is_enabled and used[0].rect.topleft == before[charm][0]
