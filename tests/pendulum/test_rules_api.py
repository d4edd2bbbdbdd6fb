"""Pendulum engine API (DESIGN.md): refusals, drag-and-drop, views, saves, records, data, bots, simulator."""
from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.bots import BotDriver, make_bot
from pendulum.rules.state import PendulumState
from tabletop.engine import Action, DataError, IllegalActionError, Record, Refusal, replay


def test_api_apply_refuses_anything_not_listed_naming_the_rule_and_leaving_the_state(pen):
    st = pen.state(players=3, clear=False)
    rng = random.Random(4)
    for _ in range(40):
        seat = rng.randrange(3)
        legal = set(st.legal_actions(seat))
        candidates = [A.Move(seat, f"{seat}c2", "black.top.1"), A.Act(seat, f"{seat}g1", "green.top.1"),
                      A.Flip(seat, "black"), A.Claim(seat, "legendary"), A.Choose(seat, "1/0/0"),
                      A.Play(seat, "c19", ""), A.Move(seat, f"{(seat + 1) % 3}c1", "mat"), A.Done(seat, True),
                      A.Pickup(seat), A.Move(seat, f"{seat}c1", "nowhere")]
        for a in candidates:
            if a in legal:
                continue
            before = json.dumps(st.to_dict(), sort_keys=True)
            with pytest.raises(IllegalActionError) as info:
                st.apply(a)
            assert info.value.rule and info.value.message
            assert json.dumps(st.to_dict(), sort_keys=True) == before
        acts = st.legal_actions(seat)
        if acts:
            st.apply(rng.choice(acts))


