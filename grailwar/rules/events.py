"""Events returned by ``GrailState.apply``: self-contained facts for the UI to animate.

Every event has ``visible_to``: ``("all",)`` or a tuple of faction ids; ``GrailState.events_for``
filters a list for one viewer.
"""
from __future__ import annotations

from typing import ClassVar

from tabletop.engine import Event

from tabletop.engine.quickinit import frozen_record


@frozen_record
class GrailEvent(Event):
    game: ClassVar[str] = "grailwar"


@frozen_record
class Logged(GrailEvent):
    """A log line was written (index into ``state.log``)."""
    kind: ClassVar[str] = "logged"
    index: int
    visible_to: tuple = ("all",)


@frozen_record
class Rolled(GrailEvent):
    """A die was rolled: ``die`` is the faces (100, 10, 6, 3, 2, or the list length of a
    choice); ``value`` the face shown (0-9 for table digits, the 1-based index for a choice);
    ``target`` the % needed or -1; ``result`` the picked item of a choice, the row of a table
    (else ""); ``actor`` the rolling faction id or "GM"; ``label`` the roll's label id (its
    words: ``grailwar.log.label.<label>``); ``index`` the log entry that words it
    (``logtext.render``)."""
    kind: ClassVar[str] = "rolled"
    actor: str
    label: str
    die: int
    value: int
    target: int = -1
    success: bool | None = None
    visible_to: tuple = ("all",)
    result: str = ""
    index: int = -1


@frozen_record
class PhaseStarted(GrailEvent):
    kind: ClassVar[str] = "phase"
    turn: int
    phase: str
    visible_to: tuple = ("all",)


@frozen_record
class ManaChanged(GrailEvent):
    kind: ClassVar[str] = "mana"
    faction: str
    before: int
    after: int
    reason: str
    visible_to: tuple = ("all",)


@frozen_record
class Relocated(GrailEvent):
    kind: ClassVar[str] = "relocated"
    faction: str
    origin: str
    dest: str
    visible_to: tuple = ("all",)


@frozen_record
class BattleStarted(GrailEvent):
    kind: ClassVar[str] = "battle_started"
    number: int
    cause: str
    location: str
    side_a: tuple
    side_b: tuple
    visible_to: tuple = ("all",)


@frozen_record
class SlotChosen(GrailEvent):
    """B2-B5: slot 1 picked by side A's main, slot 2 by side B's main, slot 3 drawn at random
    (``faction`` ""; a reroll draws it again)."""
    kind: ClassVar[str] = "slot_chosen"
    number: int
    slot: int
    faction: str
    param: str
    visible_to: tuple = ("all",)


@frozen_record
class Committed(GrailEvent):
    """B7: one sealed commitment (``skill:<id>``, ``np``, ``code:<id>``, ``spell_winrate``,
    ``spell_params``), visible only to the committing side."""
    kind: ClassVar[str] = "committed"
    number: int
    faction: str
    side: str
    item: str
    visible_to: tuple = ("all",)


@frozen_record
class CommitmentsRevealed(GrailEvent):
    """B7 over: every participant's commitments at once, ``((fid, (item, ...)), ...)`` in
    commitment order (side B's first), for everyone who watches the battle."""
    kind: ClassVar[str] = "commitments_revealed"
    number: int
    commitments: tuple
    visible_to: tuple = ("all",)


@frozen_record
class RateComputed(GrailEvent):
    """B6 (``final`` False: before commitments) and B8 (``final`` True): side A's win rate;
    the breakdown is in ``view_for(viewer)["battle"]`` for those who watch the battle."""
    kind: ClassVar[str] = "rate"
    number: int
    final: bool
    rate_a: int
    visible_to: tuple = ("all",)


@frozen_record
class BattleEnded(GrailEvent):
    kind: ClassVar[str] = "battle_ended"
    number: int
    winner: str          # "A" or "B"
    rate_a: int
    roll: int
    visible_to: tuple = ("all",)


@frozen_record
class Eliminated(GrailEvent):
    kind: ClassVar[str] = "eliminated"
    faction: str
    cause: str           # destroyed | vanished
    visible_to: tuple = ("all",)


@frozen_record
class GameOver(GrailEvent):
    kind: ClassVar[str] = "game_over"
    winner: str          # faction id or "none"
    reason: str
    visible_to: tuple = ("all",)
