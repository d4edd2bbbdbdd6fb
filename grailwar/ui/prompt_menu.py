"""The prompt menu: a human master's pending decision as buttons (in the prompt panel, or
as a dialog over the map for offers and replies), built from the engine's legal actions
through ``ActionTree`` so only legal choices are offered; plus the "their answer" dialog.

The menu never applies anything itself: a finished choice goes to ``host.human_decides``.
The host is the screen (its public ``app``, ``vm``, ``map``, ``tr``, ``value_label``,
``human_decides``)."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.ui.tooltip import elide_line, wrap_lines

from . import theme as T
from . import viewmodel as VM
from .layout import DIALOG_H, MAP, PROMPT, html
from .consequence import consequence, ends_step, spending_last
from .menu import PRIMARY, ActionTree

DIALOG_KINDS = ("talk", "talk_reply", "proposal_reply", "exchange_reply", "gift_reply", "threat_reply", "threat_code",
                "threat_location", "contact_reply", "accompany", "help_ally")
LOCATION_FIELDS = ("target", "arg", "dest", "location", "choice")
REASKED = ("commit", "talk")     # prompts asked again after each pick (one battle, one talk)
TIP = "#grailwar_tip"          # the object id of a choice's tooltip
TIP_WIDTH = 460
REPLY_H = 260                    # the answer dialog; with the talk dialog (DIALOG_H) it fits the map
BUTTON_FONT = 17                  # the size of a choice's words (``#grailwar_choice`` in layout.THEME)
BUTTON_PAD = 26                   # its padding left and right, and a little air
QUESTION_LINES = 5                # a costly choice's question in the prompt panel, above its two buttons


class Used:
    """A choice the menu showed before that is no longer offered (it keeps its place)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class PromptMenu:
    def __init__(self, host):
        self.host = host
        self.buttons: list = []          # (UIButton, op): ("choose", field, value) | ("apply", action) | ("back",) | ("page",)
        self.tree: ActionTree | None = None
        self.page = 0
        self.pages = 1
        self.key = None                  # (faction, decision number) the menu was built for
        self.dialog = None
        self.dialog_texts: list = []
        self.reply = None                # (panel, ok button, texts) of the answer dialog
        self.hidden = False
        self.confirming = None           # (action, question, back): a costly choice waiting for a yes
        self.slot_key = None             # the prompt the remembered order belongs to
        self.slots: list = []            # first-level choices in the order first shown

    # --- building ------------------------------------------------------------------------
    def open(self, key, actions):
        """A fresh menu for one decision (``key`` tells decisions apart)."""
        self.kill()
        self.key = key
        self.confirming = None
        self.tree = ActionTree(actions)
        self.page = 0
        self.build()

    def clear(self):
        """Remove the buttons, the dialog and the lit map locations."""
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.host.map.selected = set()

    def kill(self):
        self.clear()
        self.tree = None
        self.key = None
        self.host.input.rehover()        # no card left for a choice that is gone

    def build(self):
        """The buttons (or dialog) of the current question; the hover card then follows them."""
        self._build()
        self.host.input.rehover()        # no card left up for a choice that is gone

    def _build(self):
        host = self.host
        self.clear()
        if self.tree is None:
            return
        q = self.tree.question()
        m = host.app.ui_manager
        pend = host.vm.get("pending") or {}
        container = None
        x0, y0 = PROMPT.x + 12, PROMPT.y + 66
        bw, bh, gap = 360, 38, 6
        if pend.get("kind") in DIALOG_KINDS:
            # offers and demands in the comm turn (and other replies) come as a dialog
            rect = pygame.Rect(0, 0, 760, DIALOG_H)
            rect.midbottom = (MAP.centerx, MAP.bottom - 8)      # below the answer dialog, never under it
            self.dialog = pygame_gui.elements.UIPanel(rect, starting_height=4, manager=m,
                                                      object_id="#grailwar_dialog")
            container = self.dialog
            title = self.confirming[1] if self.confirming else VM.prompt_title(host, pend.get("faction"))
            sub = self.sub_question() if self.confirming is None else ""
            # two lines ("How many command spells?" under "What do you say?", or a long "are you
            # sure?") are smaller, so that they fit without a scrollbar
            size = 18 if sub or self.confirming is not None else 20
            text = html(title) + (f"<br>{html(sub)}" if sub else "")
            head = host.tr("dialog.talk_title") if pend.get("kind") == "talk" else host.tr("dialog.title")
            pygame_gui.elements.UILabel(pygame.Rect(16, 14, 728, 34), head, m,
                                        container=container, object_id="#grailwar_dialog")
            pygame_gui.elements.UITextBox(f"<font pixel_size={size}>{text}</font>", pygame.Rect(16, 52, 728, 92), m,
                                          container=container, object_id="#grailwar_dialog")
            self.dialog_texts = [head, title] + ([sub] if sub else [])
            x0, y0 = 20, 160
        if self.confirming is not None:
            # the costly choice: "no" first (key 1), "yes" second
            for i, (label, op) in enumerate(((host.tr("confirm.no"), ("cancel",)),
                                             (host.tr("confirm.yes"), ("confirm", self.confirming[0])))):
                yc = y0 if container is not None else \
                    max(y0 + 34, PROMPT.y + 56 + 20 * len(self.question_lines()))   # below the question
                b = pygame_gui.elements.UIButton(pygame.Rect(x0 + i * (bw + gap), yc, bw, bh), f"{i + 1}. {label}", m,
                                                 object_id="#grailwar_choice", container=container)
                self.buttons.append((b, op))
            self.set_hidden(self.hidden)
            return
        if q is None:
            rem = self.tree.remaining
            if rem:   # one thing left to do: still the player's click
                a = rem[0]
                f = PRIMARY.get(a.kind, "kind")
                label = "1. " + host.value_label("primary", (a.kind, getattr(a, f, None)))
                b = pygame_gui.elements.UIButton(pygame.Rect(x0, y0, bw, bh), self.fit(label, bw), m,
                                                 object_id="#grailwar_choice", container=container)
                self.buttons.append((b, ("apply", a)))
            self.set_hidden(self.hidden)
            return
        field, values = q
        values = spending_last(field, values)
        if not self.tree.path:
            values = self._keep_places(pend, values)
        # five rows fill the prompt panel; with a Back or More button below them, four
        per_page = 10 if container is None and not self.tree.path and len(values) <= 10 else 8
        pages = max(1, (len(values) + per_page - 1) // per_page)
        self.pages = pages
        self.page = min(self.page, pages - 1)
        shown = values[self.page * per_page:(self.page + 1) * per_page]
        for i, v in enumerate(shown):
            if isinstance(v, Used):        # taken since the menu was first shown: its place stays
                r = pygame.Rect(x0 + (i % 2) * (bw + gap), y0 + (i // 2) * (bh + gap), bw, bh)
                b = pygame_gui.elements.UIButton(r, self.fit("✓ " + self.choice_label(field, v.value), bw), m,
                                                 object_id="#grailwar_choice", container=container)
                b.disable()
                self.buttons.append((b, ("used", v.value)))
                continue
            label = f"{i + 1 if i < 9 else 0}. " + self.choice_label(field, v)
            odds = self.odds_text(self.tree.actions_with(field, v))
            r = pygame.Rect(x0 + (i % 2) * (bw + gap), y0 + (i // 2) * (bh + gap), bw, bh)
            shown = self.fit(label, bw, odds)
            b = pygame_gui.elements.UIButton(r, shown, m, object_id="#grailwar_choice", container=container)
            label += odds
            if shown != label:     # cut short: the whole label on hover, as a wrapped box
                b.set_tooltip(html(label), object_id=pygame_gui.core.ObjectID(object_id=TIP), wrap_width=TIP_WIDTH)
            self.buttons.append((b, ("choose", field, v)))
            if isinstance(v, str) and v in host.map.pos and field in LOCATION_FIELDS:
                host.map.selected.add(v)
        yb = (PROMPT.bottom - bh - 8) if container is None else DIALOG_H - bh - 12
        if self.tree.path:
            b = pygame_gui.elements.UIButton(pygame.Rect(x0, yb, 170, bh), host.tr("menu.back"), m,
                                             object_id="#grailwar_back", container=container)
            self.buttons.append((b, ("back",)))
        if pages > 1:
            b = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * bw + gap - 170, yb, 170, bh),
                                             host.tr("menu.more", page=self.page + 1, pages=pages), m,
                                             object_id="#grailwar_back", container=container)
            self.buttons.append((b, ("page",)))
        self.set_hidden(self.hidden)

    def fit(self, label, width, tail=""):
        """``label`` (then ``tail``, kept whole) as the button shows it: cut short with "…" where it
        would run past the button's edge (a count of characters let a Japanese name run off it
        and cut an English one that fitted)."""
        room = width - BUTTON_PAD - self.host.app.font(BUTTON_FONT).size(tail)[0]
        return elide_line(self.host.app, label, BUTTON_FONT, room) + tail

    # --- the answer dialog ------------------------------------------------------------------
    def show_reply(self, lines):
        """What the other side answered (NPC answers to the human's offers), as a dialog."""
        self.close_reply()
        if not lines:
            return
        m = self.host.app.ui_manager
        tr = self.host.tr
        rect = pygame.Rect(0, 0, 760, REPLY_H)
        rect.midtop = (MAP.centerx, MAP.y + 8)                  # above the talk dialog, never over it
        panel = pygame_gui.elements.UIPanel(rect, starting_height=5, manager=m, object_id="#grailwar_dialog")
        pygame_gui.elements.UILabel(pygame.Rect(16, 10, 728, 34), tr("dialog.answer"), m, container=panel,
                                    object_id="#grailwar_dialog")
        body = "<br>".join(html(line) for line in lines[-5:])
        pygame_gui.elements.UITextBox(f"<font pixel_size=18>{body}</font>", pygame.Rect(16, 46, 728, 150), m,
                                      container=panel, object_id="#grailwar_dialog")
        ok = pygame_gui.elements.UIButton(pygame.Rect(760 - 190, REPLY_H - 52, 170, 40), tr("dialog.ok"), m,
                                          container=panel, object_id="#grailwar_back")
        self.reply = (panel, ok, [tr("dialog.answer")] + list(lines[-5:]))

    def close_reply(self):
        if self.reply is not None:
            self.reply[0].kill()
            self.reply = None

    # --- choosing ---------------------------------------------------------------------------
    def pick(self, op):
        if op[0] == "cancel" or (op[0] == "back" and self.confirming is not None):
            back = self.confirming[2]
            self.confirming = None
            if back:
                self.tree.back()
            self.page = 0
            self.build()
        elif op[0] == "confirm":
            self.confirming = None
            self.host.human_decides(op[1])
        elif op[0] == "back":
            self.tree.back()
            self.page = 0
            self.build()
        elif op[0] == "page":
            # a dialog shows 8 choices a page, the prompt panel 10: wrap after the last page
            self.page = (self.page + 1) % max(1, self.pages)
            self.build()
        elif op[0] == "apply":
            self._decide(op[1], back=False)
        elif op[0] == "choose":
            result = self.tree.choose(op[1], op[2])
            if result is not None:
                self._decide(result, back=True)
            else:
                self.page = 0
                self.build()

    def _decide(self, action, back):
        """A finished choice: made at once, or first confirmed when it costs something
        (``back``: Cancel also takes back the last pick)."""
        question = consequence(self.host, action)
        if question is not None and len(self.tree.all) == 1 and ends_step(action):
            question = None                    # nothing else is left to choose: no "are you sure?"
        n = (self.host.vm or {}).get("odds", {}).get(action.to_text())
        e = (self.host.vm or {}).get("odds_estimate", {}).get(action.to_text())
        if question is not None and n is not None and getattr(action, "act", None) == "soul_eat":
            question += " " + self.host.tr("gw_table.seen_line", n=n,      # the die it wants to miss
                                           gain=self.host.rules.cfg.soul_eating.mana_gain)
        elif question is not None and n is not None:     # what the die must show, before it is thrown
            question += " " + self.host.tr("gw_table.chance_line", n=n)
        elif question is not None and e is not None:     # a raid: only an estimate is possible
            blind = not self._known(getattr(action, "target", ""))
            question += " " + self.host.tr("gw_table.estimate_blind_line" if blind else "gw_table.estimate_line", n=e)
        if question is None:
            self.host.human_decides(action)
            return
        self.confirming = (action, question, back)
        self.build()

    def odds_text(self, actions):
        """" (45%)" / " (35–65%)" when every action a choice leads to rolls a check whose
        chance the view gives (``grailwar.rules.odds``); " (seen 30%)" for soul-eating, whose
        figure is its detection check's; " (≈45%)" when each is a raid the view gives an
        estimate for; else ""."""
        if not actions:
            return ""
        for table_key, one, many in (("odds", "chance", "chance_range"),
                                     ("odds_estimate", "estimate", "estimate_range")):
            table = (self.host.vm or {}).get(table_key) or {}
            chances = [table.get(a.to_text()) for a in actions]
            if not table or any(c is None for c in chances):
                continue
            lo, hi = min(chances), max(chances)
            if table_key == "odds" and all(getattr(a, "act", None) == "soul_eat" for a in actions):
                one, many = "seen", "seen_range"          # its detection check: the roll to avoid
            if table_key == "odds_estimate" and not all(self._known(getattr(a, "target", "")) for a in actions):
                one, many = "estimate_blind", "estimate_blind_range"     # a rival never met: a guess
            if lo == hi:
                return self.host.tr("gw_table." + one, n=lo)
            return self.host.tr("gw_table." + many, lo=lo, hi=hi)
        return ""

    def _known(self, fid) -> bool:
        """Whether the viewer has met ``fid`` (knows its parameters); an estimate against a rival it
        has not met rests on guessed parameters (spec 15.1), and the menu says so."""
        return bool(((self.host.vm or {}).get("factions", {}).get(fid) or {}).get("known"))

    def _keep_places(self, pend, values):
        """The same prompt asked again (the commit step after each pick): every choice keeps
        its place and number, one no longer offered leaves a disabled "✓" in its place."""
        if pend.get("kind") not in REASKED:
            self.slot_key, self.slots = None, []
            return values
        key = (pend.get("faction"), pend.get("kind"), pend.get("battle"), pend.get("other"),
               (self.host.vm or {}).get("turn"))
        if key != self.slot_key:
            self.slot_key, self.slots = key, list(values)
            return values
        out = [v if v in values else Used(v) for v in self.slots]
        out += [v for v in values if v not in self.slots]
        self.slots = [v.value if isinstance(v, Used) else v for v in out]
        return out

    def choose_by_index(self, i):
        opts = [op for _, op in self.buttons if op[0] in ("choose", "apply", "cancel", "confirm", "used")]
        if 0 <= i < len(opts) and opts[i][0] != "used":
            self.pick(opts[i])
            return True
        return False

    def pick_location(self, lid):
        """A lit location (a legal choice of the open question) answers it."""
        if lid and lid in self.host.map.selected:
            for _, op in self.buttons:
                if op[0] == "choose" and op[2] == lid:
                    self.pick(op)
                    return True
        return False

    def can_page(self):
        return any(op[0] == "page" for _, op in self.buttons)

    def can_go_back(self):
        return self.tree is not None and (bool(self.tree.path) or self.confirming is not None)

    def handle_button(self, element):
        """A pygame_gui button press: True when it was one of the menu's."""
        for b, op in list(self.buttons):
            if element is b:
                self.pick(op)
                return True
        if self.reply is not None and element is self.reply[1]:
            self.close_reply()
            return True
        return False

    # --- showing ----------------------------------------------------------------------------
    def set_hidden(self, hidden):
        """Hide every widget (a hand-off or the pause menu is up) or show them again."""
        self.hidden = hidden
        for el in self.elements():
            (el.hide if hidden else el.show)()

    def elements(self):
        out = [p for p in (self.dialog, self.reply[0] if self.reply else None) if p is not None]
        return out + [b for b, _ in self.buttons]

    def texts(self):
        """Every text the menu's widgets show."""
        out = [b.text for b, _ in self.buttons]
        if self.dialog is not None:
            out += self.dialog_texts
        if self.reply is not None:
            out += self.reply[2]
        return out

    def question_lines(self):
        """The question of the choice waiting for a yes, in the lines the prompt panel shows."""
        return wrap(self.host.app, self.confirming[1], 16, PROMPT.w - 32)[:QUESTION_LINES]

    def draw_panel(self, pen, surface, fid, mine, who):
        """The prompt panel's heading: the question for the master whose screen it is
        (``mine``), else who is deciding (``who``)."""
        host = self.host
        x, y = PROMPT.x + 16, PROMPT.y + 10
        if mine and self.confirming is not None:
            pen.blit(surface, host.tr("confirm.title"), (x, y), 20, T.WARN, True, maxw=PROMPT.w - 32)
            if self.dialog is None:
                for i, line in enumerate(self.question_lines()):
                    pen.blit(surface, line, (x, y + 28 + i * 20), 16, T.TEXT)
        elif mine and not self.buttons:
            # the question waits for the dice, so it never gives a result away
            pen.blit(surface, host.tr("prompt.dice_first"), (x, y), 18, T.TEXT_DIM, True)
        elif mine:
            title = VM.prompt_title(host, fid)
            lines = wrap_lines(host.app, title, 20, PROMPT.w - 32, bold=True)
            below = y + 32
            one_line = len(lines) == 1       # at 20 px: room under it for what to choose
            if one_line:
                pen.blit(surface, title, (x, y), 20, T.ACCENT, True)
            else:   # a long question in two smaller lines, whole (it was cut short with "…")
                lines = wrap_lines(host.app, title, 16, PROMPT.w - 32, bold=True)
                for i, line in enumerate(lines[:2]):
                    pen.blit(surface, line, (x, y + i * 21), 16, T.ACCENT, True, maxw=PROMPT.w - 32)
                below = y + 44
            q = self.tree.question() if self.tree else None
            if self.dialog is not None:
                pen.blit(surface, host.tr("prompt.in_dialog"), (x, below), 16, T.TEXT_DIM)
                q = None
            if q and one_line:       # what to choose, under a one-line question (never over the buttons)
                pen.blit(surface, self.field_label(q[0]), (x, below), 16, T.TEXT_DIM)
        else:
            pen.blit(surface, host.tr("prompt.waiting", who=who), (x, y), 20, T.TEXT_DIM, True)
            pen.blit(surface, host.tr("prompt.skip_hint"), (x, y + 34), 15, T.TEXT_FAINT)


    def chosen(self, field):
        """The value picked so far for ``field`` (also through the merged first question), or None."""
        for f, v in reversed(self.tree.path if self.tree else []):
            if f == field:
                return v
            if f == "primary" and isinstance(v, tuple) and PRIMARY.get(v[0]) == field:
                return v[1]
        return None

    def choice_label(self, field, v):
        """A choice's words: a number of command spells given in a talk says so ("2" said nothing)."""
        if field == "arg" and self.chosen("option") == "give_spells":
            return self.host.tr("gw_play25.spells_n", n=v)
        return self.host.value_label(field, v)

    def sub_question(self):
        """What a talk's second pick is ("" when the dialog's question says it already)."""
        q = self.tree.question() if self.tree and self.tree.path else None
        return self.field_label(q[0]) if q else ""

    def field_label(self, field):
        """What the next pick is, in words: the target of a craft is a mystic code, of a move a place
        ("Choose the target" said neither)."""
        if field == "target":
            act = next((v[1] if isinstance(v, tuple) else v for f, v in reversed(self.tree.path)
                        if f in ("primary", "act")), "")
            text = self.host.tr("gw_play.target_" + str(act), default="")
            if text:
                return text
        if field == "arg":               # what a talk's option asks next: how many spells, which code...
            text = self.host.tr("gw_play25.arg_" + str(self.chosen("option")), default="")
            if text:
                return text
        return self.host.tr("field." + str(field), default=str(field))


def wrap(app, text, size, width):
    """``text`` in lines that fit ``width`` (between words; Japanese between phrases, kinsoku)."""
    return wrap_lines(app, text, size, width)
