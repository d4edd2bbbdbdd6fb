"""A war's log as a forum thread: ``thread(entries, t, lang)`` -> text ready to paste.

The form is the seed's forum GM posts: a heading per turn (``◎ Turn 3``), one GM post per
phase of the turn (``■ GM — A1 humans' contacts and raids``) holding that phase's lines,
each roll ending in the dice-bot line (``(1D100<=22) ＞ 83 ＞ 失敗``). ``entries`` are log
entries as ``log_for(None)`` gives them; only public entries (``visible_to`` holding
"all") are written, whatever else the list holds (a finished war opens its whole log to
every viewer; a thread shows only what the table said aloud). Pure: no pygame, no files.
"""
from __future__ import annotations

from .logtext import render

FORUM = "grailwar.forum."
PHASE = "grailwar.phase.detail."


def public(entries):
    """The entries every master heard."""
    return [e for e in entries if "all" in (e.get("visible_to") or ())]


def thread(entries, t, lang="en", seed=None):
    """The public log as forum posts, in ``lang`` through the lookup ``t``."""
    out = [t(FORUM + "title") if seed is None else t(FORUM + "title_seed", seed=seed)]
    turn = phase = None
    for e in public(entries):
        if e.get("phase") == "END":
            if turn != "END":
                out += ["", t(FORUM + "after_war")]
                turn, phase = "END", None
        elif e.get("turn") != turn:
            turn, phase = e.get("turn"), None
            out += ["", t(FORUM + "turn", turn=turn)]
        if e.get("phase") != phase:
            phase = e.get("phase")
            out += ["", t(FORUM + "post", phase=t(PHASE + str(phase)))]
        out.append(render(e, t, lang, when=False))
    out += ["", t(FORUM + "end")]
    return "\n".join(out).strip("\n") + "\n"
