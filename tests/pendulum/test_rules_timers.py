"""Pendulum spec sections 1.2, 1.3, 4.2, 4.3, 4.6, 4.7, 4.8, 4.9: timers, the time track, windows."""
from __future__ import annotations

import pytest

from pendulum.rules import actions as A


def test_1_2_realtime_timers_run_with_advance_and_finish(pen):
    st = pen.state(players=3, mode="realtime")
    assert st.remaining == {"green": 120, "purple": 180, "black": 45}
    ev = st.advance(44.5)
    assert st.remaining["black"] == 0.5 and not ev
    ev = st.advance(1.0)
    assert [e.timer for e in ev if e.kind == "timer_finished"] == ["black"]
    assert st.remaining["black"] == 0 and st.remaining["green"] == 74.5
    assert st.time == 45.5


def test_1_2_one_long_advance_equals_many_short_ones(pen):
    """Time is a value: a replay advancing in one step ends where the live game did after
    many frame-sized steps, including how long a finished timer has been waiting."""
    big, small = pen.state(players=3, mode="realtime"), pen.state(players=3, mode="realtime")
    big.advance(60.0)
    for _ in range(60 * 8):
        small.advance(0.125)
    assert big.since_finish["black"] == small.since_finish["black"] == 15.0
    assert big.to_dict() == small.to_dict()


def test_4_2_a_finished_timer_may_be_flipped_by_any_seat(pen):
    st = pen.state(players=3, mode="realtime")
    pen.refused(st, A.Flip(0, "black"), "4.2")
    st.advance(45)
    for s in range(3):
        assert A.Flip(s, "black") in st.legal_actions(s)
    st.advance(30)                                    # leaving it standing is legal
    ev = st.apply(A.Flip(2, "black"))
    assert st.timer_row["black"] == 0 and st.remaining["black"] == 45
    assert any(e.kind == "timer_flipped" and e.seat == 2 for e in ev)
    pen.refused(st, A.Flip(1, "black"), "4.2")        # the second request finds the sand running


def test_4_2_no_flips_in_time_track_mode(pen):
    st = pen.state(players=3, mode="timetrack")
    assert "flip" not in pen.kinds(st, 0)
    pen.refused(st, A.Flip(0, "black"), "4.2")


def test_4_3_purple_flips_knock_off_markers_and_the_last_calls_council(pen):
    st = pen.state(players=3, mode="realtime")
    assert st.markers == 2 and st.timer_row["purple"] == 1
    st.advance(180)
    st.apply(A.Flip(0, "purple"))
    assert st.markers == 1 and st.timer_row["purple"] == 0 and st.phase == "action"
    st.advance(180)
    ev = st.apply(A.Flip(1, "purple"))
    assert st.markers == 0 and st.timer_row["purple"] == 1
    assert st.phase == "council_called"
    assert any(e.kind == "phase_changed" and e.phase == "council_called" for e in ev)


def test_4_6_called_council_window_no_flips_until_every_seat_is_done(pen):
    st = pen.state(players=3, mode="realtime")
    st.advance(180)
    st.apply(A.Flip(0, "purple"))
    st.advance(180)
    st.apply(A.Flip(0, "purple"))
    assert st.phase == "council_called"
    assert st.remaining["black"] == 0
    pen.refused(st, A.Flip(0, "black"), "4.6")
    assert "flip" not in pen.kinds(st, 1)
    pen.timers(st, black="bottom")
    pen.put(st, "1c1", "F:black.bottom.2")
    st.apply(A.Act(1, "1c1", "black.bottom.2"))       # normal actions continue
    st.apply(A.Done(0))
    st.apply(A.Done(1))
    assert st.phase == "council_called" and st.seats_to_act() == [2]
    st.apply(A.Done(2))
    assert st.phase.startswith("council_") and st.phase != "council_called"


def test_4_6_withdraw_done_while_the_window_is_open(pen):
    st = pen.state(players=3, mode="timetrack")
    st.apply(A.Done(0))
    assert st.legal_actions(0) == [A.Resume(0)]
    assert 0 not in st.seats_to_act()
    st.apply(A.Resume(0))
    assert not st.players[0].done and 0 in st.seats_to_act()


