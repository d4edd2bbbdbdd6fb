"""The game's one seeded random generator: spec vectors and saved state."""
import json

from tabletop.engine import GameRng


def test_spec_vector_seed_12345():
    rng = GameRng(12345)
    assert [rng.d(100) for _ in range(8)] == [42, 2, 83, 30, 37, 20, 57, 17]


def test_state_survives_json_and_continues_the_same_sequence():
    rng = GameRng(7)
    for _ in range(13):
        rng.d(6)
    saved = json.loads(json.dumps(rng.get_state()))
    expected = [rng.d(100) for _ in range(20)]
    restored = GameRng.from_state(saved)
    assert restored.draws == 13
    assert [restored.d(100) for _ in range(20)] == expected


def test_set_state_rewinds():
    rng = GameRng(99)
    state = rng.get_state()
    first = [rng.random() for _ in range(5)]
    rng.set_state(state)
    assert [rng.random() for _ in range(5)] == first


def test_clone_is_independent():
    rng = GameRng(3)
    twin = rng.clone()
    assert twin == rng
    a = [rng.d(20) for _ in range(10)]
    assert twin != rng
    assert [twin.d(20) for _ in range(10)] == a


def test_helpers_stay_in_range_and_shuffle_is_a_permutation():
    rng = GameRng(1)
    assert {rng.d(6) for _ in range(600)} == set(range(1, 7))
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert rng.choose(["a", "b", "c"]) in "abc"


def test_different_seeds_differ():
    assert [GameRng(1).random() for _ in range(3)] != [GameRng(2).random() for _ in range(3)]


def test_impossible_draws_are_refused_without_drawing():
    import pytest
    rng = GameRng(5)
    with pytest.raises(ValueError, match="at least one face"):
        rng.d(0)
    with pytest.raises(ValueError, match="empty list"):
        rng.choose([])
    assert rng.draws == 0
