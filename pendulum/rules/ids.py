"""Pendulum ids and constants shared by every part of the engine (see the package docstring for the id
syntax), plus the small pure helpers on them. Imports nothing from the rest of the package."""
from __future__ import annotations

from itertools import count
from types import MappingProxyType

AREAS = ("green", "purple", "black")
ROWS = ("top", "bottom")
RES = ("military", "culture", "gold")
TRACKS = ("power", "prestige", "popularity")
SLOTS = ("brown", "red", "blue", "yellow")
MATS = ("gambal", "bolk", "mesoat", "licinia", "dhrenkir")
MODES = ("realtime", "timetrack", "beginner")

RI = {"military": 0, "culture": 1, "gold": 2}               # resource key -> index in Player.res
TI = {"power_vp": 0, "prestige_vp": 1, "popularity_vp": 2}  # VP cost/effect key -> index in Player.tracks
TRACK_I = {"power": 0, "prestige": 1, "popularity": 2}      # track name -> index
PLAY_PHASES = ("action", "council_called")
MOVE_PHASES = ("opening", "action", "council_called", "council_adjust")
DONE_PHASES = ("action", "council_called", "council_adjust")
OFF_BOARD = ("reserve", "council", "gone")                    # worker locations that are not in play
ARMING = {"skip_green_purple_gold_cost": "skip_gold", "also_take_adjacent_action": "adjacent",
          "take_worker_action_twice": "twice"}             # stratagem special -> modifier of the next act


# A player's mat revision (``Player.rev``): the engine takes ``next(MAT_REVS)`` whenever it writes the mat (cubes,
# votes, tracks, glory, cards, slots, claims, the legendary token) or the shared state every mat's value reads
# (round, achievement, legendary token). Never the same number twice in a process, for any state or clone: a bot
# that saw one revision knows the mat is unchanged while it sees it again (``StandardBot.choose``).
MAT_REVS = count(1)


def pay_str(m, c, g) -> str:
    return f"{m}/{c}/{g}"


def parse3(text):
    """``"m/c/g"`` as three non-negative ints, or None."""
    try:
        a, b, c = (int(x) for x in text.split("/"))
    except ValueError:
        return None
    if min(a, b, c) < 0:
        return None
    return a, b, c


def compositions(n, k=3):
    """All k-tuples of non-negative ints summing to n."""
    if k == 1:
        return [(n,)]
    out = []
    for i in range(n, -1, -1):
        for rest in compositions(n - i, k - 1):
            out.append((i,) + rest)
    return out


_COMP: dict = {}


def comps(n):
    r = _COMP.get(n)
    if r is None:
        r = _COMP[n] = compositions(n)
    return r


_SPLITS: dict = {}


def splits(n):
    """``comps(n)`` as ``"a/b/c"`` option strings (a tuple, made once per n)."""
    r = _SPLITS.get(n)
    if r is None:
        r = _SPLITS[n] = tuple(pay_str(*c) for c in comps(n))
    return r


_TRIPLES: dict = {}


def triple(text):
    """``"a/b/c"`` (an option string) as a tuple of three ints, parsed once per string."""
    r = _TRIPLES.get(text)
    if r is None:
        if len(_TRIPLES) > 4096:
            _TRIPLES.clear()
        r = _TRIPLES[text] = tuple(map(int, text.split("/")))
    return r


def compile_cost(cost: dict) -> tuple:
    """A cost dict as ``(cost, military, culture, gold, any_resource, votes, ((track index, n), ...))`` (the
    tracks in ``TI`` order, non-zero only), for the checks and bots that read costs often; the dict is kept
    so a table keyed by its id cannot mistake another dict for it."""
    g = cost.get
    return (cost, g("military", 0), g("culture", 0), g("gold", 0), g("any_resource", 0), g("votes", 0),
            tuple((t, g(k, 0)) for k, t in TI.items() if g(k, 0)))


NO_COST = MappingProxyType({})     # nothing to pay (read only; the rules compile it with the static costs)

_GAIN_PARTS = ("military", "culture", "gold", "votes", "power_vp", "prestige_vp", "popularity_vp")


def compile_gain(eff: dict) -> tuple:
    """A reward dict as ``(eff, ((resource key, index, n), ...), votes, ((track index, n), ...), rest)`` (non-zero
    parts in the order ``gain`` applies them; ``rest``: False when it has no other part, the slot colour when
    its only other part is a production (the commonest), else True)."""
    g = eff.get
    other = [k for k, v in eff.items() if v and k not in _GAIN_PARTS]
    col = g("production")
    rest = (col if other == ["production"] and type(col) is str else True) if other else False
    return (eff, tuple((k, i, g(k, 0)) for k, i in RI.items() if g(k, 0)), g("votes", 0),
            tuple((t, g(k, 0)) for k, t in TI.items() if g(k, 0)), rest)