def _call_council(pen, st):
    while st.phase == "action":
        pen.all_done(st)


def test_4_6_acting_last_closing_turns_in_reverse_privilege_order(pen):
    st = pen.state(players=3, mode="timetrack")
    _call_council(pen, st)
    assert st.phase == "council_called"
    order = st.privilege
    st.apply(A.Done(order[0], True))
    st.apply(A.Done(order[2], True))
    st.apply(A.Done(order[1]))
    # closing turns: lowest first, so the highest acts last
    assert st.seats_to_act() == [order[2]]
    assert st.legal_actions(order[0]) == []
    pen.refused(st, A.Done(order[0]), "4.6")
    st.apply(A.Done(order[2]))
    assert st.seats_to_act() == [order[0]]
    st.apply(A.Done(order[0]))
    assert st.phase == "council_rewards"


def test_1_3_time_track_token_steps_when_every_seat_is_done_and_moves_the_listed_timers(pen):
    st = pen.state(players=3, mode="timetrack")
    r = st.rules
    assert st.track_space == 1
    rows = dict(st.timer_row)
    for space, flips, call in r.timer_track[1:]:
        st.apply(A.Done(0))
        st.apply(A.Done(1))
        assert st.track_space == space - 1           # not everyone is done yet
        ev = st.apply(A.Done(2))
        assert st.track_space == space
        for a in ("black", "green", "purple"):
            rows[a] = 1 - rows[a] if a in flips else rows[a]
        assert st.timer_row == rows, space
        assert [e.timer for e in ev if e.kind == "timer_flipped"] == [t for t in ("black", "green", "purple")
                                                                     if t in flips]
        if not call:
            assert st.phase == "action"
    assert st.phase == "council_called" and st.markers == 0


def test_1_3_time_track_is_the_spec_sequence(pen):
    steps = [(n, set(f)) for n, f, _ in pen.rules().timer_track]
    assert steps == [(1, {"black", "green", "purple"}), (2, {"black"}), (3, {"black"}), (4, {"green"}),
                     (5, {"black"}), (6, {"black", "purple"}), (7, {"black"}), (8, {"green"}), (9, {"black"}),
                     (10, {"black"}), (11, {"black", "green", "purple"})]


def test_4_9_after_council_the_token_goes_back_to_space_1(pen):
    st = pen.state(players=3, mode="timetrack")
    _call_council(pen, st)
    while st.round == 1:
        if st.phase in ("council_called", "council_adjust"):
            pen.all_done(st)
        for s in st.seats_to_act():
            pen.choose_all(st, s)
    assert st.round == 2 and st.phase == "action" and st.track_space == 1 and st.markers == 2


def test_4_8_simultaneous_claims_resolve_by_privilege_inside_the_window(pen):
    st = pen.state(players=3, mode="realtime", claim_window=1.0)
    low, high = st.privilege[2], st.privilege[0]
    pen.timers(st, green="top")
    st.submit(A.Move(low, f"{low}c1", "green.bottom.small"))
    st.advance(0.5)
    st.submit(A.Move(high, f"{high}c1", "green.bottom.small"))
    assert st.players[low].workers[f"{low}c1"] == "mat"        # nothing applied inside the window
    ev = st.advance(0.6)
    assert st.players[high].workers[f"{high}c1"] == "F:green.bottom.small"
    assert st.players[low].workers[f"{low}c1"] == "mat"
    refused = [e for e in ev if e.kind == "request_refused"]
    assert len(refused) == 1 and refused[0].seat == low and "3.4" in refused[0].rule
    # the event carries the refusal's i18n key, so every screen words it in its own language
    assert refused[0].key.startswith("pendulum.refusal.") and isinstance(refused[0].params, tuple)
    assert [e.seat for e in ev if e.kind == "request_applied"] == [high]


