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

The game runs in a :class:`LessonMatch`: a ``tabletop.engine.match.Match`` (record, undo,
background autosave into the ``teach`` slot) with a lesson filter in front of the engine. The
session listens to it, so an action applied from the table screen advances the lesson exactly
as one applied by ``try_action``. The gentle bots live in ``teaching_bots.py``, the narration
and labels in ``teaching_words.py``, the lesson files' models, loader and patterns in
``teaching_data.py``, a lesson's own starting position in ``teaching_setup.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pendulum.game import make_rules as _make_rules
from tabletop.engine import IllegalActionError, Record, Refusal, SaveError, replay, saves
from tabletop.engine.match import Match

from .teaching_bots import active, gentle_bot, moves_since_done, suggest
from .teaching_data import LANGS, SAVE_NAME, TEACH_DIR, Curriculum, Text, load_curriculum, matches, matches_any
from .teaching_setup import PatchedRules, next_setup_action
from .teaching_words import describe_action, describe_option, describe_place, narrate

if TYPE_CHECKING:      # the lesson file models (teaching_models.py); at run time these are plain records
    from .teaching_models import Course, Lesson, Step

__all__ = ["TeachSession", "LessonMatch", "Curriculum", "Outcome",
           "load_curriculum", "matches", "matches_any", "gentle_bot", "narrate", "describe_action",
           "describe_option", "describe_place", "LANGS", "SAVE_NAME", "TEACH_DIR"]


# --- the guided game ----------------------------------------------------------------------
@dataclass
class Outcome:
    """What happened to a learner's request."""
    ok: bool
    message: Text | None = None        # gentle explanation (per language) when refused
    rule: str = ""                     # the engine rule that refused it, if any
    engine_message: str = ""           # the engine's own words (English) for that refusal
    key: str = ""                      # i18n key of a refusal that is not about a rule
    refusal: Any = None                # the engine's refusal (rule, key, params) when it refused
    events: list = field(default_factory=list)
    step_done: bool = False
    lesson_done: bool = False


def make_rules(course: Course, mode: str | None = None, mods: list | None = None):
    return _make_rules({"mode": mode or course.mode, "players": len(course.seats),
                  "characters": list(course.characters) or None}, mods=mods or None)


LESSON_RULE = "lesson"


