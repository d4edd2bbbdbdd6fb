"""A Pendulum game's set-up for the table: its rules, seats and seed (from the command line,
the launcher, a saved record or the teaching mode's lesson match) and the ``Match`` that plays
it -- applying, recording, undoing and autosaving every action."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from pendulum.game import make_rules
from tabletop.engine import Record, replay
from tabletop.engine.match import Match


@dataclass
class Opening:
    rules: object
    seats: list
    seed: int
    record: Record | None
    match: Match | None = None        # the caller's Match (the lesson's), else made by ``start``
    replayed: list = field(default_factory=list)      # a loaded game's events, for its log


def open_game(app, seats=None, mode=None, seed=None, record: Record | None = None,
              options: dict | None = None, match=None) -> Opening:
    """The rules, seats and seed of the game to show: ``match``'s, a saved ``record``'s, or a
    new game's (``seats`` default: one human and two bots; ``mode``: realtime when not given).
    Raises ValueError (in the chosen language) for fewer than 2 or more than 5 seats."""
    if match is not None:
        rules, record = match.rules, match.record
        seats = list(record.seats) or list(seats or [])
        seed = record.seed
    elif record is not None:
        seats = list(record.seats) or seats
        seed = record.seed
        rules = make_rules(dict(record.options), mods=getattr(app, "mods", None))
    else:
        seats = list(seats or ["human", "bot", "bot"])
        opts = dict(options or {})
        opts.setdefault("mode", mode or "realtime")
        opts["players"] = len(seats)
        rules = make_rules(opts, mods=getattr(app, "mods", None))
    if not 2 <= len(seats) <= 5:
        raise ValueError(app.t("pendulum.error.seats", n=len(seats)))
    seed = int(seed if seed is not None else (int(time.time() * 1000) % 1_000_000))
    return Opening(rules, seats, seed, record, match)


def start(opening: Opening, app, autosave: bool, undoable) -> Match:
    """The Match that plays ``opening``: the caller's, else a new game's or the saved record's
    replayed (its events kept in ``opening.replayed`` for the log). ``undoable(action)``: may
    that action be taken back."""
    if opening.match is not None:
        return opening.match
    rules, record = opening.rules, opening.record
    if record is None:
        record = Record(game="pendulum", seed=opening.seed, options=rules.options_dict(),
                        seats=list(opening.seats), mods=list(getattr(app, "mods", []) or []))
        state = rules.new_state(opening.seed)
    else:
        state = replay(record, rules, on_events=opening.replayed.extend)    # the log is rebuilt from them
    return Match(rules, state, seed=opening.seed, record=record, autosave=autosave, undoable=undoable)
