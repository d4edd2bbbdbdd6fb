"""Line-aware, safe YAML loading.

``load_yaml(path)`` returns ``(data, marks)`` where ``marks`` maps a dotted path
(``"characters.2.votes"``, list items by index) to the 1-based line it came from. Only
plain YAML is accepted: any tag (``!!python/object`` …) is refused, aliases are refused
(so no alias bomb can expand), and files over ``MAX_BYTES`` are refused before parsing.
Every problem raises ``DataError`` with ``file:line: field: message``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..engine.errors import DataError

MAX_BYTES = 5 * 1024 * 1024
MAX_NODES = 500_000

_STD_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses aliases (anchors may be declared, never expanded)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in game data; write the value out",
                event.start_mark)
        return super().compose_node(parent, index)


def _err(source: str, line: int | None, field: str, message: str) -> str:
    loc = f"{source}:{line}" if line else source
    return f"{loc}: {field or '(file)'}: {message}"


def _walk(node, path: str, marks: dict, source: str, counter: list) -> Any:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise DataError(_err(source, node.start_mark.line + 1, path, f"too many values (over {MAX_NODES})"))
    marks.setdefault(path, node.start_mark.line + 1)
    if node.tag not in _STD_TAGS:
        raise DataError(_err(source, node.start_mark.line + 1, path,
                             f"tag {node.tag!r} is not allowed (plain YAML only)"))
    if isinstance(node, MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise DataError(_err(source, key_node.start_mark.line + 1, path, "keys must be plain values"))
            key = _CONSTRUCTOR.construct_object(key_node)
            child = f"{path}.{key}" if path else str(key)
            if key in out:
                raise DataError(_err(source, key_node.start_mark.line + 1, child, "key given twice"))
            marks[child] = key_node.start_mark.line + 1
            out[key] = _walk(value_node, child, marks, source, counter)
        return out
    if isinstance(node, SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            items.append(_walk(item, f"{path}.{i}" if path else str(i), marks, source, counter))
        return items
    return _CONSTRUCTOR.construct_object(node)


_CONSTRUCTOR = yaml.SafeLoader("")


def load_yaml_text(text: str, source: str = "<text>") -> tuple[Any, dict[str, int]]:
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise DataError(_err(source, None, "", f"file is larger than {MAX_BYTES // (1024 * 1024)} MB; refused"))
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise DataError(_err(source, line, "", f"not valid YAML: {exc.problem or exc.context}")) from None
    except yaml.YAMLError as exc:
        raise DataError(_err(source, None, "", f"not valid YAML: {exc}")) from None
    finally:
        loader.dispose()
    if node is None:
        return None, {}
    marks: dict[str, int] = {}
    data = _walk(node, "", marks, source, [0])
    return data, marks


def load_yaml(path: str | Path) -> tuple[Any, dict[str, int]]:
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(_err(str(path), None, "", f"cannot read ({exc.strerror})")) from None
    if size > MAX_BYTES:
        raise DataError(_err(str(path), None, "", f"file is {size // (1024 * 1024)} MB, over the "
                                                  f"{MAX_BYTES // (1024 * 1024)} MB limit; refused"))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(_err(str(path), None, "", f"not UTF-8 text ({exc.reason})")) from None
    return load_yaml_text(text, str(path))


def line_of(marks: dict, path: str):
    """The mark of ``path`` or of its nearest parent that has one: a line number, or a
    ``(file, line)`` pair for merged data (see ``mods.LoadedFile``)."""
    while True:
        if path in marks:
            return marks[path]
        if "." not in path:
            return marks.get(path)
        path = path.rsplit(".", 1)[0]
