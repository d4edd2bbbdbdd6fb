"""Shared steps of the turn: the % check with talisman/mirror rerolls (§3.4, §3.5), the chances
the engine rolls against (so menus can show them), the bad-omen penalty, free uses (§7, §10.1)
and the phase mark."""
from __future__ import annotations

from .events import PhaseStarted
from .frames import call, frame, resumable, run
from .model import ALL, clamp
from .prompt import Pending, ask


def check(g, f, label, t, vis, want="success", words=None, **params):
    """A % check owned by ``f`` with talisman/mirror rerolls (§3.4, §3.5). ``label`` is the
    roll's label id (``grailwar.log.label.<label>`` with ``params``)."""
    return (yield from run(g, frame("check", **check_args(f, label, t, vis, want, words, **params))))


def check_args(f, label, t, vis, want="success", words=None, **params):
    return dict(f=f.id, label=label, t=t, vis=list(vis), want=want, words=list(words) if words else None,
                params=params)


def sub_check(g, fr, f, label, t, vis, want="success", words=None, **params):
    """``ok = yield from sub_check(g, fr, ...)``: a check inside the resumable procedure of ``fr``.
    A check ``f`` has nothing to reroll with asks nothing: it is rolled at once, as the
    procedure would roll it, without a frame."""
    if "sub" not in fr and not reroll_words(g, f, NONE_USED):
        return _now(g.percent(f.id, label, check_chance(g, t), tuple(vis), list(words) if words else None, **params))
    return call(g, fr, "check", **check_args(f, label, t, vis, want, words, **params))


NONE_USED = {"talisman": 0, "magic_mirror": 0}       # (never changed)


def _now(value):
    """A generator that returns ``value`` at once (``yield from _now(v)`` is ``v``)."""
    return value
    yield       # (unreachable: makes this a generator)


def reroll_words(g, f, used):
    """The rerolls ``f`` may still make on one check (§3.4, §3.5), having made ``used``."""
    ch = []
    for code, word in (("talisman", "talisman"), ("magic_mirror", "mirror")):
        if f.inv.get(code, 0) > 0:                      # (the limit, a slow load, only when one is held)
            lim = g.data.code[code].max_per_check       # §17: null = no limit
            if lim is None or used[code] < lim:
                ch.append(word)
    return ch


@resumable("check")
def _check(g, fr):
    f = g.fac[fr["f"]]
    label, vis, words, params = fr["label"], tuple(fr["vis"]), fr["words"], fr["params"]
    if fr["pc"] == 0:
        fr["t"] = check_chance(g, fr["t"])
        fr["ok"] = g.percent(f.id, label, fr["t"], vis, words, **params)
        fr["used"] = {"talisman": 0, "magic_mirror": 0}
        fr["pc"] = 1
    t, used = fr["t"], fr["used"]
    while True:
        ch = reroll_words(g, f, used)
        if not ch:
            break
        ans = ask("reroll_check", f.id, {"choices": ch + ["keep"], "label": label, "target": t,
                                         "success": fr["ok"], "want": fr["want"],
                                         "entry": len(g.log) - 1}, g)   # the check's log entry (its words)
        if type(ans) is Pending:
            ans = yield ans
        if ans.choice == "keep":
            break
        code = "magic_mirror" if ans.choice == "mirror" else "talisman"
        g.take_item(f, code)
        used[code] += 1
        fr["ok"] = g.percent(f.id, label, t, vis, words, reroll=ans.choice, **params)
    return fr["ok"]


def check_chance(g, t):
    """The % a check is rolled against for the raw chance ``t`` (§3.4's bounds)."""
    return clamp(t, g.fc.checks.min_chance, g.fc.checks.max_chance)


def omen(g, f):
    return g.fc.events.bad_omen_penalty if f.omen else 0


def info_target(g, f, a):
    t = g.fac[a.target]
    ig = g.fc.info_gathering.base_chance + f.eff_sum("info_bonus")
    if a.familiars:                 # (the codes' values, slow loads, only when some are sent)
        ig += a.familiars * (g.data.code["familiar"].effect.value or 0)
    if a.crows:
        ig += a.crows * (g.data.code["black_crow"].effect.value or 0)
    ig -= t.eff_sum("info_defense") + omen(g, f)
    return ig


def craft_target(g, f):
    return f.fx.magic * g.fc.crafting.chance_per_magic + f.eff_sum("craft_bonus") - omen(g, f)


def detection_target(g, f):
    """The raw chance that ``f``'s soul-eating is detected (§7.7): the base, less its
    concealment and the bad omen (the soul-eater owns the check, §3.4)."""
    return g.fc.soul_eating.detection_chance - f.eff_sum("soul_eat_concealment") - omen(g, f)


def apply_use(g, a):
    """A free use (§7: mana codes, +100 and +10 command spells)."""
    f = g.fac[a.faction]
    if a.item in ("magic_jewel", "elixir"):
        g.take_item(f, a.item)
        g.gain_mana(f, g.data.code[a.item].effect.value or 0, a.item, why=g.cref(a.item))
    elif a.item == "spell_mana":
        g.spend_spells(f, 1, "mana")
        g.gain_mana(f, g.fc.command_spells.mana_gain, "command_spell")
    elif a.item == "spell_params":
        g.spend_spells(f, 1, "params_turn")
        f.buff = True


def use_options(g, f, kind):
    out = []
    if not f.active:
        return out
    for c in ("magic_jewel", "elixir"):
        if f.inv.get(c, 0) > 0:
            out.append(c)
    if f.spells > 0:
        out.append("spell_mana")
        if kind != "commit" and (not f.buff or g.fc.command_spells.all_params_stackable) and kind != "emergency":
            out.append("spell_params")
    return out


def set_phase(g, phase):
    g.phase = phase
    if g.report_events:
        g.events.append(PhaseStarted(g.turn, phase, ALL))
