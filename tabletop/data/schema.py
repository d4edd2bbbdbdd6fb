"""JSON Schemas for mod overlay files, made from the games' base-file schemas.

The games export one schema per base data file into ``docs/schema/`` (complete files:
every required field). A mod's overlay is partial on purpose (docs/MODDING.md), so its
schema is the base one with nothing required except the ``id`` of an entry, and with the
``new: true`` marker allowed on entries. Types, allowed values, ranges and "no other keys"
stay as they are.

    python -m tabletop.data.schema OUT_DIR        # writes OUT_DIR/<game>-<file>.overlay.schema.json
"""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "docs" / "schema"
NEW_MARKER = {"type": "boolean", "title": "New",
              "description": "true to add an entry whose id is not in the base data (docs/MODDING.md)"}


def overlay_schema(schema: dict) -> dict:
    """The overlay variant of a base-file schema (the input is not changed)."""
    out = copy.deepcopy(schema)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and (node.get("type") == "object" or "required" in node):
                if "id" in props:
                    node["required"] = ["id"]
                    props.setdefault("new", dict(NEW_MARKER))
                else:
                    node.pop("required", None)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(out)
    if "$id" in out:
        out["$id"] = str(out["$id"]).replace(".schema.json", ".overlay.schema.json")
    if "title" in out:
        out["title"] = f"Mod overlay of {out['title']}"
    return out


def model_schemas(game: str, files: dict) -> dict:
    """``{file stem: JSON Schema}`` of a game's data files, from its pydantic models
    (``files`` maps stem -> model); written as ``docs/schema/<game>-<stem>.schema.json``."""
    out = {}
    for stem, model in files.items():
        schema = model.model_json_schema(by_alias=True)
        schema["$id"] = f"{game}-{stem}.schema.json"
        schema["title"] = f"config/{game}/{stem}.yaml"
        out[stem] = schema
    return out


def write_model_schemas(game: str, files: dict, folder: Path = SCHEMA_DIR) -> list[Path]:
    """Write ``model_schemas`` into ``folder`` (the games' ``python -m <game>.rules.schema``)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, schema in model_schemas(game, files).items():
        path = folder / f"{game}-{stem}.schema.json"
        path.write_text(json.dumps(schema, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


def write_overlay_schemas(out_dir: Path, schema_dir: Path = SCHEMA_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(schema_dir.glob("*.schema.json")):
        if path.name.endswith(".overlay.schema.json"):
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        target = out_dir / path.name.replace(".schema.json", ".overlay.schema.json")
        target.write_text(json.dumps(overlay_schema(schema), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m tabletop.data.schema OUT_DIR", file=sys.stderr)
        return 2
    written = write_overlay_schemas(Path(argv[0]))
    print(f"{len(written)} overlay schemas written to {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
