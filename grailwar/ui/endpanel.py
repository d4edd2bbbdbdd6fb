"""The end of a war: who won and why, every faction's row, the war's last public moments
and each servant's mana over the turns; buttons to save the record, export the log for a
forum thread, play again or go back to the launcher (keys 1-4, Esc for the launcher). The
panel only says which was picked; the screen acts on it (``write_export`` writes the
export file)."""
from __future__ import annotations

import datetime

import pygame
import pygame_gui

from tabletop.engine.saves import atomic_write_text
from tabletop.ui.chart import LineChart

from ..rules.forum import thread
from . import theme as T

OPS = ("save", "export", "rematch", "launcher")
LABELS = {"export": "forum.button"}     # the op's label key under grailwar. (default "end.<op>")


class EndPanel:
    def __init__(self, app, tr):
        self.app = app
        self.tr = tr
        self.buttons: list = []     # (UIButton, op)
        self.chart = LineChart(app, bg=(20, 22, 32), text=T.TEXT_FAINT, title_colour=T.TEXT_DIM)

    def build(self):
        m = self.app.ui_manager
        x, y = 920, 930
        for i, op in enumerate(OPS):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * 240, y, 220, 50),
                                             f"{i + 1}. " + self.tr(LABELS.get(op, "end." + op)), m,
                                             object_id="#grailwar_end")
            self.buttons.append((b, op))

    def kill(self):
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []

    def elements(self):
        return [b for b, _ in self.buttons]

    def op_for(self, event, intents):
        """The op an event picks (a button, keys 1-4, Esc), or None."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return next((op for b, op in self.buttons if event.ui_element is b), None)
        if event.type == pygame.KEYDOWN and self.buttons:
            keys = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
            if event.key in keys and keys[event.key] < len(self.buttons):
                return self.buttons[keys[event.key]][1]
            if "cancel" in intents:      # Esc: back to the launcher, as on Pendulum's end screen
                return "launcher"
        return None

    def draw(self, pen, surface, summary, chronicle, series, colors):
        """``summary``: ``viewmodel.end_summary``; ``chronicle``: the last public log lines;
        ``series``: each faction's [(turn, mana)]."""
        tr = self.tr
        r = pygame.Rect(40, 80, 1840, 980)
        T.panel(surface, r)
        pen.blit(surface, summary["headline"], (80, 110), 40, T.ACCENT, True)
        pen.blit(surface, summary["sub"], (80, 170), 22, T.TEXT)
        y = 230
        for row in summary["rows"]:
            pygame.draw.circle(surface, row["color"], (92, y + 13), 10)
            pen.blit(surface, row["label"], (112, y), 20, T.TEXT if row["active"] else T.TEXT_FAINT, True, maxw=520)
            pen.blit(surface, row["detail"], (640, y + 2), 18, T.TEXT_DIM, maxw=560)
            y += 36
        # the war's last public moments
        y = max(y + 20, 420)
        pen.blit(surface, tr("end.chronicle"), (80, y), 18, T.TEXT_DIM, True)
        y += 30
        for line in chronicle[-16:]:
            pen.blit(surface, line, (92, y), 15, T.TEXT, maxw=1120)
            y += 22
        self.draw_chart(pen, surface, pygame.Rect(1240, 220, 600, 640), series, colors)

    def draw_chart(self, pen, surface, rect, series, colors):
        """Each servant's mana per turn, the 0 and −100 (vanishing) lines marked."""
        pts = [v for h in series.values() for _, v in h]
        last = max([t for h in series.values() for t, _ in h] + [1])
        if pts:
            last = max(last, min(t for h in series.values() for t, _ in h) + 1)
        self.chart.draw(surface, rect, series, colors, title=self.tr("end.chart"),
                        lines=[(0, T.TEXT_FAINT, "0"), (-100, T.BAD, "−100")], floor=-100, ceiling=1,
                        x_labels=(self.tr("end.start"), self.tr("end.turns", n=last)), record=pen.sink)


def chronicle(vm, render):
    """The public notes of the war, rendered (the end screen's last moments)."""
    return [render(e) for e in vm.get("log", []) if e.get("kind") == "note" and "all" in tuple(e.get("visible_to", ()))]



def write_export(state, t, lang, folder):
    """Write the war's public log as forum posts (``rules.forum``) to a new file in
    ``folder``; returns its path (``OSError`` if it cannot be written)."""
    path = folder / datetime.datetime.now().strftime(f"grailwar-%Y%m%d-%H%M%S-{lang}.txt")
    atomic_write_text(path, thread(state.log_for(None), t, lang, seed=state.seed))
    return path
