"""Reads the engine's ``view_for(viewer)`` dict into the small shapes the screen draws.

Only this module knows the view's field names; everything it returns comes from the view
(or from static, public data: locations, grades, code names), never from the full state.
The few helpers that touch the state directly (``own_manas``, ``public_name``,
``human_factions``) read public facts or feed the end screen, which is public by rule.
"""
from __future__ import annotations

import functools

from grailwar.rules.events import Rolled
from grailwar.rules.logtext import caption, render, value as log_value
from grailwar.rules.view import known_names
from tabletop.ui.i18n import Strings

from . import theme as T
from .mapview import CLASS_ABBR


# --- seats and public facts ---------------------------------------------------------------
def human_factions(state, seats):
    fac = getattr(state, "fac", None)
    if isinstance(fac, dict):
        return [f.id for f in sorted(fac.values(), key=lambda f: f.seat or 99) if f.control == "human"]
    ids = [f"F{i + 1}" for i in range(len(seats))]
    return [fid for fid, s in zip(ids, seats) if s == "human"]


def turn_of(state):
    return getattr(state, "turn", 0)


def own_manas(state):
    """Each active faction's mana as it knows it itself (for the end-screen chart)."""
    out = {}
    for fid, f in (getattr(state, "fac", {}) or {}).items():
        if f.status == "active":
            out[fid] = f.mana
    return out


def public_name(state, fid, lang):
    """The hand-off screen names the master whose turn it is (public: players know who
    plays which master)."""
    f = (getattr(state, "fac", {}) or {}).get(fid)
    if f is None:
        return str(fid)
    m = f.master
    return getattr(m, lang, None) or getattr(m, "en", "") or str(fid)


def log_entry(state, index, viewer):
    """Entry ``index`` of the log as ``viewer`` sees it (with the class names it knows, as
    ``view_for`` gives its log), or None when it is out of range."""
    log = getattr(state, "log", [])
    if not 0 <= index < len(log):
        return None
    return dict(log[index], index=index, names=known_names(state, viewer))


# --- view accessors ----------------------------------------------------------------------------
def _get(d, *keys, default=None):
    for k in keys:
        if isinstance(d, dict) and k in d and d[k] is not None:
            return d[k]
    return default


def faction_color(static, fid):
    c = T.hex_color(static.factions.get(fid, {}).get("color", "#888888"))
    if sum(c) < 260:    # keep very dark colours visible on the dark map
        c = tuple(min(255, v + 70) for v in c)
    return c


def build(view, static, viewer, lang):
    """Normalise the view: {turn, max_turns, phase, me, rivals, known_ids, positions,
    owners, empty, log, pending, labels, factions, winner, scores}."""
    view = view or {}
    vm = {"turn": view.get("turn", 1), "max_turns": view.get("max_turns", 20), "phase": view.get("phase", ""),
          "viewer": viewer, "log": list(view.get("log") or []), "raw": view}
    facs = view.get("factions") or {}
    vm["factions"] = facs
    positions, owners, empty = {}, {}, set()
    for l in view.get("locations") or []:
        lid = str(l.get("id"))
        for fid in l.get("factions") or []:
            positions[fid] = lid
        if l.get("owner"):
            owners[lid] = l["owner"]
        if l.get("known_empty"):
            empty.add(lid)
    vm["positions"], vm["owners"], vm["empty"] = positions, owners, empty
    vm["known_ids"] = [fid for fid, f in facs.items() if fid == viewer or f.get("known") or fid in positions]
    vm["me"] = _me(facs.get(viewer), static, lang) if viewer else None
    vm["rivals"] = [_rival(fid, f, viewer, static, lang) for fid, f in facs.items() if fid != viewer]
    vm["pending"] = view.get("pending")
    vm["battle"] = view.get("battle")
    vm["labels"] = {fid: _label(fid, f, lang) for fid, f in facs.items()}
    vm["winner"] = view.get("winner")
    vm["reason"] = view.get("reason")
    vm["scores"] = view.get("scores") or {}
    vm["alliances"] = view.get("alliances") or []
    vm["odds"] = view.get("odds") or {}
    vm["odds_estimate"] = view.get("odds_estimate") or {}
    return vm


