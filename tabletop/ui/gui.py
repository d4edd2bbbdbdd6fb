"""The App's pygame_gui manager: logical coordinates, our theme (``assets/theme.json``, plus
the themes screens add with ``add_theme``, then the mods' ``theme.yaml`` over both, so a mod
wins: ``tabletop.data.mods.theme``) and Japanese-capable fonts.

pygame_gui is imported on first use, not before a first frame that shows no widget (the
launcher's, Grail War's): screens name it through :data:`pygame_gui` here, a stand-in that
imports it when one of its parts is first used. It is imported without PyYAML: its
translation loader (python-i18n) imports PyYAML when it can, for files pygame_gui never
reads (they are JSON), and PyYAML is on no start-up path once the caches are warm."""
from __future__ import annotations

import importlib
import json
import sys
import warnings

import pygame

from . import guishots
from .assets import ASSETS
from .compose import gui_overlays

THEME_FILE = ASSETS / "theme.json"
# pygame_gui's tooltips drawn like the tables' own: a dark rounded box with a gold edge
TOOLTIP_THEME = {
    "tool_tip": {"misc": {"rect_width": "420"}},
    "tool_tip.text_box": {"font": {"name": "tabletop", "size": "20"},
                          "colours": {"dark_bg": "#10141cf0", "normal_border": "#d9a441", "normal_text": "#efe8d8"},
                          "misc": {"border_width": "2", "padding": "10,6", "shape": "rounded_rectangle",
                                   "shape_corner_radius": "8"}},
}
_POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def lib():
    """The pygame_gui package, imported now if it was not (without PyYAML: module docstring)."""
    module = sys.modules.get("pygame_gui")
    if module is not None:
        return module
    blocked = "yaml" not in sys.modules
    if blocked:
        sys.modules["yaml"] = None        # `import yaml` fails: python-i18n then goes without it
    try:
        return importlib.import_module("pygame_gui")
    finally:
        if blocked and sys.modules.get("yaml", 0) is None:
            del sys.modules["yaml"]       # and anyone may import it later


class _LazyGui:
    """``pygame_gui`` for the screens: the package, imported on the first use of one of its
    parts. Its event types (``UI_BUTTON_PRESSED``...) read as -1, the type of no event, until
    it is imported: no widget exists before pygame_gui does, so no event of its kinds can
    either, and asking whether an event is one imports nothing."""

    def __getattr__(self, name):
        module = sys.modules.get("pygame_gui")
        if module is None and name.startswith("UI_"):
            return -1
        return getattr(module or lib(), name)


pygame_gui = _LazyGui()


