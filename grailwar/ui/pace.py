"""How fast the NPC masters play: paused, one step at a time, normal or fast.

Keys (``config/settings.yaml``): ``npc_pause`` (P) pauses or resumes, ``npc_step`` (.) lets
exactly one NPC decision through and stays paused, ``npc_normal`` (N) and ``npc_fast`` (F) set
the speed. A small control in the map's lower-left corner does the same with the mouse. Only
NPC decisions wait: the dice still land and a master's own menu still answers."""
from __future__ import annotations

import pygame

from . import theme as T

FAST = 4.0                                  # NPC pauses and dice run this much quicker
OPS = ("pause", "step", "normal", "fast")
KEYS = {"npc_pause": "pause", "npc_step": "step", "npc_normal": "normal", "npc_fast": "fast"}
BUTTON = (92, 34)


class NpcPace:
    def __init__(self, corner):
        self.mode = "normal"        # normal | fast | paused
        self.steps = 0              # NPC decisions let through while paused
        self.version = 0            # bumps on every change (the map panel redraws)
        self.corner = corner        # the control's bottom-left, logical coordinates
        self.rects: dict = {}       # op -> its button (filled when drawn)

    # --- state ------------------------------------------------------------------------------
    def factor(self):
        return FAST if self.mode == "fast" else 1.0

    def may_act(self):
        """May an NPC decide now?"""
        return self.mode != "paused" or self.steps > 0

    def acted(self):
        """An NPC decision was applied."""
        if self.mode == "paused" and self.steps > 0:
            self.steps -= 1
            self.version += 1

    def do(self, op):
        if op == "pause":
            self.mode = "normal" if self.mode == "paused" else "paused"
            self.steps = 0
        elif op == "step":
            self.mode = "paused"
            self.steps = 1
        elif op in ("normal", "fast"):
            self.mode = op
            self.steps = 0
        else:
            return False
        self.version += 1
        return True

    def op_for_intents(self, intents):
        return next((KEYS[i] for i in intents if i in KEYS), None)

    def hit(self, pos):
        return next((op for op, r in self.rects.items() if r.collidepoint(pos)), None)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, pen, surface, tr):
        x, bottom = self.corner
        w, h = BUTTON
        label = pen.text(tr("gw_battle.pace.title"), 15, T.TEXT_DIM, True)
        back = pygame.Rect(x, bottom - h - 12, label.get_width() + 22 + len(OPS) * (w + 6), h + 12)
        pygame.draw.rect(surface, (14, 16, 26), back, border_radius=8)
        pygame.draw.rect(surface, T.PANEL_EDGE, back, 1, border_radius=8)
        surface.blit(label, (back.x + 10, back.centery - label.get_height() // 2))
        bx = back.x + label.get_width() + 18
        lit = {"paused": "pause", "normal": "normal", "fast": "fast"}[self.mode]
        self.rects = {}
        for op in OPS:
            r = pygame.Rect(bx, back.y + 6, w, h)
            on = op == lit
            pygame.draw.rect(surface, T.ACCENT if on else T.PANEL, r, border_radius=6)
            pygame.draw.rect(surface, T.ACCENT if on else T.PANEL_EDGE, r, 1, border_radius=6)
            pen.blit(surface, tr("gw_battle.pace." + op), r.center, 15, (20, 20, 24) if on else T.TEXT, True,
                     anchor="center", maxw=w - 6)
            self.rects[op] = r
            bx = r.right + 6
