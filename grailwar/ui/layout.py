"""Where each panel of the Grail War screen sits (logical 1920×1080), the pygame_gui theme
of its widgets, and the ``Pen`` every panel draws its texts with (it records each text, so
the screen can list what a frame showed: ``GrailWarScene.drawn_texts``)."""
from __future__ import annotations

import pygame

from tabletop.ui.tooltip import elide_line

from . import theme as T

LOGICAL = (1920, 1080)
TOP = pygame.Rect(0, 0, 1920, 56)
MAP = pygame.Rect(16, 64, 1120, 712)
BATTLE = pygame.Rect(MAP.x + 4, MAP.y + 2, MAP.w - 8, MAP.h - 4)        # over the map, its key boxes and its legend
TRAY = pygame.Rect(16, 788, 430, 276)
LOG = pygame.Rect(458, 788, 678, 276)
ME = pygame.Rect(1152, 64, 752, 452)
RIVALS = pygame.Rect(1152, 524, 752, 248)
PROMPT = pygame.Rect(1152, 780, 752, 284)
PHASES = ["E", "A", "C", "M"]
DIALOG_H = 420

_FONT = {"name": "tabletop", "size": "17"}
THEME = {
    "#grailwar_choice": {"font": _FONT, "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10",
                                                  "shape_corner_radius": "6"}},
    "#grailwar_back": {"font": _FONT, "misc": {"shape_corner_radius": "6"}},
    "#grailwar_end": {"font": {"name": "tabletop", "size": "22"}},
    "#grailwar_tip": {"misc": {"rect_width": "460"}},
    "#grailwar_tip.text_box": {"font": {"name": "tabletop", "size": "16"},
                               "colours": {"dark_bg": "#10141c", "normal_border": "#d9a441", "normal_text": "#e8e8f0"},
                               "misc": {"border_width": "2", "padding": "10,6", "shape": "rounded_rectangle",
                                        "shape_corner_radius": "6"}},
    "#grailwar_log": {"font": {"name": "tabletop", "size": "15"}},
    "#grailwar_dialog": {"font": {"name": "tabletop", "size": "18"},
                         "colours": {"dark_bg": "#1b2030", "normal_border": "#d9a441"},
                         "misc": {"border_width": "2", "shape": "rounded_rectangle", "shape_corner_radius": "10"}},
}


class Pen:
    """Renders texts through the App's font cache and appends each one to ``sink``."""

    def __init__(self, app):
        self.app = app
        self.sink: list[str] = []

    def text(self, s, size, color=T.TEXT, bold=False, once=False):
        """``once``: a text with figures that change as the war goes on (mana, a rival's tally):
        rendered into its panel's cached surface, not kept in the App's text cache."""
        s = str(s)
        self.sink.append(s)
        return self.app.text(s, size, color, bold, cache=not once)

    def blit(self, surface, s, pos, size=18, color=T.TEXT, bold=False, anchor="topleft", maxw=None, once=False):
        """Draw ``s`` at ``pos``; wider than ``maxw``, it is cut short with "…" (what is drawn is
        what ``sink`` lists)."""
        if maxw:
            s = elide_line(self.app, s, size, maxw, bold)
        t = self.text(s, size, color, bold, once)
        r = t.get_rect(**{anchor: pos})
        surface.blit(t, r)
        return r


def html(s):
    """Escape a text for a pygame_gui text box."""
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
