"""Sand hourglasses for the Pendulum table (DESIGN.md, "Hourglasses").

The engine's timer decides time; the sand only shows it. Each :class:`Hourglass` owns a
small pymunk space with ``grains`` circle bodies, two bulbs joined by a neck, and a *gate*
segment across the neck. ``meter(remaining, duration)`` computes how many grains must have
passed the neck for that remaining time and *releases* exactly that many (the released
grain is the one nearest the neck; releasing only changes its collision filter so it
no longer touches the gate). pymunk then animates the fall and the settling. When the
engine says the timer finished, every grain has been released, and any still above the
neck is put just below it, so the upper bulb is empty exactly then.

``flip()`` starts a half-turn animation (``FLIP_TIME`` s); at its end the grains'
positions are mirrored through the neck and the metering restarts from the new
bottom count. Physics runs at a fixed step (``PHYSICS_DT``), few iterations, with
sleeping on, so a settled pile costs almost nothing.

Drawing: the glass is a cached surface; grains are blitted as one ``fblits`` batch of
a tiny pre-rendered dot. Nothing here imports game rules.

The pymunk space is built when the sand first has to move (the first physics step, a flip,
a forced emptying): until then the grains are a plain list of where they lie, which is all
drawing, metering and filling need. A screen whose first frame moves no sand (the teaching
screen, untimed play) shows it without importing pymunk (start-up time).
"""
from __future__ import annotations

import math
import random

import pygame

PHYSICS_DT = 1.0 / 30.0       # fixed physics step (the table staggers its glasses across frames)
FLIP_TIME = 0.6

_WALL = 0b001
_GATE = 0b010
_GRAIN = 0b100


def _pymunk():
    """pymunk and the grains' two collision filters (held above the gate / free), on the
    first sand that moves (start-up time: module docstring)."""
    import pymunk   # noqa: PLC0415 - start-up time: only when sand first moves
    import pymunk.batch   # noqa: PLC0415
    held = pymunk.ShapeFilter(categories=_GRAIN, mask=_WALL | _GATE | _GRAIN)
    free = pymunk.ShapeFilter(categories=_GRAIN, mask=_WALL | _GRAIN)
    return pymunk, held, free


