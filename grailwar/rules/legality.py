"""The one legality source of the Holy Grail War: what a pending decision accepts.

``why_not(g, action) -> Refusal | None`` is what ``GrailState.why_not`` and ``apply`` use
(``apply`` raises ``IllegalActionError`` with the same rule, key and parameters);
``options(g, pending)`` lists the actions ``legal_actions`` offers, and agrees with it. A
refusal is a rule id (the spec section) plus an i18n key under ``grailwar.refusal.`` and its
parameters (plain numbers and faction ids only, ready for ``t(key, **params)``)."""
from __future__ import annotations

from tabletop.engine import Refusal

from . import commitments
from .actions import Answer, Commit, Declare, Talk, Use
from .checks import use_options
from .comm import facts_of, talkable

REFUSAL = "grailwar.refusal."
FREE_USE_KINDS = ("declare", "rescue", "commit", "comm", "emergency")
ANSWER_KINDS = ("encounter_attack", "ambush", "accompany", "contact_reply", "talk_reply", "intervene",
                "help_ally", "slot", "reroll", "mirror", "reroll_check", "retreat_pay", "retreat_group",
                "retreat_dest", "proposal_reply", "exchange_reply", "threat_reply", "threat_code",
                "threat_location", "gift_reply")
RULES = {"declare": "7.1 declarations", "rescue": "7.3 rescue", "commit": "8.3 B7 commitment",
         "slot": "8.3 B2-B3 slots", "reroll": "8.3 B5 reroll window", "mirror": "8.6 Magic Mirror",
         "reroll_check": "3.5 rerolls", "retreat_pay": "14.1 retreat", "retreat_group": "14.1 group retreat",
         "retreat_dest": "14.2 destination", "comm": "12.1 comm turn", "talk": "12.3 talk options",
         "emergency": "13 emergency window", "accompany": "7.11 accompanying", "contact_reply": "7.8 contact",
         "talk_reply": "12.2 on-the-spot attack", "intervene": "7.7 intervention", "help_ally": "8.2 allies help",
         "encounter_attack": "6.2.1 hostile encounter", "ambush": "6.3 ambush", "use": "7 free uses / 10.1 timings",
         "comm_transfer": "10.2 transfer"}


def refuse(rule, key, **params):
    return Refusal(rule, REFUSAL + key, params)


def rule_for(kind):
    return RULES.get(kind, "3.7 decisions")


# --- the whole check ------------------------------------------------------------------------------
def why_not(g, action):
    """None if ``action`` answers the pending decision, else why not."""
    if g.winner is not None:
        return refuse("14.5 victory", "war_over")
    p = g.pending
    if p is None:
        return refuse("3.7 decisions", "nothing_pending")
    if getattr(action, "game", "") != "grailwar":
        return refuse("3.7 decisions", "not_grailwar")
    if action.faction != p.faction:
        return refuse("3.7 decisions", "not_your_turn", faction=p.faction)
    f = g.fac[p.faction]
    if action.kind == "use":
        if p.kind not in FREE_USE_KINDS or action.item not in use_options(g, f, p.kind):
            return refuse(rule_for("use"), "cannot_use_now")
        return None
    if action.kind == "declare" and p.kind in ("declare", "rescue"):
        if p.kind == "rescue" and action.act not in ("info", "craft"):
            return refuse(rule_for("rescue"), "rescue_info_or_craft")
        r = declare_error(g, f, action)
        if r is not None:
            return r
        return None if p.kind == "declare" or action in _opts(g, p) else refuse(rule_for(p.kind), "not_an_answer")
    if not accepts(g, p, action):
        return refuse(rule_for(p.kind), "not_an_answer")
    return None


def _opts(g, p):
    if p.options is None:
        p.options = options(g, p)
    return p.options


def part_of(b, fid):
    for pt in b.A + b.B:
        if pt.f.id == fid:
            return pt
    raise KeyError(f"{fid} is not in battle {b.no}")


def accepts(g, p, a):
    """Whether ``a`` answers prompt ``p`` (the same answer as ``a in options(g, p)``, faster)."""
    if a.kind == "commit" and p.kind == "commit":
        if a.item == "done":
            return True
        return commitments.commit_ok(g, g.cur_battle, part_of(g.cur_battle, p.faction), a.item)
    if a.kind == "answer":
        return a.prompt == p.kind and (p.kind == "emergency" and a.choice == "done"
                                       or p.kind in ANSWER_KINDS and a.choice in p.ctx["choices"])
    if a.kind == "talk" and p.kind == "comm":
        if a.option == "done":
            return not a.target and not a.arg
        if a.option == "open" and not a.arg and p.ctx.get("opened", 0) < g.fc.comm.max_initiations_per_turn:
            return a.target in talkable(g, g.fac[p.faction])
        return False
    if a.kind == "talk" and p.kind == "talk" and a.option in ("end", "propose", "dissolve"):
        x, t = g.fac[p.faction], g.fac[p.ctx["other"]]
        if a.target != t.id:
            return False
        if a.option == "end":
            return not a.arg
        used = p.ctx.get("used", ())
        if a.option == "dissolve":
            return not a.arg and t.id in x.allies and "dissolve" not in used
        mx = g.fc.alliance.max_allies
        ok = "propose" not in used and t.id not in x.allies and len(x.allies) < mx and len(t.allies) < mx
        return ok and (a.arg == "nobody_moves" or (a.arg == "i_move" and x.know[t.id].loc and bool(t.location))
                       or (a.arg == "you_move" and bool(x.location)))
    return a in _opts(g, p)


