"""The table shell: launcher, set-up screens, language, notices, pause menu, quitting.
Every test drives the App with real posted events and steps the loop."""
import json
import types

import pygame
import pytest

from tabletop import games
from tabletop.engine import saves
from tabletop.ui import launcher as launcher_mod
from tabletop.ui.app import App, default_args, run
from tabletop.ui.launcher import GrailWarSetup, LauncherScene, LoadScene, NoticeScene, PendulumSetup
from tabletop.ui.menus import PauseMenu
from tabletop.ui.scene import Scene

from .conftest import click, press


def top(app):
    return app.scenes.top


def test_launcher_opens_with_every_entry_and_draws(app):
    assert isinstance(top(app), LauncherScene)
    keys = [i.key for i in top(app).menu.items]
    assert keys == ["pendulum", "teach", "grailwar", "load", "language", "quit"]
    assert top(app).menu.focused.key == "pendulum"
    # something is drawn: the window is not one flat colour
    shot = pygame.transform.scale(app.window, (64, 36))
    colours = {shot.get_at((x, y))[:3] for x in range(0, 64, 4) for y in range(0, 36, 4)}
    assert len(colours) > 5


def test_keyboard_alone_reaches_grail_war_setup_and_back(app):
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert top(app).menu.focused.key == "grailwar"
    press(app, pygame.K_RETURN)
    setup = top(app)
    assert isinstance(setup, GrailWarSetup)
    assert setup.controls[0] == "human" and set(setup.controls[1:]) == {"npc"}
    press(app, pygame.K_RIGHT)              # first faction: human -> NPC
    assert setup.controls[0] == "npc"
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), LauncherScene)
    assert top(app).menu.focused.key == "grailwar"   # focus kept where it was


def test_mouse_clicks_open_pendulum_setup_change_and_cancel(app):
    assert app.window.get_size() == (1280, 720)       # clicks go through the scaling
    click(app, top(app).menu.item("pendulum").button)
    setup = top(app)
    assert isinstance(setup, PendulumSetup)
    assert setup.players == 3 and len([i for i in setup.menu.items if i.key.startswith("seat")]) == 3
    click(app, setup.menu.item("players").button)      # 3 -> 4 seats
    assert setup.players == 4
    assert len([i for i in setup.menu.items if i.key.startswith("seat")]) == 4
    click(app, setup.menu.item("seat2").button)        # bot -> human
    click(app, setup.menu.item("mode").button)         # realtime -> timetrack
    assert setup.kinds[1] == "human" and setup.mode == "timetrack"
    click(app, setup.menu.item("back").button)
    assert isinstance(top(app), LauncherScene)


def test_pendulum_seats_and_characters_by_keyboard(app, monkeypatch):
    started = {}

    def fake_load(game):
        def make_scene(app_, **kw):
            started.update(kw, game=game)
            return Scene(app_)
        return types.SimpleNamespace(make_scene=make_scene)

    monkeypatch.setattr(games, "load", fake_load)
    press(app, pygame.K_RETURN)                        # Pendulum
    setup = top(app)
    press(app, pygame.K_LEFT)                          # players 3 -> 2
    assert setup.players == 2
    setup.menu.focus_key("char1")
    press(app, pygame.K_RIGHT)                         # character: random -> first one
    chosen = setup.chars[0]
    if setup.characters:
        assert chosen == setup.characters[0][0]
    setup.menu.focus_key("start")
    press(app, pygame.K_RETURN)
    assert started["game"] == "pendulum" and started["mode"] == "realtime" and started["teach"] is False
    assert started["seats"] == ["human", "bot"]
    assert started["record"] is None
    if chosen:
        assert started["options"] == {"characters": [chosen, "random"]}
    else:
        assert "options" not in started


