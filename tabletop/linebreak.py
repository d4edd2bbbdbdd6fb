"""Line breaking for both languages: ``wrap(text, width, measure)``.

English breaks between words (at spaces); a word is never cut unless it alone is wider than
the line. Japanese has no spaces, so its runs are cut into phrases by BudouX (Google's phrase
segmenter, its bundled Japanese model) and lines break only between phrases: 評議会,
上級ワーカー or 計略カード are never split across two lines. On top of that, kinsoku: a line
never starts with closing punctuation, 「ー」, small kana or an iteration mark (:data:`NO_START`)
and never ends with an opening bracket (:data:`NO_END`). A phrase wider than the whole line is
still cut rather than overflowing: where the script changes (katakana to kanji, after 「・」),
else at any kinsoku-safe character, and only as a last resort anywhere.

Any string is accepted (translations come from mods): nothing is lost or reordered, only the
spaces where a line breaks are dropped. ``measure`` is any width function: terminal columns
(:func:`display_width`, the default) or a font's pixels.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from typing import Callable, Iterable

# A line may not start with these (closing brackets and punctuation, the long-vowel mark,
# small kana, iteration marks) ...
NO_START = frozenset("、。，．,.:;!?)]}）］｝〉》」』】〕〙〗〟’”：；！？・ー～…‥ぁぃぅぇぉっゃゅょゎゕゖ"
                     "ァィゥェォッャュョヮヵヶ々ゝゞヽヾ゛゜％%")
# ... nor end with these (opening brackets).
NO_END = frozenset("([{（［｛〈《「『【〔〘〖〝‘“")
# never split from the character before (zero-width joiner, variation selectors) or after (ZWJ)
_GLUE_BEFORE = frozenset("\u200d\ufe0e\ufe0f")
_GLUE_AFTER = frozenset("\u200d")
# Terms of the games' glossaries (docs, tests/pendulum/test_glossary.py) that a line never splits,
# though BudouX's general model sees two phrases in some of them (金の|枠, 一般|ワーカー)
KEEP_WHOLE = ("評議会", "上級ワーカー", "一般ワーカー", "計略カード", "偉業トークン", "タイムトラック",
              "時間マーカー", "報酬ボックス", "金の枠", "アクションフェイズ", "砂時計",
              # and words of the teaching course the model cuts in two (真|下, その時|点)
              "真下", "時点", "現在地", "超初心者")


def display_width(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters count 2."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
               for c in text)


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _may_break(prev: str, ch: str) -> bool:
    """Kinsoku and grapheme glue: may a line end with ``prev`` and the next start with ``ch``?"""
    return (ch not in NO_START and prev not in NO_END and ch not in _GLUE_BEFORE
            and prev not in _GLUE_AFTER and not unicodedata.combining(ch) and " " not in (prev, ch))


@functools.lru_cache(maxsize=1)
def _parser():
    # imported on the first Japanese text, not at program start: importing budoux and loading
    # its model costs about 15-25 ms, and an English session never needs it
    import budoux
    return budoux.load_default_japanese_parser()


@functools.lru_cache(maxsize=2048)
def phrase_starts(text: str) -> frozenset[int]:
    """Where BudouX starts a new phrase in ``text`` (indices > 0); empty for text with no wide
    character, which BudouX is never asked about. Cached: a tooltip is wrapped again at other
    widths and sizes, and the same texts come back each time a card or tip opens."""
    if not any(_is_wide(c) for c in text):
        return frozenset()
    starts, i = set(), 0
    for chunk in _parser().parse(text)[:-1]:
        i += len(chunk)
        starts.add(i)
    for word in KEEP_WHOLE:
        at = text.find(word)
        while at >= 0:
            starts.difference_update(range(at + 1, at + len(word)))
            at = text.find(word, at + 1)
    return frozenset(starts)


def phrases(text: str) -> list[str]:
    """``text`` cut into BudouX's phrases (for tests and tools)."""
    starts = sorted(phrase_starts(text))
    return [text[a:b] for a, b in zip([0] + starts, starts + [len(text)]) if a < b]


_RUNS = re.compile(r" +|[^ ]+")        # a run of spaces, or of anything else


def _units(text: str) -> list[str]:
    """Breakable units: a run of spaces, or a piece of a run of non-space characters cut where a
    BudouX phrase starts, unless the cut would fall between two narrow characters (a Latin word or
    number stays whole) or break kinsoku. Spaces that kinsoku forbids breaking at (before a closing
    mark, after an opening bracket) are glued into one unit with the words on both sides."""
    starts = phrase_starts(text)
    raw: list[str] = []
    for m in _RUNS.finditer(text):
        run, a = m.group(0), 0
        if run[0] != " ":
            base = m.start()
            for k in range(1, len(run)):
                if base + k in starts:
                    prev, ch = run[k - 1], run[k]
                    if (_is_wide(prev) or _is_wide(ch)) and _may_break(prev, ch):
                        raw.append(run[a:k])
                        a = k
        raw.append(run[a:])
    out: list[str] = []
    for unit in raw:
        if len(out) >= 2 and out[-1][0] == " " and unit[0] != " " and not _may_break(out[-2][-1], unit[0]):
            space = out.pop()
            out.append(out.pop() + space + unit)
        else:
            out.append(unit)
    return out



