"""Teaching mode lessons as data: every file loads, both languages everywhere, patterns
name real engine action kinds, and a modder's mistake is reported with file and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from pendulum.teaching import LANGS, TEACH_DIR, load_curriculum, matches
from tabletop.data import DataError


def test_every_lesson_file_loads_and_is_in_the_course():
    cur = load_curriculum()
    files = {p.stem for p in TEACH_DIR.glob("*.yaml")} - {"course"}
    assert {l.id for l in cur.lessons} == files          # no orphan lesson file
    assert len(cur.lessons) >= 15


def test_both_languages_have_every_lesson():
    cur = load_curriculum()
    for lesson in cur.lessons:
        for lang in LANGS:
            assert lesson.title[lang].strip(), (lesson.id, lang)
            assert len(lesson.text[lang].strip()) > 40, (lesson.id, lang)
            for step in lesson.steps:
                assert step.task[lang].strip() and step.explain[lang].strip(), (lesson.id, lang)
        # the Japanese text is really Japanese, not a copy of the English one
        assert any(ord(ch) > 0x3000 for ch in lesson.text["ja"]), lesson.id


def test_the_guide_structure_is_covered():
    ids = [l.id for l in load_curriculum().lessons]
    for needed in ("table", "colours", "workers", "time_track", "green_purple", "black_area", "provinces",
                   "stratagems", "achievements", "council", "victory", "first_moves", "realtime"):
        assert needed in ids
    assert ids[-1] == "realtime"
    assert ids.index("time_track") < ids.index("acting") < ids.index("council") < ids.index("victory")


def test_patterns_name_engine_action_kinds():
    from pendulum.rules.actions import ACTION_KINDS
    cur = load_curriculum()
    acting = [l for l in cur.lessons if l.steps]
    assert len(acting) >= 6
    for lesson in acting:
        for step in lesson.steps:
            for pattern in step.expect:
                assert pattern["kind"] in ACTION_KINDS, (lesson.id, pattern)


def test_pattern_matching():
    from pendulum.rules.actions import Done, Move
    place = Move(0, "0g1", "green.bottom.large")
    assert matches({"kind": "move", "worker": "*g*", "to": "*bottom*"}, place)
    assert not matches({"kind": "move", "worker": "*c*"}, place)
    assert not matches({"kind": "move", "to": "*top*"}, place)
    assert matches({"kind": "move", "to": ["black.*", "green.*"]}, place)
    assert not matches({"kind": "done"}, place)
    assert matches({"kind": "done"}, Done(0))
    assert not matches({"kind": "move", "nosuchfield": "x"}, place)


def _copy_course(tmp_path: Path) -> Path:
    folder = tmp_path / "teaching"
    folder.mkdir()
    for p in TEACH_DIR.glob("*.yaml"):
        (folder / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_missing_translation_is_reported_with_file_and_line(tmp_path):
    folder = _copy_course(tmp_path)
    f = folder / "table.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("  ja: テーブルの案内\n", ""), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_curriculum(folder=folder)
    text = str(err.value)
    assert "table.yaml:" in text and "title: missing language 'ja'" in text


def test_unknown_lesson_in_course_gets_a_did_you_mean(tmp_path):
    folder = _copy_course(tmp_path)
    f = folder / "course.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("  - colours\n", "  - colors\n"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_curriculum(folder=folder)
    assert "no lesson file colors.yaml (did you mean 'colours'?)" in str(err.value)
    assert "course.yaml:" in str(err.value)


def test_unknown_key_in_a_lesson_is_refused(tmp_path):
    folder = _copy_course(tmp_path)
    f = folder / "victory.yaml"
    f.write_text(f.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_curriculum(folder=folder)
    assert "victory.yaml:" in str(err.value) and "colour: unknown key" in str(err.value)


def test_a_mod_can_translate_and_replace_a_lesson(tmp_path):
    mod = tmp_path / "mymod"
    (mod / "pendulum" / "teaching").mkdir(parents=True)
    (mod / "mod.yaml").write_text("id: mymod\nname: My mod\nversion: '1'\n", encoding="utf-8")
    (mod / "pendulum" / "teaching" / "welcome.yaml").write_text(
        "title:\n  en: Hello, noble\n  fr: Bonjour\n", encoding="utf-8")
    cur = load_curriculum(mods=[mod])
    welcome = cur.lessons[0]
    assert welcome.title["en"] == "Hello, noble" and welcome.title["fr"] == "Bonjour"
    assert welcome.title["ja"] == "帝国へようこそ"        # untouched keys stay
