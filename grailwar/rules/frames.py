"""Resumable procedures: the turn flow's position as plain data.

Each step of the turn (§4-§14) is a generator ``proc(g, fr)`` registered here by name. ``fr``
is its frame: a plain dict (str, int, bool, None, lists, dicts, and immutable actions such as
an NPC's planned ``Declare``, which a save writes as their dicts) holding ``fn`` (the name),
``pc`` (where it stands), its arguments (faction ids, not objects) and every local it still
needs after a prompt. A procedure calls another through
``yield from call(g, fr, name, **args)`` (or ``enter(g, fr, {"fn": name, "pc": 0, **args})``,
the same without a generator level of its own), which keeps the callee's frame under ``fr["sub"]``
until it returns, so ``GrailState.flow`` (the war's frame) holds the whole stack.

Resuming is re-entering: ``run(g, frame)`` starts the procedure again at ``fr["pc"]``. The
rule that makes this exact: between a ``pc`` mark (or the top of a loop iteration whose
counter is in the frame) and the next ``yield`` a procedure changes nothing and draws no
dice, so re-entering only re-asks the same prompt. A saved or cloned war therefore costs the
same at turn 20 as at turn 1: its data, its frames, and no replay.
"""
from __future__ import annotations

PROCS: dict = {}


def resumable(name):
    """Register ``fn(g, fr)`` as the procedure ``name``."""
    def deco(fn):
        if name in PROCS:
            raise ValueError(f"procedure {name!r} registered twice")
        PROCS[name] = fn
        return fn
    return deco


def frame(name, **args):
    return {"fn": name, "pc": 0, **args}


def run(g, fr):
    """Run (or re-enter) the procedure of frame ``fr``; returns what it returns."""
    return PROCS[fr["fn"]](g, fr)


def call(g, fr, name, **args):
    """``res = yield from call(g, fr, "fight", ...)``: run the callee with its own frame kept
    under ``fr["sub"]``; when re-entered while the callee is under way, resume that frame
    (the arguments, recomputed, are then ignored)."""
    sub = fr.get("sub")
    if sub is None:
        sub = fr["sub"] = frame(name, **args)
    res = yield from PROCS[sub["fn"]](g, sub)
    fr.pop("sub", None)
    return res


def enter(g, fr, new=None):
    """``call`` without its own generator level (one fewer to pass through at each decision):
    the callee's generator, its frame kept under ``fr["sub"]``: ``new``, the callee's fresh frame
    written out by the caller (``{"fn": name, "pc": 0, **args}`` as one dict display: no
    keywords, no second dict), unless one is under way. The caller removes the frame as soon as
    it returns::

        res = yield from enter(g, fr, {"fn": "fight", "pc": 0, ...})
        del fr["sub"]

    or returns at once with its result (``return (yield from enter(g, fr))``: the caller's own
    frame, stale ``sub`` and all, is then removed by its caller before anything is asked)."""
    if "sub" in fr:
        new = fr["sub"]
    else:
        fr["sub"] = new
    return PROCS[new["fn"]](g, new)


TAIL = -1      # ``pc`` of a procedure that ends by running the callee in ``fr["sub"]``


def tail(fr, name, **args):
    """End the procedure of ``fr`` with the callee ``name``: ``tail(fr, ...)`` and then
    ``return (yield from call(g, fr, None))`` (the same line re-enters it at ``pc == TAIL``)."""
    fr["sub"] = {"fn": name, "pc": 0, **args}        # frame(name, **args)
    fr["pc"] = TAIL


def fids(fs):
    """Faction objects (or ids) as a list of ids, for a frame."""
    return [f if isinstance(f, str) else f.id for f in fs]