def test_4_8_a_flip_is_ordered_like_any_request(pen):
    st = pen.state(players=3, mode="realtime")
    a, b, c = st.privilege
    st.advance(45)                                 # black finished, still on the bottom row
    pen.put(st, f"{a}c1", "mat")
    st.submit(A.Move(c, f"{c}c1", "black.top.1"))   # lower than the flipper: checked after the flip
    st.submit(A.Flip(b, "black"))
    st.submit(A.Move(a, f"{a}c1", "black.top.1"))   # higher: applied before the flip
    ev = st.advance(1.0)
    assert st.timer_row["black"] == 0
    assert st.players[a].workers[f"{a}c1"] == "F:black.top.1"
    assert st.players[c].workers[f"{c}c1"] == "mat"
    assert [e.seat for e in ev if e.kind == "request_refused"] == [c]


def test_4_8_window_of_zero_applies_at_once(pen):
    st = pen.state(players=3, mode="realtime", claim_window=0)
    st.submit(A.Move(0, "0c1", "black.top.1"))
    assert st.players[0].workers["0c1"] == "F:black.top.1"


def test_4_2_optional_auto_flip(pen):
    st = pen.state(players=3, mode="realtime", auto_flip_after=5)
    st.advance(45)
    assert st.timer_row["black"] == 1
    st.advance(5)
    assert st.timer_row["black"] == 0


def test_1_2_realtime_done_means_waiting_until_a_timer_runs_out(pen):
    st = pen.state(players=3, mode="realtime")
    for s in range(3):
        st.apply(A.Done(s))
    assert st.seats_to_act() == []
    st.advance(10)
    assert st.seats_to_act() == []
    st.advance(35)                                 # black runs out: everyone is asked again
    assert sorted(st.seats_to_act()) == [0, 1, 2]


def test_4_8_a_request_after_the_window_opens_the_next_window(pen):
    st = pen.state(players=3, mode="realtime", claim_window=1.0)
    low, high = st.privilege[2], st.privilege[0]
    pen.timers(st, green="top")
    st.submit(A.Move(low, f"{low}c1", "green.bottom.small"))
    st.advance(1.5)                                      # the first window closed: low's request applied
    assert st.players[low].workers[f"{low}c1"] == "F:green.bottom.small"
    st.submit(A.Move(high, f"{high}c1", "green.bottom.small"))
    ev = st.advance(1.0)
    assert st.players[high].workers[f"{high}c1"] == "mat"
    assert [e.seat for e in ev if e.kind == "request_refused"] == [high]


def test_4_5_no_flip_while_the_flipper_has_a_choice_pending(pen):
    # 4.5: a player finishes one action (all its choices) before the next; a flip is an action (5.1)
    st = pen.state(players=3, mode="realtime")
    pen.put(st, "0c1", "F:black.bottom.3")
    pen.res(st, 0, m=4)
    st.apply(A.Act(0, "0c1", "black.bottom.3"))
    assert st.players[0].decisions[0]["t"] == "conquer"
    st.advance(45)
    assert A.Flip(0, "black") not in st.legal_actions(0)
    pen.refused(st, A.Flip(0, "black"), "4.5")
    st.apply(A.Flip(1, "black"))                      # somebody else may flip
    pen.choose_all(st, 0)                             # and the choice is completed after the flip (4.4)
    assert not st.players[0].decisions


@pytest.mark.parametrize("finished", [True, False])
def test_5_8_step6_g25_restart_waits_for_running_sand_unless_timers_count_as_finished(pen, finished):
    # 5.8 step 6: the restart flip comes once any still-running timers have finished and everyone is
    # ready; G25 (default) treats all timers as finished when council ends
    st = pen.state(players=3, mode="realtime", council_end_timers_finished=finished)
    st.markers = 1
    st.advance(180)
    st.apply(A.Flip(0, "purple"))
    assert st.phase == "council_called"
    while st.phase in ("council_called", "council_rewards", "council_trim"):
        pen.all_done(st) if st.phase == "council_called" else [pen.choose_all(st, s) for s in st.seats_to_act()]
    assert st.phase == "council_adjust"
    if finished:
        assert all(st.remaining[a] == 0 for a in st.remaining)
    running = max(st.remaining.values())
    assert finished or running > 0
    pen.all_done(st)
    if not finished:
        assert st.phase == "council_adjust"
        st.advance(running - 1)
        assert st.phase == "council_adjust"
        st.advance(1)
    assert st.phase == "action" and st.round == 2
