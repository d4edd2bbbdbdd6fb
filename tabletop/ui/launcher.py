"""The launcher and its set-up screens: Pendulum (seats, characters, mode), Teaching mode,
Holy Grail War (human or NPC per faction), Load game, Resume, Language, Quit.

Everything works with the keyboard alone (``FocusMenu``). A game that is not built yet
shows a notice scene; a save that cannot be read shows its message in a dialog."""
from __future__ import annotations

import datetime
import stat
import sys
import traceback
from pathlib import Path

import pygame

from .. import games
from .scene import Scene
from .widgets import FocusMenu, draw_backdrop

GOLD = (243, 211, 138)
TEXT = (239, 232, 216)
MUTED = (169, 184, 188)

MENU_X, MENU_W = 1130, 640
TEMP_FILE_AGE = 30.0      # seconds: an older temporary save file was left by a killed write


# --- starting a game -------------------------------------------------------------------------
def start_game(app, game: str, *, seats=None, mode=None, seed=None, teach=False, record=None, **extra) -> bool:
    """Open a game's table scene. A game that is not built shows a notice; any other
    failure while opening shows its message. Returns True when the game scene is up.
    ``extra`` (e.g. Pendulum's ``options={"characters": [...]}``) is passed on only when given."""
    try:
        module = games.load(game)
        scene = module.make_scene(app, seats=seats, mode=mode, seed=seed, teach=teach, record=record, **extra)
    except games.GameNotBuilt:
        app.scenes.push(NoticeScene(app, app.t("shell.notice.not_built", game=app.t(f"shell.game.{game}"))))
        return False
    except Exception as exc:   # a broken game or save must never take the program down
        traceback.print_exc(file=sys.stderr)
        app.message(app.t("shell.notice.start_failed", game=app.t(f"shell.game.{game}"), error=str(exc)),
                    title_key="shell.error_title")
        return False
    app._close_all_dialogs()
    app.scenes.clear()
    app.scenes.push(scene)
    return True


def start_from_record(app, path) -> bool:
    """Open a saved record (Load, Resume): it is read and replayed in full first, with the
    mods it names looked up by id among the configured mod folders; anything wrong is
    one line in a dialog (file, field or action number and rule), never a crash."""
    from ..data.records import replay_file
    from ..engine import SaveError
    try:
        record, _rules, _state, mods = replay_file(path, app.mods)
    except SaveError as exc:
        app.message(str(exc), title_key="shell.error_title")
        return False
    except Exception as exc:      # an unforeseen failure in a game's replay is still one line
        app.message(f"{path}: the record cannot be opened ({type(exc).__name__}: {str(exc)[:200]})",
                    title_key="shell.error_title")
        return False
    if record.game not in games.GAMES:
        app.message(app.t("shell.load.unknown_game", game=record.game), title_key="shell.error_title")
        return False
    app.mods = [str(m) for m in mods]      # the game's rules come from the record's own mods
    return start_game(app, record.game, seats=None, mode=None, seed=record.seed,
                      teach=bool(record.meta.get("teach", False)), record=record)


# --- base for menu screens -------------------------------------------------------------------------
class MenuScene(Scene):
    """A screen of buttons over the shell backdrop; rebuilt when the language changes."""

    heading_key = "shell.title"

    def __init__(self, app):
        super().__init__(app)
        self.menu = FocusMenu(app)
        self.extra: list = []      # other pygame_gui elements to kill with the menu
        self._dirty = True

    def needs_redraw(self) -> bool:
        """A menu changes only on input: the App keeps the last frame otherwise."""
        return self._dirty

    def mark_drawn(self) -> None:
        self._dirty = False

    def build(self) -> None:   # subclasses add their controls
        pass

    def rebuild(self) -> None:
        self._dirty = True
        key = self.menu.focused.key if self.menu.focused else None
        self.menu.kill()
        for e in self.extra:
            e.kill()
        self.extra.clear()
        self.build()
        if key:
            self.menu.focus_key(key)

    def on_enter(self):
        self.rebuild()

    def on_exit(self):
        self.menu.kill()
        for e in self.extra:
            e.kill()
        self.extra.clear()

    def on_pause(self):
        self.menu.hide()
        for e in self.extra:
            e.hide()

    def on_resume(self):
        self.rebuild()

    def on_language_changed(self):
        self.rebuild()

    def back(self) -> None:
        self.app.scenes.pop()
        if not len(self.app.scenes):
            self.app.to_launcher()

    def handle_event(self, event) -> bool:
        self._dirty = True
        if self.menu.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and "cancel" in self.app.intents(event):
            self.back()
            return True
        return False

    def draw_heading(self, surface, key: str | None = None):
        title = self.app.text(self.app.t(key or self.heading_key), 64, GOLD, bold=True)
        surface.blit(title, (120, 70))
        pygame.draw.line(surface, (217, 164, 65), (120, 70 + title.get_height() + 8), (1800, 70 + title.get_height() + 8), 2)

    def draw_hint(self, surface, key: str = "shell.hint.menu"):
        hint = self.app.text(self.app.t(key), 26, MUTED)
        surface.blit(hint, (120, 1080 - 70))

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface)


