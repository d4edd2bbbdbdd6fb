"""Combat (§8): sides, the three compared parameters, the W/T/L table, the single clamp,
the d100 roll with the Magic Mirror, the aftermath and the defeat procedure (§14.1)."""
from __future__ import annotations

from .events import BattleEnded, BattleStarted
from .model import ALL, PARAM_JA, clamp
from .prompt import ask
from .retreat import defeat
from .schema import PARAMS


def when_ok(when, side, main, own_base, slots):
    if when is None or when == "always":
        return True
    if when == "attacking":
        return side == "A"
    if when == "defending":
        return side == "B"
    if when == "at_own_base":
        return own_base
    if when == "as_main":
        return main
    if when.startswith("slot:"):
        return when[5:] in slots
    return False


class Part:
    """One participating faction in a battle."""
    __slots__ = ("f", "side", "main", "own_base", "base", "active", "np", "rcharm", "ccharm", "spells_wr",
                 "params_spell", "done")

    def __init__(self, f, side, main, own_base):
        self.f = f
        self.side = side
        self.main = main
        self.own_base = own_base
        self.base = {}
        self.active = []          # declared active skills
        self.np = False
        self.rcharm = 0
        self.ccharm = 0
        self.spells_wr = 0
        self.params_spell = False
        self.done = False

    def param(self, p, extra=True):
        v = self.base[p]
        if extra:
            for sk in self.active:
                for e in sk.effects:
                    if e.type == "param" and (e.params == "ALL" or p in e.params) and \
                            when_ok(e.when, self.side, self.main, self.own_base, ()):
                        v += e.value
            if self.np:
                for e in self.f.np_effects:
                    if e.type == "param" and (e.params == "ALL" or p in e.params):
                        v += e.value
        return v


def base_params(g, f, side, main, own_base):
    """``battle_param`` at battle start (B1): shown value + passive param effects + the +10 spell."""
    out = {}
    bonus = g.cfg.command_spells.all_params_bonus if f.buff else 0
    pen = g.penalty(f)
    for p in PARAMS:
        v = max(0, f.params[p] - pen) + bonus
        out[p] = v
    for sk, e in f.passive.get("param", ()):
        if when_ok(e.when, side, main, own_base, ()):
            for p in (PARAMS if e.params == "ALL" else e.params):
                out[p] += e.value
    return out