def test_api_every_listed_action_is_accepted(pen):
    for seed in range(3):
        st = pen.raw(players=4, mode="realtime", seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            seats = st.seats_to_act()
            if not seats:
                st.advance(1.0)
                continue
            seat = rng.choice(seats)
            acts = st.legal_actions(seat)
            for a in rng.sample(acts, min(3, len(acts))):
                st.clone().apply(a)
            st.apply(rng.choice(acts))
            pen.check_invariants(st)


def test_api_find_action_for_drag_and_drop(pen):
    st = pen.state(players=3)
    pen.timers(st, black="bottom", green="bottom")
    assert st.find_action("0c1", "black.top.2") == A.Move(0, "0c1", "black.top.2")
    assert st.find_action("0c1", "green.top.3") == A.Move(0, "0c1", "green.top.small")   # space -> its frame
    no = st.find_action("0c1", "black.bottom.2")                                        # timer row
    assert isinstance(no, Refusal) and no.rule == "4.4 timer row"
    assert no.key == "pendulum.refusal.frame_on_timer_row"
    pen.put(st, "0g1", "F:black.bottom.2")
    assert st.find_action("0g1", "black.bottom.2") == A.Act(0, "0g1", "black.bottom.2")
    no = st.find_action("0g1", "mat")
    assert no == Refusal("4.4 timer row", "pendulum.refusal.worker_on_timer_row", {"worker": "0g1"})
    assert st.find_action("0g1", "mat", seat=1) == Refusal("2.3 workers", "pendulum.refusal.not_your_worker",
                                                           {"worker": "0g1"})
    pen.put(st, "0c1", "B:green.top.1")
    assert st.find_action("0c1", "green.top.1") == A.Move(0, "0c1", "green.top.large")
    assert st.find_action("0c1", "mat") == A.Move(0, "0c1", "mat")
    card = st.players[0].hand[0]
    assert st.find_action(card, "play").card == card
    rt = pen.state(players=3, mode="realtime")
    rt.advance(45)
    assert rt.find_action("black", "black") == A.Flip(0, "black")


def test_api_view_for_has_what_the_ui_draws(pen):
    st = pen.state(players=2, clear=False)
    v = st.view_for(0)
    json.dumps(v)
    for key in ("spaces", "frames", "timers", "workers", "mats", "privilege", "provinces", "achievement",
                "council", "phase", "round", "purple_markers", "time_track", "seats_to_act"):
        assert key in v
    sp = v["spaces"][0]
    assert {"id", "area", "row", "cost", "reward", "frame", "box"} <= set(sp)
    assert {"id", "row", "remaining", "duration", "running", "finished"} <= set(v["timers"][0])
    kinds = {w["kind"] for w in v["workers"]}
    assert kinds == {"common", "grande", "neutral"}
    mat = v["mats"][0]
    assert mat["parchment_from"] == 14 and set(mat["production"]) == {"brown", "red", "blue", "yellow"}
    assert v["provinces"]["deck"] == 52 and "province_deck" not in v     # deck order stays hidden
    pen.timers(st, black="bottom")
    pen.put(st, "0c1", "F:black.bottom.3")
    pen.res(st, 0, m=4)
    st.apply(A.Act(0, "0c1", "black.bottom.3"))
    d = st.view_for(0)["mats"][0]["decision"]
    assert d["type"] == "conquer" and len(d["options"]) == 20


def test_api_to_dict_from_dict_and_clone(pen):
    st = pen.state(players=5, mode="realtime", clear=False)
    st.advance(12.5)
    data = json.loads(json.dumps(st.to_dict()))
    back = PendulumState.from_dict(data, st.rules)
    assert back == st and back.to_dict() == st.to_dict()
    twin = st.clone()
    twin.apply(twin.legal_actions(twin.seats_to_act()[0])[0])
    assert twin != st and PendulumState.from_dict(data, st.rules) == st


def test_api_options_dict_rebuilds_the_same_rules(pen):
    r = make_rules({"mode": "beginner", "players": 2, "characters": ["bolk", "random"], "advanced": [True, False]})
    again = make_rules(r.options_dict())
    assert again.options_dict() == r.options_dict()
    assert again.new_state(3).to_dict() == r.new_state(3).to_dict()


def test_api_realtime_record_with_engine_time_replays_to_the_identical_state():
    rules = make_rules({"mode": "realtime", "players": 3})
    st = rules.new_state(11)
    rec = Record(game="pendulum", seed=11, options=rules.options_dict())
    driver = BotDriver({0: "standard", 1: "random", 2: "standard"}, 11, rules.bot_delay)
    while not st.is_terminal() and st.round < 3:
        done = driver.act(st)
        if not done:
            st.advance(0.5)
            continue
        for a, _events in done:
            rec.add(a, st.time)
    rec.end_time = st.time
    again = replay(Record.from_json(rec.to_json()), make_rules(rec.options))
    assert again.to_dict() == st.to_dict()


def test_api_action_notation_round_trips(pen):
    for a in (A.Move(0, "0c1", "green.top.large"), A.Play(1, "c13", ""), A.Play(2, "licinia_implacable.s4", "3/3/2"),
              A.Choose(0, "prov07:yellow"), A.Done(1, True), A.Resume(2), A.Claim(0, "legendary")):
        assert Action.from_text("pendulum", a.to_text()) == a
        assert Action.from_dict("pendulum", a.to_dict()) == a


def test_api_names_in_english_and_japanese(pen):
    r = pen.rules()
    assert r.name("prov07", "ja") == "エンバー（熾火郷）"
    assert r.name("a01", "ja") == "精鋭部隊" and r.name("a01") == "Elite Troops"
    assert r.name("prestige", "ja") == "功績" and r.name("military", "ja") == "軍事"
    for cid in list(r.cards)[:60]:
        assert r.name(cid, "en") != cid and r.name(cid, "ja") != cid


def _mod(tmp_path, files):
    d = tmp_path / "mod"
    (d / "pendulum").mkdir(parents=True)
    (d / "mod.yaml").write_text("id: test\nname: Test\nversion: '1'\n", encoding="utf-8")
    for name, text in files.items():
        (d / "pendulum" / name).write_text(text, encoding="utf-8")
    return d


def test_api_mod_recolours_a_seat_by_id(tmp_path):
    d = _mod(tmp_path, {"seats.yaml": "seats:\n- id: blue\n  colour: '#123456'\n"})
    r = make_rules({}, mods=[str(d)])
    assert r.seat_defs[1].colour == "#123456" and r.seat_defs[1].letter == "B"


def test_api_bad_data_reports_file_line_and_field(tmp_path):
    d = _mod(tmp_path, {"achievements.yaml": "achievements:\n- id: a02\n  requires:\n    militray: 3\n"})
    with pytest.raises(DataError) as info:
        make_rules({}, mods=[str(d)])
    text = str(info.value)
    assert "achievements.yaml:4" in text and "militray" in text


def test_api_bad_cross_reference_is_reported(tmp_path):
    d = _mod(tmp_path, {"provinces.yaml": "provinces:\n- id: prov03\n  kind: golld\n"})
    with pytest.raises(DataError) as info:
        make_rules({}, mods=[str(d)])
    assert "golld" in str(info.value) and "did you mean 'gold'" in str(info.value)


def test_api_bots_are_deterministic_from_the_seed(pen):
    from pendulum.rules.sim import play_game
    rules = pen.rules(players=3)
    a, _ = play_game(rules, 5, ["standard", "random", "standard"])
    b, _ = play_game(rules, 5, ["standard", "random", "standard"])
    assert a.to_dict() == b.to_dict()


def test_api_random_bot_only_picks_legal_actions(pen):
    st = pen.raw(players=3)
    bots = [make_bot("random", s, 1) for s in range(3)]
    for _ in range(200):
        seat = st.seats_to_act()[0]
        a = bots[seat].choose(st)
        assert a in st.legal_actions(seat)
        st.apply(a)


def test_api_bot_driver_waits_its_reaction_delay_in_engine_time(pen):
    st = pen.state(players=3, mode="realtime")
    driver = BotDriver({1: "standard", 2: "standard"}, 1, delay=2.0)
    first = driver.tick(st)
    assert {a.seat for a in first} == {1, 2}
    for a in first:
        st.apply(a)
    assert driver.tick(st) == []
    st.advance(1.0)
    assert driver.tick(st) == []
    st.advance(1.0)
    assert driver.tick(st)


def test_api_simulate_json_is_deterministic_apart_from_timing(capsys):
    from pendulum.game import simulate
    args = SimpleNamespace(games=2, players=3, mode="timetrack", seed=3, bots="standard,random,standard",
                           json=True, quiet=True, mod=None)
    assert simulate(args) == 0
    one = json.loads(capsys.readouterr().out)
    simulate(args)
    two = json.loads(capsys.readouterr().out)
    for key in ("games", "players", "mode", "seed", "seconds", "games_per_second", "mean_actions", "winners",
                "all_lost", "vp_mean"):
        assert key in one
    for k in ("seconds", "games_per_second", "cpu_seconds", "games_per_cpu_second"):
        one.pop(k), two.pop(k)
    assert one == two
    assert sum(one["winners"].values()) + one["all_lost"] == 2


def test_api_simulate_realtime_and_beginner_modes(capsys):
    from pendulum.game import simulate
    for mode, players in (("realtime", 2), ("beginner", 2)):
        args = SimpleNamespace(games=1, players=players, mode=mode, seed=1, bots=None, json=True, quiet=True, mod=None)
        assert simulate(args) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["mode"] == mode and out["games"] == 1


def test_api_reveals_tells_when_hidden_cards_were_shown(pen):
    st = pen.state(players=3)
    p = st.players[0]
    st.gain(p, {"conquer_province": 1}, [])
    ev = st.apply(A.Choose(0, f"{st.display[0]}:red"))
    assert not PendulumState.reveals(ev)
    ev = st.apply(A.Refill(1))
    assert PendulumState.reveals(ev)
    st.gain(p, {"conquer_province": 1}, [])
    assert PendulumState.reveals(st.apply(A.Choose(0, "deck:blue")))


def test_api_the_example_mod_recolours_the_green_seat():
    from pathlib import Path
    mod = Path(__file__).resolve().parents[2] / "mods" / "example"
    if not (mod / "pendulum" / "seats.yaml").exists():
        pytest.skip("example mod has no Pendulum overlay")
    r = make_rules({}, mods=[str(mod)])
    green = next(s for s in r.seat_defs if s.id == "green")
    assert green.colour.lower() != "#2e9e4f" and green.letter == "G"


def test_4_8_realtime_game_through_the_request_window_replays_identically():
    """A live real-time game steps at 1/60 s and routes every move through ``submit`` (4.8
    window); its record (each applied request at its engine time) replays, in big steps,
    to a state equal to the live one."""
    rules = make_rules({"mode": "realtime", "players": 3})
    st = rules.new_state(4)
    rec = Record(game="pendulum", seed=4, options=rules.options_dict())
    driver = BotDriver({0: "standard", 1: "random", 2: "standard"}, 4, rules.bot_delay)
    while not st.is_terminal() and st.round < 2:
        for a in driver.tick(st):
            st.submit(a)
        for ev in st.advance(1 / 60):
            if ev.kind == "request_applied":
                rec.add(Action.from_text("pendulum", ev.action), ev.time)
    rec.end_time = st.time
    assert rec.actions and any(e["t"] > 0 for e in rec.actions)
    again = replay(Record.from_json(rec.to_json()), make_rules(rec.options))
    assert again.to_dict() == st.to_dict()
