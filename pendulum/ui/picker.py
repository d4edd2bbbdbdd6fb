"""The table's picker: a pygame_gui panel of labelled actions (several actions for one drop,
a stratagem from the hand, a pending choice of the engine), or, for a choice of provinces or
workers, a row of drawn tiles (``choice_row.ChoiceRow``). Keys cycle and confirm, Esc or a
click outside closes it. The chosen action goes back through ``table.request``."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.engine import IllegalActionError

from . import view as V
from .choice_row import ChoiceRow, build_tiles, wants_row

WIDTH = 520               # the window's least width (logical px); it grows to fit its longest label
MAX_WIDTH = 1880
ROW = 44
TITLE_H = 46
BUTTON_FONT, BUTTON_PAD = 30, 22 + 2 * 16     # assets/theme.json "button": 30 px; panel margin + text padding
TITLE_FONT, TITLE_PAD = 28, 14 + 2 * 12       # "label": 28 px


class Picker:
    def __init__(self, table):
        self.table = table
        self.current = None            # dict(seat, options[(label, action)], panel, buttons, index)
        self._dismissed = None

    @property
    def is_open(self) -> bool:
        return self.current is not None

    def width_for(self, labels, title=None) -> int:
        """The window's width: every label and the title whole, in the theme's fonts (buttons
        30 px, labels 28 px), at least ``WIDTH``, at most the table's width."""
        app = self.table.app
        need = [app.font(BUTTON_FONT).size(label)[0] + BUTTON_PAD for label in labels]
        if title:
            need.append(app.font(TITLE_FONT).size(title)[0] + TITLE_PAD)
        return min(MAX_WIDTH, max([WIDTH] + need))

    def open(self, seat, options, pos, title=None):
        self.close()
        m = self.table.app.ui_manager
        width = self.width_for([label for label, _a in options], title)
        h = 16 + ROW * len(options) + (TITLE_H + 4 if title else 0)
        x = max(8, min(1920 - width - 8, pos[0] + 20))
        y = max(60, min(1080 - h - 8, pos[1] - 20))
        panel = pygame_gui.elements.UIPanel(pygame.Rect(x, y, width, h), starting_height=5, manager=m)
        y0 = 8
        if title:
            pygame_gui.elements.UILabel(pygame.Rect(4, 2, width - 14, TITLE_H), title, m, container=panel)
            y0 = TITLE_H + 4
        buttons = [pygame_gui.elements.UIButton(pygame.Rect(8, y0 + i * ROW, width - 22, ROW - 4), label, m,
                                                container=panel)
                   for i, (label, _a) in enumerate(options)]
        for text in [title] + [label for label, _a in options]:
            self.table.renderer.note(text)          # widget text, for the drawn-texts hook
        self.current = {"seat": seat, "options": options, "panel": panel, "buttons": buttons, "index": 0,
                        "decision": title is not None}
        buttons[0].select()

    def open_actions(self, seat, actions, pos):
        t = self.table
        self.open(seat, [(V.action_label(t.app, t.rules, a, t.view), a) for a in actions], pos)

    def close(self):
        cur = self.current
        if cur is not None:
            cur["panel"].kill()
            self.current = None
            if cur.get("decision"):
                # a choice the player closed stays closed until the game moves on (``auto_open``);
                # it came straight back when a click, not the table, had opened it
                t, seat = self.table, cur["seat"]
                self._dismissed = (seat, t.action_count(), t.decisions_pending(seat))

    def open_decision(self, seat, pos=None) -> bool:
        """If the engine waits for a choice of this seat (which province, slot, resource...), show it."""
        t = self.table
        choices = [a for a in t.legal(seat) if a.kind == "choose"]
        if not (choices and t.human[seat]):
            return False
        opts = [(V.action_label(t.app, t.rules, a, t.view), a) for a in choices]
        title = V.decision_title(t.app, t.view, seat)
        if len(opts) == 1 and t.answer_forced:
            self._answer_forced(title, *opts[0])
            return True
        kind = V.decision_type(t.view, seat)
        if wants_row(kind):
            self.open_row(seat, opts, title, build_tiles(t, seat, opts, kind))
            return True
        self.open(seat, opts, pos or t.layout.rects[f"seat.{seat}"].center, title=title)
        return True

    def _answer_forced(self, title, label, action):
        """A choice with one possible answer is made for the player (``answer_forced_choices``
        in settings.yaml): the table says what was asked and what it answered; undo takes it
        back with the move that asked it (``table.do_undo``)."""
        t = self.table
        self.close()
        try:
            events = t.request(action)
        except IllegalActionError as exc:
            t.refuse(exc)
            return
        t.forced_answered(action)
        t.flash(t.app.t("pendulum.msg.forced_choice", question=title, answer=label), 5.0, info=True)
        if events:
            self.open_decision(action.seat)     # a next choice, if the answer opened one

    def open_row(self, seat, options, title, tiles):
        """A choice you can see: the options as a row of tiles (pendulum/ui/choice_row.py)."""
        self.close()
        row = ChoiceRow(self.table, title, tiles)
        self.current = {"seat": seat, "options": options, "panel": row, "buttons": row.bands, "index": row.index,
                        "decision": True, "row": row}

    def refresh(self):
        """After the game changed under it (undo, a choice answered, a window closed): a picker
        whose options are no longer all legal closes, and a pending choice gets its own window."""
        cur = self.current
        if cur is None:
            return
        legal = set(self.table.legal(cur["seat"]))
        if not all(a in legal for _label, a in cur["options"]):
            self.close()

    def auto_open(self):
        """A human seat that owes the engine a choice gets the picker without asking; Esc hides
        it until something changes."""
        t = self.table
        if self.current is not None or t.drag is not None or t.kb is not None or t.finished:
            return
        for seat in range(t.n):
            if not t.human[seat] or t.seat_input.own_window(seat):
                continue                 # a seat with its own device gets its own window (seat_input)
            pending = t.decisions_pending(seat)
            if pending:
                key = (seat, t.action_count(), pending)
                if key == self._dismissed:
                    return
                self._dismissed = key
                if t.layout.council_active:      # beside the overlay, over the log: the cards stay visible
                    where = (t.layout.rects["log"].left - 20, t.layout.rects["log"].top + 20)
                else:
                    where = t.last_pos.get(seat) or t.layout.rects[f"seat.{seat}"].center
                self.open_decision(seat, where)
                return

    def handle_event(self, event) -> bool:
        p = self.current
        if p is None:
            return False
        if "row" in p:
            return p["row"].handle_event(event, self.take, self.close)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in p["buttons"]:
            self.take(p["buttons"].index(event.ui_element))
            return True
        if event.type == pygame.KEYDOWN:
            intents = self.table.app.intents(event)
            if "cancel" in intents:
                self.close()
                return True
            if any(i in intents for i in ("next", "down", "right", "prev", "up", "left")):
                self.move(1 if any(i in intents for i in ("next", "down", "right")) else -1)
                return True
            if "confirm" in intents:
                self.take(p["index"])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and not p["panel"].get_abs_rect().collidepoint(event.pos):
            self.close()
            return False
        return False

    def move(self, d):
        """Select the next (``d`` = 1) or previous (-1) option (keys, a seat's own device)."""
        p = self.current
        if p is None:
            return
        p["buttons"][p["index"]].unselect()
        p["index"] = (p["index"] + d) % len(p["buttons"])
        p["buttons"][p["index"]].select()

    def take(self, i):
        p = self.current
        seat = p["seat"]
        action = p["options"][i][1]
        rect = p["panel"].get_abs_rect()
        self.close()
        try:
            events = self.table.request(action)
        except IllegalActionError as exc:
            self.table.refuse(exc)
            events = None
        if events:
            # applied now: the next choice (if any) opens where this one was. A real-time request
            # waits in the 4.8 window instead (no events yet): reopening now would show the same,
            # already answered, choice again; the next one opens when the window has applied it.
            self.open_decision(seat, rect.topleft)
