"""Pendulum data: every shipped file passes the checks, keeps its source marks and en/ja names, the
JSON Schemas in docs/ match the models, and the data matches the spec's key numbers."""
from __future__ import annotations

import json
from pathlib import Path

from pendulum.rules.data import load_data
from pendulum.rules.schema import json_schemas
from tabletop.data import load_game_files

ROOT = Path(__file__).resolve().parents[2]


def test_data_shipped_files_load_and_cross_check():
    models = load_data()
    assert set(models) == {"game", "characters", "board", "provinces", "council", "achievements", "seats", "options"}


def _walk(value, path=""):
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}.{i}")


def test_data_every_entry_keeps_its_source_mark_and_names_have_en_and_ja():
    files = load_game_files("pendulum")
    for stem, f in files.items():
        for path, node in _walk(f.data):
            if "id" in node and stem != "options" or "seconds" in node:
                assert node.get("source") in ("public", "seed", "assumed"), f"{stem}:{path}"
            if "name" in node and isinstance(node["name"], dict):
                assert node["name"].get("en") and node["name"].get("ja"), f"{stem}:{path}"


def test_data_json_schemas_in_docs_match_the_models():
    for stem, schema in json_schemas().items():
        path = ROOT / "docs" / "schema" / f"pendulum-{stem}.schema.json"
        assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(schema)), \
            f"{path.name} is stale: run python -m pendulum.rules.schema"


def test_data_key_numbers_match_the_spec():
    m = load_data()
    assert len(m["provinces"].provinces) == 56
    kinds = {}
    for p in m["provinces"].provinces:
        kinds[p.kind] = kinds.get(p.kind, 0) + 1
    assert kinds == {"standard": 28, "military": 5, "culture": 5, "gold": 5, "votes": 7, "power": 2,
                     "prestige": 2, "popularity": 2}
    assert len(m["council"].regular) == 25 and len(m["council"].final) == 5
    assert len(m["achievements"].achievements) == 10
    assert len(m["characters"].characters) == 10
    assert all(len(c.stratagems) == 4 for c in m["characters"].characters)
    assert {t.id: t.seconds for t in m["game"].timers} == {"black": 45, "green": 120, "purple": 180}
    assert len(m["game"].timer_track) == 11
    assert [s.letter for s in m["seats"].seats] == ["R", "B", "G", "W", "K"]
