"""NPC decision rules (§15, HR-49). ``npc_action(state, faction)`` answers whatever the
engine is asking that faction. The policy never draws random numbers: where §15 names a
``choose``, the engine draws it before asking and passes the result in the prompt's context."""
from __future__ import annotations

from .actions import Answer, Commit, Declare, Talk, Use
from .checks import info_target
from .combat import ALWAYS, SLOT_WHEN, base_params, combine, values, when_ok
from .model import floored
from .schema import PARAMS


# --- the answers' records ---------------------------------------------------------------------
_RECS: dict = {}        # ("a"|"c"|"d"|"t", fields...) -> the record


def _kept(key, make, *fields):
    r = _RECS.get(key)
    if r is None:
        if len(_RECS) > 4096:
            _RECS.clear()
        r = _RECS[key] = make(*fields)
    return r


def answer_of(fid, prompt, choice):
    """``Answer(fid, prompt, choice)``, one object per distinct answer (and ``commit_of``,
    ``declare_of``, ``talk_of`` likewise): an action is a frozen record, so equal answers may be the same
    object in the war's record, and making a record is the dearest step of many decisions."""
    r = _RECS.get(("a", fid, prompt, choice))
    return r if r is not None else _kept(("a", fid, prompt, choice), Answer, fid, prompt, choice)


def commit_of(fid, item):
    r = _RECS.get(("c", fid, item))
    return r if r is not None else _kept(("c", fid, item), Commit, fid, item)


def declare_of(fid, act, target="", mode="", familiars=0, crows=0, ally=""):
    key = ("d", fid, act, target, mode, familiars, crows, ally)
    r = _RECS.get(key)
    return r if r is not None else _kept(key, Declare, fid, act, target, mode, familiars, crows, ally)


def talk_of(fid, option, target="", arg=""):
    r = _RECS.get(("t", fid, option, target, arg))
    return r if r is not None else _kept(("t", fid, option, target, arg), Talk, fid, option, target, arg)


# --- estimates (§15.1) ------------------------------------------------------------------------
def est_params(g, x, y, side, own_base, penalty=True):
    """Y's parameters as X believes them (Y as ``side`` main). ``penalty``: less Y's low-mana
    penalty (an NPC's judgement; a human master's estimate leaves it out, as Y's mana is
    Y's secret)."""
    k = x.know.get(y.id)
    if x.id == y.id:
        return base_params(g, y, side, True, own_base), y.level
    if k is None or not k.acq:
        n = g.fc.npc
        return {p: n.unknown_param_guess for p in PARAMS}, n.unknown_level_guess
    out = floored(y.params, g.penalty(y) if penalty and y.mana < 0 else 0)     # (no penalty at mana >= 0)
    for _, _, sid, w, v, _, names in y.passive.get("param", ()):
        if (sid in k.ss or sid in k.ms) and (w in ALWAYS or when_ok(w, side, True, own_base, ())):
            for p in names:
                out[p] += v
    return out, y.level


def known_winrate_terms(x, y, side, own_base):
    """Y's passive win-rate terms that X knows (Y as ``side`` main): the sum of those that hold
    whatever the slots, and per parameter the sum of those that need it among the slots."""
    k = x.know.get(y.id)
    fixed = 0
    by_slot: dict = {}
    for _, _, sid, w, v, _, _ in y.passive.get("winrate", ()):
        if x.id == y.id or (k is not None and (sid in k.ss or sid in k.ms)):
            p = SLOT_WHEN.get(w)
            if p is not None:
                by_slot[p] = by_slot.get(p, 0) + v
            elif w in ALWAYS or when_ok(w, side, True, own_base, ()):
                fixed += v
    return fixed, by_slot


def own_winrate_terms(g, x, own_base):
    """``known_winrate_terms(x, x, "A", own_base)``: what the data gives, made once per data set
    (never changed: the caller only reads it)."""
    cache = g.refs["self_wr"]
    key = (x.id, own_base)
    hit = cache.get(key)
    if hit is None or hit[0] is not x.fdef:
        hit = cache[key] = (x.fdef, known_winrate_terms(x, x, "A", own_base))
    return hit[1]


