"""Combat (§8): sides, the three compared parameters, the W/T/L table, the single clamp,
the d100 roll with the Magic Mirror, the aftermath and the defeat procedure (§14.1)."""
from __future__ import annotations

from .events import BattleEnded, BattleStarted, CommitmentsRevealed, RateComputed, SlotChosen
from .model import ALL, LOG, clamp, floored  # noqa: F401  (clamp: the single clamp of §8.4, imported from here)
from .frames import call, enter, fids, frame, resumable, run
from . import prompt
from .prompt import Pending, ask
from .commitments import CHARMS, active_skills, commit_item, commit_ok, commit_options, commit_ref  # noqa: F401
from . import aftermath  # noqa: F401  (registers the aftermath and defeat procedures)
from .schema import PARAMS


ALWAYS = (None, "always")        # the usual ``when``: callers test it before calling when_ok


SLOT_WHEN = {"slot:" + p: p for p in PARAMS}     # ``slot:<param>`` -> the parameter
# the parameters left for slot 2 after slot 1 (key ``(p,)``) and for slot 3 after slots 1 and 2,
# in PARAMS order
_OTHERS = {(p,): tuple(q for q in PARAMS if q != p) for p in PARAMS}
_OTHERS.update({(p, q): tuple(r for r in PARAMS if r not in (p, q)) for p in PARAMS for q in PARAMS if q != p})


def when_ok(when, side, main, own_base, slots):
    p = SLOT_WHEN.get(when)          # the commonest condition first
    if p is not None:
        return p in slots
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
    return False


class Part:
    """One participating faction in a battle."""
    __slots__ = ("f", "side", "main", "own_base", "base", "active", "np", "rcharm", "ccharm", "spells_wr",
                 "params_spell", "done", "committed", "pas")

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
        self.committed = []       # the B7 items in the order chosen (sealed until both sides are in)
        self.pas = None           # passive_mod's terms for the battle's slots (a memo: not saved)

    def values(self, extra=True):
        """Every parameter at once (``param`` of each): the base, plus with ``extra`` the
        declared skills' and the noble phantasm's param effects."""
        if not extra or not (self.active or self.np):
            return self.base
        v = dict(self.base)
        fx = self.f.fx
        for sk in self.active:
            for typ, w, val, names in fx.skfx[id(sk)]:
                if typ == "param" and (w in ALWAYS or when_ok(w, self.side, self.main, self.own_base, ())):
                    for p in names:             # each named parameter once
                        v[p] += val
        if self.np:
            for typ, _, val, names in fx.np_fx:
                if typ == "param":
                    for p in names:
                        v[p] += val
        return v


def base_params(g, f, side, main, own_base):
    """``battle_param`` at battle start (B1): shown value + passive param effects + the +10 spell."""
    out = floored(f.params, g.penalty(f) if f.mana < 0 else 0)       # (no penalty at mana >= 0)
    if f.buff:
        bonus = g.fc.command_spells.all_params_bonus
        for p in PARAMS:
            out[p] += bonus
    for _, _, _, w, v, _, names in f.passive.get("param", ()):
        if w in ALWAYS or when_ok(w, side, main, own_base, ()):
            for p in names:
                out[p] += v
    return out


def base_rate(cfg, va, vb, slots):
    """(the W/T/L table's rate, its key, a row ``[param, a, b, W/T/L]`` per slot, the summed
    difference of the slots' values)."""
    w = t = l = diff = 0
    rows = []
    for p in slots:
        a, b = va[p], vb[p]
        diff += a - b
        if a > b:
            w += 1
            r = "W"
        elif a == b:
            t += 1
            r = "T"
        else:
            l += 1
            r = "L"
        rows.append([p, a, b, r])
    key = f"{w}-{t}-{l}"
    return cfg.combat.result_table.get(key, 50), key, rows, diff


class Battle:
    __slots__ = ("no", "cause", "loc", "A", "B", "slots", "witnesses", "winner", "rate", "roll", "breakdown",
                 "contrib", "prelim", "reroll_used", "cache", "stage", "prelim_bd", "vis", "vmemo")

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
        self.vmemo = None        # B6's ``base_rate`` while no commitment has changed a value (not saved)

    def parts(self):
        return self.A + self.B

    def fids(self):
        return [p.f.id for p in self.A + self.B]


