"""Drawing what changes only when the engine state changes (redrawn into the table's
cached layer after events, never per frame): top bar, purple markers, provinces,
achievement, privilege track, council cards, the seat boards. Everything is read from the
engine's view (``table.view``, see pendulum/rules/view.py) plus static rules data."""
from __future__ import annotations

import pygame

from tabletop.ui import skin
from tabletop.ui.present import display_surface

from . import render as R
from . import view as V
from .layout import SLOTS, TRACKS

INK = R.INK


def draw_state(table, s):
    app, rules, v = table.app, table.rules, table.view
    r = table.layout.rects
    # top bar: round, phase, who acts
    phase = app.t(f"pendulum.phase.{v['phase']}")
    head = app.t("pendulum.round", round=min(v["round"], rules.rounds), rounds=rules.rounds) + "  ·  " + phase
    s.blit(R.text_fit(app, head, 24, INK, 446, True), (16, 10))
    mode = app.t(f"pendulum.mode.{rules.mode}")
    s.blit(R.text_fit(app, mode, 18, R.DIM_INK, 210 if not rules.timed else 420), (470, 16))
    if not rules.timed:
        _time_track(table, s)
    # each area says which row acts and which row takes placements
    for area in ("green", "purple", "black"):
        ar = r[f"area.{area}"]
        row = V.timer(v, area)["row"]
        other = V.ROWS[1 - V.ROWS.index(row)]
        tag = app.t("pendulum.area_rows", act=app.t(f"pendulum.row.{row}"), place=app.t(f"pendulum.row.{other}"))
        t = R.text_fit(app, tag, 16, (255, 236, 190), ar.width - 260)
        s.blit(t, t.get_rect(topright=(ar.right - 12, ar.top + 7)))
    # purple time markers
    for row, k in V.purple_markers(v):
        pr = r.get(f"timer_place.purple.{row}.{k}")
        if pr:
            skin.draw(app, "pendulum.token.time_marker", s, pygame.Rect(0, 0, 42, 42).move(pr.centerx - 21, pr.centery - 21),
                      fallback=lambda g, rr: _disc(g, rr, 20, (170, 120, 220), (30, 16, 40)))
            t = app.text(app.t("pendulum.text.marker_letter"), 18, (30, 16, 40), True)
            s.blit(t, t.get_rect(center=pr.center))
    _provinces(table, s)
    _achievement(table, s)
    _privilege(table, s)
    if table.layout.council_active:
        _council_overlay(table, s)
    _council(table, s)
    for seat in range(table.n):
        _cached_seat(table, s, seat, seat == table.focus_seat)
    _prompt(table, s)


def _prompt(table, s):
    """One line telling the people at the table what the game waits for."""
    app, v = table.app, table.view
    to_act = v["seats_to_act"]
    ph = v["phase"]
    if ph == "game_over":
        text = app.t("pendulum.prompt.game_over")
    elif ph == "opening" and to_act:
        kind = v["opening"][0]["kind"] if v["opening"] else "grande"
        text = app.t("pendulum.prompt.opening", seat=V.seat_name(app, table.rules, to_act[0]),
                     kind=app.t(f"pendulum.{kind}"))
    elif ph.startswith("council_rewards") and to_act:
        text = app.t("pendulum.prompt.council", seat=V.seat_name(app, table.rules, to_act[0]))
    elif ph == "council_trim":
        text = app.t("pendulum.prompt.trim")
    elif ph in ("council_called", "council_adjust") or not table.timed:
        names = V.sep(app).join(V.seat_name(app, table.rules, x) for x in to_act)
        text = app.t("pendulum.prompt.done", seats=names)
    else:
        text = app.t("pendulum.prompt.realtime")
    t = R.text_fit(app, text, 20, (255, 230, 160), 1200)
    s.blit(t, t.get_rect(center=table.layout.rects["prompt"].center))


