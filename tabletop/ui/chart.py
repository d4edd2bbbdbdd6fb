"""One end-of-game chart for both games: a line per seat over the game's rounds or turns.

The chart knows nothing about either game: it gets the series (``{name: [(x, y), ...]}``),
a colour per series, the texts already translated, and optional reference lines and a band.
``draw(..., record=list)`` appends every text it drew (the screens' ``drawn_texts``).

Grail War (``grailwar.ui.endpanel``): each servant's mana per turn, with the 0 line and the
−100 vanishing line::

    LineChart(app).draw(surface, rect, series, colours, title=tr("end.chart"),
                        lines=[(0, FAINT, "0"), (-100, BAD, "−100")], floor=-100,
                        x_labels=(tr("end.start"), tr("end.turns", n=last)), record=texts)

Pendulum's end screen switches over like this (today ``pendulum/ui/endscreen.py`` draws its
three track charts by hand): one chart per track, x = rounds, y = the track value, the
parchment zone as a band and every point marked with the seat's shape::

    chart = LineChart(app, bg=(28, 34, 38), text=R.DIM_INK)
    for j, track in enumerate(TRACKS[:3]):
        series = {seat: [(k, snap[seat][track]) for k, snap in enumerate(history)] for seat in range(n)}
        chart.draw(s, pygame.Rect(area.left, area.top + 40 + j * 250, area.width, 236), series,
                   {seat: sprites.seats[seat]["colour"] for seat in range(n)},
                   title=app.t(f"pendulum.track.{track}"), title_colour=R.TRACK_COL[track],
                   floor=0, ceiling=rules.track_max, ticks=(0, 7, 14, 21),
                   band=(rules.parchment, rules.track_max, (70, 64, 44), app.t("pendulum.end.parchment")),
                   x_labels=[app.t("pendulum.end.start")] + [app.t("pendulum.end.after_round", n=k)
                                                             for k in range(1, len(history))],
                   marker=lambda surf, seat, p: R.draw_shape(surf, sprites.seats[seat]["shape"], p, 14, ...),
                   end_labels=False)
"""
from __future__ import annotations

import pygame


class LineChart:
    def __init__(self, app, bg=(20, 22, 32), text=(110, 114, 134), title_colour=(160, 164, 184), radius=8):
        self.app = app
        self.bg = bg
        self.text = text
        self.title_colour = title_colour
        self.radius = radius

    def draw(self, surface, rect, series, colours, *, title="", title_colour=None, lines=(), band=None,
             floor=None, ceiling=None, ticks=(), x_labels=(), marker=None, end_labels=True, record=None):
        """``series``: {name: [(x, y)]} (a name is drawn at the end of its line unless
        ``end_labels`` is False); ``lines``: [(y, colour, label)] across the chart; ``band``:
        (y0, y1, colour, label) shaded; ``floor``/``ceiling``: the y range always shown;
        ``ticks``: y values labelled on the left; ``x_labels``: two labels (first and last x)
        or one per x; ``marker(surface, name, point)`` draws each point."""
        texts = [] if record is None else record
        app = self.app

        def put(s, pos, size, col, bold=False, anchor="topleft"):
            s = str(s)
            texts.append(s)
            t = app.text(s, size, col, bold)
            surface.blit(t, t.get_rect(**{anchor: pos}))

        pygame.draw.rect(surface, self.bg, rect, border_radius=self.radius)
        if title:
            put(title, (rect.x + 12, rect.y + 8), 18, title_colour or self.title_colour, True)
        pts = [y for h in series.values() for _, y in h]
        xs = [x for h in series.values() for x, _ in h]
        if not pts:
            return
        lo = min(pts + ([floor] if floor is not None else []))
        hi = max(pts + ([ceiling] if ceiling is not None else []) + [lo + 1])
        x0, x1 = min(xs), max(max(xs), min(xs) + 1)
        inner = rect.inflate(-70, -80)
        inner.y += 20

        def P(x, y):
            return (inner.x + (x - x0) * inner.w / (x1 - x0), inner.bottom - (y - lo) * inner.h / (hi - lo))
        if band is not None:
            b0, b1, bcol, blabel = band
            top, bottom = P(x0, min(b1, hi))[1], P(x0, max(b0, lo))[1]
            pygame.draw.rect(surface, bcol, (inner.x, top, inner.w, bottom - top))
            if blabel:
                put(blabel, (inner.right - 4, top + 2), 13, self.text, anchor="topright")
        for y, col, label in lines:
            pygame.draw.line(surface, col, P(x0, y), P(x1, y), 1)
            if label:
                put(label, (inner.x - 8, P(x0, y)[1]), 13, col, anchor="midright")
        for y in ticks:
            put(y, (inner.x - 8, P(x0, y)[1]), 13, self.text, anchor="midright")
        if not ticks:
            put(hi, (inner.x - 8, inner.y), 13, self.text, anchor="midright")
        if len(x_labels) == 2:
            put(x_labels[1], (inner.right, inner.bottom + 8), 13, self.text, anchor="topright")
            put(x_labels[0], (inner.x, inner.bottom + 8), 13, self.text)
        else:
            for k, label in enumerate(x_labels):
                put(label, (P(x0 + k, lo)[0], inner.bottom + 4), 13, self.text, anchor="midtop")
        for name, hist in series.items():
            col = colours[name]
            if len(hist) >= 2:
                pygame.draw.lines(surface, col, False, [P(x, y) for x, y in hist], 3)
            elif hist and marker is None:
                pygame.draw.circle(surface, col, P(*hist[0]), 4)
            if marker is not None:
                for x, y in hist:
                    marker(surface, name, P(x, y))
            if end_labels and hist:
                x, y = hist[-1]
                put(name, (P(x, y)[0] + 6, P(x, y)[1]), 13, col, True, anchor="midleft")
