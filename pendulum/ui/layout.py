"""Geometry of the Pendulum table in the logical 1920×1080 space.

Every region has an id (``region(id) -> pygame.Rect``); the teaching mode and the tests
address the table through these ids:

* ``top_bar``, ``main_board``, ``area.<green|purple|black>``, ``row.<area>.<top|bottom>``
* ``timer_place.<area>.<row>.<k>`` (k = 0, and 1 for purple's second circle per row)
* ``frame.<frame_id>`` (gold frame), ``space.<space_id>`` (reward box), ``cost.<space_id>``
* ``province_display``, ``province.<i>``, ``province_deck``, ``achievement``,
  ``legendary_token``, ``privilege_track``, ``privilege.<rank>``, ``time_track``, ``time_space.<n>``
* ``council_board``, ``council.default``, ``council.grande``, ``council.offer.<i>``, ``council.deck``
* ``log``, ``seat_board`` (the focused seat at full size), ``seat.<n>`` (the board of seat n,
  full size or compact), ``seat.<n>.track.<power|prestige|popularity|legendary>``,
  ``seat.<n>.slot.<colour>``, ``seat.<n>.mat`` (where workers on the mat stand),
  ``seat.<n>.hand``, ``seat.<n>.resources``
The timers' current places are found by the table (they move with the engine state).
"""
from __future__ import annotations

import pygame

W, H = 1920, 1080
TOP_H = 52
MAIN = pygame.Rect(8, 58, 1224, 624)
PROMPT = pygame.Rect(8, 684, 1224, 20)
RIGHT_X = 1240
COUNCIL = pygame.Rect(RIGHT_X, 58, 672, 252)
LOG = pygame.Rect(RIGHT_X, 316, 672, 384)
SEAT_FULL = pygame.Rect(8, 706, 1224, 368)
SEAT_COMPACT = pygame.Rect(RIGHT_X, 706, 672, 368)

AREA_RECTS = {
    "purple": pygame.Rect(18, 68, 600, 302),
    "green": pygame.Rect(626, 68, 596, 302),
    "black": pygame.Rect(436, 378, 786, 296),
}
ROW_GAP = 6
PLACE_W = 70
HOURGLASS_SCALE = 0.6
SLOTS = ("brown", "red", "blue", "yellow")
TRACKS = ("power", "prestige", "popularity", "legendary")
ROWS = ("top", "bottom")


def _row(space) -> str:
    return ROWS[space.row] if isinstance(space.row, int) else space.row


def _frame(space) -> str:
    return getattr(space, "frame", None) or space.frame_id


