"""The table's side panels, drawn from the view model (``viewmodel.build``): the top bar
(turn and phase track), the viewer's own sheet, the rivals as far as the viewer knows
them, and a location's hover card on the map.

Each function takes the screen (``host``: its public ``app``, ``static``, ``map``,
``viewer``, ``humans``, ``unsaved``, ``tr``, ``fname``, ``value_label``, ``mana_shown``)
and a ``Pen``."""
from __future__ import annotations

import pygame

from tabletop.ui import skin

from . import theme as T
from . import viewmodel as VM
from . import cards
from .bars import mana_bar, spell_marks
from .layout import MAP, ME, PHASES, RIVALS
from .mapview import short


def draw_top(host, pen, surface, vm, at=None):
    """The title, the turn and the phase track; ``at`` is the ``(turn, phase)`` the log is
    still playing back (``LogFeed.playing_at``), which the bar shows instead of the war's own
    so that it never runs ahead of the dice or lags behind them."""
    turn, phase = at or (vm.get("turn", 1), vm.get("phase", ""))
    pen.blit(surface, host.tr("name"), (20, 10), 26, T.ACCENT, True)
    pen.blit(surface, host.tr("top.turn", turn=turn, max=vm.get("max_turns", 20)),
                    (300, 14), 22, T.TEXT, True)
    # phase track: events → actions → comm → mana, current lit
    cur = VM.phase_group(phase)
    x = 520
    for i, ph in enumerate(PHASES):
        label = host.tr("phase." + ph)
        t = host.app.text(label, 20, (20, 20, 24) if ph == cur else T.TEXT_DIM, True)
        pen.sink.append(label)
        r = pygame.Rect(x, 10, t.get_width() + 28, 36)
        if ph == cur:
            pygame.draw.rect(surface, T.ACCENT, r, border_radius=18)
        else:
            pygame.draw.rect(surface, T.PANEL_EDGE, r, 2, border_radius=18)
        surface.blit(t, (r.x + 14, r.y + 18 - t.get_height() // 2))
        x = r.right + 8
        if i < len(PHASES) - 1:
            pygame.draw.polygon(surface, T.TEXT_FAINT, [(x, 22), (x + 10, 28), (x, 34)])
            x += 20
    ph = str(phase)
    detail = host.tr("phase.detail." + ph, default="")
    if detail:
        pen.blit(surface, detail, (x + 6, 16), 17, T.TEXT_DIM)
    who = host.tr("top.viewer", name=host.fname(host.viewer)) if host.viewer else host.tr("top.public")
    r = pen.blit(surface, who, (1900, 14), 20, T.TEXT, True, anchor="topright")
    if host.unsaved:     # the master chose to play on after a failed autosave
        pen.blit(surface, host.tr("save.unsaved"), (r.x - 24, 16), 18, T.WARN, True, anchor="topright")


def _zones(host, panel):
    """The panel's hover zones ``[(rect, card id)]``, emptied for a fresh drawing."""
    zones = host.hot.setdefault(panel, [])
    zones.clear()
    return zones


def draw_me(host, pen, surface, vm):
    me = vm.get("me")
    x, y = ME.x + 16, ME.y + 12
    zones = _zones(host, "me")
    if me:          # the viewer's own servant (static data; a rival's is never drawn): art behind the panel
        skin.draw(host.app, f"grailwar.servant.{host.static.factions.get(me['id'], {}).get('servant')}", surface,
                  ME.inflate(-6, -6))
    if not me:
        key = "me.public_table" if host.humans else "me.spectator"
        pen.blit(surface, host.tr(key), (x, y), 22, T.TEXT_DIM, True)
        return
    zones.append((pen.blit(surface, me["title"], (x, y), 24, me["color"], True, maxw=ME.w - 180), ("me",)))
    pen.blit(surface, me["sub"], (x, y + 34), 17, T.TEXT_DIM, maxw=ME.w - 40, once=True)
    surface.blit(spell_marks(host.app, me["spells"]), (ME.right - 120, y + 6))
    pen.blit(surface, host.tr("me.spells"), (ME.right - 130, y + 8), 15, T.TEXT_DIM, anchor="topright")
    labels = {"mana": host.tr("mana.head"), "vanish": host.tr("mana.vanish"), "penalty": host.tr("mana.penalty"),
              "doomed": host.tr("mana.doomed")}
    mana = host.mana_shown(me["id"], me["mana"])     # slides after a ManaChanged
    surface.blit(mana_bar(host.app, ME.w - 32, 70, mana, me["max_mana"], host.static.mana_cfg(),
                          labels=labels, record=pen.sink, pen=me["penalty"], doomed=me["doomed"]), (x, y + 62))
    # parameters
    py = y + 146
    for i, (pid, base, shown) in enumerate(me["params"]):
        cx = x + i * 120
        pen.blit(surface, host.static.param_name(pid, host.app.lang), (cx, py), 15, T.TEXT_DIM)
        col = T.WARN if shown < base else T.TEXT
        pen.blit(surface, f"{VM.rank(shown)} {shown}", (cx, py + 20), 20, col, True)
        if shown < base:
            pen.blit(surface, f"({base}−{base - shown})", (cx, py + 46), 14, T.WARN)
    # skills
    sy = py + 72
    pen.blit(surface, host.tr("me.skills"), (x, sy), 16, T.TEXT_DIM, True)
    sy += 22
    col_w = (ME.w - 32) // 2
    for i, (name, secret) in enumerate(me["skills"][:10]):
        cx = x + (i % 2) * col_w
        cy = sy + (i // 2) * 22
        tag = host.tr("me.secret") if secret else host.tr("me.public")
        pen.blit(surface, f"{name}  [{tag}]", (cx, cy), 15, T.TEXT if not secret else (200, 180, 240),
                        maxw=col_w - 8)
        zones.append((pygame.Rect(cx, cy, col_w - 8, 20), ("skill", me["id"], me["skill_ids"][i])))
    sy += ((min(len(me["skills"]), 10) + 1) // 2) * 22 + 4
    if me.get("np"):
        r = pen.blit(surface, host.tr("me.np", np=me["np"]), (x, sy), 15, T.ACCENT, maxw=ME.w - 32)
        zones.append((r, ("np", me["id"])))
        sy += 24
    items = ", ".join(f"{host.static.code_name(c, host.app.lang)} ×{n}" for c, n in me["items"].items() if n) or \
        host.tr("me.no_items")
    pen.blit(surface, host.tr("me.items", items=items), (x, sy), 15, T.TEXT, maxw=ME.w - 32)
    sy += 22
    dec = me.get("declared")
    if dec and dec.get("faction") == me["id"]:
        what = VM.declaration_words(host, dec.get("act", ""), dec.get("target") or "", dec.get("mode") or "")
        pen.blit(surface, host.tr("me.declared", what=what), (x, sy), 15, T.ACCENT, maxw=ME.w - 32)
        sy += 22
    allies = ", ".join(host.fname(a) for a in me["allies"]) or host.tr("me.no_allies")
    loc = host.static.location(me.get("location"))
    where = f"{loc.id} {loc.label(host.app.lang)}" if loc else "—"
    pen.blit(surface, host.tr("me.where", where=where, allies=allies), (x, sy), 15, T.TEXT, maxw=ME.w - 32)


def draw_rivals(host, pen, surface, vm):
    """One row per rival: two lines while they fit, one line each when many rivals share the
    panel (seven or more); every row's whole text is on its hover card (``cards``)."""
    x, y = RIVALS.x + 16, RIVALS.y + 8
    zones = _zones(host, "rivals")
    pen.blit(surface, host.tr("rivals.title"), (x, y), 17, T.TEXT_DIM, True)
    y += 28
    allied = {}
    for a, b in vm.get("alliances", []):
        allied.setdefault(a, []).append(b)
        allied.setdefault(b, []).append(a)
    rivals = vm.get("rivals", [])[:8]
    room = (RIVALS.bottom - y - 4) // max(1, len(rivals))
    compact = room < 36
    row_h = room if compact else min(36, room)
    bars_x = RIVALS.right - 190
    for r in rivals:
        col = T.TEXT if r["active"] else T.TEXT_FAINT
        zones.append((pygame.Rect(x, y, RIVALS.w - 32, row_h), ("rival", r["id"])))    # hover: the full row
        ty = y + (row_h - 22) // 2 if compact else y
        pygame.draw.circle(surface, r["color"], (x + 9, ty + 11), 8)
        if not r["active"]:
            pygame.draw.line(surface, T.BAD, (x + 2, ty + 4), (x + 16, ty + 18), 3)
        pen.blit(surface, r["label"], (x + 24, ty), 16, col, True, maxw=150 if compact else 330)
        tags = []
        if r["ally"]:
            tags.append(host.tr("rivals.ally"))
        elif r["id"] in allied:
            tags.append(host.tr("rivals.allied_with", who=", ".join(allied[r["id"]])))
        if tags and not compact:
            # up to the parameter bars
            pen.blit(surface, " · ".join(tags), (x + 360, y + 1), 14, T.GOOD, maxw=bars_x - 8 - x - 360)
        if r["active"] and r["spells"] is not None:
            sm = spell_marks(host.app, r["spells"], size=12)
            surface.blit(sm, (RIVALS.right - 16 - sm.get_width(), ty + 3))
        if r["known"] and r["params"]:
            # compact bars of the parameters the viewer can see (shown values)
            bh = min(26, row_h - 4)
            for i, (p, v) in enumerate(r["params"].items()):
                h = max(2, min(bh, int(v * bh / 70)))
                pygame.draw.rect(surface, (50, 54, 70), (bars_x + i * 15, y + 2, 11, bh))
                pygame.draw.rect(surface, r["color"], (bars_x + i * 15, y + 2 + bh - h, 11, h))
        # what the viewer knows: a second line, or the rest of the one line
        if r["known"]:
            bits = [f"Lv {r['level'] if r['level'] is not None else '?'}"]
            lang = host.app.lang         # the ids (STR B) in English; the names (筋力B) in Japanese
            bits.append("  ".join(f"{host.static.param_name(p, lang)}{VM.rank(v)}" if lang == "ja" else
                                  f"{p} {VM.rank(v)}" for p, v in r["params"].items()))
            if r["penalty"]:
                bits.append(f"(−{r['penalty']})")
        else:
            bits = [host.tr("rivals.unknown")]
        loc = host.static.location(r["location"]) if r["location"] else None
        bits.append(f"@ {loc.id} {short(loc.label(host.app.lang), 16)}" if loc else host.tr("rivals.where_unknown"))
        # what the viewer has found out beyond the sheet: true name, NP, skills
        bits += [x for x in (r["true_name"], r["np"]) if x] + r["skills"]
        if compact:
            pen.blit(surface, "   ".join(tags + bits), (x + 184, ty + 3), 13, T.TEXT_DIM, maxw=bars_x - 8 - x - 184,
                     once=True)
        else:
            pen.blit(surface, "   ".join(bits), (x + 24, y + 17), 13, T.TEXT_DIM, maxw=RIVALS.w - 240, once=True)
        y += row_h


def draw_hover_card(host, pen, surface, lid):
    """The hover card of a location: names, grade, its recovery and bonus, and who is
    there as far as the viewer knows (a wrapped box beside its marker)."""
    c = cards.card(host, ("loc", lid))
    if c is None or lid not in host.map.pos:
        return
    loc = host.static.location(lid)
    col = T.GRADE_COLORS.get(loc.grade, T.TEXT) if loc else T.TEXT
    x, y = host.map.pos[lid]
    cards.draw_card(host, pen, surface, c[0], c[1], pygame.Rect(x - 22, y - 22, 44, 44), MAP, col)
