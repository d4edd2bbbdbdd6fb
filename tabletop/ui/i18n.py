"""Translations: config/i18n/<lang>.yaml (+ mods' i18n/<lang>.yaml), flattened to dotted keys.

Every visible string comes from these files. ``Strings.t(key, **fmt)`` returns the key
itself when it is missing (tests/test_i18n.py checks that en and ja have the same keys)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
I18N_DIR = ROOT / "config" / "i18n"
LANGS = ("en", "ja")


def flatten(data: Any, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            sub = f"{prefix}.{key}" if prefix else str(key)
            out.update(flatten(value, sub))
    elif data is not None and prefix:
        out[prefix] = str(data)
    return out


def _load_base(lang: str, mods: list[str] | None) -> dict[str, str]:
    from .fastyaml import load_yaml
    strings = flatten(load_yaml(I18N_DIR / f"{lang}.yaml")[0])
    for mod in mods or []:
        path = Path(mod) / "i18n" / f"{lang}.yaml"
        if path.is_file():
            strings.update(flatten(load_yaml(path)[0]))
    return strings


def load_strings(lang: str, mods: list[str] | None = None) -> dict[str, str]:
    """The strings of one language: the base file (read here, fast, for the launcher's first
    frame) or, with mods, the data kit's ``load_translations`` (base file + mod overlays)."""
    if not mods:
        from .cache import cached
        return cached(f"strings-{lang}", [I18N_DIR / f"{lang}.yaml"], lambda: _load_base(lang, None))
    try:
        from ..data.mods import load_translations  # provided by tabletop/data
    except ImportError:
        return _load_base(lang, mods)
    try:
        return dict(load_translations(lang, mods or []))
    except Exception as exc:   # a broken mod's strings: fall back to the base file
        import sys
        print(f"mod translations skipped: {exc}", file=sys.stderr)
        return _load_base(lang, None)


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
                import sys
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
            except (KeyError, IndexError, ValueError):
                return text
        return text