def _name(d, lang):
    if isinstance(d, dict):
        return d.get(lang) or d.get("en") or d.get("id") or ""
    return str(d or "")


def _label(fid, f, lang):
    if not f or not f.get("known") or not f.get("class"):
        return f"{fid} ???"
    cls = (f.get("class_ja") if lang == "ja" else None) or f.get("class")
    m = _name(f.get("master"), lang)
    return f"{fid} {cls}" + (f" ({m})" if m else "")


def faction_label(vm, fid, lang):
    if vm and fid in vm.get("labels", {}):
        return vm["labels"][fid]
    return f"{fid} ???"


def _me(f, static, lang):
    if not f or not f.get("known"):
        return None
    mana = int(f.get("mana") or 0)
    max_mana = int(f.get("max_mana") or 0)
    base = f.get("base_params") or f.get("params") or {}
    shown = f.get("params") or {}
    prm = [(p["id"], int(base.get(p["id"], 0)), int(shown.get(p["id"], base.get(p["id"], 0)))) for p in static.params]
    skills = []
    skill_ids = [sk.get("id") for sk in (f.get("master_skills") or []) + (f.get("servant_skills") or [])]
    for sk in (f.get("master_skills") or []) + (f.get("servant_skills") or []):
        name = _name(sk, lang) + (f" {sk['rank']}" if sk.get("rank") else "")
        if sk.get("activation") == "active":
            name += f" ({sk.get('cost', 0)})"
        skills.append((name, not sk.get("public", False)))
    np = f.get("np")
    np_text = (_name(np, lang) + (f" {np.get('rank')}" if np.get("rank") else "") +
               (f" ({np.get('cost')})" if np.get("cost") else "")) if np else ""
    tn = _name(f.get("true_name"), lang)
    cls = (f.get("class_ja") if lang == "ja" else None) or f.get("class") or "?"
    m = f.get("master") or {}
    fid = f.get("id", "?")
    return {"id": fid, "color": faction_color(static, fid),
            "title": f"{fid} {cls}" + (f" — {tn}" if tn else ""),
            "sub": f"{_name(m, lang)}  " + _strings(lang).t("grailwar.gw_play.master_magic", n=m.get("magic", "?")) +
                   f"   Lv {f.get('level', '?')}",      # 【魔】30 on a Japanese screen, never on an English one
            "mana": mana, "max_mana": max_mana, "penalty": int(f.get("penalty") or 0), "params": prm,
            "skills": skills, "skill_ids": skill_ids, "np": np_text, "spells": int(f.get("spells") or 0),
            "np_name": _name(np, lang) if np else "", "np_cost": int(np.get("cost") or 0) if np else 0,
            "items": dict(f.get("inventory") or {}), "allies": list(f.get("allies") or []),
            "location": f.get("location"), "doomed": bool(f.get("doomed")), "buff": bool(f.get("buff")),
            "declared": f.get("declared")}


def _rival(fid, f, viewer, static, lang):
    active = f.get("status", "active") == "active"
    known = bool(f.get("known"))
    loc = f.get("location")
    skills = [_name(sk, lang) for sk in (f.get("master_skills") or []) + (f.get("servant_skills") or [])]
    return {"id": fid, "label": _label(fid, f, lang), "color": faction_color(static, fid), "active": active,
            "known": known, "params": dict(f.get("params") or {}) if known else {},
            "penalty": int(f.get("penalty") or 0),
            "spells": None if f.get("spells") is None else int(f.get("spells")),
            "location": loc, "ally": viewer in (f.get("allies") or []), "skills": skills,
            "true_name": _name(f.get("true_name"), lang) if f.get("true_name") else "",
            "level": f.get("level") if known else None,
            "np": _name(f.get("np"), lang) if f.get("np") else ""}


