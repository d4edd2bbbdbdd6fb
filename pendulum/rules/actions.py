"""Pendulum actions and events (frozen dataclasses; dict/text round trips from tabletop.engine).

Actions (``seat`` is always the acting seat, 0..P-1):

* ``Move(seat, worker, to)``      worker (id like ``"0c1"``) to a gold frame id or ``"mat"`` (4.4 rule 1)
* ``Act(seat, worker, space)``    worker in a frame on its timer row moves into the reward box ``space``,
                                  pays the cost and gains the reward (4.4 rule 2, 4.5)
* ``Flip(seat, timer)``           real-time: flip a finished timer (``"black"|"green"|"purple"``)
* ``Play(seat, card, pay)``       play a stratagem from hand; ``pay`` is ``"m/c/g"`` for wild costs, else ``""``
* ``Pickup(seat)``                pay 5 culture, all discarded stratagems return to hand
* ``Claim(seat, take)``           claim the achievement; ``take`` is ``"legendary"`` or ``"reward"``
* ``Refill(seat)``                fill the empty province display spots from the deck
* ``Choose(seat, option)``        resolve the seat's pending decision (options listed by legal_actions)
* ``Done(seat, last=False)``      declare done (time-track step, called-council window, worker adjustment;
                                  in real-time play: "waiting" until the next timer runs out or is flipped);
                                  ``last=True`` in the called-council window: done, but act last (4.6)
* ``Resume(seat)``                withdraw done while the window is open (4.6 step 1)
"""
from __future__ import annotations

from typing import ClassVar

from tabletop.engine import Action, Event
from tabletop.engine.quickinit import frozen_record


class _CachedFields:
    """The field list of each class is computed once (``typing.get_type_hints`` is slow)."""

    @classmethod
    def _fields(cls):
        got = cls.__dict__.get("_fields_cache")
        if got is None:
            got = super()._fields()
            cls._fields_cache = got
        return got


class PAction(_CachedFields, Action):
    game: ClassVar[str] = "pendulum"


class PEvent(_CachedFields, Event):
    game: ClassVar[str] = "pendulum"


@frozen_record
class Move(PAction):
    kind: ClassVar[str] = "move"
    seat: int
    worker: str
    to: str


@frozen_record
class Act(PAction):
    kind: ClassVar[str] = "act"
    seat: int
    worker: str
    space: str


@frozen_record
class Flip(PAction):
    kind: ClassVar[str] = "flip"
    seat: int
    timer: str


@frozen_record
class Play(PAction):
    kind: ClassVar[str] = "play"
    seat: int
    card: str
    pay: str = ""


@frozen_record
class Pickup(PAction):
    kind: ClassVar[str] = "pickup"
    seat: int


@frozen_record
class Claim(PAction):
    kind: ClassVar[str] = "claim"
    seat: int
    take: str


@frozen_record
class Refill(PAction):
    kind: ClassVar[str] = "refill"
    seat: int


@frozen_record
class Choose(PAction):
    kind: ClassVar[str] = "choose"
    seat: int
    option: str


@frozen_record
class Done(PAction):
    kind: ClassVar[str] = "done"
    seat: int
    last: bool = False        # "done, but I act last" (4.6 step 3; called-council window only)


@frozen_record
class Resume(PAction):
    kind: ClassVar[str] = "resume"
    seat: int                 # withdraw "done" while the window is open (4.6 step 1)


ACTION_KINDS = ("move", "act", "flip", "play", "pickup", "claim", "refill", "choose", "done", "resume")


# --- events -------------------------------------------------------------------------------
# Every change produces one event. ``seat`` is -1 for table-wide facts.

@frozen_record
class WorkerMoved(PEvent):
    kind: ClassVar[str] = "worker_moved"
    seat: int
    worker: str
    frm: str          # "mat", "reserve", "council", "gone", "F:<frame>", "B:<space>"
    to: str


@frozen_record
class WorkerActed(PEvent):
    kind: ClassVar[str] = "worker_acted"
    seat: int
    worker: str
    space: str


