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
from ..engine.saves import data_dir, delete_slot, unfinished_slots
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

    def __init__(self, app, leave_key=None):
        super().__init__(app)
        self.page = 0
        self.leave_key = leave_key     # opened over a game in progress: confirm with this text first

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
        seats = ", ".join(app.t(f"shell.seat.{s.split(':')[0]}") for s in slot.seats) or "?"
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
