"""Pendulum spec section 5.10: the winner, every tie-break, and the case where nobody wins."""
from __future__ import annotations

from pendulum.rules.scoring import winner


def setup(pen, rows, order=None, **opts):
    """rows: per seat (power, prestige, popularity, legendary[, glory])."""
    st = pen.state(players=len(rows), **opts)
    for s, row in enumerate(rows):
        p = st.players[s]
        p.tracks = list(row[:3])
        p.legendary = row[3]
        p.glory = [row[4] if len(row) > 4 else 0, 0, 0]
    if order is not None:
        st.privilege = list(order)
    return st


def test_5_10_full_parchment_highest_parchment_score_wins(pen):
    st = setup(pen, [(14, 14, 14, True), (15, 16, 14, True), (21, 21, 21, False)], order=[0, 1, 2])
    out = winner(st)
    assert out["winner"] == 1 and out["reason"] == "full_parchment"     # seat 2 lacks the legendary step


def test_5_10_full_parchment_tie_goes_to_privilege_order(pen):
    st = setup(pen, [(15, 14, 14, True), (14, 14, 15, True), (14, 14, 14, True)], order=[1, 0, 2])
    assert winner(st)["winner"] == 1
    st.privilege = [0, 2, 1]
    assert winner(st)["winner"] == 0


def test_5_10_full_parchment_beats_a_higher_partial_score(pen):
    st = setup(pen, [(14, 14, 14, True), (21, 21, 13, True)], order=[1, 0])
    assert winner(st)["winner"] == 0


def test_5_10_glory_breaks_ties_before_privilege_in_the_advanced_variant(pen):
    st = setup(pen, [(15, 14, 14, True, 0), (14, 14, 15, True, 2)], order=[0, 1])
    assert winner(st)["winner"] == 1


def test_5_10_otherwise_legendary_holder_with_the_best_lowest_track_wins(pen):
    st = setup(pen, [(20, 20, 10, True), (12, 12, 12, True), (21, 21, 21, False)], order=[0, 1, 2])
    out = winner(st)
    assert out["winner"] == 1 and out["reason"] == "legendary_lowest_track"


def test_5_10_lowest_tracks_tied_compare_the_second_then_the_third(pen):
    st = setup(pen, [(10, 12, 18, True), (10, 13, 13, True)], order=[0, 1])
    assert winner(st)["winner"] == 1
    st = setup(pen, [(10, 13, 18, True), (13, 10, 17, True)], order=[1, 0])
    assert winner(st)["winner"] == 0


def test_5_10_complete_tie_glory_then_privilege(pen):
    st = setup(pen, [(10, 12, 13, True, 0), (13, 12, 10, True, 0)], order=[1, 0])
    assert winner(st)["winner"] == 1
    st.privilege = [0, 1]
    assert winner(st)["winner"] == 0
    st.players[1].glory = [1, 0, 0]
    assert winner(st)["winner"] == 1


def test_5_10_nobody_with_the_legendary_step_means_no_winner(pen):
    st = setup(pen, [(21, 21, 21, False), (14, 14, 14, False)])
    out = winner(st)
    assert out["winner"] is None and out["reason"] == "no_legendary"


def test_5_10_d3_guide_rule_anyone_with_a_marker_in_the_parchment_competes(pen):
    st = setup(pen, [(14, 5, 5, False), (13, 13, 13, False)], order=[1, 0], winner_rule="guide")
    out = winner(st)
    assert out["winner"] == 0 and out["reason"] == "guide_partial"
    st = setup(pen, [(13, 5, 5, False), (13, 13, 13, False)], winner_rule="guide")
    assert winner(st)["winner"] is None
    # legendary counts as a marker in the parchment; compare the sorted four values lowest first
    st = setup(pen, [(5, 5, 5, True), (13, 13, 14, False)], order=[0, 1], winner_rule="guide")
    assert winner(st)["winner"] == 1


def test_5_10_neutral_is_ignored_for_the_privilege_tie_break(pen):
    st = setup(pen, [(15, 14, 14, True), (14, 14, 15, True)], order=[-1, 1, 0])
    assert winner(st)["winner"] == 1


def test_5_10_game_end_reports_the_winner_in_the_outcome(pen):
    st = setup(pen, [(14, 14, 14, True), (3, 3, 3, False), (3, 3, 3, False)])
    ev = []
    st.round = st.rules.rounds
    st.finish(ev)
    assert st.is_terminal() and st.outcome()["winner"] == 0
    assert any(e.kind == "game_over" and e.seat == 0 for e in ev)
