"""The whole lesson path walked with the real engine: every required action is legal where
the lesson asks for it, wrong moves are explained and not applied, navigation rewinds the
game, resume restores lesson and game, hints move tracks, bots narrate in one line."""
from __future__ import annotations

import pytest

from pendulum.teaching import (LANGS, SAVE_NAME, TeachSession, describe_action, gentle_bot, load_curriculum,
                               matches_any, narrate)
from pendulum.teaching_bots import moves_since_done
from tabletop.engine import saves
from tabletop.ui.i18n import Strings


@pytest.fixture(scope="module")
def cur():
    return load_curriculum()


def _finish_step(s: TeachSession) -> None:
    """Do what the current step asks (the way "show me" does it), bots in between."""
    while s.step is not None:
        s.run_bots()
        if s.step is None:
            break
        action = s.example_action()
        assert action is not None, (s.lesson.id, s.step_index, s.state.phase,
                                    [a.to_text() for a in s.learner_actions()][:6])
        if action.kind != "choose":
            assert matches_any(s.step.expect, action)
        assert action in s.state.legal_actions(s.learner)        # the engine lists it as legal
        out = s.try_action(action)
        assert out.ok, (s.lesson.id, action.to_text(), out.message)


def walk(cur, s: TeachSession | None = None) -> TeachSession:
    s = s or TeachSession(cur)
    for lesson in cur.lessons[s.lesson_index:]:
        assert s.lesson.id == lesson.id
        _finish_step(s)
        assert s.lesson_complete
        assert s.next()
    assert s.free_play
    return s


def test_the_whole_lesson_path_is_legal_with_the_engine(cur):
    s = walk(cur)
    # the lessons reached the council of round 1; the game is still on for free play
    assert s.state.phase.startswith("council") or s.state.round >= 2
    assert not s.state.is_terminal()
    # the record replays to the same state (resume depends on it)
    again = TeachSession(cur, record=s.to_record())
    assert again.state.to_dict() == s.state.to_dict()


def test_the_walk_is_deterministic(cur):
    a, b = walk(cur), walk(cur)
    assert a.record.actions == b.record.actions


def test_after_the_last_lesson_the_same_game_goes_on_to_the_end(cur):
    s = walk(cur)
    n = 0
    while not s.state.is_terminal():
        s.run_bots()
        if s.state.is_terminal():
            break
        action = gentle_bot(s.state, s.learner, moves_since_done(s.record.actions, s.learner), seed=n)
        assert s.try_action(action).ok
        n += 1
        assert n < 3000
    assert s.state.outcome() is not None


def _to_lesson(cur, s, lesson_id):
    while s.lesson.id != lesson_id:
        _finish_step(s)
        assert s.next()
    return s


def test_wrong_move_is_explained_gently_and_not_applied(cur):
    s = _to_lesson(cur, TeachSession(cur), "workers")
    s.run_bots()
    before = s.state.to_dict()
    common = next(a for a in s.state.legal_actions(s.learner) if a.kind == "move")
    # in the opening only the grande may be placed: a request for the common one is refused
    wrong = type(common)(s.learner, f"{s.learner}c1", common.to)
    out = s.try_action(wrong)
    assert not out.ok and out.message["en"] and out.message["ja"]
    assert s.state.to_dict() == before and s.step_index == 0
    # show me performs a matching, legal action and completes the step
    out = s.show_me()
    assert out.ok and out.step_done and s.lesson_complete


def test_engine_refusal_names_the_rule(cur):
    s = _to_lesson(cur, TeachSession(cur), "opening_common")
    s.run_bots()
    legal = s.state.legal_actions(s.learner)
    grande_frame = next(loc[2:] for w, loc in s.state.players[s.learner].workers.items()
                        if w.endswith("g1") and loc.startswith("F:"))
    action = type(legal[0])(s.learner, f"{s.learner}c1", grande_frame)
    assert s.state.rules.frames[grande_frame].blocking      # the walk puts the grande in green
    out = s.try_action(action)              # a common worker into the grande's green frame
    assert not out.ok and out.rule and "frame" in (out.message["en"] + out.rule).lower()
    assert s.step_index == 0