def test_language_switches_at_run_time(app):
    button = top(app).menu.item("quit").button
    assert button.text == "Quit"
    top(app).menu.focus_key("language")
    press(app, pygame.K_RETURN)
    assert app.lang == "ja"
    assert top(app).menu.item("quit").button.text == "終了"
    assert app.t("shell.launcher.pendulum") == "ペンデュラム"
    assert top(app).menu.focused.key == "language"
    press(app, pygame.K_RIGHT)
    assert app.lang == "en"


def test_lang_option_starts_in_japanese(make_app):
    app = make_app(lang="ja")
    app.start("launcher")
    app.step(1)
    assert app.lang == "ja" and top(app).menu.item("pendulum").button.text == "ペンデュラム"


def test_game_not_built_shows_a_notice_not_a_crash(app, monkeypatch):
    def not_built(game):
        raise games.GameNotBuilt(f"{game} is not built yet")
    monkeypatch.setattr(games, "load", not_built)
    top(app).menu.focus_key("teach")
    press(app, pygame.K_RETURN)
    notice = top(app)
    assert isinstance(notice, NoticeScene)
    assert app.t("shell.game.pendulum") in notice.text
    press(app, pygame.K_RETURN)                        # Back
    assert isinstance(top(app), LauncherScene)


def test_a_game_that_fails_to_start_shows_its_message(app, monkeypatch):
    def broken(app_, **kw):
        raise ValueError("the table leg broke")
    monkeypatch.setattr(games, "load", lambda g: types.SimpleNamespace(make_scene=broken))
    top(app).menu.focus_key("teach")
    press(app, pygame.K_RETURN)
    assert app.dialog is not None and "the table leg broke" in app.dialog.textbox.html_text
    press(app, pygame.K_ESCAPE)
    assert app.dialog is None and isinstance(top(app), LauncherScene)


class FakeGame(Scene):
    def __init__(self, app_):
        super().__init__(app_)
        self.paused = 0
        self.saved = []
        self.events = []

    def has_game_in_progress(self):
        return True

    def save_game(self, path=None):
        self.saved.append(path)
        return "/tmp/fake-save.json"

    def on_pause(self):
        self.paused += 1

    def handle_event(self, event):
        self.events.append(event)
        return False


@pytest.fixture
def in_game(app, monkeypatch):
    scene = FakeGame(app)
    monkeypatch.setattr(games, "load", lambda g: types.SimpleNamespace(make_scene=lambda a, **kw: scene))
    launcher_mod.start_game(app, "grailwar", seats=["human"], mode=None, seed=1)
    app.step(1)
    assert top(app) is scene
    return scene


def test_pause_menu_resume_save_and_leave_asks_first(app, in_game):
    press(app, pygame.K_ESCAPE)
    menu = top(app)
    assert isinstance(menu, PauseMenu) and in_game.paused == 1
    assert [i.key for i in menu.menu.items] == ["resume", "save", "load", "language", "sound", "to_launcher", "quit"]
    click(app, menu.menu.item("save").button)
    assert in_game.saved == [None]
    press(app, pygame.K_ESCAPE)                        # Esc resumes
    assert top(app) is in_game
    press(app, pygame.K_ESCAPE)
    top(app).menu.focus_key("to_launcher")
    press(app, pygame.K_RETURN)
    assert app.dialog is not None                      # asks before losing the game
    press(app, pygame.K_ESCAPE)                        # No
    assert app.dialog is None and isinstance(top(app), PauseMenu)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)                        # Yes
    assert isinstance(top(app), LauncherScene) and len(app.scenes) == 1


def test_pause_menu_sets_the_sound_volume_and_remembers_it(app, in_game):
    from tabletop.ui import prefs
    press(app, pygame.K_ESCAPE)
    menu = top(app)
    menu.menu.focus_key("sound")
    before = app.sound.volume
    press(app, pygame.K_LEFT)                          # one step down
    assert app.sound.volume == pytest.approx(max(0.0, round(before * 4) / 4 - 0.25)) or app.sound.muted
    for _ in range(5):                                 # down to off
        if app.sound.muted:
            break
        press(app, pygame.K_LEFT)
    assert app.sound.muted
    assert app.t("shell.pause.sound_off") in [i.button.text for i in top(app).menu.items]
    assert prefs.load()["muted"] is True
    press(app, pygame.K_RIGHT)
    assert not app.sound.muted and app.sound.volume == pytest.approx(0.25)
    assert prefs.load()["volume"] == pytest.approx(0.25)


