"""Pendulum spec sections 3-4: frames, occupancy, the two worker rules, one action at a time."""
from __future__ import annotations

from pendulum.rules import actions as A


def test_3_4_black_frames_hold_any_number_of_workers(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom")
    for s in range(3):
        st.apply(A.Move(s, f"{s}c1", "black.top.2"))
        st.apply(A.Move(s, f"{s}g1", "black.top.2"))
    assert len(st.frame_occ["black.top.2"]) == 6


def test_3_4_common_worker_needs_an_empty_green_or_purple_frame(pen):
    st = pen.state(players=4)
    pen.timers(st, green="bottom", purple="bottom")
    st.apply(A.Move(0, "0c1", "green.top.1"))
    pen.refused(st, A.Move(1, "1c1", "green.top.1"), "3.4")
    pen.refused(st, A.Move(2, "2c1", "green.top.1"), "3.4")
    assert A.Move(1, "1c1", "green.top.1") not in st.legal_actions(1)


def test_3_4_grande_worker_may_always_enter_and_first_leaving_keeps_others(pen):
    st = pen.state(players=4)
    pen.timers(st, green="bottom")
    st.apply(A.Move(0, "0c1", "green.top.2"))
    st.apply(A.Move(1, "1g1", "green.top.2"))
    st.apply(A.Move(2, "2g1", "green.top.2"))
    st.apply(A.Move(0, "0g1", "green.top.2"))          # own workers may share (basic rules)
    assert len(st.frame_occ["green.top.2"]) == 4
    st.apply(A.Move(0, "0c1", "mat"))
    assert st.frame_occ["green.top.2"] == ["1g1", "2g1", "0g1"]
    pen.refused(st, A.Move(3, "3c1", "green.top.2"), "3.4")


def test_3_4_box_to_frame_move_back_to_the_same_space_is_checked(pen):
    st = pen.state(players=4)
    pen.timers(st, green="bottom")
    pen.put(st, "0c1", "B:green.top.1")
    st.apply(A.Move(1, "1c1", "green.top.1"))
    pen.refused(st, A.Move(0, "0c1", "green.top.1"), "3.4")
    st.apply(A.Move(1, "1c1", "mat"))
    st.apply(A.Move(0, "0c1", "green.top.1"))
    assert st.players[0].workers["0c1"] == "F:green.top.1"


def test_3_3_large_frame_worker_chooses_one_of_its_two_boxes_and_pays_once(pen):
    st = pen.state(players=3)
    pen.timers(st, green="top")
    pen.put(st, "0g1", "F:green.top.large")
    pen.put(st, "1g1", "F:green.top.large")
    pen.res(st, 0, g=5)
    pen.res(st, 1, g=5)
    acts0 = {a.space for a in st.legal_actions(0) if a.kind == "act"}
    assert acts0 == {"green.top.1", "green.top.2"}
    st.apply(A.Act(0, "0g1", "green.top.2"))
    st.apply(A.Act(1, "1g1", "green.top.1"))               # sharing workers choose independently
    assert st.players[0].res[2] == 3 and st.players[1].res[2] == 3
    assert st.players[0].workers["0g1"] == "B:green.top.2"


def test_3_3_small_frame_of_the_1_3_side_covers_one_box(pen):
    r = pen.rules(players=3)
    assert r.frames["green.top.small"].spaces == ["green.top.3"]
    assert r.frames["green.bottom.small"].spaces == ["green.bottom.1"]
    assert r.frames["green.bottom.large"].spaces == ["green.bottom.2", "green.bottom.3"]


def test_4_4_cannot_move_worker_off_timer_row(pen):
    st = pen.state(players=3)
    pen.timers(st, black="top")
    pen.put(st, "0c1", "F:black.top.1")
    pen.put(st, "0g1", "B:black.top.2")
    for w in ("0c1", "0g1"):
        pen.refused(st, A.Move(0, w, "mat"), "4.4")
        pen.refused(st, A.Move(0, w, "black.bottom.1"), "4.4")
        assert all(getattr(a, "worker", None) != w or a.kind == "act" for a in st.legal_actions(0))


def test_4_4_cannot_place_on_a_row_that_has_its_timer(pen):
    st = pen.state(players=3)
    pen.timers(st, black="top", green="bottom", purple="bottom")
    pen.refused(st, A.Move(0, "0c1", "black.top.1"), "4.4")
    pen.refused(st, A.Move(0, "0g1", "green.bottom.large"), "4.4")
    targets = {a.to for a in st.legal_actions(0) if a.kind == "move"}
    assert all(st.rules.frames[t].row != st.timer_row[st.rules.frames[t].area] for t in targets)
    assert "black.bottom.1" in targets and "green.top.large" in targets


def test_4_4_move_between_timer_free_rows_is_allowed(pen):
    st = pen.state(players=3)
    pen.timers(st, black="top", green="top")
    pen.put(st, "0c1", "F:black.bottom.1")
    st.apply(A.Move(0, "0c1", "green.bottom.small"))
    pen.put(st, "0g1", "B:black.bottom.3")
    st.apply(A.Move(0, "0g1", "mat"))
    assert st.players[0].workers["0g1"] == "mat"


def test_4_4_act_only_while_the_row_has_its_timer(pen):
    st = pen.state(players=3)
    pen.timers(st, black="top")
    pen.put(st, "0c1", "F:black.bottom.2")
    pen.refused(st, A.Act(0, "0c1", "black.bottom.2"), "4.4")
    assert not any(a.kind == "act" for a in st.legal_actions(0))
    pen.timers(st, black="bottom")
    ev = st.apply(A.Act(0, "0c1", "black.bottom.2"))
    assert st.players[0].workers["0c1"] == "B:black.bottom.2"
    assert any(e.kind == "worker_acted" for e in ev)


def test_4_4_worker_acts_only_in_a_box_below_its_own_frame(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.2")
    pen.refused(st, A.Act(0, "0c1", "black.bottom.1"), "4.4")
    pen.refused(st, A.Act(0, "0g1", "black.bottom.1"), "4.4")      # a worker on the mat never acts


def test_4_4_acted_worker_is_stuck_until_the_timer_leaves_and_again_when_it_returns(pen):
    st = pen.state(players=3, mode="realtime")
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.2")
    st.apply(A.Act(0, "0c1", "black.bottom.2"))
    pen.refused(st, A.Move(0, "0c1", "mat"), "4.4")
    pen.refused(st, A.Act(0, "0c1", "black.bottom.2"), "4.4")
    st.remaining["black"] = 0
    st.apply(A.Flip(1, "black"))                 # timer leaves: the worker is free (box -> anywhere)
    assert A.Move(0, "0c1", "mat") in st.legal_actions(0)
    st.remaining["black"] = 0
    st.apply(A.Flip(2, "black"))                 # timer back: stuck again, cannot act from the box
    assert not any(getattr(a, "worker", "") == "0c1" for a in st.legal_actions(0))


def test_4_4_nothing_is_compulsory_a_worker_may_stay_idle(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.2")
    st.apply(A.Done(0))
    assert st.players[0].workers["0c1"] == "F:black.bottom.2"


def test_4_4_retrieve_is_the_only_way_off_a_timer_row(pen):
    st = pen.state(players=3, characters=["gambal", "bolk", "mesoat"])
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "B:black.bottom.2")
    card = "gambal_briber.s3"
    st.apply(A.Play(0, card, ""))
    assert st.players[0].decisions[0]["t"] == "retrieve"
    assert pen.kinds(st, 0) == {"choose"}
    st.apply(A.Choose(0, "0c1"))
    assert st.players[0].workers["0c1"] == "mat"
    assert A.Move(0, "0c1", "black.top.1") in st.legal_actions(0)     # free at once


def test_4_4_retrieve_not_playable_without_a_worker_on_a_timer_row(pen):
    st = pen.state(players=3, characters=["gambal", "bolk", "mesoat"])
    pen.refused(st, A.Play(0, "gambal_briber.s3", ""), "5.2")


def test_4_5_cost_is_paid_first_and_an_unaffordable_action_is_refused(pen):
    st = pen.state(players=3)
    pen.timers(st, green="bottom", black="bottom")
    pen.put(st, "0g1", "F:green.bottom.large")
    pen.res(st, 0, g=1)
    pen.refused(st, A.Act(0, "0g1", "green.bottom.2"), "4.5")
    pen.put(st, "0c1", "F:black.bottom.3")
    pen.res(st, 0, m=3)
    pen.refused(st, A.Act(0, "0c1", "black.bottom.3"), "4.5")       # conquer costs 4 military
    pen.res(st, 0, m=4, g=2)
    ev = st.apply(A.Act(0, "0g1", "green.bottom.2"))
    kinds = [e.kind for e in ev]
    assert kinds.index("paid") < kinds.index("gained")
    assert st.players[0].res[2] == 0


def test_4_5_one_action_at_a_time_pending_choice_blocks_everything_else(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.3")
    pen.put(st, "0g1", "F:black.bottom.4")
    pen.res(st, 0, m=4)
    st.apply(A.Act(0, "0c1", "black.bottom.3"))
    assert st.players[0].decisions[0]["t"] == "conquer"
    assert pen.kinds(st, 0) == {"choose"}
    pen.refused(st, A.Act(0, "0g1", "black.bottom.4"), "4.5")
    pen.refused(st, A.Done(0), "4.5")
    # the remaining choice may be completed after the timer has left (4.4)
    st.remaining["black"] = 0
    choice = st.legal_actions(0)[0]
    st.apply(choice)
    assert not st.players[0].decisions


def test_1_7_advanced_variant_never_two_own_workers_in_one_frame(pen):
    st = pen.state(players=3, advanced_variant=[True, False, False])
    pen.timers(st, black="bottom")
    st.apply(A.Move(0, "0c1", "black.top.1"))
    pen.refused(st, A.Move(0, "0g1", "black.top.1"), "1.7")
    st.apply(A.Move(1, "1c1", "black.top.1"))              # others unaffected
    st.apply(A.Move(1, "1g1", "black.top.1"))
