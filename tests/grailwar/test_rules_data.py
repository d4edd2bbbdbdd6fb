"""Data files: validation with file:line messages and hints, cross-references, JSON Schemas."""
import json
import shutil
from pathlib import Path

import pytest

from grailwar.game import make_rules
from grailwar.rules.schema import json_schemas, load_data
from tabletop.data import DataError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cfgdir(tmp_path):
    shutil.copytree(ROOT / "config" / "grailwar", tmp_path / "grailwar")
    return tmp_path


def _edit(cfgdir, name, old, new):
    p = cfgdir / "grailwar" / f"{name}.yaml"
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def _line_of(p, needle):
    for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_shipped_data_loads_and_every_config_key_is_read():
    data = load_data()
    assert data.cfg.game.max_turns == 20 and data.cfg.mana.vanish_below == -100
    assert len(data.factions) == 7 and len(data.codes) == 8


def test_unknown_master_is_reported_with_line_and_hint(cfgdir):
    p = _edit(cfgdir, "characters", "master: shinomiya_toru", "master: shinomiya_tor")
    with pytest.raises(DataError) as exc:
        load_data(config_dir=cfgdir)
    msg = str(exc.value)
    assert f"characters.yaml:{_line_of(p, 'master: shinomiya_tor')}: factions.0.master: unknown master" in msg
    assert "did you mean 'shinomiya_toru'" in msg


def test_type_errors_and_unknown_keys_are_collected(cfgdir):
    _edit(cfgdir, "rules", "max_turns: 20", "max_turns: 0")
    p = _edit(cfgdir, "locations", '    grade: none\n', '    grade: none\n    colour: red\n')
    with pytest.raises(DataError) as exc:
        load_data(config_dir=cfgdir)
    errs = exc.value.errors
    assert any("config.game.max_turns" in e and "greater than 0" in e for e in errs)
    assert any(e.startswith(f"{p}:") and "unknown key" in e for e in errs)


def test_retreat_cost_must_match_the_command_spell_table(cfgdir):
    _edit(cfgdir, "rules", "retreat_cost: 2", "retreat_cost: 3")
    with pytest.raises(DataError, match="retreat_cost"):
        load_data(config_dir=cfgdir)


def test_event_table_must_cover_its_die(cfgdir):
    _edit(cfgdir, "events", "rolls: [5, 6, 7, 8]", "rolls: [5, 6, 7]")
    with pytest.raises(DataError, match="event_tables.pc.entries"):
        load_data(config_dir=cfgdir)


def test_bad_grade_reference(cfgdir):
    _edit(cfgdir, "locations", "grade: great", "grade: grate")
    with pytest.raises(DataError, match="did you mean 'great'"):
        load_data(config_dir=cfgdir)


def test_options_are_checked():
    with pytest.raises(ValueError):
        make_rules({"seats": ["human"]})
    with pytest.raises(ValueError):
        make_rules({"seats": ["npc", "robot"]})
    with pytest.raises(ValueError):
        make_rules({"seats": ["npc", "npc"], "max_turns": 0})


def test_json_schemas_in_docs_are_up_to_date():
    for name, sch in json_schemas().items():
        path = ROOT / "docs" / "schema" / f"grailwar-{name}.schema.json"
        assert path.exists(), f"run python -m grailwar.rules.schema ({path} missing)"
        assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(sch)), \
            f"{path} is stale: run python -m grailwar.rules.schema"
