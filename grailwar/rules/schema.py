"""Holy Grail War data (config/grailwar/*.yaml): the validated files of a mod list as one
:class:`GameData` of plain records (tabletop/data/plain.py).

``load_data(mods)`` returns it or raises ``DataError`` listing ``file:line: dotted.field:
message`` for every problem, with "did you mean" hints. The files are checked by
data_checks.py (pydantic models of each file, then cross-references) only when the
validated-rules cache (tabletop/data/rulescache.py) has no entry for exactly these files and
this code; a cache hit imports no pydantic.
"""
from __future__ import annotations

from pathlib import Path

from tabletop.data import rulescache

PARAMS = ("STR", "END", "AGI", "MAG", "LUK", "NP")
EFFECT_TYPES = ("winrate", "param", "info_bonus", "info_defense", "craft_bonus", "unlock_special_codes",
                "rest_bonus", "upkeep", "soul_eat_concealment", "escape", "spell_boost", "alliance_charm",
                "start_items")
WHEN_VALUES = ("always", "attacking", "defending", "at_own_base", "as_main", "at_leyline",
               "slot:STR", "slot:END", "slot:AGI", "slot:MAG", "slot:LUK", "slot:NP")


_HERE = Path(__file__).resolve().parent
# the modules that read and check the files: an edit to any of them makes every entry stale
CODE = [_HERE / "schema.py", _HERE / "data_checks.py"]


class GameData:
    """All validated data in one object (plain attribute access for the engine)."""

    def __init__(self, files: dict):
        r = files["rules"]
        self.meta = r.meta
        self.cfg = r.config
        self.grades = r.grades
        self.parameters = r.parameters
        self.rank_display = r.rank_display
        self.actions = r.actions
        self.command_spells = r.command_spells
        self.locations = files["locations"].locations
        self.loc = {l.id: l for l in self.locations}
        self.loc_ids = [l.id for l in self.locations]
        self.tables = files["events"].event_tables
        self.codes = files["codes"].mystic_codes
        self.code = {c.id: c for c in self.codes}
        self.code_ids = [c.id for c in self.codes]
        ch = files["characters"]
        self.servants = {s.id: s for s in ch.servants}
        self.masters = {m.id: m for m in ch.masters}
        self.factions = ch.factions
        # table digit -> entry maps
        self.table_map = {}
        for name, table in self.tables.items():
            m = {}
            for e in table.entries:
                for v in e.rolls:
                    m[v] = e
            self.table_map[name] = m


def _validated(mods, config_dir=None) -> dict:
    # imported here to save start-up time: the checks need pydantic, a cache hit does not
    from .data_checks import validated_files
    return validated_files(mods, config_dir)


def load_data(mods=None, config_dir=None) -> GameData:
    """The checked data of ``mods`` (or of another ``config_dir``, never cached)."""
    if config_dir:
        return GameData(_validated(mods, config_dir))
    return GameData(rulescache.load("grailwar", list(mods or ()), lambda: _validated(mods), code=CODE))


def json_schemas() -> dict:
    """``{file stem: JSON Schema}`` of every data file (docs/schema/, for modders' editors)."""
    # imported here to save start-up time: only the schema export needs pydantic
    from tabletop.data.schema import model_schemas

    from .data_checks import FILES
    return model_schemas("grailwar", FILES)


if __name__ == "__main__":      # python -m grailwar.rules.schema  → docs/schema/grailwar-*.schema.json
    from tabletop.data.schema import write_model_schemas

    from .data_checks import FILES
    for path in write_model_schemas("grailwar", FILES):
        print(path)
