"""The table's side of the Scene redraw protocol (tabletop/ui/scene.py): whether the next
frame differs from the last one drawn, and what to paint -- nothing; only the rectangles of
the things that moved over an unchanged board (sand running, a piece gliding, a gain
floating up: ``TableRenderer.sprites``), each painted again with the same drawing clipped
to it; or the whole frame."""
from __future__ import annotations

import pygame

SCREEN = pygame.Rect(0, 0, 1920, 1080)
WHOLE_SHARE = 0.5          # moved rectangles covering more of the frame than this: paint it whole
SLACK = 60_000             # pixels: two rectangles closer than this are painted as one


class FrameTracker:
    def __init__(self, table, renderer):
        self.table = table
        self.renderer = renderer
        self.whole = True              # the next draw paints everything
        self.drawn_key = None          # renderer.frame_key() when last drawn
        self.drawn_sprites = {}        # renderer.sprites() when last drawn
        self._painted = None           # (key, sprites) of the frame just painted, for mark_drawn

    def needs_redraw(self) -> bool:
        """True when the frame would differ from the one last drawn."""
        if self.covered():
            return False
        r = self.renderer
        if self.whole or self.drawn_key is None or r.layer_due():
            return True
        return r.frame_key() != self.drawn_key or r.sprites() != self.drawn_sprites

    def covered(self) -> bool:
        """An opaque scene (the end screen, the reference) is shown above the table: it is not
        drawn, so it changes nothing on screen (the App asks every scene of the stack; when
        the table is shown again the App repaints it whole)."""
        app = self.table.app
        scenes = list(app.scenes)
        if self.table not in scenes:
            return False
        return any(getattr(s, "opaque", True) for s in scenes[scenes.index(self.table) + 1:])

    def invalidate(self):
        self.whole = True

    def mark_drawn(self):
        painted, self._painted = self._painted, None
        if painted is None:
            r = self.renderer
            painted = (r.frame_key(), r.sprites())
        self.drawn_key, self.drawn_sprites = painted
        self.whole = False

    def paint(self, surface):
        """Paints the frame. Over an unchanged board only the rectangles of the moving things
        that came, went or changed since the last frame are painted again (the same drawing,
        clipped to each) and returned; otherwise the whole frame (None)."""
        r = self.renderer
        r.prepare()                    # a due board layer is redrawn first: it is part of the key
        key, sprites = r.frame_key(), r.sprites()
        self._painted = (key, sprites)
        if self.whole or self.drawn_key is None or key != self.drawn_key:
            r.draw(surface)
            return None
        old = self.drawn_sprites
        rects = [rect for look, rect in old.items() if look not in sprites]
        rects += [rect for look, rect in sprites.items() if look not in old]
        rects = merged(rects)
        if sum(x.w * x.h for x in rects) > WHOLE_SHARE * SCREEN.w * SCREEN.h:
            r.draw(surface)
            return None
        clip = surface.get_clip()
        try:
            for rect in rects:
                surface.set_clip(rect)
                r.draw(surface)
        finally:
            surface.set_clip(clip)
        return rects


def merged(rects) -> list[pygame.Rect]:
    """``rects`` inside the screen, joined into their union where they overlap or where the
    union adds less than ``SLACK`` pixels (one pass of the drawing costs more than that)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect).clip(SCREEN)
        if rect.w <= 0 or rect.h <= 0:
            continue
        i = _near(rect, out)
        while i >= 0:
            rect = rect.union(out.pop(i))
            i = _near(rect, out)
        out.append(rect)
    return out


def _near(rect: pygame.Rect, rects: list[pygame.Rect]) -> int:
    """The index of a rectangle of ``rects`` worth painting together with ``rect``, or -1."""
    for i, o in enumerate(rects):
        u = rect.union(o)
        if rect.colliderect(o) or u.w * u.h - rect.w * rect.h - o.w * o.h < SLACK:
            return i
    return -1
