"""The event animator: turns the engine's typed events into what moves on screen — workers
gliding from where they stood, a flipped glass travelling to its new row, the privilege
tokens re-ordering after the council vote, gains floating up from a seat, and the "ghosts"
of real-time drops waiting in the 4.8 window. It reads the engine only through the table's
public surface (``worker_positions``, ``glass_home``, ``view``) and never changes the state."""
from __future__ import annotations

import pygame

from tabletop.engine import Action

from . import render as R
from . import view as V

ANIM_TIME = 0.35
PRIV_ANIM = 1.2           # seconds of the privilege re-order animation at council
GHOST_LIFE = 3.0          # a drop the engine never answered is let go after this long
FLOAT_BASE = 22           # a gain starts this far above its seat's resources
FLOAT_SPEED = 30          # and rises this many logical pixels a second
FLOAT_GAP = 4             # logical pixels between two of a seat's gains rising together
COUNCIL_PHASES = ("council_rewards", "council_trim")


class Anim:
    """A straight eased glide from ``a`` to ``b`` (``key``: the piece, one glide per piece)."""
    __slots__ = ("sprite", "a", "b", "t", "dur", "key")

    def __init__(self, sprite, a, b, dur=ANIM_TIME, key=None):
        self.sprite, self.a, self.b, self.t, self.dur, self.key = sprite, a, b, 0.0, dur, key

    def pos(self):
        u = min(1.0, self.t / self.dur)
        u = u * u * (3 - 2 * u)
        return (self.a[0] + (self.b[0] - self.a[0]) * u, self.a[1] + (self.b[1] - self.a[1]) * u)


def add_anim(anims, anim):
    """One animation per piece: a newer move replaces an unfinished one."""
    if anim.key is not None:
        anims[:] = [a for a in anims if a.key != anim.key]
    anims.append(anim)


