"""The bots' compiled valuation (pendulum/rules/bots/kernel.py) gives exactly what the plain formula gives.

The formula below is the bots' valuation as it was written before it was compiled (the standard and hard
weights, the hard bot's own track values): every reward box's term and every frame's base, and the value
of every card, province and production effect, are compared bit for bit (``==`` on floats) at positions
from seeded time-track bot games: 2 to 5 players, basic and advanced characters, over
whole games (so every round, achievement and plan is met)."""
from __future__ import annotations

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import kernel, make_bot
from pendulum.rules.sim import play_game

RES_KEYS = ("military", "culture", "gold")
VP_KEYS = ("power_vp", "prestige_vp", "popularity_vp")


def plain_context(bot, st, p):
    want, votes, total = [0, 0, 2], 0, 0
    ach = st.achievement
    if ach and p.claims == 0:
        req = st.rules.achievements[ach]["requires"]
        want = [max(0, req["military"]), max(0, req["culture"]), max(2, req["gold"])]
        votes = req["votes"]
        total = req["any_resource_total"]
    if not p.legendary and st.round >= st.rules.rounds:
        total = max(total, 10)
    res = list(p.res)
    have = sum(res)
    return (want, res, st.round >= st.rules.rounds, total, have, max(0, total - have), max(0, votes - p.votes),
            max(0, p.votes - votes))


def plain_value(bot, st, p, eff, depth=0):
    want, res, late, total, have, tshort, vneed, _ = plain_context(bot, st, p)
    v = 0.0
    for i, k in enumerate(RES_KEYS):
        n = eff.get(k, 0)
        if not n:
            continue
        n = min(n, st.rules.cap - res[i])
        short = max(0, want[i] - res[i])
        over = max(0, n - short)
        base = (0.3, 0.3, 0.3)[i] if late else (0.6, 0.6, 0.7)[i]
        v += base * n + bot.SHORT_W * min(n, short) + (4.0 if late else 1.5) * min(over, tshort)
    votes = eff.get("votes", 0)
    if votes:
        v += bot.VOTE_W * min(votes, vneed) + 0.35 * max(0, votes - vneed)
    for t, k in enumerate(VP_KEYS):
        if eff.get(k, 0):
            v += bot.track_value(st, p, t, eff[k])
    if eff.get("legendary_vp") and not p.legendary:
        v += 60
    n = eff.get("any_resource", 0)
    if n:
        short = max(0, sum(max(0, want[i] - res[i]) for i in range(3)), total - have)
        v += 0.65 * n + (4.0 if late else 2.5) * min(n, short)
    if eff.get("any_vp", 0):
        v += max(bot.track_value(st, p, i, 1) for i in range(3)) * eff["any_vp"]
    col = eff.get("production")
    if col and depth < 1:
        for e in [st.rules.production[p.character][col]] + [st.rules.provinces[c][col] for c in p.slots[col]]:
            v += plain_value(bot, st, p, e, depth + 1) if e else 0.0
    if eff.get("conquer_province", 0):
        v += bot.CONQ if st.round < st.rules.rounds else 2.0
    if eff.get("recruit_common_worker", 0):
        v += bot.RECRUIT if st.round <= 2 else (bot.RECRUIT3 if st.round == 3 else 0.0)
    if eff.get("retrieve_worker", 0):
        v += 0.3
    if eff.get("special") == "vp_of_choice":
        v += max(bot.track_value(st, p, i, eff.get("amount", 0) or 2) for i in range(3))
    elif eff.get("special") == "move_one_vp":
        v += 0.5
    return v


def plain_cost_value(bot, st, p, cost):
    want, res, late, total, have, _, _, vkeep = plain_context(bot, st, p)
    v = 0.0
    spent = 0
    for i, k in enumerate(RES_KEYS):
        n = cost.get(k, 0)
        if n:
            spent += n
            v += 0.55 * n + 2.0 * max(0, n - max(0, res[i] - want[i]))
    n = cost.get("any_resource", 0)
    if n:
        spent += n
        v += 0.6 * n
    if total and have - spent < total:
        v += (6.0 if late else 1.2) * min(spent, total - (have - spent))
    n = cost.get("votes", 0)
    if n:
        v += 0.6 * n + 2.2 * max(0, n - vkeep)
    for k in VP_KEYS:
        if cost.get(k, 0):
            v += 4.5 * cost[k]
    return v


