"""Fonts. Noto Sans JP (shipped in pygame_gui's data folder) renders both
English and Japanese. A mod may supply its own font: put ``.ttf``/``.otf`` files in the mod's
``fonts/`` folder (e.g. ``fonts/myfont-regular.ttf`` and ``fonts/myfont-bold.ttf``); a
file whose name contains "bold" is the bold face, any other the regular face (the last
mod in load order wins). It is used for widgets and for everything drawn by hand. Only
fonts that fontTools read whole are used (``tabletop.data.mods.assets.font_problem``)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame

# pygame_gui's data folder, found without importing pygame_gui (the launcher does not need it)
GUI_DATA = Path(importlib.util.find_spec("pygame_gui").origin).parent / "data"
NOTO_REGULAR = GUI_DATA / "NotoSansJP-Regular.otf"
NOTO_BOLD = GUI_DATA / "NotoSansJP-Bold.otf"


def _mod_fonts(mods) -> list[Path]:
    """The mods' fonts that fontTools read whole (``mod_font_paths``): a font file nobody
    checked is never opened by pygame (a damaged one can crash FreeType)."""
    # imported here: without mods the launcher's first frame needs neither the data kit
    # nor PyYAML (start-up time)
    from ..data.mods import mod_font_paths
    try:
        return list(mod_font_paths(mods or []).values())
    except Exception as exc:   # a broken mod: its fonts are skipped (validate-mod tells why)
        print(f"mod fonts skipped: {exc}", file=sys.stderr)
        return []


def font_files(mods: list[str] | None = None) -> tuple[Path, Path]:
    """(regular, bold) font files: Noto Sans JP unless a mod supplies fonts."""
    regular, bold = NOTO_REGULAR, NOTO_BOLD
    if not mods:
        return regular, bold
    files = _mod_fonts(mods)
    regs = [p for p in files if "bold" not in p.stem.lower()]
    bolds = [p for p in files if "bold" in p.stem.lower()]
    if regs:
        regular = regs[-1]
        bold = bolds[-1] if bolds else regs[-1]
    elif bolds:
        bold = bolds[-1]
    return regular, bold


class SizedFont:
    """One size of a font file, sharing the file's one open face (``_Face``) with every
    other size: FreeType reads a face once (about 1 ms for Noto Sans JP) instead of once
    per size, and the face is set to this size before each call. Renders and measures
    exactly as a ``pygame.font.Font`` opened at this size (checked over both languages'
    strings at 16 sizes); the methods the screens use are written out, any other
    ``pygame.font.Font`` method is reached through ``__getattr__`` at this size."""

    __slots__ = ("_face", "_pt")

    def __init__(self, face: "_Face", size: int):
        self._face, self._pt = face, size

    def _at_size(self) -> pygame.font.Font:
        face = self._face
        if face.pt != self._pt:
            face.font.point_size = self._pt
            face.pt = self._pt
        return face.font

    def render(self, *args, **kwargs) -> pygame.Surface:
        return self._at_size().render(*args, **kwargs)

    def size(self, text) -> tuple[int, int]:
        return self._at_size().size(text)

    def get_linesize(self) -> int:
        return self._at_size().get_linesize()

    def get_height(self) -> int:
        return self._at_size().get_height()

    def get_ascent(self) -> int:
        return self._at_size().get_ascent()

    def get_descent(self) -> int:
        return self._at_size().get_descent()

    def __getattr__(self, name):
        attr = getattr(self._face.font, name)
        if not callable(attr):
            return getattr(self._at_size(), name)

        def at_size(*args, **kwargs):
            return getattr(self._at_size(), name)(*args, **kwargs)
        return at_size


class _Face:
    """A font file opened once; ``pt`` is the size it is set to now."""

    __slots__ = ("font", "pt")

    def __init__(self, path: Path, size: int):
        self.font, self.pt = pygame.font.Font(str(path), size), size


class Fonts:
    """``font(size, bold)``: each face opened once, on first use, and shared by its sizes
    (``SizedFont``); rendered text is cached by ``App.text``, bounded by bytes."""

    def __init__(self, mods: list[str] | None = None):
        self.regular, self.bold = font_files(mods)
        self._faces: dict[bool, _Face] = {}
        self._fonts: dict[tuple[int, bool], SizedFont] = {}

    def font(self, size: int, bold: bool = False) -> SizedFont:
        key = (int(size), bool(bold))
        f = self._fonts.get(key)
        if f is None:
            pt = max(1, key[0])
            face = self._faces.get(key[1])
            if face is None:
                face = self._faces[key[1]] = _Face(self.bold if bold else self.regular, pt)
            f = self._fonts[key] = SizedFont(face, pt)
        return f
