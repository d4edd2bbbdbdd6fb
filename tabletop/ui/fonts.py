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

from .fontmemo import FirstFrame, KeptFont

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


class Fonts:
    """``font(size, bold)``, each face and size opened once (rendered text is cached by
    ``App.text``, bounded by bytes). Until the program's first frame is shown
    (``first_frame_shown``), a face is a :class:`fontmemo.KeptFont`: it
    answers from what the fonts answered for that frame at the last start, and is opened only
    when asked something else (fontmemo.py)."""

    def __init__(self, mods: list[str] | None = None, first_frame: tuple[str, str] | None = None):
        """``first_frame``: (start screen, language) of the program's first frame, whose faces
        answer from the record kept at the last start until ``first_frame_shown``."""
        self.regular, self.bold = font_files(mods)
        self._fonts: dict[tuple[int, bool], pygame.font.Font | KeptFont] = {}
        self._first: FirstFrame | None = None
        if first_frame is not None:
            self._first = FirstFrame()
            self._first.begin(*first_frame, list(mods or []), (self.regular, self.bold))

    def _open(self, size: int, bold: bool) -> pygame.font.Font:
        return pygame.font.Font(str(self.bold if bold else self.regular), max(1, int(size)))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font | KeptFont:
        key = (int(size), bool(bold))
        f = self._fonts.get(key)
        if f is None:
            if self._first is not None and self._first.active:
                f = KeptFont(lambda: self._open(*key), self._first, key)
            else:
                f = self._open(*key)
            self._fonts[key] = f
        return f

    def first_frame_shown(self) -> None:
        """The first frame was presented: its record is kept for the next start; the faces
        answer everything themselves from now on."""
        if self._first is not None:
            self._first.shown()
            self._first = None
            # an opened face is handed out as itself from now on; one never opened stays a
            # KeptFont (which passes every question on), so that it is opened only once
            self._fonts = {k: f.font if isinstance(f, KeptFont) and f.opened else f for k, f in self._fonts.items()}
