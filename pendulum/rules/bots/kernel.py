"""The board's worth for a bot, written out as plain functions per rule set and bot weights.

Valuing the board is most of a bot's work: after almost every change of its own mat, a bot values the
reward boxes again (``Valuation.act_term``: can it pay, the box's reward less 0.6 times its cost) and the
frames by their best box (``frame_base``). Read through general code (walking each effect's parts, a call
per box, per frame and per production), that was several thousand bytecodes per decision.

* ``board_function(rules, bot, plain_tracks)`` writes those computations out, one function per area
  (black, green, purple) for the rule set's reward boxes and the bot's weights, with every test the data
  decides (which cubes a reward gives, which parts a cost has) already taken, and compiles them. An area's
  function returns ``({action id: term or None}, (base, ...))`` -- what ``act_term`` and
  ``frame_base`` give for that area's boxes and frames. A decision that reads only the boxes under its own
  workers values only those areas (``Valuation.area_board``).
* ``value_function(eff)`` does the same for ``Valuation._value`` of one effect (shared by the effects
  with the same parts).

Bit for bit: each figure is added up in the same order as the general code was, with the same constants (a
float literal is the same double as the weight it was read from), so every sum rounds the same way; the
440 seeded games of tests/pendulum/test_bot_speed_equivalence.py and tests/pendulum/test_bot_kernel.py
check it.

Only numbers from the data are written into the source, as the ``repr`` of an ``int`` or ``float`` checked
to be one (``literal``), and slot colours as string literals (``repr``): a mod cannot put code in it.
"""
from __future__ import annotations

import re
import weakref

RES_KEYS = ("military", "culture", "gold")
VP_KEYS = ("power_vp", "prestige_vp", "popularity_vp")


EFFECTS: dict = {}      # id(effect dict) -> compile_effect(effect dict), bounded


def compile_effect(eff):
    """An effect dict as a flat tuple of its non-zero parts (bots read it often): ``(eff, ((resource index,
    n), ...), votes, ((track index, n), ...), tail)`` where ``tail`` is None or the rarer parts (legendary,
    wild resource or VP, production, conquest, recruit, retrieve, special, amount). The dict is kept so its
    id stays unique."""
    g = eff.get
    res = tuple((i, g(k, 0)) for i, k in enumerate(RES_KEYS) if g(k, 0))
    vps = tuple((i, g(k, 0)) for i, k in enumerate(VP_KEYS) if g(k, 0))
    tail = (g("legendary_vp", 0), g("any_resource", 0), g("any_vp", 0), g("production"),
            g("conquer_province", 0), g("recruit_common_worker", 0), g("retrieve_worker", 0), g("special"),
            g("amount", 0))
    c = (eff, res, g("votes", 0), vps, tail if any(tail) else None)
    if len(EFFECTS) > 4096:
        EFFECTS.clear()
    EFFECTS[id(eff)] = c
    return c


UNROLL = 8      # a reward of up to this many track steps has ``Valuation.track_value``'s loop written out

_KERNELS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # rules -> {weights: board function}
FUNCS: dict = {}        # id(effect dict) -> (effect dict, its value function), bounded
_SHAPES: dict = {}      # compile_effect(effect)[1:] -> value function, bounded


def literal(x) -> str:
    """A number from the data as source text (validated data holds only numbers here)."""
    if type(x) is bool:
        x = int(x)                                  # True counts as 1 in the general arithmetic too
    if type(x) not in (int, float):
        raise TypeError(f"not a number in a reward or cost: {x!r}")
    return repr(x)