def test_mouse_reaches_the_game_scene_in_logical_coordinates(app, in_game):
    pos = app.logical_to_window((960, 540))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    app.step(1)
    downs = [e for e in in_game.events if e.type == pygame.MOUSEBUTTONDOWN]
    assert downs and downs[-1].pos == (960, 540)


def test_closing_the_window_during_a_game_asks_first(app, in_game):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(2)
    assert app.running and app.dialog is not None
    press(app, pygame.K_RETURN)
    assert not app.running


def test_quit_from_the_launcher(app):
    press(app, pygame.K_ESCAPE)                        # Esc goes to Quit
    assert top(app).menu.focused.key == "quit"
    press(app, pygame.K_RETURN)
    assert not app.running


def test_load_lists_saves_and_a_corrupt_one_shows_its_message(app):
    (saves.data_dir() / "autosave-pendulum.json").write_text("{ not json", encoding="utf-8")
    (saves.data_dir() / "preferences.json").write_text('{"language": "en"}', encoding="utf-8")
    top(app).menu.focus_key("load")
    press(app, pygame.K_RETURN)
    load = top(app)
    assert isinstance(load, LoadScene)
    entries = [i for i in load.menu.items if i.key.startswith("file:")]
    assert len(entries) == 1 and app.t("shell.game.pendulum") in entries[0].button.text
    press(app, pygame.K_RETURN)
    assert app.dialog is not None and "corrupt" in app.dialog.textbox.html_text
    press(app, pygame.K_RETURN)                        # OK
    assert app.dialog is None and isinstance(top(app), LoadScene)


def test_newer_save_is_refused_with_a_clear_message(app):
    (saves.data_dir() / "mysave-grailwar.json").write_text(json.dumps({"game": "grailwar", "seed": 1, "format": 99}))
    top(app).menu.focus_key("load")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert app.dialog is not None and "newer version" in app.dialog.textbox.html_text


def _fake_scene(monkeypatch, started):
    """Every game opens a blank scene that remembers its arguments (rules stay real)."""
    real = games.load

    def load(game):
        module = real(game)
        return types.SimpleNamespace(make_rules=module.make_rules,
                                     make_scene=lambda a, **kw: started.update(kw) or Scene(a))
    monkeypatch.setattr(games, "load", load)


def test_resume_lists_every_unfinished_game_and_opens_the_chosen_one(make_app, monkeypatch):
    from tabletop.engine import Record
    older = Record(game="pendulum", seed=7, seats=["human", "bot"], meta={"started": "2026-11-30T10:00:00+00:00"})
    saves.write_record(older, saves.slot_path(older))
    done = Record(game="grailwar", seed=3, meta={"started": "2026-11-30T11:00:00+00:00", "finished": True})
    saves.write_record(done, saves.slot_path(done))                       # finished: not offered
    saves.write_record(Record(game="pendulum", seed=8, seats=["human", "human"]))   # a screen's autosave
    saves.mark_running("pendulum")                                        # ...still running
    (saves.data_dir() / "slot-fifo.json").unlink(missing_ok=True)
    import os
    os.mkfifo(saves.data_dir() / "slot-pendulum-fifo.json")               # never opened
    started = {}
    _fake_scene(monkeypatch, started)
    app = make_app()
    app.start("launcher")
    app.step(1)
    assert "resume" not in [i.key for i in top(app).menu.items]          # first frame: menu only
    app.step(1)
    resume = next(i for i in top(app).menu.items if i.key == "resume")
    assert resume.button.text == "Resume a game (2)"
    top(app).menu.focus_key("resume")
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, launcher_mod.ResumeScene)
    slots = [i for i in scene.menu.items if i.key.startswith("slot:")]
    assert [i.key for i in slots] == ["slot:autosave-pendulum.json", f"slot:{saves.slot_path(older).name}"]
    assert "Pendulum — Player, Bot — started 2026-11-30" in slots[1].button.text and "0 actions" in slots[1].button.text
    scene.menu.focus_key(slots[1].key)
    press(app, pygame.K_RETURN)
    assert started["record"].game == "pendulum" and started["record"].seed == 7


