"""Text a player can read at the Pendulum table (issue 11 item 3), with real posted events on the
dummy driver: tooltips are one box of wrapped lines with kinsoku, nothing drawn is an id."""
from __future__ import annotations

import re

import pygame
import pytest

from tabletop.engine import saves
from tabletop.rulesref import NO_END, NO_START
from tabletop.ui.app import App, default_args
from tabletop.ui.tooltip import WIDTH, wrap_lines

from pendulum.rules import actions as A
from pendulum.rules.bots import make_bot
from pendulum.teaching import describe_action
from pendulum.ui import render as R
from pendulum.ui import view as V
from pendulum.ui.endscreen import EndScreen
from pendulum.ui.log import EventRefusal
from pendulum.ui.scene import make_scene
from pendulum.ui.teach import TeachScene

from .conftest import click, press
from .test_teach import _click_next_until, open_teach



@pytest.fixture
def table_app():
    apps = []

    def make(seats=("human", "bot", "bot"), mode="timetrack", seed=5, lang="en", size=(1280, 720), **kw):
        app = App(default_args(size=size, lang=lang))
        apps.append(app)
        scene = make_scene(app, seats=list(seats), mode=mode, seed=seed, **kw)
        app.scenes.push(scene)
        app.step(2)
        return app, scene

    yield make
    for app in apps:
        app.shutdown()


