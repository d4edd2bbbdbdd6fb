"""Defeat and retreat (§14): escape skills, paying command spells alone or as a group, and where a
faction that lost its location goes."""
from __future__ import annotations

from .checks import check, omen
from .prompt import ask


def escape_chance(g, f, np_used):
    ch = 0
    for sk, e in f.passive.get("escape", ()):
        ch = max(ch, e.chance or 0)
    if np_used:
        for e in f.np_effects:
            if e.type == "escape":
                ch = max(ch, e.chance or 0)
    return ch


def defeat(g, b, lose):
    cost = g.cfg.command_spells.retreat_cost
    vis = g.vis(*b.fids(), *b.witnesses)
    retreated, rest, destroyed = [], [], []
    for pt in lose:
        f = pt.f
        if not f.active:
            continue
        ch = escape_chance(g, f, pt.np)
        if ch > 0:
            ok = yield from check(g, f, "escape", ch - omen(g, f), vis)
            if ok:
                retreated.append(f)
                continue
        rest.append(f)
    if len(rest) == 1:
        f = rest[0]
        if f.spells >= cost:
            ans = yield ask("retreat_pay", f.id, choices=["pay", "decline"], battle=b.no)
            if ans.choice == "pay":
                g.spend_spells(f, cost, "retreat")
                retreated.append(f)
            else:
                destroyed.append(f)
        else:
            destroyed.append(f)
    elif rest:
        answers = []
        for f in rest:
            ans = yield ask("retreat_group", f.id, choices=["cooperate", "abandon"], battle=b.no)
            answers.append(ans.choice)
        if all(c == "cooperate" for c in answers):
            if sum(f.spells for f in rest) < cost:
                destroyed.extend(rest)
            else:
                left = cost
                for f in rest:
                    p = min(f.spells, left)
                    if p:
                        g.spend_spells(f, p, "group_retreat")
                    left -= p
                retreated.extend(rest)
        else:
            g.note(b.no, "group_betrayal", vis)
            for f, c in zip(rest, answers):
                if c == "abandon":
                    for o in rest:
                        if o is not f and not o.human:
                            o.grudges.add(f.id)
            for f in rest:
                for o in rest:
                    if o is not f and o.id in f.allies:
                        g.unally(f, o, "betrayal")
            for f in rest:
                if f.spells >= cost:
                    g.spend_spells(f, cost, "retreat")
                    retreated.append(f)
                else:
                    destroyed.append(f)
    order = [pt.f for pt in lose]
    for f in sorted(retreated, key=order.index):
        g.note(f.id, "retreats", vis)
        yield from retreat_move(g, f, b.loc)
    for f in destroyed:
        g.eliminate(f, "destroyed")
    return destroyed


def retreat_move(g, f, lost):
    """§14.2: leave ``lost`` if it is the faction's own location, else stay home."""
    if not f.active or not lost or f.location != lost:
        return
    others = [l for l in g.data.loc_ids if l != lost]
    if f.human:
        ans = yield ask("retreat_dest", f.id, choices=others, lost=lost)
        dest = ans.choice
    else:
        known = [l for l in f.known_empty if l != lost]
        if known:
            dest = sorted(known, key=lambda l: (-g.grade_rank(l), l))[0]
        else:
            dest = g.choose(f.id, "retreat_destination", others, g.vis(f.id), of="loc")
    occ = g.occupants(dest)
    if occ and not all(o in f.allies for o in occ):
        empties = [l for l in g.data.loc_ids if l != lost and not g.occupants(l)]
        g.note(f.id, "flees_on", g.vis(f.id), loc=g.lref(dest))
        dest = g.choose(f.id, "flee_to", empties, g.vis(f.id), of="loc")
        if dest is None:
            return
    g.relocate(f, dest, "retreat")
    f.relocated = True
