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

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine import Action, Event
from tabletop.engine.quickinit import quick_init


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


@dataclass(frozen=True)
class Move(PAction):
    kind: ClassVar[str] = "move"
    seat: int
    worker: str
    to: str


@dataclass(frozen=True)
class Act(PAction):
    kind: ClassVar[str] = "act"
    seat: int
    worker: str
    space: str


@dataclass(frozen=True)
class Flip(PAction):
    kind: ClassVar[str] = "flip"
    seat: int
    timer: str


@dataclass(frozen=True)
class Play(PAction):
    kind: ClassVar[str] = "play"
    seat: int
    card: str
    pay: str = ""


@dataclass(frozen=True)
class Pickup(PAction):
    kind: ClassVar[str] = "pickup"
    seat: int


@dataclass(frozen=True)
class Claim(PAction):
    kind: ClassVar[str] = "claim"
    seat: int
    take: str


@dataclass(frozen=True)
class Refill(PAction):
    kind: ClassVar[str] = "refill"
    seat: int


@dataclass(frozen=True)
class Choose(PAction):
    kind: ClassVar[str] = "choose"
    seat: int
    option: str


@dataclass(frozen=True)
class Done(PAction):
    kind: ClassVar[str] = "done"
    seat: int
    last: bool = False        # "done, but I act last" (4.6 step 3; called-council window only)


@dataclass(frozen=True)
class Resume(PAction):
    kind: ClassVar[str] = "resume"
    seat: int                 # withdraw "done" while the window is open (4.6 step 1)


ACTION_KINDS = ("move", "act", "flip", "play", "pickup", "claim", "refill", "choose", "done", "resume")


# --- events -------------------------------------------------------------------------------
# Every change produces one event. ``seat`` is -1 for table-wide facts.

@dataclass(frozen=True)
class WorkerMoved(PEvent):
    kind: ClassVar[str] = "worker_moved"
    seat: int
    worker: str
    frm: str          # "mat", "reserve", "council", "gone", "F:<frame>", "B:<space>"
    to: str


@dataclass(frozen=True)
class WorkerActed(PEvent):
    kind: ClassVar[str] = "worker_acted"
    seat: int
    worker: str
    space: str


@dataclass(frozen=True)
class Paid(PEvent):
    kind: ClassVar[str] = "paid"
    seat: int
    what: str         # e.g. "gold=2" or "power_vp=2"


@dataclass(frozen=True)
class Gained(PEvent):
    kind: ClassVar[str] = "gained"
    seat: int
    what: str         # e.g. "military=4" (after caps), "legendary_vp=1", "glory_power=1"


@dataclass(frozen=True)
class TimerFlipped(PEvent):
    kind: ClassVar[str] = "timer_flipped"
    seat: int         # who flipped (-1: the time track / restart)
    timer: str
    row: str          # the row it arrived on
    markers_left: int


@dataclass(frozen=True)
class TimerFinished(PEvent):
    kind: ClassVar[str] = "timer_finished"
    seat: int
    timer: str


@dataclass(frozen=True)
class TimeTokenMoved(PEvent):
    kind: ClassVar[str] = "time_token_moved"
    seat: int
    space: int


@dataclass(frozen=True)
class PhaseChanged(PEvent):
    kind: ClassVar[str] = "phase_changed"
    seat: int
    phase: str
    round: int


@dataclass(frozen=True)
class StratagemPlayed(PEvent):
    kind: ClassVar[str] = "stratagem_played"
    seat: int
    card: str


@dataclass(frozen=True)
class StratagemsPickedUp(PEvent):
    kind: ClassVar[str] = "stratagems_picked_up"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ProvinceTaken(PEvent):
    kind: ClassVar[str] = "province_taken"
    seat: int
    card: str
    frm: str          # "display:<i>" or "deck"
    slot: str


@dataclass(frozen=True)
class ProvinceDisplayChanged(PEvent):
    kind: ClassVar[str] = "province_display_changed"
    seat: int
    display: tuple[str, ...]      # "" for an empty spot


@dataclass(frozen=True)
class ProvinceRemoved(PEvent):
    kind: ClassVar[str] = "province_removed"
    seat: int
    card: str
    slot: str


@dataclass(frozen=True)
class AchievementClaimed(PEvent):
    kind: ClassVar[str] = "achievement_claimed"
    seat: int
    card: str
    take: str


@dataclass(frozen=True)
class AchievementRevealed(PEvent):
    kind: ClassVar[str] = "achievement_revealed"
    seat: int
    card: str
    legendary_on_card: bool


@dataclass(frozen=True)
class DecisionOpened(PEvent):
    kind: ClassVar[str] = "decision_opened"
    seat: int
    decision: str


@dataclass(frozen=True)
class Chosen(PEvent):
    kind: ClassVar[str] = "chosen"
    seat: int
    decision: str
    option: str


@dataclass(frozen=True)
class DeclaredDone(PEvent):
    kind: ClassVar[str] = "declared_done"
    seat: int


@dataclass(frozen=True)
class ResumedPlay(PEvent):
    kind: ClassVar[str] = "resumed_play"
    seat: int


@dataclass(frozen=True)
class PrivilegeOrdered(PEvent):
    kind: ClassVar[str] = "privilege_ordered"
    seat: int
    order: tuple[int, ...]        # best first; -1 = neutral
    votes: tuple[int, ...]        # votes of each entry in ``order``


@dataclass(frozen=True)
class CouncilRewardTaken(PEvent):
    kind: ClassVar[str] = "council_reward_taken"
    seat: int
    card: str


@dataclass(frozen=True)
class CouncilDealt(PEvent):
    kind: ClassVar[str] = "council_dealt"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Armed(PEvent):
    kind: ClassVar[str] = "armed"
    seat: int
    modifier: str


@dataclass(frozen=True)
class RequestRefused(PEvent):
    kind: ClassVar[str] = "request_refused"
    seat: int
    action: str
    rule: str
    message: str
    key: str = ""              # the refusal's i18n key and parameters (pairs), for the screens
    params: tuple = ()


@dataclass(frozen=True)
class RequestApplied(PEvent):
    """A real-time request left the 4.8 window and was applied (record it: ``Action.from_text``)."""
    kind: ClassVar[str] = "request_applied"
    seat: int
    action: str
    time: float


@dataclass(frozen=True)
class GameOver(PEvent):
    kind: ClassVar[str] = "game_over"
    seat: int          # the winner, -1 if nobody wins
    reason: str


# --- speed: one-step constructors (tabletop.engine.quickinit): the bots make actions on every move
for _cls in PAction.__subclasses__() + PEvent.__subclasses__():
    quick_init(_cls)
del _cls
