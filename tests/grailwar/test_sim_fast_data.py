"""The sixth speed pass reads the rules data through plain-attribute mirrors and shares equal
NPC answers; these check that what the engine reads is still exactly the data, and that a
war's state stays small enough for CPython to keep its attributes inline.

- ``fast_cfg``: the same sections, fields and values as the rules' configuration (a
  ``max_turns`` option included), and a war reads its own rules' configuration.
- ``Faction.fx``: a faction's profile, magic, noble phantasm, active skills, skills by id and
  flattened effects, as the data gives them.
- The NPC's answers: one record per distinct answer, equal to a freshly made one.
- A war that ended and is taken back to its start has no winner again."""
from grailwar import game
from grailwar.rules import Answer, Commit, Declare, Talk, npc
from grailwar.rules.fastcfg import FastCfg, fast_cfg, faction_fx
from grailwar.rules.npc import npc_action
from grailwar.rules.schema import PARAMS
from tabletop.data.plain import Plain


def _same(mirror, record, where):
    fields = dict(record)
    assert sorted(vars(mirror)) == sorted(fields), where
    for name, value in fields.items():
        got = getattr(mirror, name)
        if isinstance(value, Plain):
            assert isinstance(got, FastCfg), f"{where}.{name}"
            _same(got, value, f"{where}.{name}")
        else:
            assert got is value, f"{where}.{name}"


def test_the_fast_configuration_is_the_rules_configuration_field_for_field():
    for opts in ({"factions": 7, "control": "npc"}, {"factions": 3, "control": "npc", "max_turns": 4}):
        rules = game.make_rules(opts)
        st = rules.new_state(3)
        assert st.cfg is rules.cfg and st.fc is fast_cfg(rules.cfg)
        _same(st.fc, rules.cfg, "cfg")
        assert st.fc.game.max_turns == opts.get("max_turns", rules.data.cfg.game.max_turns)
        for copy in (st.clone(), type(st).from_dict(st.to_dict(), rules)):
            assert copy.cfg is rules.cfg and copy.fc is st.fc


def _flat(effects):
    return tuple((e.type, e.when, e.value, tuple(p for p in PARAMS if e.params is not None
                                                 and (e.params == "ALL" or p in e.params)))
                 for e in effects)


def test_a_factions_fast_fields_are_its_data():
    rules = game.make_rules({"factions": 7, "control": "npc"})
    st = rules.new_state(5)
    for f in st.fac.values():
        fx, master, servant = f.fx, f.master, f.servant
        _same(fx.ai, f.fdef.ai, f"{f.id}.ai")
        assert f.ai is fx.ai
        assert fx.magic == master.magic and fx.np is servant.np
        assert (fx.np_id, fx.np_cost, fx.np_fx) == (servant.np.id, servant.np.cost, _flat(servant.np.effects))
        active = [sk for sk in master.skills + servant.skills if sk.activation == "active"]
        assert fx.act == tuple((sk, sk.id, sk.cost) for sk in active)
        for sk in servant.skills + master.skills:
            assert fx.skill[sk.id] is next(s for s in servant.skills + master.skills if s.id == sk.id)
            assert fx.skfx[id(sk)] == _flat(sk.effects)
        for typ, entries in f.passive.items():
            want = [(sk, e) for sk in master.skills + servant.skills if sk.activation == "passive"
                    for e in sk.effects if e.type == typ]
            assert [(x[0], x[1]) for x in entries] == want
            for sk, e, sid, when, value, params, names in entries:
                assert (sid, when, value, params) == (sk.id, e.when, e.value, e.params)
                assert names == (PARAMS if e.params == "ALL" else e.params)



def test_of_a_master_and_a_servant_skill_with_one_id_the_servants_is_committed():
    """``commit_item`` takes a committed skill id as the servant's first (as it always did)."""
    rules = game.make_rules({"factions": 7, "control": "npc"})
    f = rules.new_state(5).fac["F1"]
    mine = f.servant.skills[0]
    twin = mine.model_copy(update={"cost": mine.cost + 7})
    master = f.master.model_copy(update={"skills": [*f.master.skills, twin]})
    fx = faction_fx(f.fdef, master, f.servant)
    assert fx.skill[mine.id] is mine and fx.skfx[id(twin)] == _flat(twin.effects)


def test_equal_npc_answers_are_one_record_equal_to_a_new_one():
    pairs = [(npc.answer_of("F1", "slot", "str"), Answer("F1", "slot", "str")),
             (npc.commit_of("F2", "done"), Commit("F2", "done")),
             (npc.talk_of("F3", "end", "F4"), Talk("F3", "end", "F4", "")),
             (npc.declare_of("F4", "info", "F1", "", 1, 0), Declare("F4", "info", "F1", "", 1, 0, ""))]
    for kept, fresh in pairs:
        assert kept == fresh and kept.to_dict() == fresh.to_dict() and type(kept) is type(fresh)
    assert npc.answer_of("F1", "slot", "str") is pairs[0][0]
    assert npc.answer_of("F1", "slot", "agi") != pairs[0][0]
    assert npc.talk_of("F3", "end", "F4") is not npc.talk_of("F3", "end", "F5")


def test_a_silent_war_keeps_its_state_small_enough_to_stay_inline():
    """CPython keeps at most 29 attributes of an object inline (faster loads, and methods
    found without a dictionary); the state of a running war must not grow past them."""
    rules = game.make_rules({"factions": 7, "control": "npc"})
    st = rules.new_state(9, log=False)
    st.report_events = False
    seen = 0
    steps = 0
    while st.pending is not None:
        st.apply(npc_action(st, st.pending.faction))
        steps += 1
        if st.winner is None:           # its end adds the winner and the reason
            seen = max(seen, len(vars(st)))
    assert steps > 100 and 20 < seen <= 29


def test_a_war_taken_back_after_it_ended_has_no_winner():
    rules = game.make_rules({"factions": 3, "control": "npc"})
    st = game.play_npc_game(rules, 4)
    assert st.winner is not None and st.over_reason and st.view_all
    record = list(st.actions)
    st.rewind(0, record)
    assert st.winner is None and st.over_reason == "" and not st.view_all and st.turn == 1
    assert st.to_dict()["winner"] is None and st.pending is not None
