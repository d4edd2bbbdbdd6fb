"""Reading the engine state for drawing, and the words the table shows (log lines,
tooltips, picker labels). No rule is decided here: legality always comes from
``legal_actions`` / ``apply``; this module only reads fields and formats them."""
from __future__ import annotations

from tabletop.engine import IllegalActionError, Refusal

from . import render as R

AREAS = ("green", "purple", "black")
ROWS = ("top", "bottom")


# ----------------------------------------------------------------------------- seats and bots
def seat_defs(rules, n):
    out = []
    for sd in rules.seat_defs[:n]:
        out.append({"id": sd.id, "colour": R.hex_colour(sd.colour), "letter": sd.letter, "shape": sd.shape,
                    "name": sd.name})
    return out


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
    from pendulum.rules.bots import BotDriver
    kinds = {}
    for i in bot_seats:
        spec = seats[i] if i < len(seats) else "bot"
        kinds[i] = spec.split(":", 1)[1] if ":" in spec else "standard"
    return Bots(BotDriver(kinds, seed, delay=rules.bot_delay))


def next_bot_action(bots, state, edt=0.0):
    """The next action a bot wants now (reaction delays run in engine time), or None."""
    return bots.next_action(state)


# ----------------------------------------------------------------------------- state reading
def time_of(state):
    return float(state.time)


def round_of(state):
    return state.round


def track_snapshot(state, n):
    return [{"power": p.tracks[0], "prestige": p.tracks[1], "popularity": p.tracks[2],
             "legendary": 1 if p.legendary else 0} for p in state.players[:n]]


def timer_remaining(state, rules, tid):
    return float(state.remaining[tid]), float(rules.timer_seconds[tid])


def timer_fraction(state, rules, tid):
    rem, dur = timer_remaining(state, rules, tid)
    return max(0.0, min(1.0, rem / dur)) if dur else 0.0


def timer_running(state, tid):
    return state.rules.timed and state.remaining[tid] > 0


def timer_place(state, tid):
    return ROWS[state.timer_row[tid]], 0


def purple_markers(state):
    """(row, circle) places holding a purple time marker."""
    row = state.timer_row["purple"]
    order = [(ROWS[row], 1), (ROWS[1 - row], 1), (ROWS[1 - row], 0)]
    return order[:max(0, min(3, state.markers))]


def workers(state):
    for p in state.players:
        for w, loc in p.workers.items():
            if loc in ("reserve", "council", "gone"):
                continue
            yield w, p.seat, w[-2] == "g", loc
    for w, loc in state.neutral_workers.items():
        yield w, -1, False, loc


def worker_seat(state, wid):
    if wid.startswith("n"):
        return -1
    try:
        return int(wid[:-2])
    except ValueError:
        return None


def is_grande(state, wid):
    return len(wid) >= 2 and wid[-2] == "g"


def table_info(rules, n):
    ranks = n + (1 if rules.neutral else 0)
    return {"ranks": ranks, "bonus": list(rules.rank_bonus)}


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


def find_drop(state, seat, wid, rid):
    """The legal action for dropping worker ``wid`` on region ``rid`` (the engine's ``find_action``)."""
    target = drop_target(rid, seat)
    got = state.find_action(wid, target) if target else None
    return None if isinstance(got, Refusal) else got


def action_for_drop(state, seat, wid, rid):
    """The action a drop on region ``rid`` would ask for, only to get the engine's refusal
    (``find_action`` found nothing legal; the engine has no query that names the rule for a
    source/target pair, so this builds the request and ``apply`` refuses it)."""
    from pendulum.rules.actions import Act, Move
    if rid.startswith("frame."):
        return Move(seat, wid, rid[6:])
    if rid.startswith("space."):
        sid = rid[6:]
        loc = state.players[seat].workers.get(wid, "")
        if loc == "F:" + state.rules.spaces[sid].frame:
            return Act(seat, wid, sid)
        return Move(seat, wid, state.rules.spaces[sid].frame)
    if rid.startswith(f"seat.{seat}"):
        return Move(seat, wid, "mat")
    return None


def refusal(state, action):
    """The engine's IllegalActionError for ``action`` (checked on a copy), or None if legal."""
    try:
        state.clone().apply(action)
    except IllegalActionError as exc:
        return exc
    return None


def try_flip(state, seat, tid):
    from pendulum.rules.actions import Flip
    exc = refusal(state, Flip(seat, tid))
    if exc is not None:
        raise exc


def try_kind(state, seat, kind):
    from pendulum.rules.actions import Claim, Refill
    act = {"claim": Claim(seat, "reward"), "refill": Refill(seat)}.get(kind)
    return refusal(state, act) if act is not None else None


def option_matches_region(state, option, rid):
    if rid.startswith("council."):
        which = rid.split(".", 1)[1]
        if which == "default":
            return option == state.rules.council_default
        if which == "grande":
            return option == state.rules.council_grande
        if which.startswith("offer."):
            i = int(which.split(".")[1])
            if i < len(state.council_offer):
                card = state.council_offer[i]
                return option == card or option.startswith(card + "=")
        return False
    if rid.startswith("province."):
        i = int(rid.split(".")[1])
        if i < len(state.display) and state.display[i]:
            return option.startswith(state.display[i] + ":")
        return False
    if rid == "province_deck":
        return option.startswith("deck:")
    return False


# ----------------------------------------------------------------------------- words
def name(app, rules, ident):
    try:
        return rules.name(ident, app.lang)
    except Exception:
        return str(ident)


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
    return ", ".join(parts)


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
    return ", ".join(out)


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


