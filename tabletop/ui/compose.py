"""Composing the frame: the scenes' pixels with the App's overlays laid on top (the App's compositor).

The scenes draw straight into the frame the presenter shows (logical 1920×1080) and keep
their pixels there between frames (the redraw protocol of ``Scene.draw``). On top come the
App's *overlays*: every pygame_gui element (buttons, panels, tooltips, dialogs), the dim
behind a modal dialog, toasts, the F3 overlay and the ``--watch`` banner. An overlay is an
image at a place: ``(surface, rect, clip)``.

*Save-under*: before the overlays are drawn, the scene pixels under them are kept
(``lay``); before the scenes draw again, those pixels are put back (``lift``), so a scene
always finds exactly what it drew. A frame costs the overlays' area twice, never a copy of
the whole frame.

Each frame the compositor compares the overlays with the last frame's. pygame_gui gives
an element a new image surface whenever its look changes (``UIElement._set_image`` copies
what it is given; a hovered, pressed or re-labelled button gets a new one), moves it by
changing its rect and shows a part of it by its clipping rect, so two equal entries (same
surface object, rect and clip) have the same pixels. The rectangles of the entries that
appeared, went or changed are what the overlays changed in the frame. An idle screen with
widgets repaints nothing; hovering a button repaints that button's rectangle only.

``frame_times_box`` draws the F3 overlay. The surfaces of the last frame's entries are kept
referenced, so no new surface can take the address (``id``) of one that was compared against.
"""
from __future__ import annotations

from typing import Callable, Iterable

import pygame

LOGICAL_SIZE = (1920, 1080)
FULL = pygame.Rect((0, 0), LOGICAL_SIZE)


def gui_overlays(manager) -> list[tuple]:
    """The pygame_gui elements ``manager.draw_ui`` draws now, as overlay entries, back to
    front. That is the group's own draw list, which pygame_gui brings up to date in
    ``manager.update`` (and ``Gui.overlays`` before each frame is composed, so that what is
    drawn and what is compared never differ); an element in the group but not in that list
    is not drawn, so it is not an entry either."""
    out = []
    group = manager.get_sprite_group()
    drawn = {id(data) for data in getattr(group, "visible", ())}
    for sprite in group.sprites():
        image = sprite.image
        if image is None or not sprite.visible or id(getattr(sprite, "blit_data", None)) not in drawn:
            continue
        clip = sprite.get_image_clipping_rect() if hasattr(sprite, "get_image_clipping_rect") else None
        out.append((image, sprite.rect, clip))
    return out


def _drawn(entry) -> pygame.Rect:
    """Where an overlay's pixels land: its image's size at its place (pygame_gui's root
    container has a full-screen rect and an empty image), within the frame."""
    image, rect, _clip = entry
    return pygame.Rect(rect.topleft if hasattr(rect, "topleft") else rect[:2], image.get_size()).clip(FULL)


def _key(entry) -> tuple:
    image, rect, clip = entry
    return id(image), tuple(rect), tuple(clip) if clip is not None else None


class Compositor:
    """What the overlays covered last frame and what changed on top (see the module docstring)."""

    def __init__(self):
        self.started = False                   # a frame was composed since the last reset
        self._entries: list[tuple] = []        # last frame's overlays (their surfaces kept alive)
        self._keys: list[tuple] = []
        self._under: list[tuple] = []          # (rect, the scenes' pixels there) under last frame's overlays

    def reset(self) -> None:
        """The frame's pixels were lost (a new window surface): the next frame repaints all."""
        self.started = False
        self._entries, self._keys, self._under = [], [], []

    def changes(self, entries: list[tuple]) -> list[pygame.Rect]:
        """The logical rectangles where the overlays differ from the last frame's."""
        keys = [_key(e) for e in entries]
        if keys == self._keys:
            return []
        old, new = set(self._keys), set(keys)
        if old == new:                           # the same overlays in another order
            out = [_drawn(e) for e in entries]
        else:
            out = [_drawn(e) for e, k in zip(self._entries, self._keys) if k not in new]
            out += [_drawn(e) for e, k in zip(entries, keys) if k not in old]
        return [r for r in out if r.w > 0 and r.h > 0]

    def lift(self, frame: pygame.Surface) -> None:
        """Take last frame's overlays off ``frame``: the scenes' own pixels are back under them."""
        for rect, pixels in self._under:
            frame.blit(pixels, rect)
        self._under = []

    def lay(self, frame: pygame.Surface, entries: list[tuple], draw_overlays: Callable[[pygame.Surface], None],
            dirty: list[pygame.Rect] | None) -> int:
        """Keep the scene pixels under ``entries``, then draw the overlays (``draw_overlays``)
        on ``frame``; remembers ``entries`` for the next :meth:`changes`. Returns the logical
        pixels that changed (``dirty``: None for the whole frame)."""
        self.started = True
        self._entries = entries
        self._keys = [_key(e) for e in entries]
        rects = merge(r for r in (_drawn(e) for e in entries) if r.w > 0 and r.h > 0)
        self._under = [(r, frame.subsurface(r).copy()) for r in rects if r.w > 0 and r.h > 0]
        draw_overlays(frame)
        if dirty is None:
            return FULL.w * FULL.h
        return sum(r.w * r.h for r in merge(r.clip(FULL) for r in dirty))

    @property
    def kept_area(self) -> int:
        """Logical pixels of scene kept under the overlays now (what a frame costs twice)."""
        return sum(r.w * r.h for r, _pixels in self._under)

    def scene_pixels(self, frame: pygame.Surface) -> pygame.Surface:
        """A copy of what the scenes keep in ``frame``, without the overlays (tests, screenshots)."""
        out = frame.copy()
        for rect, pixels in self._under:
            out.blit(pixels, rect)
        return out


def merge(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every pair that overlaps joined into one (fewer, larger draws)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        joined = True
        while joined:
            joined = False
            for i, o in enumerate(out):
                if o.colliderect(r):
                    r = r.union(out.pop(i))
                    joined = True
                    break
        out.append(r)
    return out


def frame_times_box(app, times_ms: list[float]) -> pygame.Surface:
    """The F3 overlay: frame times (median and 95th percentile of ``times_ms``) and how the
    frame is presented."""
    times = sorted(times_ms) or [0.0]
    p50 = times[len(times) // 2]
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    line = app.t("shell.frame_times", p50=f"{p50:.2f}", p95=f"{p95:.2f}", frames=len(times))
    font = app.fonts.font(24)
    lines = [font.render(line, True, (180, 255, 180)),
             font.render(app.presenter.describe(short=True), True, (180, 255, 180))]   # how it is scaled
    w = max(t.get_width() for t in lines)
    box = pygame.Surface((w + 24, sum(t.get_height() for t in lines) + 12), pygame.SRCALPHA)
    box.fill((0, 0, 0, 190))
    y = 6
    for t in lines:
        box.blit(t, (12, y))
        y += t.get_height()
    return box