def plain_act_term(bot, st, p, sp):
    if not st.can_pay(p, sp.cost):
        return None
    return (plain_value(bot, st, p, sp.effect) if sp.effect else 0.0) - \
        (plain_cost_value(bot, st, p, sp.cost) if sp.cost else 0.0) * 0.6


def positions(opts, seed, every=15):
    """Every ``every``-th position of a seeded all-bot game (the state after that many actions)."""
    rules = make_rules(opts)
    log: list = []
    play_game(rules, seed, ["standard"] * opts["players"], log=log)
    st = rules.new_state(seed)
    for k, item in enumerate(log):
        if k % every == 0:
            yield st
        st.apply(item)
    yield st


CASES = [({"mode": "timetrack", "players": n}, seed) for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4))] + \
    [({"mode": "timetrack", "players": 4, "advanced": True, "advanced_variant": True}, 5),
     ({"mode": "timetrack", "players": 5, "advanced": True, "advanced_variant": True}, 6)]


@pytest.mark.parametrize("opts,seed", CASES)
@pytest.mark.parametrize("kind", ["standard", "hard"])
def test_every_box_frame_and_effect_is_valued_as_the_plain_formula_gives(opts, seed, kind):
    rules = make_rules(opts)
    effects = [c["effect"] for c in rules.cards.values()]
    effects += [e for prov in rules.provinces.values() for e in prov.values() if e]
    effects += [e for prods in rules.production.values() for e in prods.values() if e]
    checked = 0
    for st in positions(opts, seed):
        for seat, p in enumerate(st.players):
            bot = make_bot(kind, seat, seed)
            bot.choose(st)                               # as a bot sees the position: its memo is made
            for sp in rules.spaces.values():
                assert bot.act_term(st, p, sp) == plain_act_term(bot, st, p, sp), (sp.id, st.round, p.res)
            for f in rules.frames.values():
                want = max([-5.0] + [(-3.0 if (t := plain_act_term(bot, st, p, rules.spaces[s])) is None else t)
                                     for s in f.spaces])
                assert bot.frame_base(st, p, f) == want, f.id
            for eff in effects:
                assert bot.value(st, p, eff) == plain_value(bot, st, p, eff), eff
            checked += 1
    assert checked >= 30


def test_a_value_that_is_not_a_number_is_never_written_into_the_source():
    for bad in ("1; import os", None, [1], "2"):
        with pytest.raises(TypeError):
            kernel.literal(bad)
    assert kernel.literal(True) == "1" and kernel.literal(2) == "2" and kernel.literal(0.35) == "0.35"


def test_a_mods_reward_of_a_million_track_steps_is_valued_as_the_formula_gives_without_writing_them_out(tmp_path):
    """The board function writes a reward's track steps out one by one; a mod's huge reward is valued by the
    plain loop instead (which stops at the track's top) -- the same figure, and no source of a million lines."""
    mod = tmp_path / "mod"
    (mod / "pendulum").mkdir(parents=True)
    (mod / "mod.yaml").write_text('id: mod\nname: Test mod\nversion: "1.0"\n', encoding="utf-8")
    (mod / "pendulum" / "board.yaml").write_text(
        "actions:\n- id: green.power1_votes2\n  effect: {power_vp: 1000000, votes: 2}\n", encoding="utf-8")
    rules = make_rules({"players": 3, "mode": "timetrack"}, mods=[str(mod)])
    boxes = [sp for sp in rules.spaces.values() if sp.action == "green.power1_votes2"]
    assert boxes and boxes[0].effect["power_vp"] == 1000000
    st = rules.new_state(5)
    p = st.players[0]
    p.res[:] = [3, 3, 6]
    bot = make_bot("standard", 0, 5)
    bot.choose(st)
    for sp in boxes:
        assert bot.act_term(st, p, sp) == plain_act_term(bot, st, p, sp) > 50