_RATES: dict = {}


def wtl_rates(table):
    """The W/T/L result table as ``rates[wins][ties]`` over three slots (50 where it has no
    entry, as ``base_rate``), made once per table."""
    hit = _RATES.get(id(table))
    if hit is None or hit[0] is not table:
        if len(_RATES) > 8:
            _RATES.clear()
        hit = _RATES[id(table)] = (table, [[table.get(f"{w}-{t}-{3 - w - t}", 50) for t in range(4)]
                                           for w in range(4)])
    return hit[1]


def ewr(g, x, y, loc, penalty=True):
    """EWR(X → Y, loc): X's estimate as side A main against Y alone (``penalty``: see
    ``est_params``). X takes the slot where it leads most, Y the one where it leads most of the
    rest (the first of a tie, as in ``_slot``); the estimate is the mean over the third slot."""
    cc = g.fc.combat
    xo = bool(loc) and x.location == loc
    yo = bool(loc) and y.location == loc
    vx = base_params(g, x, "A", True, xo)
    vy, ly = est_params(g, x, y, "B", yo, penalty)
    ds = [vx[p] - vy[p] for p in PARAMS]
    i1 = ds.index(max(ds))            # X's lead, the first of a tie
    i2 = ds.index(min(ds))            # Y's lead, the first of a tie ...
    if i2 == i1:                      # ... but not X's slot: all equal, so X took the first
        i2 = 1
    k = x.know[y.id]
    kb = (cc.true_name_bonus if k.name else 0) + (cc.np_known_bonus if k.np else 0)
    xf, xs = own_winrate_terms(g, x, xo)
    yf, ys = known_winrate_terms(x, y, "B", yo)
    # the two chosen slots' wins, ties, difference and win-rate terms once; then each third slot
    p1, p2 = PARAMS[i1], PARAMS[i2]
    d1, d2 = ds[i1], ds[i2]
    w2 = (d1 > 0) + (d2 > 0)
    t2 = (d1 == 0) + (d2 == 0)
    per_point = cc.power_diff_pct_per_point
    fixed = cc.level_diff_pct_per_level * (x.level - ly) + per_point * (d1 + d2) + xf + kb - yf
    by_slot = xs or ys                # slot-dependent terms (mostly none)
    if by_slot:
        fixed += xs.get(p1, 0) - ys.get(p1, 0) + xs.get(p2, 0) - ys.get(p2, 0)
    rates = wtl_rates(cc.result_table)
    lo, hi = cc.winrate_min, cc.winrate_max
    total = 0
    for i in _THIRD[i1, i2]:          # the third slots, in PARAMS order
        d = ds[i]
        v = rates[w2 + (d > 0)][t2 + (d == 0)] + per_point * d + fixed
        if by_slot:
            r = PARAMS[i]
            v += xs.get(r, 0) - ys.get(r, 0)
        total += lo if v < lo else hi if v > hi else v         # clamp
    return total // (len(PARAMS) - 2)


# the indices of PARAMS left for the third slot once slots ``i1`` and ``i2`` are taken
_THIRD = {(i1, i2): tuple(i for i in range(len(PARAMS)) if i not in (i1, i2))
          for i1 in range(len(PARAMS)) for i2 in range(len(PARAMS)) if i1 != i2}


def strength(g, x, y):
    v, lv = est_params(g, x, y, "B", False)
    return lv + sum(v.values())


def thr(g, f, t):
    return f.ai.raid_threshold + (g.fc.npc.grudge_threshold_delta if t in f.grudges else 0)


# --- declarations (§15.2) -------------------------------------------------------------------
def non_allies(g, f):
    return [t for t in g.act_ids() if t != f.id and t not in f.allies]


def can_craft(g, f, code):
    c = g.data.code[code]
    return (not c.special) or f.has_effect("unlock_special_codes")


def info_decl(g, f, target):
    fam = crow = 0
    a = declare_of(f.id, "info", target)
    while fam < f.inv.get("familiar", 0) and info_target(g, f, a) < g.fc.npc.familiar_until_chance:
        fam += 1
        a = declare_of(f.id, "info", target, "", fam, crow)
    while crow < f.inv.get("black_crow", 0) and info_target(g, f, a) < g.fc.npc.crow_until_chance:
        crow += 1
        a = declare_of(f.id, "info", target, "", fam, crow)
    return a


