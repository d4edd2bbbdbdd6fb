"""The first frame's pygame_gui widgets as a picture (start-up time).

A game screen's first frame shows a few pygame_gui buttons (the Pendulum top bar, the
teaching panel's). Importing pygame_gui, making its manager and building the buttons is a
fifth of that screen's start. So a screen may make its first widgets with
``app.gui.first_widgets(key, build)``: when a picture of exactly what the first frame's
widgets looked like at the last start with the same ``key`` is here, the first frame shows
that picture where the widgets will be, and ``build`` runs right after the frame is
presented (before any input is read). Without one, ``build`` runs before the first frame as
it always did, and the picture is kept for the next start.

A picture is what pygame_gui blits: each visible element's image, place, clipping area and
blend mode, in drawing order; it is laid down with the same ``blits`` call, so the pixels
are the ones the widgets give. After the real widgets are drawn, their draw list is
compared with the picture; if anything differs (a theme, font or label changed since), the
picture is written again, so a stale picture can show for one frame only, never twice.
The key covers the screen's own key, the language, the mods, the fonts, the theme file, each
mod's ``theme.yaml`` and pygame_gui's version, so that case is rare. A damaged or unreadable file is ignored (a
picture is never the only copy of anything); reading one never runs code.
"""
from __future__ import annotations

import base64
import binascii
import json
import os
import zlib
from pathlib import Path

import pygame

from ..atomic import atomic_write_text
from ..cachedir import cache_dir
from .assets import ASSETS
from .fonts import GUI_DATA

FORMAT = 1
_SOURCES = [ASSETS / "theme.json", GUI_DATA.parent / "__init__.py", Path(__file__).with_name("gui.py")]


def full_key(app, keys: list[str]) -> list:
    """What a picture is valid for: the screens' keys and everything else that changes how
    their widgets look."""
    stamps = []
    themes = [Path(m) / "theme.yaml" for m in app.mods]      # a mod's widget theme (data/mods/theme.py)
    for p in [*_SOURCES, Path(app.fonts.regular), Path(app.fonts.bold), *themes]:
        try:
            st = os.stat(p)
            stamps.append([str(p), st.st_mtime_ns, st.st_size])
        except OSError:
            stamps.append([str(p), None, None])
    return [FORMAT, keys, app.lang, [str(m) for m in app.mods], list(app.logical_size), stamps]


def _path(key: list) -> Path:
    """One file per install, screen kind (a key's first word), language and mod list: a
    screen whose key changes as it is played (the teaching course) keeps one picture."""
    kinds = [str(k).split(" ")[0] for k in key[1]]
    ident = json.dumps([str(ASSETS), kinds, *key[2:4]]).encode("utf-8", "surrogatepass")
    return cache_dir() / "gui" / f"first-{zlib.crc32(ident):08x}{zlib.adler32(ident):08x}.txt"


def entries(manager) -> list[tuple]:
    """What ``manager.draw_ui`` blits now: (image, rect, area, blend mode), in order."""
    group = manager.get_sprite_group()
    return [tuple(data) for data in getattr(group, "visible", ())
            if data[0] is not None and data[0].get_width() > 0 and data[0].get_height() > 0]


def same(picture: list[tuple], now: list[tuple]) -> bool:
    """Whether ``now`` (``entries``) blits exactly the pixels of ``picture``."""
    if len(picture) != len(now):
        return False
    for (img_a, rect_a, area_a, mode_a), (img_b, rect_b, area_b, mode_b) in zip(picture, now):
        if (pygame.Rect(rect_a).topleft != pygame.Rect(rect_b).topleft or mode_a != mode_b or img_a.get_size() != img_b.get_size()
                or (area_a is None) != (area_b is None) or (area_a is not None and pygame.Rect(area_a) != pygame.Rect(area_b))
                or pygame.image.tobytes(img_a, "RGBA") != pygame.image.tobytes(img_b, "RGBA")):
            return False
    return True


def load(key: list) -> list[tuple] | None:
    """The picture kept for exactly ``key``, or None."""
    try:
        data = _path(key).read_bytes()
        head, _, body = data.partition(b"\n")
        meta = json.loads(head.decode("utf-8"))
        if not isinstance(meta, dict) or meta.get("key") != key or meta.get("crc32") != zlib.crc32(body):
            return None
        raw = zlib.decompress(base64.b64decode(body, validate=True))
        out, at = [], 0
        for w, h, x, y, area, mode in meta["items"]:
            size = 4 * int(w) * int(h)
            if size <= 0 or at + size > len(raw):
                return None
            image = pygame.image.frombytes(raw[at:at + size], (int(w), int(h)), "RGBA")
            at += size
            out.append((image, pygame.Rect(int(x), int(y), int(w), int(h)),
                        None if area is None else pygame.Rect(*[int(v) for v in area]), int(mode)))
        return out if at == len(raw) else None
    except (OSError, ValueError, TypeError, KeyError, zlib.error, binascii.Error, pygame.error, UnicodeError):
        return None


def save(key: list, picture: list[tuple]) -> None:
    """Keep ``picture`` (``entries``) for ``key`` (quietly nothing when it cannot be written)."""
    try:
        items, raw = [], []
        for image, rect, area, mode in picture:
            w, h = image.get_size()
            r = pygame.Rect(rect)
            items.append([w, h, r.x, r.y, None if area is None else list(pygame.Rect(area)), int(mode)])
            raw.append(pygame.image.tobytes(image, "RGBA"))
        body = base64.b64encode(zlib.compress(b"".join(raw), 6))
        head = json.dumps({"key": key, "crc32": zlib.crc32(body), "items": items})
        atomic_write_text(_path(key), head + "\n" + body.decode("ascii"), durable=False)
    except (OSError, ValueError, TypeError, pygame.error):
        pass
