"""The validated rules data is kept on disk per game and mod list (tabletop/data/rulescache.py):
a second start reads it back without checking (or importing pydantic) again, an edit to any
file it came from or a change of mod list is seen at once, a damaged or forged entry is
ignored and rebuilt, errors always come from a real validation, and a cache folder that
cannot be written changes nothing but speed."""
import base64
import json
import os
import pickle
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from grailwar.rules import schema as gw_schema
from pendulum.rules import data as pen_data
from pendulum.rules.engine import PendulumRules
from pendulum.rules.schema import FILES as PEN_FILES
from pendulum.rules.sim import play_game
from tabletop.data import plain, rulescache
from tabletop.engine.errors import DataError

ROOT = Path(__file__).resolve().parents[2]

PROVINCE = """provinces:
  - id: testmoor
    new: true
    name: {en: Testmoor, ja: テストムーア}
    kind: culture
    source: assumed
    name_source: assumed
"""


@pytest.fixture
def stats(monkeypatch):
    counts = {"hits": 0, "misses": 0}
    monkeypatch.setattr(rulescache, "STATS", counts)
    return counts


def _mod(folder: Path, text: str = PROVINCE) -> Path:
    mod = folder / "testmod"
    (mod / "pendulum").mkdir(parents=True, exist_ok=True)
    (mod / "mod.yaml").write_text('id: testmod\nname: Test mod\nversion: "1.0"\n', encoding="utf-8")
    (mod / "pendulum" / "provinces.yaml").write_text(text, encoding="utf-8")
    return mod


def _entries(game: str) -> list[Path]:
    folder = rulescache.cache_dir() / "rules"
    return sorted(folder.glob(f"{game}-*.json")) if folder.exists() else []


def _province_names(data) -> list[str]:
    return [p.name.en for p in data["provinces"].provinces]


def test_a_second_load_comes_from_the_cache_and_equals_a_fresh_check(stats):
    first = pen_data.load_data()
    assert stats == {"hits": 0, "misses": 1} and len(_entries("pendulum")) == 1
    second = pen_data.load_data()
    assert stats == {"hits": 1, "misses": 0 + 1}
    assert second == first and second is not first
    # the same records a real check gives, field for field, as the models would dump them
    checked = {stem: PEN_FILES[stem].model_validate(model.model_dump()) for stem, model in first.items()}
    for stem, model in second.items():
        assert model.model_dump() == checked[stem].model_dump()
        assert type(model).__name__ == type(checked[stem]).__name__


def test_a_cache_hit_plays_the_same_game_as_a_fresh_check(monkeypatch):
    fresh = PendulumRules({"mode": "timetrack", "players": 3})       # checked, then stored
    cached = PendulumRules({"mode": "timetrack", "players": 3})      # read back
    monkeypatch.setenv("TABLETOP_NO_RULES_CACHE", "1")
    uncached = PendulumRules({"mode": "timetrack", "players": 3})
    ends = []
    for rules in (fresh, cached, uncached):
        state, n = play_game(rules, 11, ["standard"] * 3)
        ends.append((n, json.dumps(state.to_dict(), sort_keys=True, default=str)))
    assert ends[0] == ends[1] == ends[2]


def test_grail_war_data_comes_back_the_same(stats):
    first = gw_schema.load_data()
    second = gw_schema.load_data()
    assert stats["hits"] == 1
    assert second.cfg == first.cfg and list(second.servants) == list(first.servants)
    # an event table maps each die value to its entry: one record for all its values
    for name, table in second.table_map.items():
        for entry in table.values():
            assert all(table[v] is entry for v in entry.rolls)


def test_the_teaching_course_comes_back_the_same(stats):
    from pendulum.teaching import load_curriculum   # noqa: PLC0415
    first = load_curriculum()
    second = load_curriculum()
    assert stats == {"hits": 1, "misses": 1}
    assert second.course == first.course and second.lessons == first.lessons and second.sources == first.sources
    hands_on = [lesson for lesson in second.lessons if lesson.setup is not None]
    assert hands_on and all(lesson.setup.until in ("action", "council_adjust") for lesson in hands_on)


def test_a_hit_imports_no_pydantic(tmp_path):
    code = ("import sys; from pendulum.rules.engine import PendulumRules; from grailwar import game;"
            "from pendulum.teaching import load_curriculum;"
            "PendulumRules({}); game.make_rules(); load_curriculum(); print('pydantic' in sys.modules)")
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "userdata")}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                           check=True).stdout.split()[-1] for _ in range(2)]
    assert runs == ["True", "False"]        # the first run checks the files; the second reads them back


