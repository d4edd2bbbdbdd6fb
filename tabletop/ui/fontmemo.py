"""What the fonts answered for the program's first frame, kept for the next start (start-up
time).

Opening a face of Noto Sans JP costs FreeType about 1.7 M instructions (it reads the CFF
tables again at each size), and a game screen's first frame opens about 25 faces (each size
it draws with), measures a few hundred strings and renders about 150, loading every glyph on
the way: a fifth of that frame. So :class:`FirstFrame` keeps what the fonts answered while
the first frame was made (each ``size``, ``render`` and line height, with the pixels) in one
file per start screen (launcher, teach, pendulum, grailwar), language and mod list. At the
next start with the same font files, pygame and SDL_ttf, the same questions get the kept
answers, and a face is opened only when a question comes that the record does not hold (it
then answers it itself, as always). The answers are the fonts' own, so the frame is the same
pixel for pixel.

When the first frame has been presented the record is written again if anything was missing
from it (only what that frame asked: the file stays the size of one frame's text), and then
let go: from then on every face answers everything itself. A face asked anything else (or
given a style) answers everything itself from then on too. A damaged, foreign or stale file
is ignored (a record is never the only copy of anything); reading one never runs code.
"""
from __future__ import annotations

import json
import zlib
from pathlib import Path

import pygame

from ..atomic import atomic_write_bytes
from ..cachedir import cache_dir, file_stamp

FORMAT = 3
_BYTES = {"argb": 4, "alpha": 1, "empty": 0}     # bytes a pixel of a kept line takes
_SIDE = 1 << 15                                   # no line is wider or taller than this
_GETTERS = ("get_linesize", "get_height", "get_ascent", "get_descent")


class KeptFont:
    """One face at one size, as ``Fonts.font`` gives it: ``size``, ``render`` and the line
    heights come from the first frame's record while it holds them; the real
    ``pygame.font.Font`` (:attr:`font`, opened when first needed) answers the rest."""

    __slots__ = ("_opener", "_real", "_book", "_id")

    def __init__(self, opener, book: "FirstFrame | None", ident: tuple):
        object.__setattr__(self, "_opener", opener)
        object.__setattr__(self, "_real", None)
        object.__setattr__(self, "_book", book)
        object.__setattr__(self, "_id", ident)

    @property
    def font(self) -> pygame.font.Font:
        """The face itself (opened now if it was not)."""
        if self._real is None:
            object.__setattr__(self, "_real", self._opener())
        return self._real

    @property
    def opened(self) -> bool:
        return self._real is not None

    def _kept(self):
        book = self._book
        return book if book is not None and book.active else None

    def size(self, text):
        book = self._kept()
        if book is None or type(text) is not str:
            return self.font.size(text)
        return book.size(self, text)

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        book = self._kept()
        if book is None or type(text) is not str:
            return self.font.render(text, antialias, color, bgcolor, wraplength)
        return book.render(self, text, antialias, color, bgcolor, wraplength)

    def _getter(name):            # noqa: N805 - builds the line-height methods below
        def get(self):
            book = self._kept()
            if book is None:
                return getattr(self.font, name)()
            return book.number(self, name)
        get.__name__ = name
        return get

    get_linesize, get_height = _getter("get_linesize"), _getter("get_height")
    get_ascent, get_descent = _getter("get_ascent"), _getter("get_descent")
    del _getter

    def __getattr__(self, name):
        # anything else (metrics, a style...): the face itself, which answers everything
        # from now on (a style would make the kept answers wrong)
        object.__setattr__(self, "_book", None)
        return getattr(self.font, name)

    def __setattr__(self, name, value):
        object.__setattr__(self, "_book", None)
        setattr(self.font, name, value)


class FirstFrame:
    """The record of one start screen's first frame (see the module docstring)."""

    def __init__(self):
        self.active = False
        self.path: Path | None = None
        self.key: list | None = None
        self._kept: dict = {}          # question -> answer, from the file
        self._body = b""               # the kept pixels (BGRA rows, one render after another)
        self._asked: dict = {}         # question -> (answer, pixels or None), this first frame
        self.missing = 0               # questions the record did not hold

    def begin(self, screen: str, lang: str, mods, faces) -> None:
        """The first frame of ``screen`` is being made: its record is read, if there is one."""
        self.key = [FORMAT, pygame.version.ver, list(pygame.font.get_sdl_ttf_version()),
                    [file_stamp(p) for p in faces]]
        ident = json.dumps([str(screen), str(lang), [str(m) for m in mods or ()]]).encode("utf-8", "surrogatepass")
        self.path = cache_dir() / "fonts" / f"first-{zlib.crc32(ident):08x}{zlib.adler32(ident):08x}.bin"
        self._kept, self._body = _read(self.path, self.key)
        self._asked, self.missing = {}, 0
        self.active = True

    def shown(self) -> None:
        """The first frame was presented: the record is written again if it missed anything,
        then let go (every face answers itself from now on)."""
        if not self.active:
            return
        self.active = False
        if self.missing:
            _write(self.path, self.key, self._asked, self._body)
        self._kept, self._body, self._asked = {}, b"", {}

    # --- the questions (KeptFont) ------------------------------------------------------------
    def _answer(self, question, ask):
        answer = self._asked.get(question)
        if answer is None:
            answer = self._kept.get(question)
            if answer is None:
                self.missing += 1
                answer = ask()
            self._asked[question] = answer
        return answer

    def size(self, face: KeptFont, text: str):
        w, h = self._answer((face._id, "size", text), lambda: tuple(face.font.size(text)))
        return w, h

    def number(self, face: KeptFont, name: str) -> int:
        return self._answer((face._id, name), lambda: int(getattr(face.font, name)()))

    def render(self, face: KeptFont, text, antialias, color, bgcolor, wraplength):
        try:
            colors = (tuple(pygame.Color(color)), None if bgcolor is None else tuple(pygame.Color(bgcolor)))
            question = (face._id, "render", text, bool(antialias), *colors, int(wraplength))
        except (TypeError, ValueError):
            return face.font.render(text, antialias, color, bgcolor, wraplength)

        def ask():
            surf = face.font.render(text, antialias, color, bgcolor, wraplength)
            return _pixels_of(surf)
        w, h, kind, pixels, bgr = self._answer(question, ask)
        if kind == "empty":
            return pygame.Surface((w, h), 0, 32)
        if kind == "other":
            return pixels.copy()
        if isinstance(pixels, tuple):                     # kept: (offset, length) in the body
            pixels = self._body[pixels[0]:pixels[0] + pixels[1]]
        if kind == "alpha":                               # one colour: its alpha plane was kept
            argb = bytearray(bgr + b"\0") * (w * h)
            argb[3::4] = pixels
            pixels = bytes(argb)
        return pygame.image.frombytes(pixels, (w, h), "BGRA")


