"""Reading the engine's view (``view_for``) for drawing, and the words the table shows (log lines,
tooltips, picker labels). No rule is decided here: legality always comes from
``legal_actions`` / ``apply``; this module only reads fields and formats them."""
from __future__ import annotations

import re

from pendulum.rules.actions import Claim, Done, Flip, Refill
from pendulum.rules.bots import BotDriver

from .layout import SLOTS

AREAS = ("green", "purple", "black")
ROWS = ("top", "bottom")


# ----------------------------------------------------------------------------- seats and bots
def seat_name(app, rules, seat):
    if seat is None or seat < 0:
        return app.t("pendulum.neutral")
    sd = rules.seat_defs[seat]
    return f"{getattr(sd.name, app.lang)} ({sd.letter})"


class Bots:
    """The engine's BotDriver plus a queue: the table takes one bot action at a time so
    each move can be animated; in untimed play the table paces them in real time."""

    def __init__(self, driver):
        self.driver = driver
        self.queue = []

    def next_action(self, state):
        if not self.queue:
            self.queue = list(self.driver.tick(state))
        return self.queue.pop(0) if self.queue else None


def make_bots(rules, state, seats, human, seed):
    """Bots for the non-human seats (pendulum/rules/bots.py BotDriver), or None."""
    bot_seats = [i for i, h in enumerate(human) if not h]
    if not bot_seats:
        return None
    kinds = {}
    for i in bot_seats:
        spec = seats[i] if i < len(seats) else "bot"
        kinds[i] = spec.split(":", 1)[1] if ":" in spec else "standard"
    return Bots(BotDriver(kinds, seed, delay=rules.bot_delay))


def next_bot_action(bots, state, edt=0.0):
    """The next action a bot wants now (reaction delays run in engine time), or None."""
    return bots.next_action(state)


# ----------------------------------------------------------------------------- reading the view
# Everything below reads the engine's view (``state.view_for(viewer)``, a plain dict; see
# pendulum/rules/view.py), never the live state.

def mat(view, seat):
    return view["mats"][seat]


def timer(view, tid):
    return next(t for t in view["timers"] if t["id"] == tid)


def track_snapshot(view, n):
    return [{"power": m["tracks"]["power"], "prestige": m["tracks"]["prestige"],
             "popularity": m["tracks"]["popularity"], "legendary": 1 if m["legendary"] else 0}
            for m in view["mats"][:n]]


def timer_remaining(view, tid):
    t = timer(view, tid)
    return float(t["remaining"]), float(t["duration"])


def timer_fraction(view, tid):
    rem, dur = timer_remaining(view, tid)
    return max(0.0, min(1.0, rem / dur)) if dur else 0.0


def timer_running(view, tid):
    return timer(view, tid)["running"]


def timer_place(view, tid):
    return timer(view, tid)["row"], 0


def purple_markers(view):
    """(row, circle) places holding a purple time marker (4.3). The timer is drawn in circle 0
    of its row. Every flip knocks off a marker on the destination row, where the timer now
    stands: with 3 left, the timer's row keeps one and the other row two; after the first
    flip both rows keep one; after the second, the one left is on the row the timer left
    (the marker of the row it came to went), never on the timer's row."""
    row = timer(view, "purple")["row"]
    other = ROWS[1 - ROWS.index(row)]
    places = {3: [(row, 1), (other, 0), (other, 1)], 2: [(row, 1), (other, 1)], 1: [(other, 1)]}
    return places.get(max(0, min(3, view["purple_markers"])), [])


def workers(view):
    """The workers on the table or on a mat (not in reserve, at the council or gone)."""
    return [w for w in view["workers"] if w["location"] not in ("reserve", "council", "gone")]


def reserve(view, seat):
    return sum(1 for w in view["workers"] if w["seat"] == seat and w["location"] == "reserve")


def worker_seat(view, wid):
    if wid.startswith("n"):
        return -1
    try:
        return int(wid[:-2])
    except ValueError:
        return None


def is_grande(view, wid):
    return len(wid) >= 2 and wid[-2] == "g"


def decision_type(view, seat):
    d = view["mats"][seat]["decision"]
    return d["type"] if d else ""


def table_info(rules, n):
    ranks = n + (1 if rules.neutral else 0)
    return {"ranks": ranks, "bonus": list(rules.rank_bonus)}


