"""``python main.py preview-mod DIR --out sheet.png``: a contact sheet of a mod's images.

For every image id the mod replaces: the built-in drawing, the mod's image drawn at the size
the screens draw it, with the text the screens put over it in English and in Japanese, and a
warning in red beside an image that will look wrong (its aspect ratio, too small; the checks
of ``tabletop.data.image_ids.problems``, which validate-mod reports as notes). Images wider
than ``MAX_SHOWN`` are shown at half (or a third of) their size, and say so.

The built-in drawings are taken from our own screens: the launcher, a Pendulum table and a
Grail War map (with a die thrown) are drawn once with no skin while ``skin.capturing()``
records every component; an id not on those screens shows a sibling of the same kind (all
province cards share one built-in drawing: only their text differs). Headless (it runs on
the dummy video driver).
"""
from __future__ import annotations

import math
from pathlib import Path

import pygame

from .. import games
from ..data import image_ids as I
from ..data.mods import mod_image_paths, png_size
from . import skin
from .app import App, default_args
from .bench_scenes import SCENES, discover

MAX_SHOWN = 800          # wider images are shown scaled down by a whole factor
SHEET_W = 2600
PAD = 14
INK = (30, 26, 20)
PAPER = (236, 230, 216)
WARN = (190, 30, 20)
LANGS = ("en", "ja")


def built_in_shots(app, games=("launcher", "pendulum", "grailwar")) -> dict[str, pygame.Surface]:
    """``{id: built-in drawing}`` of every component on the sample screens (no skin)."""
    discover()
    with skin.built_in_only(), skin.capturing() as shots:
        for name in games:
            if name not in SCENES:
                continue
            app.scenes.clear()
            scene = SCENES[name](app)
            app.scenes.push(scene)
            app.invalidate()
            app.step(3)
            if name == "grailwar":
                _throw_dice(scene)
                app.step(3)
        app.scenes.clear()
    return dict(shots)


def _throw_dice(scene) -> None:
    # imported here, not at the top: the shell imports no game package when it starts (the
    # games register through tabletop.games); only the sheet throws Grail War dice
    from grailwar.ui.dice import Roll
    for die, value in ((100, 42), (6, 4), (7, 3)):
        scene.tray.add(Roll(die, value, "", ""))
        scene.tray.skip()


def sibling(image_id: str, kind: I.Kind, shots: dict) -> pygame.Surface | None:
    if image_id in shots:
        return shots[image_id]
    for other, shot in shots.items():
        if I.kind_of(other) is kind:
            return shot
    return None


def _label(app, rules, image_id: str, lang: str) -> str:
    """The words the screens draw over this component, in ``lang``."""
    parts = image_id.split(".")
    if rules is not None and len(parts) >= 3 and parts[0] == "pendulum" and parts[1] in (
            "province", "council", "stratagem", "achievement", "character"):
        try:
            return rules.name(".".join(parts[2:]), lang)
        except Exception:       # noqa: BLE001 - an id the data does not name: no words
            return ""
    keys = {"area": "pendulum.area.{v}", "card_back": "", "icon": "pendulum.res_letter.{v}"}
    if len(parts) == 3 and parts[0] == "pendulum" and keys.get(parts[1]):
        return app.t(keys[parts[1]].format(v=parts[2]), seconds=60)
    if parts[:2] == ["pendulum", "council_board"]:
        return app.t("pendulum.council_board")
    if parts[:2] == ["grailwar", "class"]:
        return parts[2][:2].capitalize()            # the letters on the map token (Sa, Ar ...)
    if parts[:2] == ["grailwar", "die"]:
        return "42" if parts[2] == "d100" else "7"
    return ""


