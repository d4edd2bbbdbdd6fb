"""Pydantic models of config/pendulum/*.yaml (one model per file) - the one source of truth
for the data's shape. ``docs/schema/pendulum-*.json`` is exported from these models."""
from __future__ import annotations

from typing import Any, Literal, Optional, Union

from tabletop.data import StrictModel
from tabletop.data.schema import model_schemas, write_model_schemas

Source = Literal["public", "seed", "assumed"]
Area = Literal["green", "purple", "black"]
Row = Literal["top", "bottom"]
SlotColour = Literal["brown", "red", "blue", "yellow"]
Track = Literal["power", "prestige", "popularity"]
Special = Literal[
    "move_one_vp", "skip_green_purple_gold_cost", "promote_common_to_grande",
    "place_worker_directly_on_timer_row", "exchange_military_culture", "also_take_adjacent_action",
    "claim_current_achievement", "take_worker_action_twice", "vp_of_choice",
    "return_one_discarded_stratagem", "claim_achievement_second_time"]


class Name(StrictModel):
    en: str
    ja: str


class Amounts(StrictModel):
    """A cost or a reward (pendulum.md 5.2). In a cost, *_vp means losing steps."""
    military: int = 0
    culture: int = 0
    gold: int = 0
    votes: int = 0
    power_vp: int = 0
    prestige_vp: int = 0
    popularity_vp: int = 0
    legendary_vp: int = 0
    any_resource: int = 0
    any_vp: int = 0
    production: Optional[SlotColour] = None
    conquer_province: int = 0
    retrieve_worker: int = 0
    pickup_all_stratagems: bool = False
    recruit_common_worker: int = 0
    province_slot_limit: int = 0
    special: Optional[Special] = None
    amount: int = 0
    tracks: Optional[list[Track]] = None


class Requires(StrictModel):
    military: int = 0
    culture: int = 0
    gold: int = 0
    votes: int = 0
    any_resource_total: int = 0


# --- game.yaml -------------------------------------------------------------------------
class Meta(StrictModel):
    game: str
    publisher: str
    designer: str
    year: int
    japanese_title: str
    source: Source


class WorkerCounts(StrictModel):
    common: int
    grande: int


class RulesConst(StrictModel):
    rounds: int
    resource_cap: int
    max_workers: int
    start_workers: WorkerCounts
    reserve_workers: WorkerCounts
    green_purple_cost: Amounts
    pickup_stratagems_cost: Amounts
    province_display_size: int
    province_slot_limit: int
    province_slot_limit_max3: int
    achievement_marker_spots: int
    source: Source


class TrackModel(StrictModel):
    min: int
    max: int
    parchment: int
    source: Source
    marker_floor: str = ""
    marker_floor_source: Optional[Source] = None


class Timer(StrictModel):
    id: Area
    area: Area
    seconds: float
    name: Name
    source: Source
    time_markers: int = 0


class TrackStep(StrictModel):
    space: int
    flip: list[Area]
    call_council: bool
    source: Source


class PlayerCount(StrictModel):
    players: int
    board_side: Literal["1-3", "4-5"]
    ranks: int
    bonus_any_vp: list[int]
    neutral_player: bool
    legendary_token_round1: bool
    source: Source


class Neutral(StrictModel):
    votes: int
    start_rank: Literal["last"]
    source: Source


class Named(StrictModel):
    id: str
    name: Name
    source: Source


class GameFile(StrictModel):
    meta: Meta
    rules: RulesConst
    track: TrackModel
    timers: list[Timer]
    timer_track: list[TrackStep]
    player_counts: list[PlayerCount]
    neutral: Neutral
    resources: list[Named]
    tracks: list[Named]
    slots: list[Named]


# --- characters.yaml ---------------------------------------------------------------------
class Stratagem(StrictModel):
    id: str
    name: Name
    cost: Amounts
    effect: Amounts
    text: str
    source: Source
    requires: str = ""
    detail_source: Optional[Source] = None
    note: str = ""


class TrackStart(StrictModel):
    power: int
    prestige: int
    popularity: int


class StartRes(StrictModel):
    military: int
    culture: int
    gold: int
    votes: int


class Production(StrictModel):
    brown: Amounts
    red: Amounts
    blue: Amounts
    yellow: Amounts


