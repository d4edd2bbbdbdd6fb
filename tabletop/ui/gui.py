"""The App's pygame_gui manager: logical coordinates, our theme (``assets/theme.json``) and
Japanese-capable fonts. pygame_gui is imported here, on first use, not before the
launcher's first frame (tabletop/ui/app.py imports this module, which imports nothing
heavy)."""
from __future__ import annotations

import json
import warnings

import pygame

from .assets import ASSETS

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


def make_ui_manager(app, logical_size):
    """A pygame_gui manager in logical coordinates: events arrive converted by the App; the
    hover position is the real mouse mapped through the App's scale and letterbox. Every
    widget font is "tabletop" (Noto Sans JP or a mod's font), and pygame_gui's default
    fallback font is the Japanese one too, so nothing renders as boxes."""
    import pygame_gui   # on first use: not on the launcher's path to its first frame

    class LogicalUIManager(pygame_gui.UIManager):
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
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))   # one theme load (pygame_gui's is slow)
    theme.update(TOOLTIP_THEME)
    manager.get_theme().load_theme(theme)
    return manager
