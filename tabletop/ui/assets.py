"""Images by id: a mod's ``images/<id>.png`` (last mod wins), else ``assets/images/<id>.png``,
else None so the scene draws its procedural fallback (``tabletop.ui.skin.draw`` does both).
Each image is decoded once; a scaled copy is made once per size and kept in a cache bounded
by bytes (``SCALED_BYTES``), so nothing is scaled per frame."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from .cache import LRU

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
EXTS = (".png", ".jpg", ".jpeg", ".bmp", ".webp")
SCALED_BYTES = 192 * 1024 * 1024        # scaled copies kept (the whole paper theme at 1080p is ~60 MB)


class Assets:
    def __init__(self, mods: list[str] | None = None):
        self.folders = [ASSETS / "images"]
        self.mod_paths: dict[str, Path] = {}
        if mods:
            try:
                from ..data.mods import mod_image_paths   # validated PNGs, mod load order
                self.mod_paths = dict(mod_image_paths(mods))
            except ImportError:
                self.folders = [Path(m) / "images" for m in reversed(mods)] + self.folders
            except Exception as exc:   # a broken mod: its images are skipped (validate-mod tells why)
                print(f"mod images skipped: {exc}", file=sys.stderr)
        self._raw: dict[str, pygame.Surface | None] = {}
        self._listed: dict[Path, frozenset] = {}     # each folder's file names, read once
        self.scaled = LRU(SCALED_BYTES, max_items=2048)

    def _names(self, folder: Path) -> frozenset:
        """The names in ``folder``, listed once: a frame asks for hundreds of ids, most of
        which have no image (the procedural drawing is used), and each was a file look-up."""
        names = self._listed.get(folder)
        if names is None:
            try:
                names = frozenset(os.listdir(folder))
            except OSError:
                names = frozenset()
            self._listed[folder] = names
        return names

    def path(self, image_id: str) -> Path | None:
        if not image_id or ".." in image_id or image_id.startswith(("/", "\\")):
            return None
        if image_id in self.mod_paths:
            return self.mod_paths[image_id]
        for folder in self.folders:
            names = self._names(folder)
            for ext in EXTS:
                if f"{image_id}{ext}" not in names:
                    continue
                p = folder / f"{image_id}{ext}"
                if p.is_file():
                    try:   # a mod can never reach outside its folder
                        p.resolve().relative_to(folder.resolve())
                    except ValueError:
                        continue
                    return p
        return None

    def image(self, image_id: str, size: tuple[int, int] | None = None) -> pygame.Surface | None:
        if image_id not in self._raw:
            p = self.path(image_id)
            surf = None
            if p is not None:
                try:
                    surf = pygame.image.load(str(p))
                    if pygame.display.get_surface() is not None:
                        surf = surf.convert_alpha()
                    elif surf.get_bitsize() < 24:       # smoothscale wants 24 or 32 bits
                        full = pygame.Surface(surf.get_size(), pygame.SRCALPHA, 32)
                        full.blit(surf, (0, 0))
                        surf = full
                except (pygame.error, OSError):
                    surf = None
            self._raw[image_id] = surf
        surf = self._raw[image_id]
        if surf is None or size is None or tuple(size) == surf.get_size():
            return surf
        key = (image_id, tuple(max(1, int(v)) for v in size))
        scaled = self.scaled.get(key)
        if scaled is None:
            scaled = pygame.transform.smoothscale(surf, key[1])
            self.scaled.put(key, scaled)
        return scaled
