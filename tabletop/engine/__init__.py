"""Engine kit shared by both games. Pure Python: never imports pygame."""
from .actions import Action, Event
from .errors import DataError, IllegalActionError, Refusal, SaveError
from .record import Record, replay
from .rng import GameRng
from .state import Rules, State
from .undo import UndoStack

__all__ = ["Action", "Event", "DataError", "IllegalActionError", "Refusal", "SaveError", "Record",
           "replay", "GameRng", "Rules", "State", "UndoStack"]
