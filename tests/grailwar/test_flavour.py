"""The GM's optional flavour lines (issue 12 item 4): our own words, several variants per kind
of event in both languages, chosen from the war's seed (a replay reads the same), and never
more than the decorated line tells the viewer."""
import re
from pathlib import Path

import pytest
import yaml

from grailwar.game import make_rules, play_npc_game
from grailwar.rules import logtext
from grailwar.rules.view import log_for

from .words import t_for

ROOT = Path(__file__).resolve().parents[2]
KINDS = sorted(logtext.FLAVOUR_KINDS)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _flavour_yaml(lang):
    return yaml.safe_load((ROOT / "config" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))["grailwar"]["flavour"]


@pytest.fixture(scope="module")
def war():
    rules = make_rules({"seats": ["npc"] * 7})
    return play_npc_game(rules, 5)


def test_every_kind_has_its_variants_in_both_languages_in_our_own_words():
    en, ja = _flavour_yaml("en"), _flavour_yaml("ja")
    assert sorted(en) == sorted(ja) == KINDS
    for kind in KINDS:
        assert sorted(en[kind]) == sorted(ja[kind]) == [str(i) for i in range(1, logtext.VARIANTS + 1)]
        assert len(set(en[kind].values())) == logtext.VARIANTS          # several different lines
        for text in list(en[kind].values()) + list(ja[kind].values()):
            assert text and "{" not in text                             # nothing filled in: no names, no numbers
        assert all(JAPANESE.search(t) and not re.search(r"[A-Za-z]{2,}", t) for t in ja[kind].values())


def test_a_war_reads_with_flavour_chosen_from_its_seed(war):
    entries = log_for(war, None)
    once = [logtext.flavour(e, t_for("en"), war.seed) for e in entries]
    again = [logtext.flavour(e, t_for("en"), war.seed) for e in entries]
    assert once == again                                   # the same war reads the same
    lines = [f for f in once if f]
    assert len(lines) >= 5 and len(set(lines)) >= 4        # several kinds and variants in one war
    other = [logtext.flavour(e, t_for("en"), war.seed + 1) for e in entries]
    assert other != once                                   # another seed, other variants
    kinds = {logtext.flavour_kind(e) for e in entries} - {None}
    assert {"turn_begins", "war_over"} <= kinds and kinds & {"raid", "battle_begins"}
    ja = [logtext.flavour(e, t_for("ja"), war.seed) for e in entries]
    assert [bool(x) for x in ja] == [bool(x) for x in once]


def test_a_battle_reads_won_or_lost_for_the_viewer_and_neutral_for_the_rest(war):
    wins = [e for e in log_for(war, None) if e["key"] == "grailwar.log.side_wins"]
    assert wins
    e = wins[0]
    side = e["params"]["side"]
    other = "B" if side == "A" else "A"
    assert logtext.flavour_kind(e, side) == "battle_won"
    assert logtext.flavour_kind(e, other) == "battle_lost"
    assert logtext.flavour_kind(e, None) == "battle"
    t = t_for("en")
    assert logtext.flavour(e, t, war.seed, side) in _flavour_yaml("en")["battle_won"].values()


def test_flavour_never_names_anything(war):
    """A flavour line adds mood only: no faction, class, name, place or number appears in it."""
    names = set()
    for f in war.fac.values():
        names |= {f.id, f.servant.cls, f.servant.class_ja, f.servant.true_name.en, f.servant.true_name.ja,
                  f.master.en, f.master.ja, f.servant.np.en, f.servant.np.ja}
        names |= {s.en for s in f.servant.skills + f.master.skills} | {s.ja for s in f.servant.skills + f.master.skills}
    for loc in war.data.locations:
        names |= {loc.en, loc.ja}
    for lang in ("en", "ja"):
        for e in log_for(war, "F1"):
            line = logtext.flavour(e, t_for(lang), war.seed, "A")
            assert not any(n and n in line for n in names), line
            assert not re.search(r"\d", line)
