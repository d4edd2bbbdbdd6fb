"""Pendulum rules engine (pure Python, no pygame). Spec: ../shared/rules/pendulum.md.

Quick start::

    from pendulum.game import make_rules
    rules = make_rules({"mode": "realtime", "players": 3})   # options: see below
    state = rules.new_state(seed=7)
    state.legal_actions(seat) -> [Action]       # exactly the actions why_not accepts
    state.why_not(action) -> Refusal | None      # the one legality check: rule id, i18n key, params
    state.apply(action) -> [Event]               # IllegalActionError(rule, message, key, params) from
                                                 # why_not (``.refusal``); state untouched
    state.advance(dt) -> [Event]                 # real-time: timers run; 4.8 request window closes
    state.quiet_for() -> seconds                 # real-time: how long nothing happens by itself (skip idle time)
    state.submit(action) -> [Event]              # real-time UI entry: joins the 4.8 window (applied on advance;
                                                 # each applied request yields a RequestApplied event to record)
    state.find_action(source, target, seat=None) # drag-and-drop: the Action, or the Refusal saying why not
    state.view_for(seat) -> dict                 # everything to draw (see pendulum/rules/view.py)
    state.seats_to_act(), state.is_terminal(), state.outcome(), state.clone()
    state.to_dict() / PendulumState.from_dict(d, rules)
    PendulumState.reveals(events) -> bool        # a face-down card was shown: close the undo window

PARTS: ids.py (ids, constants) <- legality.py, choices.py, effects.py, council.py, realtime.py (the parts of
PendulumState) <- state.py <- engine.py; refusals.py holds every refusal's rule and English text.
docs/PENDULUM-RULES.md has the table.

IDS
* Seats: ints 0..P-1. The 2-player neutral is -1 in ``privilege`` and owns workers ``n1``..``n4``.
* Workers: ``"<seat><c|g><n>"``: ``"0c1"`` (common), ``"0g1"`` (grande). Each seat has c1..c3, g1..g2.
  Locations: ``"mat"``, ``"reserve"`` (beside the mat; recruit), ``"council"`` (2nd grande, promote card),
  ``"gone"`` (promoted away), ``"F:<frame id>"`` (gold frame), ``"B:<space id>"`` (reward box).
* Areas / timers: ``"green"``, ``"purple"``, ``"black"``; rows ``"top"``/``"bottom"``.
* Spaces (reward boxes): ``"<area>.<row>.<index>"`` e.g. ``"black.bottom.3"`` (index 1.. left to right).
* Frames: on the 4-5 side one per space (frame id == space id); on the 1-3 side green/purple rows have
  ``"<area>.<row>.large"`` (two boxes) and ``"<area>.<row>.small"`` (one box); black frames == space ids.
  ``rules.frames[fid].spaces`` lists the boxes under a frame; ``rules.spaces[sid].frame`` the frame above.
* Cards: stratagems ``"gambal_briber.s1"``..; council ``"c01".."c25"``, finals ``"f1".."f5"``,
  ``"council_default"``, ``"council_grande"``; provinces ``"prov01".."prov56"``; achievements ``"a01".."a10"``.
  ``rules.name(id, lang)`` gives any player-facing name (en/ja).

REFUSALS (pendulum/rules/refusals.py): ``Refusal(rule, key, params)`` from ``tabletop.engine``; ``rule`` is the
spec section ("4.4 timer row"), ``key`` is ``pendulum.refusal.<name>`` (texts in config/i18n/{en,ja}.yaml),
``params`` fill the text's placeholders. ``legal_actions`` and ``why_not`` are built from the same checks
(pendulum/rules/legality.py), so an action is listed iff ``why_not`` returns None.

ACTIONS (pendulum/rules/actions.py): Move(seat, worker, to=frame id|"mat"), Act(seat, worker, space),
Flip(seat, timer), Play(seat, card, pay="m/c/g" for wild costs), Pickup(seat), Claim(seat, take=
"legendary"|"reward"), Refill(seat), Choose(seat, option), Done(seat).
A seat with a pending decision (``view["mats"][seat]["decision"]``: type, params, options) can only
``Choose`` one of its options. Decision types and option syntax:
  res "m/c/g" (gain wild resources) · vp "power/prestige/popularity" steps (any VP) · vp1 track name ·
  conquer "<prov>:<slot>" or "deck:<slot>" · retrieve / promote worker id · exchange "m>c:k" / "c>m:k" ·
  move_vp "power>prestige" · return card id · direct "<worker>@<space>" · adjacent space id or "none" ·
  claim "legendary"|"reward" · glory "k" (steps to bank, advanced variant) ·
  trim "<slot>:<prov>" (council step 3) · council card id, or "f5=m/c/g".
  A choice that became impossible (last province gone, timer moved away) offers only "none".
  Choices opened while resolving a choice come before the older ones (a council card's own choice
  before the rank bonus).

PHASES (``state.phase``): "opening" (2.5, one placement at a time in privilege order) → "action" →
"council_called" (4.6: no flips; ends when every seat is Done) → "council_rewards" (5.8 step 2, one seat
at a time) → "council_trim" → "council_adjust" (step 5, Move + Done) → restart flip → "action" ... →
"game_over" (``state.outcome()``: winner seat or None, reason, scores).
Modes: "realtime" (timers run with ``advance``; a finished timer may be flipped by any seat; ``Done`` means
"waiting" and is cleared when a timer runs out), "timetrack" (time token ``state.track_space`` steps when
every seat is Done), "beginner" (timetrack + no neutral player).

BOTS (pendulum/rules/bots/): ``make_bot("random"|"easy"|"standard"|"hard", seat, seed).choose(state)``;
``BotDriver({seat: kind}, seed, delay).act(state)`` chooses and applies bot after bot (respecting each
bot's reaction in engine time, bots/timing.py) and returns ``[(action, events)]``; ``tick(state)`` only chooses;
``wait(state)`` is the time until the next bot may act (with ``quiet_for`` the simulator skips idle time).

OPTIONS (``make_rules(options)``; ``rules.options_dict()`` gives them all resolved): mode, players (2-5),
characters (list per seat of gambal|bolk|mesoat|licinia|dhrenkir|random), advanced (list of bools: advanced
sides), advanced_variant (list of bools, rule 1.7), super_beginner, and every option of
config/pendulum/options.yaml (spec section 6 / 6.1, e.g. claim_window, bot_reaction_delay, winner_rule).
"""
from .engine import PendulumRules
from .state import PendulumState
from . import actions

__all__ = ["PendulumRules", "PendulumState", "actions"]