def test_an_unfinished_game_is_deleted_only_after_a_confirmation(make_app):
    from tabletop.engine import Record
    rec = Record(game="pendulum", seed=5, seats=["human", "bot"], meta={"started": "2026-11-30T10:00:00+00:00"})
    path = saves.write_record(rec, saves.slot_path(rec))
    app = make_app()
    app.start("launcher")
    app.step(2)
    top(app).menu.focus_key("resume")
    press(app, pygame.K_RETURN)
    top(app).menu.focus_key(f"delete:{path.name}")
    press(app, pygame.K_RETURN)
    assert app.dialog is not None and path.exists()
    press(app, pygame.K_ESCAPE)                        # no
    assert app.dialog is None and path.exists()
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)                        # yes
    assert not path.exists() and saves.unfinished_slots() == []
    assert isinstance(top(app), LauncherScene)         # nothing left to resume


def test_a_record_whose_mod_is_missing_names_the_mod(make_app):
    from tabletop.engine import Record
    rec = Record(game="pendulum", seed=5, seats=["human", "bot"], mods=[{"id": "lost-mod", "version": "2.0.0"}],
                 meta={"started": "2026-11-30T10:00:00+00:00"})
    saves.write_record(rec, saves.slot_path(rec))
    app = make_app()
    app.start("launcher")
    app.step(2)
    top(app).menu.focus_key("resume")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    text = app.dialog.textbox.html_text
    assert "mod 'lost-mod' version 2.0.0" in text and "it is not in the mod folders" in text


def test_run_frames_writes_a_screenshot_and_returns_zero(tmp_path):
    out = tmp_path / "shot.png"
    assert run(default_args(frames=3, screenshot=str(out), size=(640, 360), lang="ja"), "launcher") == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 360)


def test_bindings_come_from_the_settings(make_app):
    app = make_app()
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    assert app.intent(esc) == "pause" and "cancel" in app.intents(esc)
    assert app.intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0)) == "next"
    assert app.intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT)) == "prev"
    assert app.intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL)) == "undo"
    assert app.intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0)) == "seat_3"
    assert app.keymap.errors == []


def test_japanese_renders_with_real_glyphs_in_widgets_and_by_hand(make_app):
    app = make_app(lang="ja")

    def distinct(font):
        a = pygame.image.tobytes(font.render("日", True, (255, 255, 255)), "RGBA")
        b = pygame.image.tobytes(font.render("本", True, (255, 255, 255)), "RGBA")
        return a != b                                  # missing glyphs render as identical boxes
    assert distinct(app.font(30)) and distinct(app.font(30, bold=True))
    theme = app.ui_manager.get_theme()
    for element in (["button"], ["label"], ["text_box"], ["window.#title_bar"], ["unthemed_thing"]):
        font = theme.get_font(element)
        a = font.render_premul("日", (255, 255, 255))
        b = font.render_premul("本", (255, 255, 255))
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), element


def test_f3_toggles_the_frame_time_overlay_and_notify_shows_a_toast(app):
    press(app, pygame.K_F3)
    assert app.show_frame_times
    app.notify("hello", seconds=0.25)
    app.step(1)
    assert app._toasts
    app.step(20)
    assert not app._toasts