def is_refusal(answer) -> bool:
    """``find_action`` answers an Action or a Refusal (rule, key, params)."""
    return answer is not None and not hasattr(answer, "kind") and hasattr(answer, "rule")


def probe_action(kind, seat):
    """The request a click on the achievement / the province deck / Done stands for (to ask the
    engine why it is refused when it is not legal)."""
    return {"claim": Claim(seat, "reward"), "refill": Refill(seat), "done": Done(seat)}.get(kind)


def flip_action(seat, tid):
    return Flip(seat, tid)


# ----------------------------------------------------------------------------- drag targets
def target_region(action, seat):
    k = action.kind
    if k == "move":
        return f"seat.{seat}.mat" if action.to == "mat" else f"frame.{action.to}"
    if k == "act":
        return f"space.{action.space}"
    return None


def drop_target(rid, seat):
    """The engine's drag-and-drop target id for a table region (``find_action``), or None."""
    if rid.startswith(("frame.", "space.")):
        return rid.split(".", 1)[1]
    if rid == f"seat.{seat}" or rid == f"seat.{seat}.mat":
        return "mat"
    return None


def option_matches_region(view, option, rid):
    """Does a pending choice's option stand for that region (a council card, a province)?"""
    council = view["council"]
    if rid.startswith("council."):
        which = rid.split(".", 1)[1]
        if which == "default":
            return option == council["default"]
        if which == "grande":
            return option == council["grande"]
        if which.startswith("offer."):
            i = int(which.split(".")[1])
            if i < len(council["offer"]):
                card = council["offer"][i]
                return bool(card) and (option == card or option.startswith(card + "="))
        return False
    display = view["provinces"]["display"]
    if rid.startswith("province."):
        i = int(rid.split(".")[1])
        if i < len(display) and display[i]:
            return option.startswith(display[i] + ":")
        return False
    if rid == "province_deck":
        return option.startswith("deck:")
    return False


# ----------------------------------------------------------------------------- words
def sep(app) -> str:
    """What stands between the items of a list: ", " in English, 「・」 in Japanese (as the
    actions' own names write 功績+1・人望+1)."""
    return app.t("pendulum.play25.list_sep")


def name(app, rules, ident):
    try:
        return rules.name(ident, app.lang)
    except Exception:
        return str(ident)


def rule_key(rule: str) -> str:
    """i18n key part for an engine rule id: ``"4.4 timer row"`` -> ``"4_4_timer_row"``."""
    return re.sub(r"[^0-9a-z]+", "_", str(rule).lower()).strip("_")


_RULE_ID = re.compile(r"(\d+(?:\.\d+)*)\s*(.*)")


def rule_text(app, rule) -> str:
    """An engine rule id as a player reads it: its section number and its name in the chosen language
    (``"4.4 timer row"`` -> "4.4 timer row" / "4.4 砂時計のある段"); the number alone for a name without
    words here, never an English slug on a Japanese screen."""
    m = _RULE_ID.fullmatch(str(rule).strip())
    number, name = (m.group(1), m.group(2)) if m else ("", str(rule).strip())
    key = f"pendulum.rule_name.{rule_key(name)}"
    words = app.t(key) if name else key
    return " ".join(x for x in (number, "" if words == key else words) if x)


def param_text(app, rules, field, value):
    """A refusal parameter in words: a worker id becomes "grande worker"/"common worker", an id
    the rules know becomes its name, anything else its text."""
    if field == "worker" and isinstance(value, str) or isinstance(value, str) and WORKER_ID.match(value):
        return worker_word(app, value)
    if isinstance(value, str):
        return name(app, rules, value)
    if isinstance(value, (list, tuple)):
        return sep(app).join(str(param_text(app, rules, field, v)) for v in value)
    return value


def worker_word(app, wid):
    """"grande worker" / "common worker" (never the id)."""
    return app.t("pendulum.grande") if is_grande(None, wid) else app.t("pendulum.common")


def count_t(app, key, n, **kw):
    """``app.t(key, n=n)``, taking ``key + "_one"`` for exactly one where the language has it
    (English "1 vote" / "3 votes"; Japanese needs no such key but keeps the same keys)."""
    if n == 1:
        s = app.t(key + "_one", n=n, **kw)
        if s != key + "_one":
            return s
    return app.t(key, n=n, **kw)


def amount(app, key, n):
    s = count_t(app, f"pendulum.amount.{key}", n)
    return s if s != f"pendulum.amount.{key}" else f"{key} {n}"


