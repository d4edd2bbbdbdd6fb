"""Start-up: the rules a screen needs are built once per mod list, and their caches are
bounded."""


def test_pendulum_rules_are_built_once_per_mod_list_and_options():
    from pendulum import game
    a = game.make_rules({"mode": "realtime", "players": 3})
    b = game.make_rules({"players": 3, "mode": "realtime"})
    assert a is b                                    # the same options, no mods: built once
    c = game.make_rules({"mode": "timetrack", "players": 3})
    assert c is not a and c.mode == "timetrack"


def test_game_data_caches_are_bounded():
    from grailwar import game as gw
    from pendulum import game as pen
    assert pen.CACHE_ENTRIES >= 1 and gw.CACHE_ENTRIES >= 1
    for mode in ("realtime", "timetrack", "beginner"):
        for players in (2, 3, 4, 5):
            pen.make_rules({"mode": mode, "players": players})
            assert pen.cached_rules_count() <= pen.CACHE_ENTRIES
