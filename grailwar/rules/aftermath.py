"""A battle's aftermath (§8.3 after B9): battle upkeep, what the battle revealed, the
losing side's defeat (§14.1, ``retreat``), kills, the seize-move, grudges and the victory check.
The resumable procedure ``aftermath`` that ``combat``'s battle ends with."""
from __future__ import annotations

from .frames import enter, resumable
from .model import ALL, LOG
from . import retreat  # noqa: F401  (registers the defeat procedure)


@resumable("aftermath")
def _aftermath(g, fr):
    b = g.cur_battle
    if fr["pc"] == 0:
        _aftermath_before_defeat(g, b)
        fr["pc"] = 1
    win = b.A if b.winner == "A" else b.B
    # 3 defeat
    destroyed = yield from enter(g, fr, {"fn": "defeat", "pc": 0, "side": "B" if b.winner == "A" else "A"})
    del fr["sub"]
    # 4 kills
    for pt in win:
        pt.f.kills += len(destroyed)
    # 5 seize-move
    if fr["seize"] and b.winner == "A":
        mover = b.A[0].f
        if mover.active and b.loc and g.vacant(b.loc):
            g.relocate(mover, b.loc, "seized")
    # 6 grudges
    for pt in b.B:
        if not pt.f.human:
            for q in b.A:
                pt.f.grudges.add(q.f.id)
    # 7 victory check
    g.victory_check()


def skill_owner(g, f):
    """``{skill id: True for the master's, False for the servant's}`` of ``f``, the master's
    first where both have an id (made once per data set)."""
    cache = g.refs["owner"]
    hit = cache.get(f.id)
    if hit is None or hit[0] is not f.fdef:
        owner = {s.id: False for s in f.servant.skills}
        owner.update({s.id: True for s in f.master.skills})
        hit = cache[f.id] = (f.fdef, owner)
    return hit[1]


def _aftermath_before_defeat(g, b):
    cfg = g.fc
    parts = b.A + b.B
    # 1 mana
    for pt in parts:
        if pt.f.active:
            g.gain_mana(pt.f, -pt.f.level, "battle_upkeep",
                        why={"key": LOG + "reason.battle_upkeep", "params": {"no": b.no}} if g.keep_log else None)
            pt.f.fought = True
    # 2 reveals
    watchers = [pt.f for pt in parts if pt.f.active]
    if b.witnesses:                 # (mostly none: no second list)
        watchers += [g.fac[w] for w in b.witnesses]
    reveals = set(b.contrib)
    for pt in parts:
        for sk in pt.active:
            reveals.add((pt.f.id, sk.id))
    whose = []                  # (fid, skill id, is a master skill)
    for fid, sid in reveals:
        master = skill_owner(g, g.fac[fid]).get(sid)
        if master is not None:
            whose.append((fid, sid, master))
    for o in watchers:
        for fid, sid, master in whose:
            if fid != o.id:
                known = o.know[fid].ms if master else o.know[fid].ss
                if sid not in known:        # (mostly known already: no call)
                    known.add(sid)
        for pt in parts:
            if pt.np and pt.f.id != o.id:
                k = o.know[pt.f.id]
                k.np = True
                if cfg.combat.np_use_reveals_true_name:
                    k.name = True
    win = b.A if b.winner == "A" else b.B
    if g.keep_log:
        g.note(b.no, "side_wins", ALL, side=b.winner, who=[g.fref(p.f.id) for p in win])
