"""The dice tray's caption (the landed roll's dice-bot line) fits the tray: broken into at most two
rows as the log breaks lines (between words, or between Japanese phrases), and a line too long for two
rows ends in "…". Before, a long Japanese NPC-table line (「…他の参加者同士が遭遇（友好or非友好…」)
ran past the tray's edge with no "…"."""
import pytest

from .test_grailwar_screen import open_war

pytest.importorskip("grailwar.rules")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_caption_on_the_tray_fits_it(make_app, lang):
    app, scene = open_war(make_app, ["npc"] * 7, seed=21, speed=5.0, lang=lang)
    tray = scene.tray
    room = tray.rect.w - 28
    seen, wrapped = set(), 0
    for _ in range(6000):
        app.step(1)
        line = tray.shown_line
        if line and line not in seen:
            seen.add(line)
            rows = tray.caption_rows(line, (255, 255, 255))
            assert 1 <= len(rows) <= 2, line
            assert all(r.get_width() <= room for r in rows), (line, [r.get_width() for r in rows], room)
            wrapped += len(rows) == 2
        if len(seen) >= 12 and wrapped >= 2:
            break
    assert wrapped >= 1, f"no caption needed two rows in {len(seen)} captions"