def what_text(app, rules, what):
    parts = []
    for item in str(what).split(","):
        if "=" in item:
            k, v = item.split("=", 1)
            try:
                v = int(v)
            except ValueError:
                parts.append(f"{name(app, rules, k)}: {name(app, rules, v)}")
                continue
            parts.append(amount(app, k, v))
        elif item:
            parts.append(name(app, rules, item))
    return sep(app).join(parts)


def amounts_text(app, rules, d):
    if not d:
        return app.t("pendulum.free")
    out = []
    for k, v in d.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            if k == "production":
                out.append(app.t("pendulum.amount.production", slot=name(app, rules, v)))
            else:
                out.append(amount(app, k, v if not isinstance(v, (list, tuple)) else "/".join(map(str, v))))
        else:
            out.append(amount(app, k, v))
    return sep(app).join(out)


def short_text(app, rules, d):
    """Very short reward text: '+1 Pow', '3 Cul' (province cards, the achievement, and the
    reward boxes whose action name does not fit)."""
    out = []
    for k, v in d.items():
        out.append(count_t(app, f"pendulum.short.{k}", v) if isinstance(v, int) else name(app, rules, v))
    return " ".join(out)


def loc_text(app, rules, loc):
    if loc.startswith("F:"):
        fid = loc[2:]
        f = rules.frames.get(fid)
        if f is None:
            return fid
        return app.t("pendulum.loc.frame", area=name(app, rules, f.area), row=app.t(f"pendulum.row.{ROWS[f.row]}"),
                     action=" / ".join(name(app, rules, s) for s in f.spaces))
    if loc.startswith("B:"):
        return app.t("pendulum.loc.box", action=name(app, rules, loc[2:]))
    return app.t(f"pendulum.loc.{loc}")


def option_text(app, rules, view, seat, option, t=None):
    if t is None:
        t = decision_type(view, seat) if view is not None else ""
    o = str(option)
    if t == "res" or (t == "" and o.count("/") == 2 and o.replace("/", "").isdigit()):
        m, c, g = (o.split("/") + ["0", "0", "0"])[:3]
        parts = [amount(app, k, int(v)) for k, v in zip(("military", "culture", "gold"), (m, c, g)) if v.isdigit() and int(v)]
        return sep(app).join(parts) or o
    if t == "vp":
        vals = o.split("/")
        parts = [amount(app, f"{k}_vp", int(v)) for k, v in zip(("power", "prestige", "popularity"), vals)
                 if v.isdigit() and int(v)]
        return sep(app).join(parts) or o
    if ":" in o and t in ("conquer", "trim"):
        a, b = o.split(":", 1)
        if t == "conquer":
            src = app.t("pendulum.deck_top") if a == "deck" else name(app, rules, a)
            return app.t("pendulum.option.conquer", province=src, slot=name(app, rules, b))
        return app.t("pendulum.option.trim", province=name(app, rules, b), slot=name(app, rules, a))
    if ">" in o:
        a, b = o.split(">", 1)
        return f"{name(app, rules, a)} → {name(app, rules, b)}"
    if "@" in o:
        w, s = o.split("@", 1)
        return f"{worker_text(app, rules, view, w)} → {name(app, rules, s)}"
    if "=" in o:
        card, pay = o.split("=", 1)
        return f"{name(app, rules, card)} ({option_text(app, rules, view, seat, pay, 'res')})"
    if o == "none":
        return app.t("pendulum.option.none")
    if o in ("legendary", "reward"):
        return app.t(f"pendulum.option.{o}")
    if WORKER_ID.match(o):
        return worker_text(app, rules, view, o)
    return name(app, rules, o)


WORKER_ID = re.compile(r"^\d+[cg]\d+$")


def worker_text(app, rules, view, wid):
    """A worker as a player knows it: "grande worker (Green area, bottom row: ...)" — its kind
    and, when the view is at hand, where it stands; never its id."""
    word = worker_word(app, wid)
    loc = next((w["location"] for w in view["workers"] if w["id"] == wid), None) if view is not None else None
    if not loc:
        return word
    return app.t("pendulum.worker_at", worker=word, where=loc_text(app, rules, loc))


