"""What the ninth speed pass of the Pendulum engine rests on (docs/PENDULUM-RULES.md, Bots):

* in time-track a frame's timing factors depend on the token's space only: the bot works them out for every
  space at once and reads them by index; they equal, float for float, what ``_mults`` works out on the state;
* the bots of a game share the last timer rows' table: games played turn about, one decision each, choose
  exactly what each chooses played alone (a stale table would show as another choice);
* the simulator's untimed loop runs no ``progress`` after a Done while a later seat of the pass is still to
  act: there ``progress`` changes nothing, and the simulator plays the same games as through ``apply``.
"""
from __future__ import annotations

import pytest

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot
from pendulum.rules.effects import HANDLERS
from pendulum.rules.sim import play_game


@pytest.mark.parametrize("kind", ["standard", "hard"])
def test_the_factors_of_every_token_space_are_those_worked_out_on_the_state(kind):
    rules = make_rules({"mode": "timetrack", "players": 4})
    st = rules.new_state(3)
    bot = make_bot(kind, 0, 3)
    seen = set()
    for space in range(len(rules.timer_track) + 1):
        st.track_space = space
        new = make_bot(kind, 0, 3)          # (a new bot: nothing kept from another space)
        fresh = {a: new.SOON_BASE + new.SOON_W * new.soon(st, a) for a in new.RATE}     # as ``place_value``
        got = bot.mults(st)
        assert got == fresh and all(got[a].hex() == fresh[a].hex() for a in fresh), space
        seen.add(tuple(sorted(got.items())))
    assert len(seen) > 3                    # the factors do change along the track


def _decisions(games):
    """Play ``games`` (state, bots) untimed, one decision of each game in turn; each game's actions."""
    logs = [[] for _ in games]
    live = list(range(len(games)))
    while live:
        for g in list(live):
            st, bots = games[g]
            if st.phase == "game_over":
                live.remove(g)
                continue
            for s in st.seats_to_act():
                a = bots[s].choose(st)
                if a is not None:
                    st.apply(a)
                    logs[g].append(a)
                    break
            else:
                raise AssertionError("no bot wants to act")
    return logs


def _game(rules, seed, kinds):
    return rules.new_state(seed), [make_bot(kinds[i % len(kinds)], i, seed) for i in range(rules.players)]


def test_games_played_turn_about_choose_as_games_played_alone():
    rules5 = make_rules({"mode": "timetrack", "players": 5})
    rules3 = make_rules({"mode": "timetrack", "players": 3})
    specs = [(rules5, 4, ("standard",)), (rules5, 9, ("hard", "standard")), (rules3, 2, ("standard",))]
    alone = [_decisions([_game(*spec)])[0] for spec in specs]
    together = _decisions([_game(*spec) for spec in specs])
    assert all(len(x) > 300 for x in alone)
    assert together == alone


@pytest.mark.parametrize("players,kinds,seed", [(5, ["standard"] * 5, 11), (4, ["hard", "standard"] * 2, 6),
                                                (3, ["standard"] * 3, 13)])
def test_the_simulator_plays_the_games_that_apply_plays(players, kinds, seed):
    rules = make_rules({"mode": "timetrack", "players": players})
    fast, slow = [], []
    st1, n1 = play_game(rules, seed, kinds, log=fast)
    st2, n2 = play_game(rules, seed, kinds, log=slow, check=True)
    assert n1 == n2 and fast == slow
    assert st1.to_dict() == st2.to_dict()


def test_progress_changes_nothing_after_a_done_with_a_later_seat_in_the_pass():
    rules = make_rules({"mode": "timetrack", "players": 5})
    st = rules.new_state(21)
    bots = [make_bot("standard", i, 21) for i in range(5)]
    checked = 0
    while st.phase != "game_over":
        seats = st.seats_to_act()
        for s in seats:
            a = bots[s].choose(st)
            if a is None:
                continue
            HANDLERS[a.kind](st, st.players[s], a, None)        # (the action without its ``progress``)
            st.action_count += 1
            if st.phase == "action" and st.players[s].done and s != seats[-1]:
                twin = st.clone()
                twin.progress(None)
                assert twin.to_dict() == st.to_dict(), a
                checked += 1
            st.progress(None)
            if st.phase == "game_over":
                break
    assert checked > 50


def test_a_state_keeps_few_enough_attributes_for_cpython_to_keep_them_inline():
    # CPython 3.11 keeps at most 29 attributes of an object inline; with more, no ``st.method()`` call is specialised
    rules = make_rules({"mode": "timetrack", "players": 5})
    st, _ = play_game(rules, 3, ["standard"] * 5)
    fresh = rules.new_state(3)
    loaded = type(st).from_dict(st.to_dict(), rules)
    twin = st.clone()
    for s in (fresh, st, loaded, twin):
        assert len(vars(s)) <= 29, sorted(vars(s))


def test_the_rare_fields_are_saved_loaded_and_cloned_as_fields():
    rules = make_rules({"mode": "timetrack", "players": 3})
    st, _ = play_game(rules, 5, ["standard"] * 3)
    assert st.outcome_data and st.seed == 5
    d = st.to_dict()
    scalars = [k for k in st.RARE if k != "outcome_data"]
    assert {k: d[k] for k in scalars} == {k: getattr(st, k) for k in scalars}
    loaded = type(st).from_dict(d, rules)
    assert loaded.to_dict() == d and loaded == st
    twin = st.clone()
    twin.council_turn, twin.grande_up, twin.request_seq = 7, "x", 9
    assert (st.council_turn, st.grande_up, st.request_seq) == (d["council_turn"], d["grande_up"], d["request_seq"])
    assert twin.rare is not st.rare and twin.to_dict() != d


@pytest.mark.parametrize("opts", [{"mode": "timetrack", "players": 5},
                                  {"mode": "timetrack", "players": 4, "advanced": True}])
def test_the_card_table_leaves_out_exactly_the_cards_the_bot_never_plays(opts):
    from pendulum.rules.bots.standard import card_table
    rules = make_rules(opts)
    table = card_table(rules)
    assert set(table) == set(rules.cards)
    never = claims = 0
    for card, info in rules.cards.items():
        eff = info["effect"]
        sp = eff.get("special")
        if sp in ("skip_green_purple_gold_cost", "also_take_adjacent_action", "take_worker_action_twice",
                  "place_worker_directly_on_timer_row", "return_one_discarded_stratagem",
                  "exchange_military_culture") or eff.get("retrieve_worker"):
            assert table[card] is None, card
            never += 1
            continue
        e, cost, got, claim = table[card]
        assert e is eff and cost is info["cost"] and got is info, card
        assert claim == (sp in ("claim_current_achievement", "claim_achievement_second_time")), card
        claims += claim
    assert never >= 3 and claims >= 1 and card_table(rules) is table
