"""``view_for(seat)``: everything a screen shows, as plain data. The Pendulum table draws only
this (plus static rules data: board spaces, card texts, production printed on the mats).

What is secret in Pendulum (rules spec 2.2, 5.3, 5.6): only the **order and contents of the
face-down decks** — the province deck, the achievement deck and the council reward deck (with
the 10 regular council cards removed unseen at set-up). The view gives their sizes only (and
the council deck's split into regular and final cards, which the set-up makes public: the
final cards are the bottom five). Everything else is open information at the table and is
the same for every viewer: workers, timers, tracks, resources, votes, tucked provinces (the
hidden octagons of a tucked card are irrelevant and never shown), the stratagem hands and
discards (each character's four stratagems are printed on known cards taken openly into
hand), the achievement and its markers, the face-up council offer and every pending choice.
``seat`` (None: the public view) is kept in the result so a screen knows whose eyes it draws
for; no field depends on it today.
"""
from __future__ import annotations

from .engine import AREAS, ROWS, SLOTS, TRACKS


def view_for(st, seat=None) -> dict:
    r = st.rules
    in_box = {}
    for p in st.players:
        for w, loc in p.workers.items():
            if loc.startswith("B:"):
                in_box.setdefault(loc[2:], []).append(w)
    spaces = []
    for sp in r.spaces.values():
        spaces.append({"id": sp.id, "area": sp.area, "row": ROWS[sp.row], "index": sp.index, "action": sp.action,
                       "frame": sp.frame, "cost": dict(sp.cost), "reward": dict(sp.effect),
                       "box": in_box.get(sp.id, [])})
    frames = [{"id": f.id, "area": f.area, "row": ROWS[f.row], "kind": f.kind, "spaces": list(f.spaces),
               "blocking": f.blocking, "workers": list(st.frame_occ[f.id])} for f in r.frames.values()]
    timers = [{"id": a, "area": a, "row": ROWS[st.timer_row[a]], "remaining": st.remaining[a],
               "duration": r.timer_seconds[a], "running": r.timed and st.remaining[a] > 0,
               "finished": (not r.timed) or st.remaining[a] <= 0} for a in AREAS]
    workers = []
    for p in st.players:
        for w, loc in p.workers.items():
            workers.append({"id": w, "seat": p.seat, "kind": "grande" if w[-2] == "g" else "common",
                            "location": loc, "on_timer_row": st.on_timer_row(loc)})
    for w, loc in st.neutral_workers.items():
        workers.append({"id": w, "seat": -1, "kind": "neutral", "location": loc, "on_timer_row": False})
    mats = []
    for p in st.players:
        mats.append({
            "seat": p.seat, "character": p.character, "advanced_variant": p.variant,
            "resources": {"military": p.res[0], "culture": p.res[1], "gold": p.res[2]}, "votes": p.votes,
            "tracks": {t: p.tracks[i] for i, t in enumerate(TRACKS)}, "legendary": p.legendary,
            "track_start": {t: p.start[i] for i, t in enumerate(TRACKS)}, "track_max": r.track_max,
            "parchment_from": r.parchment, "glory": {t: p.glory[i] for i, t in enumerate(TRACKS)},
            "production": {c: {"printed": dict(r.production[p.character][c]), "provinces": list(p.slots[c])}
                           for c in SLOTS},
            "hand": list(p.hand), "discard": list(p.discard), "keep": list(p.keep),
            "claims_this_round": p.claims, "had_legendary_token": p.had_token, "done": p.done,
            "armed": list(p.armed),
            "decision": _decision(st, p) if p.decisions else None,
            "decisions_pending": len(p.decisions),
        })
    return {
        "seat": seat, "players": len(st.players), "mode": r.mode, "round": st.round, "rounds": r.rounds,
        "phase": st.phase, "time": st.time, "board_side": r.board_side,
        "spaces": spaces, "frames": frames, "timers": timers, "purple_markers": st.markers,
        "workers": workers, "mats": mats, "privilege": list(st.privilege),
        "time_track": {"space": st.track_space, "spaces": len(r.timer_track),
                       "steps": [{"space": n, "flip": list(f), "call_council": c} for n, f, c in r.timer_track]}
        if not r.timed else None,
        "provinces": {"display": [c or None for c in st.display], "deck": len(st.province_deck)},
        "achievement": {"card": st.achievement, "markers": list(st.achievement_markers),
                        "legendary": st.legendary, "deck": len(st.achievement_deck),
                        "requires": dict(r.achievements[st.achievement]["requires"]) if st.achievement else None,
                        "reward": dict(r.achievements[st.achievement]["reward"]) if st.achievement else None},
        "council": {"offer": [c for c in st.council_offer],
                    "offer_decks": [None if not c else ("final" if c in r.council_final else "regular")
                                    for c in st.council_offer],
                    "offer_kinds": [r.cards[c]["kind"] if c else None for c in st.council_offer],
                    "grande_up": st.grande_up, "default": r.council_default,
                    "grande": r.council_grande, "deck": len(st.council_deck),
                    "deck_regular": sum(1 for c in st.council_deck if c not in r.council_final),
                    "deck_final": sum(1 for c in st.council_deck if c in r.council_final),
                    "turn": (st.real_order()[st.council_turn - 1]
                             if st.phase == "council_rewards" and st.council_turn else None)},
        "seats_to_act": st.seats_to_act(),
        "opening": [{"seat": o[0], "kind": "grande" if o[1] == "g" else "common"} for o in st.opening],
        "seat_styles": {str(x): {"id": d.id, "colour": d.colour, "letter": d.letter, "shape": d.shape,
                                 "name": {"en": d.name.en, "ja": d.name.ja}}
                        for x in list(range(len(st.players))) + ([-1] if st.neutral_workers else [])
                        for d in [r.seat_style(x)]},
        "outcome": st.outcome(),
    }


def _decision(st, p):
    d = p.decisions[0]
    return {"type": d["t"], "params": {k: v for k, v in d.items() if k != "t"},
            "options": st.decision_options(p, d)}
