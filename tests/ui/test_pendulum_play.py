"""What a player hit while playing Pendulum and the teaching course by hand (session 25),
each driven through the event loop with real key presses and clicks on the dummy driver."""
import re

import pygame
import pytest

from tabletop.ui.app import App, default_args
from tabletop.ui.saved_games import LoadScene

from pendulum.ui.scene import make_scene

from .test_pendulum_table import click_at, drag, finish_opening, opening_worker, press, table_app  # noqa: F401 (a fixture)


def _game(lang, seats=("human", "bot", "bot"), mode="realtime", seed=3):
    app = App(default_args(size=(1280, 720), lang=lang))
    scene = make_scene(app, seats=list(seats), mode=mode, seed=seed)
    app.scenes.push(scene)
    app.step(2)
    return app, scene


def record_texts(app) -> list[str]:
    """From now on, every text the screen renders (``app.text``), in order, as it is drawn."""
    drawn: list[str] = []
    real = app.text

    def spy(text, size, *a, **kw):
        drawn.append(str(text))
        return real(text, size, *a, **kw)

    app.text = spy
    return drawn


def _rows(dialog) -> list[str]:
    """The lines pygame_gui laid the dialog's text out in, as the player reads them."""
    return ["".join(getattr(chunk, "text", "") for chunk in row.items)
            for row in dialog.textbox.text_box_layout.layout_rows]


def test_leaving_a_japanese_game_for_a_saved_one_asks_without_hyphens_cutting_japanese_words():
    """Esc, Save, then Esc, Load game, a saved game: the question 「このゲームを離れて…
    ランチャーの「ゲームを再開」で戻れます。」 was broken by pygame_gui as 「ゲームを-」/「-再開」
    (a hyphen inside a Japanese word); now it breaks between phrases with no mark added."""
    app, scene = _game("ja")
    try:
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)                     # Save (the menu stays)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)                     # Load game
        assert isinstance(app.scenes.top, LoadScene)
        press(app, pygame.K_RETURN, frames=3)           # the first saved game
        assert app.dialog is not None
        rows = _rows(app.dialog)
        shown = "".join(rows)
        assert "ゲームを" in shown and "戻れます" in shown
        assert not any(r.rstrip().endswith("-") or r.lstrip().startswith("-") for r in rows), rows
        # nothing added or lost: the rows are the question's text, without its spaces
        question = app.t("shell.pause.load_confirm", file=re.search(r"pendulum\S*\.json", shown).group(0))
        assert shown.replace(" ", "") == question.replace("\n", "").replace(" ", "")
        press(app, pygame.K_ESCAPE)                     # No: still in the load list
        assert app.dialog is None
    finally:
        app.shutdown()


def _gain_rects(scene):
    return [r for look, r in scene.renderer.sprites().items() if look[0] == "gain"]


def test_two_gains_of_one_seat_in_quick_succession_float_one_above_the_other_not_on_top(table_app):
    """Two stratagems played within a second (as the bots do at speed): each move's paid/gained
    line floats up from the seat's resources. The second used to start at the same spot as the
    first, so 「−黄金2 +人望1」 and 「+黄金1」 were printed over each other; now the older line
    rises out of the way."""
    app, scene = table_app(lang="ja")
    finish_opening(scene, prefer="black")
    seat = scene.focus_seat
    app.step(150)                                     # the opening's own floaters are gone
    assert not _gain_rects(scene)
    for _ in range(2):
        click_at(app, scene.region(f"seat.{seat}.hand").center, frames=1)
        press(app, pygame.K_RETURN, frames=1)          # the first stratagem in the hand
        while scene.picker is not None:                # its choice, if it asks one
            press(app, pygame.K_RETURN, frames=1)
    rects = _gain_rects(scene)
    assert len(rects) >= 2
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    app.step(30)                                      # still apart as they rise
    rects = _gain_rects(scene)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


