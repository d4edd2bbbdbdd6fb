"""Typed engine events drive the Grail War screen: the dice tray throws the engine's
``Rolled`` die, the mana bar slides on ``ManaChanged``, the battle view follows the battle
events."""
import pygame
import pytest

from .conftest import press
from .test_grailwar_screen import click_through, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.rules.events import (  # noqa: E402
    BattleEnded, BattleStarted, CommitmentsRevealed, Committed, ManaChanged, SlotChosen)
from grailwar.ui.battle import BattlePresenter  # noqa: E402
from grailwar.ui.dice import dice_for  # noqa: E402


def _seen_by(scene, kind):
    """The events of ``kind`` the viewer may see, as the Match reports them."""
    got = []
    scene.match.subscribe(lambda u: got.extend(e for e in scene.state.events_for(u.events, scene.viewer)
                                               if getattr(e, "kind", "") == kind))
    return got


def test_the_tray_lands_on_the_engines_rolled_value(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, speed=2.0)
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    rolls = _seen_by(scene, "rolled")
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    landed = []
    for _ in range(3000):
        before = scene.tray.landed
        app.step(1)
        if scene.tray.landed > before:
            landed.append([d.face for d in scene.tray.dice])
        if len(landed) >= 2:
            break
    assert len(rolls) >= 2 and len(landed) >= 2
    for faces, r in zip(landed, rolls):
        assert faces == [text for _, text in dice_for(r.die, r.value)]
    assert dice_for(100, 7) == [("d100", "00"), ("d10", "7")]
    assert dice_for(100, 100) == [("d100", "00"), ("d10", "0")]


def test_the_mana_bar_slides_to_the_new_value(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, speed=2.0)
    f1 = scene.state.fac["F1"]
    f1.mana = 60                                   # drained earlier, say
    wait_for_menu(app, scene, "declare", "F1", frames=3000)
    changes = _seen_by(scene, "mana")
    click_through(app, scene, lambda op: op[0] == "choose" and op[2] == ("declare", "rest"))
    shown = []
    head = scene.tr("mana.head")
    for _ in range(3000):
        if scene.buttons and scene.state.pending and scene.state.pending.faction == "F1":
            # any further question: its first answer (and yes when it asks to confirm)
            press(app, pygame.K_2 if scene.menu.confirming else pygame.K_1, frames=1)
        app.step(1)
        shown += [t for t in scene.drawn_texts if t.startswith(head.split("{")[0]) and "/" in t]
        mine = [c for c in changes if c.faction == "F1"]
        if mine and not scene.feed.pending and not scene.mana_tween.busy and len(shown) > 2:
            break                                      # (the bar slides once the dice before it landed)
    mine = [c for c in changes if c.faction == "F1"]
    assert mine, "resting gave mana back"
    values = [int(t.split("/")[0].split()[-1]) for t in shown]
    lo, hi = sorted((mine[0].before, mine[-1].after))
    between = {v for v in values if lo < v < hi}
    assert between, f"the bar jumped straight from {mine[0].before} to {mine[-1].after}: {sorted(set(values))}"
    assert values[-1] == f1.mana
    assert values == sorted(values), "the bar fell back to its old figure while the view waited for a die"


class _View:
    def __init__(self):
        self.drawn = []

    def draw(self, surface, battle, tr, record=None):
        self.drawn.append(dict(battle))


def test_the_battle_view_is_a_state_machine_over_battle_events():
    vm = {"viewer": "F1", "factions": {"F1": {"known": True, "class": "Saber"}, "F2": {"known": False}},
          "labels": {"F1": "F1 Saber", "F2": "F2 ???"}}

    class Static:
        def location(self, lid):
            return None

        factions = {}

    bp = BattlePresenter(_View(), lambda item: {"np": "Noble phantasm", "code:charm": "Charm"}.get(item, item))
    stages = []

    def feed(ev):
        bp.on_event(ev, vm, Static(), "en", 1)
        stages.append(bp.stage)

    feed(BattleStarted(1, "raid", "", ("F1",), ("F2",)))
    feed(SlotChosen(1, 1, "F1", "STR"))
    feed(Committed(1, "F1", "A", "code:charm", ("F1",)))
    feed(Committed(2, "F1", "A", "np", ("F1",)))                  # another battle's: ignored
    feed(CommitmentsRevealed(1, (("F2", ("np",)), ("F1", ("code:charm",)))))
    feed(ManaChanged("F1", 10, 0, "np"))                             # not a battle event
    feed(BattleEnded(1, "A", 55, 20))
    assert stages == ["start", "slots", "slots", "slots", "revealed", "revealed", "done"]
    assert bp.battle["mine"] == ["Charm"]                            # the viewer's own pick, in words
    assert bp.battle["revealed"] == ["F2 ???: Noble phantasm", "F1 Saber: Charm"]
    assert bp.battle["winner"] == "A" and bp.battle["final_a"] == 55
    assert not bp.dismiss()                                          # held a moment after the result
    bp.tick(5)
    assert bp.dismiss() and bp.stage is None


def test_a_fighter_hears_the_battle_result_only_once_the_die_has_landed():
    bp = BattlePresenter(None, str)
    bp.battle = {"no": 1, "A": [{"id": "F1"}], "B": [{"id": "F2"}], "winner": "B", "stage": "done"}
    assert bp.result_sound("F1", tray_busy=True) is None          # the d100 still rolls: no spoiler
    assert bp.result_sound("F1", tray_busy=False) == "battle_lost"
    assert bp.result_sound("F1", tray_busy=False) is None         # once per battle
    bp.battle = {"no": 2, "A": [{"id": "F1"}], "B": [{"id": "F2"}], "winner": "B", "stage": "done"}
    assert bp.result_sound("F2", tray_busy=False) == "battle_won"
    bp.battle = {"no": 3, "A": [{"id": "F1"}], "B": [{"id": "F2"}], "winner": "A", "stage": "done"}
    assert bp.result_sound("F3", tray_busy=False) is None         # an onlooker hears nothing