def facts_known(f, g, t):
    k = f.know[t]
    return int(k.loc) + len(k.ms) + len(k.ss) + int(k.name) + int(k.np)


def projected_mana(g, f):
    m = f.mana
    if m < 0:
        for c in ("magic_jewel", "elixir"):
            n = f.inv.get(c, 0)
            while n > 0 and m < 0:
                m += g.data.code[c].effect.value or 0
                n -= 1
        m = min(m, f.max_mana) if m > f.mana else m
    return m


def plan_declare(g, f, pick=None):
    """The §15.2 declaration. ``pick(label, list)`` is the engine's logged ``choose`` (by
    default ``g.choose`` seen by ``f``: ``declare``)."""
    n = g.fc.npc
    mana = f.mana if f.mana >= 0 else projected_mana(g, f)       # (nothing to project at mana >= 0)
    if mana < n.emergency_mana or mana < f.level:
        return declare_of(f.id, "soul_eat" if f.ai.soul_eater else "rest")
    # N3
    best = None
    na = non_allies(g, f)
    for t in na:
        if not f.know[t].loc:
            continue
        tf = g.fac[t]
        if tf.location == f.location:
            continue
        e = ewr(g, f, tf, tf.location)
        if e >= thr(g, f, t) and (best is None or e > best[0]):
            best = (e, t)
    if best is not None:
        ally = ""
        for aid in sorted(f.allies):
            af = g.fac[aid]
            if af.active and af.mana >= af.level and best[0] < n.accompany_below_ewr and not af.accompany:
                ally = aid
        return declare_of(f.id, "approach", best[1], "raid", 0, 0, ally)
    # N4
    grades = g.refs["grades"]
    medium = grades["medium"].rank if "medium" in grades else 2
    if g.turn <= n.upgrade_until_turn and g.grade_rank(f.location) < medium:
        occupied = {g.fac[t].location for t in g.act_ids() if t != f.id and f.know[t].loc}
        occupied.add(f.location)
        rank = g.refs["rank"]
        for dest in g.refs["by_rank"]:          # the best grade first, then by id
            if rank[dest] < medium:
                break
            if dest in occupied:
                continue
            mode = "seize" if f.ai.raid_threshold <= n.seize_max_raid_threshold else "peaceful"
            return declare_of(f.id, "move", dest, mode)
    # N5
    unknown = [t for t in na if not f.know[t].loc]
    if len(na) - len(unknown) < n.info_target_known_locations and unknown:
        return info_decl(g, f, (pick or _picker(g, f))("information_target", unknown))
    # N6
    if f.fx.magic >= n.craft_min_magic and f.n_items() < n.craft_max_inventory:
        for code in f.ai.craft_preference:
            if can_craft(g, f, code):
                return declare_of(f.id, "craft", code)
    # N7
    if f.mana < f.max_mana:
        return declare_of(f.id, "rest")
    # N8
    if na:
        low = min(facts_known(f, g, t) for t in na)
        tied = [t for t in na if facts_known(f, g, t) == low]
        return info_decl(g, f, tied[0] if len(tied) == 1 else (pick or _picker(g, f))("information_target", tied))
    return declare_of(f.id, "other", "", "stand_by")


def _picker(g, f):
    """``plan_declare``'s default ``pick``: ``g.choose`` seen by ``f`` (made only when a pick is due:
    a closure made at every declaration would cost more than the picks)."""
    return lambda label, items: g.choose(f.id, label, items, g.vis(f.id))


declare = plan_declare        # ``declare(g, f)``: the declaration, its picks logged as ``f``'s (one call, not two)


def rescue_plan(g, f, pick):
    n = g.fc.npc
    na = non_allies(g, f)
    unknown = [t for t in na if not f.know[t].loc]
    if len(na) - len(unknown) < n.info_target_known_locations and unknown:
        return info_decl(g, f, pick("information_target", unknown))
    for code in f.ai.craft_preference:
        if can_craft(g, f, code):
            return declare_of(f.id, "craft", code)
    return declare_of(f.id, "craft", "magic_jewel")


