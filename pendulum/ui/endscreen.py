"""End screen: the winner and the victory rule that decided it, every seat's four tracks with
its numbers (each track and its parchment points, the legendary step, what the deciding rule
compared), a chart of the tracks round by round; rematch, save the record, back to the launcher."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)
from tabletop.engine import saves
from tabletop.ui import skin
from tabletop.ui.chart import LineChart
from tabletop.ui.scene import Scene

from . import render as R
from . import view as V
from .layout import TRACKS


def _score(outcome, seat):
    scores = (outcome or {}).get("scores") or {}
    return scores.get(seat) or scores.get(str(seat)) or {}


def breakdown(app, rules, outcome, seat, mat) -> str:
    """One seat's numbers beside the chart: each track (and what its parchment part scores),
    the legendary step, glory when the variant gives any, and what the deciding rule compared
    for this seat (or that it was not eligible)."""
    P = rules.parchment
    sc = _score(outcome, seat)
    parts = []
    for tr in TRACKS[:3]:
        n = sc.get(tr, mat["tracks"][tr])
        pts = max(0, n - (P - 1))
        parts.append(app.t("pendulum.text.end_track_parchment" if pts else "pendulum.text.end_track",
                           track=app.t(f"pendulum.track.{tr}"), n=n, p=pts))
    legendary = sc.get("legendary", mat["legendary"])
    parts.append(app.t("pendulum.text.end_legendary", track=app.t("pendulum.track.legendary"),
                       yes=app.t("pendulum.text.yes" if legendary else "pendulum.text.no")))
    if sc.get("glory"):
        parts.append(app.t("pendulum.text.end_glory", n=sc["glory"]))
    reason = (outcome or {}).get("reason", "")
    qualified = (outcome or {}).get("qualified")
    tracks = [sc.get(tr, mat["tracks"][tr]) for tr in TRACKS[:3]]
    if reason in ("full_parchment", "legendary_lowest_track", "guide_partial") and qualified is not None \
            and seat not in qualified and str(seat) not in map(str, qualified):
        parts.append(app.t("pendulum.text.end_not_eligible"))
    elif reason == "full_parchment":
        parts.append(app.t("pendulum.text.end_parchment_score", n=sc.get("parchment", 0)))
    elif reason == "legendary_lowest_track":
        parts.append(app.t("pendulum.text.end_compared", values=" / ".join(map(str, sorted(tracks)))))
    elif reason == "guide_partial":
        vals = sorted([t - (P - 1) for t in tracks] + [1 if legendary else 0])
        parts.append(app.t("pendulum.text.end_compared", values=" / ".join(map(str, vals))))
    return "  ·  ".join(parts)


class EndScreen(Scene):
    opaque = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.buttons = {}
        self._surf = None
        self._drawn_key = None         # what the last frame showed (redraw protocol)

    def on_enter(self):
        # pygame_gui buttons: the App repaints a button only when its look changes (compose.py)
        for i, key in enumerate(("rematch", "save", "launcher")):
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(560 + i * 280, 980, 260, 64),
                                                             self.app.t(f"pendulum.end.{key}"), self.app.ui_manager)
        self.focus = 0
        self.buttons["rematch"].select()

    def on_exit(self):
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def on_pause(self):
        for b in self.buttons.values():
            b.hide()

    def on_resume(self):
        for b in self.buttons.values():
            b.show()

    def on_language_changed(self):
        self._surf = None
        for k, b in self.buttons.items():
            b.set_text(self.app.t(f"pendulum.end.{k}"))

    def has_game_in_progress(self):
        return False

    def activate(self, key):
        t = self.table
        if key == "rematch":
            t.rematch()
        elif key == "save":
            path = saves.data_dir() / f"pendulum-record-{t.seed}-{len(t.record.actions)}.json"
            t.match.save(path)
            self.app.notify(self.app.t("pendulum.end.saved", path=str(path)))
        elif key == "launcher":
            self.app.to_launcher()

    def handle_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is not None:
                self.activate(key)
            return key is not None
        if event.type == pygame.KEYDOWN:
            intents = self.app.intents(event)
            keys = list(self.buttons)
            if any(i in intents for i in ("right", "next", "left", "prev")):
                self.buttons[keys[self.focus]].unselect()
                d = 1 if any(i in intents for i in ("right", "next")) else -1
                self.focus = (self.focus + d) % len(keys)
                self.buttons[keys[self.focus]].select()
                return True
            if "confirm" in intents:
                self.activate(keys[self.focus])
                return True
            if "cancel" in intents:
                self.activate("launcher")
                return True
        return False

    def _key(self):
        return self._surf is None

    def needs_redraw(self):
        """Still once drawn (the buttons are pygame_gui's: the App sees their changes)."""
        return self._key() != self._drawn_key

    def invalidate(self):
        self._drawn_key = None

    def mark_drawn(self):
        self._drawn_key = self._key()

    def draw(self, surface):
        if self._surf is None:
            self._surf = self._render()
        surface.blit(self._surf, (0, 0))

    def _render(self):
        app, t = self.app, self.table
        rules, v = t.rules, t.view
        s = pygame.Surface((1920, 1080)).convert()
        skin.draw(app, "pendulum.end.backdrop", s, s.get_rect(), fallback=lambda g, b: g.fill(R.BG, b))
        out = v["outcome"] or {}
        win = out.get("winner")
        if win is None:
            head = app.t("pendulum.end.no_winner")
        else:
            head = app.t("pendulum.end.winner", seat=V.seat_name(app, rules, win),
                         character=V.name(app, rules, V.mat(v, win)["character"]))
        title = app.text(head, 54, (255, 226, 150), True, cache=False)   # drawn once into _surf
        s.blit(title, title.get_rect(midtop=(960, 30)))
        reason = app.t(f"pendulum.reason.{out.get('reason', 'none')}")
        r = R.text_fit(app, reason, 26, R.INK, 1700, cache=False)
        s.blit(r, r.get_rect(midtop=(960, 104)))
        # tracks per seat
        y = 160
        for seat in range(t.n):
            m = V.mat(v, seat)
            sd = t.sprites.seats[seat]
            row = pygame.Rect(60, y, 880, 150)
            skin.draw(app, "pendulum.end.panel", s, row,
                      fallback=lambda g, b: pygame.draw.rect(g, (34, 42, 44), b, border_radius=10))
            pygame.draw.rect(s, sd["colour"], row, 3 if seat == win else 1, border_radius=10)
            R.draw_shape(s, sd["shape"], (row.left + 24, row.top + 22), 28, sd["colour"])
            s.blit(app.text(f"{V.seat_name(app, rules, seat)} · {V.name(app, rules, m['character'])}", 20, R.INK, True,
                            cache=False),
                   (row.left + 46, row.top + 8))
            for i, tr in enumerate(TRACKS[:3]):
                R.draw_track(app, s, pygame.Rect(row.left + 10, row.top + 36 + i * 24, 860, 22), tr, m["track_start"][tr],
                             m["tracks"][tr], rules.track_max, rules.parchment)
            line = R.text_fit(app, breakdown(app, rules, out, seat, m), 18, R.INK, 860, cache=False)
            s.blit(line, (row.left + 12, row.top + 114))
            y += 160
        # charts: one per track, every seat's line (seat colour + shape) round by round -- the
        # end-of-game chart both games share (tabletop.ui.chart)
        hist = t.history
        area = pygame.Rect(1000, 150, 860, 800)
        s.blit(app.text(app.t("pendulum.end.chart"), 22, R.INK, True), (area.left, area.top))
        chart = LineChart(app, bg=(28, 34, 38), text=R.DIM_INK, radius=10)
        seats = t.sprites.seats
        x_labels = [app.t("pendulum.end.start")] + [app.t("pendulum.end.after_round", n=k) for k in range(1, len(hist))]

        def marker(surf, seat, point):
            dark = sum(seats[seat]["colour"]) < 240     # a black seat gets a light edge on the dark chart
            R.draw_shape(surf, seats[seat]["shape"], point, 14, seats[seat]["colour"],
                         (210, 210, 210) if dark else (10, 8, 6), 1)
        for j, tr in enumerate(TRACKS[:3]):
            series = {seat: [(k, snap[seat][tr]) for k, snap in enumerate(hist)] for seat in range(t.n)}
            chart.draw(s, pygame.Rect(area.left, area.top + 40 + j * 250, area.width, 236), series,
                       {seat: seats[seat]["colour"] for seat in range(t.n)},
                       title=app.t(f"pendulum.track.{tr}"), title_colour=R.TRACK_COL[tr],
                       floor=0, ceiling=rules.track_max, ticks=(0, 7, 14, 21),
                       band=(rules.parchment, rules.track_max, (70, 64, 44), app.t("pendulum.end.parchment")),
                       x_labels=x_labels, marker=marker, end_labels=False)
        return s
