"""Hover cards: what a skill, a noble phantasm, a mystic code, a location or a rival does,
in the screen's language, with the numbers from the data.

A card is asked for by id -- ``("skill", fid, skill_id)``, ``("np", fid)``, ``("code", cid)``,
``("loc", lid)``, ``("rival", fid)``, ``("me",)`` -- and built from two sources only:
the viewer's view (which skills, which names, which legend the viewer may know) and the
static rules data (what an effect does). A skill, a noble phantasm, a true name or a legend
the view does not disclose is never on a card: an undiscovered rival's card says ``???``.

``card(host, cid) -> (title, lines) | None``; ``draw_card`` draws it as a box with wrapped
lines (``tabletop.rulesref.wrap``: words in English, characters with kinsoku in Japanese).
The host is the screen (its ``app``, ``vm``, ``rules``, ``static``, ``tr``, ``viewer``)."""
from __future__ import annotations

import pygame

from tabletop.linebreak import wrap

from . import theme as T
from . import viewmodel as VM

CARD_W = 430
K = "gw_table.card."


# --- content -----------------------------------------------------------------------------------
def _n(d, lang):
    if isinstance(d, dict):
        return d.get(lang) or d.get("en") or d.get("id") or ""
    return str(getattr(d, lang, "") or getattr(d, "en", "") or d or "")


def _fdef(host, fid):
    for fd in host.rules.data.factions:
        if fd.id == fid:
            return fd
    return None


def _signed(v):
    return f"{v:+d}" if isinstance(v, int) else str(v)


def effect_line(host, e):
    """One effect of a skill or noble phantasm in words, with its numbers."""
    tr, lang = host.tr, host.app.lang
    params = e.params
    if params == "ALL":
        pnames = tr(K + "all_params")
    else:
        pnames = "・".join(host.static.param_name(p, lang) for p in (params or [])) if lang == "ja" else \
            ", ".join(host.static.param_name(p, lang) for p in (params or []))
    when = ""
    if e.when and e.when != "always":
        if e.when.startswith("slot:"):
            when = tr(K + "when.slot", param=host.static.param_name(e.when[5:], lang))
        else:
            when = tr(K + "when." + e.when, default="")
    items = ""
    if e.items:
        sep = "、" if lang == "ja" else ", "
        items = sep.join(f"{host.static.code_name(c, lang)} ×{n}" for c, n in e.items.items())
    v = e.value if e.value is not None else 0
    return tr(K + "effect." + e.type, value=_signed(v), n=abs(v), params=pnames, chance=e.chance or 0,
              items=items) + when


def _skill_data(host, fid, sid):
    fd = _fdef(host, fid)
    if fd is None:
        return None
    data = host.rules.data
    for sk in list(data.masters[fd.master].skills) + list(data.servants[fd.servant].skills):
        if sk.id == sid:
            return sk
    return None


def _sheet(host, fid):
    return ((host.vm or {}).get("factions") or {}).get(fid) or {}


def skill_card(host, fid, sid):
    f = _sheet(host, fid)
    shown = {s.get("id"): s for s in (f.get("master_skills") or []) + (f.get("servant_skills") or [])}
    if sid not in shown:
        return None                          # the view does not disclose it
    sk = _skill_data(host, fid, sid)
    if sk is None:
        return None
    tr, lang = host.tr, host.app.lang
    title = _n(shown[sid], lang) + (f" {sk.rank}" if sk.rank else "")
    kind = tr(K + "active", cost=sk.cost) if sk.activation == "active" else tr(K + "passive")
    lines = [kind + " · " + tr("me.public" if sk.public else "me.secret")]     # the words of the sheet
    lines += [effect_line(host, e) for e in sk.effects]
    return title, lines


def np_card(host, fid):
    f = _sheet(host, fid)
    if not f.get("np"):
        return None
    fd = _fdef(host, fid)
    np_ = host.rules.data.servants[fd.servant].np
    tr = host.tr
    title = _n(f["np"], host.app.lang) + f" {np_.rank}"
    lines = [tr(K + "np_cost", cost=np_.cost)] + [effect_line(host, e) for e in np_.effects]
    return title, lines