class LessonMatch(Match):
    """The guided game's :class:`Match` with a lesson filter: an action of the learner's seat
    that the current lesson step does not ask for is refused like an illegal one (rule
    ``"lesson"``, key ``teach.read_first`` or ``teach.refusal.step``), before the engine is
    asked. Bots' actions only meet the engine. The table plays it like any Match."""

    def __init__(self, rules, state, record: Record, lesson_filter):
        self.lesson_filter = lesson_filter
        super().__init__(rules, state, seed=record.seed, record=record, autosave=True,
                         save_path=saves.autosave_path(SAVE_NAME))

    def why_not(self, action):
        return self.lesson_filter(action) or super().why_not(action)

    def apply(self, action):
        refusal = self.lesson_filter(action)
        if refusal is not None:
            raise IllegalActionError(refusal.rule, "not what this lesson asks", key=refusal.key,
                                     params=refusal.params)
        return super().apply(action)

    def submit(self, action):
        return self.apply(action)


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
        self.main = None                     # (record, state) of the course's game during a side game
        self._outcome: Outcome | None = None          # filled by the listener during try_action
        self.match: LessonMatch | None = None
        if record is not None:
            self._restore(record)
        else:
            self._bind(Record(game="pendulum", seed=self.course.seed, options=self.rules.options_dict(),
                              seats=list(self.course.seats), mods=list(self.mods), meta={"teach": True}),
                       self.rules.new_state(self.course.seed))

    def _bind(self, record: Record, state) -> None:
        self.match = LessonMatch(self.rules, state, record, self.lesson_refusal)
        self.match.subscribe(self._on_update)

    @property
    def state(self):
        return self.match.state

    @property
    def record(self) -> Record:
        return self.match.record

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

    def lesson_refusal(self, action) -> Refusal | None:
        """The lesson filter: why the current lesson does not let the learner do ``action``
        (None for bots' actions, for a pending choice, and for what the step asks)."""
        if getattr(action, "seat", None) != self.learner or action.kind == "choose":
            return None          # a pending choice must always be answerable
        if not self.accepts_actions():
            return Refusal(LESSON_RULE, "teach.read_first")
        step = self.step
        if step is not None and step.until is None and not matches_any(step.expect, action):
            return Refusal(LESSON_RULE, "teach.refusal.step")
        return None

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
        """The learner asks for ``action``: it must fit the lesson and the engine must accept it
        (both asked of the lesson match)."""
        self._outcome = Outcome(True)
        try:
            self.match.apply(action)
        except IllegalActionError as exc:
            step = self.step
            if exc.rule == LESSON_RULE:
                if exc.key == "teach.read_first":
                    return Outcome(False, key=exc.key, rule=exc.rule)
                return Outcome(False, step.explain if step is not None else None)
            return Outcome(False, step.explain if step is not None else None, rule=exc.rule,
                           engine_message=exc.message, refusal=exc)
        finally:
            out, self._outcome = self._outcome, None
        return out

    def _on_update(self, update) -> None:
        """The match's listener: lesson progress after every accepted action (the learner's
        from the table or from ``try_action``, and the bots'), then the lesson goes in the
        record's meta before the match autosaves it."""
        if update.kind == "applied":
            action, step = update.action, self.step
            out = self._outcome if self._outcome is not None else Outcome(True)
            out.events = list(update.events)
            if getattr(action, "seat", None) == self.learner and step is not None:
                if step.until is None:
                    if step.events:
                        if any(getattr(e, "seat", None) == self.learner and matches_any(step.events, e)
                               for e in update.events):
                            self._advance_step(out)
                    elif action.kind != "choose":
                        self._advance_step(out)
                elif self.condition(step.until):
                    self._advance_step(out)
            else:
                self._check_until()
            self.last_outcome = out
        self.to_record()

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
        return any(active(self.state.legal_actions(s)) for s in self.bot_seats())

    def bot_step(self):
        """One bot move (seat, action, events) or None. Deterministic for a given game."""
        if not self.bot_pending():
            return None
        for seat in self.bot_seats():
            if not active(self.state.legal_actions(seat)):
                continue
            action = gentle_bot(self.state, seat, moves_since_done(self.record.actions, seat),
                                seed=self.course.seed * 100003 + len(self.record.actions))
            if action is None:
                continue
            events = self.match.apply(action)
            return seat, action, list(events)
        return None

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
        can be taken when the timer comes) or, only if neither exists, ``"resources"``. In a
        hands-on lesson (one with a set-up) only what its step asks is named (``"lesson"`` when
        none of it moves a track)."""
        legal, step = self.learner_actions(), self.step
        if self.lesson.setup is None or step is None or step.until is not None or self.free_play:
            return suggest(self.state, self.learner, legal)
        # a hands-on lesson: only what its step lets the learner do (a conquest costs resources,
        # so the general advice would not name it)
        legal = [a for a in legal if a.kind == "choose" or matches_any(step.expect, a)]
        return suggest(self.state, self.learner, legal) or [(a, "lesson") for a in legal[:6]]

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
        self.marks.append(len((self.main or (self.record,))[0].actions))
        if self.lesson.setup is not None:
            self._start_side()
        elif self.main is not None:
            self._leave_side()
        self._check_until()
        self.autosave()

    def _rewind_to(self, index: int) -> None:
        n = self.marks[index]
        self.lesson_index = index
        self.step_index = 0
        del self.marks[index + 1:]
        if self.lesson.setup is not None:
            self._start_side()
        else:
            if self.main is not None:
                self._leave_side()
            self.record.truncate(n)
            self.match.replace_state(replay(self.record, self.rules))
        self._check_until()
        self.autosave()

    # ---- a lesson's own starting position (a side game; the course's game waits)
    def side_rules(self, lesson: Lesson | None = None):
        setup = (lesson or self.lesson).setup
        return PatchedRules(self.rules, setup.learner, self.learner)

    def _start_side(self) -> None:
        """Start the lesson's side game: the patched new state, then the set-up's moves, played
        on the state and recorded, and shown at once (one "replaced" update: nothing animates)."""
        setup = self.lesson.setup
        if self.main is None:
            self.main = (self.record, self.state)
        seed = self.course.seed if setup.seed is None else setup.seed
        record = Record(game="pendulum", seed=seed, options=self.rules.options_dict(),
                        seats=list(self.course.seats), mods=list(self.mods), meta={"teach": True})
        state = self.side_rules().new_state(seed)
        while True:
            action = next_setup_action(state, setup, self.learner, len(self.course.seats), record.actions, seed,
                                       lambda a: matches_any(setup.moves, a))
            if action is None:
                break
            state.apply(action)
            record.add(action, state.time if self.rules.timed else None)
        self.match.replace_state(state, record)

    def _leave_side(self) -> None:
        record, state = self.main
        self.main = None
        self.match.replace_state(state, record)

    # ---- saving
    def to_record(self) -> Record:
        """The record with the lesson progress in its meta (the match autosaves it)."""
        self.record.meta.update({"teach": True, "course": self.course.id, "lesson": self.lesson_index,
                                 "lesson_id": self.lesson.id, "step": self.step_index, "marks": list(self.marks),
                                 "free_play": self.finished})
        if self.main is not None:            # a side game: the course's game rides along
            self.record.meta["main"] = {"seed": self.main[0].seed, "actions": list(self.main[0].actions)}
        else:
            self.record.meta.pop("main", None)
        return self.record

    def export_record(self) -> Record:
        """The record a "Save" writes, one that replays with the game's own rules: during a
        practice lesson, the course's game (loading it sets the practice lesson up again)."""
        record = self.to_record()
        if self.main is None:
            return record
        meta = {k: v for k, v in record.meta.items() if k != "main"}
        meta["step"] = 0
        main = self.main[0]
        return Record(**{k: getattr(main, k) for k in ("game", "seed", "options", "seats", "data_version", "mods")},
                      actions=list(main.actions), meta=meta)

    def autosave(self) -> None:
        """Write the ``teach`` autosave now (leaving, navigating; the match also writes it in the
        background after every action)."""
        self.to_record()
        self.match.flush()          # a background write of an older snapshot must not land after this one
        try:
            self.match.save()
        except OSError:
            pass

    def _restore(self, record: Record) -> None:
        meta = dict(record.meta or {})
        copy = Record(**{k: getattr(record, k) for k in ("game", "seed", "options", "seats", "data_version",
                                                          "mods", "actions", "end_time")}, meta=dict(meta))
        n = len(self.cur.lessons)
        self.lesson_index = max(0, min(int(meta.get("lesson", 0)), n - 1))
        lid = meta.get("lesson_id")
        if lid in [l.id for l in self.cur.lessons]:
            self.lesson_index = self.cur.index_of(lid)
        main = meta.pop("main", None)         # saved during a side game: the course's game
        copy.meta.pop("main", None)
        if main is not None and not (isinstance(main, dict) and isinstance(main.get("seed"), int)
                                     and isinstance(main.get("actions"), list)):
            raise SaveError("meta.main: expected {\"seed\": a number, \"actions\": a list} (the course's "
                            "game saved during a practice lesson); the file is damaged")
        if isinstance(main, dict):
            main_record = Record(**{k: getattr(record, k) for k in ("game", "options", "seats", "data_version",
                                                                     "mods")}, seed=int(main["seed"]),
                                 actions=list(main["actions"]), meta=dict(meta))
            if self.lesson.setup is None:     # the lesson lost its set-up (a mod): the course's game
                copy = main_record
            else:
                self.main = (main_record, replay(main_record, self.rules))
        self._bind(copy, replay(copy, self.side_rules() if self.main is not None else self.rules))
        self.step_index = max(0, min(int(meta.get("step", 0)), len(self.lesson.steps)))
        marks = [int(m) for m in meta.get("marks", [0])][: self.lesson_index + 1]
        while len(marks) < self.lesson_index + 1:
            marks.append(len(self.record.actions))
        self.marks = marks
        self.finished = bool(meta.get("free_play", meta.get("finished", False)))
        if self.lesson.setup is not None and self.main is None and not self.finished:
            self.step_index = 0               # a saved practice lesson (export_record): set it up again
            self._start_side()
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


