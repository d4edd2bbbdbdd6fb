"""Undo by snapshot. A game pushes a snapshot before each undoable action and closes the
window when an action reveals hidden information or a random result."""
from __future__ import annotations

from typing import Any


class UndoStack:
    def __init__(self, limit: int = 50):
        self.limit = limit
        self._snapshots: list[tuple[Any, int]] = []   # (state clone, record length)

    def push(self, state, record_len: int) -> None:
        self.push_snapshot(state.clone(), record_len)

    def push_snapshot(self, snapshot, record_len: int) -> None:
        """Keep ``snapshot`` (a clone the caller already made, before the action changed the
        state) to return to with the record cut back to ``record_len`` actions."""
        self._snapshots.append((snapshot, record_len))
        del self._snapshots[:-self.limit]

    def close(self) -> None:
        """Nothing before this point may be undone (information was revealed)."""
        self._snapshots.clear()

    def can_undo(self) -> bool:
        return bool(self._snapshots)

    def pop(self):
        """Returns (state, record length to truncate to)."""
        return self._snapshots.pop()
