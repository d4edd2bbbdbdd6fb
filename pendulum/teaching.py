"""Pendulum teaching mode: lessons as data and the pure lesson logic (no pygame).

Lessons live in ``config/pendulum/teaching/``: ``course.yaml`` (the guided game's set-up and
the lesson order) and one ``<lesson id>.yaml`` per lesson. A mod may add or overlay lesson files
in ``<mod>/pendulum/teaching/`` (merged key by key, so a mod can add a language to a text).

A lesson has a title, an explanation, the screen regions to highlight and, optionally, steps:
each step names the action(s) that complete it as *patterns* matched against engine actions
(``{kind: place, worker: "*grande*", to: "*bottom*"}``: ``kind`` is the action kind, every other
key a field of ``action.to_dict()``; strings may use ``*``/``?`` wildcards, a list means any of).
A learner's action completes a step when it matches a pattern AND the engine accepts it: the
engine is the only judge of legality.

``TeachSession`` runs the guided game: the learner's seat, two bots that move only while the
learner cannot (so the order of moves never depends on the UI's pace), lesson progress
(next/back/replay rewind the game to the lesson's start), one-line narration of bot moves,
hints ("what could I do now?") and resume through a ``teach`` autosave record.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional

import pydantic

from tabletop.data import DataError, StrictModel, did_you_mean, load_yaml, validate, where
from tabletop.data.mods import merge, ordered_mods, safe_child
from tabletop.engine import IllegalActionError, Record, saves

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


class Lesson(StrictModel):
    id: str
    title: Text
    text: Text
    highlight: list[str] = []
    steps: list[Step] = []
    demo: Optional[Literal["realtime"]] = None


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
        for j, pat in enumerate(step.expect):
            if "kind" not in pat:
                errs.append(f"{where(marks, f'steps.{i}.expect.{j}', src)}: steps.{i}.expect.{j}: "
                            "a pattern needs a 'kind' (the engine action kind)")
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


# --- the guided game ----------------------------------------------------------------------
@dataclass
class Outcome:
    """What happened to a learner's request."""
    ok: bool
    message: Text | None = None        # gentle explanation (per language) when refused
    rule: str = ""                     # the engine rule that refused it, if any
    engine_message: str = ""           # the engine's own words (English) for that refusal
    key: str = ""                      # i18n key of a refusal that is not about a rule
    events: list = field(default_factory=list)
    step_done: bool = False
    lesson_done: bool = False


def make_rules(course: Course, mode: str | None = None, mods: list | None = None):
    from pendulum.game import make_rules as _make
    return _make({"mode": mode or course.mode, "players": len(course.seats),
                  "characters": list(course.characters) or None}, mods=mods or None)


