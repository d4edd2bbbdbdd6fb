"""``view_for(faction)``: what one faction may see (§2.9, §16, HR-53)."""
from __future__ import annotations

from . import odds
from .schema import PARAMS


def _visible(entry, viewer, all_open):
    if all_open:
        return True
    v = entry["visible_to"]
    return "all" in v or (viewer is not None and viewer in v)


def known_names(g, viewer):
    """``{fid: {"en": class, "ja": class}}`` for the factions whose class ``viewer`` knows (its
    own, those it has met, everyone's at the end): what ``logtext`` may add to a faction id."""
    me = g.fac.get(viewer)
    out = {}
    for fid, f in g.fac.items():
        if g.view_all or fid == viewer or (me is not None and me.know[fid].acq):
            out[fid] = {"en": f.servant.cls, "ja": f.servant.class_ja}
    return out


def faction_view(g, viewer, f):
    """A faction sheet as ``viewer`` knows it (everything for itself / at game end)."""
    full = g.view_all or viewer == f.id
    k = None if full or viewer not in g.fac else g.fac[viewer].know.get(f.id)
    base = {"id": f.id, "control": f.control, "seat": f.seat, "status": f.status, "color": f.fdef.color,
            "allies": sorted(f.allies), "kills": f.kills, "spells": f.spells if full else None}
    acq = full or (k is not None and k.acq)
    locknown = full or (k is not None and k.loc) or (viewer in f.allies)
    base["location"] = f.location if locknown else None
    if not acq:
        base.update({"known": False, "class": None, "master": None, "level": None})
        return base
    pen = g.penalty(f)
    base.update({
        "known": True, "class": f.servant.cls, "class_ja": f.servant.class_ja,
        "master": {"id": f.master.id, "en": f.master.en, "ja": f.master.ja,
                   "magic": f.master.magic if full else None},
        "level": f.level,
        "params": {p: max(0, f.params[p] - pen) for p in PARAMS},
        "penalty": pen,
        "buff": f.buff if full else None,
    })
    ms = f.master.skills
    ss = f.servant.skills
    kms = None if full else k.ms
    kss = None if full else k.ss
    base["master_skills"] = [_skill(s) for s in ms if full or s.id in kms]
    base["servant_skills"] = [_skill(s) for s in ss if full or s.id in kss]
    base["true_name"] = {"en": f.servant.true_name.en, "ja": f.servant.true_name.ja} if full or k.name else None
    np_ = f.servant.np
    base["np"] = {"id": np_.id, "en": np_.en, "ja": np_.ja, "rank": np_.rank, "cost": np_.cost} if full or k.np else None
    if full:
        base.update({"mana": f.mana, "max_mana": f.max_mana, "base_params": dict(f.params),
                     "inventory": {c: n for c, n in f.inv.items() if n}, "doomed": g.doomed(f),
                     "known_empty": sorted(f.known_empty), "grudges": sorted(f.grudges),
                     "declared": f.declared.to_dict() if f.declared else None,
                     "knowledge": {t: kk.to_dict() for t, kk in f.know.items()}})
    return base


def _skill(s):
    return {"id": s.id, "en": s.en, "ja": s.ja, "rank": s.rank, "activation": s.activation, "cost": s.cost,
            "public": s.public}


def view_for(g, viewer=None):
    if viewer is not None and viewer not in g.fac:
        raise KeyError(f"unknown faction {viewer!r}")
    me = g.fac.get(viewer)
    all_open = g.view_all
    known_locs = {}
    for f in g.fac.values():
        if not f.active:
            continue
        if all_open or (me is not None and (f.id == viewer or me.know[f.id].loc or f.id in me.allies)):
            known_locs.setdefault(f.location, []).append(f.id)
    locs = []
    for l in g.data.locations:
        ws = g.workshop.get(l.id)
        locs.append({"id": l.id, "en": l.en, "ja": l.ja, "grade": l.grade, "map": {"x": l.map.x, "y": l.map.y},
                     "factions": known_locs.get(l.id, []),
                     "owner": g.loc_owner[l.id] if g.loc_owner[l.id] in known_locs.get(l.id, []) else None,
                     "known_empty": bool(me and l.id in me.known_empty),
                     "workshop": ws if ws and (all_open or (me and ws[0] == viewer)) else None})
    p = g.pending
    pending = None
    if p is not None:
        pending = p.to_dict() if (viewer == p.faction or all_open) else {"kind": "waiting", "faction": p.faction}
    return {
        "viewer": viewer, "turn": g.turn, "phase": g.phase, "max_turns": g.fc.game.max_turns,
        "winner": g.winner, "reason": g.over_reason, "scores": dict(g.scores) if g.winner else {},
        "order": g.order(), "pending": pending,
        "factions": {fid: faction_view(g, viewer, f) for fid, f in g.fac.items()},
        "locations": locs,
        "battle": battle_view(g, viewer),
        "alliances": sorted({tuple(sorted((a, b))) for a, f in g.fac.items() for b in f.allies}),
        "log": log_for(g, viewer),
        "odds": odds.for_viewer(g, viewer),      # {action text: %} for the viewer's pending decision
        "odds_estimate": odds.estimates_for_viewer(g, viewer),   # {raid text: the raider's own estimate %}
    }


def log_for(g, viewer):
    """The log entries ``viewer`` may see, each with its ``index`` in ``state.log`` and the
    class names the viewer knows (``names``, for ``logtext.render``)."""
    names = known_names(g, viewer)
    return [_for_reader(dict(e, index=i, names=names), viewer, g.view_all)
            for i, e in enumerate(g.log) if _visible(e, viewer, g.view_all)]


MANA_KEY = "grailwar.log.mana"


def _for_reader(e, viewer, view_all):
    """A mana change everyone hears of (an NPC event table's setback, say) tells the others how
    much, not the faction's mana left: that stays its own secret until the war is over."""
    if e.get("key") == MANA_KEY and not view_all and e.get("actor") != viewer and "all" in (e.get("visible_to") or ()):
        params = {k: v for k, v in (e.get("params") or {}).items() if k not in ("mana", "max")}
        return dict(e, key=MANA_KEY + "_heard", params=params)
    return e


def battle_view(g, viewer):
    """The current (or last) battle as ``viewer`` may see it, or None.

    {no, cause, location, stage, A: [fid main, subs...], B: [...], slots: [P1, P2, P3] (so far),
     witnesses, rate_a (final, once rolled), roll, winner ("A"/"B"/""), details (bool);
     with details (participants, witnesses, end of war): preliminary, breakdown — the §8.4
     dicts {slots: [[P, VA, VB, W|T|L]], wtl, base, power, level, mod_a: [[fid, source, n]],
     mod_b, raw, final_a, final_b}}
    """
    b = g.cur_battle
    if b is None:
        return None
    inside = g.view_all or "all" in b.vis or (viewer is not None and viewer in b.vis)
    out = {"no": b.no, "cause": b.cause, "location": b.loc, "stage": b.stage,
           "A": [p.f.id for p in b.A], "B": [p.f.id for p in b.B], "witnesses": list(b.witnesses),
           "slots": list(b.slots) if inside else list(b.slots[2:3]),
           "rate_a": b.rate if b.stage in ("aftermath", "done") else None,
           "roll": b.roll if b.stage in ("aftermath", "done") else None,
           "winner": b.winner, "details": inside}
    if inside:
        out["preliminary"] = b.prelim_bd
        out["breakdown"] = b.breakdown or None
    return out


def events_for(events, viewer):
    return [e for e in events if "all" in e.visible_to or viewer in e.visible_to]