def test_an_edit_to_a_mod_file_is_seen_even_with_the_same_size_and_time(tmp_path, stats):
    mod = _mod(tmp_path)
    assert "Testmoor" in _province_names(pen_data.load_data([str(mod)]))
    path = mod / "pendulum" / "provinces.yaml"
    st = os.stat(path)
    path.write_text(PROVINCE.replace("Testmoor", "Bestmoor"), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))           # same size, same time
    names = _province_names(pen_data.load_data([str(mod)]))
    assert "Bestmoor" in names and "Testmoor" not in names
    assert stats == {"hits": 0, "misses": 2}


def test_a_file_added_to_a_mod_is_seen(tmp_path, stats):
    mod = _mod(tmp_path)
    pen_data.load_data([str(mod)])
    (mod / "pendulum" / "seats.yaml").write_text("seats: 3\n", encoding="utf-8")    # and a broken one
    with pytest.raises(DataError):
        pen_data.load_data([str(mod)])
    assert stats["hits"] == 0


def test_each_mod_list_has_its_own_entry(tmp_path, stats):
    mod = _mod(tmp_path)
    base = pen_data.load_data()
    modded = pen_data.load_data([str(mod)])
    assert "Testmoor" in _province_names(modded) and "Testmoor" not in _province_names(base)
    assert len(_entries("pendulum")) == 2
    assert pen_data.load_data() == base and pen_data.load_data([str(mod)]) == modded
    assert stats == {"hits": 2, "misses": 2}