def comm_context(g, x):
    """Initiatives of §15.6 (the initiative roll itself is drawn by the engine)."""
    n = g.fc.npc
    if x.ai.treacherous and x.allies and len(g.act_ids()) <= n.treacherous_dissolve_at_factions:
        return {"dissolve": sorted(x.allies)[0]}
    if not x.allies and g.turn >= n.propose_min_turn and x.ai.alliance_inclination >= n.propose_min_inclination:
        best = None
        for t in g.act_ids():
            if t == x.id or not x.know[t].acq or t in x.grudges:
                continue
            tf = g.fac[t]
            if len(tf.allies) >= g.fc.alliance.max_allies:
                continue
            s = strength(g, x, tf)
            if best is None or s > best[0]:
                best = (s, t)
        if best:
            return {"roll": True, "candidate": best[1]}
    return {}


# --- battle (§15.5) ---------------------------------------------------------------------------
def est_side(g, me, parts):
    """Estimated V of a side as seen by ``me``."""
    if len(parts) == 1 and parts[0].f is not me:       # one part: its estimate, a fresh dict already
        pt = parts[0]
        return est_params(g, me, pt.f, pt.side, pt.own_base)[0]
    vals = []
    for pt in parts:
        if pt.f.id == me.id or pt.f.id in me.allies and False:
            vals.append(pt.base)
        else:
            v, _ = est_params(g, me, pt.f, pt.side, pt.own_base)
            vals.append(v)
    return combine(g.fc, vals)


def own_side(g, parts):
    return values(g, parts, False)


def _estimates(g, b, f):
    """(own side V, estimated enemy side V) for ``f`` before commitments, cached per battle."""
    key = f.id
    hit = b.cache.get(key)
    if hit is None:
        pt = b.A[0] if b.A[0].f is f else b.B[0] if b.B[0].f is f else my_part(b, f.id)      # a main: no call
        mine = b.A if pt.side == "A" else b.B
        theirs = b.B if pt.side == "A" else b.A
        own = dict(mine[0].base) if len(mine) == 1 else own_side(g, mine)      # (one part: no calls)
        hit = b.cache[key] = (own, est_side(g, f, theirs))
    return hit


def my_part(b, fid):
    for pt in b.A:
        if pt.f.id == fid:
            return pt
    for pt in b.B:
        if pt.f.id == fid:
            return pt
    return None


def npc_commit(g, f, ctx):
    return _commit(g, f, "commit", ctx)


def _commit(g, f, k, ctx):
    """The §15.5 commitment (the rule of the ``commit`` prompt)."""
    b = g.cur_battle
    pt = b.A[0] if b.A[0].f is f else b.B[0] if b.B[0].f is f else my_part(b, f.id)      # a main: no call
    return commit_direct(g, f, pt, ctx.get("rate", 50), ctx.get("doomed", False), f.id not in ctx.get("skip", ()),
                         ctx.get("np_ok", True))


def commit_direct(g, f, pt, rate, doomed, skills=True, np_ok=True):
    """``_commit`` with its context as arguments: ``pt`` is ``f``'s part of the battle. The battle's
    B7 loop calls it so (``_commit.direct``) while ``play_out`` answers the war with this table:
    the same answer, without the prompt's context dict and ``ask``."""
    n = g.fc.npc
    fx = f.fx
    if skills:
        declared = [sk.id for sk in pt.active] if pt.active else ()
        for _, sid, cost in fx.act:             # active_skills(g, f)
            if sid not in declared and (doomed or f.mana - cost - f.level >= 0):
                return commit_of(f.id, "skill:" + sid)
    if not pt.np and np_ok:
        if f.mana - fx.np_cost - f.level >= 0 or rate < n.np_desperate_below_rate or doomed:
            return commit_of(f.id, "np")
    if rate <= n.code_use_max_rate:         # a code's limit is read only when one is held (a slow load)
        if f.inv.get("curse_charm", 0) > 0:
            lim = g.data.code["curse_charm"].max_per_battle
            if lim is None or pt.ccharm < lim:
                return commit_of(f.id, "code:curse_charm")
        if f.inv.get("reinforcement_charm", 0) > 0:
            rl = g.data.code["reinforcement_charm"].max_per_battle
            if rl is None or pt.rcharm < rl:
                return commit_of(f.id, "code:reinforcement_charm")
    if f.spells > 0:
        if doomed or (pt.spells_wr == 0 and f.spells >= n.spell_boost_min_spells and rate < n.spell_boost_below_rate):
            return commit_of(f.id, "spell_winrate")
    r = _RECS.get(("c", f.id, "done"))      # commit_of(f.id, "done"), the commonest answer, without the call
    return r if r is not None else commit_of(f.id, "done")




