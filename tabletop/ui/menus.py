"""The Esc pause menu: resume, save, load another game, language, quit to the launcher, quit to
the desktop. Loading or quitting while a game is in progress asks first. The game scene below
is paused (``on_pause``) while the menu is up and drawn dimmed underneath."""
from __future__ import annotations

import sys
import traceback

import pygame

from .launcher import GOLD, MenuScene
from .scene import Scene


class PauseMenu(MenuScene):
    opaque = False   # the paused table stays visible, dimmed

    def __init__(self, app, game_scene: Scene | None):
        super().__init__(app)
        self.game_scene = game_scene
        self._dim = None

    def in_progress(self) -> bool:
        try:
            return bool(self.game_scene and self.game_scene.has_game_in_progress())
        except Exception:
            return False

    def build(self):
        app = self.app
        # a game screen may add entries of its own (Pendulum: who plays with which device)
        extra = getattr(self.game_scene, "pause_entries", None)
        extra = list(extra()) if callable(extra) else []
        labels = {key: label for key, label, _act in extra}
        entries = [("resume", self.resume, None), ("save", self.save, None), ("load", self.load, None),
                   ("language", self.cycle_language, self.cycle_language),
                   ("sound", self.cycle_volume, self.cycle_volume)]
        entries += [(key, self._then_relabel(act), None) for key, _label, act in extra]
        entries += [("to_launcher", self.to_launcher, None), ("quit", self.quit, None)]
        # every entry between the title and the key hint (y 300..860), as tall as they fit (at most 76)
        w, gap = 620, (14 if len(entries) <= 6 else 10)
        h = min(76, (860 - 300) // len(entries) - gap)
        x = (1920 - w) // 2
        y = 300
        for key, act, change in entries:
            if key in labels:
                text = labels[key]
            elif key == "language":
                text = app.t("shell.launcher.language", language=app.t(f"shell.language_name.{app.lang}"))
            elif key == "sound":
                text = self.sound_label()
            else:
                text = app.t(f"shell.pause.{key}")
            item = self.menu.add((x, y, w, h), text, activate=(lambda a=act: a()) if key not in ("language", "sound") else (lambda a=act: a(1)),
                                 change=change, key=key, object_id="#menu_button")
            if key == "save" and not self.in_progress():
                item.button.disable()
            y += h + gap

    def _then_relabel(self, act):
        """A game screen's entry: its act, then the menu built again while it is still up (a
        switch's label now says its new state)."""
        def run():
            act()
            if self.app.scenes.top is self:
                self.rebuild()
        return run

    def cycle_language(self, delta: int = 1):
        from .i18n import LANGS
        i = LANGS.index(self.app.lang) if self.app.lang in LANGS else 0
        self.app.set_lang(LANGS[(i + delta) % len(LANGS)])

    VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)

    def sound_label(self) -> str:
        sound = self.app.sound
        if sound.muted or sound.volume <= 0:
            return self.app.t("shell.pause.sound_off")
        return self.app.t("shell.pause.sound", percent=round(sound.volume * 100))

    def cycle_volume(self, delta: int = 1):
        """Off, 25 %, 50 %, 75 %, 100 %: Enter or Right steps up, Left steps down."""
        now = 0.0 if self.app.sound.muted else self.app.sound.volume
        i = min(range(len(self.VOLUMES)), key=lambda k: abs(self.VOLUMES[k] - now))
        self.app.set_volume(self.VOLUMES[(i + delta) % len(self.VOLUMES)])
        self.rebuild()

    def resume(self):
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def save(self):
        if not self.in_progress():
            return
        try:
            path = self.game_scene.save_game(None)
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            self.app.message(self.app.t("shell.pause.save_failed", error=str(exc)), title_key="shell.error_title")
            return
        if path:
            self.app.notify(self.app.t("shell.pause.saved_to", path=str(path)))
        else:
            self.app.notify(self.app.t("shell.pause.saved"))

    def load(self):
        """The saved games (the launcher's Load screen) over this menu: opening one leaves the game
        in progress, so that is asked first (Back returns here, the game untouched)."""
        from .saved_games import LoadScene     # imported here to save start-up time (as the launcher does)
        playing = self.in_progress()
        self.app.scenes.push(LoadScene(self.app, leave_key="shell.pause.load_confirm" if playing else None,
                                       current=self.game_scene.autosave_path() if playing else None))

    def to_launcher(self):
        if self.in_progress():
            self.app.confirm("shell.pause.leave_confirm", self.app.to_launcher)
        else:
            self.app.to_launcher()

    def quit(self):
        if self.in_progress():
            self.app.confirm("shell.quit_game_confirm", self.app.quit)
        else:
            self.app.quit()

    def back(self):
        self.resume()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and "pause" in self.app.intents(event):
            self.resume()
            return True
        return super().handle_event(event)

    def draw(self, surface):
        if self._dim is None:
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((4, 8, 10, 170))
            panel = pygame.Rect((1920 - 760) // 2, 170, 760, 780)
            pygame.draw.rect(self._dim, (14, 26, 31, 235), panel, border_radius=22)
            pygame.draw.rect(self._dim, (217, 164, 65), panel, width=2, border_radius=22)
        surface.blit(self._dim, (0, 0))
        title = self.app.text(self.app.t("shell.pause.title"), 56, GOLD, bold=True)
        surface.blit(title, ((1920 - title.get_width()) // 2, 220))
        self.menu.draw(surface)
        hint = self.app.text(self.app.t("shell.hint.menu"), 26, (169, 184, 188))
        surface.blit(hint, ((1920 - hint.get_width()) // 2, 880))
