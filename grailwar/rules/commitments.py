"""A battle's commitments (§8.3 B7): what a participant may commit (``commit_options``,
``commit_ok``, the rule behind them), what committing an item does (``commit_item``) and an item
as a log reference (``commit_ref``). ``combat`` runs the battle and re-exports these."""
from __future__ import annotations

from .events import Committed
from .model import LOG, named
from .schema import PARAMS


def commit_ref(g, f, item):
    """One committed item as a log reference (its name from the data)."""
    if item.startswith("skill:"):
        sk = next(s for s in f.servant.skills + f.master.skills if s.id == item[6:])
        return {"key": LOG + "item.skill", "params": {"skill": named(sk)}}
    if item == "np":
        return {"key": LOG + "item.np", "params": {"np": named(f.servant.np)}}
    if item.startswith("code:"):
        return {"key": LOG + "item.code", "params": {"code": g.cref(item[5:])}}
    return LOG + "item." + item


def commit_item(g, b, pt, item, vis=None):
    """One B7 commitment; ``vis`` is the committing side (nobody else sees it before the reveal)."""
    f = pt.f
    cs = g.fc.command_spells
    vis = vis or g.vis(f.id)
    pt.committed.append(item)
    if g.report_events:
        g.events.append(Committed(b.no, f.id, pt.side, item, vis))
    if item.startswith("skill:"):
        sk = f.fx.skill[item[6:]]          # the servant's first where both have the id
        pt.active.append(sk)
        for eff in f.fx.skfx[id(sk)]:      # a parameter changed: B8 works the slots out again
            if eff[0] == "param":
                b.vmemo = None
        if sk.cost:
            g.gain_mana(f, -sk.cost, "skill", vis,
                        why={"key": LOG + "reason.skill", "params": {"skill": named(sk)}} if g.keep_log else None)
    elif item == "np":
        pt.np = True
        for eff in f.fx.np_fx:
            if eff[0] == "param":
                b.vmemo = None
        cost = f.fx.np_cost
        if cost:
            g.gain_mana(f, -cost, "np", vis,
                        why={"key": LOG + "reason.np", "params": {"np": named(f.fx.np)}} if g.keep_log else None)
    elif item == "code:reinforcement_charm":
        g.take_item(f, "reinforcement_charm")
        pt.rcharm += 1
    elif item == "code:curse_charm":
        g.take_item(f, "curse_charm")
        pt.ccharm += 1
    elif item == "spell_winrate":
        g.spend_spells(f, 1, "winrate", vis)
        pt.spells_wr += 1
    elif item == "spell_params":
        b.vmemo = None
        g.spend_spells(f, 1, "params_battle", vis)
        if not f.buff or cs.all_params_stackable:
            for p in PARAMS:
                pt.base[p] += cs.all_params_bonus
        f.buff = True
        pt.params_spell = True


def active_skills(g, f):
    """``f``'s active skills, master's then servant's (made once per data set)."""
    cache = g.refs["active"]
    hit = cache.get(f.id)
    if hit is None or hit[0] is not f.fdef:
        hit = cache[f.id] = (f.fdef, [sk for sk in f.master.skills + f.servant.skills if sk.activation == "active"])
    return hit[1]


CHARMS = ("reinforcement_charm", "curse_charm")


def commit_options(g, b, pt):
    """Commit items open to a participant (besides ``done``), in the order offered."""
    out = ["skill:" + sk.id for sk in active_skills(g, pt.f)]
    out += ["np"] + ["code:" + c for c in CHARMS] + ["spell_winrate", "spell_params"]
    return [item for item in out if commit_ok(g, b, pt, item)]


def commit_ok(g, b, pt, item):
    """Whether ``item`` may be committed now (the rule behind ``commit_options``)."""
    f = pt.f
    if item.startswith("skill:"):
        sid = item[6:]
        return any(sk.id == sid for sk in active_skills(g, f)) and all(sk.id != sid for sk in pt.active)
    if item == "np":
        return not pt.np
    if item.startswith("code:") and item[5:] in CHARMS:
        code = item[5:]
        if f.inv.get(code, 0) <= 0:
            return False
        lim = g.data.code[code].max_per_battle
        return lim is None or (pt.rcharm if code == "reinforcement_charm" else pt.ccharm) < lim
    if item == "spell_winrate":
        return f.spells > 0
    if item == "spell_params":
        return f.spells > 0 and not pt.params_spell and (not f.buff or g.fc.command_spells.all_params_stackable)
    return False