def options(g, p):
    """Every action the pending decision ``p`` accepts."""
    f = g.fac[p.faction]
    k = p.kind
    out: list = []
    if k == "declare":
        out = declare_options(g, f)
    elif k == "rescue":
        out = [a for a in declare_options(g, f) if a.act in ("info", "craft")]
    elif k in ANSWER_KINDS:
        out = [Answer(f.id, k, c) for c in p.ctx["choices"]]
    elif k == "emergency":
        out = [Answer(f.id, k, "done")]
    elif k == "commit":
        pt = part_of(g.cur_battle, f.id)
        out = [Commit(f.id, i) for i in commitments.commit_options(g, g.cur_battle, pt)] + [Commit(f.id, "done")]
    elif k == "comm":
        out = [Talk(f.id, "done")]
        if p.ctx.get("opened", 0) < g.fc.comm.max_initiations_per_turn:
            out += [Talk(f.id, "open", t) for t in talkable(g, f)]
    elif k == "comm_transfer":
        out = [Talk(f.id, "done")]
        for t in g.active_ids():
            if (f.know[t].acq or f.know[t].loc) and t not in p.ctx.get("offered", ()):
                out += [Talk(f.id, "give_spells", t, str(n)) for n in range(1, f.spells + 1)]
    elif k == "talk":
        out = talk_options(g, f, g.fac[p.ctx["other"]], p.ctx.get("used", []))
    if k in FREE_USE_KINDS:
        out += [Use(f.id, i) for i in use_options(g, f, k)]
    return out


# --- declarations (§7) ---------------------------------------------------------------------------
def declare_error(g, f, a):
    """None if ``a`` is a legal declaration for ``f``, else the Refusal naming the rule it breaks."""
    act = a.act
    if act == "info":
        if a.target not in g.fac or a.target == f.id or not g.fac[a.target].active:
            return refuse("7.4 information gathering", "info_target")
        if a.familiars < 0 or a.crows < 0 or a.familiars > f.inv.get("familiar", 0) or \
                a.crows > f.inv.get("black_crow", 0) or a.mode or a.ally:
            return refuse("7.4 information gathering", "info_items", familiars=f.inv.get("familiar", 0),
                          crows=f.inv.get("black_crow", 0))
        return None
    if a.familiars or a.crows:
        return refuse("7.4 information gathering", "items_only_for_info")
    if act == "craft":
        if a.target not in g.data.code or a.mode or a.ally:
            return refuse("7.5 crafting", "craft_code")
        if g.data.code[a.target].special and not f.has_effect("unlock_special_codes"):
            return refuse("7.5 crafting", "craft_special")
        return None
    if act in ("rest", "soul_eat"):
        return None if not (a.target or a.mode or a.ally) else refuse("7.6 rest and soul-eating", "no_target")
    if act == "approach":
        return _approach_error(g, f, a)
    if act == "move":
        if a.target not in g.data.loc or a.target == f.location:
            return refuse("7.9 move", "move_elsewhere")
        if a.mode not in ("seize", "peaceful") or a.ally:
            return refuse("HR-23 move intent", "move_intent")
        return None
    if act == "other":
        return _other_error(g, f, a)
    return refuse("7 the seven actions", "seven_actions")


def _approach_error(g, f, a):
    if a.mode not in ("contact", "raid"):
        return refuse("7.8 contact or raid", "approach_mode")
    t = a.target
    if t in g.fac:
        tf = g.fac[t]
        if t == f.id or not tf.active or not f.know[t].loc or tf.location == f.location:
            return refuse("7.3 approach", "approach_known")
        loc = tf.location
        if a.mode == "raid" and t in f.allies:
            return refuse("HR-46 allies", "raid_ally")
    elif t in g.data.loc:
        if t == f.location:
            return refuse("7.3 approach", "approach_own")
        loc = t
    else:
        return refuse("7.3 approach", "approach_target")
    if a.mode == "raid" and any(g.fac[x].location == loc for x in f.allies):
        return refuse("HR-46 allies", "raid_ally_location")
    if a.ally:
        if a.ally not in f.allies or not g.fac[a.ally].active or g.fac[a.ally].accompany:
            return refuse("7.11 accompanying", "accompany_ally")
    return None


