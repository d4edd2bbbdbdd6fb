"""Images and fonts of mods: which files are usable, and their checks."""
from __future__ import annotations

import functools
import zlib
from pathlib import Path

from .. import image_ids
from ..hints import did_you_mean
from .manifest import ordered_mods
from .paths import ASSET_ID_RE, FONT_SUFFIXES, IMAGE_SUFFIXES, file_problem, mod_files

_PNG = b"\x89PNG\r\n\x1a\n"
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_SIDE = 8192
MAX_IMAGE_PIXELS = 4096 * 4096          # one image (64 MB once decoded)
MAX_MOD_PIXELS = 3 * MAX_IMAGE_PIXELS   # every image of one mod together
MAX_FONT_BYTES = 30 * 1024 * 1024


def _asset_paths(mods, sub: str, suffixes: tuple[str, ...]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for mod_dir in ordered_mods(mods or []):
        pixels = 0
        for path in mod_files(mod_dir, sub, suffixes):
            if asset_problem(path, suffixes) is not None:
                continue
            if suffixes == IMAGE_SUFFIXES:
                w, h = png_size(path) or (0, 0)
                pixels += w * h
                if pixels > MAX_MOD_PIXELS:     # validate-mod refuses the mod; never load past it
                    break
            out[path.stem] = path
    return out


def mod_image_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{image id: path}`` of every valid ``images/<id>.png`` in the mods (later mods in
    load order win). Invalid files are skipped; ``validate-mod`` reports them."""
    return _asset_paths(mods, "images", IMAGE_SUFFIXES)


def mod_font_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{font id: path}`` of every ``fonts/<id>.ttf|otf`` in the mods that fontTools read
    whole (``font_problem``): no other font file is ever opened by the program."""
    return _asset_paths(mods, "fonts", FONT_SUFFIXES)


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG header, or None when it is not a PNG."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(24)
    except OSError:
        return None
    if len(head) < 24 or not head.startswith(_PNG) or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def png_problem(data: bytes) -> str | None:
    """Why a PNG's chunks are damaged (a chunk past the end, a wrong checksum, no image
    data or no end), or None. The pixels themselves are decoded by the screens."""
    pos, seen = len(_PNG), set()
    while pos + 12 <= len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        end = pos + 12 + length
        if length > len(data) or end > len(data):
            return f"chunk {kind!r} runs past the end of the file (damaged image)"
        if zlib.crc32(data[pos + 4:pos + 8 + length]) != int.from_bytes(data[end - 4:end], "big"):
            return f"chunk {kind!r} has a wrong checksum (damaged image)"
        seen.add(kind)
        pos = end
        if kind == b"IEND":
            break
    if b"IDAT" not in seen or b"IEND" not in seen:
        return "the image has no pixel data or no end (damaged image)"
    return None


def font_problem(path: Path) -> str | None:
    """Why fontTools cannot read the whole font (every table, every glyph outline, a
    character map), or None. Cached by file, size and time of change."""
    try:
        st = path.stat()
    except OSError as exc:
        return f"cannot read ({exc.strerror})"
    return _font_problem(str(path), st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=64)
def _font_problem(path: str, _size: int, _mtime: int) -> str | None:
    # fontTools is imported here, not at the top: only a mod with fonts needs it and the
    # launcher's first frame must not wait for it (start-up time)
    from fontTools.ttLib import TTFont
    try:
        with TTFont(path, lazy=False, fontNumber=0, recalcBBoxes=False, recalcTimestamp=False) as font:
            tables = list(font.keys())
            missing = [t for t in ("cmap", "head", "hhea", "hmtx", "maxp", "name") if t not in tables]
            if missing:
                return f"not a usable font: table {missing[0]!r} is missing"
            for tag in tables:
                font[tag]                       # decompile every table
            order = font.getGlyphOrder()
            if "glyf" in font:
                glyf = font["glyf"]
                for name in order:
                    glyf[name]                  # expands the outline
            elif "CFF " in font:
                cff = font["CFF "].cff
                for cs in cff[cff.fontNames[0]].CharStrings.values():
                    cs.decompile()
            else:
                return "not a usable font: no glyph outlines (glyf or CFF table)"
            if not font.getBestCmap():
                return "not a usable font: its character map is empty"
    except Exception as exc:            # fontTools raises many kinds for a damaged font
        return f"not a font fontTools can read ({type(exc).__name__}: {str(exc)[:120]})"
    return None


def asset_problem(path: Path, suffixes: tuple[str, ...]) -> str | None:
    """None when the file is usable, else the reason."""
    if not ASSET_ID_RE.match(path.stem):
        return (f"file name {path.name!r} is not a valid id (lower-case letters, digits, "
                f"'.', '-', '_')")
    problem = file_problem(path)
    if problem:
        return problem
    size = path.stat().st_size
    if suffixes == IMAGE_SUFFIXES:
        if size > MAX_IMAGE_BYTES:
            return f"image is over {MAX_IMAGE_BYTES // (1024 * 1024)} MB; refused"
        dims = png_size(path)
        if dims is None:
            return "not a PNG image (its header is wrong)"
        if not (0 < dims[0] <= MAX_IMAGE_SIDE and 0 < dims[1] <= MAX_IMAGE_SIDE):
            return f"image is {dims[0]}x{dims[1]}; each side must be 1..{MAX_IMAGE_SIDE} pixels"
        if dims[0] * dims[1] > MAX_IMAGE_PIXELS:
            return (f"image is {dims[0]}x{dims[1]} = {dims[0] * dims[1]:,} pixels; at most "
                    f"{MAX_IMAGE_PIXELS:,} per image (e.g. 4096x4096)")
        try:
            return png_problem(path.read_bytes())
        except OSError as exc:
            return f"cannot read ({exc.strerror})"
    if size > MAX_FONT_BYTES:
        return f"font is over {MAX_FONT_BYTES // (1024 * 1024)} MB; refused"
    with open(path, "rb") as fh:
        head = fh.read(4)
    if head not in _FONT_MAGIC:
        return "not a TrueType/OpenType font (its header is wrong)"
    return font_problem(path)


def image_notes(mod_dir: Path, path: Path, known: dict) -> list[str]:
    """Notes for an image that will not show (an id no screen asks for, see
    ``tabletop.data.image_ids``) or will look wrong (its aspect, too small)."""
    rel = path.relative_to(mod_dir)
    if path.stem not in known:
        return [f"{rel}: no screen asks for image id {path.stem!r}"
                f"{did_you_mean(path.stem, list(known))} (see docs/MODDING.md)"]
    return [f"{rel}: {p}" for p in image_ids.problems(path.stem, png_size(path) or (0, 0), known)]


def check_assets(mod_dir: Path, sub: str, suffixes: tuple[str, ...], errors: list[str],
                 notes: list[str] | None = None) -> int:
    count = pixels = 0
    known = None
    for path in mod_files(mod_dir, sub, suffixes, errors):
        reason = asset_problem(path, suffixes)
        if reason:
            errors.append(f"{path}: (file): {reason}")
            continue
        count += 1
        if suffixes == IMAGE_SUFFIXES:
            w, h = png_size(path) or (0, 0)
            pixels += w * h
            if pixels > MAX_MOD_PIXELS:
                errors.append(f"{path}: (file): the mod's images add up to over {MAX_MOD_PIXELS:,} pixels "
                              f"(the budget of one mod); make them smaller or fewer")
                break
        if notes is not None and suffixes == IMAGE_SUFFIXES:
            if known is None:
                known = image_ids.expand([mod_dir])
            notes.extend(image_notes(mod_dir, path, known))
    return count
