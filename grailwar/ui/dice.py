"""The dice tray. The engine rolls (a ``Rolled`` event: die, value, target, who may see it);
the tray throws that die with pymunk at a fixed physics step and, as it comes to rest,
shows the engine's value on its face. Rolls queue so a burst of events plays back in
order; ``skip()`` lands everything at once."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from tabletop.ui import skin
from tabletop.ui.tooltip import elide_line, wrap_lines

from . import theme as T

PHYS_DT = 1 / 120          # fixed physics step (presentation only)
REST_SPEED = 14.0
REST_SPIN = 0.6
HOLD = 0.55                # seconds a landed die stays before the next throw
TONE_COLOUR = {"good": T.GOOD, "bad": T.BAD}


def _pymunk():
    import pymunk   # on the first throw, not before the first frame (start-up time)
    return pymunk


@dataclass
class Roll:
    """One throw: the engine's ``Rolled`` event and the two captions (while rolling, landed)."""
    die: int               # faces: 100, 10, 6, 3, 2, or the length of a random pick's list
    value: int             # the face the engine rolled (0-9 for table digits)
    line: str              # the dice-bot caption, shown once the die lands
    label: str = ""        # the caption while it rolls (never the result)
    success: bool | None = None
    on_land: object = None   # callback when the die comes to rest
    faces: list = field(default_factory=list)   # filled by the tray: (kind, face text) per die
    tone: str | None = None  # "good" / "bad" for the viewer (``tone.of_entry``), None: neutral
    entry: object = None     # the log entry the captions were made from (made again in another language)

    @classmethod
    def of(cls, rolled, line, label="", on_land=None, tone=None, entry=None):
        """A throw for a ``grailwar.rules.events.Rolled``; ``tone`` colours the landed caption
        as good or bad news for the viewer (a rival's failure is good news)."""
        return cls(rolled.die, rolled.value, line, label, rolled.success, on_land, tone=tone, entry=entry)