def value_function(eff):
    """The compiled ``Valuation._value`` of effect dict ``eff``: ``fn(bot, st, p, ctx, depth)``, the weights
    read from ``bot`` (see the module docstring)."""
    got = FUNCS.get(id(eff))
    if got is not None and got[0] is eff:
        return got[1]
    c = compile_effect(eff)
    fn = _SHAPES.get(c[1:])                         # effects with the same parts share one function
    if fn is None:
        L = ["def value(bot, st, p, ctx, depth):", None, "    v = 0.0"]
        _value_lines(L, c, "    ", _ATTR_W, "depth < 1")
        L.append("    return v")
        L[1] = _ctx_line("\n".join(L[2:]))
        if len(_SHAPES) > 1024:
            _SHAPES.clear()
        fn = _SHAPES[c[1:]] = _compile(L, "value")
    if len(FUNCS) > 4096:
        FUNCS.clear()
    FUNCS[id(eff)] = (eff, fn)
    return fn


CTX = ("want", "res", "late", "total", "have", "tshort", "vneed", "vkeep")     # ``Valuation._context``


def _ctx_line(body):
    """The line that reads ``ctx`` for ``body``: only the parts it names when they are few (most value functions
    read one or two; taking all eight apart costs more)."""
    used = [(i, k) for i, k in enumerate(CTX) if re.search(rf"\b{k}\b", body)]
    if len(used) > 3:
        return "    " + ", ".join(CTX) + " = ctx"
    return "    " + ("; ".join(f"{k} = ctx[{i}]" for i, k in used) or "pass")


_ATTR_W = {k: "bot." + k for k in ("SHORT_W", "VOTE_W", "CONQ", "RECRUIT", "RECRUIT3")}


def _compile(lines, name, names=None):
    ns = {"value_function": value_function}
    ns.update(names or {})
    exec(compile("\n".join(lines), f"<pendulum bot {name}>", "exec"), ns)   # noqa: S102 (source written here)
    return ns[name]


def board_function(rules, bot, plain_tracks):
    """The compiled board functions for ``rules`` and the weights of ``bot``, one per area (``{area: fn}``:
    ``fn(bot, st, p, ctx)`` values that area's boxes and frames, so a decision that reads one area's boxes
    does not value the others); ``plain_tracks``: the bot values
    track steps as ``Valuation.track_value`` does (written out then), else its own ``track_value`` is
    called. (A production is valued by its effect's function: writing each character's out as well would
    cost more compiling than it saves in a 50-game run.)"""
    key = (bot.SHORT_W, bot.VOTE_W, bot.CONQ, bot.RECRUIT, bot.RECRUIT3, plain_tracks)
    per_rules = _KERNELS.get(rules)
    if per_rules is None:
        per_rules = _KERNELS[rules] = {}
    fn = per_rules.get(key)
    if fn is None:
        W = dict(zip(_ATTR_W, (literal(x) for x in key[:5])))
        tracks = (literal(rules.parchment), literal(rules.track_max), rules.parchment, rules.track_max) \
            if plain_tracks else None
        fn = per_rules[key] = _build(rules, W, tracks)
    return fn


def _build(rules, W, tracks):
    """``{area: board function of that area's reward boxes and frames}``."""
    production = {ch: {col: value_function(e) if e else None for col, e in prods.items()}
                  for ch, prods in rules.production.items()}
    tables = track_tables(tracks)
    out = {}
    for area in dict.fromkeys(sp.area for sp in rules.spaces.values()):
        actions = {}                               # action id -> (cost, effect), in box order
        for sp in rules.spaces.values():
            if sp.area == area:
                actions.setdefault(sp.action, (sp.cost, sp.effect))
        akeys = {f.aidx: f.akey for f in rules.frames.values() if f.area == area}      # (numbered 0, 1, ...)
        akeys = [akeys[j] for j in range(len(akeys))]
        out[area] = _build_area(rules, W, tracks, actions, akeys, production, tables)
    return out


def track_tables(tracks):
    """``{"TRACK<n>": (Valuation.track_value of n steps from each position 0 .. the track's end, ...)}`` for
    ``n`` 1 .. UNROLL, each added up as that loop adds it (from 0.0, step by step: the same floats); empty when
    the bot's track_value is not the plain one or the track's numbers are not whole."""
    if tracks is None:
        return {}
    P, top = tracks[2], tracks[3]
    if type(P) is not int or type(top) is not int or not 0 <= top <= 1000:
        return {}
    out = {}
    for n in range(1, UNROLL + 1):
        row = []
        for pos in range(top + 1):
            x = 0.0
            for _ in range(n):
                if pos >= top:
                    break
                x += 4.0 + 0.15 * (P - pos) if pos < P else 1.2
                pos += 1
            row.append(x)
        out[f"TRACK{n}"] = tuple(row)
    return out


