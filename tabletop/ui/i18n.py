"""Translations: config/i18n/<lang>.yaml (+ mods' i18n/<lang>.yaml), flattened to dotted keys.

Every visible string comes from these files. ``Strings.t(key, **fmt)`` returns the key
itself when it is missing (tests/test_i18n.py checks that en and ja have the same keys)."""
from __future__ import annotations

import sys
from pathlib import Path

from .cache import cached

ROOT = Path(__file__).resolve().parents[2]
I18N_DIR = ROOT / "config" / "i18n"
LANGS = ("en", "ja")


def _translations(lang: str, mods: list[str] | None = None) -> dict[str, str]:
    from ..data.mods import load_translations
    return load_translations(lang, mods)


def load_strings(lang: str, mods: list[str] | None = None) -> dict[str, str]:
    """The strings of one language: the base file overlaid by the mods' files (the data
    kit's ``load_translations``). Without mods the result is kept in the start-up cache, so
    the launcher's first frame imports neither the data kit nor PyYAML."""
    if not mods:
        return cached(f"strings-{lang}", [I18N_DIR / f"{lang}.yaml"], lambda: _translations(lang))
    try:
        return _translations(lang, mods)
    except Exception as exc:   # a broken mod's strings: fall back to the base file
        print(f"mod translations skipped: {exc}", file=sys.stderr)
        return _translations(lang)


class Strings:
    def __init__(self, lang: str = "en", mods: list[str] | None = None):
        self.mods = list(mods or [])
        self._cache: dict[str, dict[str, str]] = {}
        self.lang = lang if lang in LANGS else "en"

    def table(self, lang: str | None = None) -> dict[str, str]:
        lang = lang or self.lang
        if lang not in self._cache:
            try:
                self._cache[lang] = load_strings(lang, self.mods)
            except Exception as exc:   # a broken strings file shows keys, never a crash
                print(f"strings for {lang!r} not loaded: {exc}", file=sys.stderr)
                self._cache[lang] = {}
        return self._cache[lang]

    def t(self, key: str, **fmt) -> str:
        text = self.table().get(key)
        if text is None:
            text = self.table("en").get(key, key) if self.lang != "en" else key
        if fmt:
            try:
                return text.format(**fmt)
            except (KeyError, IndexError, ValueError, AttributeError, TypeError):
                return text      # mods' texts are checked on load; this keeps a slip visible, not fatal
        return text