# --- the launcher ---------------------------------------------------------------------------------------
class LauncherScene(MenuScene):
    ITEMS = ("pendulum", "teach", "grailwar", "load", "resume", "language", "quit")

    def __init__(self, app):
        super().__init__(app)
        self._slots: list = []      # unfinished games (saves.Slot)
        self._checked = False       # the saves folder is read after the first frame
        self._drawn = False

    def mark_drawn(self) -> None:
        super().mark_drawn()
        self._drawn = True

    def update(self, dt: float) -> None:
        # The menu shows first; the saves folder is read on the next frame (it needs the
        # engine and the user folder, which the first frame need not wait for).
        if self._drawn and not self._checked:
            self._checked = True
            try:
                from ..engine.saves import clean_temp_files, unfinished_slots
                clean_temp_files(max_age=TEMP_FILE_AGE)   # left by a write that was killed
                found = unfinished_slots()
            except Exception:
                found = []
            if found != self._slots:
                self._slots = found
                self.rebuild()

    def build(self):
        app = self.app
        y, h, gap = 220, 82, 18
        for key in self.ITEMS:
            if key == "resume" and not self._slots:
                continue
            if key == "language":
                text = app.t("shell.launcher.language", language=app.t(f"shell.language_name.{app.lang}"))
            elif key == "resume":
                text = app.t("shell.launcher.resume", n=len(self._slots))
            else:
                text = app.t(f"shell.launcher.{key}")
            self.menu.add((MENU_X, y, MENU_W, h), text, activate=lambda k=key: self.choose(k),
                          change=(self.cycle_language if key == "language" else None),
                          key=key, object_id="#menu_button")
            y += h + gap
            if key == "grailwar" or key == "resume" or (key == "load" and not self._slots):
                y += 18   # a little space between the groups

    def cycle_language(self, delta: int = 1):
        from .i18n import LANGS
        i = LANGS.index(self.app.lang) if self.app.lang in LANGS else 0
        self.app.set_lang(LANGS[(i + delta) % len(LANGS)])

    def choose(self, key: str) -> None:
        app = self.app
        if key == "pendulum":
            app.scenes.push(PendulumSetup(app))
        elif key == "teach":
            start_game(app, "pendulum", seats=None, mode=None, seed=getattr(app.args, "seed", None), teach=True)
        elif key == "grailwar":
            app.scenes.push(GrailWarSetup(app))
        elif key == "load":
            app.scenes.push(LoadScene(app))
        elif key == "resume":
            app.scenes.push(ResumeScene(app))
        elif key == "language":
            self.cycle_language(+1)
        elif key == "quit":
            app.request_quit()

    def back(self):
        # Esc on the launcher moves the focus to Quit; a second Esc + Enter quits
        self.menu.focus_key("quit")

    def draw(self, surface):
        app = self.app
        draw_backdrop(surface)
        title = app.text(app.t("shell.title"), 120, GOLD, bold=True)
        surface.blit(title, (120, 96))
        sub = app.text(app.t("shell.subtitle"), 40, TEXT)
        surface.blit(sub, (126, 110 + title.get_height()))
        focused = self.menu.focused
        if focused is not None:
            lines = app.t(f"shell.launcher.about.{focused.key.split(':')[0]}").split("\n")
            y = 390
            surfs = [app.text(line, 32, TEXT) for line in lines]
            width = max(880, max(t.get_width() for t in surfs) + 60)
            panel = pygame.Rect(110, y - 24, width, 48 + 46 * len(lines))
            surface.blit(_shade(panel.size), panel)
            for text in surfs:
                surface.blit(text, (140, y))
                y += 46
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.launcher")


_SHADES: dict = {}


def _shade(size, alpha=150):
    key = (tuple(size), alpha)
    if key not in _SHADES:
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, (6, 12, 14, alpha), s.get_rect(), border_radius=16)
        _SHADES[key] = s
    return _SHADES[key]