class TeachSession:
    """The guided game: lesson progress plus the game state it teaches on.

    Bots move only while the learner has nothing to do (not their turn, or they declared
    Done), so the sequence of moves does not depend on how fast the UI lets bots play, and
    rewinding a lesson replays the same game.
    """

    def __init__(self, curriculum: Curriculum, record: Record | None = None, rules=None,
                 mods: list | None = None):
        self.cur = curriculum
        self.course = curriculum.course
        self.learner = self.course.learner
        self.mods = [str(m) for m in (mods or [])]
        self.rules = rules or make_rules(self.course, mods=self.mods)
        self.lesson_index = 0
        self.step_index = 0
        self.marks: list[int] = [0]          # record length when each lesson was entered
        self.finished = False                # the learner went past the last lesson
        self.record = Record(game="pendulum", seed=self.course.seed, options=self.rules.options_dict(),
                             seats=list(self.course.seats), mods=list(self.mods), meta={"teach": True})
        self.state = self.rules.new_state(self.course.seed)
        if record is not None:
            self._restore(record)

    # ---- queries
    @property
    def lesson(self) -> Lesson:
        return self.cur.lessons[self.lesson_index]

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def lesson_complete(self) -> bool:
        return self.step is None

    @property
    def is_last_lesson(self) -> bool:
        return self.lesson_index == len(self.cur.lessons) - 1

    @property
    def free_play(self) -> bool:
        """Past the last lesson: the learner plays the same game on to the end."""
        return self.finished

    def learner_actions(self) -> list:
        if self.state.is_terminal():
            return []
        return list(self.state.legal_actions(self.learner))

    def learner_can_act(self) -> bool:
        """Has the learner something to do? (Withdrawing Done does not count: while the
        learner is done, the bots play.)"""
        return any(a.kind != "resume" for a in self.learner_actions())

    def accepts_actions(self) -> bool:
        """Does the current lesson let the learner act? (Reading lessons wait for Next.)"""
        return self.free_play or self.step is not None

    # ---- condition checks
    def condition(self, name: str) -> bool:
        s = self.state
        if name == "game_over":
            return s.is_terminal()
        phase = str(getattr(s, "phase", ""))
        rnd = int(getattr(s, "round", 1) or 1)
        if name == "council":
            return s.is_terminal() or rnd > 1 or phase.startswith("council")
        if name == "round_2":
            return s.is_terminal() or rnd >= 2
        raise ValueError(name)

    # ---- the learner
    def example_action(self):
        """The first legal engine action matching the current step ("show me")."""
        step = self.step
        legal = self.learner_actions()
        if legal and all(a.kind == "choose" for a in legal):
            return legal[0]                       # a pending choice comes first
        if step is None:
            return None
        for pattern in step.expect:
            for action in self.learner_actions():
                if matches(pattern, action):
                    return action
        return None

    def try_action(self, action) -> Outcome:
        """The learner asks for ``action``: it must fit the lesson and the engine must accept it."""
        step = self.step
        forced = action.kind == "choose"          # a pending choice must always be answerable
        if not forced and not self.accepts_actions():
            return Outcome(False, key="teach.read_first")
        if (not forced and step is not None and step.until is None
                and not matches_any(step.expect, action)):
            return Outcome(False, step.explain)
        try:
            events = self.state.apply(action)
        except IllegalActionError as exc:
            return Outcome(False, step.explain if step is not None else None, rule=exc.rule,
                           engine_message=exc.message)
        self.record.add(action, self.state.time if self.rules.timed else None)
        out = Outcome(True, events=list(events))
        if step is not None and not forced and (step.until is None or self.condition(step.until)):
            self._advance_step(out)
        elif step is not None and step.until is not None and self.condition(step.until):
            self._advance_step(out)
        self.autosave()
        return out

    def show_me(self) -> Outcome:
        action = self.example_action()
        if action is None:
            return Outcome(False, key="teach.nothing_to_show")
        return self.try_action(action)

    def _advance_step(self, out: Outcome | None = None) -> None:
        self.step_index += 1
        if out is not None:
            out.step_done = True
            out.lesson_done = self.lesson_complete

    def _check_until(self) -> bool:
        step = self.step
        if step is not None and step.until is not None and self.condition(step.until):
            self._advance_step()
            return True
        return False

    # ---- bots
    def bot_seats(self) -> list[int]:
        return [i for i, kind in enumerate(self.course.seats) if kind != "human"]

    def bot_pending(self) -> bool:
        """Bots move only while the learner has nothing to do (not their turn, or Done)."""
        if self.state.is_terminal() or self.learner_can_act():
            return False
        return any(_active(self.state.legal_actions(s)) for s in self.bot_seats())

    def bot_step(self):
        """One bot move (seat, action, events) or None. Deterministic for a given game."""
        if not self.bot_pending():
            return None
        for seat in self.bot_seats():
            if not _active(self.state.legal_actions(seat)):
                continue
            action = gentle_bot(self.state, seat, self._bot_budget_used(seat),
                                seed=self.course.seed * 100003 + len(self.record.actions))
            if action is None:
                continue
            events = self.state.apply(action)
            self.record.add(action, self.state.time if self.rules.timed else None)
            self._check_until()
            self.autosave()
            return seat, action, list(events)
        return None

    def _bot_budget_used(self, seat: int) -> int:
        """Actions (other than choices) the bot took since its last Done."""
        n = 0
        for entry in reversed(self.record.actions):
            a = entry["a"]
            if a.get("seat") != seat:
                continue
            if a["kind"] == "done":
                break
            if a["kind"] != "choose":
                n += 1
        return n

    def run_bots(self, limit: int = 2000) -> list:
        """Let the bots play until the learner has something to do (tests, resume)."""
        moves = []
        for _ in range(limit):
            m = self.bot_step()
            if m is None:
                break
            moves.append(m)
        return moves

    # ---- hints
    def hints(self) -> list:
        """"What could I do now?": ``(action, why)`` pairs for the learner's legal actions,
        following the guide's "what to do first". ``why`` is ``"track"`` (moves one of your
        tracks toward the parchment now), ``"prepare"`` (puts a worker where a track step
        can be taken when the timer comes) or, only if neither exists, ``"resources"``."""
        before = _progress(self.state, self.learner)
        track, prepare, gains = [], [], []
        p = self.state.players[self.learner]
        for action in self.learner_actions():
            if action.kind == "done":
                continue
            if action.kind == "move":
                frame = self.rules.frames.get(action.to)
                if frame is not None and p.workers.get(action.worker, "").startswith(("mat", "B:")):
                    for sid in frame.spaces:
                        sp = self.rules.spaces[sid]
                        if _moves_track(sp.effect) and self.state.can_pay(p, sp.cost):
                            prepare.append((action, "prepare"))
                            break
                continue
            trial = self.state.clone()
            try:
                trial.apply(action)
            except IllegalActionError:
                continue
            after = _progress(trial, self.learner)
            if after[0] > before[0]:
                track.append((action, "track"))
            elif after[1] > before[1]:
                gains.append((action, "resources"))
        return track + prepare if (track or prepare) else gains

    # ---- navigation
    def next(self) -> bool:
        if not self.lesson_complete or self.finished:
            return False
        if self.lesson_index >= len(self.cur.lessons) - 1:
            self.finished = True            # carry on playing the same game
            self.autosave()
            return True
        self._enter(self.lesson_index + 1)
        return True

    def back(self) -> bool:
        if self.finished:                   # back from free play: the last lesson again
            self.finished = False
            self.autosave()
            return True
        if self.lesson_index == 0:
            return False
        self._rewind_to(self.lesson_index - 1)
        return True

    def replay(self) -> None:
        self._rewind_to(self.lesson_index)

    def _enter(self, index: int) -> None:
        self.lesson_index = index
        self.step_index = 0
        del self.marks[index:]
        self.marks.append(len(self.record.actions))
        self._check_until()
        self.autosave()

    def _rewind_to(self, index: int) -> None:
        n = self.marks[index]
        self.record.truncate(n)
        self.state = _replay(self.rules, self.record)
        self.lesson_index = index
        self.step_index = 0
        del self.marks[index + 1:]
        self._check_until()
        self.autosave()

    # ---- saving
    def to_record(self) -> Record:
        self.record.meta = {"teach": True, "course": self.course.id, "lesson": self.lesson_index,
                            "lesson_id": self.lesson.id, "step": self.step_index, "marks": list(self.marks),
                            "finished": self.finished}
        return self.record

    def autosave(self) -> None:
        try:
            saves.write_record(self.to_record(), saves.autosave_path(SAVE_NAME))
        except OSError:
            pass

    def _restore(self, record: Record) -> None:
        self.record = Record(**{k: getattr(record, k) for k in ("game", "seed", "options", "seats", "data_version",
                                                               "mods", "actions", "end_time", "meta")})
        self.state = _replay(self.rules, self.record)
        meta = record.meta or {}
        n = len(self.cur.lessons)
        self.lesson_index = max(0, min(int(meta.get("lesson", 0)), n - 1))
        lid = meta.get("lesson_id")
        if lid in [l.id for l in self.cur.lessons]:
            self.lesson_index = self.cur.index_of(lid)
        self.step_index = max(0, min(int(meta.get("step", 0)), len(self.lesson.steps)))
        marks = [int(m) for m in meta.get("marks", [0])][: self.lesson_index + 1]
        while len(marks) < self.lesson_index + 1:
            marks.append(len(self.record.actions))
        self.marks = marks
        self.finished = bool(meta.get("finished", False))
        self._check_until()

    @classmethod
    def resume(cls, curriculum: Curriculum | None = None, mods: list | None = None) -> "TeachSession | None":
        """The saved guided game, or None if there is none (or it no longer loads)."""
        path = saves.autosave_path(SAVE_NAME)
        if not path.exists():
            return None
        curriculum = curriculum or load_curriculum(mods)
        try:
            return cls(curriculum, record=saves.read_record(path), mods=mods)
        except Exception:          # an old or broken save never blocks a fresh start
            return None

    @staticmethod
    def forget_saved() -> None:
        try:
            saves.autosave_path(SAVE_NAME).unlink()
        except FileNotFoundError:
            pass