class Character(StrictModel):
    id: str
    name: Name
    name_source: Source
    mat: str
    side: Literal["basic", "advanced"]
    start_track_positions: TrackStart
    starting_resources: StartRes
    production: Production
    stratagems: list[Stratagem]
    source: Source
    note: str = ""


class CharactersFile(StrictModel):
    characters: list[Character]


# --- board.yaml ----------------------------------------------------------------------------
class AreaDef(StrictModel):
    id: Area
    name: Name
    timer: Area
    common_worker_blocking: bool
    source: Source


class ActionDef(StrictModel):
    id: str
    area: Area
    name: Name
    cost: Amounts
    effect: Amounts
    source: Source
    note: str = ""


class SpaceDef(StrictModel):
    id: str
    side: Literal["1-3", "4-5"]
    area: Area
    row: Row
    index: int
    action: str
    frame_id: str
    frame_kind: Literal["single", "large", "small"]
    blocking: Literal["common_needs_empty_frame", "none"]
    neutral_worker_in_2p: bool
    source: Source
    frame_source: Source


class BoardFile(StrictModel):
    areas: list[AreaDef]
    actions: list[ActionDef]
    spaces: list[SpaceDef]


# --- provinces.yaml ------------------------------------------------------------------------
class ProvinceKind(StrictModel):
    id: str
    name: Name
    slots: Production
    source: Source


class Province(StrictModel):
    id: str
    name: Name
    kind: str
    source: Source
    name_source: Source
    note: str = ""


class ProvincesFile(StrictModel):
    kinds: list[ProvinceKind]
    provinces: list[Province]


# --- council.yaml ---------------------------------------------------------------------------
class CouncilCard(StrictModel):
    id: str
    kind: Literal["always_available", "flip_card", "immediate", "stratagem", "keep_beside_mat", "final"]
    name: Name
    cost: Amounts
    effect: Amounts
    text: str
    source: Source
    kind_source: Optional[Source] = None
    note: str = ""
    requires: str = ""
    restriction: str = ""


class DeckBuild(StrictModel):
    regular_total: int
    removed_at_setup: int
    offer_size: int
    source: Source


class CouncilFile(StrictModel):
    default: CouncilCard
    grande: CouncilCard
    regular: list[CouncilCard]
    final: list[CouncilCard]
    deck_build: DeckBuild


# --- achievements.yaml ----------------------------------------------------------------------
class Achievement(StrictModel):
    id: str
    name: Name
    requires: Requires
    lower_reward: Amounts
    source: Source
    name_source: Source
    note: str = ""


class AchievementsFile(StrictModel):
    achievements: list[Achievement]


# --- seats.yaml -----------------------------------------------------------------------------
class Seat(StrictModel):
    id: str
    name: Name
    colour: str
    letter: str
    shape: Literal["circle", "square", "triangle", "diamond", "hexagon", "star"]
    source: Source


class SeatsFile(StrictModel):
    seats: list[Seat]


# --- options.yaml ---------------------------------------------------------------------------
class OptionPatch(StrictModel):
    """One data value an option changes. ``path`` is ``<file>.<field>...`` where a list of entries is
    entered by id in brackets, e.g. ``council.final[f3].effect.power_vp``. Without ``set`` the option's
    value is written there; with ``set`` (option value -> data value) only the listed values change the
    data and the others leave it as the file has it."""
    path: str
    set: Optional[dict[str, Any]] = None


class OptionDef(StrictModel):
    id: str
    spec: str
    type: Literal["choice", "bool", "number"]
    values: list[str] = []
    default: Union[bool, int, float, str]
    text: str
    source: Source
    patch: list[OptionPatch] = []


class OptionsFile(StrictModel):
    options: list[OptionDef]
    # named groups of option values (``python main.py pendulum --rules NAME``), e.g. the guide's readings
    presets: dict[str, dict[str, Union[bool, int, float, str]]] = {}


FILES = {
    "game": GameFile, "characters": CharactersFile, "board": BoardFile, "provinces": ProvincesFile,
    "council": CouncilFile, "achievements": AchievementsFile, "seats": SeatsFile, "options": OptionsFile,
}


def json_schemas() -> dict:
    """``{file stem: JSON Schema}`` of every data file (docs/schema/, for modders' editors)."""
    return model_schemas("pendulum", FILES)


if __name__ == "__main__":      # python -m pendulum.rules.schema  → docs/schema/pendulum-*.schema.json
    for path in write_model_schemas("pendulum", FILES):
        print(path)
