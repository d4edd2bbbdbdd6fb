"""One skin lookup for everything drawn: ``draw(app, image_id, surface, rect, fallback)``.

Every component of both games and the shell is drawn through here by its image id (the
registry is ``tabletop.data.image_ids``; docs/MODDING.md lists it). When a mod (or
``assets/images``) has an image for the id, the image -- scaled once per size and cached by
``app.assets`` -- is blitted into ``rect``; otherwise ``fallback(surface, rect)``, our own
procedural drawing, draws it. Text on a component (names, numbers) is never part of the
image: the caller draws it over, in the chosen language.

A fallback draws only inside ``rect`` and only from ``rect`` (never from a position it
remembers), so the same drawing can be made on its own: ``capturing()`` records, for every
id drawn while it is active, the built-in drawing alone on a transparent surface of the
drawn size (the mod preview and the example art pack's generator use it).

``colour(app, image_id, default)``: a colour given by an image (the average colour of a
small swatch), e.g. the sand of an hourglass.
"""
from __future__ import annotations

import contextlib
from typing import Callable, Iterator

import pygame

Fallback = Callable[[pygame.Surface, pygame.Rect], object]

# the shell's image ids, written apart: a quoted "shell.<x>" in tabletop/ui is a text key
# (tests/test_i18n.py checks that every one exists in en.yaml)
SHELL_BACKDROP = ".".join(("shell", "backdrop"))

_forced = False                           # tests: every lookup misses (the built-in drawing)
_shots: dict[str, pygame.Surface] | None = None


def image(app, image_id: str, size) -> pygame.Surface | None:
    """The image for ``image_id`` scaled to ``size`` (cached by the assets), or None."""
    assets = getattr(app, "assets", None)
    if assets is None or _forced:
        return None
    try:
        return assets.image(image_id, tuple(size))
    except (pygame.error, ValueError, OSError):   # a broken image: the built-in drawing
        return None


def draw(app, image_id: str, surface: pygame.Surface, rect, fallback: Fallback | None = None) -> bool:
    """Draw component ``image_id`` into ``rect``: the skin's image, else ``fallback``.
    True when an image was drawn."""
    rect = pygame.Rect(rect)
    if _shots is not None and image_id not in _shots:
        _capture(image_id, rect, fallback)
    img = image(app, image_id, rect.size)
    if img is None:
        if fallback is not None:
            fallback(surface, rect)
        return False
    surface.blit(img, rect)
    return True


def colour(app, image_id: str, default) -> tuple[int, int, int]:
    """The average colour of the swatch image ``image_id``, else ``default``."""
    if _shots is not None and image_id not in _shots:
        shot = pygame.Surface((16, 16), pygame.SRCALPHA)
        shot.fill(default)
        _shots[image_id] = shot
    img = image(app, image_id, (16, 16))
    if img is None:
        return tuple(default)
    c = pygame.transform.average_color(img)
    return (c[0], c[1], c[2])


def _capture(image_id: str, rect: pygame.Rect, fallback: Fallback | None) -> None:
    shot = pygame.Surface((max(1, rect.w), max(1, rect.h)), pygame.SRCALPHA)
    if fallback is not None:
        fallback(shot, shot.get_rect())
    _shots[image_id] = shot


@contextlib.contextmanager
def capturing() -> Iterator[dict[str, pygame.Surface]]:
    """``{id: built-in drawing}`` of every id drawn inside the ``with`` block."""
    global _shots
    saved, _shots = _shots, {}
    try:
        yield _shots
    finally:
        _shots = saved


@contextlib.contextmanager
def built_in_only() -> Iterator[None]:
    """Inside the block every lookup misses: the screens draw as with no skin at all."""
    global _forced
    saved, _forced = _forced, True
    try:
        yield
    finally:
        _forced = saved
