"""The table's side of the Scene redraw protocol (tabletop/ui/scene.py): whether the next
frame differs from the last one drawn, and what to paint -- nothing, only the glasses' area
while only sand runs, or the whole frame."""
from __future__ import annotations


class FrameTracker:
    def __init__(self, table, renderer):
        self.table = table
        self.renderer = renderer
        self.whole = True              # the next draw paints everything
        self.drawn_key = None          # renderer.frame_key() when last drawn
        self.drawn_moving = False      # something animated in the frame last drawn

    def needs_redraw(self) -> bool:
        """True when the frame would differ from the one last drawn (or something animates)."""
        if self.covered():
            return False
        r = self.renderer
        return self.whole or self.drawn_moving or r.animating() or r.frame_key() != self.drawn_key

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
        self.drawn_key = self.renderer.frame_key()
        self.drawn_moving = self.renderer.animating()    # the next frame shows where it stopped
        self.whole = False

    def paint(self, surface):
        """Paints the frame. When only the sand or the timers' labels changed since the last
        frame, only the glasses' area is painted again (the same drawing, clipped) and those
        rectangles are returned; otherwise the whole frame (None)."""
        r = self.renderer
        moving = self.whole or self.drawn_moving or r.animating() or self.drawn_key is None
        key = None if moving else r.frame_key()
        if key is not None and key[0] == self.drawn_key[0]:
            if key[1] == self.drawn_key[1]:
                return []
            rects = r.glass_rects()
            if rects:
                area = rects[0].unionall(rects[1:])
                old = surface.get_clip()
                surface.set_clip(area)
                try:
                    r.draw(surface)
                finally:
                    surface.set_clip(old)
                return [area]
        r.draw(surface)
        return None