class Gui:
    """The App's pygame_gui manager (``manager``: None until first used, see ``get``), the
    themes screens add over ours, and the first frame's widgets (``first_widgets``)."""

    def __init__(self, app, logical_size):
        self.app = app
        self.logical_size = logical_size
        self.manager = None
        self.themes: list[dict] = []
        self._mod_theme: dict | None = None   # the mods' widget theme, read when the manager is made
        self.on_first_frame = None       # called as the first frame is presented (bench/startup.py)
        self._waiting: list[tuple] = []  # (key, build) of the first frame's widgets, not built yet
        self._begun = False              # the first frame has begun: widgets are built at once
        self._picture: list | None = None   # guishots: what the first frame shows for them
        self._picture_key = None         # and what it is kept for (saved or checked after)
        self._after: list = []           # what runs right after the first frame is shown (after_first_frame)

    # --- the first frame's widgets (guishots.py) ----------------------------------------
    def first_widgets(self, key, build) -> None:
        """``build()`` makes pygame_gui widgets a screen shows from its first frame; ``key()``
        says what they look like (with the language, mods, fonts and theme, guishots.py).
        Before the program's first frame, when a picture for that key is kept, the first
        frame shows it and ``build`` runs right after that frame is presented, before any
        input is read; otherwise (and after the first frame) ``build`` runs as its frame
        begins."""
        if self._begun:
            build()
        else:
            self._waiting.append((key, build))

    def first_frame_begins(self) -> None:
        """The App's first frame begins (before its events and update)."""
        self._begun = True
        if not self._waiting:
            return
        if self.manager is not None:      # other widgets were made already: no picture of these
            self._build_waiting()
            return
        key = guishots.full_key(self.app, [k() for k, _build in self._waiting])
        picture = guishots.load(key)
        self._picture_key = key
        if picture is not None:
            self._picture = picture
            return
        self._build_waiting()

    def first_frame_shown(self, then=None) -> None:
        """The App's first frame was presented: ``then()`` runs (while the fonts still answer
        from their record), the widgets it showed as a picture are built; a picture of the
        widgets it drew, and what the fonts answered for it, are kept for the next start."""
        if self.on_first_frame is not None:
            self.on_first_frame()
        if then is not None:
            then()
        if self._picture is not None:
            self._build_waiting()            # drawn from the next frame on, in place of the picture
        elif self._picture_key is not None and self.manager is not None:
            guishots.save(self._picture_key, guishots.entries(self.manager))
            self._picture_key = None
        self.app.fonts.first_frame_shown()   # and what the fonts answered for it (fontmemo.py)
        after, self._after = self._after, []
        for fn in after:
            fn()

    def after_first_frame(self, fn) -> None:
        """``fn()`` runs right after the program's first frame is presented, before any input
        is read (a screen makes there what its first frame did without: its layers)."""
        self._after.append(fn)

    def _build_waiting(self) -> None:
        waiting, self._waiting = self._waiting, []
        for _key, build in waiting:
            build()

    def update(self, dt: float) -> None:
        """pygame_gui's update (its draw list is brought up to date here); the first frame's
        picture gives way to the widgets, and is written again if they look different."""
        if self.manager is None:
            return
        self.manager.update(dt)
        if self._picture is not None and not self._waiting:
            if not guishots.same(self._picture, guishots.entries(self.manager)):
                guishots.save(self._picture_key, guishots.entries(self.manager))
            self._picture = self._picture_key = None

    tip = None      # (box, logical rect): a scene's tooltip, drawn over every widget (set_tip)

    def set_tip(self, tip) -> None:
        """A scene's tooltip box and where it goes, over every pygame_gui element (a button's tip may
        lie over the buttons beside it), or None."""
        self.tip = tip

    def overlays(self) -> list[tuple]:
        """The widgets as compose.py's overlay entries (or the first frame's picture of them), then
        the tooltip over them."""
        out = [(image, rect, area) for image, rect, area, _mode in self._picture or ()]
        tip = [(self.tip[0], self.tip[1], None)] if self.tip is not None else []
        if self.manager is None:
            return out + tip
        group = self.manager.get_sprite_group()
        if getattr(group, "should_update_visibility", False):
            # an element was made, killed, shown or hidden since pygame_gui's update (a frame
            # with no fixed step, sooner than 1/60 s, runs none): its draw list would still
            # draw a killed button, and as no overlay its pixels would stay on the screen
            group.should_update_visibility = False
            group.update_visibility()
        return out + gui_overlays(self.manager) + tip

    def draw(self, frame) -> None:
        if self._picture:
            frame.blits(self._picture)
        if self.manager is not None:
            self.manager.draw_ui(frame)
        if self.tip is not None:
            frame.blit(*self.tip)

    def get(self):
        """The manager, made now if it was not (this imports pygame_gui)."""
        if self.manager is None:
            self.manager = make_ui_manager(self.app, self.logical_size)
            for theme in self.themes:
                _load(self.manager, theme)
            self._load_mod_theme()
        return self.manager

    def _load_mod_theme(self) -> None:
        """The mods' ``theme.yaml`` (load order, later wins) over ours and the screens'."""
        mods = getattr(self.app, "mods", None)
        if not mods:
            return
        if self._mod_theme is None:
            # imported here to save start-up time: the data kit (PyYAML) only when a mod is loaded
            from ..data.mods.theme import load_mod_theme
            try:
                self._mod_theme = load_mod_theme(mods)
            except Exception:   # noqa: BLE001 - start-up reported the mod's errors; our looks stay
                self._mod_theme = {}
        if self._mod_theme:
            _load(self.manager, self._mod_theme)

    def reload_mod_theme(self) -> None:
        """A watched mod's ``theme.yaml`` changed and passed its checks (watch.py): our theme, the
        screens' and the mods' again, in that order, and every widget redrawn with them. The values the
        last mod theme set are dropped first, so one it no longer sets goes back to ours."""
        old, self._mod_theme = self._mod_theme or {}, None
        if self.manager is None:
            return                        # read when the manager is made
        theme = self.manager.get_theme()
        stores = {"colours": theme.ui_element_colours, "misc": theme.ui_element_misc_data}
        for element, sections in old.items():
            for section, values in sections.items():
                set_now = stores.get(section, {}).get(element, {})
                for key in values:
                    set_now.pop(key, None)
        _load(self.manager, base_theme())
        for theme in self.themes:
            _load(self.manager, theme)
        self._load_mod_theme()
        self.manager.rebuild_all_from_changed_theme_data()

    def add_theme(self, theme: dict) -> None:
        """A screen's own theme (its widgets' object ids) over ours: loaded into the manager
        now if it exists, else when it is made, so a screen with no widget yet does not make
        it (nor import pygame_gui) just for this."""
        if theme not in self.themes:
            self.themes.append(theme)
            if self.manager is not None:
                _load(self.manager, theme)
                self._load_mod_theme()


