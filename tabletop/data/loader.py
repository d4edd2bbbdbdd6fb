"""Line-aware, safe YAML loading.

``load_yaml(path)`` returns ``(data, marks)`` where ``marks`` maps a dotted path
(``"characters.2.votes"``, list items by index) to the 1-based line it came from. Only
plain YAML is accepted:

* any tag other than the standard str/int/float/bool/null/map/seq (``!!python/object``,
  ``!!binary``, ``!custom`` …) is refused — nothing is ever constructed from a tag;
* aliases (``*name``) are refused, so an alias bomb ("billion laughs") cannot expand;
* files over ``MAX_BYTES`` are refused before they are read; nesting deeper than
  ``MAX_DEPTH``, more than ``MAX_NODES`` values or more than ``MAX_KEYS`` mapping keys
  are refused while parsing (at the line where the limit is passed);
* every text (value or key) is at most ``MAX_TEXT`` characters and holds no control
  character other than newline and tab (a NUL or an escape code never reaches a font);
* every number is finite and within ``±MAX_NUMBER`` (a 5000-digit integer is refused
  before Python is asked to convert it);
* dates stay strings (``2020-01-01``), ``<<`` is an ordinary key, a key given twice is an
  error.

The document is built from the parser's event stream without recursion (libyaml's
parser when it is installed), so no input can exhaust the stack or hang the loader.
Every problem raises ``DataError`` with ``file:line: field: message`` lines.

A file that loaded cleanly is kept parsed on disk (``yamlcache.py``) and read from there
while it is unchanged. It imports nothing but PyYAML, the engine's errors and that cache:
the launcher reads its strings and settings through it before the first frame.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (AliasEvent, DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
                         MappingStartEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent,
                         StreamEndEvent, StreamStartEvent)
from yaml.nodes import ScalarNode

from ..engine.errors import DataError
from . import yamlcache

#: Largest data file accepted (bytes). ``TABLETOP_MAX_DATA_BYTES`` overrides it.
def _env_bytes(name: str, default: int) -> int:
    try:
        value = int(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


MAX_BYTES = _env_bytes("TABLETOP_MAX_DATA_BYTES", 5 * 1024 * 1024)
MAX_NODES = 100_000          # the largest shipped file has under 1,000
MAX_KEYS = 20_000
MAX_DEPTH = 64
MAX_TEXT = 4000              # characters in one text (the longest shipped text has 1,674)
MAX_KEY_TEXT = 200           # characters in one key
MAX_NUMBER = 10 ** 9         # the largest shipped number is 20240601
MAX_ERRORS = 200
_NUMBER_CHARS = 40           # a number written with more characters than this is refused
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\ufeff]")

_Y = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_Y + t for t in ("str", "int", "float", "bool", "null")}
_MAP_TAGS = {None, "!", _Y + "map"}
_SEQ_TAGS = {None, "!", _Y + "seq"}


class _Resolver(yaml.resolver.Resolver):
    """The standard resolver without timestamps, merge keys (``<<``) and ``=``: a plain
    value is a str, int, float, bool or null, nothing else."""


_Resolver.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in entries
            if tag not in (_Y + "timestamp", _Y + "merge", _Y + "value", _Y + "bool")]
    for first, entries in yaml.resolver.Resolver.yaml_implicit_resolvers.items()}
# only true/false are booleans: "no", "on", "yes" stay words (a Norway "NO" stays "NO")
_Resolver.add_implicit_resolver(_Y + "bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                list("tTfF"))

_RESOLVER = _Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _show_tag(tag: str | None) -> str:
    """A tag as the modder wrote it: ``!!python/object`` rather than its long form."""
    tag = tag or "?"
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


def _err(source: str, line: int | None, field: str, message: str) -> str:
    loc = f"{source}:{line}" if line else source
    return f"{loc}: {field or '(file)'}: {message}"


def _size_text(n: int) -> str:
    mb = n / (1024 * 1024)
    return f"{mb:.0f} MB" if mb >= 1 else f"{n // 1024} KB"


def _parser(text: str):
    if getattr(yaml, "__with_libyaml__", False):
        return yaml.CSafeLoader(text)
    return yaml.SafeLoader(text)


def _scalar(event: ScalarEvent) -> tuple[str, Any]:
    """(tag, value) of a scalar event; the tag is checked by the caller. A number too
    long to be a game value raises ``ValueError`` before it is converted."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = _RESOLVER.resolve(ScalarNode, event.value, event.implicit)
    if tag not in _SCALAR_TAGS:
        return tag, None
    if tag in (_Y + "int", _Y + "float") and len(event.value) > _NUMBER_CHARS:
        raise ValueError(f"number written with {len(event.value)} characters; "
                         f"numbers are within ±{MAX_NUMBER:,}")
    node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    return tag, _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)


