"""Options name the data they patch (config/pendulum/options.yaml ``patch``): engine.py holds no card
ids, so a mod that renames a card or gives an entry another id keeps the options working, and a path that
names nothing is a clear data error."""
from __future__ import annotations

from pathlib import Path

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.data import load_data
from tabletop.engine import DataError

ROOT = Path(__file__).resolve().parents[2]
OLD = "purple.prestige1_popularity1_vote1"
NEW = "purple.fame_and_votes"


def make_mod(root: Path, files: dict[str, str]) -> Path:
    folder = root / "mod"
    folder.mkdir()
    (folder / "mod.yaml").write_text('id: mod\nname: Test mod\nversion: "1.0"\n', encoding="utf-8")
    for rel, text in files.items():
        (folder / "pendulum").mkdir(exist_ok=True)
        (folder / "pendulum" / rel).write_text(text, encoding="utf-8")
    return folder


def test_engine_py_names_no_card_or_action_id():
    text = (ROOT / "pendulum" / "rules" / "engine.py").read_text(encoding="utf-8")
    data = load_data()
    ids = {a.id for a in data["board"].actions} | {c.id for c in data["characters"].characters}
    ids |= {s.id for c in data["characters"].characters for s in c.stratagems}
    ids |= {c.id for c in list(data["council"].regular) + list(data["council"].final)}
    ids |= {a.id for a in data["achievements"].achievements}
    assert not [i for i in ids if f'"{i}"' in text]


def test_each_option_changes_the_data_its_patch_names():
    base = make_rules({"players": 3})
    r = make_rules({"players": 3, "f3_power": 5, "c06_kind": "stratagem", "warmonger_blue": "gold1",
                    "alchemist_vp_amount": 3, "elite_troops_votes": "guide", "purple_space_votes": 2})
    assert (base.cards["f3"]["effect"], r.cards["f3"]["effect"]) == ({"power_vp": 3}, {"power_vp": 5})
    assert (base.cards["c06"]["kind"], r.cards["c06"]["kind"]) == ("immediate", "stratagem")
    assert r.production["bolk_warmonger"]["blue"] == {"gold": 1}
    assert base.production["bolk_warmonger"]["blue"] == {"military": 3, "gold": 2}
    assert r.cards["licinia_alchemist.s1"]["effect"]["amount"] == 3
    assert (base.achievements["a01"]["requires"]["votes"], r.achievements["a01"]["requires"]["votes"]) == (3, 2)
    assert {s.effect["votes"] for s in r.spaces.values() if s.action == OLD} == {2}


def _re_id_mod(tmp_path):
    """A mod that gives the purple +1/+1/+1 vote action a new id and points every box at it."""
    data = load_data()
    boxes = [s.id for s in data["board"].spaces if s.action == OLD]
    board = ("actions:\n"
             f"- id: {NEW}\n  new: true\n  area: purple\n"
             "  name: {en: Fame and votes, ja: 名声と票}\n"
             "  cost: {gold: 2}\n  effect: {prestige_vp: 1, popularity_vp: 1, votes: 1}\n  source: assumed\n"
             "spaces:\n" + "".join(f"- id: {b}\n  action: {NEW}\n" for b in boxes))
    options = f"options:\n- id: purple_space_votes\n  patch:\n  - path: board.actions[{NEW}].effect.votes\n"
    return make_mod(tmp_path, {"board.yaml": board, "options.yaml": options})


def test_a_mod_that_re_ids_an_action_keeps_its_option_working(tmp_path, pen):
    mod = _re_id_mod(tmp_path)
    r = make_rules({"players": 3, "mode": "timetrack", "purple_space_votes": 2}, mods=[mod])
    box = next(s for s in r.spaces.values() if s.action == NEW and s.row == 0)
    assert box.effect["votes"] == 2
    st = r.new_state(1)
    while st.phase == "opening":
        st.apply(st.legal_actions(st.seats_to_act()[0])[0])
    pen.timers(st, purple="top")
    p = st.players[0]
    pen.put(st, "0g1", "F:" + box.frame)
    pen.res(st, 0, g=5, votes=0)
    st.apply(A.Act(0, "0g1", box.id))
    assert p.votes == 2                                         # the option reached the re-id'd action


