"""Checks of the texts a mod supplies that the loader cannot make alone: translations are
format strings, colours are drawn.

A translation is formatted with ``str.format`` by the screens. A mod's text may only use
plain named placeholders that the key's base texts declare (``{name}``), no attribute or
index access (``{name.__class__}``, ``{n[0]}``), no conversion (``!r``) and a format spec
only from a short allow-list with a small width (``{n:>3}``, ``{x:.1f}``): anything else
could show Python internals or ask for a hundred-million-character text.
Colours: ``parse_colour`` is the one reader of a data colour (``#rrggbb``; ``#rrggbbaa``
in a mod's widget theme); the screens draw what it returns.
"""
from __future__ import annotations

import re
import string
from typing import Any

MAX_FORMAT_WIDTH = 40
_SPEC = re.compile(r"^(?P<align>[<>^])?(?P<width>\d{1,2})?(?P<comma>,)?(?:\.(?P<prec>\d))?(?P<type>[dfs%])?$")
_COLOUR = re.compile(r"^#([0-9a-fA-F]{6})$")
_COLOUR_ALPHA = re.compile(r"^#([0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?)$")
COLOUR_KEYS = ("colour", "color")


def placeholders(text: str) -> set[str] | None:
    """Names of ``{placeholders}`` in a text, or None when its braces are malformed."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def format_problem(text: str, allowed: set[str] | None = None) -> str | None:
    """Why ``text`` is not a safe format string, or None. ``allowed``: the placeholder
    names it may use (None: any plain name)."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        return "unbalanced braces; write {{ and }} for literal braces"
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        shown = "{" + name + "}"
        if not name.isidentifier():
            return (f"placeholder {shown} must be a plain name (no position, attribute or index "
                    f"access)")
        if conversion:
            return f"placeholder {shown} may not use a conversion (!{conversion})"
        if spec:
            m = _SPEC.match(spec)
            if not m:
                return (f"placeholder {shown} has format {spec!r}; allowed are an alignment <>^, "
                        f"a width up to {MAX_FORMAT_WIDTH}, ',', a precision .0-.9 and one of d f s %")
            if m.group("width") and int(m.group("width")) > MAX_FORMAT_WIDTH:
                return f"placeholder {shown} has width {m.group('width')}; at most {MAX_FORMAT_WIDTH}"
        if allowed is not None and name not in allowed:
            listed = ", ".join("{" + a + "}" for a in sorted(allowed)) or "no placeholders"
            return f"unknown placeholder {shown} (this text can use {listed})"
    return None


def parse_colour(value: Any, alpha: bool = False) -> tuple[int, ...] | None:
    """``"#rrggbb"`` as an (r, g, b) tuple; None for anything else. ``alpha``: ``"#rrggbbaa"``
    is read too, as (r, g, b, a) (a mod's widget theme, theme.py)."""
    if not isinstance(value, str):
        return None
    m = (_COLOUR_ALPHA if alpha else _COLOUR).match(value.strip())
    if not m:
        return None
    h = m.group(1)
    return tuple(int(h[i:i + 2], 16) for i in range(0, len(h), 2))


def colour_problems(data: Any, marks: dict, source: str) -> list[str]:
    """``file:line: field: message`` for every ``colour``/``color`` text in ``data`` that
    ``parse_colour`` cannot read (one walk, no recursion; a value that is not a text is
    left to the game's own type check)."""
    out = []
    stack = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                sub = f"{path}.{k}" if path else str(k)
                if k in COLOUR_KEYS and isinstance(v, str) and parse_colour(v) is None:
                    line = marks.get(sub) or marks.get(path) or 1
                    line = line[1] if isinstance(line, tuple) else line
                    out.append(f"{source}:{line}: {sub}: colour {v!r} is not a colour; write \"#rrggbb\" "
                               f"(six hex digits, e.g. \"#178f8f\")")
                else:
                    stack.append((sub, v))
        elif isinstance(value, list):
            stack.extend((f"{path}.{i}" if path else str(i), v) for i, v in enumerate(value))
    return sorted(out, key=lambda e: int(e.split(":")[1]) if e.split(":")[1].isdigit() else 0)
