"""The end of a war (spec §16): who won and why, every faction's full sheet (master, servant,
class, true name, parameters, skills, noble phantasm, mana, command spells, alive or out),
the whole log (scrolled with the wheel or Page Up/Down) and each servant's mana over the
turns, read from the log's mana lines (so a finished war loaded from its record draws the
same chart); buttons to save the record, export the log for a forum thread, play again or go
back to the launcher (keys 1-4, Esc for the launcher). The panel only says which was picked;
the screen acts on it (``write_export`` writes the export file)."""
from __future__ import annotations

import datetime

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.atomic import atomic_write_text
from tabletop.linebreak import wrap
from tabletop.ui import skin
from tabletop.ui.chart import LineChart
from tabletop.ui.logpanel import LogPanel, LogStyle

from ..rules.forum import thread
from . import theme as T
from . import viewmodel as VM

OPS = ("save", "export", "rematch", "launcher")
LABELS = {"export": "forum.button"}     # the op's label key under grailwar. (default "end.<op>")


class EndPanel:
    def __init__(self, app, tr):
        self.app = app
        self.tr = tr
        self.buttons: list = []     # (UIButton, op)
        self.chart = LineChart(app, bg=(20, 22, 32), text=T.TEXT_FAINT, title_colour=T.TEXT_DIM)
        self.log = LogPanel(app, pygame.Rect(60, 776, 1800, 214), LogStyle(font=15, line_h=20))

    def build(self):
        m = self.app.ui_manager
        x, y = 920, 1000
        for i, op in enumerate(OPS):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * 240, y, 220, 48),
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

    def draw(self, pen, surface, summary, sheets, log_lines, series, colors, chart_h=604):
        """``summary``: ``viewmodel.end_summary``; ``sheets``: ``faction_sheets`` (every
        faction in full, the war being over); ``log_lines``: the whole log, rendered (scrolled
        with the wheel or Page Up/Down); ``series``: each faction's [(turn, mana)]; ``chart_h``: the
        chart's height (the replay keeps room under it for its scrubber)."""
        r = pygame.Rect(40, 64, 1840, 996)
        skin.draw(self.app, "grailwar.end.panel", surface, r, fallback=lambda s, b: T.panel(s, b))
        pen.blit(surface, summary["headline"], (70, 76), 36, T.ACCENT, True, maxw=1240, once=True)   # this war's only
        pen.blit(surface, summary["sub"], (70, 126), 20, T.TEXT, maxw=1240, once=True)
        cols = 4
        rows = max(1, -(-len(sheets[:8]) // cols))
        w, h = 342, (604 - 8 * (rows - 1)) // rows
        for i, sheet in enumerate(sheets[:8]):
            self._sheet(pen, surface, sheet, pygame.Rect(60 + (i % cols) * (w + 8), 162 + (i // cols) * (h + 8), w, h))
        if len(log_lines) != len(self.log.lines) or log_lines[-1:] != self.log.lines[-1:]:
            self.log.set_lines(log_lines)
        self.log.draw(surface, record=pen.sink, title=self.tr("gw_battle.end.log"))
        self.draw_chart(pen, surface, pygame.Rect(1460, 162, 400, chart_h), series, colors)

    def _sheet(self, pen, surface, sheet, rect):
        """One faction's full sheet: who, status, mana and spells, parameters, skills, NP."""
        tr = self.tr
        skin.draw(self.app, "grailwar.end.sheet", surface, rect,
                  fallback=lambda s, b: pygame.draw.rect(s, (24, 26, 38), b, border_radius=8))
        pygame.draw.rect(surface, sheet["color"] if sheet["active"] else T.PANEL_EDGE, rect, 2, border_radius=8)
        x, y, w = rect.x + 12, rect.y + 8, rect.w - 24
        pygame.draw.circle(surface, sheet["color"], (x + 8, y + 12), 8)
        pen.blit(surface, sheet["title"], (x + 22, y), 18, T.TEXT if sheet["active"] else T.TEXT_FAINT, True, maxw=w - 22)
        y += 26
        for line, size, col in ((sheet["servant"], 15, T.ACCENT), (sheet["master"], 14, T.TEXT_DIM),
                                (sheet["status"], 14, T.GOOD if sheet["active"] else T.BAD)):
            pen.blit(surface, line, (x, y), size, col, maxw=w)
            y += 21
        measure = self.app.font(14).size
        for line in _pack(sheet["params"], w, lambda s: measure(s)[0]):      # never inside a "name value" pair
            pen.blit(surface, line, (x, y), 14, T.TEXT, maxw=w)
            y += 19
        rows = [(sheet["mana"], 14, T.TEXT, True),          # this war's figures: not kept in the text cache
                (f"{tr('gw_battle.end.np')}: {sheet['np']}", 13, T.TEXT_DIM, False),
                (f"{tr('gw_battle.end.skills')}: {sheet['skills']}", 13, T.TEXT_DIM, False)]
        for text, size, col, once in rows:
            measure = self.app.font(size).size
            for j, line in enumerate(wrap(text, w - 10, lambda s: measure(s)[0])):
                if y > rect.bottom - 22:
                    return
                pen.blit(surface, line, (x + (10 if j else 0), y), size, col, maxw=w, once=once)
                y += size + 5

    def handle_scroll(self, event, mouse):
        """The wheel over the log, or Page Up/Down: scroll the war's log."""
        if event.type == pygame.MOUSEWHEEL and not self.log.rect.collidepoint(mouse):
            return False
        return self.log.handle_event(event)

    @property
    def version(self):
        return self.log.version

    def draw_chart(self, pen, surface, rect, series, colors):
        """Each servant's mana per turn, the 0 and −100 (vanishing) lines marked."""
        pts = [v for h in series.values() for _, v in h]
        last = max([t for h in series.values() for t, _ in h] + [1])
        if pts:
            last = max(last, min(t for h in series.values() for t, _ in h) + 1)
        self.chart.draw(surface, rect, series, colors, title=self.tr("end.chart"),
                        lines=[(0, T.TEXT_FAINT, "0"), (-100, T.BAD, "−100")], floor=-100, ceiling=1,
                        x_labels=(self.tr("end.start"), self.tr("end.turns", n=last)), record=pen.sink)


MANA_KEY = "grailwar.log.mana"


def _pack(units, width, measure, gap="  "):
    """Lines of ``units`` joined by ``gap``, none wider than ``width`` (a unit never splits)."""
    lines, cur = [], ""
    for u in units:
        nxt = f"{cur}{gap}{u}" if cur else u
        if cur and measure(nxt) > width:
            lines.append(cur)
            nxt = u
        cur = nxt
    return lines + ([cur] if cur else [])


def mana_series(vm):
    """Each faction's mana over the turns, from the view: its starting (full) mana, then its
    mana after the last change of each turn, as the log's mana lines say. Only the factions
    whose mana the view shows (all of them once the war is over)."""
    out = {fid: [(0, f["max_mana"])] for fid, f in (vm.get("factions") or {}).items()
           if f.get("max_mana") is not None}
    for e in vm.get("log") or ():
        fid = e.get("actor")
        if e.get("key") != MANA_KEY or fid not in out:
            continue
        turn, mana = max(1, int(e.get("turn") or 0)), (e.get("params") or {}).get("mana")
        if not isinstance(mana, int):
            continue
        h = out[fid]
        if h[-1][0] == turn and len(h) > 1:
            h[-1] = (turn, mana)
        else:
            h.append((turn, mana))
    now = max(1, int(vm.get("turn") or 1))
    for fid, h in out.items():          # the line reaches the turn being played, at the mana shown now
        mana = (vm["factions"][fid] or {}).get("mana")
        if isinstance(mana, int) and h[-1][0] < now:
            h.append((now, mana))
    return out


def faction_sheets(vm, static, lang, tr):
    """Every faction's sheet as the end screen shows it (the view has them all in full)."""
    out = []
    for fid, f in (vm.get("factions") or {}).items():
        active = f.get("status", "active") == "active"
        cls = (f.get("class_ja") if lang == "ja" else None) or f.get("class") or "???"
        tn = f.get("true_name") or {}
        master = f.get("master") or {}
        np_ = f.get("np") or {}
        skills = [s.get(lang) or s.get("en") or s.get("id") for s in (f.get("servant_skills") or [])]
        mskills = [s.get(lang) or s.get("en") or s.get("id") for s in (f.get("master_skills") or [])]
        # the servant's own parameters: a vanished servant's mana penalty left them all 0
        params = f.get("base_params") or f.get("params") or {}
        sep = tr("gw_battle.end.sep")
        out.append({
            "id": fid, "active": active, "color": VM.faction_color(static, fid),
            "title": f"{fid} {cls}",
            "servant": tn.get(lang) or tn.get("en") or "?",
            "master": tr("gw_battle.end.master", name=master.get(lang) or master.get("en") or "?"),
            "status": tr("end.alive") if active else tr("end.out"),
            "mana": tr("gw_battle.end.mana", mana=f.get("mana", "?"), max=f.get("max_mana", "?"),
                       spells=f.get("spells") if f.get("spells") is not None else "?", kills=f.get("kills", 0),
                       level=f.get("level") or "?"),
            "params": [f"{static.param_name(p, lang)} {v}" for p, v in params.items()],
            "skills": sep.join(skills + [tr("gw_battle.end.master_skill", name=n) for n in mskills]) or "—",
            "np": f"{np_.get(lang) or np_.get('en')} ({np_.get('rank')})" if np_ else "—",
        })
    return out


def write_export(state, t, lang, folder):
    """Write the war's public log as forum posts (``rules.forum``) to a new file in
    ``folder``; returns its path (``OSError`` if it cannot be written)."""
    path = folder / datetime.datetime.now().strftime(f"grailwar-%Y%m%d-%H%M%S-{lang}.txt")
    atomic_write_text(path, thread(state.log_for(None), t, lang, seed=state.seed))
    return path