def dice_for(die: int, value) -> list:
    """Which dice to throw and what each shows when it lands: [(kind, face text)]. A d100 is
    a tens die and a units die (100 shows 00 and 0)."""
    if die == 100:
        v = int(value)
        tens = 0 if v == 100 else (v // 10) * 10
        units = 0 if v == 100 else v % 10
        return [("d100", f"{tens:02d}"), ("d10", str(units))]
    return [(f"d{die}", str(value))]


class _Die:
    def __init__(self, space, kind, final, pos, vel, spin, size, rng):
        self.kind, self.final, self.size = kind, final, size
        if kind == "d6":
            verts = [(-size / 2, -size / 2), (size / 2, -size / 2), (size / 2, size / 2), (-size / 2, size / 2)]
        else:   # a kite seen from above (pentagonal trapezohedron)
            s = size * 0.62
            verts = [(0, -s * 1.25), (s, -s * 0.15), (0, s * 1.0), (-s, -s * 0.15)]
        self.verts = verts
        mass = 1.0
        pymunk = _pymunk()
        self.body = pymunk.Body(mass, pymunk.moment_for_poly(mass, verts))
        self.body.position = pos
        self.body.velocity = vel
        self.body.angular_velocity = spin
        self.shape = pymunk.Poly(self.body, verts)
        self.shape.elasticity = 0.55
        self.shape.friction = 0.7
        space.add(self.body, self.shape)
        self.rng = rng
        self.face = self._random_face()
        self._last_angle = self.body.angle
        self.rest = False
        self._cache = {}

    def _random_face(self):
        if self.kind == "d6":
            return str(self.rng.randint(1, 6))
        if self.kind == "d100":
            return f"{self.rng.randint(0, 9) * 10:02d}"
        if self.kind == "d10":
            return str(self.rng.randint(0, 9))
        if self.kind[1:].isdigit():
            return str(self.rng.randint(1, int(self.kind[1:])))
        return str(self.rng.randint(1, 9))

    def tick(self):
        if self.rest:
            return
        if abs(self.body.angle - self._last_angle) > math.pi / 3:
            self._last_angle = self.body.angle
            self.face = self._random_face()
        if self.body.velocity.length < REST_SPEED and abs(self.body.angular_velocity) < REST_SPIN:
            self.rest = True
            self.face = self.final
            self.body.velocity = (0, 0)
            self.body.angular_velocity = 0

    def surface(self, app):
        key = (self.face, self.rest)
        s = self._cache.get(key)
        if s is None:
            pad = 6
            xs = [v[0] for v in self.verts]
            ys = [v[1] for v in self.verts]
            w = int(max(xs) - min(xs)) + pad * 2
            h = int(max(ys) - min(ys)) + pad * 2
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pts = [(x - min(xs) + pad, y - min(ys) + pad) for x, y in self.verts]
            body = {"d100": (236, 230, 214), "d10": (250, 250, 246), "d6": (250, 250, 246)}.get(self.kind, (250, 250, 246))
            edge = T.ACCENT if self.rest else (60, 60, 70)
            skin.draw(app, f"grailwar.die.{self.kind if self.kind in ('d6', 'd10', 'd100') else 'dn'}", s, s.get_rect(), fallback=lambda g, rr: (
                pygame.draw.polygon(g, body, pts), pygame.draw.polygon(g, edge, pts, 3)))
            cx = (max(xs) - min(xs)) / 2 + pad
            cy = (-min(ys)) + pad + (4 if self.kind in ("d10", "d100") else 0)
            if self.kind == "d6" and self.face.isdigit():
                self._pips(s, int(self.face), (cx, cy))
            else:
                size = 26 if len(self.face) <= 2 else 20 if len(self.face) <= 4 else 15
                t = app.text(self.face, size, (20, 20, 26), True)
                s.blit(t, (cx - t.get_width() / 2, cy - t.get_height() / 2))
            self._cache[key] = s
        return s

    def _pips(self, s, n, c):
        d = self.size * 0.26
        spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[max(1, min(6, n))]
        for dx, dy in spots:
            pygame.draw.circle(s, (30, 30, 36), (int(c[0] + dx * d), int(c[1] + dy * d)), max(3, int(self.size * 0.09)))


def _felt(s, r):
    """The built-in tray: green felt in a wooden frame."""
    s.fill((28, 58, 44), r)
    for i in range(0, r.w, 6):
        pygame.draw.line(s, (31, 62, 47), (r.x + i, r.y), (r.x + i, r.bottom))
    pygame.draw.rect(s, (92, 64, 40), r, 8, border_radius=6)


class DiceTray:
    def __init__(self, app, rect):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.queue: list[Roll] = []
        self.current: Roll | None = None
        self.dice: list[_Die] = []
        self.hold = 0.0
        self.shown_line = ""
        self.shown_tone = None      # the landed caption's colour: good / bad for the viewer
        self.shown_roll: Roll | None = None   # the roll whose caption is shown
        self.rng = random.Random(1234)    # presentation only; never the game's generator
        self.speed = 1.0
        self._space = None
        self._bg = None
        self._acc = 0.0
        self.landed = 0
        self.drawn_version = -1
        self.version = 0           # bumps whenever what the tray shows changes
        self.sound = None          # called with "dice_roll" / "dice_land" (the app's sound board)

    # queue ---------------------------------------------------------------------------
    def add(self, roll: Roll):
        self.queue.append(roll)

    @property
    def busy(self) -> bool:
        return bool(self.current or self.queue)

    def clear(self):
        """Forget everything shown (the screen passes to another master)."""
        self.queue.clear()
        self.current = None
        self.dice = []
        self.shown_line = ""
        self.shown_tone = None
        self.shown_roll = None
        self.hold = 0.0
        self.version += 1

    def relabel(self, captions):
        """Every caption again from its log entry (the language changed): ``captions(entry)``
        gives (once landed, while rolling)."""
        for roll in self.queue + [r for r in (self.current, self.shown_roll) if r is not None]:
            if roll.entry is not None:
                roll.line, roll.label = captions(roll.entry)
        if self.shown_roll is not None and self.shown_line:
            self.shown_line = self.shown_roll.label if self.shown_roll is self.current else self.shown_roll.line
        self.version += 1

    def skip(self):
        """Land everything queued at once (the speed-up key)."""
        while self.current or self.queue:
            if not self.current:
                self._throw(self.queue.pop(0))
            self._land_current(force=True)
        self.hold = 0

    # physics ------------------------------------------------------------------------------
    def _new_space(self):
        pymunk = _pymunk()
        space = pymunk.Space()
        space.gravity = (0, 0)          # a tray seen from above
        space.damping = 0.02            # felt and friction: velocity kept per second (settles in ~1 s)
        w, h = self.rect.w, self.rect.h - 62      # keep the dice above the dice-bot line
        walls = [((4, 4), (w - 4, 4)), ((w - 4, 4), (w - 4, h - 4)), ((w - 4, h - 4), (4, h - 4)), ((4, h - 4), (4, 4))]
        for a, b in walls:
            seg = pymunk.Segment(space.static_body, a, b, 4)
            seg.elasticity = 0.8
            seg.friction = 0.6
            space.add(seg)
        return space

    def _throw(self, roll: Roll):
        self.version += 1
        self.current = roll
        self._space = self._new_space()
        self.dice = []
        kinds = dice_for(roll.die, roll.value)
        roll.faces = kinds
        h = self.rect.h
        for i, (kind, final) in enumerate(kinds):
            pos = (44 + i * 10, (h - 62) * (0.3 + 0.35 * i) + self.rng.uniform(-12, 12))
            vel = (self.rng.uniform(900, 1300), self.rng.uniform(-380, 380))
            spin = self.rng.uniform(-16, 16)
            self.dice.append(_Die(self._space, kind, final, pos, vel, spin, 58, self.rng))
        self.shown_line = roll.label
        self.shown_tone = None
        self.shown_roll = roll
        self.hold = 0.0
        if self.sound:
            self.sound("dice_roll")

    def _land_current(self, force=False):
        self.version += 1
        roll = self.current
        if force:   # skipped: lay the dice out in the middle of the tray
            n = len(self.dice)
            for i, d in enumerate(self.dice):
                d.body.position = (self.rect.w / 2 + (i - (n - 1) / 2) * 90, (self.rect.h - 62) * 0.5)
                d.body.angle = 0
        for d in self.dice:
            d.rest = True
            d.face = d.final
            d.body.velocity = (0, 0)
            d.body.angular_velocity = 0
        self.shown_line = roll.line
        self.shown_tone = roll.tone
        self.shown_roll = roll
        self.current = None
        self.landed += 1
        if self.sound and not force:
            self.sound("dice_land")
        if roll.on_land:
            roll.on_land(roll)

    def update(self, dt):
        if self.current is None:
            if self.hold > 0:
                self.hold -= dt
                return
            if self.queue:
                self._throw(self.queue.pop(0))
            else:
                return
        speed = self.speed * (2.0 if len(self.queue) > 2 else 1.0)
        self._acc += dt * speed
        spin_keep = 0.97
        self.version += 1
        while self._acc >= PHYS_DT:
            self._acc -= PHYS_DT
            self._space.step(PHYS_DT)
            for d in self.dice:
                d.body.angular_velocity *= spin_keep
                d.tick()
        if all(d.rest for d in self.dice):
            self._land_current()
            self.hold = HOLD / max(1.0, speed)

    def caption_rows(self, line, col):
        """The dice-bot line in one or two rows that fit the tray, broken as the log breaks it
        (between words or Japanese phrases); a line too long for two rows ends in "…" (the log
        below has it whole)."""
        key = (line, col)
        if getattr(self, "_line_key", None) == key:
            return self._line_cache
        maxw = self.rect.w - 28
        rows = wrap_lines(self.app, line, size=16, width=maxw, bold=True) or [line]
        if len(rows) > 2:
            rest = line[len(rows[0]):].strip() if line.startswith(rows[0]) else " ".join(rows[1:])
            rows = [rows[0], elide_line(self.app, rest, 16, maxw, bold=True)]
        self._line_cache = [self.app.text(r, 16, col, True, cache=False) for r in rows]   # kept here
        self._line_key = key
        return self._line_cache

    # drawing -------------------------------------------------------------------------------
    def draw(self, surface, record=None):
        if self._bg is None or self._bg.get_size() != self.rect.size:
            self._bg = pygame.Surface(self.rect.size)
            skin.draw(self.app, "grailwar.tray", self._bg, self._bg.get_rect(), fallback=_felt)
        surface.blit(self._bg, self.rect.topleft)
        for d in self.dice:
            s = d.surface(self.app)
            ang = -math.degrees(d.body.angle) if not d.rest else -math.degrees(d.body.angle)
            rs = pygame.transform.rotate(s, ang) if abs(ang) > 0.5 else s
            p = d.body.position
            surface.blit(rs, (self.rect.x + p.x - rs.get_width() / 2, self.rect.y + p.y - rs.get_height() / 2))
        if self.shown_line:
            col = TONE_COLOUR.get(self.shown_tone, T.TEXT)
            line = self.shown_line
            surfs = self.caption_rows(line, col)
            hgt = sum(s.get_height() for s in surfs) + 8
            bg = pygame.Rect(self.rect.x + 8, self.rect.bottom - hgt - 10, self.rect.w - 16, hgt)
            pygame.draw.rect(surface, (10, 20, 16), bg, border_radius=4)
            y = bg.y + 4
            for s in surfs:
                surface.blit(s, (bg.x + 6, y), area=pygame.Rect(0, 0, bg.w - 10, s.get_height()))
                y += s.get_height()
            if record is not None:
                record.append(line)
        self.drawn_version = self.version
        if self.queue:
            s = self.app.text(f"+{len(self.queue)}", 16, T.ACCENT, True)
            surface.blit(s, (self.rect.right - s.get_width() - 14, self.rect.y + 10))