# --- map -----------------------------------------------------------------------------------
def map_info(scene, vm):
    static = scene.static
    tokens = {}
    for fid, loc in vm.get("positions", {}).items():
        f = vm["factions"].get(fid, {})
        if f.get("status", "active") != "active":
            continue
        label = _abbr(f.get("class")) if f.get("known") and f.get("class") else fid
        ring = T.ACCENT if fid == vm.get("viewer") else None
        tokens.setdefault(str(loc), []).append((label, faction_color(static, fid), ring))
    owners = {lid: (o, faction_color(static, o)) for lid, o in vm.get("owners", {}).items()}
    pos = vm.get("positions", {})
    links = [(pos[a], pos[b]) for a, b in vm.get("alliances", []) if a in pos and b in pos and pos[a] != pos[b]]
    ws = {}
    for l in (vm.get("raw") or {}).get("locations") or []:
        if l.get("workshop"):
            ws[str(l["id"])] = l["workshop"]
    return {"tokens": tokens, "owners": owners, "empty": vm.get("empty", set()), "links": links, "workshops": ws}


def _abbr(cls):
    return CLASS_ABBR.get(cls, str(cls)[:2])


def location_tooltip(scene, lid):
    static, lang, tr = scene.static, scene.app.lang, scene.tr
    loc = static.location(lid)
    if loc is None:
        return lid
    g = static.grades.get(loc.grade, {})
    own = loc.name.get(lang) or loc.name.get("en") or loc.name.get("ja", "")
    lines = [f"{loc.id} {own}"]
    if lang != "ja" and loc.name.get("ja") and loc.name["ja"] != own:
        lines.append(loc.name["ja"])           # the seed's own name under it; a Japanese screen shows only that
    lines += [tr("tip.grade", grade=g.get(lang) or g.get("en") or loc.grade),
             tr("tip.rest", n=g.get("rest_recovery", 0)), tr("tip.bonus", n=g.get("end_of_turn_bonus", 0))]
    vm = scene.vm or {}
    o = vm.get("owners", {}).get(lid)
    lines.append(tr("tip.owner", who=faction_label(vm, o, lang)) if o else tr("tip.no_owner"))
    here = [fid for fid, l in vm.get("positions", {}).items() if str(l) == lid]
    if here:
        lines.append(tr("tip.here", who=", ".join(faction_label(vm, f, lang) for f in here)))
    elif lid in vm.get("empty", set()):
        lines.append(tr("tip.empty"))
    else:
        lines.append(tr("tip.unknown"))
    return lines


# --- log -----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4)
def _strings(lang):
    return Strings(lang)


def log_line(e, lang, t=None, when=True):
    """One log entry in the chosen language through the engine's ``logtext.render``;
    ``t`` is the screen's string lookup (default: the shipped strings of ``lang``);
    ``when=False`` leaves out the ``T1.C`` stamp (a line shown outside the log)."""
    try:
        return render(e, t or _strings(lang).t, lang, when=when)
    except Exception:   # noqa: BLE001 - a malformed entry still shows something
        return str(e)


def roll_captions(e, lang, t=None):
    """The dice tray's two captions for a roll's entry: (once landed, while rolling); the
    second never tells the result."""
    t = t or _strings(lang).t
    return render(e, t, lang, when=False), caption(e, t, lang)


def opening_roll(e):
    """A ``Rolled`` for a roll of the war's opening: the engine reports the set-up as log
    entries only (no events before the first action), so the die is read off the entry."""
    expr = str(e.get("expr", ""))
    die = 100 if e.get("kind") == "check" else 10 if expr.startswith("D10[") else int(expr.partition("D")[2] or 6)
    ok = None if e.get("kind") != "check" else e.get("outcome") == "success"
    return Rolled(str(e.get("actor", "")), str(e.get("key", "")), die, int(e.get("value") or 0),
                  int(e.get("target") if e.get("target") is not None else -1), ok, tuple(e.get("visible_to", ())),
                  "", int(e.get("index", -1)))


# --- phases, prompts, labels ----------------------------------------------------------------------
def phase_group(phase):
    p = str(phase or "")
    if p == "END":
        return ""
    if p.startswith("E"):
        return "E"
    if p.startswith("D") or p.startswith("A"):
        return "A"
    if p.startswith("C"):
        return "C"
    if p.startswith("M"):
        return "M"
    return ""


