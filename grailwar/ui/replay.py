"""A saved war, replayed: the table as it stood after any action of the record, with a
scrubber to move through it.

Keys: ← / → one action back / forward, ↑ / ↓ (or Page Up / Page Down) the previous / next
turn, Home / End the start / the end, V whose screen is shown (the public table, then each
master's: the war is over, so nothing is secret any more), Esc back. The slider under the
prompt area jumps anywhere with the mouse. At the end of a finished war the end chart is
drawn: each servant's mana over the turns, rebuilt from the record (``war_history``).

Everything drawn comes from ``state.view_for(viewer)`` at that point of the record (plus the
static rules data), through the same panels as the live table. The states are rebuilt from
the record (``tabletop.engine.replay``); moving forward applies the next action only."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.engine import Action, replay
from tabletop.ui.logpanel import LogPanel
from tabletop.ui.scene import Scene
from tabletop.ui.tooltip import wrap_lines

from . import panels
from . import theme as T
from . import viewmodel as VM
from .data import load_static
from .endpanel import EndPanel, faction_sheets
from .layout import LOG, MAP, ME, PROMPT, RIVALS, TOP, TRAY, Pen
from .logfeed import roll_colour
from .mapview import MapView

SLIDER = pygame.Rect(PROMPT.x + 16, PROMPT.y + 150, PROMPT.w - 32, 36)


def note_mana(hist, state):
    """Each active faction's own mana at ``state``'s turn into ``hist`` ({fid: [(turn, mana)]},
    the end chart's series): one point a turn, the latest."""
    turn = VM.turn_of(state)
    for fid, mana in VM.own_manas(state).items():
        h = hist.setdefault(fid, [])
        if h and h[-1][0] == turn:
            h[-1] = (turn, mana)
        else:
            h.append((turn, mana))


def war_history(rules, record):
    """One pass over ``record``: each faction's own mana per turn (the same points the live
    table records), the action index at which each turn begins, and the final state."""
    hist: dict = {}
    starts: dict = {}

    def note(i, state):
        starts.setdefault(VM.turn_of(state), i + 1)
        note_mana(hist, state)

    first = rules.new_state(record.seed)
    for fid, mana in VM.own_manas(first).items():
        hist[fid] = [(0, mana)]
    note(-1, first)
    final = replay(record, rules, on_step=note)
    return hist, starts, final


class ReplayScene(Scene):
    opaque = True

    def __init__(self, app, rules, record):
        super().__init__(app)
        self.rules = rules
        self.record = record
        self.static = load_static(rules, getattr(app, "mods", None))
        self.history, self.turn_starts, final = war_history(rules, record)
        self.total = len(record.actions)
        self.finished = bool(record.meta.get("finished")) or final.is_terminal()
        self.pos = self.total
        self.state = final
        self.viewer = None
        self.humans = [fid for fid, s in zip(sorted(final.fac), rules.seats) if s == "human"]
        self.unsaved = False
        self.hot: dict = {}
        self.map = MapView(app, self.static, MAP)
        self.logpanel = LogPanel(app, LOG, colour_of=roll_colour)
        self.end = EndPanel(app, self.tr)
        self.pen = Pen(app)
        self.slider = None
        self.drawn_texts: list[str] = []
        self._dirty = True
        self._refresh()

    # --- what the host offers the panels ---------------------------------------------------------
    def tr(self, key, default=None, **fmt):
        full = "grailwar." + key
        s = self.app.t(full, **fmt)
        return default if s == full and default is not None else s

    def fname(self, fid):
        return VM.faction_label(self.vm, fid, self.app.lang)

    def value_label(self, field, v):
        return VM.value_label(self, field, v)

    def mana_shown(self, fid, mana):
        return mana

    def log_text(self, entry):
        return VM.log_line(entry, self.app.lang, self.app.t)

    # --- moving through the record -----------------------------------------------------------------
    def seek(self, pos):
        """The table after ``pos`` actions of the record (0: the war's start)."""
        pos = max(0, min(self.total, int(pos)))
        if pos == self.pos:
            return
        if pos == self.pos + 1:
            self.state.apply(Action.from_dict(self.record.game, self.record.actions[self.pos]["a"]))
        else:
            self.state = replay(self.record, self.rules, to=pos)
        self.pos = pos
        self._refresh()

    def turn_now(self):
        return VM.turn_of(self.state)

    def seek_turn(self, step):
        """The start of the previous (``step`` -1) or next (+1) turn."""
        turns = sorted(self.turn_starts)
        now = self.turn_now()
        if step > 0:
            later = [t for t in turns if t > now]
            self.seek(self.turn_starts[later[0]] if later else self.total)
        else:
            start = self.turn_starts.get(now, 0)
            earlier = [t for t in turns if t < now]
            self.seek(start if self.pos > start else (self.turn_starts[earlier[-1]] if earlier else 0))

    def at_end(self):
        return self.pos == self.total and self.finished

    def _refresh(self):
        self.view = self.state.view_for(self.viewer)
        self.vm = VM.build(self.view, self.static, self.viewer, self.app.lang)
        self.logpanel.set_lines([self.log_text(e) for e in self.vm["log"]])
        self.map.hover = None
        if self.slider is not None and int(self.slider.get_current_value()) != self.pos:
            self.slider.set_current_value(self.pos)
        self._dirty = True

    def cycle_viewer(self):
        order = [None] + sorted(self.state.fac)
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self._refresh()

    # --- scene ---------------------------------------------------------------------------------------
    def on_enter(self):
        self.slider = pygame_gui.elements.UIHorizontalSlider(SLIDER, self.pos, (0, max(1, self.total)),
                                                             self.app.ui_manager)

    def on_exit(self):
        if self.slider is not None:
            self.slider.kill()
            self.slider = None

    def on_pause(self):
        if self.slider is not None:
            self.slider.hide()

    def on_resume(self):
        if self.slider is not None:
            self.slider.show()
        self._dirty = True

    def on_language_changed(self):
        self.map.invalidate()
        self._refresh()

    def needs_redraw(self):
        return self._dirty

    def invalidate(self):
        self._dirty = True

    def mark_drawn(self):
        self._dirty = False

    def handle_event(self, event):
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.seek(round(event.value))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        k = event.key
        intents = self.app.intents(event)
        if k == pygame.K_RIGHT:
            self.seek(self.pos + 1)
        elif k == pygame.K_LEFT:
            self.seek(self.pos - 1)
        elif k in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.seek_turn(+1)
        elif k in (pygame.K_UP, pygame.K_PAGEUP):
            self.seek_turn(-1)
        elif k == pygame.K_HOME:
            self.seek(0)
        elif k == pygame.K_END:
            self.seek(self.total)
        elif k == pygame.K_v:
            self.cycle_viewer()
        elif "cancel" in intents:
            self.app.to_launcher()
        else:
            return False
        return True

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface):
        self.pen.sink = []
        surface.fill(T.BG)
        if self.at_end():
            self._draw_end(surface)
        else:
            self._draw_table(surface)
        self._draw_scrubber(surface)
        self.drawn_texts = list(self.pen.sink)
        return None

    def _draw_table(self, surface):
        pygame.draw.rect(surface, T.PANEL_DARK, TOP)
        panels.draw_top(self, self.pen, surface, self.vm)
        self.map.draw(surface, VM.map_info(self, self.vm), record=self.pen.sink)
        for rect in (ME, RIVALS):
            T.panel(surface, rect)
        panels.draw_me(self, self.pen, surface, self.vm)
        panels.draw_rivals(self, self.pen, surface, self.vm)
        self.logpanel.draw(surface, record=self.pen.sink)
        T.panel(surface, TRAY)
        who = self.fname(self.viewer) if self.viewer else self.tr("gw_table.replay.public")
        self.pen.blit(surface, self.tr("gw_table.replay.screen_of", who=who), (TRAY.x + 16, TRAY.y + 16), 17,
                      T.TEXT, True, maxw=TRAY.w - 32)
        if self.pos:
            a = Action.from_dict(self.record.game, self.record.actions[self.pos - 1]["a"])
            self.pen.blit(surface, self.tr("gw_table.replay.last", n=self.pos), (TRAY.x + 16, TRAY.y + 52), 15,
                          T.TEXT_DIM, maxw=TRAY.w - 32)
            self.pen.blit(surface, self._action_words(a), (TRAY.x + 16, TRAY.y + 76), 15, T.TEXT,
                          maxw=TRAY.w - 32)

    def _action_words(self, a):
        who = self.fname(a.faction) if getattr(a, "faction", "") else ""
        f = {"declare": "act", "commit": "item", "use": "item", "talk": "option", "answer": "choice"}.get(a.kind)
        what = self.value_label(f, getattr(a, f)) if f else self.tr("gw_table.replay.kind." + a.kind,
                                                                     default=a.kind)
        return f"{who}: {what}" if who else what

    def _draw_end(self, surface):
        pygame.draw.rect(surface, T.PANEL_DARK, TOP)
        panels.draw_top(self, self.pen, surface, self.vm)
        colors = {fid: VM.faction_color(self.static, fid) for fid in self.history}
        self.end.draw(self.pen, surface, VM.end_summary(self),
                      faction_sheets(self.vm, self.static, self.app.lang, self.tr),
                      [self.log_text(e) for e in self.vm.get("log", [])], self.history, colors, chart_h=420)

    def _draw_scrubber(self, surface):
        box = pygame.Rect(PROMPT.x, PROMPT.y, PROMPT.w, PROMPT.h)
        if self.at_end():
            box = pygame.Rect(1460, 592, 400, 174)                # inside the end panel, under its chart
        T.panel(surface, box, color=(36, 34, 52))
        x, y = box.x + 16, box.y + 10
        self.pen.blit(surface, self.tr("gw_table.replay.title"), (x, y), 20, T.ACCENT, True, maxw=box.w - 32)
        self.pen.blit(surface, self.tr("gw_table.replay.position", n=self.pos, total=self.total,
                                       turn=self.turn_now(), phase=self.tr("phase.detail." + str(self.state.phase),
                                                                           default=str(self.state.phase))),
                      (x, y + 34), 16, T.TEXT, maxw=box.w - 32)
        keys = wrap_lines(self.app, self.tr("gw_table.replay.keys"), 14, box.w - 32)   # whole, in the narrow box too
        for i, line in enumerate(keys[:2]):
            self.pen.blit(surface, line, (x, y + 62 + i * 18), 14, T.TEXT_DIM, maxw=box.w - 32)
        if self.slider is not None:       # inside the box, whichever box it is (it ran off the screen)
            size = (box.w - 32, SLIDER.h)
            if tuple(self.slider.relative_rect.size) != size:
                self.slider.set_dimensions(size)
            self.slider.set_relative_position((box.x + 16, box.y + 140 if box.h > 220 else box.y + 110))


def make_replay_scene(app, rules, record):
    return ReplayScene(app, rules, record)