def code_card(host, cid):
    code = host.rules.data.code.get(cid)
    if code is None:
        return None
    tr, lang = host.tr, host.app.lang
    e = code.effect
    kind = e.type + ("_battle" if e.type == "reroll" and e.combat else "")
    lines = [tr(K + "code_effect." + kind, n=e.value or 0), tr(K + "timing." + code.timing)]
    if code.max_per_battle is not None:
        lines.append(tr(K + "per_battle", n=code.max_per_battle))
    if code.max_per_check is not None:
        lines.append(tr(K + "per_check", n=code.max_per_check))
    lines.append(tr(K + "craft_yield", n=code.craft_yield) + ("  " + tr(K + "special") if code.special else ""))
    have = ((host.vm or {}).get("me") or {}).get("items", {}).get(cid)
    if have:
        lines.append(tr(K + "you_have", n=have))
    return host.static.code_name(cid, lang), lines


def _legend_lines(host, fid, f, full):
    """The servant's legend and the master's profile, as far as the view discloses them."""
    tr = host.tr
    fd = _fdef(host, fid)
    lines = []
    if fd is None:
        return lines
    data, ja = host.rules.data, host.app.lang == "ja"
    if f.get("true_name"):
        s = data.servants[fd.servant]
        legend = tr(K + "legends." + s.id, default="") or (s.legend_ja if ja else s.legend)
        if legend:
            lines.append(tr(K + "legend_line", text=legend))
    if f.get("master"):
        m = data.masters[fd.master]
        prof = tr(K + "profiles." + m.id, default="") or (m.profile_ja if ja else m.profile)
        magic = f["master"].get("magic")
        head = _n(f["master"], host.app.lang) + (f" ({tr(K + 'magic', n=magic)})" if full and magic is not None else "")
        lines.append(tr(K + "master", name=head) + (" — " + prof if prof else ""))
    return lines


def rival_card(host, fid):
    """Everything the viewer's view holds about a rival (the row in full, never cut)."""
    vm = host.vm or {}
    f = _sheet(host, fid)
    lang, tr = host.app.lang, host.tr
    title = VM.faction_label(vm, fid, lang)
    if not f.get("known"):
        lines = [tr("rivals.unknown")]
    else:
        lines = [tr(K + "level", n=f.get("level") if f.get("level") is not None else "?") + "   " +
                 "  ".join(f"{host.static.param_name(p, lang)} {VM.rank(v)} {v}" for p, v in
                           (f.get("params") or {}).items())]
        if f.get("penalty"):
            lines.append(tr(K + "penalty", n=f["penalty"]))
        if f.get("true_name"):
            lines.append(tr(K + "true_name", name=_n(f["true_name"], lang)))
        if f.get("np"):
            lines.append(tr(K + "np", name=_n(f["np"], lang)))
        skills = [_n(s, lang) for s in (f.get("master_skills") or []) + (f.get("servant_skills") or [])]
        if skills:
            lines.append(tr(K + "skills", names=("、" if lang == "ja" else ", ").join(skills)))
    loc = host.static.location(f.get("location")) if f.get("location") else None
    lines.append(tr(K + "where", where=f"{loc.id} {loc.label(lang)}") if loc else tr("rivals.where_unknown"))
    if f.get("spells") is not None:
        lines.append(tr(K + "spells", n=f["spells"]))
    allies = f.get("allies") or []
    if allies:
        lines.append(tr(K + "allies", who=", ".join(VM.faction_label(vm, a, lang) for a in allies)))
    if f.get("status", "active") != "active":
        lines.append(tr(K + "out"))
    lines += _legend_lines(host, fid, f, False)
    return title, lines


def me_card(host):
    fid = host.viewer
    f = _sheet(host, fid)
    if not fid or not f:
        return None
    title = VM.faction_label(host.vm, fid, host.app.lang)
    tn = f.get("true_name")
    lines = [host.tr(K + "true_name", name=_n(tn, host.app.lang))] if tn else []
    return title, lines + _legend_lines(host, fid, f, True)


def card(host, cid):
    """``(title, lines)`` for a card id, or None when there is nothing the viewer may see."""
    if not cid:
        return None
    kind = cid[0]
    if kind == "skill":
        return skill_card(host, cid[1], cid[2])
    if kind == "np":
        return np_card(host, cid[1])
    if kind == "code":
        return code_card(host, cid[1])
    if kind == "rival":
        return rival_card(host, cid[1])
    if kind == "me":
        return me_card(host)
    if kind == "loc":
        lines = VM.location_tooltip(host, cid[1])
        return (lines[0], lines[1:]) if isinstance(lines, list) else None
    return None