def _build_area(rules, W, tracks, actions, akeys, production, tables):
    L = ["def board(bot, st, p, ctx):",
         "    want, res, late, total, have, tshort, vneed, vkeep = ctx",
         "    r0, r1, r2 = res",
         "    w0, w1, w2 = want"]
    costs = {}                                     # cost parts -> the number of its "payN" / "cwN" names
    for k, (cost, eff) in enumerate(actions.values()):
        c = rules.costs[id(cost)]                  # (every reward box's cost is compiled by the rules)
        parts = (bool(cost),) + c[1:]              # (an empty cost is not valued: 0.0)
        if parts not in costs:
            costs[parts] = len(costs)
            _cost_lines(L, len(costs) - 1, parts)
        ci = costs[parts]
        L.append(f"    if not pay{ci}:")
        L.append(f"        a{k} = None")
        L.append("    else:")
        L.append("        v = 0.0")
        if eff:
            _value_lines(L, compile_effect(eff), "        ", W, None, tracks=tracks, tables=tables)
        L.append(f"        a{k} = {'v' if eff else '0.0'} - {f'cw{ci}' if cost else '0.0'}")     # (0.0 * 0.6 is 0.0)
    index = {aid: k for k, aid in enumerate(actions)}
    for j, akey in enumerate(akeys):            # best = -5.0, then each box: -3.0 if unpaid, kept if greater
        if not akey:
            L.append(f"    f{j} = -5.0")
            continue
        k = index[akey[0]]                      # (the first box against -5.0, written out)
        L.append(f"    {'best' if len(akey) > 1 else f'f{j}'} = -3.0 if a{k} is None else "
                 f"(a{k} if a{k} > -5.0 else -5.0)")
        if len(akey) == 1:
            continue
        for aid in akey[1:]:
            k = index[aid]
            L.append(f"    v = -3.0 if a{k} is None else a{k}")
            L.append("    if v > best:")
            L.append("        best = v")
        L.append(f"    f{j} = best")
    # (the action ids as string literals: a dict display of constant keys is one BUILD_CONST_KEY_MAP, no name
    # looked up per key; an id that is not a plain string is passed by name, ``A<k>``)
    out_a = ", ".join(f"{aid!r}: a{k}" if type(aid) is str else f"A{k}: a{k}" for k, aid in enumerate(actions))
    out_f = "".join(f"f{j}, " for j in range(len(akeys)))       # a frame's base at its ``Frame.aidx``
    L.append(f"    return {{{out_a}}}, ({out_f})")
    names = {f"A{k}": aid for k, aid in enumerate(actions)}
    names["PRODUCTION"] = production
    names.update(tables)
    return _compile(L, "board", names)


