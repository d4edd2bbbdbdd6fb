"""Scenes and the scene stack (DESIGN.md, "The UI")."""
from __future__ import annotations

import pygame


class Scene:
    """One screen. The App calls ``handle_event`` for each pygame event (return True when
    consumed), ``update(dt)`` at a fixed step, and ``draw(surface)`` on the logical
    1920×1080 surface. ``draw`` never changes game state."""

    # An overlay (pause menu, dialogs drawn by hand) sets this to False: the App then draws
    # the scenes below it first.
    opaque = True

    def __init__(self, app):
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_pause(self) -> None:
        pass

    def on_resume(self) -> None:
        pass

    # Optional: a scene that changes only on input may say it has not changed, and the App
    # keeps the last frame (no redraw, no scaling, no flip). The App calls ``mark_drawn``
    # after each frame it drew. Default: redraw every frame.
    def needs_redraw(self) -> bool:
        return True

    def mark_drawn(self) -> None:
        pass

    # A scene holding a game in progress says so, so that quitting asks first and the
    # pause menu offers Save.
    def has_game_in_progress(self) -> bool:
        return False

    def save_game(self, path=None):
        return None


class SceneStack:
    def __init__(self):
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(list(self._scenes))

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self.top:
            self.top.on_resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def clear(self) -> None:
        while self._scenes:
            self._scenes.pop().on_exit()