def test_an_idle_menu_keeps_its_frame_and_input_redraws_it(app):
    before = pygame.image.tobytes(app.window, "RGB")
    assert app.draw() is False                         # nothing changed: the frame is kept
    press(app, pygame.K_DOWN)
    after = pygame.image.tobytes(app.window, "RGB")
    assert after != before                             # the focus moved on screen
    app.set_lang("ja")
    app.step(1)
    assert pygame.image.tobytes(app.window, "RGB") != after


def test_a_mod_supplies_strings_and_a_font(make_app, tmp_path):
    import shutil
    from tabletop.ui.fonts import GUI_DATA
    mod = tmp_path / "fontmod"
    (mod / "i18n").mkdir(parents=True)
    (mod / "fonts").mkdir()
    (mod / "mod.yaml").write_text('id: fontmod\nname: Font mod\nversion: "1.0"\nload_order: 0\n', encoding="utf-8")
    (mod / "i18n" / "en.yaml").write_text("shell:\n  launcher:\n    quit: Leave the table\n", encoding="utf-8")
    shutil.copy(GUI_DATA / "NotoSans-Regular.ttf", mod / "fonts" / "modfont-regular.ttf")
    shutil.copy(GUI_DATA / "NotoSans-Bold.ttf", mod / "fonts" / "modfont-bold.ttf")
    app = make_app(mod=[str(mod)])
    app.start("launcher")
    app.step(1)
    assert top(app).menu.item("quit").button.text == "Leave the table"
    assert app.t("shell.launcher.load") == "Load game"          # the rest stays the base text
    assert app.fonts.regular.name == "modfont-regular.ttf" and app.fonts.bold.name == "modfont-bold.ttf"


def test_the_language_picked_is_remembered_for_the_next_start(make_app):
    first = make_app(lang=None)
    assert first.lang == "en"
    first.start("launcher")
    first.step(1)
    first.scenes.top.menu.focus_key("language")
    press(first, pygame.K_RETURN)
    assert first.lang == "ja"
    assert make_app(lang=None).lang == "ja"            # next start
    assert make_app(lang="en").lang == "en"            # --lang still wins


def test_dialog_text_is_shown_as_written_not_as_markup(app):
    app.message("<record>: bad & broken")
    app.step(1)
    assert "&lt;record&gt;: bad &amp; broken" in app.dialog.textbox.html_text
    press(app, pygame.K_RETURN)
    assert app.dialog is None


def test_temporary_files_of_a_killed_write_are_cleaned_when_the_launcher_starts(make_app):
    import os
    import time
    stale = saves.data_dir() / ".slot-pendulum-x.json.abc123.tmp"
    stale.write_text("half a record")
    os.utime(stale, (time.time() - 120, time.time() - 120))
    app = make_app()
    app.start("launcher")
    app.step(2)
    assert not stale.exists()


