"""Helpers for the Pendulum rules tests (fixture ``pen``)."""
from __future__ import annotations

import functools

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.bots import make_bot


@functools.lru_cache(maxsize=64)
def _rules(key):
    return make_rules(dict(key))


def _freeze(v):
    return tuple(v) if isinstance(v, list) else v


class Pen:
    A = A

    def rules(self, **opts):
        return _rules(tuple(sorted((k, _freeze(v)) for k, v in opts.items())))

    def raw(self, players=3, mode="timetrack", seed=1, **opts):
        """A new state in the opening placement."""
        return self.rules(players=players, mode=mode, **opts).new_state(seed)

    def state(self, players=3, mode="timetrack", seed=1, clear=True, **opts):
        """A state in the round-1 action phase (timers on the bottom rows). ``clear`` puts every
        worker back on its mat so a test can place exactly what it needs."""
        st = self.raw(players, mode, seed, **opts)
        while st.phase == "opening":
            seat = st.seats_to_act()[0]
            st.apply(st.legal_actions(seat)[0])
        assert st.phase == "action"
        if clear:
            for p in st.players:
                for w, loc in list(p.workers.items()):
                    if loc[:2] in ("F:", "B:"):
                        self.put(st, w, "mat")
        return st

    def bot_positions(self, rules, seed, every, limit=400, phase=None):
        """A seeded game of standard bots: the live state after every ``every``-th action (only
        in ``phase`` when given), up to ``limit`` actions."""
        st = rules.new_state(seed)
        bots = [make_bot("standard", i, seed) for i in range(rules.players)]
        n = 0
        while st.phase != "game_over" and n < limit:
            moved = False
            for s in st.seats_to_act():
                a = bots[s].choose(st)
                if a is None:
                    continue
                st.apply(a)
                moved = True
                n += 1
                if n % every == 0 and phase in (None, st.phase):
                    yield st
                if st.phase == "game_over":
                    break
            assert moved

    def put(self, st, worker, loc):
        """Teleport a worker (test set-up only). ``loc``: "mat", "F:<frame>", "B:<space>", or a frame/space id."""
        if loc not in ("mat", "reserve", "gone", "council") and loc[:2] not in ("F:", "B:"):
            loc = ("F:" + loc) if loc in st.rules.frames else ("B:" + loc)
        p = st.players[int(worker[:-2])]
        old = p.workers[worker]
        if old[:2] == "F:":
            st.frame_occ[old[2:]].remove(worker)
        if loc[:2] == "F:":
            st.frame_occ[loc[2:]].append(worker)
        p.workers[worker] = loc

    def res(self, st, seat, m=None, c=None, g=None, votes=None):
        p = st.players[seat]
        for i, v in enumerate((m, c, g)):
            if v is not None:
                p.res[i] = v
        if votes is not None:
            p.votes = votes

    def timers(self, st, **rows):
        for a, r in rows.items():
            st.timer_row[a] = 0 if r == "top" else 1

    def kinds(self, st, seat):
        return {a.kind for a in st.legal_actions(seat)}

    def refused(self, st, action, rule_part=None):
        """Assert ``action`` is refused (naming a rule containing ``rule_part``) and the state is untouched."""
        from tabletop.engine import IllegalActionError
        before = st.to_dict()
        with pytest.raises(IllegalActionError) as info:
            st.apply(action)
        assert st.to_dict() == before
        if rule_part:
            assert rule_part in info.value.rule, info.value.rule
        return info.value

    def choose_all(self, st, seat, pick=0):
        """Resolve the seat's pending decisions with option ``pick`` (index) each time."""
        while st.players[seat].decisions:
            acts = st.legal_actions(seat)
            st.apply(acts[min(pick, len(acts) - 1)])

    def all_done(self, st):
        for p in st.players:
            if not p.done and not p.decisions:
                st.apply(A.Done(p.seat))

    def check_invariants(self, st):
        cap = st.rules.cap
        for p in st.players:
            assert all(0 <= x <= cap for x in p.res), p.res
            assert p.votes >= 0
            for t in range(3):
                assert p.start[t] - (0 if st.rules.options["track_floor_is_start"] else p.start[t]) <= p.tracks[t] \
                    <= st.rules.track_max
            assert len(p.workers) == 5
            in_play = [w for w, loc in p.workers.items() if loc not in ("reserve", "council", "gone")]
            assert len(in_play) <= st.rules.max_workers
        occ = {}
        for p in st.players:
            for w, loc in p.workers.items():
                if loc[:2] == "F:":
                    occ.setdefault(loc[2:], []).append(w)
        for w, loc in st.neutral_workers.items():
            occ.setdefault(loc[2:], []).append(w)
        for f, ws in st.frame_occ.items():
            assert sorted(ws) == sorted(occ.get(f, [])), f


@pytest.fixture
def pen():
    return Pen()
