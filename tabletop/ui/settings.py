"""The program's settings: config/settings.yaml over built-in defaults (window, frame rate,
key bindings, language). A broken file is reported and the defaults apply."""
from __future__ import annotations

import sys
from pathlib import Path

from .cache import cached

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_FILE = ROOT / "config" / "settings.yaml"

_DEFAULT_SETTINGS = {"language": "en", "window": {"size": [1280, 720], "fullscreen": False}, "fps": 60,
                     "keys": {"pause": ["escape"], "cancel": ["escape", "backspace"],
                              "confirm": ["return", "kp_enter", "space"], "next": ["tab"], "prev": ["shift+tab"],
                              "up": ["up"], "down": ["down"], "left": ["left"], "right": ["right"],
                              "fullscreen": ["f11"], "frame_times": ["f3"]}}


def load_settings() -> dict:
    """The settings: the file's values over the defaults (a section merged key by key)."""
    settings = {k: (dict(v) if isinstance(v, dict) else v) for k, v in _DEFAULT_SETTINGS.items()}
    def parse():
        from ..data.loader import load_yaml   # the data kit: only when a settings file is read, not at import
        return load_yaml(SETTINGS_FILE)[0]
    try:
        data = cached("settings", [SETTINGS_FILE], parse)
    except Exception as exc:   # a broken settings file must not stop the program; defaults apply
        print(f"config/settings.yaml not used: {exc}", file=sys.stderr)
        data = None
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, dict) and isinstance(settings.get(key), dict):
                settings[key] = {**settings[key], **value}
            else:
                settings[key] = value
    return settings