def _time_track(table, s):
    app, v = table.app, table.view
    r = table.layout.rects
    tt = r["time_track"]
    skin.draw(app, "pendulum.timetrack.bar", s, tt.inflate(8, 4),
              fallback=lambda g, b: pygame.draw.rect(g, (30, 46, 52), b, border_radius=8))
    steps = table.rules.timer_track
    for n, flips, call in steps:
        rect = r.get(f"time_space.{n}")
        if rect is None:
            continue
        on = v["time_track"]["space"] == n
        skin.draw(app, "pendulum.timetrack.current" if on else "pendulum.timetrack.space", s, rect,
                  fallback=lambda g, b, on=on: (pygame.draw.rect(g, (230, 200, 120) if on else (60, 72, 78), b,
                                                                 border_radius=6),
                                                pygame.draw.rect(g, R.GOLD, b, 1, border_radius=6)))
        t = app.text(str(n), 16, (20, 16, 12) if on else INK, True)
        s.blit(t, t.get_rect(midtop=(rect.centerx, rect.top + 1)))
        for i, f in enumerate(flips):
            pygame.draw.circle(s, R.AREA_LIGHT[f], (rect.left + 9 + i * 11, rect.bottom - 8), 4)


def _disc(s, rect, radius, fill, edge, width=2):
    """A round token drawn in the middle of ``rect``."""
    pygame.draw.circle(s, fill, rect.center, radius)
    pygame.draw.circle(s, edge, rect.center, radius, width)


def _card(s, rect, colour, edge=(20, 16, 12)):
    pygame.draw.rect(s, colour, rect, border_radius=7)
    pygame.draw.rect(s, edge, rect, 2, border_radius=7)


def _provinces(table, s):
    app, rules, v = table.app, table.rules, table.view
    r = table.layout.rects
    deck = v["provinces"]["deck"]
    for i, card in enumerate(v["provinces"]["display"][:4]):
        rect = r[f"province.{i}"]
        if not card:
            continue
        _province_card(app, rules, s, rect, card)
    d = r["province_deck"]
    if deck:
        skin.draw(app, "pendulum.card_back.province", s, d, fallback=lambda g, rr: (_card(g, rr, (70, 90, 70)), [
            pygame.draw.rect(g, (40, 52, 40), rr.move(-k * 2, -k * 2), 1, border_radius=7) for k in range(3)]))
    t = app.text(str(deck), 22, INK, True)
    s.blit(t, t.get_rect(center=d.center))