def _other_error(g, f, a):
    if a.ally:
        return refuse("7.10 other", "other_alone")
    if a.mode == "stand_by":
        return None if not a.target else refuse("7.10 other", "no_target")
    if a.mode == "survey":
        return None if a.target in g.data.loc else refuse("7.10 other", "survey_location")
    if a.mode == "build_workshop":
        if a.target or not f.location:
            return refuse("7.10 workshop", "workshop_here")
        ws = g.workshop.get(f.location)
        if ws and (ws[0] != f.id or ws[1] >= g.fc.rest.workshop_max_level):
            return refuse("7.10 workshop", "workshop_level", level=g.fc.rest.workshop_max_level)
        if not ws and g.fc.rest.workshop_max_level <= 0:
            return refuse("7.10 workshop", "workshop_off")
        return None
    return refuse("7.10 other", "other_mode")


def declare_options(g, f):
    """Every legal declaration of ``f``, made directly (in the order a menu lists them); each
    branch mirrors a rule of ``declare_error``, which stays the one source (a test checks that
    a declaration is listed exactly when ``why_not`` is None)."""
    fid = f.id
    out = []
    others = [t for t in g.active_ids() if t != fid]
    nf, nc = f.inv.get("familiar", 0), f.inv.get("black_crow", 0)
    for t in others:                                             # 7.4: any active rival, any items held
        for a in range(nf + 1):
            for c in range(nc + 1):
                out.append(Declare(fid, "info", t, "", a, c))
    unlock = None
    for code in g.data.code_ids:                                 # 7.5: special codes need the unlock
        if g.data.code[code].special:
            if unlock is None:
                unlock = f.has_effect("unlock_special_codes")
            if not unlock:
                continue
        out.append(Declare(fid, "craft", code))
    out.append(Declare(fid, "rest"))
    out.append(Declare(fid, "soul_eat"))
    allies = [""] + sorted(x for x in f.allies if g.fac[x].active and not g.fac[x].accompany)    # 7.11
    ally_locs = {g.fac[x].location for x in f.allies}
    here = f.location
    for t in others:                                             # 7.3: a rival whose location is known
        tf = g.fac[t]
        if not f.know[t].loc or tf.location == here:
            continue
        for m in ("contact", "raid"):
            if m == "raid" and (t in f.allies or tf.location in ally_locs):      # HR-46
                continue
            for al in allies:
                out.append(Declare(fid, "approach", t, m, 0, 0, al))
    for l in g.data.loc_ids:                                     # 7.3: any other location
        if l == here:
            continue
        for m in ("contact", "raid"):
            if m == "raid" and l in ally_locs:
                continue
            for al in allies:
                out.append(Declare(fid, "approach", l, m, 0, 0, al))
    for l in g.data.loc_ids:                                     # 7.9
        if l != here:
            out.append(Declare(fid, "move", l, "seize"))
            out.append(Declare(fid, "move", l, "peaceful"))
    if _other_error(g, f, Declare(fid, "other", "", "build_workshop")) is None:      # 7.10
        out.append(Declare(fid, "other", "", "build_workshop"))
    for l in g.data.loc_ids:
        out.append(Declare(fid, "other", l, "survey"))
    out.append(Declare(fid, "other", "", "stand_by"))
    return out


# --- talks (§12.3) -------------------------------------------------------------------------------
def talk_options(g, x, t, used):
    out = [Talk(x.id, "end", t.id)]
    mx = g.fc.alliance.max_allies
    if "propose" not in used and t.id not in x.allies and len(x.allies) < mx and len(t.allies) < mx:
        out.append(Talk(x.id, "propose", t.id, "nobody_moves"))
        if x.know[t.id].loc and t.location:
            out.append(Talk(x.id, "propose", t.id, "i_move"))
        if x.location:
            out.append(Talk(x.id, "propose", t.id, "you_move"))
    facts = facts_of(g, x, t)
    for fact in facts:
        if "share" + fact not in used:
            out.append(Talk(x.id, "share", t.id, fact))
    if "exchange" not in used:
        for fact in facts:
            out.append(Talk(x.id, "exchange", t.id, fact))
    if "threaten" not in used and t.id not in x.allies:
        for d in ("code", "vacate", "location"):
            out.append(Talk(x.id, "threaten", t.id, d))
    if t.id in x.allies and "dissolve" not in used:
        out.append(Talk(x.id, "dissolve", t.id))
    for n in range(1, x.spells + 1):
        if "give_spells" + str(n) not in used:
            out.append(Talk(x.id, "give_spells", t.id, str(n)))
    for c in g.data.code_ids:
        if x.inv.get(c, 0) > 0 and "give_code" + c not in used:
            out.append(Talk(x.id, "give_code", t.id, c))
    return out
