"""The battle view: both sides, the three compared parameters with W/T/L, every modifier
as a line of the breakdown, the final win rate, the d100 roll and the aftermath."""
from __future__ import annotations

import pygame

from tabletop.ui.tooltip import elide_line

from . import theme as T



def for_viewer(good_for_a, me):
    """A colour that reads as good or bad news for the viewer on side ``me`` ("A"/"B"; None: an
    onlooker, neutral): ``good_for_a`` is True when the thing favours side A, None for neither."""
    if good_for_a is None or me is None:
        return T.TEXT_DIM if good_for_a is None else T.TEXT
    return T.GOOD if good_for_a == (me == "A") else T.BAD


def _row_good_for_a(r):
    return {"W": True, "L": False}.get(r)


def _res_letter(r):
    r = str(r).lower()
    return {"win": "W", "w": "W", "tie": "T", "t": "T", "loss": "L", "l": "L", "lose": "L"}.get(r, str(r)[:1].upper())


class BattleView:
    """Draws a normalised battle dict::

        {no, cause, loc_name, A: [side member], B: [...], slots: [[P, va, vb, r]], wtl, base,
         power, level, mod_a: [[fid, source, amount]], mod_b, raw, final_a, prelim, roll, winner,
         aftermath: [text], stage}

    where a side member is {id, label, color, level, main}. Texts come through ``label_fn``.
    """

    def __init__(self, app, rect):
        self.app = app
        self.rect = pygame.Rect(rect)
        self._cache_key = None
        self._surf = None
        self._texts = []

    def draw(self, surface, battle, tr, record=None):
        key = (repr(sorted((k, repr(v)) for k, v in battle.items())), self.app.lang, self.rect.size)
        if key != self._cache_key:
            self._surf, self._texts = self._render(battle, tr)
            self._cache_key = key
        surface.blit(self._surf, self.rect.topleft)
        if record is not None:
            record.extend(self._texts)

    def _render(self, b, tr):
        app = self.app
        texts = []
        w, h = self.rect.size
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (16, 14, 24, 255), s.get_rect(), border_radius=10)
        pygame.draw.rect(s, T.ACCENT, s.get_rect(), 2, border_radius=10)

        def put(text, pos, size=18, col=T.TEXT, bold=False, anchor="topleft", maxw=None):
            text = str(text)
            if maxw:                       # too wide: cut short with "…"
                text = elide_line(app, text, size, maxw, bold)
            texts.append(text)
            t = app.text(text, size, col, bold, cache=False)   # a battle's words: drawn once, kept in its frame
            r = t.get_rect(**{anchor: pos})
            s.blit(t, r)
            return r

        put(tr("battle.title", no=b.get("no", "?"), cause=tr("cause." + str(b.get("cause", "")).replace(" ", "_"), default=str(b.get("cause", "")))),
            (24, 14), 26, T.ACCENT, True)
        put(b.get("loc_name", ""), (w - 24, 20), 18, T.TEXT_DIM, anchor="topright")
        # sides
        col_a, col_b = 24, w // 2 + 12
        put(tr("battle.side_a"), (col_a, 58), 18, T.TEXT_DIM, True)
        put(tr("battle.side_b"), (col_b, 58), 18, T.TEXT_DIM, True)
        for ci, side in ((col_a, "A"), (col_b, "B")):
            y = 84
            for m in b.get(side, []):
                pygame.draw.circle(s, m.get("color", (128, 128, 128)), (ci + 12, y + 14), 11)
                role = tr("battle.main") if m.get("main") else tr("battle.sub")
                who = f"{m.get('label', m.get('id'))}  Lv {m.get('level', '?')}  ({role})"
                room = (col_b - 16 if side == "A" else w - 24) - (ci + 30)       # never into the other side
                size = 19 if app.font(19, True).size(who)[0] <= room else 16     # a long name: smaller, then cut
                put(who, (ci + 30, y + 2 + (19 - size) // 2), size, T.TEXT, True, maxw=room)
                y += 30
        # slots table
        y = 160
        slots = b.get("slots") or []
        put(tr("battle.slots"), (24, y), 18, T.TEXT_DIM, True)
        y += 28
        labels = [tr("battle.slot1"), tr("battle.slot2"), tr("battle.slot3")]
        # the table starts right of its widest row label (long in Japanese)
        px = max(170, 24 + max(app.font(17).size(l)[0] for l in labels) + 16)
        dx = px - 170
        me = b.get("me")
        if not slots and b.get("compare"):   # a participant while the slots are picked
            y = self._compare(b, tr, put, labels, px, y, me)
        if (slots and len(slots[0]) < 3) or (not slots and not b.get("compare")):
            # not a participant (or not yet picked): only the public facts, the random slot once rolled
            put(tr("battle.hidden"), (24, y), 17, T.TEXT_DIM)
            y += 30
            if slots and slots[-1] and slots[-1][0] != "?":
                put(labels[2], (24, y), 17, T.TEXT_DIM)
                put(tr("param." + slots[-1][0], default=slots[-1][0]), (px, y), 19, T.TEXT, True)
                y += 30
            slots = []
        for i, row in enumerate(slots):
            p = row[0]
            va = row[1] if len(row) > 1 else "?"
            vb = row[2] if len(row) > 2 else "?"
            r = _res_letter(row[3]) if len(row) > 3 else ""
            put(labels[i] if i < 3 else "", (24, y), 17, T.TEXT_DIM)
            put(tr("param." + p, default=p), (px, y), 19, T.TEXT, True)
            put(str(va), (430 + dx, y), 20, T.TEXT, True, anchor="topright")
            put("vs", (470 + dx, y + 2), 15, T.TEXT_FAINT, anchor="midtop")
            put(str(vb), (510 + dx, y), 20, T.TEXT, True)
            if r:
                put(tr("battle.res_" + r), (590 + dx, y), 19, for_viewer(_row_good_for_a(r), me), True)
            y += 30
        if b.get("wtl"):
            put(tr("battle.wtl", wtl=b["wtl"], base=b.get("base", "?")), (24, y + 4), 19, T.ACCENT, True)
            y += 34
        # breakdown lines
        lines = []
        if "base" in b:
            lines.append((tr("battle.line_base", wtl=b.get("wtl", "")), b["base"]))
            lines.append((tr("battle.line_power"), b.get("power", 0)))
            lines.append((tr("battle.line_level"), b.get("level", 0)))
            for fid, src, amt in b.get("mod_a", []):
                lines.append((tr("battle.line_mod", who=b.get("names", {}).get(fid, fid), what=b.get("sources", {}).get(src, src)), amt))
            for fid, src, amt in b.get("mod_b", []):
                lines.append((tr("battle.line_mod", who=b.get("names", {}).get(fid, fid), what=b.get("sources", {}).get(src, src)), -amt))
        if lines:
            put(tr("battle.breakdown"), (24, y + 6), 18, T.TEXT_DIM, True)
            y += 34
            for text, amt in lines[:14]:
                put(text, (40, y), 17, T.TEXT)
                col = for_viewer(None if not isinstance(amt, int) or amt == 0 else amt > 0, me)
                put(f"{amt:+d}" if isinstance(amt, int) else str(amt), (w - 300, y), 18, col, True, anchor="topright")
                y += 25
            if "raw" in b:
                pygame.draw.line(s, T.PANEL_EDGE, (40, y + 2), (w - 290, y + 2), 1)
                put(tr("battle.line_raw"), (40, y + 6), 17, T.TEXT_DIM)
                put(str(b["raw"]), (w - 300, y + 6), 18, T.TEXT, True, anchor="topright")
                y += 32
        # final rate box (right)
        bx = pygame.Rect(w - 270, 160, 246, 190)
        if b.get("final_a") is not None or b.get("prelim") is not None or b.get("roll"):
            pygame.draw.rect(s, (30, 28, 44), bx, border_radius=8)
            pygame.draw.rect(s, T.PANEL_EDGE, bx, 2, border_radius=8)
        stage = b.get("stage", "")
        if b.get("final_a") is not None:
            put(tr("battle.final"), (bx.centerx, bx.y + 10), 17, T.TEXT_DIM, True, anchor="midtop")
            put(f"{b['final_a']}%", (bx.centerx, bx.y + 34), 54, T.ACCENT, True, anchor="midtop")
            put(tr("battle.rate_for_a"), (bx.centerx, bx.y + 104), 15, T.TEXT_DIM, anchor="midtop")
        elif b.get("prelim") is not None:
            put(tr("battle.prelim"), (bx.centerx, bx.y + 10), 17, T.TEXT_DIM, True, anchor="midtop")
            put(f"{b['prelim']}%", (bx.centerx, bx.y + 34), 54, T.TEXT, True, anchor="midtop")
            put(tr("battle.rate_for_a"), (bx.centerx, bx.y + 104), 15, T.TEXT_DIM, anchor="midtop")
        if b.get("roll"):
            won = b.get("winner")
            put(tr("battle.roll", roll=b["roll"], rate=b.get("final_a", "?")), (bx.centerx, bx.y + 128), 18, T.TEXT, True, anchor="midtop")
            if won:
                col = T.ACCENT if me is None else for_viewer(won == "A", me)
                put(tr("battle.winner_" + won), (bx.centerx, bx.y + 154), 20, col, True, anchor="midtop")
        rate = b.get("final_a") if b.get("final_a") is not None else b.get("prelim")
        if me is not None and rate is not None and not b.get("roll"):
            mine = rate if me == "A" else 100 - rate
            put(tr("gw_battle.your_chance", rate=mine), (bx.centerx, bx.y + 132), 16, T.ACCENT, True, anchor="midtop")
        if stage:
            put(tr("battle.stage." + stage, default=""), (w - 24, h - 36), 17, T.TEXT_DIM, anchor="topright")
        y2 = 372
        picks = b.get("revealed") or b.get("mine")
        if picks and not b.get("final_a"):
            put(tr("battle.revealed" if b.get("revealed") else "battle.mine"), (w - 270, y2), 15, T.TEXT_DIM, True)
            y2 += 22
            for line in picks[-6:]:
                put("• " + line, (w - 262, y2), 15, T.ACCENT)
                y2 += 22
        after = b.get("aftermath") or []
        room = max(0, (h - 44 - (y + 36)) // 22)
        if after and room:
            put(tr("battle.aftermath"), (24, y + 10), 16, T.TEXT_DIM, True)
            yy = y + 34
            for line in after[-room:]:
                put(line, (40, yy), 15, T.TEXT)
                yy += 22
        return s, texts

    def _compare(self, b, tr, put, labels, px, y, me):
        """All five parameters, both sides' values as the viewer knows them; the slots picked
        so far are marked. Returns the next free y."""
        dx = px - 170
        put(tr("gw_battle.compare"), (24, y), 15, T.TEXT_DIM)
        y += 26
        chosen = list(b.get("chosen_slots") or [])
        for p, va, vb, r in b["compare"]:
            n = chosen.index(p) if p in chosen else None
            if n is not None:
                put(labels[n] if n < 3 else "", (24, y), 17, T.ACCENT)
            put(tr("param." + p, default=p), (px, y), 19, T.ACCENT if n is not None else T.TEXT, True)
            put(str(va), (430 + dx, y), 20, T.TEXT, True, anchor="topright")
            put("vs", (470 + dx, y + 2), 15, T.TEXT_FAINT, anchor="midtop")
            put(str(vb), (510 + dx, y), 20, T.TEXT, True)
            if r:
                put(tr("battle.res_" + r), (590 + dx, y), 19, for_viewer(_row_good_for_a(r), me), True)
            y += 30
        return y
