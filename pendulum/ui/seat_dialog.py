""""Who plays with what": a small screen reached from the pause menu of the Pendulum table.
One line per seat; Left/Right (or a click, or Enter) steps that seat through the devices —
the shared mouse, a game controller, touch, each key block of ``config/settings.yaml``.
The choice holds for the game at hand; the defaults are ``seat_input.seats`` in settings.yaml."""
from __future__ import annotations

import pygame

from tabletop.linebreak import wrap
from tabletop.ui.launcher import GOLD, MenuScene

PANEL = pygame.Rect((1920 - 900) // 2, 170, 900, 780)


class SeatDevicesMenu(MenuScene):
    opaque = False          # the paused table (and its pause menu) stay visible, dimmed

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self._dim = None

    @property
    def hub(self):
        return self.table.seat_input.hub

    def choices(self) -> list[str]:
        return ["mouse", "controller", "touch"] + [f"keys:{b}" for b in self.hub.blocks]

    def label(self, seat) -> str:
        t = self.table
        app = self.app
        si = t.seat_input
        name = si.seat_name(seat)
        if not t.human[seat]:
            return app.t("pendulum.input.dialog.bot_line", seat=name)
        pads = [d for d in self.hub.own_devices(seat) if d.startswith("pad:")]
        spec = self.hub.spec(seat)
        if pads:                                 # a controller plays it (named, or given it on plugging in)
            device = si.device_name(pads[0])
        elif spec == "controller":
            device = app.t("pendulum.input.dialog.controller")
        else:
            device = si.device_name(spec)
        return app.t("pendulum.input.dialog.seat_line", seat=name, device=device)

    def build(self):
        w, h, gap = 780, 70, 12
        x, y = PANEL.centerx - w // 2, PANEL.top + 130
        for seat in range(self.table.n):
            item = self.menu.add((x, y, w, h), self.label(seat), activate=None,
                                 change=lambda d, s=seat: self.cycle(s, d), key=f"seat_{seat + 1}",
                                 object_id="#menu_button")
            if not self.table.human[seat]:
                item.button.disable()
            y += h + gap
        self.menu.add((x, y + 20, w, h), self.app.t("shell.back"), activate=self.back, key="back",
                      object_id="#menu_button")

    def cycle(self, seat, delta):
        options = self.choices()
        now = self.hub.spec(seat)
        i = options.index(now) if now in options else 0
        self.table.seat_input.set_spec(seat, options[(i + delta) % len(options)])
        self.rebuild()

    def back(self):
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def draw(self, surface):
        if self._dim is None:
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((4, 8, 10, 120))
            pygame.draw.rect(self._dim, (14, 26, 31, 245), PANEL, border_radius=22)
            pygame.draw.rect(self._dim, (217, 164, 65), PANEL, width=2, border_radius=22)
        surface.blit(self._dim, (0, 0))
        title = self.app.text(self.app.t("pendulum.input.dialog.title"), 52, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 40)))
        self.menu.draw(surface)
        font = self.app.font(22)
        lines = [line for key in ("pendulum.input.dialog.note", "pendulum.input.dialog.hint")
                 for line in wrap(self.app.t(key), PANEL.width - 60, lambda s: font.size(s)[0])]
        y = PANEL.bottom - 20 - 32 * len(lines)
        for line in lines:
            s = self.app.text(line, 22, (169, 184, 188))
            surface.blit(s, s.get_rect(midtop=(PANEL.centerx, y)))
            y += 32