PROMPT_INK = (255, 230, 160)          # the prompt line's colour (draw_state._prompt)


def _prompt_ink(app, scene) -> int:
    """How many pixels of the prompt line's own ink the player sees now."""
    frame, r = app.presenter.logical, scene.layout.rects["prompt"]
    return sum(tuple(frame.get_at((x, y)))[:3] == PROMPT_INK
               for x in range(r.left, r.right, 2) for y in range(r.top, r.bottom))


def test_a_refusal_covers_the_prompt_line_instead_of_leaving_its_words_sticking_out(table_app):
    """A worker dropped on a row with a timer is refused in red; the box used to cover only
    the upper part of the prompt line 「赤 (R)：上級ワーカーを下段に置いてください」, whose lower
    half (and its ends, past a short refusal) showed under the red box."""
    app, scene = table_app(lang="ja", mode="realtime", seats=("human", "bot", "bot"), seed=5)
    app.step(2)
    assert _prompt_ink(app, scene) > 50                # the prompt line, as the table shows it
    seat, wid = opening_worker(scene)
    start = scene.worker_positions()[wid]
    drag(app, start, scene.region("frame.purple.top.large").center)    # the timer's row
    assert scene.message and not scene.message[2]      # refused, in red
    assert "4.4" in scene.message[0]
    app.step(2)
    assert _prompt_ink(app, scene) == 0


def test_done_when_there_is_nothing_to_declare_names_its_rule(table_app):
    """At the council's rewards a player pressed Done and read only 「今は完了を宣言できません」:
    a refusal that named no rule (and F1 opened nothing). Now the engine's refusal is shown,
    with its rule, like every other."""
    from .test_pendulum_table import _play_to_council
    app, scene = table_app(lang="ja")
    turn = _play_to_council(scene)
    scene.focus(turn)
    app.step(3)
    assert not any(a.kind == "done" for a in scene.legal(turn))
    click_at(app, scene.region("button.done").center)
    assert scene.message and not scene.message[2]
    assert "4.6" in scene.message[0] and app.t("pendulum.rule_name.done") in scene.message[0]
    assert scene.last_refusal_rule == "4.6 done"          # F1 opens the reference there


def test_the_acting_lessons_your_turn_box_never_cuts_a_word_in_two(make_app):
    """Lesson 8 in Japanese: its "your turn" box ended a line with 「…クリックするか、真」 and
    began the next with 「下の報酬ボックスへ…」 (BudouX sees 真|下 as two phrases). Reached by
    the panel's own buttons; every line the screen draws on the way is read as it is drawn."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    drawn = record_texts(app)
    _click_next_until(app, scene, "acting")
    app.step(3)
    assert any(d.endswith("報酬ボックスへドラッグします。") for d in drawn)      # the box was drawn
    cut = [d for d in drawn if d.endswith(("真", "その時")) or d.startswith(("下の", "点に"))]
    assert not cut, cut


def test_a_bots_action_is_told_in_japanese_without_an_english_space(make_app):
    """The bots' moves are narrated under the lesson: 「勇者ボルク のアクション：…」 had a space
    an English sentence would have; every other narration reads 「…がワーカーを…」."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    told = []
    def look():
        app.step(1)
        told.extend(scene.narrations)

    _click_next_until(app, scene, "council", each=look)
    acts = [n for n in told if "のアクション：" in n]
    assert acts, told
    assert not [n for n in told if " の" in n or "ボット " in n], told