# --- notice ---------------------------------------------------------------------------------------------
class NoticeScene(MenuScene):
    """A clear message (e.g. a game that is not built yet) with a Back button."""

    def __init__(self, app, text: str):
        super().__init__(app)
        self.text = text

    def build(self):
        self.menu.add((120, 700, 420, 86), self.app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface, "shell.notice_title")
        y = 260
        for line in self.text.split("\n"):
            surface.blit(self.app.text(line, 40, TEXT), (120, y))
            y += 60
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.notice")


# --- set-up screens -------------------------------------------------------------------------------------
def _load_config(path: str, mods=None):
    """A game data file with the mods' overlays (so a renamed character shows renamed);
    the base file alone if the overlays cannot be loaded; None if nothing loads."""
    game, name = path.split("/", 1)
    stem = name.rsplit(".", 1)[0]
    if mods:
        try:
            from ..data import load_game_files
            return load_game_files(game, mods)[stem].data
        except Exception:
            pass
    try:
        from ..data import load_yaml
        from ..data.mods import CONFIG
        return load_yaml(CONFIG / path)[0]
    except Exception:
        return None


def _name(value, lang: str, fallback: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or fallback)
    return str(value) if value else fallback


def pendulum_characters(lang: str, mods=None) -> list[tuple[str, str]]:
    """[(mat, name)] of the characters (basic side) in config/pendulum/characters.yaml; the
    mat id is what the rules option ``characters`` takes."""
    data = _load_config("pendulum/characters.yaml", mods)
    out = []
    seen = set()
    if isinstance(data, dict):
        for c in data.get("characters") or []:
            if not isinstance(c, dict) or c.get("side", "basic") != "basic":
                continue
            mat = str(c.get("mat") or c.get("id") or "")
            if mat and mat not in seen:
                seen.add(mat)
                out.append((mat, _name(c.get("name"), lang, mat)))
    return out


def grailwar_factions(lang: str, mods=None) -> list[tuple[str, str]]:
    """[(id, "Master & Servant")] of config/grailwar/characters.yaml, in data order."""
    data = _load_config("grailwar/characters.yaml", mods)
    out = []
    if isinstance(data, dict):
        servants = {s.get("id"): s for s in data.get("servants") or [] if isinstance(s, dict)}
        masters = {m.get("id"): m for m in data.get("masters") or [] if isinstance(m, dict)}
        for f in data.get("factions") or []:
            if not isinstance(f, dict) or not f.get("id"):
                continue
            s = servants.get(f.get("servant"), {})
            m = masters.get(f.get("master"), {})
            cls = s.get("class_ja") if lang == "ja" else s.get("class")
            master = m.get(lang) or m.get("en") or str(f.get("master", ""))
            label = f"{cls} / {master}" if cls else master
            out.append((str(f["id"]), label or str(f["id"])))
    return out


