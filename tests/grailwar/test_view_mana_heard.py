"""A mana change everybody hears of (an NPC event table's setback) tells the other masters
how much, never the faction's mana left (§2.9: mana is not part of what anyone learns of a
rival), until the war is over."""
from grailwar.game import make_rules
from grailwar.rules import logtext

from .words import t_for


def _heard_setback(seed=1):
    g = make_rules({"seats": ["human"] + ["npc"] * 6}).new_state(seed)
    entry = next(e for e in g.log if e.get("key") == "grailwar.log.mana" and "all" in e["visible_to"])
    assert entry["actor"] != "F1"
    return g, entry


def test_a_rivals_mana_change_heard_by_all_gives_the_amount_not_the_mana_left():
    g, entry = _heard_setback()
    left = f"{entry['params']['mana']}/{entry['params']['max']}"
    for lang in ("en", "ja"):
        t = t_for(lang)
        mine = [logtext.render(e, t, lang) for e in g.log_for("F1") if e["index"] == g.log.index(entry)]
        assert mine and entry["params"]["amount"] in mine[0] and left not in mine[0], mine
        public = [logtext.render(e, t, lang) for e in g.log_for(None) if e["index"] == g.log.index(entry)]
        assert public and left not in public[0]
        own = [logtext.render(e, t, lang) for e in g.log_for(entry["actor"]) if e["index"] == g.log.index(entry)]
        assert own and left in own[0]                       # the faction itself reads its mana


def test_once_the_war_is_over_every_line_is_whole_again():
    g, entry = _heard_setback()
    g.view_all = True
    line = [e for e in g.log_for("F1") if e["index"] == g.log.index(entry)][0]
    assert line["params"]["mana"] == entry["params"]["mana"]
