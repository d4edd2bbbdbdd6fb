"""The table's top-bar buttons: Pause, Done, Undo and Menu (pygame_gui buttons), plus the
hand-drawn log standing in the same dict so that hiding the table's widgets hides it too.

The App repaints only a widget whose look changed (compose.py); the buttons' tooltips are the
renderer's own wrapped box (kinsoku), not pygame_gui's word-per-line one."""
from __future__ import annotations

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)

from .log import LogPanel, TableLog

BUTTONS = ("pause", "done", "undo", "menu")
RECTS = {"pause": (1262, 5, 190, 42), "done": (1460, 5, 140, 42), "undo": (1608, 5, 150, 42),
         "menu": (1766, 5, 146, 42)}


def make_bar(app, log: TableLog) -> dict:
    """``{"log": the log panel}``; ``add_buttons`` adds the buttons (the table has them made
    with its first frame's widgets: after that frame when a picture of them is kept,
    tabletop/ui/guishots.py)."""
    log.visible = True
    return {"log": LogPanel(log)}


def add_buttons(ui: dict, app, timed: bool, paused: bool, only: set | None) -> None:
    """The four buttons into ``ui``: Undo hidden in real time, Pause reading Resume while
    paused, and only the keys in ``only`` shown when it is given (``show_buttons``)."""
    for key in BUTTONS:
        ui[key] = pygame_gui.elements.UIButton(pygame.Rect(RECTS[key]), app.t(f"pendulum.button.{key}"),
                                               app.ui_manager)
        if (only is not None and key not in only) or (only is None and key == "undo" and timed):
            ui[key].hide()
    label_pause(ui, app, paused)


def relabel(ui: dict, app) -> None:
    """The buttons' words and tips in the language now chosen."""
    for k in BUTTONS:
        if k in ui:
            ui[k].set_text(app.t(f"pendulum.button.{k}"))
            ui[k].set_tooltip(app.t(f"pendulum.tip.button_{k}"))


def label_pause(ui: dict, app, paused: bool) -> None:
    """Pause reads Resume while the game is paused."""
    if "pause" in ui:
        ui["pause"].set_text(app.t("pendulum.button.resume" if paused else "pendulum.button.pause"))


def shown(ui: dict) -> dict:
    """The top-bar buttons shown now: key -> pygame_gui button."""
    return {k: ui[k] for k in BUTTONS if k in ui and ui[k].visible}


def pressed(ui: dict, event) -> str | None:
    """Which top-bar button a ``UI_BUTTON_PRESSED`` event names, or None."""
    return next((k for k in BUTTONS if ui.get(k) is event.ui_element), None)
