"""PendulumRules: validated data + resolved options, precomputed tables; makes states."""
from __future__ import annotations

from tabletop.engine import DataError, Rules

from .actions import Act, Claim, Done, Flip, Move, Pickup, Refill, Resume
from .data import load_data, patch_data
from .ids import AREAS, MATS, MODES, RES, ROWS, SLOTS, TRACKS  # noqa: F401  (re-exported: callers import them here)
from .ids import NO_COST, compile_cost, compile_gain
from .state import PendulumState


def amounts(model) -> dict:
    """A pydantic Amounts as a compact dict of the non-empty fields."""
    if model is None:
        return {}
    out = {}
    for k, v in model.model_dump().items():
        if v in (0, None, False, [], ""):
            continue
        out[k] = tuple(v) if isinstance(v, list) else v
    return out


class Space:
    __slots__ = ("id", "area", "row", "index", "action", "name", "cost", "effect", "frame", "production",
                 "conquer")

    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)


class Frame:
    __slots__ = ("id", "area", "row", "kind", "spaces", "blocking", "neutral", "akey", "aidx")

    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)


class PendulumRules(Rules):
    game_id = "pendulum"
    data_version = "1"
    # Every table in a slot of its own: CPython 3.11 keeps at most 29 attributes of an object inline, and with more
    # (the rules have 62) they go to a dict where no ``rules.method()`` call and no attribute read is specialised.
    # A slot is read by a specialised load. (An attribute not listed here still works: it goes to the instance's
    # dict, which ``tests/pendulum/test_bot_speed10.py`` keeps empty.)
    __slots__ = (
        "mods", "data", "options",
        # _compile
        "players", "mode", "timed", "rounds", "cap", "max_workers", "track_max", "parchment", "timer_seconds",
        "time_markers", "timer_track", "board_side", "neutral", "neutral_votes", "privilege_track_spaces",
        "rank_bonus", "legendary_round1", "gp_cost", "pickup_cost", "display_size", "slot_limit", "slot_limit_max3",
        "marker_spots", "claim_window", "bot_delay", "names", "seat_defs", "area_names", "spaces", "frames",
        "frames_by_row", "spaces_by_row", "neutral_frames", "loc_row", "loc_frame", "frame_loc", "box_loc",
        "characters", "char_by_mat", "production", "cards", "council_default", "council_grande", "council_regular",
        "council_final", "council_removed", "council_offer", "province_list", "provinces", "province_names",
        "achievements", "achievement_list", "costs", "gains",
        # the shared tables (speed), filled as asked for
        "_targets", "_rows_tables", "_move_objs", "_act_objs", "_seat_objs")

    def __init__(self, options: dict | None = None, mods=None):
        self.mods = list(mods or [])
        self.data = load_data(self.mods)
        self.options = self._resolve(dict(options or {}))
        self.data = patch_data(self.data, self.options)      # options.yaml ``patch``: the data they change
        self._compile()

    # ---------------------------------------------------------------- options
    def _resolve(self, given: dict) -> dict:
        defs = {o.id: o for o in self.data["options"].options}
        o: dict = {"mode": "realtime", "players": 3, "characters": None, "advanced": None,
                   "advanced_variant": None, "super_beginner": False, "colours": None}
        o.update({k: d.default for k, d in defs.items()})
        if "seats" in given and "players" not in given:
            s = given.pop("seats")
            given["players"] = s if isinstance(s, int) else len(s)
        unknown = [k for k in given if k not in o]
        if unknown:
            raise DataError([f"options: {k}: unknown Pendulum option" for k in unknown])
        o.update(given)
        errors = []
        if o["mode"] not in MODES:
            errors.append(f"options: mode: {o['mode']!r} is not one of {MODES}")
        n = o["players"]
        if not isinstance(n, int) or not 2 <= n <= 5:
            errors.append(f"options: players: {n!r} must be 2..5")
            n = 3
        for k, d in defs.items():
            v = o[k]
            if d.type == "choice" and v not in d.values:
                errors.append(f"options: {k}: {v!r} is not one of {d.values}")
            if d.type == "bool" and not isinstance(v, bool):
                errors.append(f"options: {k}: {v!r} is not true/false")
            if d.type == "number" and (isinstance(v, bool) or not isinstance(v, (int, float))):
                errors.append(f"options: {k}: {v!r} is not a number")
        spaces = o.get("privilege_track_spaces_4_5")
        if isinstance(spaces, (int, float)) and not isinstance(spaces, bool) and n >= 4 and spaces < n:
            errors.append(f"options: privilege_track_spaces_4_5: {spaces!r} positions cannot hold {n} ranks")
        chars = o["characters"]
        if isinstance(chars, tuple):
            chars = list(chars)
        if chars is None or chars == "random":
            chars = ["random"] * n
        if not isinstance(chars, list) or len(chars) != n:
            errors.append(f"options: characters: need one entry per seat ({n})")
            chars = ["random"] * n
        for c in chars:
            if c != "random" and c not in MATS:
                errors.append(f"options: characters: {c!r} is not one of {MATS} or 'random'")
        fixed = [c for c in chars if c != "random"]
        if len(set(fixed)) != len(fixed):
            errors.append("options: characters: a character may be used by one seat only")
        o["characters"] = list(chars)
        o["colours"] = self._colours(o["colours"], n, errors)
        for key in ("advanced", "advanced_variant"):
            v = o[key]
            if isinstance(v, tuple):
                v = list(v)
            if v is None or isinstance(v, bool):
                v = [bool(v)] * n
            if not isinstance(v, list) or len(v) != n:
                errors.append(f"options: {key}: need one true/false per seat ({n})")
                v = [False] * n
            o[key] = [bool(x) for x in v]
        if o["mode"] == "beginner":
            o["super_beginner"] = True
        if errors:
            raise DataError(errors)
        return o

    def options_dict(self) -> dict:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.options.items()}

    # ---------------------------------------------------------------- tables
    def _compile(self) -> None:
        d, o = self.data, self.options
        g = d["game"]
        self.players = o["players"]
        self.mode = o["mode"]
        self.timed = self.mode == "realtime"
        self.rounds = g.rules.rounds
        self.cap = g.rules.resource_cap
        self.max_workers = g.rules.max_workers
        self.track_max = g.track.max
        self.parchment = g.track.parchment
        self.timer_seconds = {t.id: float(t.seconds) for t in g.timers}
        self.time_markers = next(t.time_markers for t in g.timers if t.id == "purple") or 3
        self.timer_track = [(s.space, tuple(s.flip), s.call_council) for s in g.timer_track]
        pc = {p.players: p for p in g.player_counts}[self.players]
        self.board_side = pc.board_side
        self.neutral = pc.neutral_player and not o["super_beginner"] and o["neutral_player_2p"] == "rulebook"
        self.neutral_votes = g.neutral.votes
        # 2.4 / G5: positions of the privilege track (only as many as there are ranks are used)
        self.privilege_track_spaces = pc.ranks if self.board_side == "1-3" else int(o["privilege_track_spaces_4_5"])
        bonus = list(pc.bonus_any_vp)
        if self.board_side == "1-3" and o["third_rank_vp_on_1_3_side"] == "guide":
            bonus = (bonus + [1, 1, 1])[:3]
        self.rank_bonus = bonus
        self.legendary_round1 = pc.legendary_token_round1
        self.gp_cost = amounts(g.rules.green_purple_cost)
        self.pickup_cost = amounts(g.rules.pickup_stratagems_cost)
        self.display_size = g.rules.province_display_size
        self.slot_limit = g.rules.province_slot_limit
        self.slot_limit_max3 = g.rules.province_slot_limit_max3
        self.marker_spots = g.rules.achievement_marker_spots
        self.claim_window = float(o["claim_window"])
        self.bot_delay = float(o["bot_reaction_delay"])
        self.names = {x.id: x.name for x in list(g.resources) + list(g.tracks) + list(g.slots) + list(g.timers)}
        self.seat_defs = _in_colour_order(d["seats"].seats, o["colours"])
        # actions and spaces
        actions = {a.id: a for a in d["board"].actions}
        self.area_names = {a.id: a.name for a in d["board"].areas}
        side = self.board_side
        layout = [s for s in d["board"].spaces if s.side == side]
        if side == "1-3" and o["board_1_3_layout"] == "like_4_5":
            neutral_keys = {(s.area, s.row, s.action) for s in layout if s.neutral_worker_in_2p}
            layout = [s for s in d["board"].spaces if s.side == "4-5"]
            layout = [s.model_copy(update={"neutral_worker_in_2p": (s.area, s.row, s.action) in neutral_keys})
                      for s in layout]
        prefix = side + "."
        self.spaces: dict[str, Space] = {}
        self.frames: dict[str, Frame] = {}
        shared: dict = {}
        for s in sorted(layout, key=lambda s: (AREAS.index(s.area), ROWS.index(s.row), s.index)):
            a = actions[s.action]
            sid = s.id[len(prefix):] if s.id.startswith(prefix) else s.id
            fid = s.frame_id[len(prefix):] if s.frame_id.startswith(prefix) else s.frame_id
            if a.id not in shared:                 # one cost/effect object per action type, shared by its boxes
                shared[a.id] = (amounts(a.cost), amounts(a.effect))
            cost, effect = shared[a.id]
            sp = Space(id=sid, area=s.area, row=ROWS.index(s.row), index=s.index, action=a.id, name=a.name,
                       cost=cost, effect=effect, frame=fid, production="production" in effect,
                       conquer="conquer_province" in effect)
            self.spaces[sid] = sp
            fr = self.frames.get(fid)
            if fr is None:
                fr = Frame(id=fid, area=s.area, row=ROWS.index(s.row), kind=s.frame_kind, spaces=[],
                           blocking=s.blocking != "none", neutral=bool(s.neutral_worker_in_2p))
                self.frames[fid] = fr
            fr.spaces.append(sid)
        akeys = {}                                          # area -> {akey: its number in the area}
        for f in self.frames.values():
            f.akey = tuple(self.spaces[sid].action for sid in f.spaces)     # the actions of its boxes
            n = akeys.setdefault(f.area, {})
            f.aidx = n.setdefault(f.akey, len(n))           # the bots' board: a frame's base by this number
        self.frames_by_row = {(a, r): [f for f in self.frames.values() if f.area == a and f.row == r]
                              for a in AREAS for r in (0, 1)}
        self.spaces_by_row = {(a, r): [s for s in self.spaces.values() if s.area == a and s.row == r]
                              for a in AREAS for r in (0, 1)}
        self.neutral_frames = [f.id for f in self.frames.values() if f.neutral] if self.neutral else []
        # location -> (area, row) for every board location; action objects are made once and shared
        self.loc_row = {}
        self.loc_frame = {}                                 # "F:<frame>" -> its Frame (no slicing on hot paths)
        self.frame_loc, self.box_loc = {}, {}               # a frame's / a box's id -> its location (made once)
        for f in self.frames.values():
            loc = self.frame_loc[f.id] = "F:" + f.id
            self.loc_row[loc] = (f.area, f.row)
            self.loc_frame[loc] = f
        for sp in self.spaces.values():
            loc = self.box_loc[sp.id] = "B:" + sp.id
            self.loc_row[loc] = (sp.area, sp.row)
        self._targets = {}
        self._rows_tables = {}
        self._move_objs = {}
        self._act_objs = {}
        self._seat_objs = {}
        # characters
        self.characters = {c.id: c for c in d["characters"].characters}
        self.char_by_mat = {(c.mat, c.side): c.id for c in d["characters"].characters}
        self.production = {}
        for c in d["characters"].characters:
            self.production[c.id] = {col: amounts(getattr(c.production, col)) for col in SLOTS}
        # stratagems (character + council stratagem cards)
        self.cards: dict[str, dict] = {}
        for c in d["characters"].characters:
            for s in c.stratagems:
                self.cards[s.id] = {"id": s.id, "name": s.name, "cost": amounts(s.cost), "effect": amounts(s.effect),
                                    "kind": "stratagem", "text": s.text}
        cou = d["council"]
        for c in [cou.default, cou.grande] + list(cou.regular) + list(cou.final):
            self.cards[c.id] = {"id": c.id, "name": c.name, "cost": amounts(c.cost), "effect": amounts(c.effect),
                                "kind": c.kind, "text": c.text}
        self.council_default = cou.default.id
        self.council_grande = cou.grande.id
        self.council_regular = [c.id for c in cou.regular]
        self.council_final = [c.id for c in cou.final]
        self.council_removed = cou.deck_build.removed_at_setup
        self.council_offer = cou.deck_build.offer_size
        # provinces
        kinds = {k.id: {col: amounts(getattr(k.slots, col)) for col in SLOTS} for k in d["provinces"].kinds}
        self.province_list = [p.id for p in d["provinces"].provinces]
        self.provinces = {p.id: kinds[p.kind] for p in d["provinces"].provinces}
        self.province_names = {p.id: p.name for p in d["provinces"].provinces}
        # achievements
        self.achievements = {}
        for a in d["achievements"].achievements:
            req = a.requires.model_dump()
            self.achievements[a.id] = {"id": a.id, "name": a.name, "requires": req,
                                       "reward": amounts(a.lower_reward)}
        self.achievement_list = [a.id for a in d["achievements"].achievements]
        # the static costs, compiled (``can_pay`` reads them by id; a cost made on the fly is read as a dict)
        self.costs = {}
        for cost in ([sp.cost for sp in self.spaces.values()] + [c["cost"] for c in self.cards.values()]
                     + [self.pickup_cost, NO_COST]):
            self.costs[id(cost)] = compile_cost(cost)
        self.gains = {}                                     # the static rewards, compiled for ``gain``
        for eff in ([sp.effect for sp in self.spaces.values()] + [c["effect"] for c in self.cards.values()]
                    + [e for prod in self.production.values() for e in prod.values()]
                    + [e for kinds in self.provinces.values() for e in kinds.values()]
                    + [a["reward"] for a in self.achievements.values()]):
            self.gains[id(eff)] = compile_gain(eff)

    # ---------------------------------------------------------------- shared tables (speed)
    def targets(self, tr: dict) -> list:
        """Frames on the rows without their timer, for timer rows ``tr``."""
        key = (tr["green"], tr["purple"], tr["black"])
        got = self._targets.get(key)
        if got is None:
            got = self._targets[key] = [f for a in AREAS for f in self.frames_by_row[(a, 1 - tr[a])]]
        return got

    def rows_table(self, tr: dict) -> tuple:
        """For timer rows ``tr``, made once: ``(targets, where, boxes, by_area)`` -- ``targets``: ``((order, frame,
        akey, area), ...)`` of ``targets(tr)``; ``where``: every worker location -> False (off the board, or on a
        timer row), True (on the mat, or on a reward box off the rows) or the Frame (a frame off the rows);
        ``boxes``: a frame location on a timer row -> ``(area, ((space id, action id), ...))``, its reward boxes;
        ``by_area``: the same frames as ``targets``, in the same order, as ``((area, ((frame, akey), ...)), ...)``
        (one entry per run of frames of one area)."""
        key = (tr["green"], tr["purple"], tr["black"])
        got = self._rows_tables.get(key)
        if got is None:
            targets = tuple((i, f, f.akey, f.area) for i, f in enumerate(self.targets(tr)))
            where = {"mat": True, "reserve": False, "council": False, "gone": False}
            boxes = {}
            for loc, (a, r) in self.loc_row.items():
                f = self.loc_frame.get(loc)
                if tr[a] == r:
                    where[loc] = False
                    if f is not None:
                        boxes[loc] = (a, tuple((sid, self.spaces[sid].action) for sid in f.spaces))
                else:
                    where[loc] = True if f is None else f
            by_area = []
            for _i, f, akey, a in targets:
                if not by_area or by_area[-1][0] != a:
                    by_area.append((a, []))
                by_area[-1][1].append((f, akey))
            by_area = tuple((a, tuple(fs)) for a, fs in by_area)
            got = self._rows_tables[key] = (targets, where, boxes, by_area)
        return got

    def move_objs(self, seat: int, worker: str) -> dict:
        """``{frame id or "mat": Move}`` for one worker (immutable, shared)."""
        got = self._move_objs.get(worker)
        if got is None:
            got = {fid: Move(seat, worker, fid) for fid in self.frames}
            got["mat"] = Move(seat, worker, "mat")
            self._move_objs[worker] = got
        return got

    def seat_objs(self, seat: int) -> dict:
        """The seat's actions without a piece (flips, pick up, claims, refill, done, resume), made once."""
        got = self._seat_objs.get(seat)
        if got is None:
            got = self._seat_objs[seat] = {
                "flip": tuple(Flip(seat, a) for a in AREAS), "pickup": Pickup(seat), "refill": Refill(seat),
                "claim": (Claim(seat, "legendary"), Claim(seat, "reward")), "resume": Resume(seat),
                "done": (Done(seat), Done(seat, True))}
        return got

    def act_obj(self, seat: int, worker: str, space: str):
        key = (worker, space)
        got = self._act_objs.get(key)
        if got is None:
            got = self._act_objs[key] = Act(seat, worker, space)
        return got

    def _colours(self, colours, n, errors):
        """The option ``colours``: a seats.yaml id per seat (None: the file's order)."""
        if colours is None:
            return None
        ids = [sd.id for sd in self.data["seats"].seats]
        if not isinstance(colours, (list, tuple)) or len(colours) != n:
            errors.append(f"options: colours: need one seat colour per seat ({n}), each one of {ids}")
            return None
        bad = [c for c in colours if c not in ids]
        if bad:
            errors.append(f"options: colours: {bad[0]!r} is not one of {ids}")
            return None
        if len(set(colours)) != len(colours):
            errors.append("options: colours: a colour may be used by one seat only")
            return None
        return list(colours)

    # ---------------------------------------------------------------- states
    def new_state(self, seed: int):
        return PendulumState.new(self, seed)

    def seat_style(self, seat: int):
        """The seats.yaml entry (id, name, colour, letter, shape) of a seat; the neutral (-1) takes the
        first colour no player uses."""
        if seat < 0:
            return self.seat_defs[min(self.players, len(self.seat_defs) - 1)]
        return self.seat_defs[seat]

    def name(self, ident: str, lang: str = "en") -> str:
        """Player-facing name of any id (character, card, province, achievement, track, resource...)."""
        for table in (self.names, self.area_names):
            if ident in table:
                return getattr(table[ident], lang)
        if ident in self.characters:
            return getattr(self.characters[ident].name, lang)
        if ident in self.cards:
            return getattr(self.cards[ident]["name"], lang)
        if ident in self.province_names:
            return getattr(self.province_names[ident], lang)
        if ident in self.achievements:
            return getattr(self.achievements[ident]["name"], lang)
        if ident in self.spaces:
            return getattr(self.spaces[ident].name, lang)
        return ident


def _in_colour_order(seat_defs, colours):
    """The seats.yaml entries with the chosen ones first, one per seat in seat order, then the
    others in the file's order (the 2-player neutral takes the first of those)."""
    if not colours:
        return list(seat_defs)
    by_id = {sd.id: sd for sd in seat_defs}
    return [by_id[c] for c in colours] + [sd for sd in seat_defs if sd.id not in colours]
