"""The launcher and its set-up screens: Pendulum (seats, characters, mode), Teaching mode,
Holy Grail War (how many factions, human or NPC each, the seed), Load game, Resume, Language, Quit.

Everything works with the keyboard alone (``FocusMenu``). A game that is not built yet
shows a notice scene. The menu base is in menu_scene.py, Load and Resume in saved_games.py
(re-exported here, imported on first use: they need the engine and the saves folder, which
the launcher's first frame does not)."""
from __future__ import annotations

import time

import pygame

from pendulum.setup_choices import colours_of, presets_of, variants_of

from .menu_scene import GOLD, MUTED, TEXT, MenuScene, NoticeScene, start_game
from .setup_more import PendulumChoices, PendulumMoreOptions
from .widgets import draw_backdrop

__all__ = ["GOLD", "MUTED", "TEXT", "MenuScene", "NoticeScene", "start_game", "LoadScene", "ResumeScene",
           "start_from_record", "LauncherScene", "PendulumSetup", "GrailWarSetup", "pendulum_characters",
           "grailwar_factions"]


def __getattr__(name):
    """``LoadScene``, ``ResumeScene`` and ``start_from_record`` of saved_games.py, imported on
    first use (PEP 562; module docstring)."""
    if name in ("LoadScene", "ResumeScene", "start_from_record"):
        from . import saved_games     # imported here to save start-up time (module docstring)
        return getattr(saved_games, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


MENU_X, MENU_W = 1130, 640
TEMP_FILE_AGE = 30.0      # seconds: an older temporary save file was left by a killed write


# --- the launcher ---------------------------------------------------------------------------------------
class LauncherScene(MenuScene):
    ITEMS = ("pendulum", "teach", "grailwar", "load", "resume", "language", "quit")
    first_picture = "launcher"   # the same at every start: its first frame is kept (frameshot.py)

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
            from .saved_games import LoadScene     # imported here to save start-up time (module docstring)
            app.scenes.push(LoadScene(app))
        elif key == "resume":
            from .saved_games import ResumeScene   # the same
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
        draw_backdrop(surface, app=self.app)
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


def pendulum_presets(mods=None) -> dict[str, dict]:
    """``{name: {option id: value}}``: the rule-reading presets of config/pendulum/options.yaml."""
    return presets_of(_load_config("pendulum/options.yaml", mods))


class PendulumSetup(MenuScene):
    """Players 2–5; each seat human or a bot of a level (easy, standard, hard) with a random or chosen
    character; the mode; the rule reading (the options' defaults, i.e. the rulebook, or a preset);
    "More options…" (setup_more.py): character sides, glory, the guide readings, the neutral, colours."""

    heading_key = "shell.setup.pendulum_title"
    MODES = ("realtime", "timetrack", "beginner")
    KINDS = ("bot", "human", "bot:easy", "bot:hard")      # a click steps on; "bot" is the standard level
    KIND_KEYS = {"human": "shell.seat.human", "bot": "shell.pen_bots.seat_standard",
                 "bot:easy": "shell.pen_bots.seat_easy", "bot:hard": "shell.pen_bots.seat_hard"}

    def __init__(self, app):
        super().__init__(app)
        self.players = 3
        self.kinds = ["human", "bot", "bot", "bot", "bot"]
        self.chars = [None] * 5          # None = random
        self.mode = "realtime"
        self.preset = None               # None: the options' defaults (the rulebook's readings)
        self.choices = PendulumChoices()

    def build(self):
        app = self.app
        self.characters = pendulum_characters(app.lang, app.mods)
        self.presets = pendulum_presets(app.mods)
        self.variants = variants_of(_load_config("pendulum/options.yaml", app.mods))
        seats_doc = _load_config("pendulum/seats.yaml", app.mods)
        self.colours = colours_of(seats_doc)
        self._colour_names = {str(sd.get("id")): _name(sd.get("name"), app.lang, str(sd.get("id")))
                              for sd in (seats_doc or {}).get("seats") or [] if isinstance(sd, dict)}
        x1, x2, w1, w2, h = 160, 860, 660, 900, 72
        y = 200
        self.menu.add((x1, y, w1, h), app.t("shell.setup.players", n=self.players),
                      change=self.change_players, key="players", object_id="#option_button")
        self.menu.add((x2, y, w2, h), app.t("shell.setup.mode", mode=app.t(f"shell.mode.{self.mode}")),
                      change=self.change_mode, key="mode", object_id="#option_button")
        y += h + 40
        for i in range(self.players):
            self.menu.add((x1, y, w1, h), app.t("shell.setup.seat", n=i + 1, kind=app.t(self.KIND_KEYS[self.kinds[i]])),
                          change=lambda d, i=i: self.change_kind(i, d), key=f"seat{i + 1}", object_id="#option_button")
            self.menu.add((x2, y, w2, h), app.t("shell.setup.character", name=self.char_name(self.chars[i])),
                          change=lambda d, i=i: self.change_char(i, d), key=f"char{i + 1}", object_id="#option_button")
            y += h + 16
        self.menu.add((x1, 880, 480, 86), app.t("shell.setup.start"), activate=self.start, key="start",
                      object_id="#menu_button")
        self.menu.add((x1 + 520, 880, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")
        self.menu.add((1100, 880, 660, 86), app.t("shell.pen_bots.rules", preset=self.preset_name(self.preset)),
                      change=self.change_preset, key="rules", object_id="#option_button")
        self.menu.add((1100, 780, 660, 76), app.t("shell.setup_more.button"),
                      activate=lambda: app.scenes.push(PendulumMoreOptions(app, self)), key="more",
                      object_id="#menu_button")

    def colour_name(self, colour: str) -> str:
        return self._colour_names.get(colour, colour)

    def preset_name(self, name):
        name = name or "rulebook"
        return self.app.t(f"shell.pen_bots.{name}") if name in ("rulebook", "guide") else name

    def change_preset(self, d):
        names = [None] + [n for n in self.presets if n != "rulebook"]
        self.preset = names[(names.index(self.preset) + d) % len(names)] if self.preset in names else None
        self.rebuild()

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
        k = self.KINDS.index(self.kinds[i]) if self.kinds[i] in self.KINDS else 0
        self.kinds[i] = self.KINDS[(k + d) % len(self.KINDS)]
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
        """Seat strings for make_scene: "human", "bot" (standard), "bot:easy" or "bot:hard"."""
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
        if self.preset in self.presets:
            extra.setdefault("options", {}).update(self.presets[self.preset])
        more = self.choices.options(self.players, self.variants, self.colours)
        if more:
            extra.setdefault("options", {}).update(more)
        start_game(self.app, "pendulum", seats=self.seats(), mode=self.mode,
                   seed=getattr(self.app.args, "seed", None), teach=False, **extra)

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.setup")


class GrailWarSetup(MenuScene):
    """How many factions take part (2 to all), each human or NPC, and the war's seed: a fresh
    one from the clock unless one is typed (digits; Backspace deletes; Enter on the seed row
    draws a fresh one; Ctrl+C copies it, to replay the war with ``--seed``)."""

    heading_key = "shell.setup.grailwar_title"

    def __init__(self, app):
        super().__init__(app)
        self.controls: list[str] | None = None
        self.count: int | None = None
        seed = getattr(app.args, "seed", None)
        self.seed = str(seed) if seed is not None else fresh_seed()
        self.typed = seed is not None          # a typed seed is kept; a fresh one is replaced on typing

    def build(self):
        app = self.app
        self.factions = grailwar_factions(app.lang, app.mods) or [(f"F{i}", f"F{i}") for i in range(1, 8)]
        if self.controls is None or len(self.controls) != len(self.factions):
            self.controls = ["human"] + ["npc"] * (len(self.factions) - 1)
        if self.count is None or not 2 <= self.count <= len(self.factions):
            self.count = len(self.factions)
        y, h, gap = 186, 58, 10
        for i, (fid, label) in enumerate(self.factions[:self.count]):
            self.menu.add((160, y, 1100, h), app.t("shell.setup.faction", n=i + 1, name=label,
                                                    kind=app.t(f"shell.seat.{self.controls[i]}")),
                          change=lambda d, i=i: self.toggle(i), key=f"faction{i + 1}", object_id="#option_button")
            y += h + gap
        y += 8
        self.menu.add((160, y, 1100, h), app.t("shell.gw_table.factions", n=self.count),
                      change=self.change_count, key="factions", object_id="#option_button")
        y += h + gap
        self.menu.add((160, y, 1100, h), app.t("shell.gw_table.seed_typed" if self.typed else "shell.gw_table.seed_fresh",
                                               seed=self.seed),
                      activate=self.new_seed, key="seed", object_id="#option_button")
        self.menu.add((160, 900, 480, 86), app.t("shell.setup.start"), activate=self.start, key="start",
                      object_id="#menu_button")
        self.menu.add((680, 900, 360, 86), app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def toggle(self, i):
        self.controls[i] = "npc" if self.controls[i] == "human" else "human"
        self.rebuild()

    def change_count(self, d):
        n = len(self.factions)
        self.count = 2 + (self.count - 2 + d) % (n - 1)
        self.rebuild()

    def new_seed(self):
        self.seed, self.typed = fresh_seed(), False
        self.rebuild()

    def seats(self) -> list[str]:
        return list(self.controls[:self.count])

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and self.menu.focused is not None and self.menu.focused.key == "seed":
            if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
                self.copy_seed()
                return True
            if event.unicode and event.unicode.isdigit() and not event.mod & pygame.KMOD_CTRL:
                self.seed = (self.seed if self.typed else "") + event.unicode
                self.seed, self.typed = self.seed[:12].lstrip("0") or "0", True
                self.rebuild()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.seed, self.typed = (self.seed[:-1] if self.typed else "") or "0", True
                self.rebuild()
                return True
        return super().handle_event(event)

    def copy_seed(self):
        """The seed on the clipboard (pygame.scrap through pygame_gui, where the system has one)."""
        try:
            from pygame_gui.core.utility import clipboard_copy   # on use: pygame_gui is not on the first frame's path
            clipboard_copy(self.seed)
            self.app.notify(self.app.t("shell.gw_table.copied", seed=self.seed))
        except Exception as exc:   # noqa: BLE001 - no clipboard (a headless display): say so, keep going
            self.app.notify(self.app.t("shell.gw_table.no_clipboard", error=str(exc)))

    def start(self):
        start_game(self.app, "grailwar", seats=self.seats(), mode=None, seed=int(self.seed), teach=False)

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.setup")


def fresh_seed() -> str:
    """A new war's seed from the clock (shown in the set-up, so the war can be replayed)."""
    return str(time.time_ns() // 1000 % 1_000_000_000)
