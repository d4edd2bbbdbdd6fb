"""Reads the engine's ``view_for(viewer)`` dict into the small shapes the screen draws.

Only this module knows the view's field names; everything it returns comes from the view
(or from static, public data: locations, grades, code names), never from the full state.
The few helpers that touch the state directly (``own_manas``, ``public_name``,
``human_factions``) read public facts or feed the end screen, which is public by rule.
"""
from __future__ import annotations

from . import theme as T


# --- game set-up helpers --------------------------------------------------------------------
def faction_count(G):
    try:
        rules = G.make_rules({})
        n = len(getattr(rules, "data").factions)
        return n
    except Exception:   # noqa: BLE001
        return 7


def default_seed(G):
    try:
        return int(G.make_rules({}).data.cfg.game.default_seed)
    except Exception:   # noqa: BLE001
        return 20240601


def options_for(seats):
    return {"seats": list(seats)}


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
        out[fid] = f.mana
    return out


def public_name(state, fid, lang):
    """The hand-off screen names the master whose turn it is (public: players know who
    plays which master)."""
    f = (getattr(state, "fac", {}) or {}).get(fid)
    if f is None:
        return str(fid)
    m = f.master
    return f"{getattr(m, lang, None) or getattr(m, 'en', '') or fid} ({fid})"


def log_entries(state):
    return getattr(state, "log", [])


# --- view accessors ----------------------------------------------------------------------------
def _get(d, *keys, default=None):
    for k in keys:
        if isinstance(d, dict) and k in d and d[k] is not None:
            return d[k]
    return default


def _loc_name(x, lang):
    if isinstance(x, dict):
        return x.get(lang) or x.get("en") or ""
    return str(x or "")


def faction_color(static, fid):
    c = T.hex_color(static.factions.get(fid, {}).get("color", "#888888"))
    if sum(c) < 260:    # keep very dark colours visible on the dark map
        c = tuple(min(255, v + 70) for v in c)
    return c


def build(view, static, viewer, lang):
    """Normalise the view: {turn, max_turns, phase, me, rivals, known_ids, positions,
    owners, empty, log, battle, factions}."""
    view = view or {}
    vm = {"turn": _get(view, "turn", default=1), "max_turns": _get(view, "max_turns", default=20),
          "phase": _get(view, "phase", default=""), "viewer": viewer, "log": list(_get(view, "log", default=[])),
          "raw": view}
    facs = _get(view, "factions", default={})
    if isinstance(facs, list):
        facs = {f.get("id"): f for f in facs}
    vm["factions"] = facs
    # positions the viewer knows
    positions = {}
    for fid, f in facs.items():
        loc = _get(f, "location")
        if loc and (fid == viewer or _get(f, "location_known", default=True) or viewer is None):
            positions[fid] = loc
    vm["positions"] = positions
    owners = {}
    locs = _get(view, "locations", default={})
    if isinstance(locs, list):
        locs = {l.get("id"): l for l in locs}
    for lid, l in (locs or {}).items():
        o = _get(l, "owner")
        if o:
            owners[str(lid)] = o
    vm["owners"] = owners
    vm["empty"] = set(str(x) for x in (_get(view, "known_empty", default=None) or
                                       _get(facs.get(viewer, {}), "known_empty", default=[]) or []))
    vm["known_ids"] = [fid for fid, f in facs.items() if fid == viewer or _get(f, "acquainted") or fid in positions]
    vm["me"] = _me(facs.get(viewer), static, lang) if viewer else None
    vm["rivals"] = [_rival(fid, f, viewer, static, lang) for fid, f in facs.items() if fid != viewer]
    vm["battle"] = _get(view, "battle")
    vm["pending"] = _get(view, "pending", "prompt")
    vm["labels"] = {fid: _label(fid, f, lang) for fid, f in facs.items()}
    vm["winner"] = _get(view, "winner")
    vm["scores"] = _get(view, "scores", default={})
    return vm


def _label(fid, f, lang):
    if not f:
        return f"{fid} ???"
    cls = _get(f, "class", "servant_class")
    if isinstance(_get(f, "servant"), dict):
        cls = cls or _get(f["servant"], "class")
    if lang == "ja":
        cls = _get(f, "class_ja", default=None) or (_get(f["servant"], "class_ja") if isinstance(_get(f, "servant"), dict) else None) or cls
    master = _get(f, "master")
    mname = _loc_name(_get(master, "name", default=master), lang) if isinstance(master, dict) else (master or "")
    if isinstance(master, dict) and not mname:
        mname = master.get(lang) or master.get("en") or ""
    if not cls:
        return f"{fid} ???"
    return f"{fid} {cls}" + (f" — {mname}" if mname else "")


def faction_label(vm, fid, lang):
    if vm and fid in vm.get("labels", {}):
        return vm["labels"][fid]
    return f"{fid} ???"