@frozen_record
class Paid(PEvent):
    kind: ClassVar[str] = "paid"
    seat: int
    what: str         # e.g. "gold=2" or "power_vp=2"


@frozen_record
class Gained(PEvent):
    kind: ClassVar[str] = "gained"
    seat: int
    what: str         # e.g. "military=4" (after caps), "legendary_vp=1", "glory_power=1"


@frozen_record
class TimerFlipped(PEvent):
    kind: ClassVar[str] = "timer_flipped"
    seat: int         # who flipped (-1: the time track / restart)
    timer: str
    row: str          # the row it arrived on
    markers_left: int


@frozen_record
class TimerFinished(PEvent):
    kind: ClassVar[str] = "timer_finished"
    seat: int
    timer: str


@frozen_record
class TimeTokenMoved(PEvent):
    kind: ClassVar[str] = "time_token_moved"
    seat: int
    space: int


@frozen_record
class PhaseChanged(PEvent):
    kind: ClassVar[str] = "phase_changed"
    seat: int
    phase: str
    round: int


@frozen_record
class StratagemPlayed(PEvent):
    kind: ClassVar[str] = "stratagem_played"
    seat: int
    card: str


@frozen_record
class StratagemsPickedUp(PEvent):
    kind: ClassVar[str] = "stratagems_picked_up"
    seat: int
    cards: tuple[str, ...]


@frozen_record
class ProvinceTaken(PEvent):
    kind: ClassVar[str] = "province_taken"
    seat: int
    card: str
    frm: str          # "display:<i>" or "deck"
    slot: str


@frozen_record
class ProvinceDisplayChanged(PEvent):
    kind: ClassVar[str] = "province_display_changed"
    seat: int
    display: tuple[str, ...]      # "" for an empty spot


@frozen_record
class ProvinceRemoved(PEvent):
    kind: ClassVar[str] = "province_removed"
    seat: int
    card: str
    slot: str


@frozen_record
class AchievementClaimed(PEvent):
    kind: ClassVar[str] = "achievement_claimed"
    seat: int
    card: str
    take: str


@frozen_record
class AchievementRevealed(PEvent):
    kind: ClassVar[str] = "achievement_revealed"
    seat: int
    card: str
    legendary_on_card: bool


@frozen_record
class DecisionOpened(PEvent):
    kind: ClassVar[str] = "decision_opened"
    seat: int
    decision: str


@frozen_record
class Chosen(PEvent):
    kind: ClassVar[str] = "chosen"
    seat: int
    decision: str
    option: str


@frozen_record
class DeclaredDone(PEvent):
    kind: ClassVar[str] = "declared_done"
    seat: int


@frozen_record
class ResumedPlay(PEvent):
    kind: ClassVar[str] = "resumed_play"
    seat: int


@frozen_record
class PrivilegeOrdered(PEvent):
    kind: ClassVar[str] = "privilege_ordered"
    seat: int
    order: tuple[int, ...]        # best first; -1 = neutral
    votes: tuple[int, ...]        # votes of each entry in ``order``


@frozen_record
class CouncilRewardTaken(PEvent):
    kind: ClassVar[str] = "council_reward_taken"
    seat: int
    card: str


@frozen_record
class CouncilDealt(PEvent):
    kind: ClassVar[str] = "council_dealt"
    seat: int
    cards: tuple[str, ...]


@frozen_record
class Armed(PEvent):
    kind: ClassVar[str] = "armed"
    seat: int
    modifier: str


@frozen_record
class RequestRefused(PEvent):
    kind: ClassVar[str] = "request_refused"
    seat: int
    action: str
    rule: str
    message: str
    key: str = ""              # the refusal's i18n key and parameters (pairs), for the screens
    params: tuple = ()


@frozen_record
class RequestApplied(PEvent):
    """A real-time request left the 4.8 window and was applied (record it: ``Action.from_text``)."""
    kind: ClassVar[str] = "request_applied"
    seat: int
    action: str
    time: float


@frozen_record
class GameOver(PEvent):
    kind: ClassVar[str] = "game_over"
    seat: int          # the winner, -1 if nobody wins
    reason: str

