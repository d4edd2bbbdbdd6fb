"""Pendulum teaching mode, the lessons as data (pure, no pygame): the course of
``config/pendulum/teaching/`` plus mods' overlays, checked by teaching_models.py (the lesson
file models; every problem reported as ``file:line: field: message``) and kept as plain
records in the validated-data cache (tabletop/data/rulescache.py) while no file changed; and
the patterns lessons use to name engine actions and events. ``pendulum.teaching`` re-exports
all of it; the guided game itself lives there."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.data import rulescache

if TYPE_CHECKING:      # the lesson file models (teaching_models.py); at run time these are plain records
    from .teaching_models import Course, Lesson

ROOT = Path(__file__).resolve().parents[1]
TEACH_DIR = ROOT / "config" / "pendulum" / "teaching"
LANGS = ("en", "ja")
SAVE_NAME = "teach"            # autosave-teach.json in the user data folder
CONDITIONS = ("council", "round_2", "game_over")


# the modules that read and check the course: an edit to any of them makes the cache's entry stale
CODE = [Path(__file__).resolve().with_name(n) for n in ("teaching_data.py", "teaching_models.py")]

Text = dict[str, str]


@dataclass
class Curriculum:
    course: Course
    lessons: list[Lesson]                       # in course order
    sources: dict[str, str] = field(default_factory=dict)   # lesson id -> file

    def index_of(self, lesson_id: str) -> int:
        return [l.id for l in self.lessons].index(lesson_id)


def _validated(mods, folder, langs) -> dict:
    # imported here to save start-up time: the checks need pydantic, a cache hit does not
    from .teaching_models import validated_course
    return validated_course(mods, folder, langs)


def load_curriculum(mods: list | None = None, folder: Path | None = None,
                    langs: tuple[str, ...] = LANGS) -> Curriculum:
    """Load and check every lesson file; raises ``DataError`` listing every problem as
    ``file:line: field: message``. The shipped course (another ``folder`` or ``langs`` is
    always checked afresh) comes from the cache while no file of it changed."""
    if folder is not None or tuple(langs) != LANGS:
        found = _validated(mods, folder, langs)
    else:
        found = rulescache.load("teaching", list(mods or ()), lambda: _validated(mods, None, langs), code=CODE,
                                sub="pendulum/teaching")
    return Curriculum(found["course"], list(found["lessons"]), dict(found["sources"]))


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
