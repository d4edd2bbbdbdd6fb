"""The launcher's first frame, as the window showed it, kept for the next start (start-up time).

At a window smaller than the logical 1920×1080 frame, the first frame is drawn on a logical
surface of 8 MB and scaled into the window. Making that surface is the first touch of 2,025
fresh pages of memory: about 8 ms of a start whose bare window costs 0.1 s, more than the
launcher's drawing itself. So a screen that looks the same at every start (``first_picture``
set on its class: the launcher) has its first window frame kept in a file, one per screen,
language and mod list. At the next start with the same window size and format, fonts,
strings and drawing code, that frame is read straight into the window and presented; the
logical surface is made, and the frame drawn as always, right after (before any input is
read: ``App.frame_step``), while the fonts still answer from their record (fontmemo.py).

The drawn frame is then compared with the picture: when they differ (a mod's backdrop or a
translation changed since), the picture is written again, so a stale picture can show for
one frame once, never twice. A damaged, truncated or foreign file is not shown (its length
and checksum must match exactly); the frame is drawn as if there were none, and the file is
written again. Reading one never runs code. Only the CPU path with scaling or letterbox bars
has a logical surface of its own; the GPU path, a window of the logical size and a first
frame with anything over the screen (a dialog, a toast, F3, a mod's errors) do not use it.
"""
from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

import pygame

from ..atomic import atomic_write_bytes
from ..cachedir import cache_dir, file_stamp

FORMAT = 1
_HEAD = 1 << 16         # a header line is shorter than this
_UI = Path(__file__).resolve().parent
_ROOT = _UI.parents[1]
# what the launcher's frame is drawn by (a change here makes a new picture at once, not a frame later)
_SOURCES = [_UI / n for n in ("app.py", "present.py", "compose.py", "launcher.py", "menu_scene.py", "widgets.py",
                              "skin.py", "gui.py", "frameshot.py")]


class FirstPicture:
    """The App's first frame as a kept picture (see the module docstring). ``show`` is asked
    as the first frame is drawn; ``shown`` right after it was presented."""

    def __init__(self, app):
        self.app = app
        self.path: Path | None = None
        self.key: list | None = None
        self.crc: int | None = None     # the checksum of the picture shown, None when none was
        self.used = False               # the first frame presented was the kept picture
        self._tried = False

    # --- which frames may be kept ---------------------------------------------------------------
    def _eligible(self, plain: bool) -> str | None:
        """The screen's picture name when this first frame can be kept and shown, else None;
        ``plain``: the App has no dialog or toast up."""
        app, p = self.app, self.app.presenter
        scenes = list(app.scenes)
        name = getattr(scenes[0], "first_picture", None) if len(scenes) == 1 else None
        if not name or not plain or p.mode != "cpu" or p.direct or app.show_frame_times \
                or (app.watcher is not None and app.watcher.overlay() is not None):
            return None
        win = p.window
        if win.get_pitch() != win.get_width() * win.get_bytesize():
            return None                  # rows with padding: not one plain run of bytes
        return str(name)

    def _prepare(self, name: str) -> None:
        app, win = self.app, self.app.presenter.window
        fonts = [app.fonts.regular, app.fonts.bold]
        strings = [_ROOT / "config" / "i18n" / f"{lang}.yaml" for lang in sorted({app.lang, "en"})]
        self.key = [FORMAT, pygame.version.ver, list(win.get_size()), win.get_bytesize(), list(win.get_masks()),
                    list(app.presenter.view_rect), bool(app.presenter.smooth),
                    [file_stamp(p) for p in [*_SOURCES, *strings, *fonts]]]
        ident = json.dumps([name, app.lang, [str(m) for m in app.mods]]).encode("utf-8", "surrogatepass")
        self.path = cache_dir() / "frames" / f"first-{zlib.crc32(ident):08x}{zlib.adler32(ident):08x}.bin"

    # --- the first frame ---------------------------------------------------------------------------
    def show(self, plain: bool) -> bool:
        """At the first frame: present the kept picture when there is a valid one (True); else
        nothing (the frame is drawn as always). ``plain``: no dialog or toast is up."""
        if self._tried:
            return False
        self._tried = True
        name = self._eligible(plain)
        if name is None:
            return False
        self._prepare(name)
        win = self.app.presenter.window
        try:
            with open(self.path, "rb") as fh:
                meta = json.loads(fh.readline(_HEAD).decode("utf-8"))
                size = win.get_height() * win.get_pitch()
                if not isinstance(meta, dict) or meta.get("key") != self.key \
                        or os.fstat(fh.fileno()).st_size - fh.tell() != size:
                    return False
                view = win.get_view("1")     # the window is locked while its pixels are viewed
                with memoryview(view) as pixels:
                    read = fh.readinto(pixels)
                    crc = zlib.crc32(pixels)
                del view
                if read != size or crc != meta.get("crc32"):
                    return False             # the frame drawn next covers the whole window
        except (OSError, ValueError, TypeError, UnicodeError, pygame.error):
            return False
        self.crc, self.used = crc, True
        pygame.display.flip()
        self.app.presenter.stand_in = lambda: self.app.draw(force=True)   # asked for the frame: drawn
        return True

    def shown(self) -> None:
        """The first frame was presented. When it was the picture, the frame is drawn now as
        it always was (the window then holds exactly what the picture should be); the
        picture is written again when it is absent or differs."""
        if self.path is None:
            return
        p = self.app.presenter
        p.logical                       # noqa: B018 - the frame the picture stood in for, drawn now
        win = p.window
        self.path, path = None, self.path
        try:
            view = win.get_view("1")
            with memoryview(view) as pixels:
                crc = zlib.crc32(pixels)
                data = None if crc == self.crc else bytes(pixels)
            del view
            if data is not None:
                head = json.dumps({"key": self.key, "crc32": crc}).encode("utf-8") + b"\n"
                atomic_write_bytes(path, head + data, durable=False)
        except (OSError, ValueError, TypeError, pygame.error):
            pass
