"""A hands-on lesson's own starting position (pure, no pygame).

Along the course's seeded game the learner never has 4 military or an achievement they can
afford, so a lesson may carry a ``setup:`` block: it is played in a *side game* of its own and the
course's game waits, untouched, until the learner leaves the lesson.

```yaml
setup:
  seed: 7                     # optional: the side game's seed (default: the course's)
  learner: {military: 6}      # the patch: the learner's mat at the very start of the side game
  moves:                      # optional: patterns of the learner's moves while the set-up plays
  - {kind: move, worker: "*g1", to: black.bottom.3}
  until: action               # play (gentle bots for every seat) until this phase: action | council_adjust
```

The side game is a normal game of the course's rules whose new state gets the patch (the one
documented state change: the learner's ``military``/``culture``/``gold``/``votes``, each checked
here). Everything after it is rules-level actions: the set-up's moves (for the learner, the first
legal action matching one of ``moves``; otherwise the gentle bot) until the phase ``until`` is
reached with the learner to act. Those actions go into the side game's record like any other, so
undo, replay and resume rebuild the same position: ``replay(record, PatchedRules(rules, patch))``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .teaching_bots import active, gentle_bot, moves_since_done

if TYPE_CHECKING:      # the set-up's models (teaching_models.py); at run time these are plain records
    from .teaching_models import LearnerPatch, Setup

SETUP_LIMIT = 3000            # actions a set-up may take before it is called broken


class PatchedRules:
    """The course's rules whose ``new_state`` starts from the lesson's patch; everything else is
    the rules' own (so a record of the side game replays with ``replay(record, patched)``)."""

    def __init__(self, rules, patch: LearnerPatch, learner: int):
        self._rules, self._patch, self._learner = rules, patch, learner

    def __getattr__(self, name):
        return getattr(self._rules, name)

    def new_state(self, seed: int):
        state = self._rules.new_state(seed)
        apply_patch(state, self._patch, self._learner)
        return state


def apply_patch(state, patch: LearnerPatch, seat: int) -> None:
    p = state.players[seat]
    for i, key in enumerate(("military", "culture", "gold")):
        value = getattr(patch, key)
        if value is not None:
            p.res[i] = value
    if patch.votes is not None:
        p.votes = patch.votes


def reached(state, setup: Setup, learner: int) -> bool:
    """Is the set-up's position there: the phase ``until`` with the learner to act?"""
    if state.is_terminal():
        return True
    return state.phase == setup.until and any(a.kind != "resume" for a in state.legal_actions(learner))


def next_setup_action(state, setup: Setup, learner: int, seats: int, actions: list, seed: int, wanted):
    """The next action of the set-up (None once the position is reached); ``wanted(action)``
    tells whether a learner's legal action matches one of the set-up's ``moves``."""
    if reached(state, setup, learner):
        return None
    for seat in [learner] + [s for s in range(seats) if s != learner]:
        legal = active(state.legal_actions(seat))
        if not legal:
            continue
        if seat == learner and setup.moves:
            fits = [a for a in legal if wanted(a)]
            if fits:
                return fits[0]
        action = gentle_bot(state, seat, moves_since_done(actions, seat), seed=seed * 100003 + len(actions))
        if action is not None:
            return action
    return None