def test_a_choice_made_for_the_player_is_said_with_a_japanese_colon():
    """「どの一般ワーカーを上級ワーカーにしますか？　選べるのは一つだけでした: 一般ワーカー…」:
    the one Pendulum line with an English colon and space inside Japanese."""
    from .test_pendulum_forced_choice import _council_scene
    app, scene, turn, common = _council_scene("ja")
    try:
        click_at(app, scene.region("council.grande").center)
        app.step(3)
        shown = scene.message[0]
        assert "選べるのは一つだけでした：" in shown and ": " not in shown, shown
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_conquest_lessons_row_of_provinces_stays_left_of_the_lesson_panel(make_app, lang):
    """Lesson 13 (a conquest): "Show me" opens the row of provinces to choose from; its fourth
    card and its key line ran under the lesson panel. Now the row shows what fits beside the
    panel, and the arrow keys browse to the rest."""
    from pendulum.ui.teach_panel import PANEL_LESSON
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang=lang)
    _click_next_until(app, scene, "conquest")
    press(app, pygame.K_m, frames=4)                   # Show me: the worker acts, the choice opens
    table = scene.table
    assert table.picker is not None and "row" in table.picker
    row = table.picker["row"]
    assert row.rect.right <= PANEL_LESSON.left, (row.rect, PANEL_LESSON)
    shown = [b.rect for b in row.bands if b.rect is not None]
    assert shown and all(row.rect.contains(r) for r in shown)
    options = len(table.picker["options"])
    seen = set()
    for _ in range(options + 2):                       # → from tile to tile reaches every card
        seen.add(row.index)
        assert all(row.rect.contains(b.rect) for b in row.bands if b.rect is not None)
        press(app, pygame.K_RIGHT)
    tiles = {k for k, tile in enumerate(row.tiles) for b in tile.bands if b.index in seen}
    assert tiles == set(range(len(row.tiles)))


def test_a_bots_council_choice_is_told_the_japanese_way_round(make_app):
    """At the council a bot takes one step: the lesson told 「勇者ボルクは「1 功績」を選びました。」,
    the English order with a space; the table itself writes 功績1."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    told = []

    def look():
        app.step(1)
        told.extend(scene.narrations)

    _click_next_until(app, scene, "victory", each=look)
    chose = {n for n in told if re.search(r"「[^」]*(権力|功績|人望)[^」]*」を選びました", n)}
    assert chose, set(told)
    assert all(re.search(r"「(権力|功績|人望)\d", n) for n in chose), chose


LIT = (255, 230, 120)                  # a lit region's frame (renderer)


def _lit_pixels(frame, rect) -> int:
    """Pixels of a lit frame's colour on the border of ``rect`` (inflated as the frame is)."""
    r = rect.inflate(8, 8)
    edge = [(x, r.top + 1) for x in range(r.left, r.right, 2)] + [(r.left + 1, y) for y in range(r.top, r.bottom, 2)]
    return sum(tuple(frame.get_at(p))[:3] == LIT for p in edge)


def test_the_council_lesson_frames_the_overlays_privilege_row_not_an_empty_box_over_it(make_app):
    """Lesson 18 lights the privilege track. When the council sits, its overlay covers the
    board's track, and the gold frame stood empty over the overlay; now the overlay's own row of
    privilege hexagons is framed."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang="ja")
    _click_next_until(app, scene, "council")
    table = scene.table
    assert "privilege_track" in table.highlights
    board_track = table.layout.rects["privilege_track"].copy()
    for _ in range(200):
        if table.layout.council_active:
            break
        press(app, pygame.K_m, frames=2)
    assert table.layout.council_active
    app.step(90)                                        # the overlay's re-order is over
    frame = app.presenter.logical
    assert _lit_pixels(frame, board_track) == 0
    assert _lit_pixels(frame, table.layout.council_privilege()) > 20


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_last_lesson_names_the_button_it_shows(make_app, lang):
    """The real-time demo, the course's last lesson: its button reads "Play on" (続けて遊ぶ), but
    the lesson and the line under it said to press Next (次へ), a button that is not there."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang=lang)
    _click_next_until(app, scene, "realtime")
    drawn = record_texts(app)
    scene.invalidate()
    app.set_lang("en" if lang == "ja" else "ja")         # the panel is drawn afresh ...
    app.set_lang(lang)                                   # ... in the player's language
    app.step(3)
    label = scene.buttons["next"].text
    assert label == app.t("teach.play_on")
    nxt = app.t("teach.next")
    panel = [d for d in drawn if label in d or nxt in d]
    assert any(label in d for d in panel), drawn
    assert not any(f"「{nxt}」" in d or f" {nxt} " in d or d.startswith(f"Press {nxt}") for d in panel), panel


