"""Putting the logical 1920×1080 frame in the window (the App's presenter).

The scenes draw on one logical surface; the presenter shows it in a window of any size,
letterboxed, one of two ways, chosen once at start (``window.scaling`` in
config/settings.yaml: ``auto`` | ``gpu`` | ``cpu``), logged, and shown by F3:

* **GPU** -- pygame's ``SCALED`` display mode: the display surface *is* the logical
  frame; on ``flip`` SDL uploads it as a texture and its renderer scales it to the window
  with linear filtering (``SDL_RENDER_SCALE_QUALITY=linear``; any scale, not only whole
  multiples). Mouse positions arrive already in logical coordinates. ``auto`` takes this
  only when SDL gives a hardware renderer (pygame warns "no fast renderer available"
  otherwise, and the presenter falls back to the CPU).
* **CPU** -- a window surface of the window's size; the presenter scales what changed:
  each changed logical rectangle is smooth-scaled on its own into the window and only
  those window rectangles are updated. A frame that changed as a whole while the screen
  is animating is scaled the fast way (nearest pixel) and smoothed once it is still
  (``idle()``); a screen that never reports stillness is smooth-scaled every frame.
  ``window.smooth_scaling: false`` always scales the fast way.

The dummy video driver (tests, benches) has no hardware renderer: ``auto`` picks the CPU
there, and ``gpu`` forced on it runs SDL's software renderer -- it checks the GPU code
path (coordinates, screenshots), not its speed. What the dummy driver measures is the CPU
work of a frame (drawing, CPU scaling, copying to the window surface); it cannot measure
a GPU's scaling, a texture upload to real video memory, vsync or a compositor.
"""
from __future__ import annotations

import math
import os
import warnings

import pygame

LOGICAL_SIZE = (1920, 1080)
CHOICES = ("auto", "gpu", "cpu")
_NO_RENDERER = ("dummy", "offscreen")       # video drivers without any renderer worth trying
_BIG = 0.5      # a change over this share of the frame is scaled as a whole frame
_PERIOD = 64    # scale ratios that repeat within this many logical pixels are aligned to