def action_label(app, rules, action, view=None):
    k = action.kind
    if k == "act":
        sp = rules.spaces[action.space]
        return app.t("pendulum.label.act", action=name(app, rules, action.space), cost=amounts_text(app, rules, sp.cost))
    if k == "move":
        return app.t("pendulum.label.move", to=loc_text(app, rules, "F:" + action.to) if action.to != "mat"
                     else app.t("pendulum.loc.mat"))
    if k == "play":
        pay = ""
        if action.pay:
            m, c, g = (action.pay.split("/") + ["0", "0", "0"])[:3]
            pay = " (" + sep(app).join(amount(app, kk, int(v)) for kk, v in zip(("military", "culture", "gold"), (m, c, g))
                                   if v.isdigit() and int(v)) + ")"
        return app.t("pendulum.label.play", card=name(app, rules, action.card)) + pay
    if k == "pickup":
        return app.t("pendulum.label.pickup")
    if k == "claim":
        return app.t(f"pendulum.label.claim_{action.take}")
    if k == "refill":
        return app.t("pendulum.label.refill")
    if k == "done":
        return app.t("pendulum.text.done_last" if getattr(action, "last", False) else "pendulum.label.done")
    if k == "flip":
        return app.t("pendulum.label.flip", timer=name(app, rules, action.timer))
    if k == "choose":
        return option_text(app, rules, view, action.seat, action.option)
    return action.to_text()


def decision_title(app, view, seat):
    t = decision_type(view, seat)
    if not t:
        return None
    s = app.t(f"pendulum.decision.{t}")
    return s if s != f"pendulum.decision.{t}" else app.t("pendulum.decision.generic")


def event_text(app, rules, ev):
    k = getattr(ev, "kind", "")
    if k in ("decision_opened", "request_applied", "province_display_changed", "armed"):
        return None
    fields = {}
    for f in getattr(ev, "__dataclass_fields__", {}):
        v = getattr(ev, f)
        if f == "seat":
            v = seat_name(app, rules, v) if v >= 0 else app.t("pendulum.log.table")
        elif f in ("frm", "to"):
            v = loc_text(app, rules, v)
        elif f == "what":
            v = what_text(app, rules, v)
        elif f in ("timer", "card", "space", "slot"):
            v = name(app, rules, v)
        elif f == "row":
            v = app.t(f"pendulum.row.{v}")
        elif f == "phase":
            v = app.t(f"pendulum.phase.{v}")
        elif f == "worker":
            v = app.t("pendulum.grande") if is_grande(None, v) else app.t("pendulum.common")
        elif f == "order":
            v = " > ".join(seat_name(app, rules, s) for s in v)
        elif f == "cards":
            v = sep(app).join(name(app, rules, c) for c in v)
        elif f == "reason":
            v = app.t(f"pendulum.reason.{v}")
        elif f == "take":
            v = app.t(f"pendulum.text.take_{v}")
        elif f == "rule":
            v = rule_text(app, v)
        fields[f] = v
    if k == "chosen":
        fields["option"] = option_text(app, rules, None, ev.seat, ev.option, ev.decision)
    if k == "game_over":
        fields["winner"] = seat_name(app, rules, ev.seat) if ev.seat >= 0 else app.t("pendulum.nobody")
    s = app.t(f"pendulum.log.{k}", **fields)
    return None if s == f"pendulum.log.{k}" else s