def _load(manager, theme: dict) -> None:
    try:
        manager.get_theme().load_theme(theme)
    except Exception:   # noqa: BLE001 - the default looks are still usable
        pass


def make_ui_manager(app, logical_size):
    """A pygame_gui manager in logical coordinates: events arrive converted by the App; the
    hover position is the real mouse mapped through the App's scale and letterbox. Every
    widget font is "tabletop" (Noto Sans JP or a mod's font), and pygame_gui's default
    fallback font is the Japanese one too, so nothing renders as boxes."""
    class LogicalUIManager(lib().UIManager):
        pointer = None      # the last pointer position the events gave (logical)

        def process_events(self, event):
            if event.type in _POINTER_EVENTS and "pos" in event.dict:
                self.pointer = tuple(event.pos)
            return super().process_events(event)

        def _update_mouse_position(self):
            # where the events put the pointer (posted events too); the real mouse before any
            self.mouse_position = self.pointer if self.pointer is not None else \
                app.window_to_logical(pygame.mouse.get_pos())

    # a font size nobody preloaded is loaded on demand; pygame_gui only warns about it
    warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)
    manager = LogicalUIManager(logical_size, None, enable_live_theme_updates=False)
    regular, bold = str(app.fonts.regular), str(app.fonts.bold)
    manager.add_font_paths("tabletop", regular, bold, regular, bold)
    fd = manager.get_theme().get_font_dictionary()
    jp = getattr(fd, "_japanese_font", None)
    if jp is not None and "en" in getattr(fd, "default_font_dictionary", {}):
        fd.default_font_dictionary["en"] = jp
        fd.set_locale("en")
    manager.preload_fonts([{"name": "tabletop", "point_size": s, "style": st}
                           for s in (24, 28, 30) for st in ("regular", "bold")])
    manager.get_theme().load_theme(base_theme())
    return manager


def base_theme() -> dict:
    """Our widget theme: ``assets/theme.json`` and the tooltips' (read as JSON here: one theme load,
    pygame_gui's own file loading is slow)."""
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    theme.update(TOOLTIP_THEME)
    return theme
