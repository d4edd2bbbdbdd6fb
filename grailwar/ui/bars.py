"""Mana bars: reserve from 0 to level × 3, the deficit running below zero in another
colour with the −20/−40… penalty steps and the −100 vanishing line marked."""
from __future__ import annotations

import pygame

from tabletop.ui import skin

from . import theme as T

_CACHE: dict = {}


def mana_bar(app, w, h, mana, max_mana, cfg=None, compact=False, labels=None, record=None, pen=0, doomed=False):
    """A cached surface showing one servant's mana. ``labels`` holds the translated
    words {mana, vanish, penalty, doomed}; ``record`` (a list) receives every text drawn.
    ``pen`` and ``doomed`` are the engine's figures (the view's ``penalty``/``doomed``):
    the bar only marks the steps, it never works a penalty out itself."""
    cfg = cfg or {"step": 20, "per_step": 10, "vanish": -100}
    labels = labels or {}
    top = 0 if compact else 24
    bh = h - top - (0 if compact else 20)
    art = skin.image(app, "grailwar.manabar", (w - 4, bh))          # a mod's trough (cached by the assets)
    key = (w, h, mana, max_mana, compact, tuple(sorted(cfg.items())), tuple(sorted(labels.items())), app.lang,
           pen, doomed, id(art))
    hit = _CACHE.get(key)
    if hit is not None:
        if record is not None:
            record.extend(hit[1])
        return hit[0]
    texts = []
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    step, vanish = cfg["step"], cfg["vanish"]
    lo = min(vanish - step // 2, mana - 6)
    hi = max(max_mana, mana, 1)
    x0, x1 = 2, w - 2

    def X(v):
        return int(x0 + (v - lo) * (x1 - x0) / (hi - lo))

    bar = pygame.Rect(x0, top, x1 - x0, bh)
    skinned = skin.draw(app, "grailwar.manabar", surf, bar,
                        fallback=lambda s, b: pygame.draw.rect(s, (12, 12, 18), b, border_radius=4))
    zero = X(0)
    dark = surf if not skinned else pygame.Surface((w, h), pygame.SRCALPHA)    # over an image: a see-through tint
    pygame.draw.rect(dark, T.MANA_DARK, (zero, top, X(max_mana) - zero, bh))
    pygame.draw.rect(dark, T.DEFICIT_DARK, (X(lo), top, zero - X(lo), bh))
    if skinned:
        dark.set_alpha(110)
        surf.blit(dark, (0, 0))
    if mana > 0:
        pygame.draw.rect(surf, T.MANA, (zero, top, X(mana) - zero, bh))
    elif mana < 0:
        pygame.draw.rect(surf, T.DEFICIT, (X(mana), top, zero - X(mana), bh))
    # penalty steps: every full step below zero costs per_step on each parameter
    xv = X(vanish)
    taken = []
    if not compact:
        s = app.text(labels.get("vanish", "vanish"), 12, (255, 255, 255), True)
        taken.append(pygame.Rect(max(0, xv - s.get_width() // 2), top + bh + 1, s.get_width(), s.get_height()))
    v = -step
    while v > lo:
        x = X(v)
        pygame.draw.line(surf, (250, 200, 200), (x, top), (x, top + bh - 1), 1)
        if not compact and v > vanish:
            t = f"−{-v}"
            s = app.text(t, 12, (240, 170, 170))
            r = pygame.Rect(x - s.get_width() // 2, top + bh + 1, s.get_width(), s.get_height())
            if not any(r.inflate(6, 0).colliderect(o) for o in taken):
                texts.append(t)
                surf.blit(s, r)
                taken.append(r)
        v -= step
    # the vanishing line
    pygame.draw.line(surf, (255, 255, 255), (xv, top - (0 if compact else 4)), (xv, top + bh), 3)
    pygame.draw.line(surf, (240, 240, 240), (zero, top), (zero, top + bh), 2)
    pygame.draw.rect(surf, (90, 96, 120), bar, 1, border_radius=4)
    if not compact:
        s = app.text(labels.get("vanish", "vanish"), 12, (255, 255, 255), True)
        texts.append(labels.get("vanish", "vanish"))
        surf.blit(s, taken[0])
        head = labels.get("mana", "Mana {mana} / {max}").format(mana=mana, max=max_mana)
        texts.append(head)
        surf.blit(app.text(head, 18, T.TEXT, True), (2, 0))
        note = None
        if doomed:
            note, col = labels.get("doomed", "doomed"), T.BAD
        elif pen:
            note, col = labels.get("penalty", "penalty −{p}").format(p=pen), T.WARN
        if note:
            s = app.text(note, 16, col, True)
            texts.append(note)
            surf.blit(s, (w - s.get_width() - 2, 2))
    else:
        s = app.text(str(mana), max(11, bh - 6), (255, 255, 255), True)
        texts.append(str(mana))
        tx = zero + 4 if mana >= 0 else max(2, X(mana) - s.get_width() - 4)
        if mana < 0 and tx < 4:
            tx = zero - s.get_width() - 4
        surf.blit(s, (tx, top + (bh - s.get_height()) // 2))
    if len(_CACHE) > 600:
        _CACHE.clear()
    _CACHE[key] = (surf, texts)
    if record is not None:
        record.extend(texts)
    return surf


def spell_marks(app, n, size=22, total=3):
    """Command spells as marks: filled for held, hollow for spent (beyond 3: a number)."""
    key = ("spells", n, size, total)
    hit = _CACHE.get(key)
    if hit:
        return hit[0]
    shown = max(total, n)
    w = shown * (size + 6)
    surf = pygame.Surface((w, size + 2), pygame.SRCALPHA)
    for i in range(shown):
        cx = i * (size + 6) + size // 2 + 1
        pts = [(cx, 1), (cx + size // 2, size // 2 + 1), (cx, size + 1), (cx - size // 2, size // 2 + 1)]
        if i < n:
            pygame.draw.polygon(surf, (200, 40, 60), pts)
            pygame.draw.polygon(surf, (255, 190, 190), pts, 2)
        else:
            pygame.draw.polygon(surf, (90, 60, 70), pts, 2)
    _CACHE[key] = (surf, [])
    return surf


class ManaTween:
    """Each bar slides from the old value to the new one when the engine reports a
    ``ManaChanged`` (several in a row continue from where the bar is), and rests there until the
    screen's view is made again (``settle``)."""
    DURATION = 0.6

    def __init__(self):
        self._runs: dict = {}      # fid -> [start, end, seconds run]

    def on_event(self, ev):
        run = self._runs.get(ev.faction)
        start = self.value(ev.faction, ev.before) if run else ev.before
        self._runs[ev.faction] = [start, ev.after, 0.0]

    def update(self, dt):
        for run in self._runs.values():
            run[2] += dt

    @property
    def busy(self):
        """Is a bar still sliding?"""
        return any(run[2] < self.DURATION for run in self._runs.values())

    def settle(self):
        """The view has caught up: a bar whose slide ended shows the view's figure again (until then it
        stays at the value it slid to, even while the view waits for a die)."""
        self._runs = {fid: run for fid, run in self._runs.items() if run[2] < self.DURATION}

    def value(self, fid, mana):
        """The mana to draw for ``fid`` now (``mana``, the view's figure, when at rest)."""
        run = self._runs.get(fid)
        if run is None:
            return mana
        start, end, t = run
        k = min(1.0, t / self.DURATION)
        k = 1 - (1 - k) ** 3       # ease out
        return int(round(start + (end - start) * k))