def _me(f, static, lang):
    if not f:
        return None
    serv = _get(f, "servant", default={}) or {}
    master = _get(f, "master", default={}) or {}
    level = _get(f, "level", default=_get(serv, "level", default=0))
    mana = _get(f, "mana", default=_get(serv, "mana", default=0))
    max_mana = _get(f, "max_mana", default=_get(serv, "max_mana", default=level * 3))
    params = _get(f, "params", default=_get(serv, "params", default={})) or {}
    shown = _get(f, "shown", "shown_params", default=_get(serv, "shown", default=None))
    cfg = static.mana_cfg()
    pen = cfg["per_step"] * (max(0, -mana) // cfg["step"])
    prm = []
    for p in static.params:
        pid = p["id"]
        base = int(params.get(pid, 0))
        sh = int(shown.get(pid)) if isinstance(shown, dict) and pid in shown else max(0, base - pen)
        prm.append((pid, base, sh))
    skills = []
    for sk in (_get(master, "skills", default=[]) or []) + (_get(serv, "skills", default=[]) or []):
        if isinstance(sk, dict):
            name = sk.get(lang) or sk.get("en") or sk.get("id")
            if sk.get("rank"):
                name += f" {sk['rank']}"
            skills.append((name, not sk.get("public", False)))
        else:
            skills.append((str(sk), True))
    np = _get(serv, "np")
    np_text = ""
    if isinstance(np, dict):
        np_text = (np.get(lang) or np.get("en") or "") + (f" ({np.get('rank')})" if np.get("rank") else "")
    tn = _get(serv, "true_name")
    tn = (tn.get(lang) or tn.get("en")) if isinstance(tn, dict) else (tn or "")
    cls = _get(serv, "class", default=_get(f, "class", default="?"))
    mname = master.get(lang) or master.get("en") or master.get("id", "") if isinstance(master, dict) else str(master)
    items = _get(f, "inventory", "items", default={}) or {}
    if isinstance(items, list):
        d = {}
        for c in items:
            d[c] = d.get(c, 0) + 1
        items = d
    fid = _get(f, "id", default="?")
    return {"id": fid, "color": faction_color(static, fid),
            "title": f"{fid} {cls}" + (f" — {tn}" if tn else ""),
            "sub": f"{mname}  【魔】{_get(master, 'magic', default='?')}   Lv {level}",
            "mana": int(mana), "max_mana": int(max_mana), "penalty": pen, "params": prm, "skills": skills,
            "np": np_text, "spells": int(_get(f, "spells", default=0)), "items": items,
            "allies": list(_get(f, "allies", default=[]) or []), "location": _get(f, "location")}


def _rival(fid, f, viewer, static, lang):
    label = _label(fid, f, lang)
    bits = []
    active = _get(f, "status", default="active") == "active"
    if not active:
        bits.append("✕")
    lvl = _get(f, "level", default=_get(_get(f, "servant", default={}) or {}, "level"))
    if lvl:
        bits.append(f"Lv {lvl}")
    sh = _get(f, "shown", "params", default=None)
    if isinstance(sh, dict) and sh:
        bits.append(" ".join(f"{p}{sh.get(p)}" for p in ("STR", "END", "AGI", "MAG", "LUK", "NP") if p in sh))
    loc = _get(f, "location")
    if loc:
        l = static.location(loc)
        bits.append(f"@{loc}" + (f" {short(l.label(lang), 10)}" if l else ""))
    if _get(f, "spells") is not None and fid != viewer:
        pass
    return {"id": fid, "label": label, "color": faction_color(static, fid), "active": active,
            "detail": "  ".join(bits) if bits else "???"}


def short(text, n):
    return text if len(text) <= n else text[: n - 1] + "…"


# --- map -----------------------------------------------------------------------------------
def map_info(scene, vm):
    static = scene.static
    tokens = {}
    for fid, loc in vm.get("positions", {}).items():
        f = vm["factions"].get(fid, {})
        if _get(f, "status", default="active") != "active":
            continue
        cls = _get(f, "class") or (_get(f.get("servant"), "class") if isinstance(f.get("servant"), dict) else None)
        label = _abbr(cls) if cls else fid
        ring = T.ACCENT if fid == vm.get("viewer") else None
        tokens.setdefault(str(loc), []).append((label, faction_color(static, fid), ring))
    owners = {lid: (o, faction_color(static, o)) for lid, o in vm.get("owners", {}).items()}
    return {"tokens": tokens, "owners": owners, "empty": vm.get("empty", set())}


def _abbr(cls):
    from .mapview import CLASS_ABBR
    return CLASS_ABBR.get(cls, str(cls)[:2])


def location_tooltip(scene, lid):
    static, lang, tr = scene.static, scene.app.lang, scene.tr
    loc = static.location(lid)
    if loc is None:
        return lid
    g = static.grades.get(loc.grade, {})
    lines = [f"<b>{loc.id} {_esc(loc.name.get('ja', ''))}</b>", _esc(loc.name.get("en", "")),
             tr("tip.grade", grade=g.get(lang) or g.get("en") or loc.grade),
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
    return "<br>".join(lines)


def _esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- log -----------------------------------------------------------------------------------------
def log_line(e, lang):
    """One log entry as a dice-bot line in the chosen language."""
    if not isinstance(e, dict):
        return str(e)
    head = f"T{e.get('turn', '?')}.{e.get('phase', '')} {e.get('actor', '')}"
    kind = e.get("kind")
    if kind in ("roll", "check", "choice"):
        out = f"{head}: {e.get('label', '')} ({e.get('expr', '')}) ＞ {e.get('value')}"
        if kind == "check":
            oc = e.get("outcome_ja") if lang == "ja" else e.get("outcome")
            if oc:
                out += f" ＞ {oc}"
        elif e.get("outcome") or e.get("outcome_ja"):
            oc = (e.get("outcome_ja") or e.get("outcome")) if lang == "ja" else (e.get("outcome") or e.get("outcome_ja"))
            out += f" ＞ {oc}"
        return out
    text = e.get(lang) or e.get("en") or e.get("label") or ""
    return f"{head}: {text}"


def roll_label(e, lang):
    return f"{e.get('actor', '')}: {e.get('label', '')} ({e.get('expr', '')}) ＞ …"


# --- phases, prompts, labels ----------------------------------------------------------------------
def phase_group(phase):
    p = str(phase or "")
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
    for k in ("target", "ally", "opener", "from", "proposer", "who"):
        if k in fmt and isinstance(fmt[k], str) and fmt[k].startswith("F"):
            fmt[k] = faction_label(vm, fmt[k], scene.app.lang)
    title = scene.tr("prompt." + kind, default="", **fmt) if kind else ""
    return title or scene.tr("prompt.generic", kind=kind or "?")


def value_label(scene, field, v):
    lang = scene.app.lang
    static = scene.static
    tr = scene.tr
    if field == "kind":
        return tr("kind." + str(v), default=str(v))
    if isinstance(v, bool):
        return tr("menu.yes") if v else tr("menu.no")
    if isinstance(v, int):
        return tr("field." + field, default=field) + f": {v}"
    v = str(v)
    if v == "":
        return tr("menu.none_" + field, default=tr("menu.none"))
    if field == "act":
        return tr("act." + v, default=v)
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
    if v in ("STR", "END", "AGI", "MAG", "LUK", "NP") and field in ("choice", "slot"):
        return f"{v} {static.param_name(v, lang)}"
    for prefix in ("choice.", "mode.", "option.", "arg.", "commit.", "use."):
        s = tr(prefix + v, default="")
        if s:
            return s
    return v


def _skill_name(scene, sid):
    me = (scene.vm or {}).get("factions", {}).get(scene.viewer, {}) or {}
    for part in ("master", "servant"):
        for sk in (_get(me.get(part) or {}, "skills", default=[]) or []):
            if isinstance(sk, dict) and sk.get("id") == sid:
                return sk.get(scene.app.lang) or sk.get("en") or sid
    return sid


# --- battle ---------------------------------------------------------------------------------------
def battle_from_view(vm, static, lang, ev=None):
    b = {"no": getattr(ev, "number", "?"), "cause": getattr(ev, "cause", ""), "A": [], "B": [], "stage": "start"}
    loc = getattr(ev, "location", "")
    l = static.location(loc) if loc else None
    b["loc_name"] = f"{l.id} {l.label(lang)}" if l else ""
    for side, ids in (("A", getattr(ev, "side_a", ())), ("B", getattr(ev, "side_b", ()))):
        for i, fid in enumerate(ids):
            f = vm.get("factions", {}).get(fid, {})
            b[side].append({"id": fid, "label": faction_label(vm, fid, lang), "color": faction_color(static, fid),
                            "level": _get(f, "level", default="?"), "main": i == 0})
    update_battle(b, vm, static, lang)
    return b


def update_battle(b, vm, static, lang):
    vb = vm.get("battle")
    if not isinstance(vb, dict):
        return
    if vb.get("no") not in (None, b.get("no")):
        return
    bd = vb.get("breakdown") or {}
    for k in ("slots", "wtl", "base", "power", "level", "mod_a", "mod_b", "raw"):
        if k in bd:
            b[k] = bd[k]
    if vb.get("slots") and not bd.get("slots"):
        b["slots"] = [[p] for p in vb["slots"]]
    if "final_a" in bd and vb.get("stage") in ("final", "done", "rolled"):
        b["final_a"] = bd["final_a"]
    if vb.get("prelim") is not None:
        b["prelim"] = vb["prelim"]
    b["names"] = dict(vm.get("labels", {}))
    b["sources"] = {}
    if vb.get("stage"):
        b["stage"] = vb["stage"]


# --- end screen -------------------------------------------------------------------------------------
def end_summary(scene):
    vm = scene.vm or {}
    lang = scene.app.lang
    w = vm.get("winner") or getattr(scene.state, "winner", None)
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
    return {"headline": headline, "sub": scene.tr("end.sub", turns=vm.get("turn", "?")), "rows": rows}


RANKS = [(60, "EX"), (50, "A"), (40, "B"), (30, "C"), (20, "D"), (10, "E"), (0, "-")]


def rank(v):
    for lo, letter in RANKS:
        if v >= lo:
            return letter
    return "-"
