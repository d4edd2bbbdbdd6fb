"""Pendulum's further set-up choices, one screen away from the seats (the launcher's
"More options…"): the character sides, glory, each guide reading of spec 6.1 (D1-D4), the
2-player neutral and each seat's colour. They are what ``python main.py pendulum`` takes as
``--advanced``, ``--variant``, ``--neutral`` and ``--colours``; ``options()`` turns them into
the rules options the game starts with."""
from __future__ import annotations

from pendulum.setup_choices import GLORY, NEUTRAL_OPTION

from .menu_scene import MenuScene
from .widgets import draw_backdrop


class PendulumChoices:
    """The choices themselves (kept by the seats screen while this one comes and goes)."""

    def __init__(self):
        self.advanced = False
        self.variants: set[str] = set()      # "D1".."D4" played by the guide's reading, and "glory"
        self.neutral = True                  # 2 players: the neutral player takes part (rulebook)
        self.colours: list[str] | None = None

    def options(self, players: int, variants: dict[str, str], colours: list[str]) -> dict:
        out: dict = {}
        if self.advanced:
            out["advanced"] = True
        for name in sorted(self.variants):
            if name == GLORY:
                out["advanced_variant"] = True
            elif name in variants:
                out[variants[name]] = "guide"
        if players == 2 and not self.neutral:
            out[NEUTRAL_OPTION] = "guide"
        chosen = self.seat_colours(players, colours)
        if chosen != colours[:players]:
            out["colours"] = chosen
        return out

    def seat_colours(self, players: int, colours: list[str]) -> list[str]:
        """A colour per seat, all different: the chosen ones, the rest in the file's order."""
        picked = list(self.colours or [])[:players]
        rest = [c for c in colours if c not in picked]
        return (picked + rest)[:players]


class PendulumMoreOptions(MenuScene):
    heading_key = "shell.setup_more.title"

    def __init__(self, app, setup):
        super().__init__(app)
        self.setup = setup           # the seats screen: players, variants and colours known there

    @property
    def choices(self) -> PendulumChoices:
        return self.setup.choices

    def build(self):
        app, c = self.app, self.choices
        x, w, h, gap = 160, 1040, 66, 12
        y = 190
        on_off = {True: app.t("shell.setup_more.on"), False: app.t("shell.setup_more.off")}
        rows = [("sides", app.t("shell.setup_more.sides", side=app.t(
                     "shell.setup_more.advanced" if c.advanced else "shell.setup_more.basic")), self.toggle_sides),
                ("glory", app.t("shell.setup_more.glory", state=on_off[GLORY in c.variants]),
                 lambda d: self.toggle_variant(GLORY))]
        for name in self.setup.variants:
            reading = app.t("shell.setup_more.guide" if name in c.variants else "shell.setup_more.rulebook")
            about = app.t(f"shell.setup_more.about.{name}")       # a mod's own D<n> has no words of ours
            rows.append((name, app.t("shell.setup_more.variant", name=name,
                                     what="" if about.endswith(f"about.{name}") else about, reading=reading),
                         lambda d, n=name: self.toggle_variant(n)))
        if self.setup.players == 2:
            rows.append(("neutral", app.t("shell.setup_more.neutral", state=on_off[c.neutral]), self.toggle_neutral))
        for key, text, change in rows:                  # the rules on the left
            self.menu.add((x, y, w, h), text, change=change, key=key, object_id="#option_button")
            y += h + gap
        y = 190                                         # the seats' colours on the right
        for i, colour in enumerate(c.seat_colours(self.setup.players, self.setup.colours)):
            self.menu.add((x + w + 40, y, 1760 - (x + w + 40), h),
                          app.t("shell.setup_more.colour", n=i + 1, colour=self.setup.colour_name(colour)),
                          change=lambda d, i=i: self.change_colour(i, d), key=f"colour{i + 1}",
                          object_id="#option_button")
            y += h + gap
        self.menu.add((x, 880, 480, 86), app.t("shell.back"), activate=self.back, key="back", object_id="#menu_button")

    def toggle_sides(self, d=1):
        self.choices.advanced = not self.choices.advanced
        self.rebuild()

    def toggle_variant(self, name):
        self.choices.variants ^= {name}
        self.rebuild()

    def toggle_neutral(self, d=1):
        self.choices.neutral = not self.choices.neutral
        self.rebuild()

    def change_colour(self, i, d):
        """Seat i takes the next colour no other seat has."""
        palette = self.setup.colours
        seats = self.choices.seat_colours(self.setup.players, palette)
        cur = palette.index(seats[i]) if seats[i] in palette else 0
        for step in range(1, len(palette) + 1):
            cand = palette[(cur + d * step) % len(palette)]
            if cand not in seats[:i] + seats[i + 1:]:
                seats[i] = cand
                break
        self.choices.colours = seats
        self.rebuild()

    def draw(self, surface):
        draw_backdrop(surface, plain=True, app=self.app)
        self.draw_heading(surface)
        self.menu.draw(surface)
        self.draw_hint(surface, "shell.hint.setup")
