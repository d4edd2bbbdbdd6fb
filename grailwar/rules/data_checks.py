"""The shapes of the Holy Grail War data files (config/grailwar/*.yaml) as pydantic models,
plus the cross-reference checks of the second loading phase. schema.py asks here only when
the validated-rules cache has no entry (a changed file, a new mod list)."""
from __future__ import annotations

from typing import Literal, Optional, Union

import pydantic
from pydantic import Field

from tabletop.data import (DataError, StrictModel, check_ref, check_unique, did_you_mean, load_game_files, validate,
                           where)
from tabletop.data.plain import freeze

from .schema import EFFECT_TYPES, PARAMS, WHEN_VALUES


# --- rules.yaml -----------------------------------------------------------------------
class Meta(StrictModel):
    title_ja: str
    title_en: str
    spec: str
    data_version: int
    languages: list[str]


class CfgGame(StrictModel):
    max_turns: int = Field(gt=0)
    rotate_seat_order: bool
    start_location_grades: list[str]
    default_seed: int


class CfgLog(StrictModel):
    ascii_only: bool


class CfgChecks(StrictModel):
    min_chance: int = Field(ge=0, le=100)
    max_chance: int = Field(ge=0, le=100)


class CfgEvents(StrictModel):
    npc_table_pool: Literal["npc_only", "all"]
    bad_omen_penalty: int
    fortune_mana: int
    misfortune_mana: int
    npc_table_setback_mana: int
    npc_table_windfall_mana: int


class CfgInfo(StrictModel):
    base_chance: int


class CfgCraft(StrictModel):
    chance_per_magic: int


class CfgRest(StrictModel):
    workshop_bonus: int
    workshop_max_level: int = Field(ge=0)
    interrupted_by_battle: bool


class CfgSoul(StrictModel):
    mana_gain: int
    detection_chance: int


class CfgMana(StrictModel):
    max_per_level: int = Field(gt=0)
    grail_backup: int
    upkeep_divisor: int = Field(gt=0)
    combat_turn_skips_upkeep: bool
    cap_at_max: bool
    deficit_step: int = Field(gt=0)
    penalty_per_step: int
    vanish_below: int
    no_spells_supply_penalty: int
    no_spells_grail_backup: int


class CfgCombat(StrictModel):
    result_table: dict[str, int]
    power_diff_pct_per_point: int
    level_diff_pct_per_level: int
    sub_divisor: int = Field(gt=0)
    max_subs_per_side: int = Field(ge=0)
    winrate_min: int
    winrate_max: int
    true_name_bonus: int
    np_known_bonus: int
    reroll_spells_per_side: int = Field(ge=0)
    last_stand_np_multiplier: int
    np_use_reveals_true_name: bool


class CfgSpells(StrictModel):
    initial: int = Field(ge=0)
    winrate_main: int
    winrate_sub: int
    all_params_bonus: int
    all_params_stackable: bool
    mana_gain: int
    retreat_cost: int = Field(ge=0)
    disobey_chance: int = Field(ge=0, le=100)


class CfgAlliance(StrictModel):
    max_allies: int = Field(ge=0)
    auto_share: bool


class CfgComm(StrictModel):
    max_initiations_per_turn: int = Field(ge=0)


class CfgNpc(StrictModel):
    unknown_param_guess: int
    unknown_level_guess: int
    emergency_mana: int
    upgrade_until_turn: int
    seize_max_raid_threshold: int
    info_target_known_locations: int
    familiar_until_chance: int
    crow_until_chance: int
    craft_min_magic: int
    craft_max_inventory: int
    accompany_below_ewr: int
    grudge_threshold_delta: int
    hostile_encounter_threshold_delta: int
    contact_attack_threshold_delta: int
    intervene_threshold_delta: int
    friendly_acceptance_bonus: int
    acceptance_cap: int
    yield_threshold: int
    spell_boost_min_spells: int
    spell_boost_below_rate: int
    np_desperate_below_rate: int
    code_use_max_rate: int
    propose_min_turn: int
    propose_min_inclination: int
    treacherous_dissolve_at_factions: int


class CfgScoring(StrictModel):
    survive: int
    per_kill: int
    per_spell: int
    mana_divisor: int = Field(gt=0)
    grade_points: dict[str, int]