def hover(app, logical_pos, frames=2):
    w = app.logical_to_window((int(logical_pos[0]), int(logical_pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.step(frames)


def click_at(app, logical_pos, frames=3):
    w = app.logical_to_window((int(logical_pos[0]), int(logical_pos[1])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=w, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=w, button=1, touch=False))
    app.step(frames)


def _ascii_words(text):
    return re.findall(r"[A-Za-z][A-Za-z0-9']*", text)


def assert_readable(app, text, lines):
    """One box of lines no wider than the tooltip width, none starting with a closing mark or
    「ー」, none ending with an opening bracket, no ASCII word cut, nothing lost, and not one
    word per line (the lines before the last are filled to at least half the width)."""
    font = app.font(20)
    assert "".join(lines).replace(" ", "") == text.replace("\n", "").replace(" ", "")
    for line in lines:
        assert font.size(line)[0] <= WIDTH + font.size("。")[0], line          # a hanging mark at most
    for line in lines[1:]:
        assert line and line[0] not in NO_START, lines
    for line in lines[:-1]:
        assert line[-1] not in NO_END, lines
    joined_words = [w for line in lines for w in _ascii_words(line)]
    assert joined_words == _ascii_words(text.replace("\n", " ")), lines
    for line in lines[:-1]:
        assert font.size(line)[0] >= WIDTH // 2, lines


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_top_bar_button_tooltip_is_one_box_of_wrapped_lines(table_app, lang):
    app, scene = table_app(lang=lang)
    for key in ("pause", "done", "menu"):
        b = scene.buttons()[key]
        hover(app, b.rect.center)
        assert scene.renderer.tooltip is None, "a button's tip waits for the pointer to rest"
        app.step(45)                                  # 0.75 s resting on it
        tip = scene.renderer.tooltip
        assert tip is not None, key
        assert tip.text == app.t(f"pendulum.tip.button_{key}")
        assert_readable(app, tip.text, tip.lines)
        hover(app, (600, 500))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_button_tooltip_is_our_box_with_kinsoku(make_app, lang):
    app = make_app(lang=lang)
    app.start("teach")
    app.step(2)
    scene = app.scenes.top
    assert isinstance(scene, TeachScene)
    for key, b in scene.buttons.items():
        if not b.visible or b.rect.left < 0:
            continue
        hover(app, b.rect.center)
        assert scene.tip is not None, key
        assert scene.tip.text == app.t(f"teach.tip.{key}")
        assert_readable(app, scene.tip.text, scene.tip.lines)
    hover(app, (300, 500))
    assert scene.tip is None


def test_every_tooltip_text_of_both_languages_wraps_with_kinsoku(make_app):
    """Every button tooltip and every long tooltip text of the table, at the tooltip width."""
    app = make_app(lang="ja")
    for lang in ("en", "ja"):
        app.set_lang(lang)
        keys = [f"teach.tip.{k}" for k in ("next", "back", "replay", "show_me", "done", "hint", "leave")]
        keys += [f"pendulum.tip.button_{k}" for k in ("pause", "done", "undo", "menu")]
        for key in keys:
            text = app.t(key)
            assert text != key
            assert_readable(app, text, wrap_lines(app, text))
    long = "時間になると、砂時計を裏返せます。「ー」や「。」で始まる行はありません（禁則）。" * 3
    app.set_lang("ja")
    assert_readable(app, long, wrap_lines(app, long))


# ----------------------------------------------------------------------------- no ids on screen
ID_PATTERNS = [
    re.compile(r"(?<![\w.])\d+[cg]\d+(?![\w.])"),                 # a worker: 0c1, 2g1
    re.compile(r"(?<![\w.])n[cg]?\d+(?![\w.])"),                  # the neutral's workers
    re.compile(r"(?<![\w.])(?:prov|ach|c|s)\d+(?![\w.])"),        # card ids: prov07, c14
    re.compile(r"[a-z][a-z0-9]*_[a-z0-9_]+"),                     # snake_case ids: any_resource
    re.compile(r"[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*"),    # dotted ids and raw i18n keys
]
# ASCII words a Japanese screen may show: units, keys and the like
JA_ASCII_OK = {"VP", "F1", "F5", "H", "M", "U", "P", "Esc", "Enter", "Tab", "End", "Page", "Up", "Down",
               "Space", "Ctrl", "Shift", "s", "x", "A", "B", "C", "D", "E", "N", "I", "II", "III", "IV", "V"}


def _play_one_game(app, scene, rounds_hover=True, max_steps=4000):
    """The human seat 0 plays by the standard bot's choices; a pending choice is answered in
    its window with posted keys; tooltips of every part of the screen are hovered once a round."""
    bot = make_bot("standard", 0, 1)
    hovered_round = None
    for _ in range(max_steps):
        st = scene.state
        if st.is_terminal():
            break
        if rounds_hover and st.round != hovered_round and st.phase == "action":
            hovered_round = st.round
            for rid in list(scene.layout.rects)[::3]:
                rect = scene.region(rid)
                if rect is not None:
                    hover(app, rect.center, frames=1)
        if scene.picker is not None and scene.picker["seat"] == 0:
            press(app, pygame.K_RETURN)
            continue
        if 0 in st.seats_to_act() and not st.players[0].decisions:
            action = bot.choose(st)
            if action is not None:
                scene.try_request(action)
        app.step(2)
    return scene.state.is_terminal()


def _words_drawn(scene):
    return [t for t in scene.renderer.drawn_texts if t]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_draws_no_id_and_no_english_in_japanese(table_app, lang):
    app, scene = table_app(seats=("human", "bot", "bot"), mode="timetrack", seed=7, lang=lang)
    app.speed = 100.0
    scene.renderer.start_recording()
    assert _play_one_game(app, scene)
    app.step(30)                                # the end screen too
    texts = set(_words_drawn(scene))
    assert len(texts) > 100
    bad = sorted({t for t in texts for p in ID_PATTERNS if p.search(t)})
    assert not bad, bad[:20]
    if lang == "ja":
        english = sorted({w for t in texts for w in re.findall(r"[A-Za-z]+", t)
                          if w not in JA_ASCII_OK and not re.fullmatch(r"[A-Z]", w)})    # seat letters
        assert not english, (english, [t for t in texts if any(w in t for w in english)][:20])


# ----------------------------------------------------------------------------- the log
def _finish_opening(scene):
    while scene.state.phase == "opening":
        s = scene.state.seats_to_act()[0]
        scene.apply(next(a for a in scene.state.legal_actions(s) if a.kind == "move"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_key_pressed_again_and_again_is_logged_once(table_app, lang):
    """Real time, the black sand still runs: B (flip black) pressed four times gives one log
    line, in the chosen language from the engine's refusal key."""
    app, scene = table_app(seats=("human", "human"), mode="realtime", lang=lang)
    _finish_opening(scene)
    app.step(10)
    assert scene.state.remaining["black"] > 0
    n = len(scene.log_lines)
    for _ in range(4):
        press(app, pygame.K_b)
    assert len(scene.log_lines) == n + 1, scene.log_lines[n:]
    why = scene.why_not(A.Flip(scene.focus_seat, "black"))
    assert app.t(why.key, **why.params) in scene.log_lines[-1]
    seat = scene.focus_seat
    scene.request(next(a for a in scene.state.legal_actions(seat) if a.kind in ("move", "act")))
    app.step(60)                      # something else happened: the same refusal is a new line
    m = len(scene.log_lines)
    assert m > n + 1
    press(app, pygame.K_b)
    assert len(scene.log_lines) == m + 1


def test_a_loaded_game_keeps_its_log(table_app, tmp_path):
    """Save mid-game, load it: the log shows what happened before the save, as it was."""
    app, scene = table_app(seats=("human", "human"), mode="timetrack", seed=9)
    _finish_opening(scene)
    for _ in range(6):
        seat = scene.state.seats_to_act()[0]
        legal = scene.state.legal_actions(seat)
        scene.apply(next((a for a in legal if a.kind == "choose"), None) or
                    next((a for a in legal if a.kind == "act"), None) or legal[0])
    app.step(3)
    before = list(scene.log_lines)
    assert len(before) > 12
    path = scene.save_game(tmp_path / "mid.json")
    app2 = App(default_args(size=(1280, 720), lang="en"))
    try:
        loaded = make_scene(app2, record=saves.read_record(path))
        app2.scenes.push(loaded)
        app2.step(2)
        assert loaded.log_lines == before
    finally:
        app2.shutdown()


# ----------------------------------------------------------------------------- choices you can see
def _conquer_choice(app, scene, seat=0):
    """Seat ``seat`` acts on the conquer action with military enough: the choice opens."""
    st = scene.state
    while st.phase == "opening":
        s = st.seats_to_act()[0]
        moves = [a for a in st.legal_actions(s) if a.kind == "move"]
        mine = [a for a in moves if s == seat and a.to.startswith("black.")]
        scene.apply((mine or moves)[0])
    for _ in range(40):
        if seat in st.seats_to_act():
            acts = [a for a in st.legal_actions(seat) if a.kind == "act" and "conquer" in str(
                scene.rules.spaces[a.space].effect)]
            moves = [a for a in st.legal_actions(seat) if a.kind == "move" and a.to.endswith(".3")
                     and a.to.startswith("black.")]
            st.players[seat].res[0] = max(st.players[seat].res[0], 8)
            if acts:
                scene.focus(seat)
                scene.apply(acts[0])
                app.step(3)
                return
            if moves:
                scene.apply(moves[0])
                continue
        other = next(s for s in st.seats_to_act() if s != seat) if any(
            s != seat for s in st.seats_to_act()) else seat
        legal = st.legal_actions(other)
        scene.apply(next((a for a in legal if a.kind == "done"), legal[0]))
    pytest.fail("no conquer action reached")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_province_choice_is_a_row_of_cards_browsed_with_keys(table_app, lang):
    app, scene = table_app(seats=("human", "human"), mode="timetrack", seed=5, lang=lang)
    _conquer_choice(app, scene)
    p = scene.picker
    assert p is not None and "row" in p, p and [label for label, _a in p["options"]]
    row = p["row"]
    display = [c for c in scene.state.display if c]
    assert len(row.tiles) == len(display) + (1 if scene.state.province_deck else 0)
    assert len(row.tiles) <= 6 and all(len(t.bands) == 4 for t in row.tiles)
    # every card shows its name and, per production colour, what it gives there
    scene.renderer.start_recording()
    app.step(1)
    drawn = scene.renderer.drawn_texts
    first = display[0]
    assert any(scene.rules.name(first, lang) in text for text in drawn)
    reward = scene.rules.provinces[first]["blue"]
    assert any(V.amounts_text(app, scene.rules, reward) in text for text in drawn), drawn
    # → card, ↓ slot, Enter: the second card under the second slot is conquered
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)
    want = p["options"][row.index][1]
    assert want.option == f"{display[1]}:red"
    slots = {k: list(v) for k, v in scene.state.players[0].slots.items()}
    press(app, pygame.K_RETURN)
    assert scene.state.players[0].slots["red"] == slots["red"] + [display[1]]
    assert scene.picker is None or "row" not in scene.picker


def test_the_province_row_is_browsed_with_the_wheel_and_taken_by_click(table_app):
    app, scene = table_app(seats=("human", "human"), mode="timetrack", seed=5)
    _conquer_choice(app, scene)
    row = scene.picker["row"]
    w = app.logical_to_window((row.rect.centerx, row.rect.top + 30))     # over the title, not a band
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_y=-1.0, touch=False))
    app.step(2)
    k, _j = row._where(row.index)
    assert k == 1
    band = row.tiles[2].bands[3]                     # third card, yellow slot
    card = str(scene.picker["options"][band.index][1].option).split(":")[0]
    click_at(app, band.rect.center)
    assert card in scene.state.players[0].slots["yellow"] or card == "deck"


def test_done_but_i_act_last_is_offered_when_council_is_called(table_app):
    """Spec 4.6: while the council is called the Done button offers "done" and "done, but I act
    last"; taking the second puts the seat among those who wait to act last."""
    app, scene = table_app(seats=("human", "human"), mode="timetrack", seed=3)
    bots = [make_bot("standard", i, 1) for i in range(2)]
    st = scene.state
    for _ in range(3000):
        if st.phase == "council_called":
            break
        seat = st.seats_to_act()[0]
        scene.apply(bots[seat].choose(st))
    assert st.phase == "council_called"
    seat = st.seats_to_act()[0]
    scene.focus(seat)
    app.step(3)
    click_at(app, scene.buttons()["done"].rect.center)
    p = scene.picker
    assert p is not None
    labels = [label for label, _a in p["options"]]
    assert labels == [app.t("pendulum.label.done"), app.t("pendulum.text.done_last")]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert seat in st.wait_last


# ----------------------------------------------------------------------------- nothing cut
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_name_fits_its_reward_box_at_1280x720(table_app, lang):
    """Each reward box shows its action's words whole: at most two lines, each no wider than
    the box, at 16 px (logical) or more; "Gain 1 prestige, 1 popularity and 1 vote" included."""
    app, scene = table_app(lang=lang)
    scene.renderer.start_recording()
    app.step(1)
    drawn = set(scene.renderer.drawn_texts)
    for sid, sp in scene.rules.spaces.items():
        box = scene.region(f"space.{sid}")
        lines, size = R.box_label(app, scene.rules, sp, box.width - 8)
        font = app.font(size, True)
        assert 1 <= len(lines) <= 2 and size >= 16, (sid, lines, size)
        assert all(font.size(line)[0] <= box.width - 8 for line in lines), (sid, lines)
        assert all(line in drawn for line in lines), (sid, lines)
        assert not any(line.endswith("…") for line in lines)
        assert len(lines) * (font.get_linesize() - 2) <= box.height, (sid, lines)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_label_and_title_fits_its_window(table_app, lang):
    """The window of actions (a drop with several actions, a stratagem, a choice) is as wide as
    its longest label and its title, in the fonts pygame_gui draws them with."""
    app, scene = table_app(seats=("human", "human"), lang=lang)
    rules = scene.rules
    labels = [V.action_label(app, rules, A.Act(0, "0g1", sid)) for sid in rules.spaces]
    labels += [V.action_label(app, rules, A.Move(0, "0g1", fid)) for fid in rules.frames]
    labels += [V.action_label(app, rules, A.Done(0, last)) for last in (False, True)]
    labels += [V.action_label(app, rules, A.Claim(0, take)) for take in ("legendary", "reward")]
    titles = [app.t(f"pendulum.decision.{k}") for k in ("res", "vp", "vp1", "conquer", "retrieve", "promote",
                                                          "exchange", "move_vp", "return")]
    picker = scene.choices
    options = [(label, A.Done(0)) for label in labels[:12]]
    for title in titles:
        picker.open(0, options, (100, 100), title=title)
        panel = scene.picker["panel"]
        width = panel.get_abs_rect().width
        assert app.font(28).size(title)[0] + 14 <= width - 14, title
        for (label, _a), b in zip(options, scene.picker["buttons"]):
            assert app.font(30).size(label)[0] + 16 <= b.get_abs_rect().width, label
        picker.close()
    for label in labels:
        assert picker.width_for([label]) < 1880, label       # never capped: every label fits the table


# ----------------------------------------------------------------------------- end screen
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_end_screen_gives_each_seats_numbers_and_what_decided(table_app, lang):
    app, scene = table_app(seats=("human", "human", "human"), mode="timetrack", seed=4, lang=lang)
    bots = [make_bot("standard", i, 2) for i in range(3)]
    st = scene.state
    for _ in range(5000):
        if st.is_terminal():
            break
        seat = st.seats_to_act()[0]
        scene.apply(bots[seat].choose(st))
    assert st.is_terminal()
    scene.renderer.start_recording()           # (app.text records every text, the end screen's too)
    for _ in range(200):
        app.step(3)
        if isinstance(app.scenes.top, EndScreen):
            break
    assert isinstance(app.scenes.top, EndScreen)
    app.step(2)
    drawn = scene.renderer.drawn_texts
    out = st.outcome()
    P = scene.rules.parchment
    for p in st.players:
        line = next((t for t in drawn if t.startswith(app.t("pendulum.track.power") + " ")
                     and f"{app.t('pendulum.track.power')} {p.tracks[0]}" in t
                     and f"{app.t('pendulum.track.prestige')} {p.tracks[1]}" in t
                     and f"{app.t('pendulum.track.popularity')} {p.tracks[2]}" in t), None)
        assert line is not None, (p.seat, p.tracks, [t for t in drawn if app.t("pendulum.track.power") in t])
        assert app.t("pendulum.text.yes" if p.legendary else "pendulum.text.no") in line
        if out["reason"] == "legendary_lowest_track":
            want = (app.t("pendulum.text.end_compared", values=" / ".join(map(str, sorted(p.tracks))))
                    if p.legendary else app.t("pendulum.text.end_not_eligible"))
            assert want in line, line
        for n in p.tracks:
            if n >= P:
                assert f"{n - (P - 1)}" in line
    assert app.t(f"pendulum.reason.{out['reason']}") in drawn


# ----------------------------------------------------------------------------- purple markers
MARKER = (170, 120, 220)


def _marker_at(scene, row, k):
    rect = scene.region(f"timer_place.purple.{row}.{k}")
    x, y = rect.center
    return tuple(scene.renderer.layer.get_at((x, y + 15)))[:3] == MARKER


def test_purple_markers_are_drawn_where_the_engine_has_them(table_app):
    """4.3: each purple flip knocks off a marker on the row the timer goes to. Time track: after
    the second purple flip one marker is left, on the row the timer left, not on its new row."""
    app, scene = table_app(seats=("human", "human"), mode="timetrack", seed=3)
    bots = [make_bot("standard", i, 1) for i in range(2)]
    st = scene.state
    seen = {}
    for _ in range(3000):
        if st.round > 1 or st.is_terminal():
            break
        n = st.markers
        if n not in seen:
            scene.renderer.invalidate()           # the board layer is drawn again now (not 0.12 s later)
            app.step(1)
            row = V.timer(scene.view, "purple")["row"]
            other = V.ROWS[1 - V.ROWS.index(row)]
            want = {3: {(row, 1), (other, 0), (other, 1)}, 2: {(row, 1), (other, 1)}, 1: {(other, 1)}, 0: set()}[n]
            drawn = {(r, k) for r in V.ROWS for k in (0, 1) if not (r == row and k == 0) and _marker_at(scene, r, k)}
            assert drawn == want, (n, row, drawn)
            seen[n] = row
        seat = st.seats_to_act()[0]
        scene.apply(bots[seat].choose(st))
    assert {3, 2, 1} <= set(seen)


# ----------------------------------------------------------------------------- teaching text
def _teach(make_app, lang="en", speed=50.0):
    return open_teach(make_app, lang=lang, speed=speed)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_show_me_says_what_it_did_not_well_done(make_app, lang):
    app, scene = _teach(make_app, lang=lang)
    _click_next_until(app, scene, "opening_common")
    s = scene.session
    for _ in range(300):
        if s.learner_can_act():
            break
        app.step(1)
    action = s.example_action()
    what = describe_action(s.rules, s.state, action, app.t, lang)
    scene.table.renderer.start_recording()             # every text the panel draws from now on
    click(app, scene.buttons["show_me"])
    assert s.lesson_complete
    app.step(2)
    drawn = " ".join(scene.table.renderer.drawn_texts)
    assert app.t("teach.well_done") not in drawn
    said = app.t("teach.text.shown_next", what=what)
    assert said[:14] in drawn and what[-6:] in drawn, (said, drawn[-300:])
    assert scene.shown == what


def test_what_could_i_do_never_says_press_done_while_done_is_disabled(make_app):
    app, scene = _teach(make_app)
    s = scene.session
    # a position where the learner has nothing that moves a track and cannot declare done
    s.hints = lambda: []                                  # nothing to suggest
    for _ in range(400):
        if not scene.buttons["done"].is_enabled:
            break
        app.step(1)
    assert not scene.buttons["done"].is_enabled
    press(app, pygame.K_h)
    assert scene.hint_lines == [app.t("teach.text.no_hints_wait")]
    assert "Done" not in " ".join(scene.hint_lines)


def test_back_from_free_play_asks_before_rewinding(make_app, monkeypatch):
    app, scene = _teach(make_app)
    s = scene.session
    s.finished = True                                    # the course is over: free play
    scene._sync_lesson()
    app.step(2)
    assert s.free_play and scene.buttons["back"].is_enabled
    click(app, scene.buttons["back"])
    assert app.dialog is not None and s.free_play        # asked; nothing rewound yet
    press(app, pygame.K_ESCAPE)                          # no
    assert app.dialog is None and s.free_play
    click(app, scene.buttons["back"])
    press(app, pygame.K_RETURN)                          # yes
    assert not s.free_play


def test_a_request_the_window_refused_is_worded_from_the_events_own_key_in_japanese(make_app):
    """A request the 4.8 window refused reaches the screen with the engine's key, not its
    English words, even when the engine, asked again now, would name another rule."""
    app = make_app(lang="ja")
    ev = A.RequestRefused(1, "move seat=1 worker=1c1 to=green.bottom.small", "3.4 one worker per frame",
                          "the frame is taken", "pendulum.refusal.frame_needs_grande", ())
    r = EventRefusal(ev, refusal=None)
    assert r.key == "pendulum.refusal.frame_needs_grande"
    assert app.t(r.key, **r.params) != r.key and "frame is taken" not in app.t(r.key, **r.params)

