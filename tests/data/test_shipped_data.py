"""Every shipped YAML file (config/ and mods/) passes the safe loader, and every built
game accepts its base data and the example mod."""
from pathlib import Path

import pytest

from tabletop import games
from tabletop.data import load_yaml

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for folder in ("config", "mods") for p in (ROOT / folder).rglob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_yaml_loads(path):
    data, marks = load_yaml(path)
    assert data is not None and marks


@pytest.mark.parametrize("game", list(games.GAMES))
def test_built_game_loads_its_data_with_the_example_mod(game):
    if not games.available(game):
        pytest.skip(f"{game} is not built")
    module = games.load(game)
    assert module.make_rules() is not None
    assert module.make_rules(mods=[str(ROOT / "mods" / "example")]) is not None