class Config(StrictModel):
    game: CfgGame
    log: CfgLog
    checks: CfgChecks
    events: CfgEvents
    info_gathering: CfgInfo
    crafting: CfgCraft
    rest: CfgRest
    soul_eating: CfgSoul
    mana: CfgMana
    combat: CfgCombat
    command_spells: CfgSpells
    alliance: CfgAlliance
    comm: CfgComm
    npc: CfgNpc
    scoring: CfgScoring


class Grade(StrictModel):
    ja: str
    en: str
    rest_recovery: int
    end_of_turn_bonus: int
    count: int
    rank: int
    color: str


class Param(StrictModel):
    id: Literal[PARAMS]
    ja: str
    en: str


class RankDisplay(StrictModel):
    min: int
    letter: str


class ActionDef(StrictModel):
    number: int
    id: str
    ja: str
    en: str
    step: str
    modes: Optional[list[str]] = None
    intents: Optional[list[str]] = None
    options: Optional[list[str]] = None


class SpellUse(StrictModel):
    number: int
    id: str
    ja: str
    en: str
    cost: int
    timing: str
    stackable: Optional[bool] = None
    duration: Optional[str] = None


class SpellTransfer(StrictModel):
    allowed: bool
    timing: str
    receiver_must_accept: bool


class SpellExhausted(StrictModel):
    servant_vanishes: bool
    disobedience: bool


class CommandSpellsDef(StrictModel):
    uses: list[SpellUse]
    transfer: SpellTransfer
    when_exhausted: SpellExhausted


class RulesFile(StrictModel):
    meta: Meta
    config: Config
    grades: dict[str, Grade]
    parameters: list[Param]
    rank_display: list[RankDisplay]
    actions: list[ActionDef]
    command_spells: CommandSpellsDef
    effect_types: dict[str, dict]
    when_values: list[str]
    class_skill_guide: dict[str, dict]


# --- locations.yaml ---------------------------------------------------------------------
class MapPos(StrictModel):
    x: int = Field(ge=0, le=1000)
    y: int = Field(ge=0, le=1000)


class Location(StrictModel):
    id: str
    ja: str
    en: str
    grade: str
    map: MapPos
    reading_note: Optional[str] = None


class LocationsFile(StrictModel):
    locations: list[Location]


# --- events.yaml ------------------------------------------------------------------------
class TableEntry(StrictModel):
    rolls: list[int]
    ja: Optional[str] = None
    en: Optional[str] = None
    effect: Optional[str] = None
    other: Optional[str] = None
    mood: Optional[Literal["friendly", "neutral", "hostile", "random_friendly_hostile"]] = None
    code: Optional[str] = None
    count: Optional[int] = None
    fallback: Optional[str] = None


class EventTable(StrictModel):
    die: str
    entries: list[TableEntry]


class EventsFile(StrictModel):
    event_tables: dict[str, EventTable]


# --- codes.yaml -------------------------------------------------------------------------
class CodeEffect(StrictModel):
    type: Literal["mana", "info_bonus", "winrate", "reroll"]
    value: Optional[int] = None
    combat: Optional[bool] = None


class MysticCode(StrictModel):
    id: str
    ja: str
    en: str
    section: str
    special: bool
    craft_yield: int = Field(ge=0)
    timing: Literal["any_prompt", "info_declaration", "battle_commitment", "after_check"]
    effect: CodeEffect
    max_per_battle: Optional[int]
    max_per_check: Optional[int]


class CodesFile(StrictModel):
    mystic_codes: list[MysticCode]


# --- characters.yaml --------------------------------------------------------------------
class Effect(StrictModel):
    type: Literal[EFFECT_TYPES]
    value: Optional[int] = None
    when: Optional[Literal[WHEN_VALUES]] = None
    params: Optional[Union[Literal["ALL"], list[Literal[PARAMS]]]] = None
    chance: Optional[int] = None
    items: Optional[dict[str, int]] = None


class Skill(StrictModel):
    id: str
    ja: str
    en: str
    rank: Optional[str] = None
    public: bool
    activation: Literal["passive", "active"]
    cost: int = Field(ge=0)
    effects: list[Effect]


class NoblePhantasm(StrictModel):
    id: str
    ja: str
    en: str
    rank: str
    cost: int = Field(ge=0)
    effects: list[Effect]


class Names(StrictModel):
    ja: str
    en: str


