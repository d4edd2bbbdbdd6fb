"""Overlay schemas for modders' editors, made from the base-file schemas."""
import json

from tabletop.data.schema import SCHEMA_DIR, main, overlay_schema

BASE = {
    "$id": "demo-seats.schema.json", "title": "seats", "type": "object", "additionalProperties": False,
    "properties": {"seats": {"type": "array", "items": {"$ref": "#/$defs/Seat"}}},
    "required": ["seats"],
    "$defs": {
        "Seat": {"type": "object", "additionalProperties": False, "required": ["id", "colour", "name"],
                 "properties": {"id": {"type": "string"}, "colour": {"type": "string", "pattern": "^#"},
                                "name": {"$ref": "#/$defs/Name"}}},
        "Name": {"type": "object", "additionalProperties": False, "required": ["en", "ja"],
                 "properties": {"en": {"type": "string"}, "ja": {"type": "string"}}},
    },
}


def test_only_ids_are_required_and_new_is_allowed():
    out = overlay_schema(BASE)
    seat, name = out["$defs"]["Seat"], out["$defs"]["Name"]
    assert seat["required"] == ["id"] and seat["properties"]["new"]["type"] == "boolean"
    assert "required" not in name and "required" not in out and "new" not in name["properties"]
    assert seat["additionalProperties"] is False and seat["properties"]["colour"]["pattern"] == "^#"
    assert out["$id"] == "demo-seats.overlay.schema.json" and out["title"] == "Mod overlay of seats"
    assert BASE["$defs"]["Seat"]["required"] == ["id", "colour", "name"]      # input unchanged


def test_every_shipped_schema_converts(tmp_path, capsys):
    shipped = sorted(p for p in SCHEMA_DIR.glob("*.schema.json"))
    assert main([str(tmp_path)]) == 0
    written = sorted(tmp_path.iterdir())
    assert len(written) == len(shipped)
    for path in written:
        json.loads(path.read_text(encoding="utf-8"))
    assert capsys.readouterr().out == f"{len(shipped)} overlay schemas written to {tmp_path}\n"