class EventAnimator:
    def __init__(self, table):
        self.table = table
        self.anims: list[Anim] = []
        self.floaters = []                # [surface, (x, y), age, lift]
        self.ghosts = {}                  # worker -> (seat, pos, age): a drop waiting in the 4.8 window
        self._ghost_from = {}
        self.privilege_anim = None
        self.glass_anim = {}
        self.glass_pos = {}
        self.last_privilege = list(table.view["privilege"])

    # ------------------------------------------------------------------ queries
    def busy(self) -> bool:
        return bool(self.anims)

    def council_shown(self, phase) -> bool:
        """The council overlay stays up while the vote's re-order plays."""
        return phase in COUNCIL_PHASES or (self.privilege_anim is not None
                                           and self.privilege_anim["t"] < PRIV_ANIM + 1.0)

    def privilege_progress(self):
        """(old order, votes by seat, eased 0..1) of the council's re-order, or None."""
        pa = self.privilege_anim
        if pa is None:
            return None
        u = min(1.0, pa["t"] / PRIV_ANIM)
        return pa["old"], pa["votes"], u * u * (3 - 2 * u)

    def glass_center(self, tid):
        a = self.glass_anim.get(tid)
        return a.pos() if a else self.table.glass_home(tid)

    def moving(self) -> set:
        return {a.key for a in self.anims} | set(self.ghosts)

    # ------------------------------------------------------------------ events in
    def on_events(self, events, before=None):
        t = self.table
        if self._ghost_from:
            before = dict(before or {})
            before.update(self._ghost_from)
            self._ghost_from = {}
        after = t.worker_positions()
        for ev in events:
            kind = getattr(ev, "kind", "")
            if kind == "worker_moved" and before is not None:
                a, b = before.get(ev.worker), after.get(ev.worker)
                if a and b and a != b:
                    self.glide(ev.worker, ev.seat, a, b)
            elif kind == "timer_flipped":
                self._start_glass_move(ev.timer)
            elif kind == "privilege_ordered":
                self.privilege_anim = {"old": list(self.last_privilege), "new": list(ev.order),
                                       "votes": dict(zip(ev.order, ev.votes)), "t": 0.0}
            elif kind == "request_applied":
                self.drop_ghost(getattr(ev, "worker", None) or _worker_of(ev.action))
            elif kind == "request_refused":
                self.drop_ghost(_worker_of(ev.action), spring=True)
        self.last_privilege = list(t.view["privilege"])
        self._float_gains(events)

    def glide(self, wid, seat, a, b):
        add_anim(self.anims, Anim(self.table.sprites.worker(seat, V.is_grande(None, wid)), a, b, key=wid))

    def ghost(self, wid, seat, pos):
        self.ghosts[wid] = (seat, pos, 0.0)

    def drop_ghost(self, wid, spring=False):
        g = self.ghosts.pop(wid, None) if wid else None
        if g is not None:
            seat, pos, _age = g
            if spring:
                self.glide(wid, seat, pos, self.table.worker_positions().get(wid, pos))
            else:
                self._ghost_from[wid] = pos

    def clear(self):
        self.anims = []
        self.ghosts = {}
        self._ghost_from = {}

    def _start_glass_move(self, tid):
        a = self.glass_pos.get(tid)
        b = self.table.glass_home(tid)
        if a and b:
            self.glass_anim[tid] = Anim(None, a, b, dur=0.6)
        hg = self.table.hourglasses[tid]
        if self.table.timed:
            hg.flip()
        else:
            hg.angle = 0.0
            self.glass_anim.setdefault(tid, Anim(None, b, b, dur=0.6))

    def _float_gains(self, events):
        """What a move paid and gained floats up for 2 s from the seat's resources."""
        t = self.table
        per_seat = {}
        for ev in events:
            k = getattr(ev, "kind", "")
            if k in ("paid", "gained") and ev.seat >= 0:
                sign = "−" if k == "paid" else "+"
                per_seat.setdefault(ev.seat, []).append(sign + V.what_text(t.app, t.rules, ev.what))
        for seat, parts in per_seat.items():
            rect = t.layout.rects.get(f"seat.{seat}.resources") or t.layout.rects.get(f"seat.{seat}")
            pos = rect.midtop if rect else (600, 600)
            surf = R.text_fit(t.app, "  ".join(parts[:4]), 22, (255, 240, 190), 520, True, cache=False)  # kept in its floater
            box = pygame.Surface((surf.get_width() + 16, surf.get_height() + 6), pygame.SRCALPHA)
            box.fill((10, 14, 20, 240))
            box.blit(surf, (8, 3))
            self._make_room(box.get_rect(midbottom=(pos[0], pos[1] - FLOAT_BASE)))
            self.floaters.append([box, pos, 0.0, 0.0])
        del self.floaters[:-8]

    def _make_room(self, new):
        """Floaters still rising that the new one (``new``, at its seat) would cover lift out of
        its way, and those they then cover lift too: a bot that buys and gains twice in a second
        made three lines of text on top of each other, and a lower seat's gains rose through the
        next seat's. All rise at one speed, so once apart they stay apart."""
        placed = [new]
        for f in sorted(self.floaters, key=lambda f: -self._floater_rect(f).bottom):
            rect = self._floater_rect(f)
            for _ in range(len(placed)):
                hit = [p for p in placed if p.colliderect(rect.inflate(0, 2 * FLOAT_GAP))]
                if not hit:
                    break
                f[3] += rect.bottom - (min(p.top for p in hit) - FLOAT_GAP)
                rect = self._floater_rect(f)
            placed.append(rect)

    @staticmethod
    def _floater_rect(f):
        box, (x, y), age, lift = f
        return box.get_rect(midbottom=(x, y - FLOAT_BASE - age * FLOAT_SPEED - lift))

    def floater_rects(self):
        """(surface, logical rect) of each gain floating up now."""
        return [(f[0], self._floater_rect(f)) for f in self.floaters]

    # ------------------------------------------------------------------ time
    def step(self, dt, game_running=True) -> bool:
        """Advance every animation; True when the council overlay's re-order just ended."""
        for f in self.floaters:
            f[2] += dt
        self.floaters = [f for f in self.floaters if f[2] < 2.0]
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if a.t < a.dur]
        if game_running:
            for wid in list(self.ghosts):          # a request the engine never answered: let it go
                seat, pos, age = self.ghosts[wid]
                if age > GHOST_LIFE:
                    del self.ghosts[wid]
                else:
                    self.ghosts[wid] = (seat, pos, age + dt)
        for tid, a in list(self.glass_anim.items()):
            a.t += dt
            if a.t >= a.dur:
                del self.glass_anim[tid]
        for tid in self.table.hourglasses:
            home = self.table.glass_home(tid)
            if home and tid not in self.glass_anim:
                self.glass_pos[tid] = home
        pa = self.privilege_anim
        if pa is not None:
            pa["t"] += dt
            if pa["t"] >= PRIV_ANIM + 1.0:
                self.privilege_anim = None
                return True
        return False

    def draw(self, surface, board=None):
        """Gliding pieces (not over the council overlay ``board``), ghosts, floating gains."""
        for a in self.anims:
            p = a.pos()
            if board is None or not board.collidepoint(p):
                surface.blit(a.sprite, a.sprite.get_rect(center=p))
        for wid, (seat, pos, _age) in self.ghosts.items():
            spr = self.table.sprites.worker(seat, V.is_grande(None, wid))
            surface.blit(spr, spr.get_rect(center=pos))
            pygame.draw.circle(surface, (255, 255, 255), pos, 21, 1)    # waiting for the 4.8 window

    def draw_floaters(self, surface):
        for box, rect in self.floater_rects():
            surface.blit(box, rect)


def _worker_of(action_text):
    """The worker a request's text names, or None."""
    try:
        return getattr(Action.from_text("pendulum", action_text), "worker", None)
    except Exception:           # not a worker request
        return None