def option_text(app, rules, state, seat, option, t=None):
    if t is None:
        dec = state.players[seat].decisions[0] if state is not None and state.players[seat].decisions else {}
        t = dec.get("t", "")
    o = str(option)
    if t == "res" or (t == "" and o.count("/") == 2 and o.replace("/", "").isdigit()):
        m, c, g = (o.split("/") + ["0", "0", "0"])[:3]
        parts = [amount(app, k, int(v)) for k, v in zip(("military", "culture", "gold"), (m, c, g)) if v.isdigit() and int(v)]
        return ", ".join(parts) or o
    if t == "vp":
        vals = o.split("/")
        parts = [amount(app, f"{k}_vp", int(v)) for k, v in zip(("power", "prestige", "popularity"), vals)
                 if v.isdigit() and int(v)]
        return ", ".join(parts) or o
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
        return f"{w} → {name(app, rules, s)}"
    if "=" in o:
        card, pay = o.split("=", 1)
        return f"{name(app, rules, card)} ({option_text(app, rules, state, seat, pay, 'res')})"
    if o == "none":
        return app.t("pendulum.option.none")
    if o in ("legendary", "reward"):
        return app.t(f"pendulum.option.{o}")
    return name(app, rules, o)


def action_label(app, rules, action, state=None):
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
            pay = " (" + ", ".join(amount(app, kk, int(v)) for kk, v in zip(("military", "culture", "gold"), (m, c, g))
                                   if v.isdigit() and int(v)) + ")"
        return app.t("pendulum.label.play", card=name(app, rules, action.card)) + pay
    if k == "pickup":
        return app.t("pendulum.label.pickup")
    if k == "claim":
        return app.t(f"pendulum.label.claim_{action.take}")
    if k == "refill":
        return app.t("pendulum.label.refill")
    if k == "done":
        return app.t("pendulum.label.done")
    if k == "flip":
        return app.t("pendulum.label.flip", timer=name(app, rules, action.timer))
    if k == "choose":
        st = state if state is not None else getattr(app, "_pendulum_state", None)
        if st is not None:
            return option_text(app, rules, st, action.seat, action.option)
        return str(action.option)
    return action.to_text()


def decision_title(app, state, seat):
    p = state.players[seat]
    if not p.decisions:
        return None
    t = p.decisions[0].get("t", "")
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
            v = ", ".join(name(app, rules, c) for c in v)
        elif f == "reason":
            v = app.t(f"pendulum.reason.{v}")
        fields[f] = v
    if k == "chosen":
        fields["option"] = option_text(app, rules, None, ev.seat, ev.option, ev.decision)
    if k == "game_over":
        fields["winner"] = seat_name(app, rules, ev.seat) if ev.seat >= 0 else app.t("pendulum.nobody")
    s = app.t(f"pendulum.log.{k}", **fields)
    return None if s == f"pendulum.log.{k}" else s


def tooltip(app, rules, state, rid):
    """What a region does, in the current language."""
    t = app.t
    if rid.startswith("worker."):
        wid = rid[7:]
        seat = worker_seat(state, wid)
        kind = t("pendulum.grande") if is_grande(state, wid) else t("pendulum.common")
        if seat == -1:
            return t("pendulum.tip.neutral_worker")
        loc = state.players[seat].workers.get(wid, "")
        return t("pendulum.tip.worker", seat=seat_name(app, rules, seat), kind=kind, loc=loc_text(app, rules, loc))
    if rid.startswith("timer."):
        tid = rid[6:]
        rem, dur = timer_remaining(state, rules, tid)
        row = t(f"pendulum.row.{ROWS[state.timer_row[tid]]}")
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
        card = state.display[i] if i < len(state.display) else None
        if not card:
            return t("pendulum.tip.province_empty")
        prov = rules.provinces[card]
        lines = [name(app, rules, card)]
        for slot in R.SLOT_COL:
            lines.append(f"{name(app, rules, slot)}: {amounts_text(app, rules, prov[slot])}")
        return "\n".join(lines) + "\n" + t("pendulum.tip.province")
    if rid == "province_deck":
        return t("pendulum.tip.province_deck", n=len(state.province_deck))
    if rid in ("province_display",):
        return t("pendulum.tip.province")
    if rid in ("achievement", "legendary_token"):
        if not state.achievement:
            return t("pendulum.tip.no_achievement")
        a = rules.achievements[state.achievement]
        req = {k: v for k, v in a["requires"].items() if v}
        return t("pendulum.tip.achievement", name=name(app, rules, state.achievement),
                 requires=amounts_text(app, rules, req), reward=amounts_text(app, rules, a["reward"]),
                 legendary=t("pendulum.tip.legendary_here") if state.legendary == "card" else t("pendulum.tip.legendary_gone"))
    if rid.startswith("privilege"):
        return t("pendulum.tip.privilege", order=" > ".join(seat_name(app, rules, s) for s in state.privilege))
    if rid.startswith("time_track") or rid.startswith("time_space"):
        return t("pendulum.tip.time_track", n=state.track_space)
    if rid.startswith("council."):
        which = rid.split(".", 1)[1]
        card = None
        if which == "default":
            card = rules.council_default
        elif which == "grande":
            card = rules.council_grande
        elif which.startswith("offer."):
            i = int(which.split(".")[1])
            card = state.council_offer[i] if i < len(state.council_offer) else None
        elif which == "deck":
            return t("pendulum.tip.council_deck", n=len(state.council_deck))
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
                     character=name(app, rules, state.players[seat].character))
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
