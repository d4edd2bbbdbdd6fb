"""Every effect explained: hovering a skill, the noble phantasm, the sheet's title, a rival's
row or a menu choice shows a card with the effect and its numbers from the data, in both
languages, wrapped in a box; nothing the viewer's view does not disclose."""
import pygame
import pytest

from .conftest import click, press
from .test_grailwar_screen import button, open_war, wait_for_menu

pytest.importorskip("grailwar.rules")

from grailwar.ui import cards  # noqa: E402
from grailwar.ui.layout import RIVALS  # noqa: E402


def hover(app, pos, frames=2):
    pos = app.logical_to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False))
    app.step(frames)


def zone(scene, panel, cid):
    for rect, c in scene.hot.get(panel, []):
        if c == cid:
            return rect
    raise AssertionError(f"no zone {cid} in {panel}: {scene.hot.get(panel)}")


def _saber_skill(scene):
    fd = scene.rules.data.factions[0]
    return next(sk for sk in scene.rules.data.servants[fd.servant].skills
                if sk.activation == "passive" and sk.effects[0].type == "winrate")


@pytest.mark.parametrize("lang,word", [("en", "Win rate +{v}%"), ("ja", "勝率+{v}%")])
def test_hovering_an_own_skill_shows_its_effect_with_the_numbers(make_app, lang, word):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    sk = _saber_skill(scene)
    assert not any(t.startswith(word.format(v=sk.effects[0].value)) for t in scene.drawn_texts)
    hover(app, zone(scene, "me", ("skill", "F1", sk.id)).center)
    assert scene.card is not None
    assert any(t.startswith(word.format(v=sk.effects[0].value)) for t in scene.drawn_texts), scene.drawn_texts
    name = sk.ja if lang == "ja" else sk.en
    assert any(t.startswith(name) for t in scene.drawn_texts)
    hover(app, (600, 400))                                          # away: the card goes
    assert not any(t.startswith(word.format(v=sk.effects[0].value)) for t in scene.drawn_texts)


def test_the_sheet_title_shows_the_legend_and_the_profile_wrapped(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, lang="ja")
    wait_for_menu(app, scene, "declare", "F1")
    hover(app, zone(scene, "me", ("me",)).center)
    texts = scene.drawn_texts
    first = next(t for t in texts if t.startswith("伝承："))
    legend = scene.app.t("grailwar.gw_table.card.legends.saber_aldric")
    assert legend.startswith(first[3:]) and first[3:] != legend       # wrapped over several lines
    assert any(t.startswith("マスター：") for t in texts)
    font = app.font(15)
    assert all(font.size(t)[0] <= cards.CARD_W - 28 for t in texts if t.startswith("伝承："))


def test_an_undiscovered_rival_shows_question_marks_and_no_secret(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    rival = next(fid for fid, f in scene.vm["factions"].items() if fid != "F1" and not f.get("known"))
    hover(app, zone(scene, "rivals", ("rival", rival)).center)
    texts = scene.drawn_texts
    assert f"{rival} ???" in texts
    fd = next(f for f in scene.rules.data.factions if f.id == rival)
    serv, master = scene.rules.data.servants[fd.servant], scene.rules.data.masters[fd.master]
    secrets = [serv.cls, serv.true_name.en, serv.legend[:20], master.en, serv.np.en]
    assert not any(s in t for s in secrets for t in texts)


def test_a_menu_choice_of_a_mystic_code_shows_what_it_does(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "craft")))
    b = button(scene, lambda op: op[0] == "choose" and op[2] == "magic_jewel")
    hover(app, b.rect.center)
    jewel = scene.rules.data.code["magic_jewel"]
    assert f"+{jewel.effect.value} mana" in scene.drawn_texts
    assert f"Crafting makes {jewel.craft_yield}" in scene.drawn_texts


def test_seven_rivals_fit_one_row_each_and_hovering_shows_the_whole_row(make_app):
    app, scene = open_war(make_app, ["npc"] * 7, seed=5, speed=1.0)    # the public view: seven rivals
    app.step(3)
    rows = [rect for rect, cid in scene.hot["rivals"]]
    assert len(rows) == 7
    assert all(RIVALS.contains(r) for r in rows)
    font = app.font(16)
    assert all(r.h >= font.get_height() for r in rows)              # a line of text fits its row
    assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
    hover(app, rows[-1].center)
    assert scene.card is not None and scene.card[1] == ("rival", "F7")
    assert "F7 ???" in scene.drawn_texts and "not met yet" in scene.drawn_texts