def _shown(surf: pygame.Surface, size) -> tuple[pygame.Surface, int]:
    w, h = size
    f = max(1, math.ceil(w / MAX_SHOWN))
    target = (max(1, w // f), max(1, h // f))
    if surf.get_size() != target:
        surf = pygame.transform.smoothscale(surf.convert_alpha() if pygame.display.get_surface() else surf, target)
    return surf, f


def _with_text(app, img: pygame.Surface, text: str) -> pygame.Surface:
    out = img.copy()
    if text:
        size = max(11, min(22, out.get_height() // 3))
        t = app.text(text, size, (20, 16, 12), True)
        box = t.get_rect(center=out.get_rect().center).inflate(6, 2)
        pygame.draw.rect(out, (250, 246, 236), box, border_radius=3)
        out.blit(t, t.get_rect(center=box.center), area=pygame.Rect(0, 0, out.get_width() - 4, t.get_height()))
    return out


def _cell(app, rules, image_id, path, known, shots) -> pygame.Surface:
    kind = known[image_id]
    size = kind.size_of(image_id)
    raw = pygame.image.load(str(path))
    raw = raw.convert_alpha() if pygame.display.get_surface() else raw
    img, f = _shown(pygame.transform.smoothscale(raw, size), size)
    base = sibling(image_id, kind, shots)
    base = _shown(pygame.transform.smoothscale(base, size) if base.get_size() != size else base, size)[0] \
        if base is not None else None
    tiles = [(app.t("shell.skins.built_in"), base)]
    for lang in LANGS if kind.text_over else ("en",):
        app.set_lang(lang, remember=False)
        tiles.append((app.t("shell.skins.mod") + (f" ({lang})" if kind.text_over else ""),
                      _with_text(app, img, _label(app, rules, image_id, lang))))
    app.set_lang("en", remember=False)
    w, h = size
    note = f"{image_id}  ·  {w}x{h}" + (f"  ·  {app.t('shell.skins.scaled', n=f)}" if f > 1 else "")
    warn = I.problems(image_id, raw.get_size(), known)
    tile_w = max(img.get_width(), 64)        # room for the caption over a small image
    cw = max(len(tiles) * (tile_w + 8), 260)
    lines = [app.text(note, 14, INK, True)] + [app.text("⚠ " + p, 13, WARN, True) for p in warn]
    ch = img.get_height() + 20 + sum(l.get_height() for l in lines)
    cw = max(cw, max(l.get_width() for l in lines))
    cell = pygame.Surface((cw, ch), pygame.SRCALPHA)
    for i, (caption, tile) in enumerate(tiles):
        x = i * (tile_w + 8)
        cell.blit(app.text(caption, 12, (90, 80, 70)), (x, 0))
        if tile is None:
            pygame.draw.rect(cell, (150, 140, 130), (x, 16, tile_w, img.get_height()), 1)
        else:
            pygame.draw.rect(cell, (200, 192, 178), (x, 16, tile_w, img.get_height()))
            cell.blit(tile, (x, 16))
    y = 18 + img.get_height()
    for line in lines:
        cell.blit(line, (0, y))
        y += line.get_height()
    return cell


def contact_sheet(app, mod_dir: str | Path) -> tuple[pygame.Surface, dict]:
    """The sheet, and ``{"replaced": n, "warnings": n, "unknown": [ids]}``."""
    mod_dir = Path(mod_dir)
    known = I.expand([mod_dir])
    paths = mod_image_paths([mod_dir])
    try:
        rules = games.load("pendulum").make_rules(mods=[str(mod_dir)])
    except Exception:      # noqa: BLE001 - broken data: the sheet shows images without names
        rules = None
    shots = built_in_shots(app)
    unknown = sorted(i for i in paths if i not in known)
    cells, warnings = [], 0
    for image_id in sorted(i for i in paths if i in known):
        cells.append(_cell(app, rules, image_id, paths[image_id], known, shots))
        warnings += bool(I.problems(image_id, png_size(paths[image_id]) or (0, 0), known))
    head = [app.text(app.t("shell.skins.title", mod=mod_dir.name, n=len(cells)), 28, INK, True)]
    head += [app.text(app.t("shell.skins.unknown", id=u), 16, WARN, True) for u in unknown]
    # shelf packing: cells left to right, a new row when the next does not fit
    rows, row, x = [], [], PAD
    for c in cells:
        if row and x + c.get_width() > SHEET_W - PAD:
            rows.append(row)
            row, x = [], PAD
        row.append(c)
        x += c.get_width() + 2 * PAD
    if row:
        rows.append(row)
    height = PAD + sum(h.get_height() + 4 for h in head) + PAD
    height += sum(max(c.get_height() for c in r) + 2 * PAD for r in rows)
    sheet = pygame.Surface((SHEET_W, max(height, 100)))
    sheet.fill(PAPER)
    y = PAD
    for h in head:
        sheet.blit(h, (PAD, y))
        y += h.get_height() + 4
    y += PAD
    for r in rows:
        x = PAD
        for c in r:
            sheet.blit(c, (x, y))
            x += c.get_width() + 2 * PAD
        y += max(c.get_height() for c in r) + 2 * PAD
    return sheet, {"replaced": len(cells), "warnings": warnings, "unknown": unknown}


def preview_mod_cli(args) -> int:
    """Write the sheet to ``args.out``; 0, or 1 when the folder has no usable images."""
    mod_dir = Path(args.dir)
    if not mod_dir.is_dir():
        print(f"{args.dir}: (file): not a folder (preview-mod wants a mod folder with images/)")
        return 1
    app = App(default_args(size=(1280, 720), lang="en"))
    try:
        sheet, counts = contact_sheet(app, mod_dir)
        out = Path(args.out)
        if out.parent != Path(""):
            out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(sheet, str(out))
    finally:
        app.shutdown()
    print(f"{args.out}: {counts['replaced']} images, {counts['warnings']} with warnings, "
          f"{len(counts['unknown'])} with ids no screen asks for")
    return 0
