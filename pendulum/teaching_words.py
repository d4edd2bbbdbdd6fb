"""The teaching mode's words (pure, no pygame): one-line narration of a bot's move, short
labels of the learner's actions and of a pending choice's options, in the chosen language."""
from __future__ import annotations

import re

def describe_place(rules, place: str, lang: str, t, spaces: bool = True) -> str:
    """'Green, bottom row' for a frame or space id like ``green.bottom.large``, with the frame's
    actions when ``spaces`` (not for an action named already: 「黄の生産 — 黒（下段）」)."""
    parts = place.split(".")
    if len(parts) >= 2 and parts[0] in rules.area_names:
        area = getattr(rules.area_names[parts[0]], lang, parts[0])
        text = t(f"teach.where.{parts[1]}", area=area)
        frame = getattr(rules, "frames", {}).get(place) if spaces else None
        if frame is not None:
            text += ("：" if lang == "ja" else ": ") + " / ".join(rules.name(sid, lang) for sid in frame.spaces)
        return text
    return rules.name(place, lang)


def narrate(rules, state, seat: int, action, t, lang: str = "en", events=()) -> str:
    """One line telling what a (bot) seat just did. ``t`` translates ``teach.*`` keys;
    ``events`` (what the action returned) tell which choice a Choose answered."""
    who = rules.name(state.players[seat].character, lang)
    kind = action.kind
    if kind == "move":
        if action.to == "mat":
            return t("teach.narrate.move_mat", who=who)
        return t("teach.narrate.move", who=who, where=describe_place(rules, action.to, lang, t))
    if kind == "act":
        return t("teach.narrate.act", who=who, what=rules.name(action.space, lang))
    if kind == "play":
        return t("teach.narrate.play", who=who, what=rules.name(action.card, lang))
    if kind == "flip":
        return t("teach.narrate.flip", who=who, what=rules.name(action.timer, lang))
    if kind == "choose":
        decision = next((e.decision for e in events if getattr(e, "kind", "") == "chosen"), None)
        return t("teach.narrate.choose", who=who,
                 what=describe_option(rules, action.option, lang,
                                      decision if decision is not None else _decision(state, seat)))
    if kind in ("pickup", "claim", "refill", "done"):
        return t(f"teach.narrate.{kind}", who=who)
    return t("teach.narrate.other", who=who, what=action.to_text())


def describe_action(rules, state, action, t, lang: str = "en") -> str:
    """A short label for one of the learner's own actions (hint lists, buttons)."""
    kind = action.kind
    if kind == "move":
        if action.to == "mat":
            return t("teach.label.move_mat", worker=_worker_word(action.worker, t))
        return t("teach.label.move", worker=_worker_word(action.worker, t),
                 where=describe_place(rules, action.to, lang, t))
    if kind == "act":
        return t("teach.label.act", what=rules.name(action.space, lang),
                 where=describe_place(rules, action.space, lang, t, spaces=False))
    if kind == "play":
        return t("teach.label.play", what=rules.name(action.card, lang))
    if kind == "claim":
        return t(f"teach.label.claim_{action.take}")
    if kind == "choose":
        return describe_option(rules, action.option, lang, _decision(state, action.seat))
    return t(f"teach.label.{kind}")


def _worker_word(worker: str, t) -> str:
    return t("teach.label.grande") if worker[-2:-1] == "g" else t("teach.label.common")


def _decision(state, seat: int) -> str:
    try:
        decs = state.players[seat].decisions
        return decs[0]["t"] if decs else ""
    except (AttributeError, IndexError, KeyError, TypeError):
        return ""


_TRIPLES = {"res": ("military", "culture", "gold"), "vp": ("power", "prestige", "popularity")}


def describe_option(rules, option: str, lang: str, decision: str = "") -> str:
    """A pending choice's option (``c05``, ``1/0/1``, ``p12:red``...) in words: a split of
    resources or steps is spelt out, every known id is replaced by its name."""
    names = _TRIPLES.get(decision)
    if names and re.fullmatch(r"\d+/\d+/\d+", option):
        amounts = [int(x) for x in option.split("/")]
        if lang == "ja":             # as the table writes amounts: 功績1・人望1
            return "・".join(f"{rules.name(k, lang)}{n}" for n, k in zip(amounts, names) if n)
        return ", ".join(f"{n} {rules.name(k, lang)}" for n, k in zip(amounts, names) if n)
    parts = re.split(r"([:=>/,])", option)
    return "".join(rules.name(p, lang) if p and p not in ":=>/," else p for p in parts)
