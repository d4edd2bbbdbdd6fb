"""Defeat and retreat (§14): escape skills, paying command spells alone or as a group, and where a
faction that lost its location goes."""
from __future__ import annotations

from .checks import omen, sub_check
from .frames import enter, frame, resumable, run
from .prompt import Pending, ask


def escape_chance(g, f, np_used):
    ch = 0
    for x in f.passive.get("escape", ()):        # (skill, effect, ...): model.faction_static
        ch = max(ch, x[1].chance or 0)
    if np_used:
        for e in f.np_effects:
            if e.type == "escape":
                ch = max(ch, e.chance or 0)
    return ch


def defeat(g, b, lose):
    """§14.1 for the losing side ``lose`` (``b.A`` or ``b.B`` of ``g.cur_battle``); returns the
    ids of the destroyed."""
    return (yield from run(g, frame("defeat", side="A" if lose is b.A else "B")))


@resumable("defeat")
def _defeat(g, fr):
    b = g.cur_battle
    lose = b.A if fr["side"] == "A" else b.B
    cost = g.fc.command_spells.retreat_cost
    vis = b.vis            # everyone in the battle and its witnesses (set at B1)
    if fr["pc"] == 0:
        fr["retreated"] = []
        fr["rest"] = []
        fr["destroyed"] = []
        fr["answers"] = []
        fr["i"] = 0
        fr["pc"] = 1
    retreated, rest, destroyed = fr["retreated"], fr["rest"], fr["destroyed"]
    if fr["pc"] == 1:
        while fr["i"] < len(lose):
            pt = lose[fr["i"]]
            f = pt.f
            if f.active:
                ch = escape_chance(g, f, pt.np)
                ok = False
                if ch > 0:
                    ok = yield from sub_check(g, fr, f, "escape", ch - omen(g, f), vis)
                (retreated if ok else rest).append(f.id)
            fr["i"] += 1
        fr["pc"] = 2
    if fr["pc"] == 2:
        if len(rest) == 1:
            f = g.fac[rest[0]]
            if f.spells >= cost:
                ans = ask("retreat_pay", f.id, {"choices": ["pay", "decline"], "battle": b.no}, g)
                if type(ans) is Pending:
                    ans = yield ans
                if ans.choice == "pay":
                    g.spend_spells(f, cost, "retreat")
                    retreated.append(f.id)
                else:
                    destroyed.append(f.id)
            else:
                destroyed.append(f.id)
        elif rest:
            answers = fr["answers"]
            while len(answers) < len(rest):
                ans = ask("retreat_group", rest[len(answers)],
                          {"choices": ["cooperate", "abandon"], "battle": b.no}, g)
                if type(ans) is Pending:
                    ans = yield ans
                answers.append(ans.choice)
            rf = [g.fac[x] for x in rest]
            if all(c == "cooperate" for c in answers):
                if sum(f.spells for f in rf) < cost:
                    destroyed.extend(rest)
                else:
                    left = cost
                    for f in rf:
                        p = min(f.spells, left)
                        if p:
                            g.spend_spells(f, p, "group_retreat")
                        left -= p
                    retreated.extend(rest)
            else:
                if g.keep_log:
                    g.note(b.no, "group_betrayal", vis)
                for f, c in zip(rf, answers):
                    if c == "abandon":
                        for o in rf:
                            if o is not f and not o.human:
                                o.grudges.add(f.id)
                for f in rf:
                    for o in rf:
                        if o is not f and o.id in f.allies:
                            g.unally(f, o, "betrayal")
                for f in rf:
                    if f.spells >= cost:
                        g.spend_spells(f, cost, "retreat")
                        retreated.append(f.id)
                    else:
                        destroyed.append(f.id)
        order = [pt.f.id for pt in lose]
        retreated.sort(key=order.index)
        fr["i"] = 0
        fr["pc"] = 3
    while fr["i"] < len(retreated):
        f = g.fac[retreated[fr["i"]]]
        if "sub" in fr:
            yield from enter(g, fr)
            del fr["sub"]
        else:
            if g.keep_log:
                g.note(f.id, "retreats", vis)
            if f.human:
                yield from enter(g, fr, {"fn": "retreat_move", "pc": 0, "f": f.id, "lost": b.loc})
                del fr["sub"]
            else:
                retreat_now(g, f, b.loc)
        fr["i"] += 1
    for fid in destroyed:
        g.eliminate(g.fac[fid], "destroyed")
    return destroyed


def retreat_move(g, f, lost):
    """§14.2: leave ``lost`` if it is the faction's own location, else stay home."""
    return (yield from run(g, frame("retreat_move", f=f.id, lost=lost)))


@resumable("retreat_move")
def _retreat_move(g, fr):
    f, lost = g.fac[fr["f"]], fr["lost"]
    if fr["pc"] == 0:
        if not f.active or not lost or f.location != lost:
            return
        fr["pc"] = 1
    others = all_but(g.data.loc_ids, lost)
    if f.human:
        ans = ask("retreat_dest", f.id, {"choices": others, "lost": lost}, g)
        if type(ans) is Pending:
            ans = yield ans
        dest = ans.choice
    else:
        dest = _npc_destination(g, f, lost, others)
    _go(g, f, lost, dest)


def retreat_now(g, f, lost):
    """``retreat_move`` for a faction that is asked nothing (an NPC): the same steps at once."""
    if not f.active or not lost or f.location != lost:
        return
    _go(g, f, lost, _npc_destination(g, f, lost))


def all_but(ids, x):
    """``[i for i in ids if i != x]`` for a list of distinct ids, without a Python loop."""
    out = list(ids)
    if x in out:
        out.remove(x)
    return out


def _npc_destination(g, f, lost, others=None):
    """Where an NPC that lost ``lost`` goes: the best empty location it knows, else one of
    ``others`` (every location but ``lost`` when not given) picked at random."""
    known = [l for l in f.known_empty if l != lost]
    if known:
        return sorted(known, key=lambda l: (-g.grade_rank(l), l))[0]
    if others is None:
        others = all_but(g.data.loc_ids, lost)
    return g.choose(f.id, "retreat_destination", others, g.vis(f.id), of="loc")


def _go(g, f, lost, dest):
    """Move ``f``, which lost ``lost``, to ``dest`` (or, if another faction lives there, to an
    empty location picked at random)."""
    occ = g.occupants(dest)
    if occ and not all(o in f.allies for o in occ):
        empties = [l for l in g.data.loc_ids if l != lost and g.vacant(l)]
        if g.keep_log:
            g.note(f.id, "flees_on", g.vis(f.id), loc=g.lref(dest))
        dest = g.choose(f.id, "flee_to", empties, g.vis(f.id), of="loc")
        if dest is None:
            return
    g.relocate(f, dest, "retreat")
    f.relocated = True
