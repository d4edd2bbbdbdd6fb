"""Static display data (locations, grades, codes, parameters, factions) read from the
game's data files, so a mod that moves a location or renames it shows up on the map.

Accepts both location shapes: ``{id, ja, en, grade, map}`` (the spec) and
``{id, name: {en, ja}, grade, map}``."""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.data.plain import dump

DEFAULT_GRADES = {
    "core": {"ja": "霊脈の要", "en": "Leyline Nexus", "rest_recovery": 50, "end_of_turn_bonus": 20, "rank": 4},
    "great": {"ja": "大霊地", "en": "Great Leyline", "rest_recovery": 40, "end_of_turn_bonus": 10, "rank": 3},
    "medium": {"ja": "中霊地", "en": "Medium Leyline", "rest_recovery": 20, "end_of_turn_bonus": 0, "rank": 2},
    "small": {"ja": "小霊地", "en": "Small Leyline", "rest_recovery": 10, "end_of_turn_bonus": 0, "rank": 1},
    "none": {"ja": "なし", "en": "No leyline", "rest_recovery": 0, "end_of_turn_bonus": 0, "rank": 0},
}


def _name(entry: dict) -> dict:
    if isinstance(entry.get("name"), dict):
        n = entry["name"]
        return {"en": str(n.get("en", n.get("ja", ""))), "ja": str(n.get("ja", n.get("en", "")))}
    en = entry.get("en", entry.get("name", entry.get("id", "")))
    return {"en": str(en), "ja": str(entry.get("ja", en))}


@dataclass
class Location:
    id: str
    name: dict
    grade: str
    x: float
    y: float

    def label(self, lang: str) -> str:
        return self.name.get(lang) or self.name.get("en") or self.id


@dataclass
class StaticData:
    locations: list = field(default_factory=list)
    grades: dict = field(default_factory=dict)
    codes: dict = field(default_factory=dict)      # id -> {en, ja}
    params: list = field(default_factory=list)      # [{id, en, ja}]
    factions: dict = field(default_factory=dict)    # id -> {color}
    names: dict = field(default_factory=dict)       # skill / NP / code id -> {en, ja}
    config: dict = field(default_factory=dict)

    def location(self, lid):
        for loc in self.locations:
            if loc.id == str(lid):
                return loc
        return None

    def code_name(self, cid, lang):
        c = self.codes.get(cid)
        return (c.get(lang) or c.get("en")) if c else str(cid)

    def name_of(self, any_id, lang):
        n = self.names.get(any_id)
        return (n.get(lang) or n.get("en")) if n else None

    def param_name(self, pid, lang):
        for p in self.params:
            if p.get("id") == pid:
                return p.get(lang) or p.get("en") or pid
        return str(pid)

    def mana_cfg(self):
        m = (self.config or {}).get("mana", {}) or {}
        return {"step": int(m.get("deficit_step", 20)), "per_step": int(m.get("penalty_per_step", 10)),
                "vanish": int(m.get("vanish_below", -100)), "per_level": int(m.get("max_per_level", 3))}


def _merge_raw(raw: dict) -> StaticData:
    sd = StaticData()
    grades = raw.get("grades") or {}
    sd.grades = {g: dict(DEFAULT_GRADES.get(g, {}), **(grades.get(g) or {})) for g in
                 (list(grades) or list(DEFAULT_GRADES))}
    for g, v in DEFAULT_GRADES.items():
        sd.grades.setdefault(g, dict(v))
    locs = raw.get("locations") or []
    if isinstance(locs, dict):
        locs = [dict(v, id=k) for k, v in locs.items()]
    for e in locs:
        m = e.get("map") or {}
        sd.locations.append(Location(str(e.get("id")), _name(e), str(e.get("grade", "none")),
                                     float(m.get("x", 500)), float(m.get("y", 350))))
    for c in raw.get("mystic_codes") or []:
        sd.codes[c["id"]] = _name(c)
    sd.params = [dict(_name(p), id=p["id"]) for p in (raw.get("parameters") or [])] or \
        [{"id": p, "en": p, "ja": p} for p in ("STR", "END", "AGI", "MAG", "LUK", "NP")]
    for f in raw.get("factions") or []:
        sd.factions[f["id"]] = {"color": f.get("color", "#888888"), "master": f.get("master"), "servant": f.get("servant")}
    sd.config = raw.get("config") or {}
    for who in (raw.get("servants") or []) + (raw.get("masters") or []):
        for sk in who.get("skills") or []:
            sd.names[sk["id"]] = _name(sk)
        if isinstance(who.get("np"), dict):
            sd.names[who["np"]["id"]] = _name(who["np"])
    for cid, n in sd.codes.items():
        sd.names[cid] = n
    return sd


def _raw_from_data(data) -> dict:
    """The display data of the rules' checked data (grailwar.rules.schema.GameData, plain
    records), shaped as the data files give it."""
    return {"grades": dump(data.grades), "locations": dump(data.locations), "mystic_codes": dump(data.codes),
            "parameters": dump(data.parameters), "factions": dump(data.factions), "config": dump(data.cfg),
            "servants": dump(list(data.servants.values())), "masters": dump(list(data.masters.values()))}


def load_static(rules=None, mods=None) -> StaticData:
    """Prefer what the rules object loaded (its checked data); else the game's config files
    (``config/grailwar/*.yaml`` with the mods' overlays)."""
    raw = {}
    if rules is not None:
        data = getattr(rules, "raw_data", None) or getattr(rules, "data", None)
        if isinstance(data, dict):
            raw = data
        elif data is not None:
            try:
                raw = _raw_from_data(data)
            except AttributeError:      # not the rules' GameData: read the files below
                raw = {}
    if not raw.get("locations"):
        # imported here to save start-up time: the screen reads the files only without rules data
        from tabletop.data import load_game_files
        try:
            files = load_game_files("grailwar", mods)
            for stem, lf in files.items():
                d = lf.data
                if isinstance(d, dict):
                    for k, v in d.items():
                        raw.setdefault(k, v)
                    if stem not in d:
                        raw.setdefault(stem, d)
                elif isinstance(d, list):
                    raw.setdefault(stem, d)
        except Exception:   # noqa: BLE001 - the screen still draws from the fallback
            pass
    return _merge_raw(raw)
