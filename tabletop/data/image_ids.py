"""The registry of image ids: every component the screens draw through one skin lookup
(``tabletop.ui.skin.draw``), what it is, its nominal size in the logical 1920x1080 space
and so its aspect. Pure data, no pygame.

A mod replaces a component with ``images/<id>.png``. The screens scale the image to the
drawn size (once per size, cached), and draw any text (names, numbers) over it in the
chosen language, so an art pack needs no per-language files.

``python -m tabletop.data.image_ids --markdown`` prints the table in docs/MODDING.md
(a test fails when they differ); ``validate-mod`` checks every image against ``expand``.
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass, field

from .. import games

ASPECT_TOLERANCE = 0.12     # an image whose aspect is off by more than 12% looks stretched
MIN_SCALE = 0.5             # smaller than half the drawn size in either side looks blurred


@dataclass(frozen=True)
class Kind:
    """One kind of component: ``pattern`` with ``<placeholders>`` named in ``VARIANTS``."""
    pattern: str
    what: str
    size: tuple[int, int]
    sizes: dict = field(default_factory=dict)     # {variant: size} where one differs
    text_over: bool = False                       # names or numbers are drawn over the image

    def size_of(self, image_id: str) -> tuple[int, int]:
        last = image_id.rsplit(".", 2)
        for v in (image_id.rsplit(".", 1)[-1], last[-2] if len(last) > 2 else ""):
            if v in self.sizes:
                return self.sizes[v]
        return self.size


KINDS: tuple[Kind, ...] = (
    Kind("shell.backdrop", "the backdrop of the launcher and the menus", (1920, 1080)),
    Kind("shell.button.<button_state>", "a button of the launcher and the menus in that state (its text drawn "
         "over; focused: the one the keys act on)", (640, 82), text_over=True),
    Kind("pendulum.backdrop", "the table under every Pendulum board", (1920, 1080)),
    Kind("pendulum.board", "the main board", (1224, 624)),
    Kind("pendulum.area.<area>", "one timer area of the main board (its name is drawn over)", (600, 302),
         sizes={"black": (786, 296)}, text_over=True),
    Kind("pendulum.row.<area>", "one row of that area (the hourglass place and the spaces lie on it)", (588, 131),
         sizes={"black": (774, 128)}),
    Kind("pendulum.timer_place", "the place of an hourglass at the end of a row", (62, 121)),
    Kind("pendulum.frame", "a gold frame, where workers are placed", (150, 50)),
    Kind("pendulum.space.<area>", "an action space in that area (name and cost drawn over)", (160, 53),
         sizes={"purple": (137, 53)}, text_over=True),
    Kind("pendulum.panel.<panel>", "a panel of the table (its title drawn over)", (410, 178),
         sizes={"achievement": (196, 112), "privilege": (206, 112), "seat_board": (1224, 368), "seats": (672, 368),
                "hand": (420, 168), "top_bar": (1920, 52), "council_overlay": (1184, 584)},
         text_over=True),
    Kind("pendulum.privilege_slot", "a place on the privilege track (a seat's token drawn on it)", (36, 40)),
    Kind("pendulum.council_board", "the council board", (672, 252), text_over=True),
    Kind("pendulum.character.<character>", "the focused player's board, art of that character "
         "(nothing is drawn there without a skin)", (1224, 368), text_over=True),
    Kind("pendulum.slot.<slot>", "a production slot on the focused player's board (its name, production and "
         "province strips drawn over)", (182, 168), text_over=True),
    Kind("pendulum.mat", "the player mat (the box of workers on the mat)", (420, 76), text_over=True),
    Kind("pendulum.province.<province>", "a province card (name and rewards drawn over)", (74, 118), text_over=True),
    Kind("pendulum.council.<council>", "a council card, face up (name and kind drawn over)", (74, 120),
         sizes={"council_default": (84, 120), "council_grande": (84, 120)}, text_over=True),
    Kind("pendulum.stratagem.<stratagem>", "a stratagem card in a hand, a strip behind its name "
         "(nothing is drawn there without a skin)", (412, 23), text_over=True),
    Kind("pendulum.achievement.<achievement>", "the achievement card (name, needs and reward drawn over)",
         (196, 112), text_over=True),
    Kind("pendulum.card_back.<back>", "a face-down card or deck (the count is drawn over)", (74, 118),
         sizes={"council_deck": (62, 120), "council": (84, 120)}, text_over=True),
    Kind("pendulum.hourglass.<area>.frame", "the glass and frame of that area's hourglass (sand is drawn over)",
         (55, 123)),
    Kind("pendulum.sand.<area>", "a colour swatch: its average colour is that hourglass's sand", (16, 16)),
    Kind("pendulum.worker.<seat>.<worker>", "a worker of that seat (its letter is drawn over)", (34, 34),
         text_over=True),
    Kind("pendulum.token.seat.<seat>", "a seat's privilege and achievement token (its letter drawn over)",
         (34, 34), text_over=True),
    Kind("pendulum.token.time_marker", "a purple time marker (its letter drawn over)", (42, 42), text_over=True),
    Kind("pendulum.token.legendary", "the legendary achievement token (a star drawn over)", (38, 38),
         text_over=True),
    Kind("pendulum.track.<track>.<track_part>", "a space of that VP track on a player's board and the end screen: "
         "step below the parchment, parchment on it, marker where the seat stands (its letter drawn over)",
         (26, 26), sizes={"marker": (30, 30)}, text_over=True),
    Kind("pendulum.timetrack.<time_part>", "the time track of the untimed modes: bar behind it, space one space, "
         "current the space the time marker is on (number and flips drawn over)", (40, 36),
         sizes={"bar": (568, 44)}, text_over=True),
    Kind("pendulum.end.backdrop", "the end screen behind its panels and charts", (1920, 1080)),
    Kind("pendulum.end.panel", "a seat's panel on the end screen (its tracks and words drawn over, "
         "a border in the seat's colour)", (880, 150), text_over=True),
    Kind("pendulum.icon.<resource>", "a resource icon (its letter and amount drawn beside and over)", (26, 26),
         text_over=True),
    Kind("grailwar.backdrop", "the Grail War screen behind its panels", (1920, 1080)),
    Kind("grailwar.panel.<war_panel>", "a panel of the Grail War screen (its texts drawn over)", (752, 452),
         sizes={"top": (1920, 56), "rivals": (752, 248), "prompt": (752, 284)}, text_over=True),
    Kind("grailwar.map", "the city map under the locations", (1120, 712)),
    Kind("grailwar.location.<grade>", "a location marker of that grade (its number drawn over)", (61, 61),
         text_over=True),
    Kind("grailwar.class.<class>", "a servant's token on the map once its class is known (its letters drawn over, "
         "a ring in the faction's colour around it)", (35, 35), text_over=True),
    Kind("grailwar.servant.<servant>", "art behind the viewer's own panel, for its servant (nothing is drawn there "
         "without a skin)", (746, 446), text_over=True),
    Kind("grailwar.master.<master>", "the portrait of the master who takes the screen next, on the hand-off screen "
         "(nothing without a skin)", (180, 240)),
    Kind("grailwar.manabar", "the trough of the mana bar on the viewer's panel (reserve, deficit, steps and "
         "words drawn over)", (720, 26), text_over=True),
    Kind("grailwar.handoff.panel", "the panel of the hand-off screen (its words drawn over)", (1100, 300),
         text_over=True),
    Kind("grailwar.end.panel", "the panel of the end screen (headline, sheets, log and chart drawn over)",
         (1840, 996), text_over=True),
    Kind("grailwar.end.sheet", "one faction's sheet on the end screen (its words drawn over, a border in the "
         "faction's colour); 342×298 with five factions or more", (342, 604), text_over=True),
    Kind("grailwar.tray", "the dice tray", (430, 276)),
    Kind("grailwar.die.<die>", "a die's body (its face drawn over); dn is any die other than d6, d10, d100",
         (83, 92), sizes={"d6": (70, 70)}, text_over=True),
)

#: Fixed variant lists; the others come from the game data (``_data_variants``).
FIXED = {
    "area": ["black", "green", "purple"],
    "worker": ["common", "grande"],
    "resource": ["military", "culture", "gold", "votes"],
    "back": ["province", "council", "council_deck"],
    "panel": ["provinces", "achievement", "privilege", "seat_board", "seats", "hand", "top_bar", "council_overlay"],
    "slot": ["brown", "red", "blue", "yellow"],
    "war_panel": ["top", "me", "rivals", "prompt"],
    "grade": ["core", "great", "medium", "small", "none"],
    "die": ["d6", "d10", "d100", "dn"],
    "button_state": ["normal", "focused", "pressed", "disabled"],
    "track": ["power", "prestige", "popularity", "legendary"],
    "track_part": ["step", "parchment", "marker"],
    "time_part": ["bar", "space", "current"],
    "class": ["saber", "archer", "lancer", "rider", "caster", "assassin", "berserker"],
}

PLACEHOLDER = re.compile(r"<([a-z_]+)>")


def _data_variants(mods=None) -> dict[str, list[str]]:
    """Variants read from the games' data (with ``mods``): seats, provinces, cards, servants ..."""
    out: dict[str, list[str]] = {}
    mods = [str(m) for m in mods or []]
    try:
        war = games.load("grailwar").make_rules(mods=mods).data
        out["servant"], out["master"] = list(war.servants), list(war.masters)
    except Exception:      # noqa: BLE001 - a broken mod: validate-mod reports the data errors itself
        pass
    try:
        rules = games.load("pendulum").make_rules(mods=mods)
    except Exception:      # noqa: BLE001 - as above
        return out
    out["seat"] = [sd.id for sd in rules.seat_defs] + ["neutral"]
    out["province"] = list(rules.provinces)
    out["council"] = list(dict.fromkeys([rules.council_default, rules.council_grande, *rules.council_regular,
                                         *rules.council_final]))
    out["stratagem"] = [c for c, info in rules.cards.items() if info.get("kind") == "stratagem"]
    out["achievement"] = list(rules.achievements)
    out["character"] = list(rules.characters)
    return out