def display_surface(size) -> pygame.Surface:
    """A new black surface of ``size`` in the window's pixel format, made in it directly:
    ``pygame.Surface(size).convert()`` makes one in another format and then copies it (for a
    1920×1080 layer about 0.3 ms against 17 ms, measured on a loaded machine). Without a
    window, a plain surface."""
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def _fit(window_size) -> tuple[float, pygame.Rect]:
    """Scale and letterboxed view rectangle of the logical frame in a window."""
    ww, wh = window_size
    lw, lh = LOGICAL_SIZE
    scale = min(ww / lw, wh / lh) if ww and wh else 1.0
    sw, sh = max(1, round(lw * scale)), max(1, round(lh * scale))
    return scale, pygame.Rect((ww - sw) // 2, (wh - sh) // 2, sw, sh)


def _span(a: int, b: int, scaled: int, logical: int):
    """For the logical span [a, b) scaled from ``logical`` to ``scaled`` pixels: the
    window span it covers (one pixel more each side), the source span to scale (a margin
    of two, aligned to the ratio's period when that is short), the source's scaled start
    and its scaled length."""
    k = scaled / logical
    lo, hi = max(0, math.floor(a * k) - 1), min(scaled, math.ceil(b * k) + 1)
    s0, s1 = max(0, math.floor(lo / k) - 2), min(logical, math.ceil(hi / k) + 2)
    period = logical // math.gcd(scaled, logical)
    if period <= _PERIOD:
        s0, s1 = s0 - s0 % period, min(logical, -(-s1 // period) * period)
        start = s0 * scaled // logical
        return lo, hi, s0, s1, start, s1 * scaled // logical - start
    start = round(s0 * k)
    return lo, hi, s0, s1, start, max(1, round(s1 * k) - start)


class Presenter:
    """Window, scaling and presenting (see the module docstring). ``window`` is the
    display surface, ``logical`` the surface the scenes draw on, ``scale``/``view_rect``
    map logical to window coordinates (identity on the GPU path)."""

    def __init__(self, size, fullscreen: bool = False, choice: str = "auto", smooth: bool = True):
        self.windowed_size = (int(size[0]), int(size[1]))
        self.fullscreen = bool(fullscreen)
        self.smooth = bool(smooth)
        self.choice = choice if choice in CHOICES else "auto"
        self.mode = "cpu"
        self.reason = ""
        self._logical: pygame.Surface | None = None
        self._scaled: pygame.Surface | None = None
        self._refine = False        # the window shows a fast-scaled frame: smooth it when still
        self._changed_last = False  # the previous frame changed (the screen is animating)
        self._still_seen = False    # the scenes shown have been still at least once
        self.stand_in = None        # draws the frame a kept picture stands in for (frameshot.py)
        self.window = self._open()
        self.layout()

    # --- opening the window ----------------------------------------------------------------
    def _open(self) -> pygame.Surface:
        driver = pygame.display.get_driver()
        if self.choice == "cpu":
            self.reason = "chosen in settings"
        elif self.choice == "auto" and driver in _NO_RENDERER:
            self.reason = f"the {driver} video driver has no renderer"
        else:
            surf = self._open_gpu()
            if surf is not None:
                return surf
        self.mode = "cpu"
        return self._set_mode_cpu()

    def _open_gpu(self) -> pygame.Surface | None:
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")   # SDL: linear filtering
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")   # pygame: not only whole multiples
        flags = pygame.SCALED | (pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE)
        if pygame.display.get_surface() is not None:
            # a plain window is open already: SCALED needs a fresh display (pygame-ce issue 2737)
            pygame.display.quit()
            pygame.display.init()
        surf = None
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                surf = pygame.display.set_mode(LOGICAL_SIZE, flags)
            except pygame.error as exc:
                self.reason = f"no renderer ({exc})"
        slow = any("no fast renderer" in str(w.message) for w in caught)
        if surf is not None and slow and self.choice == "auto":
            self.reason, surf = "no hardware renderer", None
        if surf is None:
            # leaving SCALED for a plain window needs a fresh display (pygame-ce issue 2737)
            pygame.display.quit()
            pygame.display.init()
            return None
        self.mode = "gpu"
        self.reason = "software renderer (forced)" if slow else "hardware renderer"
        if not self.fullscreen:
            self._size_window(self.windowed_size)
        return surf

    @staticmethod
    def _sdl_window():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")       # the display module's window, as pygame-ce offers it
            return pygame.Window.from_display_module()

    def _size_window(self, size) -> None:
        try:
            win = self._sdl_window()
            win.minimum_size = (320, 180)          # SCALED sets the logical size as the minimum
            win.size = size
        except (pygame.error, AttributeError, ValueError):
            pass

    def _set_mode_cpu(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def describe(self, short: bool = False) -> str:
        """One line for the log; ``short``: for the F3 overlay, in any language (only
        "GPU"/"CPU" and the window size, no words to translate)."""
        w, h = self.window_size
        if short:
            return f"{self.mode.upper()} · {w}×{h}"
        how = "GPU (SDL renderer, linear)" if self.mode == "gpu" else \
            ("CPU (changed areas, smooth when still)" if self.smooth else "CPU (fast)")
        return f"{how} · {w}×{h} · {self.reason}"

    # --- size and coordinates -------------------------------------------------------------------
    @property
    def window_size(self) -> tuple[int, int]:
        if self.mode == "gpu":
            return tuple(pygame.display.get_window_size())
        return self.window.get_size()

    def layout(self) -> None:
        self._scaled = None
        self._refine = False
        self._exact_parts = True
        if self.mode == "gpu":
            self.scale, self.view_rect, self.direct = 1.0, pygame.Rect((0, 0), LOGICAL_SIZE), True
            return
        self.scale, self.view_rect = _fit(self.window.get_size())
        self.direct = self.window.get_size() == LOGICAL_SIZE
        # a part scaled on its own has exactly the pixels of a whole-frame scale when the
        # frame shrinks by a simple ratio (1280×720: 2/3) -- see _span
        self._exact_parts = self.scale < 1 and all(
            n // math.gcd(m, n) <= _PERIOD for m, n in zip(self.view_rect.size, LOGICAL_SIZE))

    def resized(self) -> None:
        """After a window size event."""
        if self.mode == "gpu":
            if not self.fullscreen:
                self.windowed_size = self.window_size
            return
        if not self.fullscreen:
            surf = pygame.display.get_surface()
            if surf is not None:
                self.window = surf
                self.windowed_size = surf.get_size()
        self.layout()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.mode == "gpu":
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                self.fullscreen = not self.fullscreen
            if not self.fullscreen:
                self._size_window(self.windowed_size)
            self.window = pygame.display.get_surface()
        else:
            self.window = self._set_mode_cpu()
        self.layout()

    @property
    def logical(self) -> pygame.Surface:
        """The 1920×1080 surface the scenes draw on (the display surface itself when it is
        that size, and always on the GPU path). While a kept picture stands in for the first
        frame (``stand_in``, frameshot.py), the frame is drawn first."""
        if self.stand_in is not None:
            draw, self.stand_in = self.stand_in, None
            draw()
        if self.direct:
            return self.window
        if self._logical is None:
            self._logical = pygame.Surface(LOGICAL_SIZE, 0, self.window)
        return self._logical

    def window_to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int((x - self.view_rect.x) / self.scale), int((y - self.view_rect.y) / self.scale))

    def logical_to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (round(x * self.scale + self.view_rect.x), round(y * self.scale + self.view_rect.y))

    # --- presenting ---------------------------------------------------------------------------------
    def new_scenes(self) -> None:
        """Other scenes are shown: forget that the previous ones were ever still."""
        self._still_seen = False
        self._changed_last = False

    def present(self, dirty: list[pygame.Rect] | None, first: bool = False) -> None:
        """Show the logical frame the scenes just drew; ``dirty`` lists the logical
        rectangles that changed (None: the whole frame). ``first``: the program's first
        frame (scaled the fast way so the window shows sooner, smoothed next)."""
        animating = self._changed_last and self._still_seen
        self._changed_last = True
        if self.mode == "gpu":
            pygame.display.flip()          # SDL uploads the frame, the renderer scales it
            return
        rects = None
        if dirty is not None:
            bounds = pygame.Rect((0, 0), LOGICAL_SIZE)
            rects = [r.clip(bounds) for r in dirty]
            rects = [r for r in rects if r.w > 0 and r.h > 0]
            if sum(r.w * r.h for r in rects) > _BIG * LOGICAL_SIZE[0] * LOGICAL_SIZE[1]:
                rects = None
        if self.direct:
            if rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(rects)
            return
        if self.view_rect.size == LOGICAL_SIZE:           # a larger window: bars, no scaling
            if rects is None:
                self.window.fill((0, 0, 0))
                self.window.blit(self.logical, self.view_rect)
                pygame.display.flip()
            else:
                out = [self.window.blit(self.logical, r.move(self.view_rect.topleft), r) for r in rects]
                pygame.display.update(out)
            return
        if rects is None:
            fast = not self.smooth or first or animating
            self._scale_all(smooth=not fast)
            self._refine = fast and self.smooth
            pygame.display.flip()
            return
        pygame.display.update([self._scale_part(r) for r in rects])
        if not self._exact_parts:
            self._refine = self.smooth      # edges of the parts may sit a sub-pixel off: smooth when still

    def idle(self) -> bool:
        """Nothing changed this frame. Smooths a fast-scaled frame; True when it did (the
        window changed)."""
        self._changed_last = False
        self._still_seen = True
        if not self._refine:
            return False
        self._refine = False
        self._scale_all(smooth=True)
        pygame.display.flip()
        return True

    def _scale_all(self, smooth: bool) -> None:
        scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
        if self.view_rect.size == self.window.get_size():
            scale(self.logical, self.view_rect.size, self.window)   # no bars: straight into the window
            return
        if self._scaled is None or self._scaled.get_size() != self.view_rect.size:
            # made when first needed (a window with bars; start-up time): an own surface, not a
            # subsurface of the window, whose pixels may be reallocated by a resize before its
            # event arrives
            self._scaled = pygame.Surface(self.view_rect.size, 0, self.window)
        scale(self.logical, self.view_rect.size, self._scaled)
        self.window.fill((0, 0, 0))     # letterbox bars
        self.window.blit(self._scaled, self.view_rect)

    def _scale_part(self, r: pygame.Rect) -> pygame.Rect:
        """Scale the logical rectangle ``r`` into the window; returns the window rectangle.
        The source is widened by a margin (the filter sees the same neighbours as a
        whole-frame scale) and, where the scale is a simple ratio (1280×720 is 2/3),
        aligned to it, so the pixels are exactly those of a whole-frame smooth scale."""
        x0, x1, sx0, sx1, ox, w = _span(r.x, r.right, self.view_rect.w, LOGICAL_SIZE[0])
        y0, y1, sy0, sy1, oy, h = _span(r.y, r.bottom, self.view_rect.h, LOGICAL_SIZE[1])
        src = self.logical.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
        part = (pygame.transform.smoothscale if self.smooth else pygame.transform.scale)(src, (w, h))
        dest = (self.view_rect.x + x0, self.view_rect.y + y0)
        return self.window.blit(part, dest, pygame.Rect(x0 - ox, y0 - oy, x1 - x0, y1 - y0))

    def window_image(self) -> pygame.Surface:
        """The frame as the window shows it at rest (smooth-scaled and letterboxed to the
        window's size), composed on the CPU whichever path presents it: screenshots."""
        size = self.window_size
        if size == LOGICAL_SIZE:
            return self.logical.copy()
        _, view = _fit(size)
        out = pygame.Surface(size)
        out.fill((0, 0, 0))
        if view.size == LOGICAL_SIZE:
            out.blit(self.logical, view)
        else:
            out.blit(pygame.transform.smoothscale(self.logical, view.size), view)
        return out
