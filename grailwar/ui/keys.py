"""Key and click routing for the Holy Grail War screen.

:meth:`InputRouter.handle_event` sends each pygame event to the part of the screen it is
for: the hand-off screen, the end panel, the save alert, the prompt menu and the take-back
buttons (pygame_gui presses), the log (wheel, Page Up/Down), the NPC pace control, the battle
view, the map's locations and the hover cards. Keys are read as the App's intents
(``config/settings.yaml``) plus the digits 1-9/0 for the menu's choices.

The host is the screen: its public ``app``, ``vm``, ``handoff``, ``end_handoff``, ``ended``,
``end``, ``end_pick``, ``saving``, ``menu``, ``takeback``, ``logpanel``, ``pace``, ``fast``,
``tray``, ``feed``, ``battles``, ``map`` and ``card`` (the hover card it sets).
"""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)

from . import cards
from .layout import LOG, MAP

DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
          pygame.K_7, pygame.K_8, pygame.K_9, pygame.K_0)


class InputRouter:
    def __init__(self, host):
        self.host = host
        self.mouse = (0, 0)          # where the mouse was last seen (the wheel scrolls what is under it)

    def _intents(self, event):
        return self.host.app.intents(event) if event.type == pygame.KEYDOWN else []

    def handle_event(self, event):
        h = self.host
        if h.handoff is not None:
            if h.handoff.passes(event, self._intents(event)):
                h.end_handoff()
                return True
            return False
        if h.ended:
            op = h.end.op_for(event, self._intents(event))
            if op is not None:
                h.end_pick(op)
                return True
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            if h.end.handle_scroll(event, self.mouse):       # the whole log, scrolled
                return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return h.saving.handle_button(event.ui_element) or h.menu.handle_button(event.ui_element) or \
                h.takeback.handle_button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._hover(event.pos)
            return False
        if (event.type == pygame.MOUSEWHEEL and LOG.collidepoint(self.mouse)) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)):
            return h.logpanel.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._pace(h.pace.hit(event.pos)):
                return True
            if h.battles.shown and MAP.collidepoint(event.pos) and h.battles.dismiss():
                return True
            lid = h.map.hit(event.pos) if MAP.collidepoint(event.pos) else None
            return h.menu.pick_location(lid)
        if event.type == pygame.KEYDOWN:
            return self._key(event, self._intents(event))
        return False

    def _pace(self, op):
        """The NPC speed control (keys or its buttons on the map)."""
        h = self.host
        if op is None or h.ended or not h.pace.do(op):
            return False
        h.tray.speed = h.fast * h.pace.factor()
        return True

    def _key(self, event, intents):
        h = self.host
        if self._pace(h.pace.op_for_intents(intents)):
            return True
        if h.takeback.handle_key(event.key, intents):     # 1/Backspace: take it back; 2/Enter: resolve
            return True
        if event.key == pygame.K_i and h.handoff is None and not h.ended:   # I: the next card
            h.card = cards.cycle(h, h.card)
            return True
        if "help" in intents:          # F1/H: the rules reference at the current prompt's section
            from tabletop.ui.reference import open_reference   # on F1 only: kept off the path to the first frame
            open_reference(h.app, "grailwar", (h.vm.get("pending") or {}).get("kind"))
            return True
        if event.key in DIGITS and not (event.mod & pygame.KMOD_CTRL):
            i = 9 if event.key == pygame.K_0 else event.key - pygame.K_1
            return h.menu.choose_by_index(i)
        if "next" in intents:          # speed-up: land every queued die now
            h.tray.skip()
            h.feed.release()
            h.battles.skip()
            return True
        if ("right" in intents or "left" in intents) and h.menu.can_page():
            h.menu.pick(("page",))           # the next page of choices
            return True
        if event.key == pygame.K_BACKSPACE and h.menu.can_go_back():
            h.menu.pick(("back",))
            return True
        if "confirm" in intents and h.menu.reply is not None:     # the answer dialog's OK
            h.menu.close_reply()
            return True
        if "confirm" in intents and h.battles.dismiss():
            return True
        if ("up" in intents or "down" in intents) and self.map_shown():
            h.map.cycle_hover(-1 if "up" in intents else 1)    # the keyboard's hover card
            return True
        if "confirm" in intents and self.map_shown() and h.menu.pick_location(h.map.hover):
            return True
        return False

    def map_shown(self):
        """Is the map up (no hand-off, no battle over it, the war not over)?"""
        h = self.host
        return h.handoff is None and not h.battles.shown and not h.ended

    def rehover(self):
        """The choices changed: a card of a choice that is gone does not stay up."""
        h = self.host
        if h.card and not cards.still_there(h, h.card):
            h.card = None

    def _hover(self, pos):
        h = self.host
        h.map.hover = h.map.hit(pos) if MAP.collidepoint(pos) and self.map_shown() else None
        h.card = cards.card_at(h, pos) if h.handoff is None and not h.ended and not h.map.hover else None