# --- the entry point ------------------------------------------------------------------------
def npc_action(state, faction):
    """The NPC's answer to the decision ``state`` asks of ``faction`` (one rule per prompt kind:
    ``npc_action.rules``, which ``GrailState.play_out`` calls directly)."""
    p = state.pending
    rule = _RULES.get(p.kind)
    if rule is not None:
        return rule(state, state.fac[faction], p.kind, p.ctx)
    choices = p.ctx.get("choices")
    if choices:
        return Answer(faction, p.kind, choices[0])
    raise ValueError(f"npc: no rule for prompt {p.kind}")


def _comm(g, f, k, ctx):
    if ctx.get("opened", 0) == 0:
        if ctx.get("dissolve"):
            return talk_of(f.id, "open", ctx["dissolve"])
        if ctx.get("propose"):
            return talk_of(f.id, "open", ctx["candidate"])
    r = _RECS.get(("t", f.id, "done", "", ""))       # talk_of(f.id, "done"), the commonest, without the call
    return r if r is not None else talk_of(f.id, "done")


_commit.direct = commit_direct
_comm.no_use = True         # never answers with a free use: a procedure may call it directly (``comm._phase_comm``)


def _declare(g, f, k, ctx):
    return declare_direct(g, f, ctx["plan"])


def declare_direct(g, f, plan):
    """The ``declare`` rule with the planned declaration as an argument (``_declare.direct``)."""
    if f.mana < 0:
        for c in ("magic_jewel", "elixir"):
            if f.inv.get(c, 0) > 0:
                return Use(f.id, c)
    return plan


_declare.direct = declare_direct


def _encounter(g, f, k, ctx):
    o = g.fac[ctx["other"]]
    ok = f.mana >= f.level and ewr(g, f, o, "") >= thr(g, f, o.id) + g.fc.npc.hostile_encounter_threshold_delta
    return answer_of(f.id, k, "attack" if ok else "decline")


def _contact(g, f, k, ctx):
    o = g.fac[ctx["other"]]
    loc = f.location if k == "contact_reply" else ""
    ok = o.id not in f.allies and f.mana >= f.level and (
        o.id in f.grudges or ewr(g, f, o, loc) >= thr(g, f, o.id) + g.fc.npc.contact_attack_threshold_delta)
    return answer_of(f.id, k, "attack" if ok else "listen")


def _intervene(g, f, k, ctx):
    o = g.fac[ctx["other"]]
    ok = o.id not in f.allies and f.mana >= f.level and \
        ewr(g, f, o, o.location) >= thr(g, f, o.id) + g.fc.npc.intervene_threshold_delta
    return answer_of(f.id, k, "intervene" if ok else "pass")


def _slot(g, f, k, ctx):
    return slot_direct(g, f, ctx["choices"])


def slot_direct(g, f, ch):
    """The ``slot`` rule with the choices as an argument (``_slot.direct``)."""
    ov, ev = _estimates(g, g.cur_battle, f)
    ds = [ov[q] - ev[q] for q in ch]
    best = max(ds)                    # the largest lead; the first parameter of a tie
    if ds.count(best) == 1 or tuple(ch) in _IN_ORDER:      # (choices in PARAMS order: the first is it)
        r = _RECS.get(("a", f.id, "slot", ch[ds.index(best)]))       # answer_of(...), without the call
        return r if r is not None else answer_of(f.id, "slot", ch[ds.index(best)])
    return answer_of(f.id, "slot", min((q for q, d in zip(ch, ds) if d == best), key=PARAMS.index))


