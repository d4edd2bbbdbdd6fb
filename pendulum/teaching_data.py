"""Pendulum teaching mode, the lessons as data (pure, no pygame): the lesson file models, the
loader (``config/pendulum/teaching/`` plus mods' overlays, every problem reported as
``file:line: field: message``) and the patterns lessons use to name engine actions and events.
``pendulum.teaching`` re-exports all of it; the guided game itself lives there."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional

import pydantic

from tabletop.data import DataError, StrictModel, did_you_mean, load_yaml, validate, where
from tabletop.data.mods import merge, ordered_mods, safe_child

from .teaching_setup import Setup

ROOT = Path(__file__).resolve().parents[1]
TEACH_DIR = ROOT / "config" / "pendulum" / "teaching"
LANGS = ("en", "ja")
SAVE_NAME = "teach"            # autosave-teach.json in the user data folder
CONDITIONS = ("council", "round_2", "game_over")


# --- data models ---------------------------------------------------------------------
Text = dict[str, str]


class Step(StrictModel):
    task: Text
    expect: list[dict[str, Any]] = pydantic.Field(min_length=1)
    explain: Text
    until: Optional[Literal["council", "round_2", "game_over"]] = None
    # done when one of these engine events of the learner happens (e.g. a province taken after
    # the conquest's choices), not as soon as an expected action is accepted
    events: list[dict[str, Any]] = []


class Lesson(StrictModel):
    id: str
    title: Text
    text: Text
    highlight: list[str] = []
    steps: list[Step] = []
    demo: Optional[Literal["realtime"]] = None
    setup: Optional[Setup] = None             # a starting position of its own (teaching_setup.py)


class Course(StrictModel):
    id: str
    title: Text
    mode: str = "beginner"
    seed: int = 7
    seats: list[str]
    learner: int = 0
    characters: list[str] = []
    lessons: list[str] = pydantic.Field(min_length=1)


class CourseFile(StrictModel):
    course: Course


@dataclass
class Curriculum:
    course: Course
    lessons: list[Lesson]                       # in course order
    sources: dict[str, str] = field(default_factory=dict)   # lesson id -> file

    def index_of(self, lesson_id: str) -> int:
        return [l.id for l in self.lessons].index(lesson_id)


def _read_folder(folder: Path, files: dict, errors: list, mod_dir: Path | None = None) -> None:
    for path in sorted(folder.glob("*.yaml")):
        if mod_dir is not None:
            safe_child(mod_dir, str(path.relative_to(mod_dir)))
        try:
            data, marks = load_yaml(path)
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        tagged = {k: (str(path), v) for k, v in marks.items()}
        if path.stem in files:
            old = files[path.stem]
            old["data"] = merge(old["data"], data, old["marks"], tagged)
        else:
            files[path.stem] = {"data": data, "marks": tagged, "source": str(path)}


def load_curriculum(mods: list | None = None, folder: Path | None = None,
                    langs: tuple[str, ...] = LANGS) -> Curriculum:
    """Load and check every lesson file; raises ``DataError`` listing every problem as
    ``file:line: field: message``."""
    folder = folder or TEACH_DIR
    files: dict[str, dict] = {}
    errors: list[str] = []
    _read_folder(folder, files, errors)
    for mod_dir in ordered_mods(mods or []):
        sub = mod_dir / "pendulum" / "teaching"
        if sub.is_dir():
            _read_folder(sub, files, errors, mod_dir)
    if errors:
        raise DataError(errors)
    if "course" not in files:
        raise DataError(f"{folder}: course.yaml: missing (it lists the lessons in order)")
    cf = files.pop("course")
    try:
        course = validate(CourseFile, cf["data"], cf["marks"], cf["source"]).course
    except DataError as exc:
        errors.extend(exc.errors)
        course = None
    lessons: dict[str, Lesson] = {}
    sources: dict[str, str] = {}
    for stem, f in files.items():
        try:
            lesson = validate(Lesson, f["data"], f["marks"], f["source"])
        except DataError as exc:
            errors.extend(exc.errors)
            continue
        src = f["source"]
        if lesson.id != stem:
            errors.append(f"{where(f['marks'], 'id', src)}: id: lesson id {lesson.id!r} must match its file name {stem!r}")
        lessons[lesson.id] = lesson
        sources[lesson.id] = src
        errors.extend(_check_lesson(lesson, f["marks"], src, langs))
    if course is not None:
        for i, lid in enumerate(course.lessons):
            if lid not in files:
                errors.append(f"{where(cf['marks'], f'course.lessons.{i}', cf['source'])}: course.lessons.{i}: "
                              f"no lesson file {lid}.yaml{did_you_mean(lid, lessons)}")
        if len(set(course.lessons)) != len(course.lessons):
            errors.append(f"{cf['source']}: course.lessons: a lesson is listed twice")
        for lang in langs:
            if lang not in course.title:
                errors.append(f"{where(cf['marks'], 'course.title', cf['source'])}: course.title: missing language {lang!r}")
        if not 0 <= course.learner < len(course.seats):
            errors.append(f"{where(cf['marks'], 'course.learner', cf['source'])}: course.learner: no such seat")
    if errors:
        raise DataError(errors)
    ordered = [lessons[l] for l in course.lessons]
    return Curriculum(course, ordered, sources)


def _check_lesson(lesson: Lesson, marks: dict, src: str, langs) -> list[str]:
    errs = []

    def need(text: Text, path: str):
        for lang in langs:
            if not str(text.get(lang, "")).strip():
                errs.append(f"{where(marks, path, src)}: {path}: missing language {lang!r}")

    need(lesson.title, "title")
    need(lesson.text, "text")
    for i, step in enumerate(lesson.steps):
        need(step.task, f"steps.{i}.task")
        need(step.explain, f"steps.{i}.explain")
        pats = [(f"steps.{i}.expect.{j}", p) for j, p in enumerate(step.expect)]
        pats += [(f"steps.{i}.events.{j}", p) for j, p in enumerate(step.events)]
        if lesson.setup is not None:
            pats += [(f"setup.moves.{j}", p) for j, p in enumerate(lesson.setup.moves)]
        for path, pat in pats:
            if "kind" not in pat:
                errs.append(f"{where(marks, path, src)}: {path}: "
                            "a pattern needs a 'kind' (the engine action or event kind)")
    return errs


# --- patterns ---------------------------------------------------------------------------
def _match_value(want: Any, have: Any) -> bool:
    if isinstance(want, list):
        return any(_match_value(w, have) for w in want)
    if isinstance(want, str):
        if isinstance(have, (list, tuple)):
            return any(_match_value(want, h) for h in have)
        return fnmatch.fnmatchcase(str(have), want)
    if isinstance(want, dict):
        return isinstance(have, dict) and all(k in have and _match_value(v, have[k]) for k, v in want.items())
    return want == have


def matches(pattern: dict, action) -> bool:
    """Does an engine action (or its dict) match a lesson pattern?"""
    data = action if isinstance(action, dict) else action.to_dict()
    for key, want in pattern.items():
        if key not in data or not _match_value(want, data[key]):
            return False
    return True


def matches_any(patterns: list[dict], action) -> bool:
    return any(matches(p, action) for p in patterns)
