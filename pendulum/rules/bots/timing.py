"""Human-like timing of bots in real-time play (spec 4.2: any player may flip a finished timer, leaving it
standing is legal).

* A reaction time per level, drawn (seeded) for each reaction: after its own action before the next, after
  a timer moved to another row before acting on it, and after a timer ran out before flipping it. The
  ranges below are for the default ``bot_reaction_delay`` of 1.5 s (options.yaml); another value scales
  them.
* A reason to flip or to leave a finished timer (``flip_stake``): a flip frees this seat's workers stuck
  in reward boxes on the timer's row and brings the timer to its workers waiting in frames on the other
  row; it costs the actions of its workers still able to act on the timer's row. A bot flips after its
  reaction when it gains; when it gains nothing it leaves the timer ``FLIP_PATIENCE`` seconds (a person
  may flip it meanwhile), when it would lose it holds it up to ``FLIP_HOLD`` seconds.

Every draw depends only on the seed, the seat and the moment it is about (never on how often a bot was
asked), so a game is the same whatever step the simulator or the screen advances time by.
"""
from __future__ import annotations

import random

REACTION = {"easy": (1.5, 3.0), "standard": (0.8, 1.5), "hard": (0.4, 0.8), "random": (0.8, 1.5)}
DEFAULT_DELAY = 1.5      # the bot_reaction_delay the ranges are written for
FLIP_PATIENCE = 8.0      # seconds a bot leaves a finished timer that it gains nothing from flipping
FLIP_HOLD = 30.0         # ... that it would lose actions by flipping


def reaction_range(kind: str, delay: float) -> tuple[float, float]:
    lo, hi = REACTION.get(kind, REACTION["standard"])
    scale = delay / DEFAULT_DELAY
    return lo * scale, hi * scale


def draw(seed: int, seat: int, what: int, moment: float, lo: float, hi: float) -> float:
    """A reaction in ``[lo, hi]`` seconds for ``seat`` to the event ``what`` at engine time ``moment``."""
    key = (int(seed) * 1_000_003 + seat * 7919 + what * 104_729) ^ int(round(moment * 1000))
    return round(lo + (hi - lo) * random.Random(key).random(), 3)


def flip_stake(st, p, area) -> tuple[int, int]:
    """``(gain, loss)`` in workers of ``p`` if the finished timer of ``area`` is flipped now."""
    row = st.timer_row[area]
    rules = st.rules
    gain = loss = 0
    for w, loc in p.workers.items():
        ar = rules.loc_row.get(loc)
        if ar is None or ar[0] != area:
            continue
        if ar[1] != row:
            gain += loc[:2] == "F:"                  # waiting in a frame for this timer
        elif loc[:2] == "B:":
            gain += 1                                # stuck in a box until the timer leaves
        elif any(st.can_pay(p, st.act_cost(p, rules.spaces[sid])) for sid in rules.frames[loc[2:]].spaces):
            loss += 1                                # could still act here
        else:
            gain += 1                                # cannot pay: stuck in the frame
    return gain, loss


def flip_wait(gain: int, loss: int, reaction: float, scale: float) -> float:
    """Seconds after the timer ran out that a bot with this stake flips it."""
    if gain > loss:
        return reaction
    if loss:
        return FLIP_HOLD * scale + reaction
    return FLIP_PATIENCE * scale + reaction
