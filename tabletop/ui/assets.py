"""Images by id: a mod's ``images/<id>.png`` (last mod wins), else ``assets/images/<id>.png``,
else None so the scene draws its procedural fallback. Scaled copies are cached."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
EXTS = (".png", ".jpg", ".jpeg", ".bmp", ".webp")


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
        self._scaled: dict[tuple, pygame.Surface] = {}

    def path(self, image_id: str) -> Path | None:
        if not image_id or ".." in image_id or image_id.startswith(("/", "\\")):
            return None
        if image_id in self.mod_paths:
            return self.mod_paths[image_id]
        for folder in self.folders:
            for ext in EXTS:
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
                except (pygame.error, OSError):
                    surf = None
            self._raw[image_id] = surf
        surf = self._raw[image_id]
        if surf is None or size is None or tuple(size) == surf.get_size():
            return surf
        key = (image_id, tuple(int(v) for v in size))
        if key not in self._scaled:
            self._scaled[key] = pygame.transform.smoothscale(surf, key[1])
        return self._scaled[key]