def variants(mods=None) -> dict[str, list[str]]:
    return {**FIXED, **_data_variants(mods)}


def expand(mods=None) -> dict[str, Kind]:
    """Every concrete image id (with the mods' data: a mod's new province has an id too)."""
    vs = variants(mods)
    out: dict[str, Kind] = {}
    for kind in KINDS:
        ids = [kind.pattern]
        for name in PLACEHOLDER.findall(kind.pattern):
            ids = [i.replace(f"<{name}>", v, 1) for i in ids for v in vs.get(name, [])]
        for i in ids:
            out[i] = kind
    return out


def kind_of(image_id: str) -> Kind | None:
    """The kind whose pattern ``image_id`` fits (any variant), or None."""
    for kind in KINDS:
        rx = PLACEHOLDER.sub("[a-z0-9_.-]+", re.escape(kind.pattern).replace(r"\<", "<").replace(r"\>", ">"))
        if re.fullmatch(rx, image_id):
            return kind
    return None


def problems(image_id: str, size: tuple[int, int], known: dict[str, Kind]) -> list[str]:
    """What will look wrong with an image ``size`` for ``image_id``: its aspect or its size."""
    kind = known.get(image_id)
    if kind is None:
        return []
    nw, nh = kind.size_of(image_id)
    w, h = size
    out = []
    if w <= 0 or h <= 0:
        return ["the image is empty"]
    if abs(math.log((w / h) / (nw / nh))) > math.log(1 + ASPECT_TOLERANCE):
        out.append(f"aspect {w}x{h} ({w / h:.2f}) differs from the drawn {nw}x{nh} ({nw / nh:.2f}) "
                   f"by more than {ASPECT_TOLERANCE:.0%}: it will look stretched")
    if w < nw * MIN_SCALE or h < nh * MIN_SCALE:
        out.append(f"{w}x{h} is too small for the drawn {nw}x{nh} (at least {math.ceil(nw * MIN_SCALE)}x"
                   f"{math.ceil(nh * MIN_SCALE)}): it will look blurred")
    return out