def for_value(host, field, v):
    """The card a menu choice's value stands for (a skill, the NP, a code, a rival, a place)."""
    if isinstance(v, tuple) and len(v) == 2:          # ("use", item) / ("commit", item) ...
        v = v[1]
    if not isinstance(v, str) or not v:
        return None
    if v.startswith("skill:"):
        return ("skill", host.viewer, v[6:])
    if v.startswith("code:"):
        return ("code", v[5:])
    if v == "np" and field in ("item", "primary"):
        return ("np", host.viewer)
    if v in host.rules.data.code:
        return ("code", v)
    if v in (host.vm or {}).get("factions", {}) and v != host.viewer:
        return ("rival", v)
    if host.static.location(v) is not None:
        return ("loc", v)
    return None


def card_at(host, pos):
    """(rect, card id) under ``pos``: a zone the panels registered (``host.hot``: a sheet's
    skill, NP or title, a rival's row) or a menu choice; None elsewhere."""
    for zones in host.hot.values():
        for rect, cid in zones:
            if rect.collidepoint(pos):
                return rect, cid
    for b, op in host.menu.buttons:
        if op[0] == "choose" and b.visible and b.rect.collidepoint(pos):
            cid = for_value(host, op[1], op[2])
            return (pygame.Rect(b.rect), cid) if cid else None
    return None


def still_there(host, shown):
    """Is the card ``shown`` (rect, card id) still that of something on the screen: a menu
    choice now drawn there, or a zone the panels registered?"""
    rect, cid = shown
    for zones in host.hot.values():
        if (rect, cid) in zones:
            return True
    return any(op[0] == "choose" and b.visible and pygame.Rect(b.rect) == rect and for_value(host, op[1], op[2]) == cid
               for b, op in host.menu.buttons)


def cycle(host, current):
    """The keyboard's way to the cards (I): the next of the menu's choices that have a card,
    then the sheet's title, skills and NP, then the rivals' rows; after the last, none."""
    spots = []
    for b, op in host.menu.buttons:
        cid = for_value(host, op[1], op[2]) if op[0] == "choose" and b.visible else None
        if cid:
            spots.append((pygame.Rect(b.rect), cid))
    for panel in ("me", "rivals"):
        spots += list(host.hot.get(panel, ()))
    ids = [cid for _, cid in spots]
    i = ids.index(current[1]) + 1 if current and current[1] in ids else 0
    return spots[i] if i < len(spots) else None


# --- drawing -----------------------------------------------------------------------------------
def draw_hover(host, pen, surface, hovered, bounds):
    """The card of ``hovered`` (rect, card id), if the viewer may see anything of it."""
    rect, cid = hovered
    c = card(host, cid)
    if c is not None:
        draw_card(host, pen, surface, c[0], c[1], rect, bounds)


def layout(host, title, lines, width=CARD_W):
    """The card's lines wrapped to ``width`` (title first): [(text, size, bold)]."""
    app = host.app
    out = []
    for text, size, bold in [(title, 18, True)] + [(line, 15, False) for line in lines]:
        font = app.font(size)
        for piece in wrap(str(text), width - 28, lambda s, f=font: f.size(s)[0]) or [""]:
            out.append((piece, size, bold))
    return out


def draw_card(host, pen, surface, title, lines, near, bounds, color=T.ACCENT):
    """A box with ``title`` and wrapped ``lines`` beside the rect ``near``, inside ``bounds``;
    returns the box's rect."""
    rows = layout(host, title, lines)
    surfs = [pen.text(t, size, color if bold else T.TEXT, bold) for t, size, bold in rows]
    w = min(CARD_W, max(s.get_width() for s in surfs) + 28)
    h = sum(s.get_height() + 2 for s in surfs) + 18
    r = pygame.Rect(0, 0, w, h)
    near = pygame.Rect(near)
    if near.left >= bounds.right - 4:          # a row of a side panel: the card stands on the map's edge
        r.right = bounds.right - 8
        r.centery = near.centery
    else:
        r.midleft = (near.right + 12, near.centery)
        if r.right > bounds.right - 8:
            r.right = near.left - 12
    r.clamp_ip(bounds.inflate(-16, -16))
    pygame.draw.rect(surface, (16, 20, 28), r, border_radius=8)
    pygame.draw.rect(surface, color, r, 2, border_radius=8)
    y = r.y + 9
    for s in surfs:
        surface.blit(s, (r.x + 14, y))
        y += s.get_height() + 2
    return r