def side_value(cfg, main_v, sub_vs):
    if not sub_vs:
        return main_v
    s = sum(sub_vs)
    d = cfg.combat.sub_divisor
    return main_v + -(-s // d)


def base_rate(cfg, va, vb, slots):
    w = t = l = 0
    rows = []
    for p in slots:
        a, b = va[p], vb[p]
        if a > b:
            w += 1
            r = "W"
        elif a == b:
            t += 1
            r = "T"
        else:
            l += 1
            r = "L"
        rows.append((p, a, b, r))
    key = f"{w}-{t}-{l}"
    return cfg.combat.result_table.get(key, 50), key, rows


class Battle:
    __slots__ = ("no", "cause", "loc", "A", "B", "slots", "witnesses", "winner", "rate", "roll", "breakdown",
                 "contrib", "prelim", "reroll_used", "cache", "stage", "prelim_bd", "vis")

    def __init__(self, no, cause, loc):
        self.no = no
        self.cause = cause
        self.loc = loc
        self.A = []
        self.B = []
        self.slots = []
        self.witnesses = []
        self.winner = ""
        self.rate = 0
        self.roll = 0
        self.breakdown = {}
        self.contrib = set()     # (fid, skill_id)
        self.prelim = 0
        self.reroll_used = {"A": 0, "B": 0}
        self.cache = {}          # NPC estimates before commitments (B2-B5)
        self.stage = "start"     # start, slots, reroll, commit, roll, aftermath, done
        self.prelim_bd = None
        self.vis = ALL

    def parts(self):
        return self.A + self.B

    def fids(self):
        return [p.f.id for p in self.A + self.B]


def values(g, parts, extra):
    main = parts[0]
    subs = parts[1:]
    return {p: side_value(g.cfg, main.param(p, extra), [s.param(p, extra) for s in subs]) for p in PARAMS}


def side_mod(g, b, side, final):
    """Mod(side) terms: list of (fid, source, amount); adds contributing skills to b.contrib."""
    parts = b.A if side == "A" else b.B
    enemy = b.B if side == "A" else b.A
    cs = g.cfg.command_spells
    terms = []
    for pt in parts:
        f = pt.f
        for sk, e in f.passive.get("winrate", ()):
            if e.value and when_ok(e.when, side, pt.main, pt.own_base, b.slots):
                terms.append((f.id, sk.id, e.value))
                b.contrib.add((f.id, sk.id))
        for sk, e in f.passive.get("param", ()):
            if e.value and when_ok(e.when, side, pt.main, pt.own_base, ()) and \
                    (e.params == "ALL" or any(p in b.slots for p in e.params)):
                b.contrib.add((f.id, sk.id))
        if final:
            for sk in pt.active:
                for e in sk.effects:
                    if e.type == "winrate" and when_ok(e.when, side, pt.main, pt.own_base, b.slots):
                        terms.append((f.id, sk.id, e.value))
            if pt.np:
                mult = g.cfg.combat.last_stand_np_multiplier if g.doomed(f) else 1
                for e in f.np_effects:
                    if e.type == "winrate" and when_ok(e.when, side, pt.main, pt.own_base, b.slots):
                        terms.append((f.id, f.servant.np.id, e.value * mult))
            if pt.rcharm:
                terms.append((f.id, "reinforcement_charm", pt.rcharm * (g.data.code["reinforcement_charm"].effect.value or 0)))
            if pt.ccharm:
                terms.append((f.id, "curse_charm", pt.ccharm * (g.data.code["curse_charm"].effect.value or 0)))
            if pt.spells_wr:
                per = (cs.winrate_main if pt.main else cs.winrate_sub) + f.eff_sum("spell_boost")
                terms.append((f.id, "command_spell", per * pt.spells_wr))
        if pt.main and enemy:
            em = enemy[0].f
            k = f.know[em.id]
            if k.name:
                terms.append((f.id, "true_name", g.cfg.combat.true_name_bonus))
            if k.np:
                terms.append((f.id, "np_known", g.cfg.combat.np_known_bonus))
    return terms


def compute(g, b, final):
    """§8.4: returns (final_A, breakdown)."""
    cfg = g.cfg
    va = values(g, b.A, final)
    vb = values(g, b.B, final)
    base, key, rows = base_rate(cfg, va, vb, b.slots)
    power = cfg.combat.power_diff_pct_per_point * (sum(va[p] for p in b.slots) - sum(vb[p] for p in b.slots))
    lvl = cfg.combat.level_diff_pct_per_level * (max(p.f.level for p in b.A) - max(p.f.level for p in b.B))
    ma = side_mod(g, b, "A", final)
    mb = side_mod(g, b, "B", final)
    raw = base + power + lvl + sum(t[2] for t in ma) - sum(t[2] for t in mb)
    fin = clamp(raw, cfg.combat.winrate_min, cfg.combat.winrate_max)
    bd = {"slots": [list(r) for r in rows], "wtl": key, "base": base, "power": power, "level": lvl,
          "mod_a": [list(t) for t in ma], "mod_b": [list(t) for t in mb], "raw": raw, "final_a": fin,
          "final_b": 100 - fin}
    return fin, bd


def fmt_breakdown(bd):
    slots = ", ".join(f"{p} {a}v{b} {r}" for p, a, b, r in bd["slots"])
    ma = sum(t[2] for t in bd["mod_a"])
    mb = sum(t[2] for t in bd["mod_b"])
    return (f"{slots} → {bd['wtl']} base {bd['base']}; power {bd['power']:+d}; level {bd['level']:+d}; "
            f"mods A {ma:+d} B {-mb:+d}; raw {bd['raw']} → {bd['final_a']}%")


# ---------------------------------------------------------------------------------------
# The battle procedure (§8.3). A generator: ``res = yield from fight(g, ...)``.
# ---------------------------------------------------------------------------------------
def fight(g, cause, a_main, b_main, loc, a_subs=(), b_subs=(), witnesses=(), seize=False):
    """Run one battle. Returns the Battle (winner "A"/"B"), or None when it cannot happen."""
    if not (a_main.active and b_main.active) or a_main.id == b_main.id:
        return None
    cfg = g.cfg
    g.battle_no += 1
    b = Battle(g.battle_no, cause, loc or "")
    g.cur_battle = b
    maxsub = cfg.combat.max_subs_per_side
    own = lambda f: bool(loc) and f.location == loc
    b.A.append(Part(a_main, "A", True, own(a_main)))
    b.B.append(Part(b_main, "B", True, own(b_main)))
    used = {a_main.id, b_main.id}
    for s in a_subs:
        if s.active and s.id not in used and len(b.A) <= maxsub:
            b.A.append(Part(s, "A", False, own(s)))
            used.add(s.id)
    for s in b_subs:
        if s.active and s.id not in used and len(b.B) <= maxsub:
            b.B.append(Part(s, "B", False, own(s)))
            used.add(s.id)
    # side-B residents: allies of the defender living at the battle location decide to help
    if loc:
        for aid in sorted(b_main.allies):
            s = g.fac[aid]
            if s.active and s.id not in used and s.location == loc and len(b.B) <= maxsub:
                ans = yield ask("help_ally", s.id, choices=["help", "decline"], battle=b.no, ally=b_main.id)
                if ans.choice == "help":
                    b.B.append(Part(s, "B", False, True))
                    used.add(s.id)
    b.witnesses = [w.id for w in witnesses if w.id not in used]
    vis = g.vis(*b.fids(), *b.witnesses)
    b.vis = vis
    # B1
    locname = f"{loc} {g.data.loc[loc].en}" if loc else "neutral ground"
    sa = "+".join(p.f.id for p in b.A)
    sb = "+".join(p.f.id for p in b.B)
    g.note(f"Battle#{b.no}", f"{cause}: {sa} (A) vs {sb} (B) at {locname}",
           f"{cause}：{sa}（A）対 {sb}（B）　場所：{g.data.loc[loc].ja if loc else '中立地帯'}", ALL)
    g.events.append(BattleStarted(b.no, cause, loc or "", tuple(p.f.id for p in b.A), tuple(p.f.id for p in b.B), ALL))
    parts = b.parts()
    for x in parts:
        for y in parts:
            if x is not y:
                g.acquaint(x.f, y.f)
                g.learn_loc(x.f, y.f)
    for w in b.witnesses:
        wf = g.fac[w]
        for y in parts:
            g.acquaint(wf, y.f)
    for pt in parts:
        pt.base = base_params(g, pt.f, pt.side, pt.main, pt.own_base)
    # B2-B4
    b.stage = "slots"
    ans = yield ask("slot", a_main.id, choices=list(PARAMS), battle=b.no, slot=1)
    b.slots.append(ans.choice)
    g.note(f"Battle#{b.no}", f"slot 1 ({a_main.id}): {ans.choice}", f"スロット1（{a_main.id}）：{PARAM_JA[ans.choice]}", vis)
    rest = [p for p in PARAMS if p not in b.slots]
    ans = yield ask("slot", b_main.id, choices=rest, battle=b.no, slot=2)
    b.slots.append(ans.choice)
    g.note(f"Battle#{b.no}", f"slot 2 ({b_main.id}): {ans.choice}", f"スロット2（{b_main.id}）：{PARAM_JA[ans.choice]}", vis)
    four = [p for p in PARAMS if p not in b.slots]
    b.slots.append(g.choose(f"Battle#{b.no}", "random parameter", four, ALL))
    # B5 reroll window: side B then side A
    b.stage = "reroll"
    for side in ("B", "A"):
        sparts = b.B if side == "B" else b.A
        while b.reroll_used[side] < cfg.combat.reroll_spells_per_side:
            spent = False
            for pt in sparts:
                if pt.f.spells > 0:
                    ans = yield ask("reroll", pt.f.id, choices=["spell", "pass"], battle=b.no,
                                         slot3=b.slots[2])
                    if ans.choice == "spell":
                        g.spend_spells(pt.f, 1, "reroll the random parameter")
                        b.slots[2] = g.choose(f"Battle#{b.no}", "random parameter (reroll)", four, ALL)
                        b.reroll_used[side] += 1
                        spent = True
                        break
            if not spent:
                break
    # B6 preliminary rate
    b.contrib = set()
    b.prelim, bd = compute(g, b, False)
    b.prelim_bd = bd
    b.stage = "commit"
    txt = fmt_breakdown(bd)
    g.note(f"Battle#{b.no}", "preliminary: " + txt, "暫定勝率：" + txt, vis, data=bd)
    # B7 commitments: side B's then side A's, mains first
    for pt in b.B + b.A:
        if not pt.f.active:
            continue
        doomed = g.doomed(pt.f)
        while True:
            ans = yield ask("commit", pt.f.id, battle=b.no, side=pt.side, doomed=doomed,
                                 rate=b.prelim if pt.side == "A" else 100 - b.prelim)
            item = ans.item
            if item == "done":
                break
            commit_item(g, b, pt, item, vis)
    # B8 final rate
    b.contrib = set()
    b.rate, bd = compute(g, b, True)
    b.breakdown = bd
    b.stage = "roll"
    txt = fmt_breakdown(bd)
    g.note(f"Battle#{b.no}", "final: " + txt, "最終勝率：" + txt, vis, data=bd)
    # B9 roll
    lab = f"Battle#{b.no} win rate"
    actor = a_main.label()
    ok = g.percent(actor, lab, b.rate, ALL)
    lim = g.data.code["magic_mirror"].max_per_check       # §8.6/§17: mirrors on this roll, in total
    mirrors = 0
    while lim is None or mirrors < lim:
        spent = False
        for pt in (b.B if ok else b.A):                      # the losing side, main first
            if pt.f.inv.get("magic_mirror", 0) > 0:
                ans = yield ask("mirror", pt.f.id, choices=["use", "pass"], battle=b.no)
                if ans.choice == "use":
                    g.take_item(pt.f, "magic_mirror")
                    g.note(pt.f.label(), "uses a Magic Mirror on the battle roll", "魔鏡で戦闘判定を振り直す", ALL)
                    ok = g.percent(actor, lab + " (mirror)", b.rate, ALL)
                    mirrors += 1
                    spent = True
                    break
        if not spent:
            break
    b.winner = "A" if ok else "B"
    b.roll = g.last_roll
    g.events.append(BattleEnded(b.no, b.winner, b.rate, b.roll, ALL))
    b.stage = "aftermath"
    try:
        yield from aftermath(g, b, vis, seize)
    finally:
        b.stage = "done"
    return b


def commit_item(g, b, pt, item, vis=None):
    f = pt.f
    cs = g.cfg.command_spells
    vis = vis or g.vis(f.id)
    if item.startswith("skill:"):
        sid = item[6:]
        sk = next(s for s in f.servant.skills + f.master.skills if s.id == sid)
        pt.active.append(sk)
        if sk.cost:
            g.gain_mana(f, -sk.cost, f"skill {sk.en}", reason_ja=f"スキル【{sk.ja}】")
        g.note(f.label(), f"commits skill {sk.en}", f"スキル【{sk.ja}】を使用", vis)
    elif item == "np":
        pt.np = True
        np_ = f.servant.np
        if np_.cost:
            g.gain_mana(f, -np_.cost, f"NP {np_.en}", reason_ja=f"宝具{np_.ja}")
        g.note(f.label(), f"commits its noble phantasm {np_.en}", f"宝具{np_.ja}を使用", vis)
    elif item == "code:reinforcement_charm":
        g.take_item(f, "reinforcement_charm")
        pt.rcharm += 1
        g.note(f.label(), "commits a Reinforcement Charm", "強化符を使用", vis)
    elif item == "code:curse_charm":
        g.take_item(f, "curse_charm")
        pt.ccharm += 1
        g.note(f.label(), "commits a Curse Charm", "呪符を使用", vis)
    elif item == "spell_winrate":
        g.spend_spells(f, 1, "win rate")
        pt.spells_wr += 1
    elif item == "spell_params":
        g.spend_spells(f, 1, "+10 to all parameters")
        if not f.buff or cs.all_params_stackable:
            for p in PARAMS:
                pt.base[p] += cs.all_params_bonus
        f.buff = True
        pt.params_spell = True


def commit_options(g, b, pt):
    """Commit items open to a participant (besides ``done``)."""
    f = pt.f
    out = []
    declared = {sk.id for sk in pt.active}
    for sk in f.master.skills + f.servant.skills:
        if sk.activation == "active" and sk.id not in declared:
            out.append("skill:" + sk.id)
    if not pt.np:
        out.append("np")
    if f.inv.get("reinforcement_charm", 0) > 0:
        lim = g.data.code["reinforcement_charm"].max_per_battle
        if lim is None or pt.rcharm < lim:
            out.append("code:reinforcement_charm")
    if f.inv.get("curse_charm", 0) > 0:
        lim = g.data.code["curse_charm"].max_per_battle
        if lim is None or pt.ccharm < lim:
            out.append("code:curse_charm")
    if f.spells > 0:
        out.append("spell_winrate")
        if not pt.params_spell and (not f.buff or g.cfg.command_spells.all_params_stackable):
            out.append("spell_params")
    return out


def aftermath(g, b, vis, seize):
    cfg = g.cfg
    # 1 mana
    for pt in b.parts():
        if pt.f.active:
            g.gain_mana(pt.f, -pt.f.level, f"Battle#{b.no} upkeep", reason_ja=f"Battle#{b.no} 戦闘消費")
            pt.f.fought = True
    # 2 reveals
    watchers = [pt.f for pt in b.parts() if pt.f.active] + [g.fac[w] for w in b.witnesses]
    reveals = set(b.contrib)
    for pt in b.parts():
        for sk in pt.active:
            reveals.add((pt.f.id, sk.id))
    for o in watchers:
        for fid, sid in reveals:
            if fid == o.id:
                continue
            t = g.fac[fid]
            k = o.know[fid]
            if any(s.id == sid for s in t.master.skills):
                k.ms.add(sid)
            elif any(s.id == sid for s in t.servant.skills):
                k.ss.add(sid)
        for pt in b.parts():
            if pt.np and pt.f.id != o.id:
                k = o.know[pt.f.id]
                k.np = True
                if cfg.combat.np_use_reveals_true_name:
                    k.name = True
    win = b.A if b.winner == "A" else b.B
    lose = b.B if b.winner == "A" else b.A
    g.note(f"Battle#{b.no}", f"side {b.winner} wins ({'+'.join(p.f.id for p in win)})",
           f"{b.winner}側の勝利", ALL)
    # 3 defeat
    destroyed = yield from defeat(g, b, lose)
    # 4 kills
    for pt in win:
        pt.f.kills += len(destroyed)
    # 5 seize-move
    if seize and b.winner == "A":
        mover = b.A[0].f
        if mover.active and b.loc and not g.occupants(b.loc):
            g.relocate(mover, b.loc, "seized")
    # 6 grudges
    for pt in b.B:
        if not pt.f.human:
            for q in b.A:
                pt.f.grudges.add(q.f.id)
    # 7 victory check
    g.victory_check()