def markdown() -> str:
    """The table of docs/MODDING.md: id pattern, size, aspect, what it is, variants."""
    vs = variants()
    lines = ["| image id | size (px) | aspect | what it is | variants |", "|---|---|---|---|---|"]
    for kind in KINDS:
        w, h = kind.size
        size = f"{w}×{h}" + "".join(f"; {v}: {sw}×{sh}" for v, (sw, sh) in kind.sizes.items())
        names = PLACEHOLDER.findall(kind.pattern)
        var = "; ".join(f"`<{n}>`: " + _short_list(vs.get(n, [])) for n in names) or "—"
        lines.append(f"| `{kind.pattern}` | {size} | {w / h:.2f} | {kind.what} | {var} |")
    return "\n".join(lines) + "\n"


def _short_list(items: list[str], at_most: int = 8) -> str:
    if len(items) <= at_most:
        return ", ".join(items)
    return ", ".join(items[:at_most]) + f" … ({len(items)} in the data)"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="The registry of image ids.")
    p.add_argument("--markdown", action="store_true", help="print the table of docs/MODDING.md")
    a = p.parse_args(argv)
    if a.markdown:
        sys.stdout.write(markdown())
    else:
        for image_id, kind in expand().items():
            print(image_id, "x".join(map(str, kind.size_of(image_id))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