def test_a_mod_that_renames_a_card_keeps_its_option(tmp_path):
    mod = make_mod(tmp_path, {"council.yaml": "final:\n- id: f3\n  name: {en: War chest, ja: 軍資金}\n"})
    r = make_rules({"players": 3, "f3_power": 4}, mods=[mod])
    assert r.name("f3") == "War chest" and r.name("f3", "ja") == "軍資金"
    assert r.cards["f3"]["effect"] == {"power_vp": 4}


def test_a_patch_path_that_names_nothing_is_a_data_error_with_file_line_and_hint(tmp_path):
    mod = make_mod(tmp_path, {"options.yaml": ("options:\n- id: f3_power\n  patch:\n"
                                               "  - path: council.final[f33].effect.power_vp\n"
                                               "- id: elite_troops_votes\n  patch:\n"
                                               "  - path: achievements.achievements[a01].requires.vote\n"
                                               "    set: {guidee: 2}\n")})
    with pytest.raises(DataError) as info:
        make_rules({"players": 3}, mods=[mod])
    text = "\n".join(info.value.errors)
    assert "options.yaml:4: options." in text and "no entry 'f33' (did you mean 'f3'?)" in text, text
    assert "has no field 'vote' (did you mean 'votes'?)" in text, text
    assert "'guidee' is not one of ['rulebook', 'guide']" in text, text


# --- G3 / spec 1.5: the Boardspace reading of a council rank held by the neutral -----------------------------
def _neutral_council_bonuses(pen, neutral_first: bool, reading: str) -> list[int]:
    """Council VP bonus of each real seat (best real first) in a 2-player game after council 1."""
    st = pen.state(players=2, neutral_council_bonus=reading)
    st.privilege = [0, 1, -1]
    pen.res(st, 0, votes=0 if neutral_first else 5)
    pen.res(st, 1, votes=0 if neutral_first else 4)
    while st.phase in ("action", "council_called"):
        pen.all_done(st)
    assert (st.privilege[0] == -1) is neutral_first
    got = []
    for s in st.real_order():
        decs = st.players[s].decisions
        got.append(decs[1]["n"] if len(decs) > 1 else 0)
        pen.choose_all(st, s)
    return got


@pytest.mark.parametrize("reading,bonus", [("none", [1, 0]), ("best_real_player", [2, 1]),
                                           ("best_real_only", [2, 0])])
def test_1_5_g3_neutral_first_each_reading(pen, reading, bonus):
    """Spec 1.5 / 6 G3: with the neutral 1st, best_real_only gives the best real player +2 and the other
    nothing (Boardspace); the other readings keep their own results."""
    assert _neutral_council_bonuses(pen, True, reading) == bonus


@pytest.mark.parametrize("reading", ["none", "best_real_player", "best_real_only"])
def test_1_5_g3_neutral_not_first_changes_nothing(pen, reading):
    """When a real player is 1st, every reading gives the usual rank bonuses (1st 2, 2nd 1)."""
    assert _neutral_council_bonuses(pen, False, reading) == [2, 1]


def test_the_rules_presets_name_real_options_and_readings():
    """options.yaml ``presets`` (``--rules``): each names options that exist with a value they allow, the
    rulebook preset is the defaults and the guide preset switches D1-D4 (spec 6.1) to the guide."""
    models = load_data([])
    presets = models["options"].presets
    assert set(presets) == {"rulebook", "guide"}
    defaults = {o.id: o.default for o in models["options"].options}
    for name, values in presets.items():
        rules = make_rules(dict(values))
        assert all(rules.options[k] == v for k, v in values.items()), name
    assert all(defaults[k] == v for k, v in presets["rulebook"].items())
    assert sorted(presets["guide"]) == ["elite_troops_votes", "round1_achievement_2_3p",
                                        "third_rank_vp_on_1_3_side", "winner_rule"]
    assert make_rules(dict(presets["guide"])).achievements["a01"]["requires"]["votes"] == 2