_slot.direct = slot_direct


# the choices a battle offers for slots 1 and 2, each in PARAMS order
_IN_ORDER = {PARAMS} | {tuple(q for q in PARAMS if q != p) for p in PARAMS}


def _reroll(g, f, k, ctx):
    return reroll_direct(g, f)


def reroll_direct(g, f):
    """The ``reroll`` rule, which reads no context (``_reroll.direct``)."""
    b = g.cur_battle
    ov, ev = _estimates(g, b, f)
    s3 = b.slots[2]
    lose = ov[s3] < ev[s3]
    c = "spell" if lose and f.spells >= g.fc.npc.spell_boost_min_spells else "pass"
    r = _RECS.get(("a", f.id, "reroll", c))         # answer_of(...), without the call
    return r if r is not None else answer_of(f.id, "reroll", c)


_reroll.direct = reroll_direct


def _reroll_check(g, f, k, ctx):
    wrong = ctx["success"] != (ctx.get("want", "success") == "success")
    ch = ctx["choices"]
    if wrong and "talisman" in ch:
        return answer_of(f.id, k, "talisman")
    if wrong and "mirror" in ch and ctx.get("label", "").startswith("Escape"):
        return answer_of(f.id, k, "mirror")
    return answer_of(f.id, k, "keep")


def _emergency(g, f, k, ctx):
    for c in ("magic_jewel", "elixir"):
        if f.inv.get(c, 0) > 0:
            return Use(f.id, c)
    if f.spells > 0:
        return Use(f.id, "spell_mana")
    return answer_of(f.id, k, "done")


def _talk(g, f, k, ctx):
    used = ctx.get("used", [])
    o = g.fac[ctx["other"]]
    if o.id in f.allies and f.ai.treacherous and "dissolve" not in used and \
            len(g.act_ids()) <= g.fc.npc.treacherous_dissolve_at_factions:
        return talk_of(f.id, "dissolve", o.id)
    if "dissolve" in used:
        return talk_of(f.id, "end", o.id)
    if not f.allies and "propose" not in used and not o.allies:
        move = "nobody_moves"
        if f.know[o.id].loc and o.location and g.grade_rank(o.location) > g.grade_rank(f.location):
            move = "i_move"
        return talk_of(f.id, "propose", o.id, move)
    return talk_of(f.id, "end", o.id)


def _answer(pick):
    """A rule that answers ``pick(g, f, ctx)``."""
    return lambda g, f, k, ctx: answer_of(f.id, k, pick(g, f, ctx))


_RULES = {
    "commit": _commit,
    "comm": _comm,
    "declare": _declare,
    "rescue": lambda g, f, k, ctx: ctx["plan"],
    "encounter_attack": _encounter,
    "ambush": _answer(lambda g, f, ctx: "attack" if f.mana >= f.level else "decline"),
    "contact_reply": _contact,
    "talk_reply": _contact,
    "intervene": _intervene,
    "help_ally": _answer(lambda g, f, ctx: "decline" if f.ai.treacherous else "help"),
    "accompany": _answer(lambda g, f, ctx: "consent" if f.mana >= f.level else "refuse"),
    "slot": _slot,
    "reroll": _reroll,
    "mirror": _answer(lambda g, f, ctx: "use"),
    "reroll_check": _reroll_check,
    "retreat_pay": _answer(lambda g, f, ctx: "pay"),
    "retreat_group": _answer(lambda g, f, ctx: "abandon" if f.ai.treacherous else "cooperate"),
    "retreat_dest": _answer(lambda g, f, ctx: ctx["choices"][0]),
    "emergency": _emergency,
    "talk": _talk,
    "comm_transfer": lambda g, f, k, ctx: talk_of(f.id, "done"),
    "proposal_reply": _answer(lambda g, f, ctx: "accept"),
    "exchange_reply": _answer(lambda g, f, ctx: "accept"),
    "gift_reply": _answer(lambda g, f, ctx: "accept"),
    "threat_reply": _answer(lambda g, f, ctx: "refuse"),
}
npc_action.rules = _RULES