def prompt_title(scene, fid):
    vm = scene.vm or {}
    pend = vm.get("pending") or {}
    if isinstance(pend, list):
        pend = next((p for p in pend if p.get("faction") == fid), pend[0] if pend else {})
    kind = pend.get("kind", "") if isinstance(pend, dict) else ""
    fmt = {k: v for k, v in (pend.items() if isinstance(pend, dict) else []) if isinstance(v, (str, int))}
    fmt.setdefault("rate", "?")
    for k in ("target", "ally", "opener", "from", "proposer", "who", "other", "leader"):
        if k in fmt and isinstance(fmt[k], str) and fmt[k].startswith("F"):
            fmt[k] = faction_label(vm, fmt[k], scene.app.lang)
    if kind == "reroll" and isinstance(fmt.get("slot3"), str):       # NP -> 宝具 / Noble Phantasm
        fmt["slot3"] = scene.static.param_name(fmt["slot3"], scene.app.lang) or fmt["slot3"]
    if kind == "reroll_check":      # the check in words, as its log line names it (never the id "info")
        fmt["label"] = check_label(scene, pend)
    if kind in OFFER_KINDS:        # an offer names what is offered (never a secret it would give away)
        title = scene.tr("gw_table.prompt." + kind, what=offered(scene, pend), **fmt)
    else:
        title = scene.tr("prompt." + kind, default="", **fmt) if kind else ""
    return title or scene.tr("prompt.generic", kind=kind or "?")


OFFER_KINDS = ("exchange_reply", "gift_reply", "proposal_reply")


def check_label(scene, pend):
    """What a check is for (``F3 Lancer: information gathering``'s words) from its log entry."""
    state = getattr(scene, "state", None)
    e = log_entry(state, int(pend.get("entry", -1)), scene.viewer) if state is not None else None
    if e is None:
        return str(pend.get("label", ""))
    return log_value(e.get("key", ""), scene.app.t, scene.app.lang, e.get("names") or {}, e.get("params") or {})


def offered(scene, pend):
    """What an offer to the viewer holds, in words: the kind of fact an exchange would tell
    (whose location, one of whose skills ... -- not the fact itself, which is the price of
    accepting), the gift (a code, n command spells), the alliance's package (who moves)."""
    kind = pend.get("kind")
    if kind == "exchange_reply":
        parts = str(pend.get("fact", "")).split(":")
        who = faction_label(scene.vm, parts[1], scene.app.lang) if len(parts) > 1 and parts[0] != "empty" else ""
        return scene.tr("gw_table.offer." + parts[0], default=scene.tr("gw_table.offer.some"), who=who)
    if kind == "gift_reply":
        gift = str(pend.get("gift", ""))
        if gift.startswith("spells:"):
            return scene.tr("gw_table.offer.spells", n=gift[7:])
        return scene.static.code_name(gift, scene.app.lang)
    return value_label(scene, "arg", pend.get("package", ""))


def value_label(scene, field, v):
    lang = scene.app.lang
    static = scene.static
    tr = scene.tr
    if field == "kind":
        return tr("kind." + str(v), default=str(v))
    if field == "primary":
        kind, val = v
        inner = {"declare": "act", "use": "use", "commit": "item", "talk": "option", "answer": "choice"}.get(kind, kind)
        if kind == "use":
            return tr("use." + str(val), default="") or tr("use.item", name=value_label(scene, "item", val))
        return value_label(scene, inner, val)
    if isinstance(v, bool):
        return tr("menu.yes") if v else tr("menu.no")
    if isinstance(v, int):
        return tr("field." + field, default=field) + f": {v}"
    v = str(v)
    if v == "":
        return tr("menu.none_" + field, default=tr("menu.none"))
    if field == "act":
        return tr("act." + v, default=v)
    if field in ("choice", "primary") and v == "decline" and pending_kind(scene) == "retreat_pay":
        return tr("gw_play.refuse_to_pay")        # "Decline" said nothing of the servant's end
    if field == "use":
        return tr("use." + v, default="") or tr("use.item", name=value_label(scene, "item", v))
    if v in static.codes:
        return static.code_name(v, lang)
    loc = static.location(v) if len(v) == 2 and v.isdigit() else None
    if loc is not None:
        return f"{loc.id} {loc.label(lang)}"
    if v.startswith("F") and v[1:].isdigit():
        return faction_label(scene.vm, v, lang)
    if v.startswith("code:") and v[5:] in static.codes:
        return static.code_name(v[5:], lang)
    if v.startswith("skill:"):
        return tr("commit.skill", name=_skill_name(scene, v[6:]))
    if field == "arg" and ":" in v:
        return fact_label(scene, v)
    if v == "np" and field == "item":
        me = (scene.vm or {}).get("factions", {}).get(scene.viewer, {}) or {}
        return tr("commit.np_named", name=_name(me.get("np"), lang)) if me.get("np") else tr("commit.np")
    if v in ("STR", "END", "AGI", "MAG", "LUK", "NP") and field in ("choice", "slot"):
        name = static.param_name(v, lang)
        return name if lang == "ja" else f"{v} {name}"     # 筋力 on a Japanese screen; STR Strength
    first = {"item": ("commit.", "use."), "option": ("option.",), "choice": ("choice.",), "arg": ("arg.",),
             "mode": ("mode.",), "use": ("use.",)}.get(field, ())
    for prefix in first + ("choice.", "mode.", "option.", "arg.", "commit.", "use."):
        s = tr(prefix + v, default="")
        if s:
            return s
    return v