def test_a_record_saved_from_an_end_screen_is_listed_by_load_and_replays(make_app, monkeypatch):
    import shutil
    from pathlib import Path
    good = Path(__file__).parents[1] / "data" / "hostile" / "records" / "good.json"
    (saves.data_dir() / "records").mkdir()
    shutil.copy(good, saves.data_dir() / "records" / "pendulum-20261201-120000.json")
    started = {}
    _fake_scene(monkeypatch, started)
    app = make_app()
    app.start("launcher")
    app.step(2)
    top(app).menu.focus_key("load")
    press(app, pygame.K_RETURN)
    entries = [i for i in top(app).menu.items if i.key.startswith("file:")]
    assert [i.key for i in entries] == ["file:records/pendulum-20261201-120000.json"]
    press(app, pygame.K_RETURN)
    assert app.dialog is None and len(started["record"].actions) == 6


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_load_screen_says_what_each_save_is_and_which_is_the_game_on_the_table(make_app, lang):
    """Esc, Load game over a Grail War in progress: each entry names the game, its seats and how many
    actions it holds, not its file name, and the war on the table is marked; an unreadable file keeps its
    name and says it cannot be read. Before, every entry was the game's name, a time and a file name
    like slot-grailwar-hnn-20261202T110302Z-s5.json, and four untouched wars looked alike (and a finished
    war's autosave looked like the record its end screen saved)."""
    import shutil
    from pathlib import Path
    good = Path(__file__).parents[1] / "data" / "hostile" / "records" / "good.json"
    shutil.copy(good, saves.data_dir() / "pendulum-saved.json")
    (saves.data_dir() / "broken-grailwar.json").write_text("{ not json", encoding="utf-8")
    app = make_app(lang=lang)
    app.start("launcher")
    app.step(2)
    launcher_mod.start_game(app, "grailwar", seats=["human", "npc", "npc"], mode=None, seed=1)
    app.step(3)
    press(app, pygame.K_ESCAPE)
    click(app, top(app).menu.item("load").button)
    load = top(app)
    assert isinstance(load, LoadScene)
    labels = {i.key[len("file:"):]: i.button.text for i in load.menu.items if i.key.startswith("file:")}
    t = app.t
    mark = t("shell.load.this_game", entry="").strip()
    war = next(k for k in labels if k.startswith("slot-grailwar-"))
    seats = ", ".join(t(f"shell.seat.{s}") for s in ("human", "npc", "npc"))
    assert labels[war].startswith(t("shell.game.grailwar") + " — " + seats + " — ") and labels[war].endswith(mark)
    assert "slot-" not in labels[war] and ".json" not in labels[war]
    pen = labels["pendulum-saved.json"]
    tail = t("shell.load.entry", game="G", seats="S", when="W", actions=6).split("W", 1)[1]
    assert pen.startswith(t("shell.game.pendulum") + " — ") and pen.endswith(tail) and mark not in pen
    auto = t("shell.load.autosave", entry="").strip()         # the war's autosave says so; a saved record not
    assert auto in labels[war] and auto not in pen
    assert labels["broken-grailwar.json"] == t("shell.load.damaged", game=t("shell.game.grailwar"),
                                                  file="broken-grailwar.json")


def test_the_pause_menu_loads_another_game_after_asking_to_leave_this_one(app, monkeypatch):
    """Esc, Load game: the saved games are listed over the game; picking one asks before the game in
    progress is left (No keeps it, Back returns to the pause menu), Yes opens the chosen record."""
    import shutil
    from pathlib import Path
    good = Path(__file__).parents[1] / "data" / "hostile" / "records" / "good.json"
    shutil.copy(good, saves.data_dir() / "pendulum-saved.json")
    real = games.load
    in_game = FakeGame(app)
    monkeypatch.setattr(games, "load", lambda g: types.SimpleNamespace(make_scene=lambda a, **kw: in_game))
    launcher_mod.start_game(app, "grailwar", seats=["human"], mode=None, seed=1)
    app.step(1)
    monkeypatch.setattr(games, "load", real)           # the real games again (the game in progress is up)
    started = {}
    _fake_scene(monkeypatch, started)
    press(app, pygame.K_ESCAPE)
    click(app, top(app).menu.item("load").button)
    load = top(app)
    assert isinstance(load, LoadScene)
    entry = next(i for i in load.menu.items if i.key == "file:pendulum-saved.json")
    click(app, entry.button)
    assert app.dialog is not None and "pendulum-saved.json" in app.dialog.textbox.html_text
    press(app, pygame.K_ESCAPE)                        # No: nothing is opened, the game is still there
    assert app.dialog is None and top(app) is load and not started
    assert in_game in list(app.scenes)
    press(app, pygame.K_ESCAPE)                        # Back: the pause menu again
    assert isinstance(top(app), PauseMenu)
    click(app, top(app).menu.item("load").button)
    click(app, next(i for i in top(app).menu.items if i.key == "file:pendulum-saved.json").button)
    press(app, pygame.K_RETURN)                        # Yes
    assert app.dialog is None, app.dialog.textbox.html_text
    assert len(started["record"].actions) == 6
    assert in_game not in list(app.scenes) and len(app.scenes) == 1
