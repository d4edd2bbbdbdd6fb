"""The conformance checks every game must pass (DESIGN.md, "Tests and benchmarks").

``check_game(rules, seeds)`` plays seeded random legal games and checks:
* legal actions are never empty for some seat before the end, and the game ends;
* every listed action is accepted; an illegal one is refused and leaves the state as it was;
* ``clone()`` is independent of the original;
* ``from_dict(to_dict(s))`` equals ``s`` (compared through ``to_dict``) at every step sampled;
* a record of the game replays to the identical state;
* action dict and text forms round-trip.
Real-time games are driven with ``advance(dt)`` when no seat has an action.
"""
from __future__ import annotations

import json
import random

from tabletop.engine import Action, IllegalActionError, Record, replay


def _canon(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True, default=str)


def random_playout(rules, seed: int, max_steps: int = 20000, dt: float = 1.0,
                   check_every: int = 25, seats_fn=None, illegal_probe=None):
    """Play one random legal game; returns (state, record)."""
    state = rules.new_state(seed)
    record = Record(game=rules.game_id, seed=seed, options=getattr(rules, "options_dict", lambda: {})())
    pick = random.Random(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal():
        assert steps < max_steps, f"seed {seed}: game did not end within {max_steps} steps"
        seats = seats_fn(state) if seats_fn else state.seats_to_act()
        options = [(seat, a) for seat in seats for a in state.legal_actions(seat)]
        if not options:
            advanced = state.advance(dt)
            assert state.time > 0 or advanced, f"seed {seed}: no legal action and time does not move"
            steps += 1
            continue
        seat, action = pick.choice(options)
        # dict and text round trips of the notation
        assert Action.from_dict(rules.game_id, action.to_dict()) == action
        assert Action.from_text(rules.game_id, action.to_text()) == action
        if steps % check_every == 0:
            before = _canon(state)
            twin = state.clone()
            state.apply(action)
            assert _canon(twin) == before, "clone() shares data with the original"
            restored = type(state).from_dict(json.loads(json.dumps(state.to_dict(), default=str)), rules)
            assert _canon(restored) == _canon(state), "from_dict(to_dict(s)) differs from s"
            if illegal_probe is not None:
                bad = illegal_probe(state)
                if bad is not None:
                    snap = _canon(state)
                    try:
                        state.apply(bad)
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"illegal action accepted: {bad.to_text()}")
                    assert _canon(state) == snap, "a refused action changed the state"
        else:
            state.apply(action)
        record.add(action, state.time if state.time else None)
        steps += 1
    record.end_time = state.time or None
    return state, record


def check_game(rules, seeds=(1, 2, 3), **kw) -> None:
    for seed in seeds:
        state, record = random_playout(rules, seed, **kw)
        assert state.is_terminal() and state.outcome() is not None
        again = replay(Record.from_json(record.to_json()), rules)
        assert _canon(again) == _canon(state), f"seed {seed}: replay differs from the live game"