def rule_key(rule: str) -> str:
    """i18n key part for an engine rule id: ``"4.4 timer row"`` -> ``"4_4_timer_row"``."""
    import re
    return re.sub(r"[^0-9a-z]+", "_", rule.lower()).strip("_")


def _replay(rules, record: Record):
    from tabletop.engine import replay
    return replay(record, rules)


def _progress(state, seat: int) -> tuple[int, int]:
    """(track steps toward the parchment, resources+votes on the mat) of a seat."""
    p = state.players[seat]
    steps = sum(int(v) for v in p.tracks) + (1 if p.legendary else 0)
    return steps, sum(int(v) for v in p.res) + int(p.votes)


def _active(actions: list) -> list:
    """Legal actions that do something (withdrawing Done does not)."""
    return [a for a in actions if a.kind != "resume"]


def _moves_track(effect: dict) -> bool:
    return any(effect.get(k) for k in ("power_vp", "prestige_vp", "popularity_vp", "legendary_vp", "any_vp"))


def _score(state, seat: int) -> float:
    """A gentle bot's idea of how well a seat is doing."""
    p = state.players[seat]
    tracks = sum(t - s for t, s in zip(p.tracks, p.start))
    provinces = sum(len(v) for v in p.slots.values())
    return 3.0 * tracks + 6.0 * p.legendary + 0.6 * sum(p.res) + 0.4 * p.votes + 2.0 * provinces