def test_the_bots_gains_never_print_over_each_other_in_a_fast_real_time_game(table_app):
    """Two bots at 25x speed: each of their moves floats its paid/gained line up from their
    boards, which stand one above the other; a lower seat's lines rose through the upper
    seat's new ones (「−黄金2 +軍事4」 over 「+功績1」). No two lines overlap at any frame."""
    app, scene = table_app(seats=("human", "bot", "bot"), mode="realtime", seed=11, speed=25.0)
    finish_opening(scene)
    most = 0
    for _ in range(600):
        app.step(1)
        rects = _gain_rects(scene)
        most = max(most, len(rects))
        bad = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
        assert not bad, bad
    assert most >= 3                                   # the bots did gain, several at once


def test_japanese_lists_on_the_table_are_joined_the_japanese_way(table_app):
    """「待っている席：赤 (R), 青 (B), 緑 (G)」 and 「赤 (R)の選択：権力1, 功績1」: lists on the
    Japanese table were joined with an English comma and space. They read 赤 (R)・青 (B)・緑 (G)."""
    app, scene = table_app(lang="ja")
    drawn = record_texts(app)
    finish_opening(scene)
    scene.renderer.invalidate()
    app.step(3)
    waiting = [d for d in drawn if "待っている席" in d]
    assert waiting and all("・" in d and ", " not in d for d in waiting), waiting
    assert not [d for d in drawn if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uff08\uff09)0-9], [\u3040-\u30ff\u4e00-\u9fff]", d)]


@pytest.mark.parametrize("where", ["council.default", "board"])
def test_a_closed_council_choice_comes_back_where_the_player_clicks(table_app, where):
    """The council's default reward (any 1 victory point) asks which track; the player closed
    that window (Esc, or a click beside it). The council then waited on 「選択待ち」 and a click
    on the cards or on the board did nothing: the game was stuck. Now the choice opens again."""
    from .test_pendulum_table import _play_to_council
    app, scene = table_app(lang="ja")
    turn = _play_to_council(scene)
    scene.focus(turn)
    app.step(3)
    click_at(app, scene.region("council.default").center)
    assert scene.picker is not None                   # which track?
    for _ in range(3):                                 # closed (the table may offer it once more)
        if scene.picker is None:
            break
        press(app, pygame.K_ESCAPE)
    assert scene.picker is None
    app.step(30)
    assert scene.picker is None                        # it stays closed on its own ...
    assert any(a.kind == "choose" for a in scene.legal(turn))
    target = scene.region("council.default") if where != "board" else scene.region(f"seat.{turn}.track.power")
    click_at(app, target.center)
    assert scene.picker is not None and scene.picker["seat"] == turn   # ... until the player asks
    before = scene.state.players[turn].decisions[:]
    press(app, pygame.K_RETURN)
    assert scene.state.players[turn].decisions != before


