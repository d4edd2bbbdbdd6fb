"""The ninth pass's shortcuts are the rules they stand for: ``choose`` and ``percent`` draw a
GameRng's die exactly as its ``d(n)`` would, and an acquaintance made again (or one learnt by
pooling two allies' knowledge) knows the other's public skills as a first one does."""
from grailwar.rules.comm import pool_knowledge
from grailwar.rules.model import ALL


def test_choose_and_percent_draw_what_the_die_would(kit):
    g = kit.war()
    twin = g.rng.clone()
    items = ["a", "b", "c", "d", "e", "f", "g"]
    for _ in range(40):
        assert g.choose("GM", "start_location", items, ALL) == items[twin.d(len(items)) - 1]
        ok = g.percent("GM", "battle_roll", 50, ALL)
        r = twin.d(100)
        assert g.last_roll == r and ok == (r <= 50)
    assert g.rng.draws == twin.draws and g.rng.random() == twin.random()


def test_a_second_acquaintance_still_knows_the_public_skills(kit):
    g = kit.war()
    f1, f2, f3 = g.fac["F1"], g.fac["F2"], g.fac["F3"]
    assert f2.public_ms or f2.public_ss, "the data set gives F2 some public skill"
    g.acquaint(f1, f2)
    k = f1.know["F2"]
    assert k.acq and k.ms >= set(f2.public_ms) and k.ss >= set(f2.public_ss)
    k.ms.add("learnt_later")
    g.acquaint(f1, f2)                          # again: nothing lost, nothing missing
    assert k.ms >= set(f2.public_ms) | {"learnt_later"} and k.ss >= set(f2.public_ss)
    assert not f3.know["F2"].acq
    pool_knowledge(g, f1, f3)                   # F3 learns the acquaintance from its ally
    k3 = f3.know["F2"]
    assert k3.acq and k3.ms >= set(f2.public_ms) and k3.ss >= set(f2.public_ss)
    g.acquaint(f3, f2)
    assert k3.ms >= set(f2.public_ms) and k3.ss >= set(f2.public_ss)
