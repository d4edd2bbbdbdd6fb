"""A structural transcript of a war: what the rules decided, without any wording.

Every decision asked (prompt kind, faction) and answered (the action's text), every die
(die, value, target, success, picked item), every mana change, battle start/end,
elimination and the end of the war, then the final sheet of every faction. Log wording,
labels and captions are left out on purpose, so a golden of this transcript proves that a
change of wording (or of the event classes' shape) did not change the rules."""
from __future__ import annotations

from grailwar.game import make_rules
from grailwar.rules.npc import npc_action

# (seats, max_turns, seed): all-NPC wars and hot-seat wars whose humans pick a fixed spread of legal actions
CASES = {
    "npc7_seed1": (["npc"] * 7, None, 1),
    "npc7_seed5": (["npc"] * 7, None, 5),
    "npc4_seed1": (["npc"] * 4, 4, 1),
    "mixed5_seed2": (["human", "npc", "human", "npc", "human"], 6, 2),
    "mixed7_seed9": (["human", "human", "npc", "npc", "npc", "npc", "npc"], 8, 9),
}


def _event_row(e):
    k = e.kind
    if k == "rolled":
        return ["roll", e.die, e.value, e.target, e.success, getattr(e, "result", "")]
    if k == "mana":
        return ["mana", e.faction, e.before, e.after]
    if k == "phase":
        return ["phase", e.turn, e.phase]
    if k == "battle_started":
        return ["battle", e.number, e.location, list(e.side_a), list(e.side_b)]
    if k == "battle_ended":
        return ["battle_end", e.number, e.winner, e.rate_a, e.roll]
    if k == "eliminated":
        return ["out", e.faction, e.cause]
    if k == "game_over":
        return ["over", e.winner, e.reason]
    return None


def transcript(name, keep_state=False):
    seats, max_turns, seed = CASES[name]
    opts = {"seats": seats}
    if max_turns:
        opts["max_turns"] = max_turns
    state = make_rules(opts).new_state(seed)
    rows = []
    steps = 0
    while state.pending is not None:
        p = state.pending
        if state.fac[p.faction].human:
            legal = state.legal_actions(p.faction)     # a human: a fixed spread over the legal list
            action = legal[(steps * 7 + 3) % len(legal)]
        else:
            action = npc_action(state, p.faction)
        rows.append(["ask", p.kind, p.faction, action.to_text()])
        for e in state.apply(action):
            r = _event_row(e)
            if r is not None:
                rows.append(r)
        steps += 1
        assert steps < 200000, "runaway war"
    if keep_state:
        return state
    d = state.to_dict()
    final = {"turn": d["turn"], "winner": d["winner"], "reason": d["reason"], "scores": d["scores"],
             "battles": d["battles"], "rng_draws": d["rng_draws"], "factions": d["factions"],
             "locations": d["locations"]}
    return {"rows": [" ".join(str(x) for x in r) for r in rows], "final": final}
