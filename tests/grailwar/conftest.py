"""Helpers for the Grail War engine tests: build a war, put pieces where a test needs them,
script the dice, and drive one procedure (a flow generator) to its end."""
from pathlib import Path

import pytest

from grailwar import game
from grailwar.game import make_rules
from grailwar.rules import Answer, Commit
from grailwar.rules.model import WarOver
from grailwar.rules.npc import npc_action


SPEC_ROSTER = Path(__file__).resolve().parent / "spec_roster"


@pytest.fixture(autouse=True)
def spec_roster(monkeypatch):
    """Every Grail War rules test runs on the spec's roster numbers (tests/grailwar/spec_roster),
    so balancing the shipped roster changes no rules test and no golden transcript."""
    real = game.load_data
    monkeypatch.setattr(game, "load_data", lambda mods=None: real([str(SPEC_ROSTER), *(mods or [])]))


class ScriptRng:
    """Stands in for GameRng: ``d(n)`` returns scripted faces (checked against n)."""

    def __init__(self, faces, fallback=None):
        self.faces = list(faces)
        self.fallback = fallback
        self.draws = 0

    def random(self):
        raise AssertionError("tests draw through d()")

    def d(self, n):
        self.draws += 1
        if not self.faces:
            if self.fallback is None:
                raise AssertionError(f"unscripted d({n})")
            return self.fallback.d(n)
        v = self.faces.pop(0)
        assert 1 <= v <= n, f"scripted {v} does not fit d({n})"
        return v

    def choose(self, items):
        return items[self.d(len(items)) - 1]


class Kit:
    ScriptRng = ScriptRng

    def war(self, seats=("human", "human", "human", "npc", "npc", "npc", "npc"), seed=7, fresh=True, **opts):
        """A war at its first decision; ``fresh`` forgets what turn 1's events taught and
        restores full mana, 3 spells and empty turn flags, so a test starts from §4 setup."""
        g = make_rules({"seats": list(seats), **opts}).new_state(seed)
        if fresh:
            from grailwar.rules.model import Know
            for f in g.fac.values():
                f.know = {t: Know() for t in f.know}
                f.known_empty = set()
                f.met_friendly = set()
                f.mana = f.max_mana
                f.spells = 3
                f.omen = f.fought = f.rested = False
                f.declared = None
                f.allies = set()
                f.grudges = set()
        return g

    def place(self, g, fid, loc):
        """Put a faction at ``loc`` (as owner if empty) without any rule side effects."""
        f = g.fac[fid]
        g.leave(f)
        f.location = loc
        if g.loc_owner[loc]:
            g.loc_guests[loc].append(fid)
        else:
            g.loc_owner[loc] = fid

    def empty_loc(self, g, grade=None):
        for l in g.data.loc_ids:
            if not g.occupants(l) and (grade is None or g.data.loc[l].grade == grade):
                return l
        raise AssertionError("no empty location")

    def run(self, g, gen, script=None, default=None):
        """Drive ``gen`` to its end. ``script`` maps (kind, faction) -> list of answers
        (strings for Answer prompts, Commit items, or Action objects); NPC factions use the
        NPC policy; anything unscripted for a human falls back to ``default_answer``."""
        script = {k: list(v) for k, v in (script or {}).items()}
        prompts = []
        try:
            p = next(gen)
            while True:
                g.pending = p
                prompts.append((p.kind, p.faction))
                key = (p.kind, p.faction)
                if script.get(key):
                    a = script[key].pop(0)
                    if isinstance(a, str):
                        a = Commit(p.faction, a) if p.kind == "commit" else Answer(p.faction, p.kind, a)
                elif not g.fac[p.faction].human:
                    a = npc_action(g, p.faction)
                else:
                    a = (default or default_answer)(g, p)
                if a.kind == "use":
                    from grailwar.rules import flow
                    flow.apply_use(g, a)
                    continue
                p = gen.send(a)
        except StopIteration as stop:
            g.pending = None
            self.prompts = prompts
            return stop.value
        except WarOver:
            g.pending = None
            self.prompts = prompts
            return "war_over"


def default_answer(g, p):
    k = p.kind
    safe = {"reroll": "pass", "reroll_check": "keep", "mirror": "pass", "retreat_pay": "pay",
            "retreat_group": "cooperate", "help_ally": "help", "accompany": "consent",
            "contact_reply": "listen", "talk_reply": "listen", "intervene": "pass",
            "encounter_attack": "decline", "ambush": "decline", "emergency": "done"}
    if k == "commit":
        return Commit(p.faction, "done")
    if k in safe:
        return Answer(p.faction, k, safe[k])
    if k in ("retreat_dest", "slot"):
        return Answer(p.faction, k, p.ctx["choices"][0])
    raise AssertionError(f"unscripted human prompt {k} for {p.faction}")


@pytest.fixture
def kit():
    return Kit()
