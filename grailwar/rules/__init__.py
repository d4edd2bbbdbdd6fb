"""Holy Grail War — the pure rules engine (no pygame). Spec: shared/rules/grailwar.md.

Quick start::

    from grailwar.game import make_rules
    rules = make_rules({"seats": ["human", "npc", "npc", "npc", "npc", "npc", "npc"]})
    state = rules.new_state(seed=1)
    while not state.is_terminal():
        fid = state.seats_to_act()[0]
        if state.fac[fid].human:
            action = ui_pick(state.legal_actions(fid))      # the player's choice
        else:
            action = npc_action(state, fid)                  # grailwar.rules.npc
        events = state.apply(action)

Ids
    factions ``F1``..``F7`` (data order; ``rules.seats`` lists which take part: the first
    ``len(options["seats"])`` factions). Locations ``"01"``..``"22"``. Parameters STR END AGI
    MAG LUK NP. Mystic codes: magic_jewel familiar reinforcement_charm talisman elixir
    black_crow curse_charm magic_mirror. Skills/NPs by their data ids.

Phases (``state.phase``)
    ``E`` events, ``D`` declarations, ``A1``..``A5`` resolution, ``C`` comm, ``M`` mana check,
    ``END`` after the war. ``state.turn`` counts from 1.

Decisions (uniform for humans and NPCs)
    ``state.pending`` is the one open decision (or None at the end); ``seats_to_act()`` is
    ``[pending.faction]``. ``pending.kind`` and ``pending.ctx`` (also in ``view_for(f)["pending"]``):

    declare          phase D: ``Declare`` actions (+ free ``Use``). NPC ctx has ``plan``.
    rescue           §7.3 bonus action after a mutual encounter: ``Declare`` info/craft only.
    accompany        ally asked to join an approach: Answer consent|refuse (ctx leader)
    encounter_attack hostile encounter: attack|decline (ctx other)
    ambush           misfortune 6: attack|decline
    contact_reply    a contact/peaceful move reached you: listen|attack (ctx other)
    talk_reply       someone opens talks with you: listen|attack
    intervene        soul-eating detected: intervene|pass (ctx other = the eater)
    help_ally        your ally is attacked where you live: help|decline
    slot             battle slot 1 (side A main) / slot 2 (side B main): a parameter (ctx battle, slot)
    reroll           B5 reroll window: spell|pass (ctx slot3)
    commit           B7: ``Commit`` items one at a time, then ``Commit(item="done")`` (ctx rate, side)
    mirror           your side lost the battle roll: use|pass
    reroll_check     after a % check you own: talisman|mirror|keep (ctx label, target, success,
                     entry: the check's index in the log, for its words)
    retreat_pay      defeat alone: pay|decline (2 command spells)
    retreat_group    defeat in a group: cooperate|abandon
    retreat_dest     lost at home: a location id
    comm             comm turn: ``Talk(option="open", target=F?)`` or ``Talk(option="done")``
    talk             inside a talk: ``Talk`` propose/share/exchange/threaten/dissolve/
                     give_spells/give_code/end (ctx other, used)
    proposal_reply | exchange_reply | gift_reply: accept|refuse;  threat_reply: comply|refuse;
    threat_code / threat_location: which code / whose location to hand over
    comm_transfer    eliminated human master with spells: Talk give_spells|done
    emergency        phase M, mana below −100: ``Use`` items or Answer done

    Answers are ``Answer(faction, prompt=kind, choice=...)``. ``Use(faction, item)`` (magic_jewel,
    elixir, spell_mana, spell_params) is free at declare, rescue, commit, comm and emergency
    prompts and keeps the prompt open. ``state.why_not(action)`` is None for a legal action, else a
    ``Refusal(rule, key, params)`` (key under ``grailwar.refusal.``); ``apply`` raises
    ``IllegalActionError`` carrying the same refusal (``grailwar.rules.legality`` is the one source).
    ``Withdraw(faction)`` (``grailwar.rules.withdraw``) takes a human master's declaration back
    while phase D lasts and nobody else has acted since; it is recorded like any action and is
    never listed by ``legal_actions`` (``why_not`` says when it is allowed).

Events (``grailwar.rules.events``; each has ``visible_to``: ("all",) or faction ids)
    Logged(index), Rolled(actor, label, die, value, target, success, result, index),
    PhaseStarted(turn, phase), ManaChanged(faction, before, after, reason), Relocated(faction,
    origin, dest), BattleStarted(number, cause, location, side_a, side_b), SlotChosen(number,
    slot, faction, param), RateComputed(number, final, rate_a), Committed(number, faction, side,
    item) (that side only), CommitmentsRevealed(number, commitments), BattleEnded(number, winner,
    rate_a, roll), Eliminated(faction, cause), GameOver(winner, reason).
    ``state.events_for(events, faction)`` filters for one viewer; ``GrailState.reveals(events)``
    is True for a roll or a reveal (closes the undo window). ``state.report_events = False``:
    ``apply`` builds none and returns [] (a simulation or search that reads no events; the war,
    its log and its saves are the same). ``rules.new_state(seed, log=False)``: the war writes no
    log (``keep_log``; the same war, its save has an empty log); ``state.play_out(choose)``
    answers every decision with ``choose(state, faction)`` to the end (the simulation's loop).

View (``state.view_for(faction_or_None)``; None = public)
    {viewer, turn, phase, max_turns, winner, reason, scores, order, pending,
     factions: {fid: sheet}, locations: [{id, en, ja, grade, map{x,y}, factions, owner,
     known_empty, workshop}], alliances: [(a, b)], log: [entry + index + names],
     odds: {action text: % rolled against} for the viewer's own pending declaration or talk
     (``grailwar.rules.odds``),
     battle: the current/last battle (see ``view.battle_view``: sides, slots, stage, roll,
     winner; the §8.4 breakdown dicts only for participants and witnesses)}
    A sheet always has id, control, seat, status, color, allies, kills, spells (own only), location (None if
    unknown), known; acquainted: class, master, level, params, penalty, known skills, true_name,
    np; own/end of war: mana, max_mana, base_params, inventory, doomed, knowledge ...
    Log entry: turn, phase, actor (faction id, "GM" or "battle" + battle), kind (note|check|roll|
    choice), key (i18n, under ``grailwar.log.``), params, visible_to; rolls add expr, value,
    target, outcome (+ word, reroll); breakdown notes add ``data`` (the §8.4 dict).
    ``grailwar.rules.logtext.render(entry, t, lang)`` words it with the screen's ``t``:
    ``T3.A1 F1 Saber: Battle #4 win rate (1D100<=43) ＞ 42 ＞ success`` (the dice-bot form in
    both languages; the class only where ``entry["names"]`` has it).

Saving: the turn flow is resumable (``grailwar.rules.frames``): its position is plain data
(``state.flow``), so ``clone()``, ``to_dict()`` and ``from_dict`` copy the war's data and re-enter
the flow where it stood, without replaying (``grailwar.rules.snapshot``). ``to_dict()`` also lists
the ``actions``; a save without ``flow`` (older) is replayed from them.
"""
from .actions import Answer, Commit, Declare, Talk, Use
from .npc import npc_action
from .state import GrailRules, GrailState
from .withdraw import Withdraw

__all__ = ["Answer", "Commit", "Declare", "Talk", "Use", "Withdraw", "npc_action", "GrailRules", "GrailState"]