class Servant(StrictModel):
    model_config = pydantic.ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    id: str
    cls: Literal["Saber", "Archer", "Lancer", "Rider", "Caster", "Assassin", "Berserker"] = Field(alias="class")
    class_ja: str
    true_name: Names
    legend: str = ""
    legend_ja: str = ""        # the legend on a Japanese screen (a mod's servant; the base roster's are in i18n)
    level: int = Field(gt=0)
    params: dict[Literal[PARAMS], int]
    skills: list[Skill]
    np: NoblePhantasm


class Master(StrictModel):
    id: str
    ja: str
    en: str
    profile: str = ""
    profile_ja: str = ""       # the profile on a Japanese screen (as Servant.legend_ja)
    magic: int = Field(ge=0)
    start_items: dict[str, int] = {}
    skills: list[Skill]


class AiProfile(StrictModel):
    raid_threshold: int
    alliance_inclination: int
    soul_eater: bool
    treacherous: bool
    craft_preference: list[str]


class FactionDef(StrictModel):
    id: str
    master: str
    servant: str
    control: Literal["human", "npc"]
    color: str
    ai: AiProfile


class CharactersFile(StrictModel):
    servants: list[Servant]
    masters: list[Master]
    factions: list[FactionDef]


FILES = {"rules": RulesFile, "locations": LocationsFile, "events": EventsFile, "codes": CodesFile,
         "characters": CharactersFile}


