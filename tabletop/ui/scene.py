"""Scenes and the scene stack (DESIGN.md, "The UI")."""
from __future__ import annotations

import pygame


class Scene:
    """One screen. The App calls ``handle_event`` for each pygame event (return True when
    consumed), ``update(dt)`` at a fixed step, and ``draw(surface)`` on the logical
    1920×1080 surface. ``draw`` never changes game state.

    The redraw protocol -- how a scene says what changed, so that an idle screen costs
    next to nothing and a small animation costs only its area (scaling included):

    * ``needs_redraw()``: False when nothing this scene shows changed since it was last
      drawn; the App then does not call ``draw`` at all (and keeps the window's frame if
      every scene shown says so). Default True.
    * ``draw(surface)`` returns what it painted: ``None`` (the default) means the whole
      frame may have changed; a list of logical rectangles (``pygame.Rect`` or 4-tuples)
      means only those changed and every other pixel of ``surface`` is as this scene left
      it last time (an empty list: nothing changed).
    * ``invalidate()``: the App calls it just before a ``draw`` whose pixels it did not
      keep (first frame, a resize, a language switch, a dialog, toast or overlay that was
      on top, another scene shown): that ``draw`` must paint everything. A scene that
      paints everything every time need not override it.
    * ``mark_drawn()``: called after each ``draw``.
    """

    # An overlay (pause menu, dialogs drawn by hand) sets this to False: the App then draws
    # the scenes below it first.
    opaque = True

    def __init__(self, app):
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> list | None:
        return None

    def needs_redraw(self) -> bool:
        return True

    def invalidate(self) -> None:
        pass

    def mark_drawn(self) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_pause(self) -> None:
        pass

    def on_resume(self) -> None:
        pass

    # A scene holding a game in progress says so, so that quitting asks first and the
    # pause menu offers Save.
    def has_game_in_progress(self) -> bool:
        return False

    # A scene that reads fingers itself (FINGERDOWN/MOTION/UP, one per player) says so: the
    # App then keeps SDL's mouse copies of those touches from its widgets and from the scene,
    # so one tap is never taken twice (as a finger and as a click).
    def takes_fingers(self) -> bool:
        return False

    def save_game(self, path=None):
        return None

    # The file this game autosaves to (its slot), or None: the Load screen opened over the
    # game marks that entry as the game on the table.
    def autosave_path(self):
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