def _cost_lines(L, ci, parts):
    """``payN`` (``can_pay`` of a static cost) and ``cwN`` (0.6 times ``_cost_value``, only where it can be paid
    and the cost is not empty)."""
    valued, cm, cc, cg, ca, cv, vps = parts
    m, c, g, a, vo = (literal(x) for x in (cm, cc, cg, ca, cv))
    cond = [f"r0 < {m}", f"r1 < {c}", f"r2 < {g}", f"p.votes < {vo}"]
    if ca:
        cond.insert(0, f"r0 + r1 + r2 - {m} - {c} - {g} < {a}")
    for t, n in vps:
        cond.append(f"p.tracks[{literal(t)}] - {literal(n)} < st.track_floor(p, {literal(t)})")
    L.append(f"    if {' or '.join(cond)}:")      # (a compare that a jump follows is specialised; one whose result
    L.append(f"        pay{ci} = False")           # is kept, as in ``not (a < b or ...)``, is not)
    L.append("    else:")
    L.append(f"        pay{ci} = True")
    if not valued:
        return
    L.append(f"    if pay{ci}:")
    L.append("        v = 0.0")
    spent = 0
    for i, (x, name) in enumerate(((cm, m), (cc, c), (cg, g))):
        if x:
            spent += x
            L.append(f"        keep = r{i} - w{i}")
            L.append(f"        over = {name} - (keep if keep > 0 else 0)")
            L.append(f"        v += 0.55 * {name} + 2.0 * (over if over > 0 else 0)")
    if ca:
        spent += ca
        L.append(f"        v += 0.6 * {a}")
    s = literal(spent)
    L.append(f"        if total and have - {s} < total:")
    L.append(f"            t = total - (have - {s})")                 # (min(s, t), written out: a builtin's
    L.append(f"            v += (6.0 if late else 1.2) * (t if t < {s} else {s})")   # call parses its arguments)
    if cv:
        L.append(f"        over = {vo} - vkeep")
        L.append(f"        v += 0.6 * {vo} + 2.2 * (over if over > 0 else 0)")
    for _t, n in vps:
        L.append(f"        v += 4.5 * {literal(n)}")
    L.append(f"        cw{ci} = v * 0.6")            # (the cost's value times 0.6, as each box takes it off)


