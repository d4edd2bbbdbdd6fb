"""mods/more-content adds entries (not skins): a Grail War location, a servant with her master
and faction, and a Pendulum province. Each is seen by the game's rules and plays to the end,
and a broken copy of each is refused at the mod file's own line."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop import games
from tabletop.data import mods as M
from tests.ui.conftest import make_app  # noqa: F401 - the UI tests' App fixture (dummy video driver)

ROOT = Path(__file__).resolve().parents[2]
MOD = ROOT / "mods" / "more-content"

needs_grailwar = pytest.mark.skipif(not games.available("grailwar"), reason="grailwar is not built")
needs_pendulum = pytest.mark.skipif(not games.available("pendulum"), reason="pendulum is not built")


def test_the_content_mod_validates(capsys):
    assert M.validate_mod_cli(str(MOD)) == 0
    assert capsys.readouterr().out.splitlines() == [f"{MOD}: OK — 3 data overlays, 0 strings, 0 images"]


@needs_grailwar
def test_grailwar_sees_the_new_location_servant_and_faction():
    from grailwar.game import make_rules
    data = make_rules({"factions": 8, "control": "npc"}, mods=[MOD]).data
    loc = data.loc["23"]
    assert (loc.en, loc.ja, loc.grade) == ("Saltmarsh Lock", "潮沼の水門", "medium")
    rider = data.servants["rider_oseille"]
    assert rider.true_name.en == "Oseille the Ferrywoman" and rider.true_name.ja == "渡し守オゼイユ"
    assert [s.id for s in rider.skills] == ["oseille_riding", "ferry_toll", "fog_on_the_water"]
    assert all(s.ja and s.en for s in rider.skills) and rider.np.ja == "『最後の渡し』"
    assert data.masters["amagiri_ren"].ja == "天霧 蓮"
    assert [(f.id, f.master, f.servant) for f in data.factions][-1] == ("F8", "amagiri_ren", "rider_oseille")
    # without the mod none of it exists: the war has seven factions and 22 locations
    base = make_rules({"factions": 7, "control": "npc"}).data
    assert "23" not in base.loc and "rider_oseille" not in base.servants and len(base.factions) == 7


@needs_grailwar
@pytest.mark.parametrize("seed", [1, 2])
def test_an_all_npc_war_with_the_new_servant_plays_to_the_end(seed):
    from grailwar.game import make_rules, play_npc_game
    rules = make_rules({"factions": 8, "control": "npc"}, mods=[MOD])
    st = play_npc_game(rules, seed)
    assert st.pending is None and st.winner is not None
    # the new faction took part (its servant was on the map) and the new location was in play
    log = " ".join(str(e) for e in st.log)
    assert "F8" in log
    assert "23" in st.loc_owner


@needs_grailwar
def test_the_new_location_is_drawn_on_the_map_away_from_the_others(make_app):
    from grailwar.ui.data import load_static
    from grailwar.ui.mapview import MapView
    from grailwar.game import make_rules
    import pygame
    app = make_app()
    rules = make_rules({"factions": 8, "control": "npc"}, mods=[MOD])
    rect = pygame.Rect(12, 44, 744, 470)
    view = MapView(app, load_static(rules, [MOD]), rect)
    x, y = view.pos["23"]
    assert rect.collidepoint(x, y)
    others = [p for lid, p in view.pos.items() if lid != "23"]
    assert len(others) == 22
    assert min(abs(x - ox) + abs(y - oy) for ox, oy in others) > 60   # its own spot, no marker on top of it


@needs_pendulum
def test_pendulum_deals_the_new_province_and_a_bot_game_ends():
    from pendulum.game import make_rules
    from pendulum.rules.sim import play_game
    rules = make_rules({"players": 2}, mods=[MOD])
    assert "vellmoor" in rules.province_list and len(rules.province_list) == 57
    assert "vellmoor" not in make_rules({"players": 2}).province_list
    prov = next(p for p in M.load_game_files("pendulum", [MOD])["provinces"].data["provinces"]
                if p["id"] == "vellmoor")
    assert prov["name"] == {"en": "Vellmoor", "ja": "ヴェルムーア"}
    start = rules.new_state(3)
    assert "vellmoor" in start.province_deck + start.display     # shuffled in with the others
    st, n = play_game(rules, 3, ["standard", "standard"])
    assert st.is_terminal() and n > 0


def _broken(tmp_path, rel, old, new):
    """A copy of the mod with one value changed; returns (mod dir, file, line of the change)."""
    mod = tmp_path / "more-content"
    shutil.copytree(MOD, mod)
    f = mod / rel
    text = f.read_text(encoding="utf-8")
    assert text.count(old) == 1
    f.write_text(text.replace(old, new), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    return mod, f, line


@pytest.mark.parametrize("rel, old, new, field, message", [
    ("grailwar/locations.yaml", "grade: medium", "grade: mediun", "locations.22.grade",
     "unknown grade 'mediun' (did you mean 'medium'?)"),
    ("grailwar/locations.yaml", "map: {x: 590, y: 650}", "map: {x: 1590, y: 650}", "locations.22.map.x",
     "input should be less than or equal to 1000"),
    ("grailwar/characters.yaml", "class: Rider", "class: Ruler", "servants.7.class",
     "input should be 'Saber', 'Archer', 'Lancer', 'Rider', 'Caster', 'Assassin' or 'Berserker' (got 'Ruler')"),
    ("grailwar/characters.yaml", "{type: escape, chance: 40}", "{type: escape}", "servants.7.skills.2.effects.0",
     "chance: required for effect type 'escape'"),
    ("grailwar/characters.yaml", "servant: rider_oseille", "servant: rider_oseile", "factions.7.servant",
     "unknown servant 'rider_oseile' (did you mean 'rider_oseille'?)"),
    ("pendulum/provinces.yaml", "kind: culture", "kind: cultur", "provinces.56.kind",
     "unknown province kind 'cultur' (did you mean 'culture'?)"),
])
def test_a_broken_new_entry_names_the_mod_file_line_and_field(tmp_path, capsys, rel, old, new, field, message):
    game = rel.split("/")[0]
    if not games.available(game):
        pytest.skip(f"{game} is not built")
    mod, f, line = _broken(tmp_path, rel, old, new)
    assert M.validate_mod_cli(str(mod)) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{f}:{line}: {field}"), out
    assert message in out[0], out
    assert len(out) == 1, out


@needs_grailwar
@pytest.mark.parametrize("lang, legend, profile", [
    ("en", "A ferrywoman from an invented delta", "A lock-keeper's daughter"),
    ("ja", "架空のデルタの伝承に語られる渡し守", "水門番の娘"),
])
def test_the_new_servants_legend_and_masters_profile_show_in_the_screens_language(make_app, lang, legend, profile):
    """A mod's servant carries her legend (and her master his profile) in both languages: the
    sheet's card of the player who holds her shows the screen's one, never the other."""
    import pygame
    from grailwar.ui.scene import GrailWarScene
    from tests.ui.test_grailwar_screen import wait_for_menu
    app = make_app(lang=lang, mod=[str(MOD)], factions=8, speed=50.0)
    scene = GrailWarScene(app, seats=["npc"] * 7 + ["human"], seed=5)
    app.scenes.push(scene)
    wait_for_menu(app, scene, faction="F8")
    pos = app.logical_to_window(next(r for r, c in scene.hot["me"] if c == ("me",)).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.step(2)
    text = "".join(scene.drawn_texts)
    assert legend in text and profile in text
    other = {"en": "渡し守", "ja": "ferrywoman"}[lang]
    assert other not in text
