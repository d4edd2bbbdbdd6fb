"""Live reload for modders: ``python main.py pendulum --mod DIR --watch`` (every game command
and the launcher take ``--watch``).

The App polls the ``--mod`` folders every ``INTERVAL`` seconds of its fixed-step time
(file sizes and modification times; no extra dependency) and, when a file changed, checks
every mod with the same checks as ``validate-mod``:

* **errors**: nothing is reloaded -- the last good version stays in use -- and a banner at
  the top of the screen lists the ``file:line: field: message`` lines until the mod is
  fixed (the next good save removes it);
* **images, sounds, translations**: reloaded at once, in the game in progress: the App
  takes new images, sounds and strings, and every scene is told as after a language
  switch (``on_language_changed``), so what it cached is drawn again;
* **the widget theme** (``theme.yaml``): the widgets shown take it at once (``Gui.reload_mod_theme``);
* **rules data** (``mod.yaml`` and every data file): a game in progress keeps the rules it
  started with (a game never changes its rules mid-way, and its record replays with them);
  the new data applies from the next game -- Rematch or a new game from the launcher -- and
  a notice says so. The games' loaded data is forgotten (``tabletop.games.forget_data``)
  and the YAML cache sees the edit by its contents.

Files whose names start with a dot or end with ``~``, ``.tmp``, ``.swp`` (editors' scratch
files) are not watched.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

INTERVAL = 0.5              # seconds between two looks at the mods' files
MAX_LINES = 8               # error lines shown in the banner
_SCRATCH = ("~", ".tmp", ".swp", ".swx", ".part")
PARTS = ("images", "sounds", "translations", "theme", "data")


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """``{relative path: (mtime_ns, size)}`` of every file under ``folder`` (never following
    links out of it; unreadable entries are skipped)."""
    out: dict[str, tuple[int, int]] = {}
    stack = [Path(folder)]
    while stack:
        here = stack.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name.startswith(".") or name.endswith(_SCRATCH):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                elif entry.is_file(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    out[str(Path(entry.path).relative_to(folder))] = (st.st_mtime_ns, st.st_size)
            except (OSError, ValueError):
                continue
    return out


def part_of(relative: str) -> str:
    """Which kind of content a mod file is: images, sounds, translations, theme (the widgets'
    ``theme.yaml``) or data."""
    parts = Path(relative).parts
    if parts == ("theme.yaml",):
        return "theme"
    top = parts[0] if parts else ""
    return {"images": "images", "sounds": "sounds", "i18n": "translations"}.get(top, "data")


class ModWatcher:
    """Polls the App's mods (see the module docstring). ``update(dt)`` from the App's fixed
    step; ``overlay()`` is the banner (surface, logical rect) while a mod has errors."""

    def __init__(self, app, interval: float = INTERVAL):
        self.app = app
        self.interval = float(interval)
        self.folders = [Path(m) for m in app.mods]
        self.seen = {f: snapshot(f) for f in self.folders}
        self.errors: list[str] = []          # the banner's lines (empty: every mod is good)
        self.pending: set[str] = set()       # parts changed while a mod had errors
        self.reloads = 0                     # good reloads done (tests, F3)
        self._wait = self.interval
        self._banner: tuple | None = None

    def update(self, dt: float) -> None:
        self._wait -= dt
        if self._wait > 0:
            return
        self._wait = self.interval
        changed: set[str] = set()
        for folder in self.folders:
            now = snapshot(folder)
            before = self.seen[folder]
            if now != before:
                changed |= {part_of(k) for k in set(now) ^ set(before)}
                changed |= {part_of(k) for k in now.keys() & before.keys() if now[k] != before[k]}
                self.seen[folder] = now
        if changed:
            self.reload(changed)

    def check(self) -> list[str]:
        """Every mod's errors, as ``validate-mod`` prints them."""
        from ..data.mods import validate_mod   # the data kit: loaded when a file changed, not at start
        errors = []
        for folder in self.folders:
            try:
                found, _ = validate_mod(str(folder))
            except Exception as exc:          # the checks themselves must never stop the game
                found = [f"{folder}: {exc}"]
            errors.extend(found)
        return errors

    def reload(self, parts: set[str]) -> None:
        """Check the mods; reload ``parts`` when they are good, else show the banner."""
        parts = parts | self.pending
        errors = self.check()
        if errors:
            self.pending = parts
            self.errors = errors
            self._banner = None
            return
        self.pending = set()
        if self.errors:
            self.errors = []
            self._banner = None
        self.app.reload_mods(parts)
        self.reloads += 1
        t = self.app.t
        names = t("shell.watch.joiner").join(t(f"shell.watch.{p}") for p in PARTS if p in parts)
        self.app.notify(t("shell.watch.reloaded", parts=names), seconds=3.0)
        if "data" in parts:
            self.app.notify(t("shell.watch.data_next"), seconds=6.0)

    def overlay(self) -> tuple | None:
        """The banner listing the errors, (surface, rect), or None."""
        if not self.errors:
            return None
        if self._banner is None:
            self._banner = self._render()
        return self._banner

    def _render(self) -> tuple:
        app = self.app
        mods = ", ".join(str(f) for f in self.folders)
        lines = [(app.t("shell.watch.errors", mod=mods), (255, 226, 150))]
        lines += [(line, (255, 236, 228)) for line in self.errors[:MAX_LINES]]
        if len(self.errors) > MAX_LINES:
            lines.append((app.t("shell.watch.more", count=len(self.errors) - MAX_LINES), (255, 226, 150)))
        width = 1800
        texts = []
        for text, colour in lines:
            surf = app.text(text, 22, colour, cache=False)
            if surf.get_width() > width - 40:            # a long path: cut, never wider than the banner
                surf = surf.subsurface((0, 0, width - 40, surf.get_height())).copy()
            texts.append(surf)
        height = sum(s.get_height() for s in texts) + 24
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(box, (70, 18, 18, 240), box.get_rect(), border_radius=12)
        pygame.draw.rect(box, (230, 120, 100), box.get_rect(), width=2, border_radius=12)
        y = 12
        for surf in texts:
            box.blit(surf, (20, y))
            y += surf.get_height()
        return box, box.get_rect(midtop=(960, 64))