@pytest.mark.parametrize("damage", ["empty", "not json", "bad checksum", "forged tag", "other key", "truncated"])
def test_a_damaged_or_forged_entry_is_ignored_and_rebuilt(stats, damage):
    good = pen_data.load_data()
    (entry,) = _entries("pendulum")
    head, body = entry.read_text(encoding="utf-8").split("\n", 1)
    if damage == "empty":
        text = ""
    elif damage == "not json":
        text = "{not json\n["
    elif damage == "bad checksum":
        i = next(i for i, ch in enumerate(body) if ch in "123456789")
        text = head + "\n" + body[:i] + ("2" if body[i] == "1" else "1") + body[i + 1:]   # still valid JSON
    elif damage == "forged tag":       # a consistent checksum over a body encode() could not have made
        forged = json.dumps({"\x00m": "not a name!", "f": {}})
        meta = json.loads(head)
        meta["crc32"] = zlib.crc32(forged.encode("utf-8"))
        text = json.dumps(meta) + "\n" + forged
    elif damage == "other key":
        meta = json.loads(head)
        meta["key"][1] = "grailwar"
        text = json.dumps(meta) + "\n" + body
    else:
        text = head + "\n" + body[: len(body) // 2]
    entry.write_text(text, encoding="utf-8")
    again = pen_data.load_data()
    assert again == good
    assert stats == {"hits": 0, "misses": 2}
    assert pen_data.load_data() == good and stats["hits"] == 1       # rebuilt: the next start reads it


class _Runs:
    """Unpickled, it would run ``touch`` (were the global it names allowed)."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


class _Record:
    """Pickled as a record of ``name`` with ``fields`` (through ``plain.rebuild``), whatever they are."""

    def __init__(self, name, fields):
        self.args = (name, fields)

    def __reduce__(self):
        return plain.rebuild, self.args


@pytest.mark.parametrize("forgery", ["a global", "fields not a mapping", "a field name not a string",
                                     "not a record name", "cut short", "not base64", "json body"])
def test_a_forged_pickle_with_a_consistent_checksum_runs_nothing_and_is_rebuilt(stats, forgery, tmp_path):
    """The value is a pickle: one that names any global but the records' maker, or gives it
    what it never stores, is refused (nothing runs) and the entry is checked and written again."""
    good = pen_data.load_data()
    (entry,) = _entries("pendulum")
    head = entry.read_text(encoding="utf-8").split("\n", 1)[0]
    marker = tmp_path / "ran"
    value = {"a global": [_Runs(marker)],
             "fields not a mapping": _Record("Seats", [("seats", 3)]),
             "a field name not a string": _Record("Seats", {7: 3}),
             "not a record name": _Record("no name!", {"seats": 3}),
             "cut short": {"provinces": list(range(100))},
             "not base64": None, "json body": None}[forgery]
    raw = pickle.dumps(value, protocol=5)
    if forgery == "cut short":
        raw = raw[: len(raw) // 2]
    body = base64.b64encode(raw).decode("ascii")
    if forgery == "not base64":
        body = body[:-4] + "!!!!"
    elif forgery == "json body":
        body = json.dumps(plain.encode(good), ensure_ascii=False)
    meta = json.loads(head)
    meta["crc32"] = zlib.crc32(body.encode("utf-8"))
    entry.write_text(json.dumps(meta) + "\n" + body, encoding="utf-8")
    assert pen_data.load_data() == good
    assert not marker.exists()
    assert stats == {"hits": 0, "misses": 2}
    assert pen_data.load_data() == good and stats["hits"] == 1       # rebuilt: the next start reads it


def test_errors_on_a_miss_name_file_line_and_field_and_are_never_cached(tmp_path, stats):
    mod = _mod(tmp_path)
    pen_data.load_data([str(mod)])                                   # a good version first
    path = mod / "pendulum" / "provinces.yaml"
    path.write_text(PROVINCE.replace("kind: culture", "kind: [1, 2]"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            pen_data.load_data([str(mod)])
        assert re.search(rf"{re.escape(str(path))}:5: provinces\.\d+\.kind: ", str(err.value))   # file:line: field
    assert stats == {"hits": 0, "misses": 3}


def test_an_unwritable_cache_folder_changes_nothing_but_speed(tmp_path, monkeypatch, stats):
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "cache").write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(blocked))
    first = pen_data.load_data()
    assert pen_data.load_data() == first
    assert stats == {"hits": 0, "misses": 2}
    assert gw_schema.load_data().cfg == gw_schema.load_data().cfg


def test_the_program_starts_with_an_unwritable_cache_folder(tmp_path, monkeypatch):
    import pygame   # noqa: PLC0415 - a window only for this test

    from tabletop.ui.app import App, default_args   # noqa: PLC0415
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "cache").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(blocked))
    app = App(default_args(size=(640, 360), command="pendulum"))
    try:
        app.start("pendulum")
        app.step(2)
        assert type(app.scenes.top).__name__ != "LauncherScene" and app.frames_changed >= 1
        assert not app.dialog                                # no "could not start" message
    finally:
        app.shutdown()
        pygame.display.quit()


def test_validate_mod_always_checks_for_real(tmp_path, stats):
    from tabletop.data.mods import validate_mod   # noqa: PLC0415
    mod = _mod(tmp_path)
    pen_data.load_data([str(mod)])
    errors, _ = validate_mod(mod)
    assert errors == []
    assert stats["hits"] == 0


@pytest.mark.parametrize("first", ["good", "missing_id"])
def test_validate_mod_reads_an_edited_mod_again_in_the_same_program(tmp_path, first):
    """``--watch`` checks a mod each time a file is saved, in one program: the second check sees the
    file as it is now. Before, the first check's rules were kept per mod folder (an overlay entry
    without an id is only collected, not raised, so a lenient build was kept even for a broken mod)
    and every later check of that folder found nothing wrong."""
    from pendulum import game as pen_game          # noqa: PLC0415
    from tabletop.data.mods import validate_mod    # noqa: PLC0415
    mod = _mod(tmp_path, PROVINCE if first == "good" else PROVINCE.replace("  - id: testmoor\n", "  - \n"))
    errors, _ = validate_mod(mod)
    assert bool(errors) == (first != "good"), errors
    path = mod / "pendulum" / "provinces.yaml"
    path.write_text(PROVINCE.replace("kind: culture", "kind: [1, 2]"), encoding="utf-8")
    errors, _ = validate_mod(mod)
    assert any(re.search(r"provinces\.yaml:5: provinces\.\d+\.kind: ", e) for e in errors), errors
    with pytest.raises(DataError):                   # and the game refuses it the same way
        pen_game.make_rules(mods=[str(mod)])


def test_plain_records_behave_like_frozen_models():
    model = PEN_FILES["seats"].model_validate(
        json.loads(json.dumps(pen_data.load_data()["seats"].model_dump())))
    rec = plain.freeze(model)
    assert rec.model_dump() == model.model_dump()
    assert repr(rec) == repr(model) and str(rec) == str(model) and str(rec.seats[0]) == str(model.seats[0])
    assert rec == plain.freeze(model) and rec != rec.model_copy(update={"seats": []})
    assert rec.model_copy(update={"seats": []}).seats == [] and len(rec.seats) == len(model.seats)
    seat = rec.seats[0]
    assert hash(seat) == hash(plain.freeze(model.seats[0]))
    with pytest.raises(TypeError):
        seat.id = "other"
    assert pickle.loads(pickle.dumps(rec)) == rec
    assert json.loads(json.dumps(plain.encode(rec)), object_hook=plain.decode_object) == rec


@pytest.mark.parametrize("mods", [[], ["mods/more-content"]])
def test_the_grail_war_screen_reads_its_map_from_the_rules_data_not_the_files(monkeypatch, mods):
    import tabletop.data   # noqa: PLC0415
    from grailwar import game   # noqa: PLC0415
    from grailwar.ui.data import load_static   # noqa: PLC0415
    mods = [str(ROOT / m) for m in mods]
    from_files = load_static(None, mods)
    rules = game.make_rules(mods=mods)

    def no_files(*a, **k):
        raise AssertionError("the screen read the data files again")
    monkeypatch.setattr(tabletop.data, "load_game_files", no_files, raising=False)
    from_rules = load_static(rules, mods)
    assert from_rules == from_files                    # every location, grade, name, colour and setting
    assert len(from_rules.locations) == (23 if mods else 22)