def test_seven_rival_rows_draw_no_text_over_another(make_app, monkeypatch):
    app, scene = open_war(make_app, ["npc"] * 7, seed=5, speed=1.0)
    placed = []
    real = scene.pen.blit

    def blit(surface, s, pos, *a, **kw):
        r = real(surface, s, pos, *a, **kw)
        placed.append((s, r.clip(pygame.Rect(r.x, r.y, kw.get("maxw") or r.w, r.h))))
        return r
    monkeypatch.setattr(scene.pen, "blit", blit)
    scene.frame.invalidate()
    app.step(2)
    rows = [(s, r) for s, r in placed if RIVALS.contains(r) and r.y > RIVALS.y + 30]
    assert len(rows) >= 14                                           # a label and a summary per rival
    clashes = [(a, b) for i, (a, ra) in enumerate(rows) for b, rb in rows[i + 1:] if ra.colliderect(rb)]
    assert not clashes


def test_the_keyboard_reaches_every_card_with_i(make_app):
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11)
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "craft")))
    press(app, pygame.K_i)
    first = scene.menu.buttons[0][1][2]
    assert scene.card[1] == ("code", first)                         # the first choice's card
    code = scene.rules.data.code[first]
    assert f"Crafting makes {code.craft_yield}" in scene.drawn_texts
    seen = [scene.card[1]]
    for _ in range(40):
        press(app, pygame.K_i, frames=1)
        if scene.card is None:
            break
        seen.append(scene.card[1])
    assert ("me",) in seen and any(c[0] == "skill" for c in seen) and ("rival", "F4") in seen
    assert scene.card is None                                       # past the last: no card


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hovering_a_place_names_it_in_the_players_language(make_app, lang):
    """The map's hover card: a Japanese screen shows the place's Japanese name and no English line
    (it used to add "The Windowless Building"); an English one leads with the English name and keeps
    the seed's Japanese name under it."""
    app, scene = open_war(make_app, ["human", "npc", "npc", "npc"], seed=11, lang=lang)
    wait_for_menu(app, scene, "declare", "F1")
    loc = scene.static.location("05")
    hover(app, scene.map.pos["05"])
    assert scene.map.hover == "05"
    shown = [t for t in scene.drawn_texts if t]
    if lang == "ja":
        assert any(t.startswith("05 " + loc.name["ja"]) for t in shown), shown
        assert not any(loc.name["en"] in t for t in shown)
    else:
        assert any(t.startswith("05 " + loc.name["en"]) for t in shown), shown
        assert loc.name["ja"] in shown


def test_a_japanese_screen_names_the_parameters_in_japanese_in_the_slot_menu_and_the_rival_row(make_app):
    """Choosing a battle slot offers 筋力, 耐久… (not "STR 筋力"), and a rival met in battle is listed
    as 筋力B 耐久C… on a Japanese screen; English keeps STR B."""
    app, scene = open_war(make_app, ["human", "npc"], seed=3, lang="ja")
    scene.state.fac["F1"].know["F2"].loc = True        # F1 tracked its rival down
    wait_for_menu(app, scene, "declare", "F1")
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == ("declare", "approach")))
    click(app, button(scene, lambda op: op[0] == "choose" and op[1] == "target" and op[2] == "F2"))
    click(app, button(scene, lambda op: op[0] == "choose" and op[2] == "raid"))
    if scene.tree is not None and scene.buttons:      # no ally to ask along: the declaration's last step
        click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))
    ids = ("STR", "END", "AGI", "MAG", "LUK")
    slots = None
    for _ in range(40):
        p = wait_for_menu(app, scene)
        if p is None or p.kind == "declare":
            break
        if p.kind == "slot" and slots is None:
            slots = [b.text for b, _op in scene.buttons]
        click(app, button(scene, lambda op: op[0] in ("choose", "apply", "confirm")))
    assert slots and any("筋力" in s for s in slots), slots
    assert not any(i in s for i in ids for s in slots), slots
    row = [t for t in scene.drawn_texts if t.startswith("Lv ") and "@" in t]
    assert row and "筋力" in row[0] and not any(i in row[0] for i in ids), row
    app.set_lang("en")
    app.step(3)
    row = [t for t in scene.drawn_texts if t.startswith("Lv ") and "@" in t]
    assert row and "STR " in row[0], row