def _script(ch: str) -> str:
    if "\u3041" <= ch <= "\u309f":
        return "hiragana"
    if "\u30a0" <= ch <= "\u30ff":
        return "katakana"
    if unicodedata.category(ch)[0] in "PSZ":
        return "mark"
    return "kanji" if _is_wide(ch) else "latin"


def _cut_rank(unit: str, k: int) -> int:
    """How good a place to cut ``unit`` before index ``k`` is: 3 where the script changes (but not
    before hiragana, which ends the word before it), 2 anywhere else kinsoku allows beside a wide
    character, 1 inside a run of narrow characters (a Latin word longer than the line), 0 where
    kinsoku forbids it."""
    prev, ch = unit[k - 1], unit[k]
    if not _may_break(prev, ch):
        return 0
    if not (_is_wide(prev) or _is_wide(ch)):
        return 1
    return 3 if _script(prev) != _script(ch) and _script(ch) != "hiragana" else 2


def _split_long(unit: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A unit wider than the line, cut into pieces that fit: each piece ends at the farthest cut
    of the best rank (see :func:`_cut_rank`; a change of script only if the piece is then at least
    half a line, or the rest then fits the next line: 上級 / ワーカー, not 上級ワー / カー). Where kinsoku allows no cut at all within a line, the piece runs on to the
    first place it does: it overflows rather than start a line with a closing mark."""
    parts: list[str] = []
    start = 0
    while start < len(unit):
        end = start + 1                      # the piece may take unit[start:end]
        while end < len(unit) and measure(unit[start:end + 1]) <= width:
            end += 1
        if end >= len(unit):
            parts.append(unit[start:])
            break
        best = None
        for rank in (3, 2, 1):
            cuts = [k for k in range(start + 1, end + 1) if _cut_rank(unit, k) >= rank
                    and (rank < 3 or 2 * measure(unit[start:k]) >= width or measure(unit[k:]) <= width)]
            if cuts:
                best = cuts[-1]
                break
        if best is None:
            best = next((k for k in range(end + 1, len(unit)) if _cut_rank(unit, k)), len(unit))
        parts.append(unit[start:best])
        start = best
    return parts


def wrap(text: str, width: int, measure: Callable[[str], int] = display_width) -> list[str]:
    """Break one paragraph into lines no wider than ``width`` (as ``measure`` counts),
    between words and between Japanese phrases, with kinsoku: a closing mark never
    starts a line (the unit before it moves down with it) and an opening bracket
    never ends one. A line overflows only where nothing else is possible."""
    lines: list[list[str]] = []
    cur: list[str] = []
    hanging = False          # the line already hangs a closing mark past the edge

    def joined(units: Iterable[str]) -> str:
        return "".join(units)

    for unit in _units(text):
        if unit[0] == " ":
            if cur:
                cur.append(unit)
            continue
        pieces = _split_long(unit, width, measure) if measure(unit) > width else [unit]
        for piece in pieces:
            trial = joined(cur + [piece]).rstrip(" ")
            if not cur or (measure(trial) <= width and not hanging):
                cur.append(piece)
                continue
            if hanging and piece[0] in NO_START and cur[-1][0] != " ":
                cur.append(piece)        # more closing marks hang with the first
                continue
            hanging = False
            while cur and cur[-1][0] == " ":
                cur.pop()
            carry: list[str] = []
            if piece[0] in NO_START:
                # push the last unit down with the closing mark (oidashi); when the units
                # pushed down are closing marks or spaces too, take more with them; if that
                # would empty the line, the mark hangs past the edge instead (burasage)
                carry = [piece]
                while len(cur) > 1 and (carry[0][0] in NO_START or carry[0][0] == " "):
                    carry.insert(0, cur.pop())
                if carry[0][0] in NO_START or carry[0][0] == " ":
                    cur.extend(carry)
                    hanging = True
                    continue
                carry.pop()
            while len(cur) > 1 and cur[-1][-1] in NO_END:
                carry.insert(0, cur.pop())
            lines.append(cur)
            cur = carry + [piece]
    if cur:
        lines.append(cur)
    return [joined(line).rstrip(" ") for line in lines] or [""]


ELLIPSIS = "…"


def elide(text: str, width: int, measure: Callable[[str], int] = display_width) -> str:
    """``text`` as it fits in one line of ``width``: whole, or its longest start that fits
    with "…" after it (no space left before the mark). Only the mark when nothing more fits."""
    if measure(text) <= width:
        return text
    lo, hi = 0, len(text)             # the start of length lo fits with the mark; hi does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid
    return text[:lo].rstrip() + ELLIPSIS
