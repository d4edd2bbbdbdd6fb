"""A war's set-up for the screen: the seats, seed and options (from the command line, the
set-up screen or a saved record) and the ``Match`` that plays it -- applying, recording and
autosaving every action (the bench plays without saving)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from grailwar import game as G
from tabletop.engine import Record, replay
from tabletop.engine.match import Match


@dataclass
class War:
    seats: list
    seed: int
    options: dict
    rules: object
    match: Match
    resumed: bool          # from a saved record (its log is shown at once, no dice thrown)


def faction_count():
    try:
        return len(G.make_rules({}).data.factions)
    except Exception:   # noqa: BLE001 - broken data: the usual seven
        return 7


def default_seed():
    try:
        return int(G.make_rules({}).data.cfg.game.default_seed)
    except Exception:   # noqa: BLE001
        return 20240601


def fresh_seed() -> int:
    """A new war's seed from the clock (the log's first line shows it; ``--seed`` replays it)."""
    return time.time_ns() // 1000 % 1_000_000_000


def open_war(mods=None, seats=None, seed=None, record=None, bench=False, factions=None) -> War:
    """A new war (``seats`` "human"/"npc" per faction, default one human against NPCs of
    ``factions`` factions, all of them by default; a fresh seed from the clock unless one is
    given) or the war of ``record`` replayed to where it stopped. The bench plays the data's
    default seed, so its figures compare."""
    if record is not None:
        seats = list(record.seats) or seats
        seed = record.seed
    if isinstance(seats, str):
        seats = seats.split(",")
    seats = [s.strip() for s in (seats or ["human"] + ["npc"] * ((factions or faction_count()) - 1))]
    if bench:
        seats = ["npc"] * len(seats)
    if seed is None:
        seed = default_seed() if bench else fresh_seed()
    options = dict(record.options) if record is not None and record.options else {"seats": list(seats)}
    rules = G.make_rules(options, mods=mods or None)
    if record is None:
        state = None
        record = Record(game="grailwar", seed=seed, options=options, seats=list(seats), mods=list(mods or []))
        resumed = False
    else:
        state = replay(record, rules)
        resumed = True
    return War(seats, seed, options, rules, Match(rules, state, seed=seed, record=record, autosave=not bench),
               resumed)
