"""Line breaks a player can read (issue 11 item 3, tabletop/linebreak.py): Japanese lines break
between BudouX phrases, never inside a word such as 評議会 or 上級ワーカー, still with kinsoku;
English between words; any string a mod's translation may hold wraps without losing,
reordering or overflowing anything that could have been broken."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import budoux
import pytest
import yaml
from hypothesis import given, settings, strategies as st

from pendulum.ui.teach_panel import paragraphs
from tabletop import linebreak
from tabletop.linebreak import NO_END, NO_START, display_width, elide, wrap

ROOT = Path(__file__).resolve().parents[1]
JA = yaml.safe_load((ROOT / "config/i18n/ja.yaml").read_text(encoding="utf-8"))
PARSER = budoux.load_default_japanese_parser()      # the test's own: not the module's cache
DONE_TIP = JA["pendulum"]["tip"]["button_done"]
# the glossary's Japanese terms (tests/pendulum/test_glossary.py) that are more than one character
TERMS = ["評議会", "上級ワーカー", "一般ワーカー", "計略カード", "実績", "偉業トークン", "タイムトラック",
         "時間マーカー", "報酬ボックス", "金の枠", "アクションフェイズ", "砂時計", "属州", "特権", "資源", "マット"]


def break_points(text: str, lines: list[str]) -> list[tuple[int, int]]:
    """Where ``lines`` break ``text``: (end of a line, start of the next) as indices into text.
    Fails unless the lines are the text in order with nothing but the spaces at breaks removed."""
    def skip(i):
        while i < len(text) and text[i] == " ":
            i += 1
        return i
    pos, out = skip(0), []
    for n, line in enumerate(lines):
        assert text[pos:pos + len(line)] == line, (text, lines, n)
        end = pos + len(line)
        pos = skip(end)
        if n < len(lines) - 1:
            out.append((end, pos))
    assert pos == len(text), (text, lines)
    return out


def phrase_bounds(text: str) -> set[int]:
    """Where BudouX's phrases of ``text`` meet, except inside a glossary term (BudouX cuts
    金の|枠 and 一般|ワーカー; the line breaker keeps them whole)."""
    bounds, i = {0, len(text)}, 0
    for chunk in PARSER.parse(text):
        i += len(chunk)
        bounds.add(i)
    for term in TERMS:
        for m in re.finditer(term, text):
            bounds.difference_update(range(m.start() + 1, m.end()))
    return bounds


def unit_bounds(text: str) -> set[int]:
    """Phrase bounds where a line may break: not before a closing mark, not after an opening
    bracket, not between two narrow characters (a Latin word or number stays whole)."""
    return {b for b in phrase_bounds(text) if b in (0, len(text)) or (
        text[b] not in NO_START and text[b - 1] not in NO_END
        and (display_width(text[b - 1]) == 2 or display_width(text[b]) == 2))}


def phrase_at(text: str, i: int) -> str:
    """The phrase of ``text`` holding the characters on both sides of index ``i``, with the
    phrases next to it that kinsoku or a Latin word glue to it."""
    bounds = sorted(unit_bounds(text))
    a = max(b for b in bounds if b < i)
    z = min(b for b in bounds if b > i)
    return text[a:z]


def splits(text: str, lines: list[str], word: str) -> bool:
    """Does a line break fall inside an occurrence of ``word``?"""
    cuts = [end for end, start in break_points(text, lines) if end == start]
    return any(m.start() < cut < m.end() for m in re.finditer(re.escape(word), text) for cut in cuts)


def kinsoku_ok(lines: list[str]) -> bool:
    return (all(line[0] not in NO_START for line in lines[1:] if line)
            and all(line[-1] not in NO_END for line in lines[:-1] if line))


# ----------------------------------------------------------------------------- the Done tooltip
@pytest.mark.parametrize("width", [12, 16, 18, 20, 22, 24, 26, 30, 34, 40])
def test_the_done_tooltip_never_breaks_inside_a_word(width):
    """The issue's example: the Japanese Done tooltip broke 評議|会 (and タイムトラ|ック) at the
    tooltip width. Every width from where the word fits on a line keeps it whole."""
    lines = wrap(DONE_TIP, width)
    assert all(display_width(line) <= width for line in lines), lines
    assert kinsoku_ok(lines), lines
    for word in ("評議会", "完了", "宣言", "表示中"):
        assert not splits(DONE_TIP, lines, word), (word, lines)
    if width >= 18:       # 「（タイムトラック・」 fits: the katakana word stays whole too
        assert not splits(DONE_TIP, lines, "タイムトラック"), lines


def test_the_done_tooltip_reads_in_phrases():
    assert wrap(DONE_TIP, 22) == ["表示中の席の完了を宣言", "（タイムトラック・", "評議会）"]
    assert wrap(DONE_TIP, 30) == ["表示中の席の完了を宣言", "（タイムトラック・評議会）"]


# ----------------------------------------------------------------------------- every tip and lesson
def _flat(node, prefix=""):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _flat(v, f"{prefix}{k}.")
    elif isinstance(node, str):
        yield prefix[:-1], node


def _lesson_texts():
    for path in sorted((ROOT / "config/pendulum/teaching").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))

        def walk(node, where):
            if isinstance(node, dict):
                if isinstance(node.get("ja"), str):
                    yield where, node["ja"]
                for k, v in node.items():
                    yield from walk(v, f"{where}.{k}")
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    yield from walk(v, f"{where}[{i}]")
        yield from walk(data, path.name)


def shown_texts() -> list[tuple[str, str]]:
    """(where, paragraph) of every Japanese tooltip (``*.tip.*`` keys) and every ``teach.*`` string
    (each ``\\n`` starts a paragraph, as the tooltip does) and every lesson text (in the lesson
    panel's paragraphs: a YAML block's lines joined)."""
    out = [(key, para) for key, text in _flat(JA) if ".tip." in f".{key}" or key.startswith("teach.")
           for para in text.split("\n")]
    out += [(where, para) for where, text in _lesson_texts() for para in paragraphs(text)]
    # placeholders are filled with names and numbers on screen: "3" stands for them here
    return [(where, re.sub(r"\{\w+\}", "3", para)) for where, para in out if para.strip()]


SHOWN = shown_texts()


def test_the_check_reads_tooltips_and_lessons():
    places = {where.split(".")[0] for where, _ in SHOWN}
    assert {"pendulum", "teach", "grailwar", "acting", "welcome"} <= places, places
    assert len(SHOWN) > 200


def test_no_japanese_tooltip_or_lesson_breaks_inside_a_phrase():
    """For widths 10..40 columns: a break between two characters falls on a BudouX phrase
    boundary, unless that phrase alone is wider than the line; kinsoku holds everywhere."""
    bad = []
    for where, text in SHOWN:
        bounds = phrase_bounds(text)
        for width in range(10, 41):
            lines = wrap(text, width)
            assert kinsoku_ok(lines), (where, width, lines)
            for end, start in break_points(text, lines):
                if end == start and end not in bounds and display_width(phrase_at(text, end)) <= width:
                    bad.append((where, width, text[max(0, end - 6):end] + "|" + text[end:end + 6]))
    assert not bad, (len(bad), bad[:10])


def test_no_glossary_term_is_split_where_it_fits():
    """評議会, 上級ワーカー, 一般ワーカー, 計略カード, 実績 ... in every tooltip and lesson text stay on
    one line whenever the phrase that holds them fits the width."""
    bad = []
    for where, text in SHOWN:
        for term in (t for t in TERMS if t in text):
            for width in range(10, 41, 3):
                lines = wrap(text, width)
                for m in re.finditer(term, text):
                    for end, start in break_points(text, lines):
                        if end == start and m.start() < end < m.end() \
                                and display_width(phrase_at(text, end)) <= width:
                            bad.append((where, term, width, lines))
    assert not bad, (len(bad), bad[:5])


# ----------------------------------------------------------------------------- English, kinsoku, long
def test_english_breaks_between_words_and_numbers_stay_whole():
    assert wrap("Gain 1 prestige, 1 popularity and 1 vote", 16) == ["Gain 1 prestige,", "1 popularity and",
                                                                    "1 vote"]
    assert wrap("(1D100<=43) roll", 11) == ["(1D100<=43)", "roll"]
    # a Latin word inside Japanese text is not cut, though the phrase boundary would allow it
    lines = wrap("決定はEnterキー、取り消しはEscapeキーで行います。", 14)
    assert not any(splits("決定はEnterキー、取り消しはEscapeキーで行います。", lines, w) for w in ("Enter", "Escape"))


def test_a_phrase_wider_than_the_line_is_cut_where_kinsoku_allows():
    text = "アクションフェイズ・タイムトラック・評議会。"       # one long phrase for BudouX
    for width in range(6, 24):
        lines = wrap(text, width)
        assert "".join(lines) == text
        assert all(display_width(line) <= width for line in lines), lines
        assert kinsoku_ok(lines), lines
    assert wrap(text, 20) == ["アクションフェイズ・", "タイムトラック・", "評議会。"]


def test_a_glossary_term_too_wide_for_a_narrow_card_is_cut_between_its_words():
    # a council card is about five characters wide: 上級 / ワーカー, never 上級ワー / カー
    assert wrap("上級ワーカー", 10) == ["上級", "ワーカー"]
    assert wrap("一般ワーカー", 10) == ["一般", "ワーカー"]
    assert wrap("上級ワーカーを再利用", 10) == ["上級", "ワーカーを", "再利用"]


def test_a_space_before_a_closing_mark_is_no_place_to_break():
    lines = wrap("abcdefghij 」と言った", 12)
    assert kinsoku_ok(lines), lines
    assert all(display_width(line) <= 12 for line in lines), lines


def test_budoux_is_imported_only_when_japanese_text_is_wrapped():
    """Start-up: importing the line breaker (and the tooltips, the reference) does not import
    BudouX; English text never needs it; the first Japanese text does."""
    code = ("import sys, tabletop.ui.tooltip, tabletop.rulesref as r\n"
            "r.wrap('the quick brown fox', 8)\n"
            "assert 'budoux' not in sys.modules, 'imported at start'\n"
            "r.wrap('評議会に送る', 8)\n"
            "assert 'budoux' in sys.modules\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_module_caches_phrases_per_text():
    linebreak.phrase_starts.cache_clear()
    wrap(DONE_TIP, 20)
    wrap(DONE_TIP, 30)
    info = linebreak.phrase_starts.cache_info()
    assert info.misses == 1 and info.hits >= 1 and info.maxsize == 2048


# ----------------------------------------------------------------------------- any string at all
def opportunities(line: str) -> bool:
    """Could ``line`` have been broken somewhere: at a space or beside a wide character, with
    kinsoku on both sides (and not before a combining mark or inside an emoji sequence)."""
    for k in range(1, len(line)):
        head, tail = line[:k].rstrip(" "), line[k:].lstrip(" ")
        if not head or not tail or not linebreak._may_break(head[-1], tail[0]):
            continue
        spaced = " " in (line[k - 1], line[k])
        if spaced or linebreak._is_wide(head[-1]) or linebreak._is_wide(tail[0]):
            return True
    return False


MIXED = st.text(alphabet=st.sampled_from(list("あいうかきくさし漢字評議会ワーカー計略カード。、」「（）・ーっゃ々"
                                              "abc Def 12 3.(),!?%😀👍🏽\u200d\ufe0f\u3000\t\x00\x1b\u0301é한글")),
                max_size=120)


@settings(max_examples=400, deadline=None)
@given(st.one_of(MIXED, st.text(max_size=80)), st.integers(min_value=1, max_value=60))
def test_any_text_wraps_without_losing_a_character_or_overflowing_a_breakable_line(text, width):
    lines = wrap(text, width)
    break_points(text, lines)                       # in order, only the break spaces removed
    for line in lines:
        if display_width(line) > width:
            assert not opportunities(line), (text, width, lines)


def test_long_and_odd_strings_wrap():
    for text in ("", " ", "   ", "ー" * 50, "a" * 10_000, "評議会" * 3400, "😀" * 500, "\x00\x1b\t" * 100,
                 "（" * 30 + "」" * 30, "Doneを押す " * 1000):
        lines = wrap(text, 20)
        break_points(text, lines)
        assert lines
    assert all(display_width(line) <= 20 for line in wrap("評議会" * 3400, 20))


@pytest.mark.parametrize("text,width,want", [
    ("F4 Rider (Marco Bellandi)", 40, "F4 Rider (Marco Bellandi)"),      # fits: whole
    ("F4 Rider (Marco Bellandi)", 12, "F4 Rider (M…"),
    ("ab cdef", 4, "ab…"),                                               # no space before the mark
    ("F4 ライダー（マルコ・ベランディ）", 12, "F4 ライダー…"),            # wide characters count two
    ("abcdef", 1, "…"),
])
def test_a_name_too_long_for_its_place_is_cut_short_with_an_ellipsis(text, width, want):
    got = elide(text, width)
    assert got == want and display_width(got) <= max(width, 1)
