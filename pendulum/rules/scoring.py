"""Game end and winner (pendulum.md 5.10), both the rulebook and the guide reading (6.1 D3)."""
from __future__ import annotations


def winner(st) -> dict:
    """``{"winner": seat|None, "reason": str, "scores": {seat: {...}}}``."""
    order = st.real_order()
    pos = {s: i for i, s in enumerate(order)}
    P = st.rules.parchment
    rule = st.rules.options["winner_rule"]
    scores = {}
    for p in st.players:
        pw, pr, po = p.tracks
        scores[p.seat] = {"power": pw, "prestige": pr, "popularity": po, "legendary": p.legendary,
                          "glory": sum(p.glory), "parchment": sum(max(0, t - (P - 1)) for t in p.tracks),
                          "in_parchment": [t >= P for t in p.tracks] + [p.legendary]}
    seats = [p.seat for p in st.players]
    full = [s for s in seats if st.players[s].legendary and min(st.players[s].tracks) >= P]
    if full:
        best = max(full, key=lambda s: (sum(st.players[s].tracks) - 3 * (P - 1), sum(st.players[s].glory), -pos[s]))
        return {"winner": best, "reason": "full_parchment", "scores": scores, "qualified": full}
    if rule == "guide":
        def values(s):
            p = st.players[s]
            return sorted([t - (P - 1) for t in p.tracks] + [1 if p.legendary else 0])
        cands = [s for s in seats if max(values(s)) >= 1]
        if not cands:
            return {"winner": None, "reason": "nobody_in_parchment", "scores": scores, "qualified": []}
        best = max(cands, key=lambda s: (values(s), sum(st.players[s].glory), -pos[s]))
        return {"winner": best, "reason": "guide_partial", "scores": scores, "qualified": cands}
    legends = [s for s in seats if st.players[s].legendary]
    if not legends:
        return {"winner": None, "reason": "no_legendary", "scores": scores, "qualified": []}
    best = max(legends, key=lambda s: (sorted(st.players[s].tracks), sum(st.players[s].glory), -pos[s]))
    return {"winner": best, "reason": "legendary_lowest_track", "scores": scores, "qualified": legends}
