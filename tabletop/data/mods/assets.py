"""Images and fonts of mods: which files are usable, and their checks."""
from __future__ import annotations

import re
from pathlib import Path

from ..hints import did_you_mean
from .manifest import ordered_mods
from .paths import ASSET_ID_RE, FONT_SUFFIXES, IMAGE_SUFFIXES, mod_files

_PNG = b"\x89PNG\r\n\x1a\n"
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


def _asset_paths(mods, sub: str, suffixes: tuple[str, ...]) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for mod_dir in ordered_mods(mods or []):
        for path in mod_files(mod_dir, sub, suffixes):
            if asset_problem(path, suffixes) is None:
                out[path.stem] = path
    return out


def mod_image_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{image id: path}`` of every valid ``images/<id>.png`` in the mods (later mods in
    load order win). Invalid files are skipped; ``validate-mod`` reports them."""
    return _asset_paths(mods, "images", IMAGE_SUFFIXES)


def mod_font_paths(mods: list[str | Path] | None) -> dict[str, Path]:
    """``{font id: path}`` of every valid ``fonts/<id>.ttf|otf`` in the mods."""
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


MAX_IMAGE_BYTES = 20 * 1024 * 1024
MAX_IMAGE_SIDE = 8192
MAX_FONT_BYTES = 30 * 1024 * 1024


def asset_problem(path: Path, suffixes: tuple[str, ...]) -> str | None:
    """None when the file is usable, else the reason."""
    if not ASSET_ID_RE.match(path.stem):
        return (f"file name {path.name!r} is not a valid id (lower-case letters, digits, "
                f"'.', '-', '_')")
    size = path.stat().st_size
    if suffixes == IMAGE_SUFFIXES:
        if size > MAX_IMAGE_BYTES:
            return f"image is over {MAX_IMAGE_BYTES // (1024 * 1024)} MB; refused"
        dims = png_size(path)
        if dims is None:
            return "not a PNG image (its header is wrong)"
        if not (0 < dims[0] <= MAX_IMAGE_SIDE and 0 < dims[1] <= MAX_IMAGE_SIDE):
            return f"image is {dims[0]}x{dims[1]}; each side must be 1..{MAX_IMAGE_SIDE} pixels"
        return None
    if size > MAX_FONT_BYTES:
        return f"font is over {MAX_FONT_BYTES // (1024 * 1024)} MB; refused"
    with open(path, "rb") as fh:
        head = fh.read(4)
    if head not in _FONT_MAGIC:
        return "not a TrueType/OpenType font (its header is wrong)"
    return None


#: Image ids the screens ask for (docs/MODDING.md, "Images"). An image with another id is
#: loaded but never shown, so validate-mod adds a note (not an error: new screens may ask
#: for new ids before this list knows them).
IMAGE_IDS = (
    r"pendulum\.board", r"pendulum\.card\.back", r"pendulum\.worker\.[a-z0-9_-]+\.(common|grande)",
    r"grailwar\.map",
)
_EXAMPLE_IMAGE_IDS = ("pendulum.board", "pendulum.card.back", "pendulum.worker.red.common",
                      "pendulum.worker.red.grande", "grailwar.map")


def check_assets(mod_dir: Path, sub: str, suffixes: tuple[str, ...], errors: list[str],
                  notes: list[str] | None = None) -> int:
    count = 0
    for path in mod_files(mod_dir, sub, suffixes, errors):
        reason = asset_problem(path, suffixes)
        if reason:
            errors.append(f"{path}: (file): {reason}")
            continue
        count += 1
        if notes is not None and suffixes == IMAGE_SUFFIXES and \
                not any(re.fullmatch(rx, path.stem) for rx in IMAGE_IDS):
            notes.append(f"{path.relative_to(mod_dir)}: no screen asks for image id {path.stem!r}"
                         f"{did_you_mean(path.stem, _EXAMPLE_IMAGE_IDS)} (see docs/MODDING.md)")
    return count