def values(g, parts, extra):
    """A side's V (§8.4): its main's parameters plus its subs' divided (rounded up)."""
    if len(parts) == 1:
        return dict(parts[0].values(extra))
    return combine(g.fc, [pt.values(extra) for pt in parts])


def combine(cfg, vals):
    """A side's V from its members' parameters, main first: the main's value plus the subs'
    sum divided by ``sub_divisor``, rounded up."""
    main = vals[0]
    if len(vals) == 1:
        return dict(main)
    d = cfg.combat.sub_divisor
    return {p: main[p] - (-sum([v[p] for v in vals[1:]]) // d) for p in PARAMS}


def side_mod(g, b, side, final):
    """Mod(side) terms: list of (fid, source, amount); adds contributing skills to b.contrib."""
    parts = b.A if side == "A" else b.B
    slots = b.slots
    terms = []
    for pt in parts:
        f = pt.f
        pas = pt.pas                            # passive_mod's own test, without the call at B8
        if pas is None or pas[0] != slots:
            pas = passive_mod(b, pt, side)
        if pas[1]:                              # (mostly none: no call)
            terms += pas[1]
        if pas[2]:
            b.contrib.update(pas[2])
        if final and (pt.active or pt.np or pt.rcharm or pt.ccharm or pt.spells_wr):
            fx = f.fx
            for sk in pt.active:
                for typ, w, val, _ in fx.skfx[id(sk)]:
                    if typ == "winrate" and (w in ALWAYS or when_ok(w, side, pt.main, pt.own_base, slots)):
                        terms.append((f.id, sk.id, val))
            if pt.np:
                mult = g.fc.combat.last_stand_np_multiplier if g.doomed(f) else 1
                for typ, w, val, _ in fx.np_fx:
                    if typ == "winrate" and (w in ALWAYS or when_ok(w, side, pt.main, pt.own_base, slots)):
                        terms.append((f.id, fx.np_id, val * mult))
            if pt.rcharm:
                terms.append((f.id, "reinforcement_charm", pt.rcharm * (g.data.code["reinforcement_charm"].effect.value or 0)))
            if pt.ccharm:
                terms.append((f.id, "curse_charm", pt.ccharm * (g.data.code["curse_charm"].effect.value or 0)))
            if pt.spells_wr:
                cs = g.fc.command_spells
                per = (cs.winrate_main if pt.main else cs.winrate_sub) + f.eff_sum("spell_boost")
                terms.append((f.id, "command_spell", per * pt.spells_wr))
        if pt.main:
            enemy = b.B if side == "A" else b.A
            if enemy:
                k = f.know[enemy[0].f.id]
                if k.name:
                    terms.append((f.id, "true_name", g.fc.combat.true_name_bonus))
                if k.np:
                    terms.append((f.id, "np_known", g.fc.combat.np_known_bonus))
    return terms


def passive_mod(b, pt, side):
    """``pt``'s passive win-rate terms and the passive skills that count (``contrib``) for the
    battle's slots, as ``(slots, terms, counted)``: the same at B6 and B8 (the slots are set by
    then), so made once per battle and part (kept as ``pt.pas`` with the slots they were made for), and
    once per faction, role and slots for every battle (``_PAS``: they read only the faction's static
    passive effects, never changed in place; the memo checks them by identity)."""
    slots = b.slots
    pas = pt.pas
    if pas is not None and pas[0] == slots:
        return pas
    passive = pt.f.passive
    key = (id(passive), side, pt.main, pt.own_base, *slots)
    hit = _PAS.get(key)
    if hit is None or hit[0] is not passive:
        if len(_PAS) > 8192:
            _PAS.clear()
        hit = _PAS[key] = (passive, *_passive_terms(pt, side, slots))
    pas = pt.pas = (list(slots), hit[1], hit[2])
    return pas


_PAS: dict = {}     # (id(passive), side, main, own base, *slots) -> (passive, terms, counted); read only


def _passive_terms(pt, side, slots):
    f = pt.f
    fid = f.id
    passive = f.passive
    terms = []
    counted = []
    for _, _, sid, w, v, _, _ in passive.get("winrate", ()):
        if v:
            p = SLOT_WHEN.get(w)             # when_ok, the commonest condition first
            if (p in slots) if p is not None else (w in ALWAYS or when_ok(w, side, pt.main, pt.own_base, slots)):
                terms.append((fid, sid, v))
                counted.append((fid, sid))
    for _, _, sid, w, v, ps, _ in passive.get("param", ()):
        if v and (w in ALWAYS or when_ok(w, side, pt.main, pt.own_base, ())) and \
                (ps == "ALL" or any(p in slots for p in ps)):
            counted.append((fid, sid))
    return terms, counted


def compute(g, b, final):
    """§8.4: returns (final_A, breakdown)."""
    cfg = g.fc
    A, B = b.A, b.B
    memo = b.vmemo
    if final and memo is not None:      # no commitment changed a value since B6 (``commit_item``)
        base, key, rows, diff = memo
    else:
        if len(A) == 1:                 # read only: no copy (and no call for the base alone)
            pt = A[0]
            va = pt.values(final) if final and (pt.active or pt.np) else pt.base
        else:
            va = values(g, A, final)
        if len(B) == 1:
            pt = B[0]
            vb = pt.values(final) if final and (pt.active or pt.np) else pt.base
        else:
            vb = values(g, B, final)
        base, key, rows, diff = memo = base_rate(cfg, va, vb, b.slots)
        b.vmemo = None if final else memo
    power = cfg.combat.power_diff_pct_per_point * diff
    la = A[0].f.level if len(A) == 1 else _top_level(A)       # one part a side: no call
    lb = B[0].f.level if len(B) == 1 else _top_level(B)
    lvl = cfg.combat.level_diff_pct_per_level * (la - lb)
    ma = side_mod(g, b, "A", final)
    mb = side_mod(g, b, "B", final)
    raw = base + power + lvl
    for t in ma:
        raw += t[2]
    for t in mb:
        raw -= t[2]
    lo, hi = cfg.combat.winrate_min, cfg.combat.winrate_max
    fin = lo if raw < lo else hi if raw > hi else raw                   # clamp
    bd = {"slots": rows, "wtl": key, "base": base, "power": power, "level": lvl,
          "mod_a": list(map(list, ma)), "mod_b": list(map(list, mb)), "raw": raw, "final_a": fin,
          "final_b": 100 - fin}
    return fin, bd


def _top_level(parts):
    """The highest level on a side."""
    return max([pt.f.level for pt in parts])


def breakdown_params(g, bd):
    """The §8.4 breakdown as the parameters of ``grailwar.log.breakdown_*``."""
    rows = [{"key": LOG + "slot_row", "params": {"param": g.pref(p), "a": a, "b": b, "r": LOG + "wtl." + r}}
            for p, a, b, r in bd["slots"]]
    ma = sum(t[2] for t in bd["mod_a"])
    mb = sum(t[2] for t in bd["mod_b"])
    return {"slots": rows, "wtl": bd["wtl"], "base": bd["base"], "power": f"{bd['power']:+d}",
            "level": f"{bd['level']:+d}", "mod_a": f"{ma:+d}", "mod_b": f"{-mb:+d}", "raw": bd["raw"],
            "final": bd["final_a"]}


# ---------------------------------------------------------------------------------------
# The battle procedure (§8.3). A generator: ``res = yield from fight(g, ...)``; resumable (its
# frame holds ids and counters, the battle itself is ``g.cur_battle``: see ``frames``).
# ---------------------------------------------------------------------------------------
def fight(g, cause, a_main, b_main, loc, a_subs=(), b_subs=(), witnesses=(), seize=False):
    """Run one battle. Returns the Battle (winner "A"/"B"), or None when it cannot happen."""
    return (yield from run(g, frame("fight", **fight_args(cause, a_main, b_main, loc, a_subs, b_subs, witnesses,
                                                           seize))))


def fight_args(cause, a_main, b_main, loc, a_subs=(), b_subs=(), witnesses=(), seize=False):
    return dict(cause=cause, a=a_main.id, b=b_main.id, loc=loc or "", a_subs=fids(a_subs) if a_subs else [],
                b_subs=fids(b_subs) if b_subs else [], witnesses=fids(witnesses) if witnesses else [], seize=seize)


def sub_fight(g, fr, cause, a_main, b_main, loc, a_subs=(), b_subs=(), witnesses=(), seize=False):
    """``b = yield from sub_fight(g, fr, ...)``: a battle inside the resumable procedure of ``fr``."""
    return call(g, fr, "fight", **fight_args(cause, a_main, b_main, loc, a_subs, b_subs, witnesses, seize))


@resumable("fight")
def _fight(g, fr):
    cfg = g.fc
    a_main, b_main, loc = g.fac[fr["a"]], g.fac[fr["b"]], fr["loc"]
    maxsub = cfg.combat.max_subs_per_side
    if fr["pc"] == 0:
        if not (a_main.active and b_main.active) or a_main.id == b_main.id:
            return None
        g.battle_no += 1
        b = Battle(g.battle_no, fr["cause"], loc)
        g.cur_battle = b
        b.A.append(Part(a_main, "A", True, bool(loc) and a_main.location == loc))
        b.B.append(Part(b_main, "B", True, bool(loc) and b_main.location == loc))
        used = {a_main.id, b_main.id}
        for s in fr["a_subs"]:
            s = g.fac[s]
            if s.active and s.id not in used and len(b.A) <= maxsub:
                b.A.append(Part(s, "A", False, bool(loc) and s.location == loc))
                used.add(s.id)
        for s in fr["b_subs"]:
            s = g.fac[s]
            if s.active and s.id not in used and len(b.B) <= maxsub:
                b.B.append(Part(s, "B", False, bool(loc) and s.location == loc))
                used.add(s.id)
        fr["no"] = b.no
        fr["helpers"] = sorted(b_main.allies) if loc else []
        fr["i"] = 0
        fr["pc"] = 1
    b = g.cur_battle
    if fr["pc"] == 1:
        # side-B residents: allies of the defender living at the battle location decide to help
        helpers = fr["helpers"]
        while fr["i"] < len(helpers):
            s = g.fac[helpers[fr["i"]]]
            if s.active and s.location == loc and len(b.B) <= maxsub and s.id not in b.fids():
                ans = ask("help_ally", s.id, {"choices": ["help", "decline"], "battle": b.no, "ally": b_main.id}, g)
                if type(ans) is Pending:
                    ans = yield ans
                g.note(s.id, "ally_" + ans.choice, g.vis(s.id, b_main.id), ally=g.fref(b_main.id), no=b.no)
                if ans.choice == "help":
                    b.B.append(Part(s, "B", False, True))
            fr["i"] += 1
        used = b.fids()
        b.witnesses = [w for w in fr["witnesses"] if w not in used] if fr["witnesses"] else []
        vis = g.vis(*used, *b.witnesses)
        b.vis = vis
        # B1
        if g.keep_log:
            g.note(b.no, "battle_begins", ALL, cause=LOG + "cause." + fr["cause"].replace(" ", "_"),
                   a=[g.fref(p.f.id) for p in b.A], b=[g.fref(p.f.id) for p in b.B],
                   loc=g.lref(loc) if loc else LOG + "neutral_ground")
        if g.report_events:
            g.events.append(BattleStarted(b.no, fr["cause"], loc, tuple(p.f.id for p in b.A),
                                          tuple(p.f.id for p in b.B), ALL))
        parts = b.parts()
        for x in parts:
            xf = x.f
            for y in parts:
                if x is not y:
                    yf = y.f
                    k = xf.know[yf.id]
                    if not k.acq:                       # (acquainted already: ``acquaint`` adds nothing)
                        g.acquaint(xf, yf)
                    if yf.active:                       # g.learn_loc(xf, yf), without the call
                        k.loc = True
                        if xf.known_empty:
                            xf.known_empty.discard(yf.location)
        for w in b.witnesses:
            wf = g.fac[w]
            for y in parts:
                g.acquaint(wf, y.f)
        for pt in parts:
            pt.base = base_params(g, pt.f, pt.side, pt.main, pt.own_base)
        # B2-B4
        b.stage = "slots"
        fr["pc"] = 2
    vis = b.vis
    # While ``play_out`` answers with the NPC table, its slot, reroll and commit rules are called here
    # (``direct``), recorded as ``ask`` records them; otherwise (or past the budget) each is a prompt.
    now = prompt.NOW
    dslot = dreroll = dcommit = None
    if now is not None and now[0] is g:
        rules = now[1]
        dslot = getattr(rules.get("slot"), "direct", None)
        dreroll = getattr(rules.get("reroll"), "direct", None)
        dcommit = getattr(rules.get("commit"), "direct", None)
        acts, budget, report = now[2], now[3], now[5]
    if fr["pc"] == 2:
        if dslot is not None and len(acts) < budget:
            ans = dslot(g, a_main, PARAMS)
            if report:
                g.events = []
            acts.append(ans)
        else:
            ans = ask("slot", a_main.id, {"choices": list(PARAMS), "battle": b.no, "slot": 1}, g)
            if type(ans) is Pending:
                ans = yield ans
        b.slots.append(ans.choice)
        if g.keep_log:
            g.note(b.no, "slot", vis, n=1, who=g.fref(a_main.id), param=g.pref(ans.choice))
        if g.report_events:
            g.events.append(SlotChosen(b.no, 1, a_main.id, ans.choice, vis))
        fr["pc"] = 3
    if fr["pc"] == 3:
        if dslot is not None and len(acts) < budget:
            ans = dslot(g, b_main, _OTHERS[b.slots[0],])
            if report:
                g.events = []
            acts.append(ans)
        else:
            ans = ask("slot", b_main.id, {"choices": list(_OTHERS[b.slots[0],]), "battle": b.no, "slot": 2}, g)
            if type(ans) is Pending:
                ans = yield ans
        b.slots.append(ans.choice)
        if g.keep_log:
            g.note(b.no, "slot", vis, n=2, who=g.fref(b_main.id), param=g.pref(ans.choice))
        if g.report_events:
            g.events.append(SlotChosen(b.no, 2, b_main.id, ans.choice, vis))
        b.slots.append(g.choose(b.no, "random_parameter", list(_OTHERS[b.slots[0], b.slots[1]]), ALL, of="param"))
        if g.report_events:
            g.events.append(SlotChosen(b.no, 3, "", b.slots[2], ALL))
        # B5 reroll window: side B then side A
        b.stage = "reroll"
        fr["pc"] = 4
        fr["s"] = fr["j"] = 0
    if fr["pc"] == 4:
        limit = cfg.combat.reroll_spells_per_side
        s, j = fr["s"], fr["j"]     # written to the frame before each prompt (what a save reads)
        while s < 2:
            side = "BA"[s]
            sparts = b.B if side == "B" else b.A
            spent = False
            if b.reroll_used[side] < limit:
                while j < len(sparts):
                    pt = sparts[j]
                    if pt.f.spells > 0:
                        if dreroll is not None and len(acts) < budget:
                            ans = dreroll(g, pt.f)
                            if report:
                                g.events = []
                            acts.append(ans)
                        else:
                            fr["s"] = s
                            fr["j"] = j
                            ans = ask("reroll", pt.f.id, {"choices": ["spell", "pass"], "battle": b.no,
                                                          "slot3": b.slots[2]}, g)
                            if type(ans) is Pending:
                                ans = yield ans
                        if ans.choice == "spell":
                            g.spend_spells(pt.f, 1, "reroll")
                            four = list(_OTHERS[b.slots[0], b.slots[1]])
                            b.slots[2] = g.choose(b.no, "random_parameter_reroll", four, ALL, of="param")
                            if g.report_events:
                                g.events.append(SlotChosen(b.no, 3, "", b.slots[2], ALL))
                            b.reroll_used[side] += 1
                            spent = True
                            break
                    j += 1
            j = 0
            if not spent:
                s += 1
        fr["s"] = s
        fr["j"] = 0
        # B6 preliminary rate
        b.contrib = set()
        b.prelim, bd = compute(g, b, False)
        b.prelim_bd = bd
        b.stage = "commit"
        if g.keep_log:
            g.note(b.no, "breakdown_prelim", vis, data=bd, **breakdown_params(g, bd))
        if g.report_events:
            g.events.append(RateComputed(b.no, False, b.prelim, vis))
        fr["pc"] = 5
        fr["k"] = 0
    if fr["pc"] == 5:
        # B7 commitments: side B's then side A's, mains first. Sealed (§2.9, HR-53): each side sees
        # only its own until both are in, then one reveal for everyone who watches the battle.
        order = b.B + b.A
        k = fr["k"]                         # kept in the frame before each prompt (what a save reads)
        doomed = fr.get("doomed")           # the part's reading, kept until it is done (``None``: none yet)
        while k < len(order):
            pt = order[k]
            f = pt.f
            if not f.active:
                k += 1
                continue
            if doomed is None:
                doomed = f.mana < cfg.mana.vanish_below        # g.doomed(f)
            if dcommit is not None and len(acts) < budget:
                ans = dcommit(g, f, pt, b.prelim if pt.side == "A" else 100 - b.prelim, doomed)
                if report:
                    g.events = []
                acts.append(ans)
            else:
                if "doomed" not in fr:
                    fr["doomed"] = doomed
                fr["k"] = k
                ans = ask("commit", f.id, {"battle": b.no, "side": pt.side, "doomed": doomed,
                                           "rate": b.prelim if pt.side == "A" else 100 - b.prelim}, g)
                if type(ans) is Pending:
                    ans = yield ans
            item = ans.item
            if item == "done":
                k += 1
                doomed = None
                if "doomed" in fr:
                    del fr["doomed"]
                continue
            side = b.A if pt.side == "A" else b.B       # who sees it (only the log and events tell)
            commit_item(g, b, pt, item, g.vis(*[q.f.id for q in side]) if g.keep_log or g.report_events else ALL)
        fr["k"] = k
        if doomed is not None and "doomed" not in fr:       # a part left inactive keeps its reading
            fr["doomed"] = doomed
        if g.keep_log:
            g.note(b.no, "commitments", vis,
                   sides=[{"key": LOG + "committed_by", "params": {
                       "who": g.fref(pt.f.id),
                       "items": [commit_ref(g, pt.f, i) for i in pt.committed] or LOG + "item.nothing"}}
                       for pt in b.B + b.A])
        if g.report_events:
            reveal = tuple((pt.f.id, tuple(pt.committed)) for pt in b.B + b.A)
            g.events.append(CommitmentsRevealed(b.no, reveal, vis))
        # B8 final rate
        b.contrib = set()
        b.rate, bd = compute(g, b, True)
        b.breakdown = bd
        b.stage = "roll"
        if g.keep_log:
            g.note(b.no, "breakdown_final", vis, data=bd, **breakdown_params(g, bd))
        if g.report_events:
            g.events.append(RateComputed(b.no, True, b.rate, vis))
        # B9 roll
        fr["ok"] = g.percent(a_main.id, "battle_roll", b.rate, ALL, no=b.no)
        fr["mirrors"] = 0
        fr["j"] = 0
        fr["pc"] = 6
    if fr["pc"] == 6:
        lim = g.data.code["magic_mirror"].max_per_check       # §8.6/§17: mirrors on this roll, in total
        while lim is None or fr["mirrors"] < lim:
            spent = False
            losers = b.B if fr["ok"] else b.A                  # the losing side, main first
            while fr["j"] < len(losers):
                pt = losers[fr["j"]]
                if pt.f.inv.get("magic_mirror", 0) > 0:
                    ans = ask("mirror", pt.f.id, {"choices": ["use", "pass"], "battle": b.no}, g)
                    if type(ans) is Pending:
                        ans = yield ans
                    if ans.choice == "use":
                        g.take_item(pt.f, "magic_mirror")
                        g.note(pt.f.id, "mirror_used", ALL)
                        fr["ok"] = g.percent(a_main.id, "battle_roll", b.rate, ALL, reroll="mirror", no=b.no)
                        fr["mirrors"] += 1
                        spent = True
                        break
                fr["j"] += 1
            fr["j"] = 0
            if not spent:
                break
        b.winner = "A" if fr["ok"] else "B"
        b.roll = g.last_roll
        if g.report_events:
            g.events.append(BattleEnded(b.no, b.winner, b.rate, b.roll, ALL))
        b.stage = "aftermath"
        fr["pc"] = 7
    try:
        yield from enter(g, fr, {"fn": "aftermath", "pc": 0, "seize": fr["seize"]})
        del fr["sub"]
    finally:
        b.stage = "done"
    return b
