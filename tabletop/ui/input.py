"""Raw key events become intents, with the bindings of config/settings.yaml (``keys:``).

A binding is a key name, optionally with modifiers: ``return``, ``f11``, ``1``,
``shift+tab``, ``ctrl+z``. Names are pygame's ``K_<name>`` constants (case-insensitive,
e.g. ``kp_enter``) or pygame key names (``page up``). A binding without modifiers matches
only when no Ctrl/Shift/Alt is held, so ``tab`` and ``shift+tab`` can mean different things.
One key may carry several intents (Esc is both ``pause`` and ``cancel``): ``intents(event)``
lists them in the order of the settings file, ``intent(event)`` returns the first.
"""
from __future__ import annotations

import pygame

_MODS = {
    "ctrl": pygame.KMOD_CTRL,
    "shift": pygame.KMOD_SHIFT,
    "alt": pygame.KMOD_ALT,
    "meta": pygame.KMOD_GUI,
}
_MOD_MASK = pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT | pygame.KMOD_GUI


def key_code(name: str) -> int:
    name = name.strip()
    for attr in (f"K_{name}", f"K_{name.upper()}", f"K_{name.lower()}"):
        value = getattr(pygame, attr, None)
        if isinstance(value, int):
            return value
    try:
        return pygame.key.key_code(name)
    except ValueError:
        raise ValueError(f"unknown key {name!r}") from None


def parse_binding(text: str) -> tuple[int, frozenset[str]]:
    parts = [p for p in str(text).split("+")]
    # "+" alone or "shift++" would be odd; a trailing empty part means the key is "+"
    if parts and parts[-1] == "" and len(parts) > 1:
        parts = parts[:-2] + ["+"]
    *mods, key = parts
    mods = [m.strip().lower() for m in mods]
    for m in mods:
        if m not in _MODS:
            raise ValueError(f"unknown modifier {m!r} in key binding {text!r}")
    return key_code(key), frozenset(mods)


class KeyMap:
    def __init__(self, keys: dict[str, list[str] | str] | None):
        self.bindings: list[tuple[str, int, frozenset[str]]] = []
        self.errors: list[str] = []
        for intent, names in (keys or {}).items():
            if isinstance(names, str):
                names = [names]
            for name in names or []:
                try:
                    code, mods = parse_binding(str(name))
                except ValueError as exc:
                    self.errors.append(f"keys.{intent}: {exc}")
                    continue
                self.bindings.append((str(intent), code, mods))

    def intents(self, event) -> list[str]:
        if getattr(event, "type", None) != pygame.KEYDOWN:
            return []
        held = getattr(event, "mod", 0) & _MOD_MASK
        out = []
        for intent, code, mods in self.bindings:
            if code != event.key:
                continue
            want = 0
            for m in mods:
                want |= _MODS[m]
            # each wanted modifier must be held; none other may be
            if all(held & _MODS[m] for m in mods) and not (held & ~want & _MOD_MASK):
                if intent not in out:
                    out.append(intent)
        return out

    def intent(self, event) -> str | None:
        found = self.intents(event)
        return found[0] if found else None
