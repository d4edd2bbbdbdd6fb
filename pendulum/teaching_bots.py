"""The teaching mode's gentle bots (pure, no pygame): simple, readable and deterministic, so a
rewound lesson replays the same game. Also the small scores the hints use."""
from __future__ import annotations

from tabletop.engine import GameRng, IllegalActionError

def progress(state, seat: int) -> tuple[int, int]:
    """(track steps toward the parchment, resources+votes on the mat) of a seat."""
    p = state.players[seat]
    steps = sum(int(v) for v in p.tracks) + (1 if p.legendary else 0)
    return steps, sum(int(v) for v in p.res) + int(p.votes)


def active(actions: list) -> list:
    """Legal actions that do something (withdrawing Done does not)."""
    return [a for a in actions if a.kind != "resume"]


def moves_track(effect: dict) -> bool:
    return any(effect.get(k) for k in ("power_vp", "prestige_vp", "popularity_vp", "legendary_vp", "any_vp"))


def _score(state, seat: int) -> float:
    """A gentle bot's idea of how well a seat is doing."""
    p = state.players[seat]
    tracks = sum(t - s for t, s in zip(p.tracks, p.start))
    provinces = sum(len(v) for v in p.slots.values())
    return 3.0 * tracks + 6.0 * p.legendary + 0.6 * sum(p.res) + 0.4 * p.votes + 2.0 * provinces


BOT_BUDGET = 3            # non-choice moves a gentle bot makes per time-track step


def _settled_score(state, seat: int, depth: int = 2) -> float:
    """Score after the seat's pending choices are answered greedily (so that "conquer a
    province" is worth the province, not just its cost)."""
    p = state.players[seat]
    if depth <= 0 or not p.decisions:
        return _score(state, seat)
    best = None
    for option in state.legal_actions(seat):
        if option.kind != "choose":
            continue
        trial = state.clone()
        try:
            trial.apply(option)
        except IllegalActionError:
            continue
        value = _settled_score(trial, seat, depth - 1)
        best = value if best is None or value > best else best
    return _score(state, seat) if best is None else best


_VALUE = {"power_vp": 3.0, "prestige_vp": 3.0, "popularity_vp": 3.0, "any_vp": 3.0, "legendary_vp": 6.0,
          "military": 0.6, "culture": 0.6, "gold": 0.6, "any_resource": 0.6, "votes": 0.4,
          "conquer_province": 2.0}


def _effect_value(state, seat: int, effect: dict) -> float:
    """A rough worth of a reward for a seat (used to pick where to put a worker)."""
    rules, p = state.rules, state.players[seat]
    value = 0.0
    for key, amount in effect.items():
        if key == "production":
            value += _effect_value(state, seat, rules.production[p.character][amount])
            for card in p.slots[amount]:
                value += _effect_value(state, seat, rules.provinces[card][amount])
        elif isinstance(amount, (int, float)) and not isinstance(amount, bool):
            value += _VALUE.get(key, 0.0) * amount
    return value


def _frame_value(state, seat: int, frame_id: str) -> float:
    rules, p = state.rules, state.players[seat]
    best = 0.0
    for sid in rules.frames[frame_id].spaces:
        sp = rules.spaces[sid]
        if not state.can_pay(p, sp.cost):
            continue
        value = _effect_value(state, seat, sp.effect) - 0.6 * sum(
            v for v in sp.cost.values() if isinstance(v, int))
        best = max(best, value)
    return best


def gentle_bot(state, seat: int, used: int = 0, seed: int = 0):
    """The teaching bots: simple, readable, deterministic. They act with workers that can
    (looking one choice ahead), claim an achievement, play a stratagem that moves a track,
    put a free worker where it can do something useful, and otherwise say Done. ``used``:
    moves already made since their last Done (at most ``BOT_BUDGET`` per step)."""
    legal = state.legal_actions(seat)
    if not legal:
        return None
    rng = GameRng(seed)
    base = _score(state, seat)

    def gain(action) -> float:
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalActionError:
            return float("-inf")
        return _settled_score(trial, seat) - base

    def best(cands, value=gain):
        scored = [(value(a), i, a) for i, a in enumerate(cands)]
        top = max(sc for sc, _, _ in scored)
        pool = [a for sc, _, a in scored if sc >= top - 1e-9]
        return (rng.choose(pool) if len(pool) > 1 else pool[0]), top

    kinds = {a.kind for a in legal}
    if kinds == {"choose"}:
        return best(legal)[0]
    if state.phase == "opening":
        return best(legal, lambda a: _frame_value(state, seat, a.to))[0]
    legal = active(legal)
    if not legal:
        return None
    done = sorted((a for a in legal if a.kind == "done"), key=lambda a: bool(getattr(a, "last", False)))
    if used >= BOT_BUDGET:
        return done[0] if done else legal[0]
    claims = [a for a in legal if a.kind == "claim"]
    if claims:
        return claims[0]                   # "legendary" is listed first when available
    acts = [a for a in legal if a.kind == "act"]
    if acts:
        choice, value = best(acts)
        if value > 0:
            return choice
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        choice, value = best(plays)
        if value >= 2.0:
            return choice
    p = state.players[seat]
    free = [a for a in legal if a.kind == "move" and a.to != "mat" and not p.workers[a.worker].startswith("F:")]
    if free:
        choice, value = best(free, lambda a: _frame_value(state, seat, a.to))
        if value > 0:
            return choice
    return done[0] if done else legal[0]


def suggest(state, seat: int, legal: list) -> list:
    """"What could I do now?" for ``seat``: ``(action, why)`` pairs of its ``legal`` actions —
    ``"track"`` (a track step now), ``"prepare"`` (a worker to a frame whose reward box gives a
    step it can pay for) or, only if neither exists, ``"resources"``."""
    rules = state.rules
    before = progress(state, seat)
    track, prepare, gains = [], [], []
    p = state.players[seat]
    for action in legal:
        if action.kind == "done":
            continue
        if action.kind == "move":
            frame = rules.frames.get(action.to)
            if frame is not None and p.workers.get(action.worker, "").startswith(("mat", "B:")):
                for sid in frame.spaces:
                    sp = rules.spaces[sid]
                    if moves_track(sp.effect) and state.can_pay(p, sp.cost):
                        prepare.append((action, "prepare"))
                        break
            continue
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalActionError:
            continue
        after = progress(trial, seat)
        if after[0] > before[0]:
            track.append((action, "track"))
        elif after[1] > before[1]:
            gains.append((action, "resources"))
    return track + prepare if (track or prepare) else gains


def moves_since_done(actions: list, seat: int) -> int:
    """Moves other than choices ``seat`` made since its last Done, in a record's ``actions``
    (the gentle bot's budget)."""
    n = 0
    for entry in reversed(actions):
        a = entry["a"]
        if a.get("seat") != seat:
            continue
        if a["kind"] == "done":
            break
        if a["kind"] != "choose":
            n += 1
    return n
