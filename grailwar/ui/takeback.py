"""Taking a declaration back at the table (issue 12: no costly misclick).

Once the master whose screen is up has declared, the declaration phase waits a short grace
(``GRACE`` seconds, divided by the NPC speed) before anyone else acts: the
prompt panel says what was declared and offers "1. Take it back" (also Backspace) and
"2. Resolve now" (also Enter). Taking it back applies the engine's ``Withdraw`` (recorded like
any action); whether it is still allowed is the engine's ``why_not``, never decided here.

The host is the screen: its ``app``, ``vm``, ``tr``, ``value_label`` and ``match``."""
from __future__ import annotations

import math

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)

from grailwar.rules.withdraw import Withdraw
from tabletop.engine import Action

from . import theme as T
from . import viewmodel as VM
from .layout import PROMPT
from .mapview import short

GRACE = 4.0


class TakeBack:
    def __init__(self, host):
        self.host = host
        self.fid = None            # whose declaration may be taken back while the grace runs
        self.left = 0.0
        self.closed = set()        # (faction, turn) whose grace is over (resolved or expired)
        self.buttons: list = []    # (UIButton, op) op: "take_back" | "resolve"
        self.hidden = False

    @property
    def active(self):
        return self.fid is not None

    def holds(self, owner, next_fid=None):
        """True while a fresh declaration waits in its grace (the flow waits too). ``owner``
        is whose screen is up (None: the public screen), ``next_fid`` who acts next. With
        one master: that master's grace. In hot-seat: the master's grace before the hand-off
        to the next master; once only NPCs are left to declare, the screen goes public first
        (a master's sheet never stays up while NPCs act) and the grace runs there, naming
        only whose declaration it is."""
        host = self.host
        hot_seat = len(host.humans) > 1
        if hot_seat and next_fid is not None and next_fid not in host.humans:
            if owner is not None:                   # the screen goes public first
                self.close()
                return False
            owner = next((h for h in host.humans if host.match.why_not(Withdraw(h)) is None), None)
        turn = (host.vm or {}).get("turn")
        if owner is None or (owner, turn) in self.closed or host.match.why_not(Withdraw(owner)) is not None:
            self.close()
            return False
        if self.fid != owner:
            self.close()
            self.fid, self.left = owner, GRACE / max(1.0, float(getattr(host, "fast", 1.0) or 1.0))
            self._build()
        return True

    def tick(self, dt):
        """``dt`` seconds pass (the grace was shortened by the NPC speed when it began)."""
        if self.fid is None:
            return
        self.left -= dt
        if self.left <= 0:
            self.resolve()

    def seconds_left(self):
        return max(0, math.ceil(self.left)) if self.fid is not None else 0

    def resolve(self):
        """The grace is over: the declaration stands."""
        if self.fid is not None:
            self.closed.add((self.fid, (self.host.vm or {}).get("turn")))
        self.close()

    def take_back(self):
        fid = self.fid
        self.close()
        if fid is None or self.host.match.why_not(Withdraw(fid)) is not None:
            return False
        self.host.take_back(Withdraw(fid))
        return True

    def close(self):
        self.fid = None
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []

    # --- input ------------------------------------------------------------------------------
    def handle_button(self, element):
        for b, op in list(self.buttons):
            if element is b:
                return self.pick(op)
        return False

    def handle_key(self, key, intents):
        if self.fid is None:
            return False
        if key in (pygame.K_1, pygame.K_BACKSPACE):
            return self.pick("take_back")
        if key == pygame.K_2 or "confirm" in intents:
            return self.pick("resolve")
        return False

    def pick(self, op):
        if op == "take_back":
            return self.take_back()
        self.resolve()
        return True

    # --- showing ------------------------------------------------------------------------------
    def _build(self):
        m = self.host.app.ui_manager
        tr = self.host.tr
        x0, y0, bw, bh, gap = PROMPT.x + 12, PROMPT.y + 120, 360, 38, 6
        for i, (label, op) in enumerate(((tr("gw_table.takeback.take_back"), "take_back"),
                                         (tr("gw_table.takeback.resolve_now"), "resolve"))):
            b = pygame_gui.elements.UIButton(pygame.Rect(x0 + i * (bw + gap), y0, bw, bh), f"{i + 1}. {label}", m,
                                             object_id="#grailwar_choice")
            self.buttons.append((b, op))
        self.set_hidden(self.hidden)

    def set_hidden(self, hidden):
        self.hidden = hidden
        for b, _ in self.buttons:
            (b.hide if hidden else b.show)()

    def texts(self):
        return [b.text for b, _ in self.buttons]

    def declared_text(self):
        """What the master declared, in the menu's words (from the viewer's own sheet)."""
        host = self.host
        d = ((host.vm or {}).get("factions", {}).get(self.fid) or {}).get("declared")
        if not d:
            return ""
        a = Action.from_dict("grailwar", d)
        return VM.declaration_words(host, a.act, a.target, a.mode)

    def draw_panel(self, pen, surface):
        host = self.host
        tr = host.tr
        x, y = PROMPT.x + 16, PROMPT.y + 10
        if host.viewer == self.fid:
            head = tr("gw_table.takeback.declared", what=self.declared_text())
        else:       # the public screen of a hot-seat table: whose declaration, never what it is
            head = tr("gw_table.takeback.public", who=host.fname(self.fid))
        pen.blit(surface, short(head, 60), (x, y), 20, T.ACCENT, True, maxw=PROMPT.w - 32)
        pen.blit(surface, tr("gw_table.takeback.resolves_in", s=self.seconds_left()), (x, y + 36), 16, T.TEXT,
                 maxw=PROMPT.w - 32)
