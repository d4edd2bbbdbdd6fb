"""The shared conformance test: every registered game that is built, and the counter game."""
import pytest

from tabletop import games
from tests.conformance.counter_game import CounterRules
from tests.conformance.harness import check_game


def test_counter_game_conforms():
    check_game(CounterRules(), seeds=range(5))


def test_harness_catches_a_broken_from_dict():
    class Broken(CounterRules):
        def new_state(self, seed):
            s = super().new_state(seed)
            s.__class__ = BrokenState
            return s
    from tests.conformance.counter_game import CounterState

    class BrokenState(CounterState):
        @classmethod
        def from_dict(cls, data, rules):
            state = super().from_dict(data, rules)
            state.total += 1
            return state
    with pytest.raises(AssertionError, match="from_dict"):
        check_game(Broken(), seeds=[1])


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_game_conforms(game):
    if not games.available(game):
        pytest.skip(f"{game} not built")
    module = games.load(game)
    check_game(module.make_rules(getattr(module, "CONFORMANCE_OPTIONS", None)),
               seeds=getattr(module, "CONFORMANCE_SEEDS", (1, 2)),
               **getattr(module, "CONFORMANCE_KW", {}))
