"""Every refusal the Pendulum engine can give: name -> (rule, English message template).

``refusal(name, **params)`` makes the ``Refusal`` (rule, ``pendulum.refusal.<name>``, params) that
``PendulumState.why_not`` returns; ``message(r)`` is its English text, used for
``IllegalActionError.message`` and the ``RequestRefused`` event (logs, tests). Screens translate the key
with config/i18n/{en,ja}.yaml ``pendulum.refusal.<name>``; a translation may use any of the template's
placeholders and no others (tests/pendulum/test_rules_refusals.py checks both files).
"""
from __future__ import annotations

from tabletop.engine import IllegalActionError, Refusal

KEY_PREFIX = "pendulum.refusal."

REFUSALS: dict[str, tuple[str, str]] = {
    # anyone, any action
    "no_seat": ("2.3 seats", "no seat {seat!r}"),
    "game_over": ("5.10 game end", "the game is over"),
    "closing_turn": ("4.6 acting last", "another player has the closing turn"),
    "unknown_action": ("api", "unknown action {kind!r}"),
    "choice_pending": ("4.5 one action at a time", "finish your pending choice first"),
    "declared_done": ("4.6 done", "you declared done"),
    # workers: move
    "workers_frozen": ("5.8 council", "workers cannot move now"),
    "not_your_worker": ("2.3 workers", "{worker} is not one of your workers"),
    "not_your_placement": ("2.5 opening placement", "not your turn to place"),
    "place_grande_from_mat": ("2.5 opening placement", "place a grande worker from your mat"),
    "place_common_from_mat": ("2.5 opening placement", "place a common worker from your mat"),
    "worker_not_in_play": ("5.7 workers", "{worker} is not in play"),
    "worker_on_timer_row": ("4.4 timer row", "{worker} stands on a row that has its timer; it cannot be moved"),
    "already_on_mat": ("4.4 move", "already on your mat"),
    "no_frame": ("3.1 board", "no gold frame {frame!r}"),
    "frame_on_timer_row": ("4.4 timer row", "workers cannot be placed on a row that has its timer"),
    "already_in_frame": ("4.4 move", "already in that frame"),
    "own_worker_in_frame": ("1.7 advanced variant", "never two of your own workers in one frame"),
    "frame_needs_grande": ("3.4 frame occupancy", "a common worker needs an empty green/purple frame"),
    # workers: act
    "act_phase": ("4.4 act", "workers act only in the action phase"),
    "no_space": ("3.1 board", "no action space {space!r}"),
    "not_above_box": ("4.4 act", "the worker must stand in the gold frame above that reward box"),
    "act_needs_timer": ("4.4 timer row", "a worker acts only while its row has the timer"),
    "cannot_pay": ("4.5 pay first", "you cannot pay the cost"),
    # stratagems
    "play_phase": ("5.5 stratagems", "stratagems are played in the action phase or the called-council window"),
    "card_not_in_hand": ("5.5 stratagems", "{card} is not in your hand"),
    "pay_wild": ("4.5 pay first", "pay the wild cost as military/culture/gold"),
    "no_wild_cost": ("4.5 pay first", "this card has no wild cost"),
    "no_worker_to_retrieve": ("5.2 retrieve", "you have no worker on a row that has its timer"),
    "cannot_recruit": ("5.7 workers", "no reserve common worker or already {limit} workers"),
    "no_province": ("5.4 conquer", "no province left"),
    "no_worker_ready": ("5.5 stratagems", "play it on a worker action: you have no worker ready to act"),
    "already_armed": ("5.5 stratagems", "already played on your next action"),
    "no_track_above_start": ("2.6 track floor", "no track above its start"),
    "no_discarded_stratagem": ("5.5 stratagems", "no other discarded stratagem"),
    "nothing_to_exchange": ("5.5 stratagems", "no military or culture to exchange"),
    "no_direct_target": ("5.5 stratagems", "no worker or action available"),
    "pickup_phase": ("5.1 pick up", "only in the action phase or the called-council window"),
    "nothing_to_pick_up": ("5.1 pick up", "no discarded stratagem"),
    "pickup_cost": ("5.1 pick up", "pick up costs {culture} culture"),
    # achievements
    "claim_phase": ("5.6 achievement", "claims only in the action phase or the called-council window"),
    "no_achievement": ("5.6 achievement", "no achievement this round"),
    "already_claimed": ("5.6 achievement", "you already claimed this round"),
    "no_marker_spot": ("5.6 achievement", "no free marker spot"),
    "requirements_unmet": ("5.6 achievement", "your mat does not hold the cubes and votes shown"),
    "claim_once_first": ("5.6 achievement", "claim the achievement once first"),
    "claim_take": ("5.6 achievement", "take 'legendary' or 'reward'"),
    "legendary_unavailable": ("5.6 legendary", "the legendary token is not on the card or you already had it"),
    # timers
    "flip_untimed": ("4.2 flip", "timers are not flipped in time-track mode"),
    "flip_not_now": ("4.6 council called", "no timer may be flipped now"),
    "no_timer": ("4.1 timers", "no timer {timer!r}"),
    "sand_running": ("4.2 flip", "the sand is still running"),
    # province display
    "refill_nothing": ("3.6 refill", "no empty spot or no card in the deck"),
    # done / resume
    "nothing_to_declare": ("4.6 done", "nothing to declare now"),
    "already_done": ("4.6 done", "already done"),
    "act_last_not_now": ("4.6 acting last", "only in the called-council window, before the closing turns"),
    "nothing_to_withdraw": ("4.6 done", "nothing to withdraw"),
    "closing_started": ("4.6 acting last", "the closing turns have started"),
    # choices
    "no_choice_pending": ("4.5 choices", "you have no pending choice"),
    "not_a_choice": ("4.5 choices", "{option!r} is not a choice for {decision}"),
    # drag-and-drop (find_action)
    "no_such_piece": ("3.1 board", "{source!r} is not a piece that can be moved"),
    "no_such_target": ("3.1 board", "{source!r} cannot be dropped on {target!r}"),
}

# Refusals are shared objects (legal-action generation meets them thousands of times per second): one per
# parameterless name, also as attributes (``REFUSE.frame_on_timer_row``), and one per name and parameter
# values (bounded). Never change a refusal's ``params``.
_PLAIN = {name: Refusal(rule, KEY_PREFIX + name, {}) for name, (rule, text) in REFUSALS.items()
          if "{" not in text}
REFUSE = type("REFUSE", (), dict(_PLAIN))
_ONE: dict = {}


def refusal(name: str, **params) -> Refusal:
    if not params:
        got = _PLAIN.get(name)
        if got is not None:
            return got
    key = (name, *params.items())
    try:
        got = _ONE.get(key)
    except TypeError:                                  # a parameter that cannot be a key: not shared
        return Refusal(REFUSALS[name][0], KEY_PREFIX + name, params)
    if got is None:
        if len(_ONE) > 4096:
            _ONE.clear()
        got = _ONE[key] = Refusal(REFUSALS[name][0], KEY_PREFIX + name, params)
    return got


def about_worker(name: str, worker: str) -> Refusal:
    """``refusal(name, worker=worker)``, quicker (workers are refused often while moves are listed)."""
    got = _ONE.get((name, ("worker", worker)))
    return got if got is not None else refusal(name, worker=worker)


def message(r: Refusal) -> str:
    """The English text of a refusal."""
    return REFUSALS[r.key[len(KEY_PREFIX):]][1].format(**r.params)


def error(r: Refusal) -> IllegalActionError:
    return IllegalActionError(r.rule, message(r), key=r.key, params=r.params)