def _value_lines(L, c, ind, W, production_if, tracks=None, tables=None):
    """``Valuation._value`` of compiled effect ``c``, added to ``v``; ``W``: the weights' source text;
    ``production_if``: the test before valuing a production (None: always, at depth 0); ``tracks``: (parchment,
    top as source text, then as numbers) to write ``Valuation.track_value`` out, else it is called; ``tables``:
    the board's ``track_tables`` (a reward's steps read from one, by the track's position)."""
    _, resn, votes, vps, tail = c
    if resn:
        L.append(f"{ind}cap = st.rules.cap")
        L.append(f"{ind}ew = 4.0 if late else 1.5")
    for i, n in resn:
        n = literal(n)
        b = "(0.3 if late else 0.7)" if i == 2 else "(0.3 if late else 0.6)"
        L.append(f"{ind}room = cap - res[{i}]")
        L.append(f"{ind}n = {n} if {n} <= room else room")
        L.append(f"{ind}short = want[{i}] - res[{i}]")
        L.append(f"{ind}if short < 0:")
        L.append(f"{ind}    short = 0")
        L.append(f"{ind}over = n - short if n > short else 0")
        L.append(f"{ind}v += {b} * n + {W['SHORT_W']} * (n if n < short else short) "
                 f"+ ew * (over if over < tshort else tshort)")
    if votes:
        vo = literal(votes)
        L.append(f"{ind}v += {W['VOTE_W']} * ({vo} if {vo} < vneed else vneed) "
                 f"+ 0.35 * ({vo} - vneed if {vo} > vneed else 0)")
    for t, n in vps:
        if n > UNROLL:                              # (a mod's reward of many steps: not unrolled)
            L.append(f"{ind}v += bot.track_value(st, p, {literal(t)}, {literal(n)})")
        elif tracks is None:                        # an effect's function, shared by every kind of bot: written
            L.append(f"{ind}if bot.plain_tracks:")  # out for a bot whose track_value is the plain one
            L.append(f"{ind}    tP = st.rules.parchment")
            L.append(f"{ind}    tT = st.rules.track_max")
            _track_lines(L, ind + "    ", t, n, "tP", "tT")
            L.append(f"{ind}else:")
            L.append(f"{ind}    v += bot.track_value(st, p, {literal(t)}, {literal(n)})")
        elif tables and type(n) is int and f"TRACK{n}" in tables:     # the board: its steps read from a table
            top = literal(tracks[3])
            L.append(f"{ind}pos = p.tracks[{literal(t)}]")
            L.append(f"{ind}v += TRACK{n}[pos] if 0 <= pos <= {top} else bot.track_value(st, p, {literal(t)}, {n})")
        else:
            _track_lines(L, ind, t, n, tracks[0], tracks[1])
    if tail is None:
        return
    leg, anyres, anyvp, col, conq, recruit, retrieve, sp, amount = tail
    if leg:
        L.append(f"{ind}if not p.legendary:")
        L.append(f"{ind}    v += 60")
    if anyres:
        n = literal(anyres)                           # (a sum of ints: the same int in any order)
        L.append(f"{ind}short = 0")             # max(0, max(0, want[i] - res[i]) summed over i, total - have)
        for i in range(3):
            L.append(f"{ind}t = want[{i}] - res[{i}]")
            L.append(f"{ind}if t > 0:")
            L.append(f"{ind}    short += t")
        L.append(f"{ind}if short < 0:")
        L.append(f"{ind}    short = 0")
        L.append(f"{ind}t = total - have")
        L.append(f"{ind}if t > short:")
        L.append(f"{ind}    short = t")
        L.append(f"{ind}v += 0.65 * {n} + (4.0 if late else 2.5) * (short if short < {n} else {n})")
    if anyvp:
        _best_track_lines(L, ind, "1")
        L.append(f"{ind}v += t * {literal(anyvp)}")
    if col:
        col = str(col)
        i2 = ind
        if production_if:
            L.append(f"{ind}if {production_if}:")
            i2 = ind + "    "
        if production_if:                          # an effect's function: the character's production
            L.append(f"{i2}e = st.rules.production[p.character][{col!r}]")
            L.append(f"{i2}fn = value_function(e) if e else None")
        else:                                      # the board: its functions, found when it was made
            L.append(f"{i2}fn = PRODUCTION[p.character][{col!r}]")
        L.append(f"{i2}if fn is not None:")
        L.append(f"{i2}    v += fn(bot, st, p, ctx, 1)")
        L.append(f"{i2}else:")
        L.append(f"{i2}    v += 0.0")
        L.append(f"{i2}for card in p.slots[{col!r}]:")
        L.append(f"{i2}    e = st.rules.provinces[card][{col!r}]")
        L.append(f"{i2}    if e:")
        L.append(f"{i2}        v += value_function(e)(bot, st, p, ctx, 1)")
        L.append(f"{i2}    else:")
        L.append(f"{i2}        v += 0.0")
    if conq:
        L.append(f"{ind}v += {W['CONQ']} if st.round < st.rules.rounds else 2.0")
    if recruit:
        L.append(f"{ind}v += {W['RECRUIT']} if st.round <= 2 else ({W['RECRUIT3']} if st.round == 3 else 0.0)")
    if retrieve:
        L.append(f"{ind}v += 0.3")
    if sp == "vp_of_choice":
        _best_track_lines(L, ind, literal(amount or 2))
        L.append(f"{ind}v += t")
    elif sp == "move_one_vp":
        L.append(f"{ind}v += 0.5")


def _track_lines(L, ind, t, n, P, top):
    """``v += Valuation.track_value(st, p, t, n)``, its loop unrolled; ``P``, ``top``: the parchment line and the
    track's end, as source text (numbers, or the names of locals that hold them)."""
    L.append(f"{ind}pos = p.tracks[{literal(t)}]")
    L.append(f"{ind}x = 0.0")
    i2 = ind
    for step in range(n):
        if step:
            L.append(f"{i2}    pos += 1")
            i2 += "    "
        L.append(f"{i2}if pos < {top}:")
        L.append(f"{i2}    x += 4.0 + 0.15 * ({P} - pos) if pos < {P} else 1.2")
    L.append(f"{ind}v += x")


def _best_track_lines(L, ind, n):
    """``t = max(bot.track_value(st, p, i, n) for i in range(3))``, written out (the first of the greatest)."""
    L.append(f"{ind}t = bot.track_value(st, p, 0, {n})")
    for i in (1, 2):
        L.append(f"{ind}u = bot.track_value(st, p, {i}, {n})")
        L.append(f"{ind}if u > t:")
        L.append(f"{ind}    t = u")