BOT_BUDGET = 3            # non-choice moves a gentle bot makes per time-track step


def _settled_score(state, seat: int, depth: int = 2) -> float:
    """Score after the seat's pending choices are answered greedily (so that "conquer a
    province" is worth the province, not just its cost)."""
    p = state.players[seat]
    if depth <= 0 or not p.decisions:
        return _score(state, seat)
    best = None
    for option in state.legal_actions(seat):
        if option.kind != "choose":
            continue
        trial = state.clone()
        try:
            trial.apply(option)
        except IllegalActionError:
            continue
        value = _settled_score(trial, seat, depth - 1)
        best = value if best is None or value > best else best
    return _score(state, seat) if best is None else best


_VALUE = {"power_vp": 3.0, "prestige_vp": 3.0, "popularity_vp": 3.0, "any_vp": 3.0, "legendary_vp": 6.0,
          "military": 0.6, "culture": 0.6, "gold": 0.6, "any_resource": 0.6, "votes": 0.4,
          "conquer_province": 2.0}


def _effect_value(state, seat: int, effect: dict) -> float:
    """A rough worth of a reward for a seat (used to pick where to put a worker)."""
    rules, p = state.rules, state.players[seat]
    value = 0.0
    for key, amount in effect.items():
        if key == "production":
            value += _effect_value(state, seat, rules.production[p.character][amount])
            for card in p.slots[amount]:
                value += _effect_value(state, seat, rules.provinces[card][amount])
        elif isinstance(amount, (int, float)) and not isinstance(amount, bool):
            value += _VALUE.get(key, 0.0) * amount
    return value


def _frame_value(state, seat: int, frame_id: str) -> float:
    rules, p = state.rules, state.players[seat]
    best = 0.0
    for sid in rules.frames[frame_id].spaces:
        sp = rules.spaces[sid]
        if not state.can_pay(p, sp.cost):
            continue
        value = _effect_value(state, seat, sp.effect) - 0.6 * sum(
            v for v in sp.cost.values() if isinstance(v, int))
        best = max(best, value)
    return best


def gentle_bot(state, seat: int, used: int = 0, seed: int = 0):
    """The teaching bots: simple, readable, deterministic. They act with workers that can
    (looking one choice ahead), claim an achievement, play a stratagem that moves a track,
    put a free worker where it can do something useful, and otherwise say Done. ``used``:
    moves already made since their last Done (at most ``BOT_BUDGET`` per step)."""
    from tabletop.engine import GameRng
    legal = state.legal_actions(seat)
    if not legal:
        return None
    rng = GameRng(seed)
    base = _score(state, seat)

    def gain(action) -> float:
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalActionError:
            return float("-inf")
        return _settled_score(trial, seat) - base

    def best(cands, value=gain):
        scored = [(value(a), i, a) for i, a in enumerate(cands)]
        top = max(sc for sc, _, _ in scored)
        pool = [a for sc, _, a in scored if sc >= top - 1e-9]
        return (rng.choose(pool) if len(pool) > 1 else pool[0]), top

    kinds = {a.kind for a in legal}
    if kinds == {"choose"}:
        return best(legal)[0]
    if state.phase == "opening":
        return best(legal, lambda a: _frame_value(state, seat, a.to))[0]
    legal = _active(legal)
    if not legal:
        return None
    done = sorted((a for a in legal if a.kind == "done"), key=lambda a: bool(getattr(a, "last", False)))
    if used >= BOT_BUDGET:
        return done[0] if done else legal[0]
    claims = [a for a in legal if a.kind == "claim"]
    if claims:
        return claims[0]                   # "legendary" is listed first when available
    acts = [a for a in legal if a.kind == "act"]
    if acts:
        choice, value = best(acts)
        if value > 0:
            return choice
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        choice, value = best(plays)
        if value >= 2.0:
            return choice
    p = state.players[seat]
    free = [a for a in legal if a.kind == "move" and a.to != "mat" and not p.workers[a.worker].startswith("F:")]
    if free:
        choice, value = best(free, lambda a: _frame_value(state, seat, a.to))
        if value > 0:
            return choice
    return done[0] if done else legal[0]


