"""Saved games in the shell: Load (every record in the user data folder and its
``records/`` folder) and Resume (every unfinished game's save slot, with Delete). A record
is untrusted: ``start_from_record`` reads, checks and replays it whole first
(``tabletop.data.records``) and shows any failure as one line."""
from __future__ import annotations

import datetime
import stat
from pathlib import Path

from .. import games
from ..engine import SaveError
from ..engine.saves import SLOT_PREFIX, data_dir, delete_slot, read_record, unfinished_slots
from .menu_scene import MUTED, TEXT, MenuScene, start_game
from .widgets import draw_backdrop


def start_from_record(app, path) -> bool:
    """Open a saved record (Load, Resume): it is read and replayed in full first, with the
    mods it names looked up by id among the configured mod folders; anything wrong is
    one line in a dialog (file, field or action number and rule), never a crash."""
    # imported on use: the launcher's first frame needs neither the data kit nor the
    # games' rules (start-up time)
    from ..data.records import replay_file
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


def _same_file(a, b) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def seats_text(app, seats) -> str:
    """A game's seats in words (``human, bot, bot``), from a record's ``seats``."""
    return ", ".join(app.t(f"shell.seat.{str(s).split(':')[0]}") for s in seats) or "?"


RECORDS_SUBFOLDER = "records"     # where end screens save a finished game's record


class PagedScene(MenuScene):
    """A menu listing ``entries()`` ``PAGE`` at a time, with a "page" button that turns pages."""

    PAGE = 6

    def entries(self) -> list:
        raise NotImplementedError

    def pages(self) -> int:
        return max(1, (len(self.entries()) + self.PAGE - 1) // self.PAGE)

    def change_page(self, d):
        self.page = (self.page + d) % self.pages()
        self.rebuild()
        self.menu.focus_key("page")


class LoadScene(PagedScene):
    """The saves in the user data folder and its ``records/`` folder (end screens save
    there), newest first. Only regular files are listed."""

    heading_key = "shell.load.title"

    def __init__(self, app, leave_key=None, current=None):
        super().__init__(app)
        self.page = 0
        self.leave_key = leave_key     # opened over a game in progress: confirm with this text first
        self.current = current         # that game's autosave file: its entry says it is the game on the table
        self._records: dict = {}       # (path, mtime) -> (game, seats, actions, finished) or None (unreadable)

    def open(self, path: Path) -> None:
        if self.leave_key:
            self.app.confirm(self.app.t(self.leave_key, file=path.name), lambda: start_from_record(self.app, path))
        else:
            start_from_record(self.app, path)

    def saves(self) -> list[Path]:
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
        return data_dir()

    def label(self, path: Path) -> str:
        """What the save is, read from its record (who sat, how far it went, whether it ended),
        not its file name: ``Holy Grail War — you, NPC, NPC — saved … — 14 actions``. A file
        that cannot be read is listed with its name (opening it shows why)."""
        try:
            mtime = path.stat().st_mtime
            when = datetime.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        except OSError:
            mtime, when = None, "?"
        key = (path, mtime)
        if key not in self._records:
            try:
                record = read_record(path)
                self._records[key] = (record.game, list(record.seats), len(record.actions),
                                      isinstance(record.meta, dict) and record.meta.get("finished") is True)
            except (SaveError, OSError):
                self._records[key] = None
        got = self._records[key]
        if got is None:
            game = next((g for g in games.GAMES if g in path.stem), None)
            name = self.app.t(f"shell.game.{game}") if game else path.stem
            return self.app.t("shell.load.damaged", game=name, file=path.name)
        game, seats, actions, finished = got
        name = self.app.t(f"shell.game.{game}") if game in games.GAMES else str(game)
        text = self.app.t("shell.load.finished" if finished else "shell.load.entry", game=name,
                          seats=seats_text(self.app, seats), when=when, actions=actions)
        if path.name.startswith(SLOT_PREFIX):      # a game's autosave, beside the record its end screen saved
            text = self.app.t("shell.load.autosave", entry=text)
        if self.current is not None and _same_file(path, self.current):
            text = self.app.t("shell.load.this_game", entry=text)
        return text

    def build(self):
        app = self.app
        files = self.saves()
        self.files = files
        pages = self.pages()
        self.page = min(self.page, pages - 1)
        y = 236
        for path in files[self.page * self.PAGE:(self.page + 1) * self.PAGE]:
            self.menu.add((160, y, 1500, 72), self.label(path), activate=lambda p=path: self.open(p),
                          key=f"file:{path.relative_to(self._folder()).as_posix()}", object_id="#option_button")
            y += 84
        if pages > 1:
            self.menu.add((160, 880 - 100, 660, 72), app.t("shell.load.page", page=self.page + 1, pages=pages),
                          change=self.change_page, key="page", object_id="#option_button")
        self.menu.add((160, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def entries(self) -> list:
        return self.files

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        if not hasattr(self, "_folder_text"):
            self._folder_text = str(data_dir())
        surface.blit(self.app.text(self.app.t("shell.load.folder", folder=self._folder_text), 24, MUTED), (160, 178))
        if not self.files:
            surface.blit(self.app.text(self.app.t("shell.load.none"), 34, TEXT), (160, 240))
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.menu")


class ResumeScene(PagedScene):
    """The unfinished games (one save slot each), newest first: Enter resumes one; its
    Delete button removes it after a confirmation."""

    heading_key = "shell.slots.title"

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.slots: list = []

    def load_slots(self) -> list:
        try:
            return unfinished_slots()
        except Exception:
            return []

    def label(self, slot) -> str:
        app = self.app
        if slot.error:
            return app.t("shell.slots.damaged", file=slot.path.name)
        game = app.t(f"shell.game.{slot.game}") if slot.game in games.GAMES else slot.game
        seats = seats_text(app, slot.seats)
        try:
            when = datetime.datetime.fromisoformat(slot.started).astimezone().strftime("%Y-%m-%d %H:%M")
        except (TypeError, ValueError):
            when = "?"
        return app.t("shell.slots.entry", game=game, seats=seats, when=when, actions=slot.actions)

    def build(self):
        app = self.app
        self.slots = self.load_slots()
        pages = self.pages()
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
        try:
            delete_slot(slot.path)
        except SaveError as exc:
            self.app.message(str(exc), title_key="shell.error_title")
        self.rebuild()
        if not self.slots:
            self.back()

    def entries(self) -> list:
        return self.slots

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        if not self.slots:
            surface.blit(self.app.text(self.app.t("shell.slots.none"), 34, TEXT), (160, 240))
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.menu")
