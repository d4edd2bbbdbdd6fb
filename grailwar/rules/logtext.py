"""The Grail War log in words: ``render(entry, t, lang)`` is the one entry point screens call.

``entry`` is a log entry as ``view_for(viewer)["log"]`` gives it; ``t(key, **params)`` is the
screen's i18n lookup (``tabletop.ui.i18n`` style); ``lang`` is "en" or "ja". The rules never
import the UI: they only receive ``t``."""
from __future__ import annotations

from .view import render as _legacy


def render(entry, t, lang="en"):
    """One log line in the chosen language."""
    return _legacy(entry, lang)
