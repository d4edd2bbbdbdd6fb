"""Property test over random legal play (hypothesis): no negative resources, workers conserved,
markers within their tracks, the legendary token at most once per seat, and from_dict(to_dict(s)) == s."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from pendulum.rules.state import PendulumState

MODES = ("timetrack", "realtime", "beginner")


# ``pen`` only holds helper functions and cached Rules, so sharing it between examples is safe.
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st_.integers(0, 10_000), players=st_.integers(2, 5), mode=st_.sampled_from(MODES),
       advanced=st_.booleans(), picks=st_.lists(st_.integers(0, 10_000), min_size=50, max_size=400))
def test_property_random_legal_play_keeps_the_invariants(pen, seed, players, mode, advanced, picks):
    rules = pen.rules(players=players, mode=mode, advanced=advanced, advanced_variant=advanced)
    st = rules.new_state(seed)
    legendary_takes = {s: 0 for s in range(players)}
    for i, pick in enumerate(picks):
        if st.is_terminal():
            break
        options = [a for s in st.seats_to_act() for a in st.legal_actions(s)]
        if not options:
            st.advance(1.0 + pick % 7)
            continue
        action = options[pick % len(options)]
        for e in st.apply(action):
            if e.kind == "achievement_claimed" and e.take == "legendary":
                legendary_takes[e.seat] += 1
        pen.check_invariants(st)
        for p in st.players:                      # workers conserved: 3 commons + 2 grandes, one swap at most
            locs = p.workers
            assert sorted(locs) == sorted(f"{p.seat}{k}" for k in ("c1", "c2", "c3", "g1", "g2"))
            gone = [w for w, loc in locs.items() if loc == "gone"]
            assert len(gone) <= 1 and all(w[-2] == "c" for w in gone)
            assert (locs[f"{p.seat}g2"] != "council") == bool(gone)
            assert p.legendary or not p.had_token
        assert all(n <= 1 for n in legendary_takes.values())
        assert list(st.achievement_markers).count(action.seat) <= 2
        if i % 25 == 0:
            back = PendulumState.from_dict(json.loads(json.dumps(st.to_dict())), rules)
            assert back == st