def test_reading_lessons_wait_for_next(cur):
    s = TeachSession(cur)
    assert s.lesson.id == "welcome" and not s.lesson.steps
    s.run_bots()
    action = next(iter(s.state.legal_actions(s.learner)), None)
    if action is not None:
        assert not s.try_action(action).ok
    assert s.next() and s.lesson.id == "table"


def test_back_and_replay_rewind_the_game(cur):
    s = _to_lesson(cur, TeachSession(cur), "opening_common")
    mark = len(s.record.actions)
    _finish_step(s)
    assert len(s.record.actions) > mark
    s.replay()
    assert s.lesson.id == "opening_common" and s.step_index == 0 and len(s.record.actions) == mark
    assert s.back() and s.lesson.id == "workers"
    assert s.step_index == 0
    _finish_step(s)                         # the grande can be placed again
    assert s.next() and s.lesson.id == "opening_common"


def test_leave_and_resume_where_you_left_off(cur):
    s = _to_lesson(cur, TeachSession(cur), "stratagems")
    assert saves.autosave_path(SAVE_NAME).exists()
    r = TeachSession.resume(cur)
    assert r is not None and r.lesson.id == "stratagems" and r.step_index == s.step_index
    assert r.state.to_dict() == s.state.to_dict()
    assert r.marks == s.marks
    walk(cur, r)                            # and it can be finished from there
    TeachSession.forget_saved()
    assert TeachSession.resume(cur) is None


def test_hints_list_moves_that_advance_a_track(cur):
    s = _to_lesson(cur, TeachSession(cur), "acting")
    s.run_bots()
    before = [s.state.players[s.learner].tracks[:], s.state.players[s.learner].legendary]
    hints = s.hints()
    assert hints
    for action, why in hints:
        assert action in s.state.legal_actions(s.learner) and action.kind != "done"
        assert why in ("track", "prepare", "resources")
    tracked = [a for a, why in hints if why == "track"]
    assert tracked                          # the grande stands on a track space (see the walk)
    s.finished = True                       # free play: any legal action is accepted
    assert s.try_action(tracked[0]).ok
    while s.learner_actions() and s.learner_actions()[0].kind == "choose":
        s.try_action(s.learner_actions()[0])
    p = s.state.players[s.learner]
    assert sum(p.tracks) + p.legendary > sum(before[0]) + before[1]


def test_bot_moves_are_narrated_in_one_line(cur):
    s = TeachSession(cur)
    lines = {lang: [] for lang in LANGS}
    for _ in range(30):
        m = s.bot_step()
        if m is None:
            _finish_step(s) if s.step else s.next()
            continue
        seat, action, events = m
        for lang in LANGS:
            line = narrate(s.rules, s.state, seat, action, Strings(lang).t, lang, events)
            assert "\n" not in line and "teach." not in line and line.strip()
            lines[lang].append(line)
    assert lines["en"] and any(ord(c) > 0x3000 for c in "".join(lines["ja"]))


def test_learner_actions_have_readable_labels(cur):
    s = TeachSession(cur)
    s.run_bots()
    for lang in LANGS:
        labels = [describe_action(s.rules, s.state, a, Strings(lang).t, lang) for a in s.learner_actions()]
        assert labels and all("teach." not in l for l in labels)
        assert len(set(labels)) == len(labels)          # every choice can be told apart


def test_a_bot_choice_is_narrated_in_words(cur):
    from pendulum.rules.actions import Chosen, Choose
    s = TeachSession(cur)
    line = narrate(s.rules, s.state, 1, Choose(1, "0/1/0"), Strings("en").t, "en",
                   [Chosen(1, "vp", "0/1/0")])
    assert "1 Prestige" in line and "0/1/0" not in line
