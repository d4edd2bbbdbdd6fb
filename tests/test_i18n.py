"""Translations: config/i18n/en.yaml and ja.yaml have the same keys, every text is
non-empty with the same {placeholders}, and every key the shell asks for exists."""
import re
import string
from pathlib import Path

from tabletop.data import load_yaml
from tabletop.data.mods import flatten_strings as flatten

ROOT = Path(__file__).resolve().parents[1]


def strings(lang):
    data, _ = load_yaml(ROOT / "config" / "i18n" / f"{lang}.yaml")
    return flatten(data)


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_en_and_ja_have_the_same_keys():
    en, ja = strings("en"), strings("ja")
    only_en = sorted(set(en) - set(ja))
    only_ja = sorted(set(ja) - set(en))
    assert not only_en and not only_ja, f"only in en.yaml: {only_en}; only in ja.yaml: {only_ja}"


def test_sections_and_texts():
    for lang in ("en", "ja"):
        data, _ = load_yaml(ROOT / "config" / "i18n" / f"{lang}.yaml")
        assert {"shell", "pendulum", "grailwar", "teach"} <= set(data), lang
        for key, text in strings(lang).items():
            assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty or not a text"


def test_placeholders_match():
    en, ja = strings("en"), strings("ja")
    bad = [k for k in set(en) & set(ja) if fields(en[k]) != fields(ja[k])]
    assert not bad, f"placeholders differ between en and ja: {sorted(bad)}"


def test_every_shell_key_used_in_the_code_exists():
    en = strings("en")
    used = set()
    for path in (ROOT / "tabletop" / "ui").glob("*.py"):
        used |= set(re.findall(r'["\'](shell\.[a-z0-9_.]+[a-z0-9_])["\']', path.read_text(encoding="utf-8")))
    # keys built at run time: shell.launcher.<item>, shell.game.<game>, ...
    for item in ("pendulum", "teach", "grailwar", "load", "resume", "language", "quit"):
        used.add(f"shell.launcher.about.{item}")
    for game in ("pendulum", "grailwar"):
        used.add(f"shell.game.{game}")
    for key in ("realtime", "timetrack", "beginner"):
        used.add(f"shell.mode.{key}")
    for key in ("human", "bot", "npc"):
        used.add(f"shell.seat.{key}")
    for lang in ("en", "ja"):
        used.add(f"shell.language_name.{lang}")
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys used by tabletop/ui but missing from en.yaml: {missing}"