def cross_check(files: dict, raw: dict) -> list[str]:
    errors: list[str] = []

    def w(name, path):
        return raw[name].marks, raw[name].source

    r: RulesFile = files["rules"]
    grades = list(r.grades)
    mk, src = w("rules", "")
    for i, g in enumerate(r.config.game.start_location_grades):
        check_ref(errors, g, grades, src, mk, f"config.game.start_location_grades.{i}", "grade")
    for g in r.config.scoring.grade_points:
        check_ref(errors, g, grades, src, mk, f"config.scoring.grade_points.{g}", "grade")
    for key in r.config.combat.result_table:
        parts = key.split("-")
        if len(parts) != 3 or not all(p.isdigit() for p in parts) or sum(map(int, parts)) != 3:
            errors.append(f"{where(mk, 'config.combat.result_table', src)}: config.combat.result_table.{key}: "
                          "expected 'W-T-L' with three results")
    for use in r.command_spells.uses:
        if use.id == "retreat" and use.cost != r.config.command_spells.retreat_cost:
            errors.append(f"{where(mk, 'command_spells.uses', src)}: command_spells.uses.retreat.cost: "
                          f"must equal config.command_spells.retreat_cost ({r.config.command_spells.retreat_cost})")
    if r.config.checks.min_chance > r.config.checks.max_chance:
        errors.append(f"{where(mk, 'config.checks', src)}: config.checks: min_chance above max_chance")
    # locations
    mk, src = w("locations", "")
    locs = files["locations"].locations
    check_unique(errors, [l.model_dump() for l in locs], "id", src, mk, "locations")
    for i, l in enumerate(locs):
        check_ref(errors, l.grade, grades, src, mk, f"locations.{i}.grade", "grade")
    # codes
    codes = [c.id for c in files["codes"].mystic_codes]
    mk, src = w("codes", "")
    check_unique(errors, [c.model_dump() for c in files["codes"].mystic_codes], "id", src, mk, "mystic_codes")
    # events
    mk, src = w("events", "")
    dice = {"D10[0-9]": range(0, 10), "1D6": range(1, 7), "1D3": range(1, 4), "1D2": range(1, 3)}
    needed = ("pc", "npc", "good_fortune", "misfortune", "gm_reaction", "witness_mood", "random_friendly_hostile")
    tables = files["events"].event_tables
    for name in needed:
        if name not in tables:
            errors.append(f"{where(mk, 'event_tables', src)}: event_tables.{name}: required table is missing")
    for name, table in tables.items():
        faces = dice.get(table.die)
        if faces is None:
            errors.append(f"{where(mk, f'event_tables.{name}.die', src)}: event_tables.{name}.die: unknown die "
                          f"{table.die!r}{_dym(table.die, dice)}")
            continue
        rolls = sorted(v for e in table.entries for v in e.rolls)
        if rolls != list(faces):
            errors.append(f"{where(mk, f'event_tables.{name}.entries', src)}: event_tables.{name}.entries: "
                          f"rolls must cover {table.die} exactly once (got {rolls})")
        for j, e in enumerate(table.entries):
            if e.code is not None:
                check_ref(errors, e.code, codes, src, mk, f"event_tables.{name}.entries.{j}.code", "mystic code")
    # characters
    mk, src = w("characters", "")
    ch: CharactersFile = files["characters"]
    check_unique(errors, [s.model_dump() for s in ch.servants], "id", src, mk, "servants")
    check_unique(errors, [m.model_dump() for m in ch.masters], "id", src, mk, "masters")
    check_unique(errors, [f.model_dump() for f in ch.factions], "id", src, mk, "factions")
    servants = [s.id for s in ch.servants]
    masters = [m.id for m in ch.masters]

    def check_skills(skills, path):
        for k, sk in enumerate(skills):
            check_effects(sk.effects, f"{path}.{k}.effects")

    def check_effects(effects, path):
        for k, e in enumerate(effects):
            p = f"{path}.{k}"
            if e.type in ("winrate", "param", "info_bonus", "info_defense", "craft_bonus", "rest_bonus",
                          "upkeep", "soul_eat_concealment", "spell_boost", "alliance_charm") and e.value is None:
                errors.append(f"{where(mk, p, src)}: {p}.value: required for effect type {e.type!r}")
            if e.type == "escape" and e.chance is None:
                errors.append(f"{where(mk, p, src)}: {p}.chance: required for effect type 'escape'")
            if e.type == "param" and not e.params:
                errors.append(f"{where(mk, p, src)}: {p}.params: required for effect type 'param'")
            if e.type == "start_items":
                for code in (e.items or {}):
                    check_ref(errors, code, codes, src, mk, f"{p}.items.{code}", "mystic code")
            if e.when and e.when.startswith("slot:") and e.type != "winrate":
                errors.append(f"{where(mk, p, src)}: {p}.when: 'slot:' conditions are allowed for winrate only")
            if e.when == "at_leyline" and e.type != "rest_bonus":
                errors.append(f"{where(mk, p, src)}: {p}.when: 'at_leyline' is for rest_bonus only")

    for i, s in enumerate(ch.servants):
        for p in PARAMS:
            if p not in s.params:
                errors.append(f"{where(mk, f'servants.{i}.params', src)}: servants.{i}.params.{p}: required field is missing")
        check_skills(s.skills, f"servants.{i}.skills")
        check_effects(s.np.effects, f"servants.{i}.np.effects")
        check_unique(errors, [k.model_dump() for k in s.skills], "id", src, mk, f"servants.{i}.skills")
    for i, m in enumerate(ch.masters):
        check_skills(m.skills, f"masters.{i}.skills")
        for code in m.start_items:
            check_ref(errors, code, codes, src, mk, f"masters.{i}.start_items.{code}", "mystic code")
    for i, f in enumerate(ch.factions):
        check_ref(errors, f.master, masters, src, mk, f"factions.{i}.master", "master")
        check_ref(errors, f.servant, servants, src, mk, f"factions.{i}.servant", "servant")
        for j, code in enumerate(f.ai.craft_preference):
            check_ref(errors, code, codes, src, mk, f"factions.{i}.ai.craft_preference.{j}", "mystic code")
    return errors


def _dym(word, choices):
    return did_you_mean(word, choices)


def validated_files(mods=None, config_dir=None) -> dict:
    """``{file stem: record}`` of the five files, checked (fields, then cross-references), or
    ``DataError`` listing every problem."""
    raw = load_game_files("grailwar", mods, config_dir=config_dir) if config_dir else load_game_files("grailwar", mods)
    errors: list[str] = []
    files = {}
    for name, model in FILES.items():
        if name not in raw:
            errors.append(f"config/grailwar/{name}.yaml: (file): missing data file")
            continue
        try:
            files[name] = validate(model, raw[name].data, raw[name].marks, raw[name].source)
        except DataError as exc:
            errors.extend(exc.errors)
    for name in raw:
        if name not in FILES:
            errors.append(f"{raw[name].source}:1: (file): unknown data file {name!r}{_dym(name, FILES)}")
    if errors:
        raise DataError(errors)
    errors = cross_check(files, raw)
    if errors:
        raise DataError(errors)
    return {name: freeze(model) for name, model in files.items()}
