"""The hand-off screen: with two or more human masters at one screen, the table is hidden
whenever it passes from one master to another, until the next master takes it."""
from __future__ import annotations

import pygame

from tabletop.ui import skin

from . import theme as T


class HandOff:
    def __init__(self, to):
        self.to = to              # the faction whose master takes the screen next

    def passes(self, event, intents):
        """Does this event hand the screen over? Only a deliberate act of the next master: a
        left click, or Enter/Space. Tab (land the dice), the number keys, arrows or a wheel,
        which the previous master may still be pressing, never do; Esc opens the pause menu."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button == 1
        return event.type == pygame.KEYDOWN and "confirm" in intents and "pause" not in intents

    def draw(self, pen, surface, master, tr, app=None, master_id=None):
        surface.fill((8, 8, 14))
        if app is not None and master_id:       # who plays which master is public; no portrait without a skin
            skin.draw(app, f"grailwar.master.{master_id}", surface, (870, 120, 180, 240))
        name = f"{master} ({self.to})"     # {name}: the older form, for translations in mods
        r = pygame.Rect(0, 0, 1100, 300)
        r.center = (960, 520)
        skin.draw(app, "grailwar.handoff.panel", surface, r,
                  fallback=lambda s, b: T.panel(s, b, color=(26, 24, 38), edge=T.ACCENT))
        pen.blit(surface, tr("handoff.title", name=name, master=master, fid=self.to), (960, r.y + 60), 36, T.ACCENT,
                 True, anchor="midtop")
        pen.blit(surface, tr("handoff.hint"), (960, r.y + 150), 22, T.TEXT, anchor="midtop")
        pen.blit(surface, tr("handoff.secret"), (960, r.y + 200), 17, T.TEXT_DIM, anchor="midtop")