def text_problem(value: str, limit: int = MAX_TEXT) -> str | None:
    """Why a text cannot be shown (too long, a control character), or None."""
    if len(value) > limit:
        return f"text of {len(value):,} characters; at most {limit:,}"
    bad = _CONTROL.search(value)
    if bad:
        return (f"control character U+{ord(bad.group()):04X} at position {bad.start() + 1} "
                f"(texts may hold newlines and tabs, no other control characters)")
    return None


def value_problem(value: Any) -> str | None:
    """Why a scalar is not a usable game value (see the module docstring), or None."""
    if isinstance(value, str):
        return text_problem(value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else f"number {value} is out of range (±{MAX_NUMBER:,})"
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return f"{value} is not a usable number (write a finite number)"
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else f"number {value} is out of range (±{MAX_NUMBER:,})"
    return None


class _Frame:
    __slots__ = ("value", "path", "is_map", "key", "key_line", "skip")

    def __init__(self, value, path, is_map, skip=False):
        self.value, self.path, self.is_map = value, path, is_map
        self.key = self.key_line = None
        self.skip = skip          # a subtree under a refused key: parsed, not kept


def load_yaml_text(text: str, source: str = "<text>") -> tuple[Any, dict[str, int]]:
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise DataError(_err(source, None, "", f"file is larger than {_size_text(MAX_BYTES)}; refused"))
    errors: list[str] = []
    marks: dict[str, int] = {}
    stack: list[_Frame] = []
    root: list[Any] = []
    nodes = keys = 0
    docs = 0
    parser = _parser(text)

    def fatal(line, path, message):
        errors.append(_err(source, line, path, message))
        raise DataError(errors)

    def place(value: Any, line: int) -> None:
        """Store a finished value in the innermost container (or as the document)."""
        if not stack:
            root.append(value)
            return
        frame = stack[-1]
        if frame.is_map:
            key, path = frame.key
            frame.key = None
            if not frame.skip and key is not _REFUSED:
                frame.value[key] = value
        else:
            frame.value.append(value)

    try:
        while True:
            event = parser.get_event()
            if isinstance(event, StreamStartEvent):
                continue
            if isinstance(event, StreamEndEvent):
                break
            if isinstance(event, DocumentStartEvent):
                docs += 1
                if docs > 1:
                    fatal(event.start_mark.line + 1, "", "only one YAML document per file (remove '---')")
                continue
            if isinstance(event, DocumentEndEvent):
                continue
            line = event.start_mark.line + 1
            if isinstance(event, AliasEvent):
                fatal(line, _current_path(stack), "aliases (*name) are not allowed in game data; write the value out")
            if isinstance(event, (MappingEndEvent, SequenceEndEvent)):
                frame = stack.pop()
                place(frame.value, line)
                continue
            top = stack[-1] if stack else None
            skip = bool(top and top.skip)
            # a mapping waiting for its key
            if top is not None and top.is_map and top.key is None:
                if not isinstance(event, ScalarEvent):
                    fatal(line, top.path, "keys must be plain values (not lists or mappings)")
                try:
                    tag, key = _scalar(event)
                except ValueError as exc:
                    fatal(line, top.path, str(exc))
                keys += 1
                if keys > MAX_KEYS:
                    fatal(line, top.path, f"too many keys (over {MAX_KEYS:,} in one file); refused")
                problem = text_problem(key, MAX_KEY_TEXT) if isinstance(key, str) else value_problem(key)
                if problem:
                    errors.append(_err(source, line, top.path, f"key: {problem}"))
                    top.key = (_REFUSED, None)
                    continue
                if tag not in _SCALAR_TAGS or isinstance(key, (float, bool)) or key is None or key == "":
                    if tag not in _SCALAR_TAGS:
                        errors.append(_err(source, line, top.path, f"tag {_show_tag(event.tag or tag)!r} is not allowed (plain YAML only)"))
                    else:
                        errors.append(_err(source, line, top.path, f"key {event.value!r} must be a name or a number"))
                    top.key = (_REFUSED, None)
                    continue
                path = f"{top.path}.{key}" if top.path else str(key)
                if not skip:
                    if key in top.value:
                        errors.append(_err(source, line, path, "key given twice"))
                        top.key = (_REFUSED, path)
                        continue
                    marks[path] = line
                top.key = (key, path)
                continue
            # a value
            nodes += 1
            if nodes > MAX_NODES:
                fatal(line, _current_path(stack), f"too many values (over {MAX_NODES}); refused")
            if top is None:
                path = ""
            elif top.is_map:
                path = top.key[1] or top.path
                skip = skip or top.key[0] is _REFUSED
            else:
                path = f"{top.path}.{len(top.value)}" if top.path else str(len(top.value))
            if not skip:
                marks.setdefault(path, line)
            if isinstance(event, ScalarEvent):
                try:
                    tag, value = _scalar(event)
                except ValueError as exc:
                    errors.append(_err(source, line, path, str(exc)))
                    tag, value = _Y + "null", None
                if tag not in _SCALAR_TAGS:
                    errors.append(_err(source, line, path, f"tag {_show_tag(event.tag or tag)!r} is not allowed (plain YAML only)"))
                    value = None
                problem = value_problem(value)
                if problem:
                    errors.append(_err(source, line, path, problem))
                    if len(errors) > MAX_ERRORS:
                        fatal(line, path, f"more than {MAX_ERRORS} errors; stopped here")
                    value = None
                place(value, line)
                continue
            if isinstance(event, (MappingStartEvent, SequenceStartEvent)):
                is_map = isinstance(event, MappingStartEvent)
                if event.tag not in (_MAP_TAGS if is_map else _SEQ_TAGS):
                    errors.append(_err(source, line, path, f"tag {_show_tag(event.tag)!r} is not allowed (plain YAML only)"))
                    skip = True
                if len(stack) >= MAX_DEPTH:
                    fatal(line, path, f"nested deeper than {MAX_DEPTH} levels; refused")
                stack.append(_Frame({} if is_map else [], path, is_map, skip))
                continue
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "syntax error"
        if exc.problem and exc.context and exc.context_mark and mark and exc.context_mark.line != mark.line:
            problem += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        errors.append(_err(source, mark.line + 1 if mark else None, "", f"not valid YAML: {problem}"))
        raise DataError(errors) from None
    except yaml.YAMLError as exc:
        errors.append(_err(source, None, "", f"not valid YAML: {exc}"))
        raise DataError(errors) from None
    finally:
        parser.dispose()
    if errors:
        raise DataError(errors)
    return (root[0] if root else None), marks


class _RefusedKey:
    def __repr__(self):
        return "<refused>"


_REFUSED = _RefusedKey()


def _current_path(stack: list[_Frame]) -> str:
    if not stack:
        return ""
    top = stack[-1]
    if top.is_map:
        return top.key[1] if top.key is not None and top.key[1] else top.path
    return f"{top.path}.{len(top.value)}" if top.path else str(len(top.value))


def load_yaml(path: str | Path) -> tuple[Any, dict[str, int]]:
    path = Path(path)
    try:
        st = path.stat()
    except OSError as exc:
        raise DataError(_err(str(path), None, "", f"cannot read ({exc.strerror})")) from None
    if not stat.S_ISREG(st.st_mode):
        raise DataError(_err(str(path), None, "", "not a regular file; refused"))
    size = st.st_size
    if size > MAX_BYTES:
        raise DataError(_err(str(path), None, "", f"file is {_size_text(size)}, over the "
                                                  f"{_size_text(MAX_BYTES)} limit for data files; refused"))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)        # never more, even if the file grows
    except OSError as exc:
        raise DataError(_err(str(path), None, "", f"cannot read ({exc.strerror})")) from None
    if len(raw) > MAX_BYTES:
        raise DataError(_err(str(path), None, "", f"file is over the {_size_text(MAX_BYTES)} limit "
                                                  f"for data files; refused"))
    kept = yamlcache.get(path, st, raw)       # parsed before, unchanged since (yamlcache.py)
    if kept is not None:
        return kept
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise DataError(_err(str(path), line, "", f"not UTF-8 text ({exc.reason})")) from None
    data, marks = load_yaml_text(text, str(path))
    yamlcache.put(path, st, raw, data, marks)
    return data, marks


def line_of(marks: dict, path: str):
    """The mark of ``path`` or of its nearest parent that has one: a line number, or a
    ``(file, line)`` pair for merged data (see ``mods.LoadedFile``)."""
    while True:
        if path in marks:
            return marks[path]
        if "." not in path:
            return marks.get(path, marks.get(""))      # a missing top-level key: the file's start
        path = path.rsplit(".", 1)[0]
