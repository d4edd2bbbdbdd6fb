"""Composes the Grail War screen's frame on one cached surface.

Each panel is a ``(name, rect, key, draw)``: it is drawn again into its region only when
its key changed, at most two panels a frame while NPCs play on (longest-waiting first), all
of them when the screen changes hands or a human is choosing (so nothing of the previous
master's screen survives and a master's own screen is always complete). A whole-screen
mode (the hand-off, the end) is one region of its own. The redraw protocol
(tabletop/ui/scene.py): only the regions drawn again, and the dice tray when it moved, are
copied to the App's surface and returned as ``changed``; the whole frame after
``repaint`` (the App kept nothing) or a change of mode. Every text drawn is kept per
panel: ``draw`` returns the frame's texts."""
from __future__ import annotations

import pygame

from tabletop.ui import skin
from tabletop.ui.present import display_surface

from . import theme as T
from .layout import LOGICAL, ME, PROMPT, RIVALS, TOP, TRAY

ORDER = ("top", "map", "me", "rivals", "prompt", "log")


class FrameComposer:
    def __init__(self, app, tray, pen):
        self.app = app
        self.tray = tray
        self.pen = pen
        self.frame = None
        self.bg = None
        self.keys: dict = {}            # panel name -> the key it was last drawn with
        self.texts: dict = {}           # panel name -> the texts it drew
        self.mode = None
        self.full = True                # draw every panel on the next frame
        self.repaint = True             # copy the whole frame to the App's surface next time
        self.changed: list | None = None   # what the last draw changed (None: everything)
        self._frame_no = 0
        self._rendered_at: dict = {}
        self._tray_texts: list = []
        self._direct = False            # the program's first frame was drawn straight onto the App's frame
        self._unkept: list = []         # the regions it drew there, copied to the kept frame after it

    def invalidate(self):
        """Every panel again, all on the next frame (a language switch, a new viewer)."""
        self.keys = {}
        self.full = True

    def clean(self, panels):
        return all(self.keys.get(name) == key for name, _, key, _ in panels)

    def needs_redraw(self, mode, panels, whole_key=None):
        """``whole_key``: a whole-screen mode's key, as ``draw`` gets it (its content changed:
        the end screen's log scrolled)."""
        if self.frame is None or self.tray.version != self.tray.drawn_version:
            return True
        if mode != self.mode or mode != "table":
            return mode != self.mode or self.keys.get(mode) is None or self.keys.get(mode) != whole_key
        return not self.clean(panels)

    def _draw_bg(self, bg):
        skin.draw(self.app, "grailwar.backdrop", bg, bg.get_rect(), fallback=lambda s, r: s.fill(T.BG, r))
        skin.draw(self.app, "grailwar.panel.top", bg, TOP, fallback=lambda s, r: (
            pygame.draw.rect(s, T.PANEL_DARK, r), pygame.draw.line(s, T.PANEL_EDGE, (r.x, r.bottom - 1),
                                                                   (r.right, r.bottom - 1), 2)))
        skin.draw(self.app, "grailwar.panel.me", bg, ME, fallback=lambda s, r: T.panel(s, r))
        skin.draw(self.app, "grailwar.panel.rivals", bg, RIVALS, fallback=lambda s, r: T.panel(s, r))
        skin.draw(self.app, "grailwar.panel.prompt", bg, PROMPT, fallback=lambda s, r: T.panel(s, r, color=(36, 34, 52)))

    def _ensure_frame(self, drawn=None):
        """``drawn``: the App's frame as the scenes left it (the regions the first frame drew
        straight onto it are taken from it)."""
        if self.frame is None:
            self.frame = display_surface(LOGICAL)
            self.bg = display_surface(LOGICAL)
            self._draw_bg(self.bg)
            self.frame.blit(self.bg, (0, 0))
            unkept, self._unkept = self._unkept, []
            if not unkept:
                self.keys = {}
            elif drawn is None:
                drawn = self.app.scene_layer
            for rect in unkept:            # a panel's pixels, as the first frame drew them
                self.frame.blit(drawn, rect, area=rect)

    def keep_layers(self):
        """Make the frame and background this composer keeps, with the regions the program's
        first frame drew straight onto the App's frame copied from it (right after it is
        shown: two 1920x1080 surfaces, about 4,000 fresh pages, fewer before it)."""
        if self.frame is None and self._unkept:
            self._ensure_frame()

    def _render(self, name, rect, fn, onto=None):
        """Draw a panel into its region of the kept frame, or of ``onto`` (the App's frame at
        the program's first frame, the background drawn on it already)."""
        if onto is None:
            onto = self.frame
            onto.blit(self.bg, rect, area=rect)
        else:
            self._unkept.append(pygame.Rect(rect))
        self.pen.sink = []
        clip = onto.get_clip()
        onto.set_clip(rect)
        try:
            fn(onto)
        finally:
            onto.set_clip(clip)
        self.texts[name] = self.pen.sink

    def draw(self, surface, mode, panels, whole=None, complete=False, extra=()):
        """Draw the frame; ``whole`` = (key, draw) for a whole-screen mode; ``complete``:
        draw every changed panel now; ``extra``: texts the widgets show. Returns the texts;
        ``changed`` says which logical rectangles of ``surface`` changed."""
        onto = None
        if self.frame is None and not self._direct and self.app.frame == 0:
            self._direct = True              # the program's first frame: no layer is made before it
            onto = surface
            self._draw_bg(surface)
            self.app.gui.after_first_frame(self.keep_layers)
        else:
            self._ensure_frame(surface)
        repaint, self.repaint = self.repaint, False
        if mode != self.mode:
            self.mode = mode
            self.keys = {}
            self.texts = {}
            self.full = True
            if onto is None:
                self.frame.blit(self.bg, (0, 0))     # nothing of the previous screen survives
            repaint = True
        if mode != "table":
            key, fn = whole
            if self.keys.get(mode) != key:
                self._render(mode, pygame.Rect(0, 0, *LOGICAL), fn, onto)
                self.keys[mode] = key
                repaint = True
            if repaint and onto is None:
                surface.blit(self.frame, (0, 0))
            self.changed = None if repaint else []
            return list(self.texts.get(mode, []))
        budget = 99 if (self.full or complete) else 2
        self.full = False
        self._frame_no += 1
        dirty = [p for p in panels if self.keys.get(p[0]) != p[2]]
        dirty.sort(key=lambda p: self._rendered_at.get(p[0], -1))    # longest-waiting first
        drawn = []
        for name, rect, key, fn in dirty[:budget]:
            self._render(name, rect, fn, onto)
            self.keys[name] = key
            self._rendered_at[name] = self._frame_no
            drawn.append(pygame.Rect(rect))
        tray = repaint or self.tray.version != self.tray.drawn_version or any(r.colliderect(TRAY) for r in drawn)
        if repaint:
            if onto is None:
                surface.blit(self.frame, (0, 0))
            self.changed = None
        else:
            for r in drawn + ([TRAY] if tray else []):
                surface.blit(self.frame, r, area=r)
            self.changed = drawn + ([pygame.Rect(TRAY)] if tray else [])
        if tray:
            self.pen.sink = []
            clip = surface.get_clip()
            surface.set_clip(TRAY)          # a die never paints outside its tray
            try:
                self.tray.draw(surface, record=self.pen.sink)
            finally:
                surface.set_clip(clip)
            self._tray_texts = self.pen.sink
        self.pen.sink = []
        texts = []
        for name in ORDER:
            texts.extend(self.texts.get(name, ()))
        texts.extend(self._tray_texts)
        texts.extend(extra)
        return texts
