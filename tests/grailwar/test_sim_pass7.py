"""The seventh speed pass's shortcuts stand for what they replace."""
from grailwar import game
from grailwar.rules import frames
from grailwar.rules.prompt import Pending, ask
from grailwar.rules.retreat import all_but


def test_every_location_but_the_lost_one_in_data_order():
    ids = game.make_rules({"factions": 7, "control": "npc"}).new_state(1).data.loc_ids
    before = list(ids)
    for lost in [*ids, "", None, "nowhere"]:
        got = all_but(ids, lost)
        assert got == [l for l in ids if l != lost]
        got.append("x")                         # a new list: the data's stays as it was
    assert ids == before


def test_a_procedure_under_way_is_resumed_not_started_again():
    seen = []

    @frames.resumable("_pass7_probe")
    def _probe(g, fr):
        seen.append(dict(fr))
        yield ask("slot", "F1", {"n": fr["n"]})
        return fr["n"]

    try:
        parent = {"fn": "caller", "pc": 1}
        first = frames.enter(None, parent, {"fn": "_pass7_probe", "pc": 0, "n": 1})
        assert first.send(None).ctx == {"n": 1}
        # re-entered (after a clone or a load) with the callee still under way: the frame handed in
        # is ignored, the one kept under "sub" goes on
        again = frames.enter(None, parent, {"fn": "_pass7_probe", "pc": 0, "n": 2})
        assert again.send(None).ctx == {"n": 1}
        assert parent["sub"] == {"fn": "_pass7_probe", "pc": 0, "n": 1}
        del parent["sub"]
        fresh = frames.enter(None, parent, {"fn": "_pass7_probe", "pc": 0, "n": 3})
        assert fresh.send(None).ctx == {"n": 3}
    finally:
        frames.PROCS.pop("_pass7_probe", None)
    assert [s["n"] for s in seen] == [1, 1, 3]


def test_a_prompt_without_a_context_has_its_own_empty_one():
    a, b = Pending("declare", "F1"), Pending("declare", "F2")
    assert a.ctx == {} and b.ctx == {} and a.ctx is not b.ctx
    a.ctx["plan"] = 1
    assert b.ctx == {}
