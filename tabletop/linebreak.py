"""The line breaker shared by every screen and by ``python main.py rules``: words are never
split, and Japanese lines never start with closing punctuation or 「ー」 nor end with an
opening bracket (kinsoku). ``wrap`` breaks a paragraph, ``wrap_body`` a section body with
bullets; both measure with ``display_width`` (terminal columns) or a pixel measure.

A module of its own, importing nothing of the program: the game screens' first frames wrap
tooltips and cards without loading the rules reference (which imports pydantic).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

# --- line breaking -------------------------------------------------------------------
# A line may not start with these (closing brackets and punctuation, the long-vowel mark,
# small kana, iteration marks) ...
NO_START = frozenset("、。，．,.:;!?)]}）］｝〉》」』】〕〙〗〟’”：；！？・ー～…‥ぁぃぅぇぉっゃゅょゎゕゖ"
                     "ァィゥェォッャュョヮヵヶ々ゝゞヽヾ゛゜％%")
# ... nor end with these (opening brackets).
NO_END = frozenset("([{（［｛〈《「『【〔〘〖〝‘“")


def display_width(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters count 2."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
               for c in text)


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _units(text: str) -> list[str]:
    """Breakable units: a run of spaces, a word of narrow characters, or one wide character."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch == " ":
            if word:
                out.append(word)
                word = ""
            if out and out[-1].isspace():
                out[-1] += ch
            else:
                out.append(ch)
        elif _is_wide(ch):
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
    if word:
        out.append(word)
    return out


def _split_long(unit: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A single word wider than the line: cut it where it must be cut."""
    parts, cur = [], ""
    for ch in unit:
        if cur and measure(cur + ch) > width:
            parts.append(cur)
            cur = ""
        cur += ch
    return parts + ([cur] if cur else [])


def wrap(text: str, width: int, measure: Callable[[str], int] = display_width) -> list[str]:
    """Break one paragraph into lines no wider than ``width`` (as ``measure`` counts),
    between words and between Japanese characters, with kinsoku: a closing mark never
    starts a line (the character before it moves down with it) and an opening bracket
    never ends one. A line overflows only where nothing else is possible."""
    lines: list[list[str]] = []
    cur: list[str] = []
    hanging = False          # the line already hangs a closing mark past the edge

    def joined(units: Iterable[str]) -> str:
        return "".join(units)

    for unit in _units(text):
        if unit.isspace():
            if cur:
                cur.append(unit)
            continue
        pieces = _split_long(unit, width, measure) if measure(unit) > width else [unit]
        for piece in pieces:
            trial = joined(cur + [piece]).rstrip()
            if not cur or (measure(trial) <= width and not hanging):
                cur.append(piece)
                continue
            if hanging and piece[0] in NO_START and not cur[-1].isspace():
                cur.append(piece)        # more closing marks hang with the first
                continue
            hanging = False
            while cur and cur[-1].isspace():
                cur.pop()
            carry: list[str] = []
            if piece[0] in NO_START:
                # push the last unit down with the closing mark (oidashi); when the units
                # pushed down are closing marks or spaces too, take more with them; if that
                # would empty the line, the mark hangs past the edge instead (burasage)
                carry = [piece]
                while len(cur) > 1 and (carry[0][0] in NO_START or carry[0].isspace()):
                    carry.insert(0, cur.pop())
                if carry[0][0] in NO_START or carry[0].isspace():
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
    return [joined(line).rstrip() for line in lines] or [""]


_BULLET = re.compile(r"^(- |・|\d{1,2}\. )")


def wrap_body(body: str, width: int, measure: Callable[[str], int] = display_width) -> list[str]:
    """A section body as lines: each source line is a paragraph; a line starting with
    ``- ``, ``・`` or a number (``1. ``) is a bullet whose continuation lines are indented under its text;
    a blank line sets paragraphs apart."""
    out: list[str] = []
    for para in body.split("\n"):
        para = para.rstrip()
        if not para.strip():
            out.append("")
            continue
        lead = para[: len(para) - len(para.lstrip(" "))]
        rest = para.lstrip(" ")
        m = _BULLET.match(rest)
        if m:
            bullet = m.group(0)
            head = lead + bullet
            inner = max(8, width - measure(head))
            lines = wrap(rest[len(bullet):].lstrip(" "), inner, measure)
            out.append(head + lines[0])
            pad = " " * display_width(head) if measure is display_width else _pad_like(head, measure)
            out.extend(pad + line for line in lines[1:])
        else:
            if out and out[-1]:
                out.append("")          # paragraphs are set apart; bullets of a list are not
            lines = wrap(rest, max(8, width - measure(lead)) if lead else width, measure)
            out.extend(lead + line for line in lines)
    return out


def _pad_like(head: str, measure: Callable[[str], int]) -> str:
    """Spaces about as wide as ``head`` under a pixel measure (bullet continuation)."""
    target, pad = measure(head), ""
    while measure(pad + " ") <= target and len(pad) < 40:
        pad += " "
    return pad
