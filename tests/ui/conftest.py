"""Helpers for the UI tests: an App on the dummy video driver, real posted events."""
import pygame
import pytest

from tabletop.ui.app import App, default_args


@pytest.fixture
def make_app():
    apps = []

    def make(**over):
        over.setdefault("size", (1280, 720))
        over.setdefault("lang", "en")
        app = App(default_args(**over))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()


@pytest.fixture
def app(make_app):
    a = make_app()
    a.start("launcher")
    a.step(2)
    return a


def press(app, key, mod=0, frames=3):
    """Post a real KEYDOWN/KEYUP and step the loop."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.step(frames)


def click(app, element, frames=3):
    """Post a real left click (window coordinates) at the centre of a pygame_gui element."""
    pos = app.logical_to_window(element.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(frames)
