"""Real-time bot games skip idle time (``quiet_for`` + ``BotDriver.wait``): the simulator advances
straight to the next moment something can happen, and the games end exactly as with 0.25 s steps."""
from __future__ import annotations

import math

from pendulum.rules.bots import BotDriver
from pendulum.rules.sim import play_game


def test_skipping_idle_time_gives_the_same_games_for_50_seeds(pen):
    for seed in range(50):
        players = 2 + seed % 4
        rules = pen.rules(players=players, mode="realtime")
        kinds = ["standard"] * players if seed % 5 else ["random"] + ["standard"] * (players - 1)
        slow_log, fast_log = [], []
        slow, n_slow = play_game(rules, seed, kinds, skip_idle=False, log=slow_log)
        fast, n_fast = play_game(rules, seed, kinds, skip_idle=True, log=fast_log)
        assert n_fast == n_slow, seed
        assert fast_log == slow_log, seed                       # the same actions at the same engine times
        assert fast.outcome() == slow.outcome(), seed
        assert [p.tracks for p in fast.players] == [p.tracks for p in slow.players], seed
        assert fast.to_dict() == slow.to_dict(), seed          # same actions, same clocks, same everything


def test_skipping_also_holds_with_self_flipping_timers_and_an_odd_bot_delay(pen):
    for seed in range(6):
        rules = pen.rules(players=3, mode="realtime", auto_flip_after=2.5, bot_reaction_delay=0.3)
        slow, _ = play_game(rules, seed, ["standard"] * 3, skip_idle=False)
        fast, _ = play_game(rules, seed, ["standard"] * 3, skip_idle=True)
        assert fast.to_dict() == slow.to_dict(), seed


def test_quiet_for_names_the_next_timer_and_the_bot_wait_the_next_ready_bot(pen):
    st = pen.state(players=3, mode="realtime")
    q = st.quiet_for()
    assert q == min(st.remaining.values())
    assert not st.advance(q - 0.25)                              # nothing happens before...
    assert [e.kind for e in st.advance(0.25)] == ["timer_finished"]   # ...the first timer runs out then
    for p in st.players:
        p.done = True
    assert st.quiet_for() == 0.0                  # everyone waits on a finished timer: asked again at once
    driver = BotDriver({0: "standard", 1: "standard", 2: "standard"}, 1, delay=1.5)
    for p in st.players:
        p.done = False
    assert driver.wait(st) == 0.0
    driver.act(st)
    w = driver.wait(st)
    assert w == math.inf or 0.8 <= w <= 1.5         # the bots that acted wait a standard bot's reaction
    done = pen.state(players=3, mode="timetrack")
    assert done.quiet_for() == math.inf           # untimed: time changes nothing