def declaration_words(scene, act, target="", mode=""):
    """A declaration as the menu words it: ``Contact or raid → 04 Bulky Waste Collection Yard (Raid)``."""
    what = value_label(scene, "act", act)
    if target:
        what += " → " + value_label(scene, "target", target)
    if mode:
        what += " (" + value_label(scene, "mode", mode) + ")"
    return what


def pending_kind(scene):
    """The kind of the decision the screen's master faces ("" when none)."""
    pend = (scene.vm or {}).get("pending") or {}
    if isinstance(pend, list):
        pend = next((p for p in pend if p.get("faction") == scene.viewer), {})
    return pend.get("kind", "") if isinstance(pend, dict) else ""


def _skill_name(scene, sid):
    return scene.static.name_of(sid, scene.app.lang) or sid


def fact_label(scene, fact):
    """``loc:F3``, ``mskill:F3:id``, ``sskill:F3:id``, ``name:F3``, ``np:F3``, ``empty:07``."""
    parts = str(fact).split(":")
    kind = parts[0]
    lang = scene.app.lang
    if kind == "empty" and len(parts) > 1:
        l = scene.static.location(parts[1])
        return scene.tr("fact.empty", where=f"{parts[1]} {l.label(lang) if l else ''}")
    who = faction_label(scene.vm, parts[1], lang) if len(parts) > 1 else "?"
    if kind in ("mskill", "sskill") and len(parts) > 2:
        return scene.tr("fact.skill", who=who, name=_skill_name(scene, parts[2]))
    return scene.tr("fact." + kind, default=fact, who=who)


# --- end screen -------------------------------------------------------------------------------------
def end_summary(scene):
    vm = scene.vm or {}
    lang = scene.app.lang
    w = vm.get("winner")
    if w and w != "none":
        headline = scene.tr("end.winner", who=faction_label(vm, w, lang))
    else:
        headline = scene.tr("end.draw")
    rows = []
    for fid, f in vm.get("factions", {}).items():
        active = _get(f, "status", default="active") == "active"
        kills = _get(f, "kills", default=0)
        score = (vm.get("scores") or {}).get(fid)
        detail = scene.tr("end.row", kills=kills, status=scene.tr("end.alive") if active else scene.tr("end.out"))
        if score is not None:
            detail += "  " + scene.tr("end.score", score=score)
        rows.append({"label": faction_label(vm, fid, lang), "detail": detail, "active": active,
                     "color": faction_color(scene.static, fid)})
    reason = scene.tr("end.reason." + str(vm.get("reason") or ""), default="")
    sub = scene.tr("end.sub", turns=min(vm.get("turn", 0) or 0, vm.get("max_turns", 99) or 99))
    if reason:
        sub += "  —  " + reason
    return {"headline": headline, "sub": sub, "rows": rows}


RANKS = [(60, "EX"), (50, "A"), (40, "B"), (30, "C"), (20, "D"), (10, "E"), (0, "-")]


def rank(v):
    for lo, letter in RANKS:
        if v >= lo:
            return letter
    return "-"
