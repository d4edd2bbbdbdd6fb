"""Bots in real time act like people (issue 11 item 1): a reaction time by level before acting and before
flipping, a reason to flip or to leave a finished timer standing, one request per change (no log spam),
and the same game for the same seed."""
from __future__ import annotations

from pendulum.rules.bots import BotDriver, make_bot
from pendulum.rules.bots.timing import FLIP_PATIENCE, REACTION, flip_stake
from pendulum.rules.sim import play_game


def _black_runs_out(pen, **opts):
    """Real time, round 1: seat 0 has no worker in play and no stratagem; black runs out now."""
    st = pen.state(players=3, mode="realtime", **opts)
    p = st.players[0]
    for w in list(p.workers):
        pen.put(st, w, "reserve")
    p.hand = []
    st.remaining.update(green=60.0, purple=60.0, black=0.25)
    assert [e.kind for e in st.advance(0.25)] == ["timer_finished"]
    assert st.since_finish["black"] == 0.0
    return st


def _first_flip(st, bot, until=60.0):
    """Step 0.25 s at a time; the seconds since black ran out when the bot flips it (and what it said
    before: never done)."""
    said = set()
    while st.since_finish["black"] < until:
        a = bot.choose(st)
        if a is not None and a.kind == "flip":
            assert a.timer == "black"
            return st.since_finish["black"], said
        said.add(None if a is None else a.kind)
        st.advance(0.25)
    return None, said


def test_a_bot_that_gains_nothing_leaves_the_timer_for_a_person_to_flip(pen):
    st = _black_runs_out(pen)
    assert flip_stake(st, st.players[0], "black") == (0, 0)
    waited, said = _first_flip(st, make_bot("standard", 0, 1))
    lo, hi = REACTION["standard"]
    assert FLIP_PATIENCE + lo <= waited <= FLIP_PATIENCE + hi + 0.25
    assert said == {None}                 # it waited without declaring done (no log line per step)


def test_a_bot_with_a_worker_waiting_for_the_timer_flips_after_its_reaction_not_at_once(pen):
    for kind in ("easy", "standard", "hard"):
        st = _black_runs_out(pen)
        row = st.timer_row["black"]
        frame = next(f for f in st.rules.frames.values() if f.area == "black" and f.row != row)
        pen.put(st, "0c1", frame.id)
        assert flip_stake(st, st.players[0], "black") == (1, 0)
        waited, _ = _first_flip(st, make_bot(kind, 0, 1))
        lo, hi = REACTION[kind]
        assert lo <= waited <= hi + 0.25, (kind, waited)


def test_a_bot_whose_worker_can_still_act_holds_the_timer(pen):
    st = _black_runs_out(pen)
    row = st.timer_row["black"]
    frame = next(f for f in st.rules.frames.values() if f.area == "black" and f.row == row and
                 all(not st.rules.spaces[s].cost for s in f.spaces))
    pen.put(st, "0c1", frame.id)
    assert flip_stake(st, st.players[0], "black") == (0, 1)
    bot = make_bot("standard", 0, 1)
    assert bot.choose(st).kind == "act"   # it acts first; a bot that has acted then gains by flipping
    st.apply(bot.choose(st))
    while st.players[0].decisions:
        st.apply(bot.choose(st))
    assert flip_stake(st, st.players[0], "black")[0] == 1


def test_no_bot_flips_sooner_than_its_reaction_or_without_a_reason_sooner_than_the_patience(pen):
    rules = pen.rules(players=3, mode="realtime")
    st = rules.new_state(5)
    kinds = {0: "easy", 1: "standard", 2: "hard"}
    driver = BotDriver(kinds, 5, delay=rules.bot_delay)
    flips = 0
    while not st.is_terminal() and st.round == 1:
        for a in driver.tick(st):
            if a.kind == "flip":
                waited = st.since_finish[a.timer]
                gain, loss = flip_stake(st, st.players[a.seat], a.timer)
                assert waited >= REACTION[kinds[a.seat]][0], (a, waited)
                if gain <= loss:
                    assert waited >= FLIP_PATIENCE, (a, waited, gain, loss)
                flips += 1
            if st.why_not(a) is None:
                st.apply(a)
        st.advance(0.25)
    assert flips >= 3                         # the round went on: the purple timer was flipped


def test_bots_send_a_request_once_per_change_and_do_not_declare_done_while_a_timer_waits(pen):
    rules = pen.rules(players=3, mode="realtime", claim_window=0.5)
    st = rules.new_state(2)
    driver = BotDriver({0: "standard", 1: "hard", 2: "easy"}, 2, delay=rules.bot_delay)
    sent = set()
    done_while_waiting = 0
    for _ in range(4000):
        if st.is_terminal() or st.round > 1:
            break
        for a in driver.tick(st):
            key = (a.seat, a.to_text(), st.action_count, tuple(st.timer_row.values()))
            assert key not in sent, key           # the same request again, nothing changed since
            sent.add(key)
            if a.kind == "done" and st.phase == "action" and any(v <= 0 for v in st.remaining.values()):
                done_while_waiting += 1
            st.submit(a)
        st.advance(0.25)
    assert st.round > 1 or st.phase != "action"
    assert done_while_waiting == 0


def test_real_time_bot_games_are_the_same_for_the_same_seed(pen):
    rules = pen.rules(players=3, mode="realtime")
    logs = []
    for seed in (8, 8, 9):
        log = []
        play_game(rules, seed, ["easy", "standard", "hard"], log=log)
        logs.append([(t, a.to_text()) for t, a in log])
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]
    assert any(a.startswith("flip") for _, a in logs[0])


def test_the_reaction_scales_with_the_rules_bot_reaction_delay(pen):
    fast = pen.rules(players=3, mode="realtime", bot_reaction_delay=0.3)
    st = fast.new_state(1)
    while st.phase == "opening":
        st.apply(st.legal_actions(st.seats_to_act()[0])[0])
    driver = BotDriver({0: "hard"}, 1, delay=fast.bot_delay)
    acted = driver.act(st)
    assert acted
    lo, hi = REACTION["hard"]
    assert lo * 0.2 <= driver.wait(st) <= hi * 0.2 or driver.wait(st) == float("inf")