class Layout:
    """All rectangles of one table set-up (board side, seat count, focused seat)."""

    def __init__(self, spaces, n_seats: int, focused: int = 0, show_time_track: bool = True):
        self.rects: dict[str, pygame.Rect] = {}
        self.n_seats = n_seats
        self.focused = focused
        self.frames_of_space: dict[str, str] = {}
        self.spaces_of_frame: dict[str, list[str]] = {}
        self.space_area_row: dict[str, tuple[str, str]] = {}
        r = self.rects
        r["top_bar"] = pygame.Rect(0, 0, W, TOP_H)
        r["prompt"] = PROMPT.copy()
        r["main_board"] = MAIN.copy()
        r["council_board"] = COUNCIL.copy()
        r["log"] = LOG.copy()
        for area, rect in AREA_RECTS.items():
            r[f"area.{area}"] = rect.copy()
            inner = rect.inflate(-12, -34)
            inner.top = rect.top + 28
            row_h = (inner.height - ROW_GAP) // 2
            places = 2 if area == "purple" else 1
            for i, row in enumerate(ROWS):
                row_rect = pygame.Rect(inner.left, inner.top + i * (row_h + ROW_GAP), inner.width, row_h)
                r[f"row.{area}.{row}"] = row_rect
                for k in range(places):
                    r[f"timer_place.{area}.{row}.{k}"] = pygame.Rect(row_rect.left + k * PLACE_W, row_rect.top,
                                                                     PLACE_W, row_h)
                row_spaces = sorted((s for s in spaces if s.area == area and _row(s) == row), key=lambda s: s.index)
                if not row_spaces:
                    continue
                x0 = row_rect.left + places * PLACE_W + 6
                col_w = (row_rect.right - x0) // len(row_spaces)
                frame_h = int(row_h * 0.40)
                cost_h = int(row_h * 0.17)
                box_h = row_h - frame_h - cost_h - 4
                for j, s in enumerate(row_spaces):
                    col = pygame.Rect(x0 + j * col_w, row_rect.top, col_w, row_h)
                    box = pygame.Rect(col.left + 5, col.top + frame_h + cost_h + 2, col_w - 10, box_h)
                    r[f"space.{s.id}"] = box
                    r[f"cost.{s.id}"] = pygame.Rect(col.left + 5, col.top + frame_h + 1, col_w - 10, cost_h)
                    fid = _frame(s)
                    self.frames_of_space[s.id] = fid
                    self.spaces_of_frame.setdefault(fid, []).append(s.id)
                    self.space_area_row[s.id] = (area, row)
                    fr = pygame.Rect(col.left + 5, col.top + 1, col_w - 10, frame_h - 2)
                    key = f"frame.{fid}"
                    r[key] = r[key].union(fr) if key in r else fr
        self.frame_area_row = {f: self.space_area_row[ss[0]] for f, ss in self.spaces_of_frame.items()}

        # lower-left of the main board: provinces, achievement, privilege
        r["province_display"] = pygame.Rect(18, 378, 410, 178)
        cw, ch = 74, 118
        for i in range(4):
            r[f"province.{i}"] = pygame.Rect(28 + i * (cw + 8), 410, cw, ch)
        r["province_deck"] = pygame.Rect(28 + 4 * (cw + 8) + 6, 410, cw, ch)
        r["achievement"] = pygame.Rect(18, 562, 196, 112)
        r["legendary_token"] = pygame.Rect(164, 566, 44, 44)
        r["privilege_track"] = pygame.Rect(222, 562, 206, 112)
        for k in range(5):
            r[f"privilege.{k}"] = pygame.Rect(230 + k * 39, 610, 36, 40)
        # time track lives in the top bar (untimed modes)
        r["time_track"] = pygame.Rect(690, 6, 560, 40)
        for n in range(1, 12):
            r[f"time_space.{n}"] = pygame.Rect(700 + (n - 1) * 49, 8, 40, 36)
        # council board
        cb = COUNCIL
        r["council.default"] = pygame.Rect(cb.left + 12, cb.top + 40, 84, 120)
        r["council.grande"] = pygame.Rect(cb.left + 102, cb.top + 40, 84, 120)
        for i in range(5):
            r[f"council.offer.{i}"] = pygame.Rect(cb.left + 200 + i * 80, cb.top + 40, 74, 120)
        r["council.deck"] = pygame.Rect(cb.left + 600, cb.top + 40, 62, 120)
        self._council_home = {k: v.copy() for k, v in r.items() if k.startswith("council.")}
        self.council_active = False
        self.set_focus(focused)

    def set_council(self, active: bool):
        """During the council the reward cards move, larger, into the council overlay
        (drawn over the main board); their region ids stay the same."""
        if active == self.council_active:
            return
        self.council_active = active
        r = self.rects
        if not active:
            r.update({k: v.copy() for k, v in self._council_home.items()})
            r.pop("council_overlay", None)
            return
        ov = MAIN.inflate(-40, -40)
        r["council_overlay"] = ov
        y = ov.top + 250
        r["council.default"] = pygame.Rect(ov.left + 30, y, 130, 180)
        r["council.grande"] = pygame.Rect(ov.left + 175, y, 130, 180)
        for i in range(5):
            r[f"council.offer.{i}"] = pygame.Rect(ov.left + 340 + i * 145, y, 130, 180)
        r["council.deck"] = pygame.Rect(ov.left + 1075, y, 90, 180)

    def council_privilege(self) -> pygame.Rect:
        """The council overlay's privilege row (its title, hexagons and votes; renderer.py
        draws the hexagons 150 apart from ``left + 60``, ``top + 156``)."""
        ov = self.rects["council_overlay"]
        return pygame.Rect(ov.left + 10, ov.top + 100, (self.n_seats - 1) * 150 + 110, 106)

    def set_focus(self, focused: int):
        r = self.rects
        self.focused = focused
        for key in [k for k in r if k.startswith("seat.")]:
            del r[key]
        r["seat_board"] = SEAT_FULL.copy()
        self._seat_full(focused, SEAT_FULL)
        others = [s for s in range(self.n_seats) if s != focused]
        if others:
            h = SEAT_COMPACT.height // max(4, len(others))
            for i, s in enumerate(others):
                rect = pygame.Rect(SEAT_COMPACT.left, SEAT_COMPACT.top + i * h, SEAT_COMPACT.width, h - 4)
                r[f"seat.{s}"] = rect
                r[f"seat.{s}.mat"] = pygame.Rect(rect.right - 132, rect.top + 30, 128, rect.height - 34)
                r[f"seat.{s}.resources"] = pygame.Rect(rect.left + 326, rect.top + 30, 210, rect.height - 34)

    def _seat_full(self, s: int, rect: pygame.Rect):
        r = self.rects
        r[f"seat.{s}"] = rect.copy()
        x, y = rect.left + 12, rect.top + 44
        # four VP tracks: 22 circles each, parchment 14..21
        for i, t in enumerate(TRACKS):
            r[f"seat.{s}.track.{t}"] = pygame.Rect(x, y + i * 36, 760, 32)
        r[f"seat.{s}.resources"] = pygame.Rect(rect.left + 790, rect.top + 44, 420, 64)
        r[f"seat.{s}.mat"] = pygame.Rect(rect.left + 790, rect.top + 114, 420, 76)
        for i, slot in enumerate(SLOTS):
            r[f"seat.{s}.slot.{slot}"] = pygame.Rect(x + i * 190, rect.top + 196, 182, 168)
        r[f"seat.{s}.hand"] = pygame.Rect(rect.left + 790, rect.top + 196, 420, 168)

    def region(self, rid: str) -> pygame.Rect | None:
        return self.rects.get(rid)

    def hit(self, pos, prefixes=None):
        """Ids of regions under ``pos`` (most specific = smallest first)."""
        hits = [(k, v) for k, v in self.rects.items() if v.collidepoint(pos)
                and (prefixes is None or k.startswith(prefixes))]
        hits.sort(key=lambda kv: kv[1].width * kv[1].height)
        return [k for k, _ in hits]
