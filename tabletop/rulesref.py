"""The in-game rules reference of each game: loading, look-up and plain-text layout.

A game's reference is ``config/<game>/reference/reference.yaml`` (a sub-folder, like the
teaching course: the engines treat every ``config/<game>/*.yaml`` as their own data).
It holds the viewer's few strings per language (``ui``) and a list of ``sections``, each
with a stable ``id``, the spec references it covers (``spec``: ``"4.4"``, ``"G3"`` for
Pendulum; ``"§7.4"``, ``"HR-30"`` for Grail War), optional prompt kinds (``prompts``:
the Grail War prompt that opens it) and a ``title`` and ``body`` in every language.
docs/REFERENCE.md is the writer's guide.

``find_section(ref, key)`` turns what a screen knows into a section: a section id, a
prompt kind, or a refusal's rule id such as ``"4.4 timer row"`` (its leading spec number
picks the section; ``"4.6.2"`` falls back to ``"4.6"``). ``format_reference`` lays the text
out for a terminal; ``wrap`` is the line breaker, shared with the viewer (which measures in
pixels): words are never split, and Japanese lines never start with closing punctuation
or 「ー」 nor end with an opening bracket (kinsoku).

No pygame here: ``python main.py rules`` prints without opening a window.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pydantic

from .data.checks import StrictModel, check_unique, validate, where
from .data.hints import did_you_mean
from .data.loader import load_yaml
from .engine.errors import DataError
from .linebreak import NO_END, NO_START, display_width, wrap, wrap_body  # noqa: F401  (the line breaker, re-exported)

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("pendulum", "grailwar")
LANGS = ("en", "ja")

_ID = r"^[a-z][a-z0-9_]{0,39}$"
# "4.4", "5.10", "G3", "D1" (Pendulum); "§7.4", "HR-30" (Grail War)
_SPEC = r"^(§?\d+(\.\d+)*|HR-\d+|[GD]\d+)$"
_SPEC_TOKEN = re.compile(r"\s*§?(\d+(?:\.\d+)*|HR-\d+|[GD]\d+)(?![\w.-]*\w)")


# --- the file's shape ----------------------------------------------------------------
class _Text(StrictModel):
    title: str = pydantic.Field(min_length=1, max_length=80)
    body: str = pydantic.Field(min_length=1)


class _Ui(StrictModel):
    title: str = pydantic.Field(min_length=1, description="the viewer's heading")
    sections: str = pydantic.Field(min_length=1, description="heading of the section list")
    close: str = pydantic.Field(min_length=1, description="the close button")
    keys: str = pydantic.Field(min_length=1, description="the key hint at the bottom")
    spec: str = pydantic.Field(min_length=1, description="label before the spec references")


class _UiLangs(StrictModel):
    en: _Ui
    ja: _Ui


class _Section(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    spec: list[pydantic.constr(pattern=_SPEC)] = []     # empty for a section about the screen only
    prompts: list[pydantic.constr(pattern=r"^[a-z_]+$")] = []
    en: _Text
    ja: _Text


class _File(StrictModel):
    game: str
    ui: _UiLangs
    sections: list[_Section] = pydantic.Field(min_length=1)


# --- what the rest of the program uses --------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Section:
    id: str
    spec: tuple[str, ...]
    prompts: tuple[str, ...]
    texts: dict                      # lang -> (title, body)

    def title(self, lang: str) -> str:
        return self.texts.get(lang, self.texts["en"])[0]

    def body(self, lang: str) -> str:
        return self.texts.get(lang, self.texts["en"])[1]


@dataclasses.dataclass(frozen=True)
class Reference:
    game: str
    ui: dict                         # lang -> {title, sections, close, keys, spec}
    sections: tuple[Section, ...]
    source: str

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def text(self, key: str, lang: str) -> str:
        return (self.ui.get(lang) or self.ui["en"])[key]

    def index(self, section_id: str) -> int:
        return self.ids.index(section_id)


def reference_path(game: str) -> Path:
    return ROOT / "config" / game / "reference" / "reference.yaml"


_CACHE: dict[tuple, Reference] = {}


def load_reference(game: str, path: str | Path | None = None) -> Reference:
    """The reference of ``game`` (checked), or ``DataError`` with ``file:line: field: message``
    lines for every problem. Cached per file and modification time."""
    path = Path(path) if path is not None else reference_path(game)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    key = (game, str(path), stamp)
    if key in _CACHE:
        return _CACHE[key]
    data, marks = load_yaml(path)
    source = str(path)
    model = validate(_File, data, marks, source)
    errors: list[str] = []
    if model.game != game:
        errors.append(f"{where(marks, 'game', source)}: game: this is the reference of {model.game!r}, "
                      f"not of {game!r}")
    check_unique(errors, [s.model_dump() for s in model.sections], "id", source, marks, "sections")
    owner: dict[str, str] = {}
    for i, s in enumerate(model.sections):
        for lang in LANGS:
            for field in ("title", "body"):
                if not getattr(getattr(s, lang), field).strip():
                    errors.append(f"{where(marks, f'sections.{i}.{lang}.{field}', source)}: "
                                  f"sections.{i}.{lang}.{field}: must not be blank")
        for j, kind in enumerate(s.prompts):
            if kind in owner:
                errors.append(f"{where(marks, f'sections.{i}.prompts.{j}', source)}: sections.{i}.prompts.{j}: "
                              f"prompt {kind!r} already opens section {owner[kind]!r}")
            owner.setdefault(kind, s.id)
    if errors:
        raise DataError(errors)
    ref = Reference(
        game=game,
        ui={lang: getattr(model.ui, lang).model_dump() for lang in LANGS},
        sections=tuple(Section(s.id, tuple(s.spec), tuple(s.prompts),
                               {lang: (getattr(s, lang).title.strip(), getattr(s, lang).body.strip("\n"))
                                for lang in LANGS})
                       for s in model.sections),
        source=source)
    _CACHE[key] = ref
    return ref


# --- look-up -------------------------------------------------------------------------
def spec_token(key: str) -> str | None:
    """The spec number a rule id or reference starts with: ``"4.4 timer row"`` -> ``"4.4"``,
    ``"§7.4"`` -> ``"7.4"``, ``"HR-30"`` -> ``"HR-30"``; None for anything else (``"api"``)."""
    m = _SPEC_TOKEN.match(key or "")
    return m.group(1) if m else None


def find_section(ref: Reference, key: str | None) -> Section | None:
    """The section for a section id, a prompt kind, or a spec reference / refusal rule id
    (the most specific section covering its number; ``"4.6.2"`` falls back to ``"4.6"``)."""
    if not key:
        return None
    key = str(key).strip()
    for s in ref.sections:
        if s.id == key:
            return s
    for s in ref.sections:
        if key in s.prompts:
            return s
    token = spec_token(key)
    if token is None:
        return None
    covered: dict[str, Section] = {}
    for s in ref.sections:
        for spec in s.spec:
            covered.setdefault(spec.lstrip("§"), s)
    while token:
        if token in covered:
            return covered[token]
        if "." not in token:
            return None
        token = token.rsplit(".", 1)[0]
    return None


def unknown_section_message(ref: Reference, key: str) -> str:
    return (f"no section {key!r} in the {ref.game} reference{did_you_mean(key, ref.ids)}; "
            f"sections: {', '.join(ref.ids)}")


# --- text for a terminal -----------------------------------------------------------------
def format_section(ref: Reference, section: Section, lang: str, width: int = 78) -> str:
    title = f"[{section.id}] {section.title(lang)}"
    colon = "：" if lang == "ja" else ": "
    spec = wrap(f"{ref.text('spec', lang)}{colon}{', '.join(section.spec)}", width) if section.spec else []
    rule = "-" * min(width, max(display_width(line) for line in [title, *spec]))
    lines = [title, *spec, rule, *wrap_body(section.body(lang), width)]
    return "\n".join(lines).rstrip() + "\n"


def format_reference(ref: Reference, lang: str, width: int = 78, section: str | None = None) -> str:
    """The whole reference (or one section) as wrapped plain text."""
    if lang not in LANGS:
        lang = "en"
    if section is not None:
        found = find_section(ref, section)
        if found is None:
            raise KeyError(unknown_section_message(ref, section))
        return format_section(ref, found, lang, width)
    heading = ref.text("title", lang)
    parts = [heading + "\n" + "=" * min(width, display_width(heading)) + "\n"]
    parts += [format_section(ref, s, lang, width) for s in ref.sections]
    return "\n".join(parts)