class Hourglass:
    """One sand timer. Local coordinates: origin at the neck, y grows downwards."""

    def __init__(self, grains: int = 160, width: int = 76, height: int = 190,
                 sand=(226, 190, 110), frame=(120, 90, 40), grain_radius: float = 2.4,
                 seed: int = 0, full: bool = True):
        self.n = int(grains)
        self.w = width
        self.h = height
        self.r = grain_radius
        self.neck = max(2.3 * 2 * grain_radius, 10.0)
        self.sand = tuple(sand)
        self.frame_color = tuple(frame)
        self.angle = 0.0            # drawn rotation during a flip animation (degrees)
        self._flip_t = None         # seconds into a running flip animation
        self.just_flipped = False
        self.flips = 0
        self._outline = self._make_outline()
        rng = random.Random(seed)
        spots = self._lattice(rng)
        # where each grain lies (``bodies`` order) until the pymunk space is built (``world``)
        self._born = [(x, -y if full else y) for x, y in spots[:self.n]]
        self._lying: list[tuple] | None = list(self._born)
        self.released: list[bool] = [y > 0 for _x, y in self._born]
        self.space = None           # the pymunk space (``world``), its bodies and shapes
        self._filters = None         # pymunk's (held, free) collision filters, with the space
        self.bodies: list = []
        self.shapes: list = []
        self._glass_cache: dict = {}
        self._dot = None
        self._index: dict = {}
        self._pos = None
        self._ordered = None
        self._batch = self._buf = None   # pymunk.batch and its buffer, with the space
        self._acc = 0.0
        self._frames = 0
        self.version = 0            # bumps whenever a grain may have moved (drawing cache key)
        self._comp = None           # (key, surface): glass + sand, reused while nothing moves
        # ``skin(surface, rect, fallback)`` draws the glass's frame (tabletop.ui.skin.draw with the
        # timer's image id, set by the table); None: the built-in glass
        self.skin = None

    # ------------------------------------------------------------------ the pymunk world
    def world(self):
        """The pymunk space, built now if it was not: walls, gate and one body per grain, held
        above the gate unless released. The bodies go in where the grains were made and are
        then put where they lie, as when the space was built with the glass: the same space,
        so the same sand from here on."""
        if self.space is not None:
            return self.space
        pymunk, held, free = _pymunk()
        self._filters = (held, free)
        self.space = pymunk.Space()
        self.space.gravity = (0, 500)
        self.space.iterations = 4
        self.space.sleep_time_threshold = 0.25
        self.space.idle_speed_threshold = 12.0
        self.space.collision_slop = 0.3
        self._make_walls(pymunk)
        for born, released in zip(self._born, self.released):
            body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, self.r))
            body.position = born
            shape = pymunk.Circle(body, self.r)
            shape.friction = 0.35
            shape.elasticity = 0.0
            shape.filter = free if released else held
            self.space.add(body, shape)
            self.bodies.append(body)
            self.shapes.append(shape)
        for body, xy in zip(self.bodies, self._lying):
            if xy != body.position:
                body.position = xy
        self._index = {b.id: i for i, b in enumerate(self.bodies)}
        self._batch = pymunk.batch
        self._buf = pymunk.batch.Buffer()
        self._lying = self._born = None
        self._moved()
        return self.space

    def _set_filter(self, i: int, released: bool) -> None:
        self.released[i] = released
        if self.space is not None:
            self.shapes[i].filter = self._filters[1 if released else 0]

    # ------------------------------------------------------------------ geometry
    def _make_outline(self):
        """Right half of the inner outline from the top rim down to the neck (y<0):
        a short straight bulb, then a steep funnel (sand must not rest on it)."""
        hw, hh, nk = self.w / 2, self.h / 2, self.neck / 2
        straight = hh * 0.32
        y0 = -hh + straight
        pts = [(hw, -hh), (hw, y0)]
        steps = 4
        for i in range(1, steps + 1):
            t = i / steps
            x = hw + (nk - hw) * (t * 0.75 + 0.25 * t * t)
            pts.append((x, y0 + (-3 - y0) * t))
        pts.append((nk, 0.0))
        return pts

    def _make_walls(self, pymunk):
        sb = self.space.static_body
        t = 4.0                               # thick walls, pushed outwards by their radius
        right = [(x + t, y - (t if i == 0 else 0)) for i, (x, y) in enumerate(self._outline)]
        halves = [right, [(-x, y) for x, y in right]]
        halves += [[(x, -y) for x, y in h] for h in halves]
        segs = []
        for h in halves:
            for a, b in zip(h, h[1:]):
                segs.append(pymunk.Segment(sb, a, b, t))
        hw, hh = self.w / 2 + t, self.h / 2 + t
        segs.append(pymunk.Segment(sb, (-hw, -hh), (hw, -hh), t))
        segs.append(pymunk.Segment(sb, (-hw, hh), (hw, hh), t))
        for s in segs:
            s.friction = 0.15
            s.filter = pymunk.ShapeFilter(categories=_WALL)
        gate = pymunk.Segment(sb, (-self.neck / 2 - t, 0), (self.neck / 2 + t, 0), 1.0)
        gate.filter = pymunk.ShapeFilter(categories=_GATE)
        gate.friction = 0.3
        self.space.add(*segs, gate)

    def half_width_at(self, y: float) -> float:
        """Inner half width at height y (symmetric about the neck)."""
        y = -abs(y)
        pts = self._outline
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            if y0 <= y <= y1:
                t = 0 if y1 == y0 else (y - y0) / (y1 - y0)
                return x0 + (x1 - x0) * t
        return self.neck / 2

    def _lattice(self, rng):
        """Packed spots filling the lower bulb from the bottom up."""
        d = 2 * self.r + 0.15
        spots = []
        y = self.h / 2 - self.r - 1.6
        row = 0
        while y > self.r * 2 and len(spots) < self.n:
            hw = self.half_width_at(y) - self.r * 1.8 - 2.0
            off = (d / 2) if row % 2 else 0.0
            x = -hw + off
            while x <= hw and len(spots) < self.n:
                spots.append((x + rng.uniform(-0.2, 0.2), y))
                x += d
            y -= d * 0.866
            row += 1
        while len(spots) < self.n:          # overflow: heap above the neck region
            spots.append((rng.uniform(-self.w / 4, self.w / 4), self.r * 3))
        return spots

    # ------------------------------------------------------------------ positions
    def _raw(self):
        """(ids, xs, ys) of every body in the space, one batch call (pymunk.batch; reading
        ``body.position`` one by one costs ~70x more). Cached until something moves. Before
        the space is built: the grains where they lie, ids their places in ``bodies``."""
        if self._pos is None and self.space is None:
            self._pos = (list(range(self.n)), [x for x, _y in self._lying], [y for _x, y in self._lying])
            self._ordered = list(self._lying)
        elif self._pos is None:
            batch = self._batch
            buf = self._buf
            buf.clear()
            batch.get_space_bodies(self.space, batch.BodyFields.BODY_ID | batch.BodyFields.POSITION, buf)
            ids = memoryview(buf.int_buf()).cast("Q").tolist()
            fl = memoryview(buf.float_buf()).cast("d").tolist()
            self._pos = (ids, fl[0::2], fl[1::2])
            self._ordered = None
        return self._pos

    def points(self):
        """Grain centres in any order (drawing)."""
        ids, xs, ys = self._raw()
        idx = self._index
        if self.space is None or (len(ids) == self.n and ids[0] in idx):
            return list(zip(xs, ys))
        return [(x, y) for b, x, y in zip(ids, xs, ys) if b in idx]

    def positions(self):
        """(x, y) of every grain in ``self.bodies`` order (metering)."""
        self._raw()
        if self._ordered is None:
            ids, xs, ys = self._pos
            out = [(0.0, 0.0)] * self.n
            idx = self._index
            for k, bid in enumerate(ids):
                i = idx.get(bid)
                if i is not None:
                    out[i] = (xs[k], ys[k])
            self._ordered = out
        return self._ordered

    def _moved(self):
        self._pos = None
        self.version += 1

    # ------------------------------------------------------------------ metering
    @property
    def passed(self) -> int:
        return sum(self.released)

    def grains_above(self) -> int:
        """Grains physically above the neck (what the player sees as sand still to run)."""
        return sum(1 for x, y in self.points() if y < 0)

    def target_for(self, remaining: float, duration: float, lead: float = 0.0) -> int:
        """How many grains have passed the neck when ``remaining`` of ``duration`` is left.
        ``lead`` (engine seconds) releases grains a little early so they have cleared the
        neck by the moment the engine reaches them."""
        if duration <= 0 or remaining <= 0:
            return self.n
        span = max(duration - lead, 1e-6)
        elapsed = duration - remaining
        return max(0, min(self.n, int(elapsed / span * self.n)))

    def meter(self, remaining: float, duration: float, lead: float = 0.0) -> int:
        """Release grains until as many have passed as the engine's time says. Returns the
        number released this call. At ``remaining <= 0`` the upper bulb is emptied."""
        if self._flip_t is not None:
            return 0
        target = self.target_for(remaining, duration, lead)
        need = target - self.passed
        done = 0
        if need > 0:
            pos = self.positions()
            held = [i for i, r in enumerate(self.released) if not r]
            held.sort(key=lambda i: (-pos[i][1] + abs(pos[i][0]) * 0.6))
            for i in held[:need]:
                self._release(i)
                done += 1
        if remaining <= 0 and self.grains_above():
            self._force_empty()
        self._frames += 1
        if self._frames % 30 == 0:
            self._contain()
        return done

    def _contain(self):
        """A grain squeezed out of the glass (rare overlap push) goes back to the pile."""
        if self.space is None:
            return                  # nothing has moved yet
        lim_x, lim_y = self.w / 2 + 1, self.h / 2 + 1
        pts = self.points()
        if all(-lim_x <= x <= lim_x and -lim_y <= y <= lim_y for x, y in pts):
            return
        for i, (x, y) in enumerate(self.positions()):
            if abs(x) > lim_x or abs(y) > lim_y:
                b = self.bodies[i]
                self._moved()
                b.position = (0, self.h / 2 - self.r * 6)
                b.velocity = (0, 0)
                if not self.released[i]:
                    self._set_filter(i, True)

    def _release(self, i):
        self._set_filter(i, True)
        if self.space is not None:
            self.bodies[i].activate()

    def _force_empty(self):
        """Anything still above the neck when the engine says 'finished' drops below it."""
        self.world()
        spot = 0
        pos = self.positions()
        for i, b in enumerate(self.bodies):
            if pos[i][1] < 0:
                self._moved()
                if not self.released[i]:
                    self._release(i)
                b.position = ((spot % 3 - 1) * self.r * 2.1, self.r * 2 + (spot // 3) * self.r * 2.1)
                b.velocity = (0, 60)
                b.activate()
                spot += 1

    def stagger(self, k: int) -> None:
        """Offset this glass's physics clock by ``k`` frames so several glasses do not all step
        their physics in the same frame."""
        self._acc = k / 60.0

    def fill_to(self, fraction_left: float):
        """Put the sand straight into the state for ``fraction_left`` (no animation):
        used when a game is loaded or the glass is rebuilt mid-run."""
        above = int(round(max(0.0, min(1.0, fraction_left)) * self.n))
        rng = random.Random(7)
        spots = self._lattice(rng)
        below = self.n - above
        self._moved()
        lying = []
        for i in range(self.n):
            x, y = spots[i] if i < below else spots[i - below]
            if i >= below:
                y = -y
            lying.append((x, y))
            self._set_filter(i, y > 0)
        if self.space is None:
            self._lying = lying
            return
        for b, xy in zip(self.bodies, lying):
            b.position = xy
            b.velocity = (0, 0)
            b.activate()

    # ------------------------------------------------------------------ flip
    @property
    def flipping(self) -> bool:
        return self._flip_t is not None

    def flip(self):
        """Start the half-turn; the sand is mirrored when it ends."""
        if self._flip_t is None:
            self._flip_t = 0.0

    def resync(self, fraction_left: float, tolerance: float = 0.15) -> bool:
        """After a flip, if the sand on top is far from what the engine's timer says (e.g. a
        timer moved before its sand ran out), put it straight into that state."""
        want = max(0.0, min(1.0, fraction_left)) * self.n
        if abs(self.grains_above() - want) > tolerance * self.n:
            self.fill_to(fraction_left)
            return True
        return False

    def _finish_flip(self):
        self.just_flipped = True
        self._flip_t = None
        self.angle = 0.0
        self.flips += 1
        self.world()
        pos = self.positions()
        self._moved()
        for i, b in enumerate(self.bodies):
            x, y = pos[i]
            b.position = (-x, -y)
            vx, vy = b.velocity
            b.velocity = (-vx * 0.2, -vy * 0.2)
            above = -y < 0
            self._set_filter(i, not above)
            b.activate()

    # ------------------------------------------------------------------ stepping
    def step(self, dt: float = 1.0 / 60.0, physics: bool = True):
        """Advance the flip animation by ``dt`` and, unless paused, the physics by one fixed step."""
        if self._flip_t is not None:
            self._flip_t += dt
            t = min(1.0, self._flip_t / FLIP_TIME)
            ease = t * t * (3 - 2 * t)
            self.angle = 180.0 * ease
            if self._flip_t >= FLIP_TIME:
                self._finish_flip()
            return
        if physics:
            self._acc += dt
            while self._acc >= PHYSICS_DT - 1e-9:
                self._acc -= PHYSICS_DT
                self.world().step(PHYSICS_DT)
                self._moved()

    # ------------------------------------------------------------------ drawing
    def _glass(self, scale: float):
        key = round(scale, 3)
        surf = self._glass_cache.get(key)
        if surf is not None:
            return surf
        pad = 8     # as in _draw_glass
        w = int((self.w + 2 * pad) * scale)
        h = int((self.h + 2 * pad) * scale)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if self.skin is not None:
            self.skin(surf, surf.get_rect(), lambda s, r: self._draw_glass(s, r, scale))
        else:
            self._draw_glass(surf, surf.get_rect(), scale)
        self._glass_cache[key] = surf
        return surf

    def _draw_glass(self, surf, rect, scale):
        """The built-in glass: bulbs, the two caps and the two posts, filling ``rect``."""
        pad = 8
        cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
        right = self._outline
        outline = right + [(x, -y) for x, y in reversed(right)]
        outline += [(-x, y) for x, y in reversed(outline)]
        pts = [(cx + x * scale, cy + y * scale) for x, y in outline]
        pygame.draw.polygon(surf, (235, 240, 250, 60), pts)
        pygame.draw.polygon(surf, (230, 235, 245, 200), pts, max(1, int(2 * scale)))
        cap = self.frame_color
        bw = (self.w + 2 * pad) * scale
        for sy in (-1, 1):
            y = cy + sy * (self.h / 2 + pad / 2) * scale
            r = pygame.Rect(0, 0, bw, pad * scale)
            r.center = (cx, y)
            pygame.draw.rect(surf, cap, r, border_radius=int(3 * scale))
            pygame.draw.rect(surf, (30, 24, 16), r, 1, border_radius=int(3 * scale))
        for sx in (-1, 1):
            x = cx + sx * (self.w / 2 + pad * 0.55) * scale
            pygame.draw.line(surf, cap, (x, cy - self.h / 2 * scale), (x, cy + self.h / 2 * scale),
                             max(2, int(3 * scale)))

    def _dot_surface(self, scale):
        key = ("dot", round(scale, 3))
        dot = self._glass_cache.get(key)
        if dot is None:
            d = max(2, int(round(2 * self.r * scale)))
            dot = pygame.Surface((d, d))
            dot.fill(self.sand)
            dark = tuple(max(0, c - 40) for c in self.sand)
            if d >= 4:
                dot.set_at((d - 1, d - 1), dark)
                dot.set_at((0, 0), dark)
            if pygame.display.get_surface() is not None:
                dot = dot.convert()
            self._glass_cache[key] = dot
        return dot

    def draw(self, surface: pygame.Surface, center, scale: float = 1.0):
        """Glass and sand at ``center``. Upright, the composite is cached until a grain moves
        (sleeping, paused or untimed glasses cost one small blit); during a flip it is drawn
        rotated every frame."""
        cx, cy = center
        glass = self._glass(scale)
        dot = self._dot_surface(scale)
        half = dot.get_width() / 2
        ids, xs, ys = self._raw()
        if self.angle:
            rad = math.radians(self.angle)
            ca, sa = math.cos(rad), math.sin(rad)
            rot = pygame.transform.rotate(glass, -self.angle)
            surface.blit(rot, rot.get_rect(center=(cx, cy)))
            pts = self.points()
            surface.fblits([(dot, (cx + (x * ca - y * sa) * scale - half, cy + (x * sa + y * ca) * scale - half))
                            for x, y in pts])
            return
        key = (round(scale, 3), self.version)
        if self._comp is None or self._comp[0] != key:
            comp = self._comp[1] if self._comp is not None and self._comp[1].get_size() == glass.get_size() else None
            if comp is None:
                comp = pygame.Surface(glass.get_size(), pygame.SRCALPHA)
                if pygame.display.get_surface() is not None:
                    comp = comp.convert_alpha()
            comp.fill((0, 0, 0, 0))
            comp.blit(glass, (0, 0))
            gw, gh = glass.get_size()
            ox, oy = gw / 2 - half, gh / 2 - half
            comp.fblits([(dot, (ox + x * scale, oy + y * scale)) for x, y in self.points()])
            self._comp = (key, comp)
        comp = self._comp[1]
        surface.blit(comp, comp.get_rect(center=(cx, cy)))

    def rect(self, center, scale: float = 1.0) -> pygame.Rect:
        g = self._glass(scale)
        return g.get_rect(center=(int(center[0]), int(center[1])))