def _pixels_of(surf: pygame.Surface) -> tuple:
    """A rendered line as (w, h, kind, pixels, bgr): SDL_ttf's 32-bit ARGB with per-pixel
    alpha, as BGRA bytes ("argb") or, when every pixel has the same colour (SDL_ttf's blended
    text: the text's colour, the shape in the alpha), that colour and the alpha plane alone
    ("alpha", a quarter of the bytes); or an empty line ("empty": no pixels, no alpha). Any
    other surface is not kept ("other")."""
    w, h = surf.get_size()
    if w == 0 or h == 0:
        kind = "empty" if surf.get_masks() == (0xFF0000, 0xFF00, 0xFF, 0) and surf.get_flags() == 0 else "other"
        return w, h, kind, surf, b""
    if surf.get_masks() != (0xFF0000, 0xFF00, 0xFF, 0xFF000000) or surf.get_flags() != pygame.SRCALPHA:
        return w, h, "other", surf, b""
    raw = pygame.image.tobytes(surf, "BGRA")
    n = w * h
    if all(raw[i::4] == raw[i:i + 1] * n for i in range(3)):
        return w, h, "alpha", raw[3::4], raw[:3]
    return w, h, "argb", raw, b""


def _read(path: Path, key: list) -> tuple[dict, bytes]:
    """(question -> answer, pixels) of the record at ``path`` for exactly ``key``; nothing
    when it is absent, damaged or for other fonts."""
    try:
        data = path.read_bytes()
        head, _, raw = data.partition(b"\n")
        meta = json.loads(head.decode("utf-8"))
        # the pixels as they are: inflating them cost more than reading them
        if not isinstance(meta, dict) or meta.get("key") != key or meta.get("crc32") != zlib.crc32(raw):
            return {}, b""
        kept, at = {}, 0
        for item in meta["items"]:
            face = (int(item[0]), bool(item[1]))
            if item[2] == "size":
                kept[(face, "size", str(item[3]))] = (int(item[4]), int(item[5]))
            elif item[2] in _GETTERS:
                kept[(face, item[2])] = int(item[3])
            elif item[2] == "render":
                _, _, _, text, aa, color, bg, wrap, w, h, kind, bgr = item
                w, h = int(w), int(h)
                if not (0 <= w <= _SIDE and 0 <= h <= _SIDE) or kind not in _BYTES \
                        or len(bgr) != (3 if kind == "alpha" else 0) or (kind == "empty" and w * h):
                    return {}, b""
                size = _BYTES[kind] * w * h
                if at + size > len(raw):
                    return {}, b""
                question = (face, "render", str(text), bool(aa), tuple(int(v) for v in color),
                            None if bg is None else tuple(int(v) for v in bg), int(wrap))
                kept[question] = (w, h, kind, (at, size), bytes(bgr))
                at += size
            else:
                return {}, b""
        return (kept, raw) if at == len(raw) else ({}, b"")
    except (OSError, ValueError, TypeError, KeyError, IndexError, UnicodeError):
        return {}, b""


def _write(path: Path, key: list, asked: dict, kept_body: bytes) -> None:
    """Keep what the first frame asked (quietly nothing when it cannot be written);
    ``kept_body``: the pixels of the record read at the start."""
    try:
        items, raw = [], []
        for question, answer in asked.items():
            face, kind = list(question[0]), question[1]
            if kind == "size":
                items.append([*face, kind, question[2], *answer])
            elif kind in _GETTERS:
                items.append([*face, kind, answer])
            else:
                w, h, how, pixels, bgr = answer
                if how not in _BYTES:
                    continue                       # not a line SDL_ttf makes: asked again next time
                if isinstance(pixels, tuple):      # kept from the record read at the start
                    pixels = kept_body[pixels[0]:pixels[0] + pixels[1]]
                _, _, text, aa, color, bg, wrap = question
                items.append([*face, kind, text, aa, list(color), None if bg is None else list(bg), wrap, w, h, how,
                              list(bgr)])
                raw.append(pixels if how != "empty" else b"")
        body = b"".join(raw)
        head = json.dumps({"key": key, "crc32": zlib.crc32(body), "items": items}, ensure_ascii=False)
        atomic_write_bytes(path, head.encode("utf-8") + b"\n" + body, durable=False)
    except (OSError, ValueError, TypeError, pygame.error):
        pass
