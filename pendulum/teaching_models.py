"""The teaching course's files (config/pendulum/teaching/*.yaml, plus mods' overlays) as
pydantic models, and the check of a whole course: every problem as ``file:line: field:
message``. What passes is kept as plain records (tabletop/data/plain.py); teaching_data.py
asks here only when the validated-data cache (tabletop/data/rulescache.py) has no entry for
exactly these files."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Optional

import pydantic

from tabletop.data import (
    DataError,
    StrictModel,
    did_you_mean,
    load_yaml,
    validate,
    where,
)
from tabletop.data.mods import merge, ordered_mods, safe_child
from tabletop.data.plain import freeze

from .teaching_data import LANGS, TEACH_DIR, Text


# --- a lesson's own starting position (teaching_setup.py) ------------------------------
class LearnerPatch(StrictModel):
    """What the learner's mat holds at the start of the side game (unset: the character's own)."""
    military: Optional[int] = pydantic.Field(None, ge=0, le=30)
    culture: Optional[int] = pydantic.Field(None, ge=0, le=30)
    gold: Optional[int] = pydantic.Field(None, ge=0, le=30)
    votes: Optional[int] = pydantic.Field(None, ge=0, le=30)


class Setup(StrictModel):
    seed: Optional[int] = None
    learner: LearnerPatch = LearnerPatch()
    moves: list[dict[str, Any]] = []
    until: Literal["action", "council_adjust"] = "action"


# --- the course and its lessons -------------------------------------------------------
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


def validated_course(mods: list | None = None, folder: Path | None = None,
                     langs: tuple[str, ...] = LANGS) -> dict:
    """Load and check every lesson file: ``{"course", "lessons" (in course order), "sources"}``
    as plain records; raises ``DataError`` listing every problem as ``file:line: field: message``."""
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
    return {"course": freeze(course), "lessons": [freeze(lessons[l]) for l in course.lessons], "sources": sources}


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
