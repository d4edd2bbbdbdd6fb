"""Words at the Pendulum table stay true and readable while the game moves: a tip under a resting
pointer follows the game, a refusal names its rule in the player's language, a worker in a reward box
and the words by a glass cover nothing a player reads."""
from __future__ import annotations

import re

import pygame
import pytest

from pendulum.rules import actions as A
from pendulum.rules.refusals import REFUSALS
from pendulum.ui import render as R
from pendulum.ui import view as V
from pendulum.ui.teach_panel import PANEL_LESSON

from .test_pendulum_text import _finish_opening, click_at, hover, table_app  # noqa: F401 (a fixture)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tip_under_a_resting_pointer_follows_the_game(table_app, lang):
    """The pointer rests on the black glass while its sand runs out and it is flipped to the other row:
    the tip shown is the one of what is under the pointer now, never the words of the glass before."""
    app, scene = table_app(seats=("human", "human"), mode="realtime", lang=lang)
    _finish_opening(scene)
    spot = scene.region("timer.black").center
    hover(app, spot)
    before = scene.renderer.tooltip.text
    assert before == V.tooltip(app, scene.rules, scene.view, "timer.black")
    scene.match.advance(scene.state.remaining["black"] + 0.5)
    scene.apply(A.Flip(scene.focus_seat, "black"))
    app.step(2)                                               # the pointer has not moved
    tip = scene.renderer.tooltip
    now = scene.renderer.hover_id
    assert (tip.text if tip else None) != before
    assert (tip.text if tip else None) == (V.tooltip(app, scene.rules, scene.view, now) if now else None)