# --- narration ------------------------------------------------------------------------------
def describe_place(rules, place: str, lang: str, t) -> str:
    """'Green, bottom row' for a frame or space id like ``green.bottom.large``."""
    parts = place.split(".")
    if len(parts) >= 2 and parts[0] in rules.area_names:
        area = getattr(rules.area_names[parts[0]], lang, parts[0])
        text = t(f"teach.where.{parts[1]}", area=area)
        frame = getattr(rules, "frames", {}).get(place)
        if frame is not None:
            text += ("：" if lang == "ja" else ": ") + " / ".join(rules.name(sid, lang) for sid in frame.spaces)
        return text
    return rules.name(place, lang)


def narrate(rules, state, seat: int, action, t, lang: str = "en", events=()) -> str:
    """One line telling what a (bot) seat just did. ``t`` translates ``teach.*`` keys;
    ``events`` (what the action returned) tell which choice a Choose answered."""
    who = rules.name(state.players[seat].character, lang)
    kind = action.kind
    if kind == "move":
        if action.to == "mat":
            return t("teach.narrate.move_mat", who=who)
        return t("teach.narrate.move", who=who, where=describe_place(rules, action.to, lang, t))
    if kind == "act":
        return t("teach.narrate.act", who=who, what=rules.name(action.space, lang))
    if kind == "play":
        return t("teach.narrate.play", who=who, what=rules.name(action.card, lang))
    if kind == "flip":
        return t("teach.narrate.flip", who=who, what=rules.name(action.timer, lang))
    if kind == "choose":
        decision = next((e.decision for e in events if getattr(e, "kind", "") == "chosen"), None)
        return t("teach.narrate.choose", who=who,
                 what=describe_option(rules, action.option, lang,
                                      decision if decision is not None else _decision(state, seat)))
    if kind in ("pickup", "claim", "refill", "done"):
        return t(f"teach.narrate.{kind}", who=who)
    return t("teach.narrate.other", who=who, what=action.to_text())


def describe_action(rules, state, action, t, lang: str = "en") -> str:
    """A short label for one of the learner's own actions (hint lists, buttons)."""
    kind = action.kind
    if kind == "move":
        if action.to == "mat":
            return t("teach.label.move_mat", worker=_worker_word(action.worker, t))
        return t("teach.label.move", worker=_worker_word(action.worker, t),
                 where=describe_place(rules, action.to, lang, t))
    if kind == "act":
        return t("teach.label.act", what=rules.name(action.space, lang),
                 where=describe_place(rules, action.space, lang, t))
    if kind == "play":
        return t("teach.label.play", what=rules.name(action.card, lang))
    if kind == "claim":
        return t(f"teach.label.claim_{action.take}")
    if kind == "choose":
        return describe_option(rules, action.option, lang, _decision(state, action.seat))
    return t(f"teach.label.{kind}")


def _worker_word(worker: str, t) -> str:
    return t("teach.label.grande") if worker[-2:-1] == "g" else t("teach.label.common")


def _decision(state, seat: int) -> str:
    try:
        decs = state.players[seat].decisions
        return decs[0]["t"] if decs else ""
    except (AttributeError, IndexError, KeyError, TypeError):
        return ""


_TRIPLES = {"res": ("military", "culture", "gold"), "vp": ("power", "prestige", "popularity")}


def describe_option(rules, option: str, lang: str, decision: str = "") -> str:
    """A pending choice's option (``c05``, ``1/0/1``, ``p12:red``...) in words: a split of
    resources or steps is spelt out, every known id is replaced by its name."""
    import re
    names = _TRIPLES.get(decision)
    if names and re.fullmatch(r"\d+/\d+/\d+", option):
        amounts = [int(x) for x in option.split("/")]
        return ", ".join(f"{n} {rules.name(k, lang)}" for n, k in zip(amounts, names) if n)
    parts = re.split(r"([:=>/,])", option)
    return "".join(rules.name(p, lang) if p and p not in ":=>/," else p for p in parts)