class PendulumSetup(MenuScene):
    """Players 2–5; each seat human or bot with a random or chosen character; the mode."""

    heading_key = "shell.setup.pendulum_title"
    MODES = ("realtime", "timetrack", "beginner")

    def __init__(self, app):
        super().__init__(app)
        self.players = 3
        self.kinds = ["human", "bot", "bot", "bot", "bot"]
        self.chars = [None] * 5          # None = random
        self.mode = "realtime"

    def build(self):
        app = self.app
        self.characters = pendulum_characters(app.lang, app.mods)
        x1, x2, w1, w2, h = 160, 860, 660, 900, 72
        y = 200
        self.menu.add((x1, y, w1, h), app.t("shell.setup.players", n=self.players),
                      change=self.change_players, key="players", object_id="#option_button")
        self.menu.add((x2, y, w2, h), app.t("shell.setup.mode", mode=app.t(f"shell.mode.{self.mode}")),
                      change=self.change_mode, key="mode", object_id="#option_button")
        y += h + 40
        for i in range(self.players):
            self.menu.add((x1, y, w1, h), app.t("shell.setup.seat", n=i + 1, kind=app.t(f"shell.seat.{self.kinds[i]}")),
                          change=lambda d, i=i: self.change_kind(i, d), key=f"seat{i + 1}", object_id="#option_button")
            self.menu.add((x2, y, w2, h), app.t("shell.setup.character", name=self.char_name(self.chars[i])),
                          change=lambda d, i=i: self.change_char(i, d), key=f"char{i + 1}", object_id="#option_button")
            y += h + 16
        self.menu.add((x1, 880, 480, 86), app.t("shell.setup.start"), activate=self.start, key="start",
                      object_id="#menu_button")
        self.menu.add((x1 + 520, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def char_name(self, cid):
        if cid is None:
            return self.app.t("shell.setup.random")
        return dict(self.characters).get(cid, cid)

    def change_players(self, d):
        self.players = 2 + (self.players - 2 + d) % 4
        self.rebuild()

    def change_mode(self, d):
        self.mode = self.MODES[(self.MODES.index(self.mode) + d) % len(self.MODES)]
        self.rebuild()

    def change_kind(self, i, d):
        self.kinds[i] = "bot" if self.kinds[i] == "human" else "human"
        self.rebuild()

    def change_char(self, i, d):
        options = [None] + [c for c, _n in self.characters]
        cur = options.index(self.chars[i]) if self.chars[i] in options else 0
        for _ in range(len(options)):
            cur = (cur + d) % len(options)
            taken = {self.chars[j] for j in range(self.players) if j != i}
            if options[cur] is None or options[cur] not in taken:
                break
        self.chars[i] = options[cur]
        self.rebuild()

    def seats(self) -> list[str]:
        """Seat strings for make_scene: "human" or "bot"."""
        return [self.kinds[i] for i in range(self.players)]

    def characters_option(self) -> list[str] | None:
        """The rules option ``characters`` (a mat id or "random" per seat), or None when
        every seat is random."""
        chars = [self.chars[i] or "random" for i in range(self.players)]
        return chars if any(c != "random" for c in chars) else None

    def start(self):
        extra = {}
        chars = self.characters_option()
        if chars:
            extra["options"] = {"characters": chars}
        start_game(self.app, "pendulum", seats=self.seats(), mode=self.mode,
                   seed=getattr(self.app.args, "seed", None), teach=False, **extra)

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.setup")


class GrailWarSetup(MenuScene):
    """One row per faction: human or NPC."""

    heading_key = "shell.setup.grailwar_title"

    def __init__(self, app):
        super().__init__(app)
        self.controls: list[str] | None = None

    def build(self):
        app = self.app
        self.factions = grailwar_factions(app.lang, app.mods) or [(f"F{i}", f"F{i}") for i in range(1, 8)]
        if self.controls is None or len(self.controls) != len(self.factions):
            self.controls = ["human"] + ["npc"] * (len(self.factions) - 1)
        y, h = 190, 70
        for i, (fid, label) in enumerate(self.factions):
            self.menu.add((160, y, 1100, h), app.t("shell.setup.faction", n=i + 1, name=label,
                                                    kind=app.t(f"shell.seat.{self.controls[i]}")),
                          change=lambda d, i=i: self.toggle(i), key=f"faction{i + 1}", object_id="#option_button")
            y += h + 12
        self.menu.add((160, 880, 480, 86), app.t("shell.setup.start"), activate=self.start, key="start",
                      object_id="#menu_button")
        self.menu.add((680, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def toggle(self, i):
        self.controls[i] = "npc" if self.controls[i] == "human" else "human"
        self.rebuild()

    def start(self):
        start_game(self.app, "grailwar", seats=list(self.controls), mode=None,
                   seed=getattr(self.app.args, "seed", None), teach=False)

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.setup")


RECORDS_SUBFOLDER = "records"     # where end screens save a finished game's record


class LoadScene(MenuScene):
    """The saves in the user data folder and its ``records/`` folder (end screens save
    there), newest first. Only regular files are listed."""

    heading_key = "shell.load.title"
    PAGE = 6

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def saves(self) -> list[Path]:
        from ..engine.saves import data_dir
        out = []
        try:
            folder = data_dir()
            for p in [*folder.glob("*.json"), *(folder / RECORDS_SUBFOLDER).glob("*.json")]:
                if p.name == "preferences.json" or p.name.startswith("."):
                    continue
                try:
                    st = p.lstat()
                except OSError:     # gone meanwhile
                    continue
                if stat.S_ISREG(st.st_mode):     # a pipe or link named *.json is never opened
                    out.append((st.st_mtime, p))
        except OSError:
            pass
        return [p for _m, p in sorted(out, key=lambda e: e[0], reverse=True)]

    @staticmethod
    def _folder() -> Path:
        from ..engine.saves import data_dir
        return data_dir()

    def label(self, path: Path) -> str:
        game = next((g for g in games.GAMES if g in path.stem), None)
        try:
            when = datetime.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        except OSError:
            when = "?"
        name = self.app.t(f"shell.game.{game}") if game else path.stem
        return self.app.t("shell.load.entry", game=name, file=path.name, when=when)

    def build(self):
        app = self.app
        files = self.saves()
        self.files = files
        pages = max(1, (len(files) + self.PAGE - 1) // self.PAGE)
        self.page = min(self.page, pages - 1)
        y = 236
        for path in files[self.page * self.PAGE:(self.page + 1) * self.PAGE]:
            self.menu.add((160, y, 1500, 72), self.label(path), activate=lambda p=path: start_from_record(self.app, p),
                          key=f"file:{path.relative_to(self._folder()).as_posix()}", object_id="#option_button")
            y += 84
        if pages > 1:
            self.menu.add((160, 880 - 100, 660, 72), app.t("shell.load.page", page=self.page + 1, pages=pages),
                          change=self.change_page, key="page", object_id="#option_button")
        self.menu.add((160, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def change_page(self, d):
        pages = max(1, (len(self.files) + self.PAGE - 1) // self.PAGE)
        self.page = (self.page + d) % pages
        self.rebuild()
        self.menu.focus_key("page")

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface)
        from ..engine.saves import data_dir
        if not hasattr(self, "_folder_text"):
            self._folder_text = str(data_dir())
        surface.blit(self.app.text(self.app.t("shell.load.folder", folder=self._folder_text), 24, MUTED), (160, 178))
        if not self.files:
            surface.blit(self.app.text(self.app.t("shell.load.none"), 34, TEXT), (160, 240))
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.menu")


class ResumeScene(MenuScene):
    """The unfinished games (one save slot each), newest first: Enter resumes one; its
    Delete button removes it after a confirmation."""

    heading_key = "shell.slots.title"
    PAGE = 6

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.slots: list = []

    def load_slots(self) -> list:
        try:
            from ..engine.saves import unfinished_slots
            return unfinished_slots()
        except Exception:
            return []

    def label(self, slot) -> str:
        app = self.app
        if slot.error:
            return app.t("shell.slots.damaged", file=slot.path.name)
        game = app.t(f"shell.game.{slot.game}") if slot.game in games.GAMES else slot.game
        seats = ", ".join(app.t(f"shell.seat.{s.split(':')[0]}") for s in slot.seats) or "?"
        try:
            when = datetime.datetime.fromisoformat(slot.started).astimezone().strftime("%Y-%m-%d %H:%M")
        except (TypeError, ValueError):
            when = "?"
        return app.t("shell.slots.entry", game=game, seats=seats, when=when, actions=slot.actions)

    def build(self):
        app = self.app
        self.slots = self.load_slots()
        pages = max(1, (len(self.slots) + self.PAGE - 1) // self.PAGE)
        self.page = min(self.page, pages - 1)
        y = 236
        for slot in self.slots[self.page * self.PAGE:(self.page + 1) * self.PAGE]:
            name = slot.path.name
            self.menu.add((160, y, 1300, 72), self.label(slot), activate=lambda s=slot: self.resume(s),
                          key=f"slot:{name}", object_id="#option_button")
            self.menu.add((1480, y, 280, 72), app.t("shell.slots.delete"), activate=lambda s=slot: self.ask_delete(s),
                          key=f"delete:{name}", object_id="#option_button")
            y += 84
        if pages > 1:
            self.menu.add((160, 880 - 100, 660, 72), app.t("shell.load.page", page=self.page + 1, pages=pages),
                          change=self.change_page, key="page", object_id="#option_button")
        self.menu.add((160, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def resume(self, slot) -> None:
        if slot.error:
            self.app.message(slot.error, title_key="shell.error_title")
            return
        start_from_record(self.app, slot.path)

    def ask_delete(self, slot) -> None:
        text = self.app.t("shell.slots.delete_confirm", entry=self.label(slot))
        self.app.confirm(text, lambda: self.delete(slot))

    def delete(self, slot) -> None:
        from ..engine import SaveError
        from ..engine.saves import delete_slot
        try:
            delete_slot(slot.path)
        except SaveError as exc:
            self.app.message(str(exc), title_key="shell.error_title")
        self.rebuild()
        if not self.slots:
            self.back()

    def change_page(self, d):
        pages = max(1, (len(self.slots) + self.PAGE - 1) // self.PAGE)
        self.page = (self.page + d) % pages
        self.rebuild()
        self.menu.focus_key("page")

    def draw(self, surface):
        draw_backdrop(surface, plain=True)
        self.draw_heading(surface)
        if not self.slots:
            surface.blit(self.app.text(self.app.t("shell.slots.none"), 34, TEXT), (160, 240))
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.menu")