def test_a_key_blocks_target_on_screen_is_the_one_its_drop_takes():
    """Hot seat with key blocks: Red picks up a worker (W) and steps through the legal frames
    (D). The frame showed the first target only — the screen was not redrawn while the held
    worker stayed put — so W dropped the worker on a frame the player had not seen selected."""
    from pendulum.ui import view as V
    app = App(default_args(size=(1280, 720), lang="en"))
    try:
        app.settings["seat_input"] = {**app.settings.get("seat_input", {}), "seats": {1: "keys:left"}}
        scene = make_scene(app, seats=["human", "human"], mode="realtime", seed=5, autosave=False)
        app.scenes.push(scene)
        app.step(2)
        while scene.state.phase == "opening":
            seat = scene.state.seats_to_act()[0]
            moves = [a for a in scene.state.legal_actions(seat) if a.kind == "move"]
            scene.apply(next((a for a in moves if "black" in a.to), moves[0]))
        while V.timer_remaining(scene.view, "black")[0] > 0:
            scene.match.advance(1.0)
        scene.apply(next(a for a in scene.state.legal_actions(0) if a.kind == "flip"))
        app.step(30)
        colour = tuple(scene.sprites.seats[0]["colour"])
        for k in (pygame.K_d, pygame.K_w, pygame.K_d, pygame.K_d):
            press(app, k, frames=3)
        hand = next(iter(scene.seat_input.hands.values()))
        assert hand.drag and hand.kb and hand.kb["stage"] == "target"
        target = hand.kb["items"][hand.kb["index"]]
        rect = scene.region(target).inflate(12, 12)
        frame = app.presenter.logical
        edge = [(x, rect.top + 1) for x in range(rect.left + 12, rect.right - 12, 3)]
        assert sum(tuple(frame.get_at(p))[:3] == colour for p in edge) > len(edge) // 2, target
        wid = hand.drag["worker"]
        press(app, pygame.K_w, frames=60)
        assert scene.state.players[0].workers[wid] == "F:" + target.split(".", 1)[1]
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_undo_in_hot_seat_turns_the_screen_back_to_the_seat_that_acts_again(table_app, lang):
    """Two people, untimed: Blue places a worker, the screen turns to Red; Blue presses U. The
    move was undone and the prompt asked Blue again, but Red's mat stayed in front."""
    from .test_pendulum_table import opening_worker
    app, scene = table_app(seats=("human", "human"), lang=lang, seed=4)
    seat, wid = opening_worker(scene)
    assert scene.focus_seat == seat
    target = next(a.to for a in scene.legal(seat) if a.kind == "move" and a.worker == wid)
    drag(app, scene.worker_positions()[wid], scene.region("frame." + target).center)
    app.step(30)
    assert scene.state.players[seat].workers[wid] != "mat"
    assert scene.focus_seat != seat                      # the other player's turn, in front
    press(app, pygame.K_u, frames=5)
    assert scene.state.players[seat].workers[wid] == "mat"
    assert scene.state.seats_to_act() == [seat]
    assert scene.focus_seat == seat


def test_a_choice_window_closed_with_esc_stays_closed(table_app):
    """The council's default reward asks which track; Esc closed the window and it came
    straight back (it had been opened by the click, not by the table). Now it stays closed
    until the player asks for it (a click on the cards) or the game moves on."""
    from .test_pendulum_table import _play_to_council
    app, scene = table_app(lang="en")
    turn = _play_to_council(scene)
    scene.focus(turn)
    app.step(3)
    click_at(app, scene.region("council.default").center)
    assert scene.picker is not None
    press(app, pygame.K_ESCAPE)
    app.step(20)
    assert scene.picker is None
    assert app.scenes.top is scene                     # (Esc closed the window, no pause menu)
    click_at(app, scene.region("council.default").center)
    assert scene.picker is not None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_show_me_names_the_action_once(make_app, lang):
    """Lesson 8's "Show me" said 「お手本：黄の生産 — 黒（下段）：黄の生産。」 ("Shown: Yellow
    production — Black, bottom row: Yellow production."): the black frames hold one action, and
    the place repeated it. The place is the area and row only."""
    from .test_teach import _click_next_until, open_teach
    app, scene = open_teach(make_app, speed=50.0, lang=lang)
    _click_next_until(app, scene, "acting")
    press(app, pygame.K_m, frames=4)
    shown = scene.shown
    assert shown, "nothing shown"
    what = shown.split(" — ")[0]
    assert shown.count(what) == 1, shown