def test_the_rule_a_refusal_cites_is_named_in_the_players_language(table_app):
    """A click on a glass whose sand still runs, in Japanese: the whole line, the rule it cites included,
    is Japanese ("ルール 4.2 砂時計を返す", never "4.2 flip"); and every rule the engine can cite has its
    name in both languages after its section number."""
    app, scene = table_app(seats=("human", "human"), mode="realtime", lang="ja")
    _finish_opening(scene)
    app.step(10)
    click_at(app, scene.region("timer.black").center)
    why = scene.why_not(A.Flip(scene.focus_seat, "black"))
    line = scene.log_lines[-1]
    assert why.rule.split()[0] in line and app.t("pendulum.rule_name.flip") in line, line
    assert not re.search(r"[A-Za-z]{2,}", line), line
    for rule, _words in REFUSALS.values():
        number = rule.split()[0] if rule[0].isdigit() else ""
        ja = V.rule_text(app, rule)
        assert ja.startswith(number) and not re.search(r"[A-Za-z]", ja), (rule, ja)
    app.set_lang("en")
    app.step(2)
    assert scene.log_lines[-1].startswith(app.t("pendulum.msg.refused", rule=why.rule, message="")[:20])
    for rule, _words in REFUSALS.values():
        assert V.rule_text(app, rule) == (rule if rule[0].isdigit() else "program"), rule


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_worker_in_a_reward_box_leaves_the_boxs_words_readable(table_app, lang):
    """A worker that acted stands in its reward box: at the box's corner, never over the words of the box
    (before, it sat on the middle of the lower edge and hid "+1 Pop", "2 votes", "choice"); a second piece
    in the same box, up its right edge, used to touch "Red production"."""
    app, scene = table_app(lang=lang)
    sprite = scene.sprites.worker(0, True)
    radius = sprite.get_width() / 2
    for sid, sp in scene.rules.spaces.items():
        box = scene.region(f"space.{sid}")
        texts, size = R.box_label(app, scene.rules, sp, box.width - 8)
        lines = [app.text(line, size, (0, 0, 0), True) for line in texts]
        y = box.centery - sum(s.get_height() - 2 for s in lines) // 2
        glyphs = []
        for s in lines:                                   # where the board draws them (render.draw_static)
            at = s.get_rect(midtop=(box.centerx, y))
            ink = s.get_bounding_rect()
            glyphs.append(ink.move(at.topleft))
            y += s.get_height() - 2
        view = {"workers": [{"id": "0g1", "seat": 0, "kind": "grande", "location": f"B:{sid}"},
                            {"id": "1g1", "seat": 1, "kind": "grande", "location": f"B:{sid}"}]}
        for wid, (cx, cy) in scene.renderer.places(view).items():   # two pieces in one box: both clear
            for g in glyphs:
                nx, ny = min(max(cx, g.left), g.right), min(max(cy, g.top), g.bottom)
                assert (nx - cx) ** 2 + (ny - cy) ** 2 >= radius ** 2, (sid, wid, texts)
            assert box.collidepoint(cx - 8, cy - 8), "the piece still stands on its box"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_words_by_a_glass_stay_inside_its_area_on_either_row(table_app, lang):
    """Under a glass on the top row, above it on the bottom row: the words never cross the area's edge
    (on the bottom row they used to cover the hint line under the board and the provinces' title)."""
    app, scene = table_app(seats=("human", "human"), mode="realtime", lang=lang)
    rows = set()
    for phase in ("opening", "action"):
        if phase == "action":
            _finish_opening(scene)
            app.step(120)                                    # the glasses have moved to their rows
        for tid in scene.hourglasses:
            c = scene.glass_center(tid)
            _words, box = scene.renderer.label_box(tid, c)
            area = scene.region(f"area.{tid}")
            assert area.contains(box), (phase, tid, box, area)
            rows.add(c[1] < area.centery)
    assert rows == {True, False}, "seen on both rows"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lesson_buttons_tip_lies_over_the_buttons_beside_it(make_app, lang):
    """The pointer on Next, bottom right of the lesson panel: its tip opens up and left, over the
    buttons beside it, and every pixel of the box shows on screen (the buttons once covered its words)."""
    app = make_app(lang=lang)
    app.start("teach")
    app.step(2)
    scene = app.scenes.top
    nxt = scene.buttons["next"]
    hover(app, nxt.rect.center)
    box, where = app.gui.tip
    others = [b.rect for k, b in scene.buttons.items() if k != "next" and b.visible]
    assert any(where.colliderect(r) for r in others), "the tip lies over another button"
    app.step(2)
    shown = app.presenter.logical.subsurface(where).copy()
    app.gui.set_tip(None)                                # the same frame without the tip (Next still lit)
    app.step(2)
    under = app.presenter.logical.subsurface(where).copy()
    assert pygame.image.tobytes(under, "RGB") != pygame.image.tobytes(shown, "RGB")
    under.blit(box, (0, 0))                              # the tip over everything that was there
    a, b = pygame.image.tobytes(under, "RGB"), pygame.image.tobytes(shown, "RGB")
    assert max(abs(x - y) for x, y in zip(a, b)) <= 2    # (the blend may round a step apart)
    hover(app, (300, 500))
    assert app.gui.tip is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bots_worker_tip_does_not_say_to_drag_it(table_app, lang):
    """The tip of a piece says "drag it to a lit place" only on a piece the pointer may move: not on a
    bot's worker (it used to say so on every worker)."""
    app, scene = table_app(seats=("human", "bot", "bot"), mode="timetrack", lang=lang)
    _finish_opening(scene)
    app.step(3)
    drag = app.t("pendulum.tip.worker_drag")
    places = scene.renderer.places(scene.view)
    tips = {}
    for seat in (0, 1):
        wid = next(w["id"] for w in scene.view["workers"] if w["seat"] == seat and w["id"] in places)
        hover(app, places[wid])
        assert scene.renderer.hover_id == "worker." + wid
        tips[seat] = scene.renderer.tooltip.text
    assert drag in tips[0]
    assert drag not in tips[1], tips[1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_pieces_tip_by_the_lesson_panel_shows_whole(make_app, lang):
    """Teaching: the pointer on the learner's worker on its mat, near the lesson panel. The piece's tip
    opens left of the panel and every word of it shows (the panel covered the end of "…またはクリックで実行。")."""
    app = make_app(lang=lang)
    app.start("teach")
    app.step(2)
    table = app.scenes.top.table
    seat = table.focus_seat
    places = table.renderer.places(table.view)
    wid = max((w["id"] for w in table.view["workers"] if w["seat"] == seat and w["location"] == "mat"),
              key=lambda w: places[w][0])
    hover(app, places[wid])
    r = table.renderer
    assert r.hover_id == "worker." + wid
    tip = r.tooltip
    box = pygame.Rect(tip.place(r.hover_pos, r.tip_bounds), tip.surface.get_size())
    assert not box.colliderect(PANEL_LESSON), (box, PANEL_LESSON)
    app.step(2)
    frame = app.presenter.logical
    y = box.h // 2
    for x in range(10, box.w - 10, 5):                    # the tip's middle row, end to end, on screen
        want = tip.surface.get_at((x, y))
        got = frame.get_at((box.x + x, box.y + y))
        assert want.a < 255 or max(abs(a - b) for a, b in zip(want[:3], got[:3])) <= 2, (x, want, got)