def _province_card(app, rules, s, rect, card, compact=False):
    skin.draw(app, f"pendulum.province.{card}", s, rect, fallback=lambda g, rr: _card(g, rr, (226, 214, 178)))
    prov = rules.provinces[card]
    h = (rect.height - 20) // 4
    nm = R.text_fit(app, V.name(app, rules, card), 12, (40, 30, 20), rect.width - 4)
    s.blit(nm, nm.get_rect(midtop=(rect.centerx, rect.top + 2)))
    for j, slot in enumerate(SLOTS):
        y = rect.top + 18 + j * h
        pygame.draw.circle(s, R.SLOT_COL[slot], (rect.left + 11, y + h // 2), 7)
        txt = V.short_text(app, rules, prov[slot])
        t = R.text_fit(app, txt, 16, (30, 24, 16), rect.width - 22)
        s.blit(t, (rect.left + 21, y + h // 2 - t.get_height() // 2))


def _achievement(table, s):
    app, rules, ach = table.app, table.rules, table.view["achievement"]
    a = table.layout.rects["achievement"]
    if not ach["card"]:
        t = app.text(app.t("pendulum.no_achievement"), 16, R.DIM_INK)
        s.blit(t, t.get_rect(center=a.center))
        return
    skin.draw(app, f"pendulum.achievement.{ach['card']}", s, a)      # the box itself is on the static layer
    s.blit(R.text_fit(app, V.name(app, rules, ach["card"]), 16, INK, a.width - 60, True), (a.left + 8, a.top + 6))
    req = {k: v for k, v in ach["requires"].items() if v}
    s.blit(R.text_fit(app, app.t("pendulum.needs", what=V.short_text(app, rules, req)), 16, (255, 220, 160), a.width - 14),
           (a.left + 8, a.top + 30))
    s.blit(R.text_fit(app, app.t("pendulum.or_reward", what=V.short_text(app, rules, ach["reward"])), 16, INK, a.width - 14),
           (a.left + 8, a.top + 50))
    for k in range(rules.marker_spots):
        c = (a.left + 20 + k * 36, a.bottom - 22)
        pygame.draw.circle(s, (40, 32, 24), c, 15)
        if k < len(ach["markers"]):
            tok = table.sprites.token(ach["markers"][k], 28)
            s.blit(tok, tok.get_rect(center=c))
    if ach["legendary"] == "card":
        lt = table.layout.rects["legendary_token"]
        skin.draw(app, "pendulum.token.legendary", s, pygame.Rect(0, 0, 38, 38).move(lt.centerx - 19, lt.centery - 19),
                  fallback=lambda g, rr: _disc(g, rr, 18, (200, 200, 215), (60, 60, 70)))
        t = app.text("★", 24, (80, 70, 30), True)
        s.blit(t, t.get_rect(center=lt.center))


def _privilege(table, s):
    r = table.layout.rects
    for k, seat in enumerate(table.view["privilege"]):
        rect = r.get(f"privilege.{k}")
        if rect is None:
            continue
        tok = table.sprites.token(seat, 34)
        s.blit(tok, tok.get_rect(center=rect.center))


def _council_overlay(table, s):
    """The council as its own panel over the main board: steps, privilege by votes, whose turn."""
    app, rules, v = table.app, table.rules, table.view
    r = table.layout.rects
    ov = r["council_overlay"]
    shade = pygame.Surface(r["main_board"].size, pygame.SRCALPHA)
    shade.fill((8, 10, 16, 170))
    s.blit(shade, r["main_board"])
    skin.draw(app, "pendulum.panel.council_overlay", s, ov, fallback=lambda g, b: (
        pygame.draw.rect(g, (40, 46, 70), b, border_radius=16), pygame.draw.rect(g, (150, 160, 220), b, 3, border_radius=16)))
    s.blit(app.text(app.t("pendulum.council.title", round=min(v["round"], rules.rounds)), 32, INK, True),
           (ov.left + 24, ov.top + 14))
    steps = ["privilege", "rewards", "trim", "setup"]
    current = {"council_rewards": 1, "council_trim": 2, "council_adjust": 3}.get(v["phase"], 0)
    x = ov.left + 24
    for i, k in enumerate(steps):
        col = (255, 226, 150) if i == current else ((150, 200, 150) if i < current else R.DIM_INK)
        t = app.text(f"{i + 1}. " + app.t(f"pendulum.council.step_{k}"), 18, col, i == current)
        s.blit(t, (x, ov.top + 62))
        x += t.get_width() + 30
    s.blit(app.text(app.t("pendulum.council.order"), 18, R.DIM_INK), (ov.left + 24, ov.top + 100))
    # the tokens themselves are drawn per frame by the table (animated re-order)
    turn = v["council"]["turn"]
    if turn is not None:
        who = V.seat_name(app, rules, turn)
        key = "pendulum.council.your_turn" if table.human[turn] else "pendulum.council.bot_turn"
        s.blit(app.text(app.t(key, seat=who), 24, (255, 226, 150), True), (ov.left + 24, ov.top + 206))
    elif v["phase"] == "council_trim":
        s.blit(app.text(app.t("pendulum.prompt.trim"), 24, (255, 226, 150), True), (ov.left + 24, ov.top + 206))
    note = app.t("pendulum.council.bonus", bonus=" / ".join(f"{i + 1}: +{b}" for i, b in enumerate(rules.rank_bonus) if b))
    s.blit(app.text(note, 16, R.DIM_INK), (ov.left + 24, ov.bottom - 34))


def _council(table, s):
    app, rules, v = table.app, table.rules, table.view
    r = table.layout.rects
    cb = r["council_board"]
    council = v["council"]
    turn = council["turn"]
    cards = [("default", council["default"], True), ("grande", council["grande"], council["grande_up"])]
    cards += [(f"offer.{i}", c, True) for i, c in enumerate(council["offer"])]
    for key, card, up in cards:
        rect = r.get(f"council.{key}")
        if rect is None or not card:
            continue
        info = rules.cards[card]
        kind = info["kind"]
        col = {"always_available": (200, 200, 190), "flip_card": (236, 206, 90), "stratagem": (140, 180, 236),
               "final": (226, 120, 110)}.get(kind, (220, 200, 170))
        if not up:
            skin.draw(app, "pendulum.card_back.council", s, rect, fallback=lambda g, rr: _card(g, rr, (90, 80, 60)))
            continue
        skin.draw(app, f"pendulum.council.{card}", s, rect, fallback=lambda g, rr: _card(g, rr, col))
        if turn is not None and table.human[turn] and any(
                V.option_matches_region(v, a.option, f"council.{key}") for a in table.legal(turn) if a.kind == "choose"):
            pygame.draw.rect(s, (120, 255, 140), rect.inflate(8, 8), 3, border_radius=9)
        lines = R.text_lines(app, V.name(app, rules, card), 16 if table.layout.council_active else 14, (20, 16, 12), rect.width - 8, max_lines=5)
        y = rect.top + 6
        for line in lines:
            s.blit(line, line.get_rect(midtop=(rect.centerx, y)))
            y += line.get_height() - 2
        tag = app.t(f"pendulum.cardkind.{kind}")
        t = R.text_fit(app, tag, 12, (60, 40, 30), rect.width - 6)
        s.blit(t, t.get_rect(midbottom=(rect.centerx, rect.bottom - 4)))
    d = r["council.deck"]
    skin.draw(app, "pendulum.card_back.council_deck", s, d, fallback=lambda g, rr: _card(g, rr, (60, 70, 110)))
    t = app.text(str(council["deck"]), 22, INK, True)
    s.blit(t, t.get_rect(center=d.center))
    if turn is not None:
        t = app.text(app.t("pendulum.council_turn", seat=V.seat_name(app, rules, turn)), 18, (255, 230, 160), True)
        s.blit(t, (cb.left + 12, cb.bottom - 36))


def _res_line(app, s, x, y, m, size=22):
    res = m["resources"]
    items = [("military", res["military"]), ("culture", res["culture"]), ("gold", res["gold"]), ("votes", m["votes"])]
    for k, v in items:
        col = R.RES_COL[k]
        rect = pygame.Rect(x, y, size, size)
        skin.draw(app, f"pendulum.icon.{k}", s, rect, fallback=lambda g, rr: _res_icon(g, rr, k, col))
        letter = app.text(app.t(f"pendulum.res_letter.{k}"), int(size * 0.6), R.contrast(col), True)
        s.blit(letter, letter.get_rect(center=rect.center))
        t = app.text(str(v), int(size * 1.0), INK, True)
        s.blit(t, (x + size + 4, y + size // 2 - t.get_height() // 2))
        x += size + 4 + max(int(size * 1.3), t.get_width() + 10)
    return x


def _res_icon(s, rect, k, col):
    if k == "votes":
        R.draw_shape(s, "hexagon", rect.center, rect.w, col, (16, 12, 8), 1)
    else:
        pygame.draw.rect(s, col, rect, border_radius=4)
        pygame.draw.rect(s, (16, 12, 8), rect, 1, border_radius=4)


def _seat_header(table, s, seat, rect, big):
    app, rules = table.app, table.rules
    sd = table.sprites.seats[seat]
    m = V.mat(table.view, seat)
    R.draw_shape(s, sd["shape"], (rect.left + 22, rect.top + 20), 30, sd["colour"])
    t = app.text(sd["letter"], 16, R.contrast(sd["colour"]), True)
    s.blit(t, t.get_rect(center=(rect.left + 22, rect.top + 21)))
    who = app.t("pendulum.human") if table.human[seat] else app.t("pendulum.bot")
    name = f"{V.seat_name(app, rules, seat)} · {V.name(app, rules, m['character'])} · {who}"
    s.blit(R.text_fit(app, name, 20 if big else 17, INK, rect.width - 260 if not big else 500, True),
           (rect.left + 44, rect.top + 8))
    need = sum(max(0, rules.parchment - t) for t in m["tracks"].values())
    stand = app.t("pendulum.standing", n=need) + ("  ★" if m["legendary"] else "")
    t = app.text(stand, 15 if not big else 17, (255, 226, 150) if need == 0 and m["legendary"] else R.DIM_INK, True)
    s.blit(t, t.get_rect(topright=(rect.right - 10, rect.top + 12)) if not big else (rect.left + 560, rect.top + 12))
    badges = []
    if m["done"]:
        badges.append(app.t("pendulum.badge.done"))
    if m["decisions_pending"]:
        badges.append(app.t("pendulum.badge.choosing"))
    if badges and big:
        t = app.text(" · ".join(badges), 16, (255, 220, 150), True)
        s.blit(t, (rect.left + 790, rect.top + 14))


def _cached_seat(table, s, seat, big):
    """A seat board is redrawn only when that seat's data changed (most moves change one seat)."""
    rect = table.layout.rects.get(f"seat.{seat}")
    if rect is None:
        return
    if table.renderer.direct:             # the first frame, drawn straight on the App's frame: kept later
        clip = s.get_clip()
        s.set_clip(rect.clip(clip))
        try:
            (_seat_full if big else _seat_compact)(table, s, seat)
        finally:
            s.set_clip(clip)
        return
    m = V.mat(table.view, seat)
    key = (big, rect.size, table.app.lang, table.human[seat], tuple(m["tracks"].values()),
           tuple(m["resources"].values()), m["votes"], m["legendary"],
           tuple((c, tuple(v["provinces"])) for c, v in m["production"].items()), tuple(m["hand"]),
           tuple(m["discard"]), m["done"], m["decisions_pending"], V.reserve(table.view, seat))
    cache = table.renderer.seat_cache
    ent = cache.get(seat)
    if ent is None or ent[0] != key:
        surf = display_surface(rect.size)
        surf.blit(table.renderer.static, (0, 0), rect)
        prefix = f"seat.{seat}"
        shifted = {k: v.move(-rect.x, -rect.y) for k, v in table.layout.rects.items()
                   if k == prefix or k.startswith(prefix + ".")}
        (_seat_full if big else _seat_compact)(table, surf, seat, shifted)
        ent = cache[seat] = (key, surf)
    s.blit(ent[1], rect)


def _seat_full(table, s, seat, r=None):
    app, rules = table.app, table.rules
    r = r or table.layout.rects
    rect = r[f"seat.{seat}"]
    sd = table.sprites.seats[seat]
    m = V.mat(table.view, seat)
    skin.draw(app, f"pendulum.character.{m['character']}", s, rect)    # no built-in art: the seat board shows through
    pygame.draw.rect(s, sd["colour"], rect, 3, border_radius=12)
    _seat_header(table, s, seat, rect, True)
    for t in TRACKS:
        tr = r[f"seat.{seat}.track.{t}"]
        if t == "legendary":
            _legendary(app, s, tr, m["legendary"])
            continue
        tok = app.text(sd["letter"], 13, R.contrast(R.TRACK_COL[t]), True)
        R.draw_track(app, s, tr, t, m["track_start"][t], m["tracks"][t], rules.track_max, rules.parchment, token=tok)
    res = r[f"seat.{seat}.resources"]
    _res_line(app, s, res.left, res.top + 6, m, 26)
    mat = r[f"seat.{seat}.mat"]
    skin.draw(app, "pendulum.mat", s, mat, fallback=lambda g, rr: pygame.draw.rect(g, (30, 34, 30), rr, border_radius=8))
    s.blit(app.text(app.t("pendulum.on_mat"), 16, R.DIM_INK), (mat.left + 6, mat.top + 2))
    t = app.text(app.t("pendulum.reserve", n=V.reserve(table.view, seat)), 16, R.DIM_INK)
    s.blit(t, (mat.right - t.get_width() - 6, mat.top + 2))
    prod = rules.production[m["character"]]
    for slot in SLOTS:
        sr = r[f"seat.{seat}.slot.{slot}"]
        skin.draw(app, f"pendulum.slot.{slot}", s, sr, fallback=lambda g, b: (
            pygame.draw.rect(g, (50, 44, 36), b, border_radius=8), pygame.draw.rect(g, R.SLOT_COL[slot], b, 3, border_radius=8)))
        head = app.t("pendulum.slot", slot=V.name(app, rules, slot))
        s.blit(R.text_fit(app, head, 17, R.SLOT_COL[slot], sr.width - 10, True), (sr.left + 8, sr.top + 4))
        printed = V.amounts_text(app, rules, prod[slot])
        s.blit(R.text_fit(app, printed, 17, INK, sr.width - 10), (sr.left + 8, sr.top + 25))
        for k, card in enumerate(m["production"][slot]["provinces"][:5]):
            y = sr.top + 48 + k * 23
            cr = pygame.Rect(sr.left + 6, y, sr.width - 12, 21)
            pygame.draw.rect(s, (226, 214, 178), cr, border_radius=4)
            txt = V.short_text(app, rules, rules.provinces[card][slot])
            s.blit(R.text_fit(app, "+ " + txt, 16, (30, 24, 16), cr.width - 8), (cr.left + 4, cr.top))
    hand = r[f"seat.{seat}.hand"]
    skin.draw(app, "pendulum.panel.hand", s, hand, fallback=lambda g, b: pygame.draw.rect(g, (34, 40, 52), b, border_radius=8))
    s.blit(app.text(app.t("pendulum.hand_title", n=len(m["hand"]), d=len(m["discard"])), 17, R.DIM_INK, True),
           (hand.left + 8, hand.top + 4))
    y = hand.top + 26
    for card in m["hand"][:6]:
        skin.draw(app, f"pendulum.stratagem.{card}", s, (hand.left + 4, y - 1, hand.width - 8, 23))   # no built-in strip
        t = R.text_fit(app, "▶ " + V.name(app, rules, card), 18, INK, hand.width - 16)
        s.blit(t, (hand.left + 8, y))
        y += 23
    for card in m["discard"][:6 - min(6, len(m["hand"]))]:
        t = R.text_fit(app, "✕ " + V.name(app, rules, card), 16, R.DIM_INK, hand.width - 16)
        s.blit(t, (hand.left + 8, y))
        y += 21


def _legendary(app, s, rect, has):
    label = app.text(app.t("pendulum.track.legendary"), 16, R.TRACK_COL["legendary"], True)
    s.blit(label, label.get_rect(midleft=(rect.left, rect.centery)))
    for part, x, fill in (("step", 120, (70, 66, 58)), ("parchment", 152, R.PARCHMENT)):
        skin.draw(app, f"pendulum.track.legendary.{part}", s, R.disc_rect(rect.left + x, rect.centery, 12),
                  fallback=lambda g, b, f=fill: pygame.draw.circle(g, f, b.center, b.w // 2))
    skin.draw(app, "pendulum.track.legendary.marker", s, R.disc_rect(rect.left + (152 if has else 120), rect.centery, 14),
              fallback=lambda g, b: pygame.draw.circle(g, R.TRACK_COL["legendary"], b.center, b.w // 2))
    t = app.text(app.t("pendulum.legendary_yes" if has else "pendulum.legendary_no"), 15, INK)
    s.blit(t, (rect.left + 176, rect.centery - t.get_height() // 2))


def _seat_compact(table, s, seat, r=None):
    app, rules = table.app, table.rules
    r = r or table.layout.rects
    rect = r.get(f"seat.{seat}")
    if rect is None:
        return
    sd = table.sprites.seats[seat]
    pygame.draw.rect(s, (40, 46, 44), rect, border_radius=10)
    pygame.draw.rect(s, sd["colour"], rect, 2, border_radius=10)
    _seat_header(table, s, seat, rect, False)
    m = V.mat(table.view, seat)
    # four mini tracks: value and a bar to the parchment
    x = rect.left + 10
    y = rect.top + 38
    for i, t in enumerate(TRACKS):
        col = R.TRACK_COL[t]
        if t == "legendary":
            val, lo, hi = (1 if m["legendary"] else 0), 0, 1
        else:
            val, lo, hi = m["tracks"][t], m["track_start"][t], rules.track_max
        lab = app.text(app.t(f"pendulum.track_letter.{t}"), 11, col, True)
        s.blit(lab, (x, y + i * 11 - 3))
        bar = pygame.Rect(x + 16, y + i * 11, 290, 8)
        pygame.draw.rect(s, (70, 66, 58), bar)
        if t != "legendary":
            par = (rules.parchment - lo) / max(1, hi - lo)
            pygame.draw.rect(s, R.PARCHMENT, (bar.left + int(bar.width * par), bar.top, bar.width - int(bar.width * par), 8))
        fill = (val - lo) / max(1, hi - lo)
        pygame.draw.rect(s, col, (bar.left, bar.top, max(3, int(bar.width * fill)), 8))
    res = r[f"seat.{seat}.resources"]
    _res_line(app, s, res.left, res.top + 12, m, 16)
