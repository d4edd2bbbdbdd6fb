"""What a costly choice costs, in the master's words, before it is made: spending a command
spell or a mystic code, declaring the turn's action, ending a phase. The prompt menu asks
for confirmation (default: no) with this text; every other choice is made at once.

Figures come from the viewer's own sheet in the view (mana, spells, inventory)."""
from __future__ import annotations

from .viewmodel import declaration_words

# answers that spend something, always offered after the ones that do not
SPENDING_CHOICES = ("spell", "use", "talisman", "mirror")
CODE_OF_CHOICE = {"talisman": "talisman", "mirror": "magic_mirror"}


def consequence(host, action):
    """The question to confirm ``action`` with, or None when it costs nothing."""
    me = (host.vm or {}).get("me") or {}
    tr = host.tr
    spells = me.get("spells", 0)
    kind = action.kind
    item = getattr(action, "item", "")
    if kind == "declare":        # raid or contact, seize or peaceful: said before it is final
        return tr("confirm.declare", what=declaration_words(host, action.act, action.target, action.mode))
    if kind == "use" and item == "spell_mana":
        mana, top = me.get("mana", 0), me.get("max_mana", 0)
        gain = max(0, min(top, mana + 100) - mana) if mana < top else 0
        if not host.mana_capped():
            gain = 100
        return tr("confirm.spell_mana", n=spells, mana=mana, max=top, gain=gain)
    if item == "spell_params":
        return tr("confirm.spell_params", n=spells)
    if kind == "commit" and item == "spell_winrate":
        return tr("confirm.spell_winrate", n=spells)
    if kind == "commit" and item == "np":
        return tr("confirm.np", name=me.get("np_name") or host.value_label("item", "np"), cost=me.get("np_cost", 0),
                  mana=me.get("mana", 0))
    if kind == "commit" and item == "done":
        return tr("confirm.end_commit")
    if kind in ("use", "commit") and (item.startswith("code:") or item in host.static.codes):
        code = item[5:] if item.startswith("code:") else item
        return tr("confirm.code", name=host.static.code_name(code, host.app.lang), n=me.get("items", {}).get(code, 1))
    if kind == "talk" and action.option in ("give_spells", "give_code", "share"):    # never taken back
        pend = (host.vm or {}).get("pending") or {}
        other = action.target or (pend.get("other") if isinstance(pend, dict) else "") or ""
        who = host.value_label("target", other) if other else host.tr("gw_play25.them")
        if action.option == "share":       # a secret told: where you are, who your servant is...
            return tr("gw_play25.confirm_share", what=host.value_label("arg", action.arg), who=who)
        if action.option == "give_spells":
            return tr("gw_play25.confirm_give_spells", n=action.arg, have=spells, who=who)
        return tr("gw_play25.confirm_give_code", name=host.static.code_name(action.arg, host.app.lang), who=who,
                  have=me.get("items", {}).get(action.arg, 1))
    if kind == "talk" and getattr(action, "option", "") == "done":
        return tr("confirm.end_comm")
    if kind == "answer" and action.prompt == "retreat_pay":    # two spells, or the servant is lost
        cost = host.rules.cfg.command_spells.retreat_cost
        return tr("gw_play.retreat_pay", n=spells, cost=cost) if action.choice == "pay" else tr("gw_play.retreat_refuse")
    if kind == "answer" and action.choice == "spell":
        return tr("confirm.spell_reroll", n=spells)
    if kind == "answer" and action.choice in CODE_OF_CHOICE:
        code = CODE_OF_CHOICE[action.choice]
        return tr("confirm.code", name=host.static.code_name(code, host.app.lang), n=me.get("items", {}).get(code, 1))
    return None


def ends_step(action) -> bool:
    """Ending the commitments of a battle or a communication turn: asked to confirm only while
    something else could still be chosen instead."""
    return (action.kind == "commit" and getattr(action, "item", "") == "done") or \
        (action.kind == "talk" and getattr(action, "option", "") == "done")


def spending_last(field, values):
    """Answers that spend something after those that do not, so key 1 never spends."""
    if field not in ("choice", "primary"):
        return values
    return sorted(values, key=lambda v: (v[1] if isinstance(v, tuple) else v) in SPENDING_CHOICES)
