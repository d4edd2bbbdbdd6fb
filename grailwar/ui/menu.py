"""Turns the engine's list of legal actions into a step-by-step menu: at each step the
first field whose value still differs among the remaining actions becomes the question,
and every distinct value one choice. The menu can therefore only offer legal choices."""
from __future__ import annotations

import dataclasses

SKIP_FIELDS = ("faction",)
# when several kinds of action are open at once (a declaration or a free use), the first
# question merges the kind with its main field: "Rest", "Move", ..., "Use: Magic Jewel"
PRIMARY = {"declare": "act", "use": "item", "commit": "item", "talk": "option", "answer": "choice"}


def _fields(action):
    return [f.name for f in dataclasses.fields(action) if f.name not in SKIP_FIELDS]


class ActionTree:
    def __init__(self, actions):
        self.all = list(actions)
        self.path: list[tuple[str, object]] = []     # (field, value) chosen so far

    @property
    def remaining(self):
        out = self.all
        for field, value in self.path:
            out = [a for a in out if _value(a, field) == value]
        return out

    def question(self):
        """(field, [values in first-seen order]) or None when one action is left."""
        rem = self.remaining
        if len(rem) <= 1:
            return None
        kinds = []
        for a in rem:
            if a.kind not in kinds:
                kinds.append(a.kind)
        if len(kinds) > 1:
            vals = []
            for a in rem:
                v = _value(a, "primary")
                if v not in vals:
                    vals.append(v)
            return "primary", vals
        used = {f for f, _ in self.path}
        if "primary" in used:
            used.add(PRIMARY.get(rem[0].kind, ""))
        for name in _fields(rem[0]):
            vals = []
            for a in rem:
                v = getattr(a, name, None)
                if v not in vals:
                    vals.append(v)
            if len(vals) > 1:
                return name, vals
        return None

    def choose(self, field, value):
        self.path.append((field, value))
        return self.result()

    def back(self):
        if self.path:
            self.path.pop()

    def actions_with(self, field, value):
        """The remaining actions a choice of ``value`` for ``field`` leads to."""
        return [a for a in self.remaining if _value(a, field) == value]

    def result(self):
        rem = self.remaining
        return rem[0] if len(rem) == 1 or (rem and self.question() is None) else None


def _value(action, field):
    if field == "kind":
        return action.kind
    if field == "primary":
        return (action.kind, getattr(action, PRIMARY.get(action.kind, "kind"), None))
    return getattr(action, field, None)
