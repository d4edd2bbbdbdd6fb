"""The Grail War log in words: ``render(entry, t, lang)`` is the one entry point screens call.

``entry`` is a log entry as ``view_for(viewer)["log"]`` gives it (or one of ``state.log``);
``t(key, **params)`` is the screen's i18n lookup (``tabletop.ui.i18n`` style); ``lang`` is
"en" or "ja". The rules never import the UI: they only receive ``t``.

An entry is ``{turn, phase, actor, kind, key, params, visible_to}``: ``actor`` is a faction
id, "GM" or "battle" (with ``battle``: its number); ``kind`` note | check | roll | choice;
``key`` an i18n key under ``grailwar.log.`` and ``params`` its placeholders. Rolls add
``expr`` (``1D100<=22``, ``D10[0-9]``, ``1D3``), ``value`` (the face), ``target`` (checks),
``outcome`` (success | failure for checks, the row or the pick otherwise), ``word`` (a check's
outcome word when it is not success/failure) and ``reroll`` (talisman | mirror).

A parameter is rendered by its shape: a string starting with ``grailwar.`` is itself a key;
``{"key", "params"}`` a key with its own parameters; ``{"fac": "F3"}`` a faction (its id,
plus its class when ``entry["names"]`` -- filled by ``view_for`` from what the viewer knows --
has it); ``{"en", "ja"}`` a name from the data; a list is joined; anything else is ``str``.
Every roll reads as the seed's dice-bot line in both languages:
``T3.A1 F1 Saber: information gathering on F3 (1D100<=22) ＞ 83 ＞ failure``."""
from __future__ import annotations

import zlib

LOG = "grailwar.log."
FLAVOUR = "grailwar.flavour."
VARIANTS = 4          # ``grailwar.flavour.<kind>.1`` .. ``.4`` in both languages


def render(entry, t, lang="en", ascii_only=False, when=True):
    """One log line in the chosen language; ``when=False`` leaves out the ``T3.A1`` stamp (the
    dice tray's caption once the die has landed)."""
    names = entry.get("names") or {}
    head = f"{_actor(entry, t, lang, names)}: "
    if when:
        ph = entry["phase"]
        head = f"T{entry['turn']}.{t(LOG + 'after_war') if ph == 'END' else ph} " + head
    text = value(entry.get("key", ""), t, lang, names, entry.get("params") or {})
    if entry.get("kind") == "note":
        return head + text
    if entry.get("reroll"):
        text += t(LOG + "reroll." + entry["reroll"])
    return head + text + " " + dicebot(entry, t, lang, ascii_only, names)


def dicebot(entry, t, lang="en", ascii_only=False, names=None):
    """The dice-bot part of a roll's line: ``(1D100<=22) ＞ 83 ＞ 失敗``."""
    gt = ">" if ascii_only else "＞"
    out = f"({entry.get('expr', '')}) {gt} {entry.get('value')}"
    oc = entry.get("outcome")
    if entry.get("kind") == "check":
        out += f" {gt} " + t(LOG + "outcome." + (entry.get("word") or oc))
    elif oc not in (None, ""):
        out += f" {gt} " + value(oc, t, lang, names if names is not None else entry.get("names") or {})
    return out


def caption(entry, t, lang="en"):
    """A roll before its die lands: who rolls for what and the dice, never the result."""
    names = entry.get("names") or {}
    text = value(entry.get("key", ""), t, lang, names, entry.get("params") or {})
    if entry.get("reroll"):
        text += t(LOG + "reroll." + entry["reroll"])
    return f"{_actor(entry, t, lang, names)}: {text} ({entry.get('expr', '')}) ＞ …"


def faction(fid, t, lang, names):
    """``F3`` or, when the viewer knows its class, ``F3 Lancer``."""
    n = names.get(fid)
    return f"{fid} {n.get(lang) or n.get('en')}" if n else str(fid)


def value(v, t, lang, names, params=None):
    """Render one parameter (or, with ``params``, the key ``v`` with them)."""
    if params is not None:
        return t(v, **{k: value(x, t, lang, names) for k, x in params.items()})
    if isinstance(v, dict):
        if "fac" in v:
            return faction(v["fac"], t, lang, names)
        if "key" in v:
            return value(v["key"], t, lang, names, v.get("params") or {})
        return str(v.get(lang) or v.get("en") or "")
    if isinstance(v, (list, tuple)):
        return t(LOG + "sep").join(value(x, t, lang, names) for x in v)
    if isinstance(v, str) and v.startswith("grailwar."):
        return t(v)
    return str(v)


def _actor(entry, t, lang, names):
    a = entry.get("actor", "GM")
    if a == "battle":
        return t(LOG + "head.battle", no=entry.get("battle", "?"))
    if a == "GM":
        return t(LOG + "head.gm")
    return faction(a, t, lang, names)


# --- GM flavour lines --------------------------------------------------------------------------
_KINDS = {"turn_begins": "turn_begins", "allied": "alliance", "unallied": "alliance_ends",
          "out_destroyed": "servant_out", "out_vanished": "servant_out", "war_over": "war_over",
          "war_over_none": "war_over", "learns_true_name": "true_name", "learns_np": "true_name",
          "retreats": "retreat", "mirror_used": "mirror", "commitments": "reveal"}
FLAVOUR_KINDS = tuple(sorted(set(_KINDS.values()) | {"raid", "battle_begins", "battle", "battle_won", "battle_lost"}))


def flavour_kind(entry, side=None):
    """Which flavour a log entry takes (None: none). ``side`` is the viewer's side in the
    battle the entry belongs to ("A"/"B", None: not in it): a won or lost battle reads so."""
    key = str(entry.get("key", ""))
    if not key.startswith(LOG) or entry.get("kind") != "note":
        return None
    k = key[len(LOG):]
    if k == "battle_begins":
        cause = str((entry.get("params") or {}).get("cause", ""))
        return "raid" if cause.endswith("cause.raid") else "battle_begins"
    if k == "side_wins":
        won = (entry.get("params") or {}).get("side")
        return "battle" if side is None else "battle_won" if won == side else "battle_lost"
    return _KINDS.get(k)


def flavour(entry, t, seed, side=None):
    """An optional GM flavour line for ``entry`` (our own words, ``grailwar.flavour.<kind>.<n>``),
    or "". The variant is chosen from the war's seed and the entry's place in the log, so a
    replay reads the same. It says nothing the decorated line does not: no names, no numbers."""
    kind = flavour_kind(entry, side)
    if kind is None:
        return ""
    n = zlib.crc32(f"{seed}:{entry.get('index', entry.get('turn'))}:{kind}".encode()) % VARIANTS + 1
    key = f"{FLAVOUR}{kind}.{n}"
    text = t(key)
    return "" if text == key else text
