"""The player's remembered choices (the language picked in the launcher), in
``preferences.json`` in the user data folder — the same folder as the saves
(``TABLETOP_DATA_DIR`` overrides it), found without importing platformdirs or the engine
(this is read before the first frame)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..atomic import atomic_write_text

APP_NAME = "tabletop-sim"


def user_data_dir() -> Path:
    override = os.environ.get("TABLETOP_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA") or os.path.expanduser("~/AppData/Local")) / APP_NAME
    if sys.platform == "darwin":
        return Path(os.path.expanduser("~/Library/Application Support")) / APP_NAME
    return Path(os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")) / APP_NAME


def _path() -> Path:
    return user_data_dir() / "preferences.json"


def load() -> dict:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(**values) -> None:
    data = load()
    data.update(values)
    try:
        atomic_write_text(_path(), json.dumps(data, ensure_ascii=False, indent=1))
    except OSError:
        pass   # not remembering a choice is never an error