def tooltip(app, rules, view, rid, movable=lambda seat: True):
    """What a region does, in the current language. ``movable(seat)``: whether the pointer may move
    that seat's pieces (a worker's tip says how only then: not on a bot's or another device's piece)."""
    t = app.t
    if rid.startswith("worker."):
        wid = rid[7:]
        seat = worker_seat(view, wid)
        kind = worker_word(app, wid)
        if seat == -1:
            return t("pendulum.tip.neutral_worker")
        loc = next((w["location"] for w in view["workers"] if w["id"] == wid), "")
        text = t("pendulum.tip.worker", seat=seat_name(app, rules, seat), kind=kind, loc=loc_text(app, rules, loc))
        return text + "\n" + t("pendulum.tip.worker_drag") if movable(seat) else text
    if rid.startswith("timer."):
        tid = rid[6:]
        rem, dur = timer_remaining(view, tid)
        row = t(f"pendulum.row.{timer(view, tid)['row']}")
        base = t("pendulum.tip.timer", timer=name(app, rules, tid), seconds=int(dur), row=row)
        if rules.timed:
            base += "\n" + (t("pendulum.tip.timer_left", s=int(rem + 0.999)) if rem > 0 else t("pendulum.tip.timer_flip"))
        else:
            base += "\n" + t("pendulum.tip.timer_untimed")
        return base
    if rid.startswith("frame."):
        f = rules.frames.get(rid[6:])
        if f is None:
            return None
        acts = " / ".join(name(app, rules, s) for s in f.spaces)
        block = t("pendulum.tip.frame_blocking") if f.blocking else t("pendulum.tip.frame_open")
        return t("pendulum.tip.frame", action=acts) + "\n" + block
    if rid.startswith("space."):
        sp = rules.spaces.get(rid[6:])
        if sp is None:
            return None
        return t("pendulum.tip.space", action=name(app, rules, sp.id), cost=amounts_text(app, rules, sp.cost),
                 reward=amounts_text(app, rules, sp.effect))
    if rid.startswith("cost."):
        sp = rules.spaces.get(rid[5:])
        return t("pendulum.tip.cost", cost=amounts_text(app, rules, sp.cost)) if sp else None
    if rid.startswith("timer_place."):
        return t("pendulum.tip.timer_place")
    if rid.startswith("row."):
        return None
    if rid.startswith("area."):
        a = rid[5:]
        return t("pendulum.tip.area", area=name(app, rules, a), seconds=int(rules.timer_seconds[a]))
    if rid.startswith("province."):
        i = int(rid.split(".")[1])
        display = view["provinces"]["display"]
        card = display[i] if i < len(display) else None
        if not card:
            return t("pendulum.tip.province_empty")
        prov = rules.provinces[card]
        lines = [name(app, rules, card)]
        for slot in SLOTS:
            lines.append(f"{name(app, rules, slot)}: {amounts_text(app, rules, prov[slot])}")
        return "\n".join(lines) + "\n" + t("pendulum.tip.province")
    if rid == "province_deck":
        return t("pendulum.tip.province_deck", n=view["provinces"]["deck"])
    if rid in ("province_display",):
        return t("pendulum.tip.province")
    if rid in ("achievement", "legendary_token"):
        ach = view["achievement"]
        if not ach["card"]:
            return t("pendulum.tip.no_achievement")
        req = {k: v for k, v in ach["requires"].items() if v}
        return t("pendulum.tip.achievement", name=name(app, rules, ach["card"]),
                 requires=amounts_text(app, rules, req), reward=amounts_text(app, rules, ach["reward"]),
                 legendary=t("pendulum.tip.legendary_here") if ach["legendary"] == "card" else t("pendulum.tip.legendary_gone"))
    if rid.startswith("privilege"):
        return t("pendulum.tip.privilege", order=" > ".join(seat_name(app, rules, s) for s in view["privilege"]))
    if rid.startswith("time_track") or rid.startswith("time_space"):
        return t("pendulum.tip.time_track", n=(view["time_track"] or {}).get("space", 0))
    if rid.startswith("council."):
        which = rid.split(".", 1)[1]
        card = None
        if which == "default":
            card = rules.council_default
        elif which == "grande":
            card = rules.council_grande
        elif which.startswith("offer."):
            i = int(which.split(".")[1])
            offer = view["council"]["offer"]
            card = offer[i] if i < len(offer) else None
        elif which == "deck":
            return t("pendulum.tip.council_deck", n=view["council"]["deck"])
        if not card:
            return t("pendulum.tip.council_empty")
        info = rules.cards[card]
        text = info.get("text") or ""
        return f"{name(app, rules, card)}\n{t('pendulum.tip.council_card', kind=t('pendulum.cardkind.' + info['kind']))}" + \
            (f"\n{text}" if app.lang == "en" and text else "")
    if rid == "council_board":
        return t("pendulum.tip.council_board")
    if rid.startswith("seat."):
        parts = rid.split(".")
        seat = int(parts[1])
        if len(parts) == 2:
            return t("pendulum.tip.seat", seat=seat_name(app, rules, seat),
                     character=name(app, rules, view["mats"][seat]["character"]))
        what = parts[2]
        if what == "track":
            return t(f"pendulum.tip.track_{parts[3]}")
        if what == "slot":
            return t("pendulum.tip.slot", slot=name(app, rules, parts[3]))
        if what == "hand":
            return t("pendulum.tip.hand")
        if what == "mat":
            return t("pendulum.tip.mat")
        if what == "resources":
            return t("pendulum.tip.resources")
    if rid == "log":
        return None
    return None
