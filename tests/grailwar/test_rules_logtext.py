"""The log in both languages (issue 10 item 4, issue 12 items 1 and 4): every line is an i18n
key with parameters; no English in the Japanese log, no raw ids in either; and nothing a viewer
has not discovered (a class, a true name, an undisclosed skill, the other side's sealed battle
commitments) reaches a line, a dice caption or an event that viewer can see."""
import re
import string
from pathlib import Path

import pytest
import yaml

from grailwar.game import make_rules, play_npc_game
from grailwar.rules import Answer, Commit, combat, flow, logtext
from grailwar.rules.npc import npc_action

from .transcript import transcript
from .words import t_for, text

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ja")
ASCII_WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED_ASCII_JA = {"NPC"}          # the ruleset's own word (NPC用イベント表)
RAW_IDS = re.compile(r"grailwar\.|[{}]|\b[a-z]+_[a-z_]+\b|mskill:|sskill:|\bchoice\[|Battle#")
# parameters a log key may take, with a plausible value each (the walk below fills them in)
SAMPLE = {"no": 4, "seed": 7, "turn": 3, "who": "F3", "a": "F1", "b": "F2", "target": "F5", "ally": "F2",
          "winner": "F1", "loc": "07 廃病院", "level": 2, "n": 2, "left": 1, "amount": "+20", "mana": 120,
          "max": 180, "penalty": 10, "points": 12, "supply": 30, "rest": 20, "workshop": 10, "bonus": 5,
          "upkeep": 15, "backup": 10, "familiars": 1, "crows": 1, "param": "筋力", "r": "W", "slots": "…",
          "wtl": "2-0-1", "base": 70, "power": "-10", "mod_a": "+10", "mod_b": "-5", "raw": 68, "final": 68,
          "side": "A", "sides": "…", "items": "…", "skill": "【篝火の構え】", "np": "『百夜篝火』", "code": "呪符",
          "name": "カガリ", "fact": "…", "what": "…", "why": "…", "reason": "…", "cause": "…", "package": "…",
          "demand": "…", "leader": "F2", "other": "F4"}


def _strings(lang):
    return yaml.safe_load((ROOT / "config" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))


def _leaves(d, prefix):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _leaves(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


def _fields(s):
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def test_every_log_key_renders_in_both_languages_with_its_parameters():
    blocks = {lang: dict(_leaves(_strings(lang)["grailwar"]["log"], "grailwar.log.")) for lang in LANGS}
    assert set(blocks["en"]) == set(blocks["ja"]) and len(blocks["en"]) > 150
    for key, en in blocks["en"].items():
        ja = blocks["ja"][key]
        assert _fields(en) == _fields(ja), key
        for lang, s in (("en", en), ("ja", ja)):
            missing = _fields(s) - set(SAMPLE)
            assert not missing, f"{key}: no sample for {missing}"
            out = t_for(lang)(key, **{f: SAMPLE[f] for f in _fields(s)})
            assert out != key and not RAW_IDS.search(out), f"{lang} {key}: {out!r}"
            if lang == "ja":
                words = set(ASCII_WORD.findall(out)) - ALLOWED_ASCII_JA
                assert not words, f"English in the Japanese log: {key}: {out!r}"


def _wars():
    """A few finished wars of both kinds (all-NPC, hot-seat humans playing a spread of moves)."""
    out = [play_npc_game(make_rules({"seats": ["npc"] * 7}), seed) for seed in (1, 5)]
    out.append(transcript("mixed5_seed2", keep_state=True))
    out.append(transcript("mixed7_seed9", keep_state=True))
    return out


@pytest.fixture(scope="module")
def wars():
    return _wars()


def _data_ids(rules):
    d = rules.data
    ids = set(d.code_ids)
    for s in d.servants.values():
        ids |= {k.id for k in s.skills} | {s.np.id, s.id}
    for m in d.masters.values():
        ids |= {k.id for k in m.skills} | {m.id}
    return {i for i in ids if "_" in i}


def _data_names_ja(rules):
    """Japanese names in the data that carry Latin letters of their own (e.g. a place called …TAS…)."""
    d = rules.data
    names = [l.ja for l in d.locations] + [c.ja for c in d.codes]
    for s in d.servants.values():
        names += [k.ja for k in s.skills] + [s.np.ja, s.true_name.ja]
    for m in d.masters.values():
        names += [k.ja for k in m.skills] + [m.ja]
    return [n for n in names if ASCII_WORD.search(n)]


def test_whole_war_logs_read_in_words_in_both_languages(wars):
    ids = _data_ids(wars[0].rules)
    own_latin = _data_names_ja(wars[0].rules)
    keys = set()
    for st in wars:
        for e in st.view_for(None)["log"]:
            keys.add(e["key"])
            for lang in LANGS:
                line = text(e, lang)
                assert not RAW_IDS.search(line), f"{lang}: {line}"
                assert not any(i in line for i in ids), f"{lang}: raw id in {line}"
                assert " is vanishes" not in line
                if lang == "ja":
                    bare = line
                    for n in own_latin:
                        bare = bare.replace(n, "")
                    assert not set(ASCII_WORD.findall(bare)) - ALLOWED_ASCII_JA, line
                if e["kind"] == "check":          # the seed's dice-bot form in both languages
                    assert re.search(r"\(1D100<=\d+\) ＞ \d+ ＞ \S.*$", line), line
    assert len(keys) > 40, "the wars exercised most of the log"


def test_dice_bot_line_in_the_seeds_form_in_both_languages():
    e = {"turn": 3, "phase": "A4", "actor": "F1", "kind": "check", "key": "grailwar.log.label.info",
         "params": {"target": {"fac": "F3"}}, "expr": "1D100<=22", "target": 22, "value": 83, "outcome": "failure",
         "visible_to": ("F1",), "names": {"F1": {"en": "Saber", "ja": "セイバー"}}}
    assert text(e, "ja") == "T3.A4 F1 セイバー: F3の情報収集 (1D100<=22) ＞ 83 ＞ 失敗"
    assert text(e, "en") == "T3.A4 F1 Saber: information gathering on F3 (1D100<=22) ＞ 83 ＞ failure"
    assert text(e, "ja", ascii_only=True).endswith("(1D100<=22) > 83 > 失敗")


# --- secrets (issue 12 item 1) -----------------------------------------------------------------
def _class_words(st, fid):
    s = st.fac[fid].servant
    return {s.cls, s.class_ja, s.true_name.en, s.true_name.ja}


def test_a_class_the_viewer_has_not_discovered_never_appears_in_its_log_or_captions():
    rules = make_rules({"seats": ["human", "human", "npc", "npc", "npc", "npc", "npc"], "max_turns": 3})
    st = rules.new_state(9)
    checked = 0
    while st.pending is not None and not st.is_terminal():
        p = st.pending
        legal = st.legal_actions(p.faction)
        a = npc_action(st, p.faction) if not st.fac[p.faction].human else (
            next((x for x in legal if getattr(x, "act", "") == "rest"), None) or legal[0])
        events = st.apply(a)
        for viewer in ("F1", "F2"):
            me = st.fac[viewer]
            hidden = [f for f in st.fids if f != viewer and not me.know[f].acq]
            words = set().union(*(_class_words(st, f) for f in hidden)) if hidden else set()
            if st.is_terminal():
                continue
            for e in st.view_for(viewer)["log"]:
                for lang in LANGS:
                    line = text(e, lang)
                    cap = logtext.caption(e, t_for(lang), lang) if e["kind"] != "note" else ""
                    leak = [w for w in words if w in line or w in cap]
                    assert not leak, f"{viewer} reads {leak} in {line!r}"
                    checked += 1
            for ev in st.events_for(events, viewer):
                blob = repr(ev)
                assert not [w for w in words if w in blob], f"{viewer} gets {ev}"
    assert checked > 1000


def test_a_random_pick_among_undisclosed_skills_names_only_the_pick(kit):
    g = kit.war(("human", "human", "human", "npc", "npc"))
    f1, f3 = g.fac["F1"], g.fac["F3"]
    undisclosed = [s for s in f3.servant.skills if not s.public]
    assert len(undisclosed) >= 2
    g.learn_loc(f1, f3)
    g.rng = kit.ScriptRng([1, 2], fallback=g.rng)                  # info gathering succeeds; 2nd skill
    kit.run(g, flow.resolve_info(g, f1, flow.Declare("F1", "info", "F3")))
    picked = [s.id for s in undisclosed if s.id in f1.know["F3"].ss]
    others = [s for s in undisclosed if s.id not in picked]
    mine = [text(e, lang) for e in g.view_for("F1")["log"] for lang in LANGS]
    for s in others:
        assert not any(s.en in line or s.ja in line or s.id in line for line in mine), s.id
    assert any(next(s for s in undisclosed if s.id == picked[0]).ja in line for line in mine)


def test_battle_commitments_are_sealed_until_both_sides_are_in(kit):
    """§2.9/HR-53: side A (asked after side B) sees none of side B's commitments before its own."""
    g = kit.war(("human", "human", "human"))
    saber, lancer = g.fac["F1"], g.fac["F3"]
    g.rng = kit.ScriptRng([1, 50], fallback=g.rng)
    gen = combat.fight(g, "raid", saber, lancer, lancer.location)
    p = next(gen)
    script = {("slot", "F1"): "STR", ("slot", "F3"): "AGI"}
    lancer_commits = ["np", "skill:bonfire_stance", "spell_winrate", "done"]
    saber_commits = ["np", "done"]
    checked_before = False
    n0 = len(g.events)
    while True:
        g.pending = p
        if p.kind == "commit" and p.faction == "F1" and not checked_before:
            checked_before = True
            seen = g.events_for(g.events[n0:], "F1")
            assert not [e for e in seen if e.kind in ("committed", "commitments_revealed")]
            assert not [e for e in seen if e.kind == "mana" and e.faction == "F3"]
            lines = [text(e, lang) for e in g.view_for("F1")["log"] for lang in LANGS]
            np_ = lancer.servant.np
            assert not [l for l in lines if np_.en in l or np_.ja in l or "篝火の構え" in l or "Bonfire" in l]
            assert not [l for l in lines if "command spell" in l and "F3" in l.split(":")[0]]
            own = g.events_for(g.events[n0:], "F3")
            assert [e.item for e in own if e.kind == "committed"] == ["np", "skill:bonfire_stance", "spell_winrate"]
        if p.kind == "commit":
            a = Commit(p.faction, (lancer_commits if p.faction == "F3" else saber_commits).pop(0))
        elif (p.kind, p.faction) in script:
            a = Answer(p.faction, p.kind, script.pop((p.kind, p.faction)))
        else:
            a = Answer(p.faction, p.kind, {"retreat_pay": "pay", "mirror": "pass", "reroll": "pass",
                                           "reroll_check": "keep"}.get(p.kind, (p.ctx.get("choices") or ["x"])[0]))
        try:
            p = gen.send(a)
        except StopIteration:
            break
    assert checked_before
    for viewer in ("F1", "F3"):
        seen = g.events_for(g.events[n0:], viewer)
        rev = [e for e in seen if e.kind == "commitments_revealed"]
        assert len(rev) == 1 and dict(rev[0].commitments) == {"F3": ("np", "skill:bonfire_stance", "spell_winrate"),
                                                               "F1": ("np",)}
    assert not [e for e in g.events_for(g.events[n0:], "F2") if e.kind in ("committed", "commitments_revealed")]
    reveal = [e for e in g.view_for("F1")["log"] if e["key"] == "grailwar.log.commitments"]
    assert len(reveal) == 1
    ja = text(reveal[0], "ja")
    assert "百夜篝火" in ja and "篝火の構え" in ja and "令呪（勝率）" in ja


# --- refusals (issue 10 item 3) ------------------------------------------------------------------
def test_why_not_agrees_with_legal_actions_and_apply_raises_the_same_refusal():
    from tabletop.engine import IllegalActionError
    from grailwar.rules import Declare, Talk, Use
    rules = make_rules({"seats": ["human", "human", "npc", "npc", "npc"], "max_turns": 3})
    st = rules.new_state(4)
    strays = [Declare("F1", "craft", "elixir"), Declare("F1", "approach", "F1", "raid"), Declare("F2", "rest"),
              Declare("F1", "move", "99", "seize"), Use("F1", "elixir"), Talk("F1", "open", "F7"),
              Answer("F1", "slot", "STR"), Commit("F1", "np"), Declare("F1", "info", "F2", "", 9, 0)]
    seen = set()
    steps = 0
    while st.pending is not None and steps < 400:
        fid = st.pending.faction
        legal = st.legal_actions(fid)
        for a in legal[:40]:
            assert st.why_not(a) is None, a
        for a in strays:
            if a in legal:
                continue
            r = st.why_not(a)
            assert r is not None and r.key.startswith("grailwar.refusal.") and r.rule, a
            seen.add(r.key)
            for lang in LANGS:
                words = t_for(lang)(r.key, **r.params)
                assert words != r.key and "{" not in words, (lang, r.key)
            with pytest.raises(IllegalActionError) as exc:
                st.apply(a)
            assert exc.value.refusal == r
        st.apply(npc_action(st, fid) if not st.fac[fid].human else legal[steps % len(legal)])
        steps += 1
    assert {"grailwar.refusal.craft_special", "grailwar.refusal.not_your_turn",
            "grailwar.refusal.not_an_answer"} <= seen


def test_every_refusal_key_is_in_both_languages_with_the_same_placeholders():
    en = dict(_leaves(_strings("en")["grailwar"]["refusal"], ""))
    ja = dict(_leaves(_strings("ja")["grailwar"]["refusal"], ""))
    assert set(en) == set(ja)
    for k in en:
        assert _fields(en[k]) == _fields(ja[k]), k
        assert not set(ASCII_WORD.findall(re.sub(r"\{\w+\}", "", ja[k]))), k
    src = (ROOT / "grailwar" / "rules" / "legality.py").read_text(encoding="utf-8")
    used = set(re.findall(r'refuse\([^,]+,\s*"([a-z_]+)"', src))
    assert used == set(en), used ^ set(en)


def test_a_true_name_the_viewer_has_not_learned_never_appears_in_its_log():
    rules = make_rules({"seats": ["human", "human", "npc", "npc", "npc", "npc", "npc"], "max_turns": 4})
    st = rules.new_state(11)
    steps = 0
    while st.pending is not None and not st.is_terminal():
        fid = st.pending.faction
        legal = st.legal_actions(fid)
        st.apply(npc_action(st, fid) if not st.fac[fid].human else legal[(steps * 5 + 1) % len(legal)])
        steps += 1
        if st.is_terminal() or steps % 7:
            continue
        for viewer in ("F1", "F2"):
            me = st.fac[viewer]
            secret = {n for f in st.fids if f != viewer and not me.know[f].name
                      for n in (st.fac[f].servant.true_name.en, st.fac[f].servant.true_name.ja)}
            for e in st.view_for(viewer)["log"]:
                for lang in LANGS:
                    line = text(e, lang)
                    assert not [n for n in secret if n in line], f"{viewer}: {line}"


def test_silent_outcomes_are_told_to_those_involved(kit):
    """Issue 12 item 4: a contacted master who listens, an ally who stays out of a battle."""
    g = kit.war(("human", "human", "human"))
    f1, f2 = g.fac["F1"], g.fac["F2"]
    empty = kit.empty_loc(g)
    kit.place(g, "F2", empty)
    kit.run(g, flow.resolve_move(g, f1, flow.Declare("F1", "move", empty, "peaceful")),
            {("contact_reply", "F2"): ["listen"]})
    told = [text(e, "en") for e in g.view_for("F1")["log"]]
    assert any("listens to F1" in line for line in told), told[-3:]
    assert not [e for e in g.view_for("F3")["log"] if e["key"] == "grailwar.log.listens"]


def test_the_shared_match_takes_the_grail_war_refusals_and_reveals():
    from tabletop.engine import IllegalActionError
    from tabletop.engine.match import Match
    from grailwar.rules import Declare
    m = Match(make_rules({"seats": ["human", "npc", "npc"]}), seed=3)
    st = m.state
    while not (st.pending.kind == "declare" and st.pending.faction == "F1"):
        fid = st.pending.faction
        m.apply(npc_action(st, fid) if not st.fac[fid].human else st.legal_actions(fid)[0])
    r = m.why_not(Declare("F1", "craft", "elixir"))
    assert r.key == "grailwar.refusal.craft_special" and r.rule.startswith("7.5")
    with pytest.raises(IllegalActionError) as exc:
        m.apply(Declare("F1", "craft", "elixir"))
    assert exc.value.refusal == r
    assert st.reveals([]) is False
    events = m.apply(Declare("F1", "rest"))
    assert st.reveals(events) == any(e.kind == "rolled" for e in events)
    m.close()


def test_the_reroll_prompt_points_at_the_check_it_offers_to_reroll(kit):
    g = kit.war(("human", "human", "human"))
    f1 = g.fac["F1"]
    f1.inv["talisman"] = 1
    g.rng = kit.ScriptRng([90, 10])
    asked = []

    def answer(g, p):
        asked.append(dict(p.ctx))
        return Answer(p.faction, p.kind, "talisman")
    ok = kit.run(g, flow.check(g, f1, "info", 40, g.vis("F1"), target=g.fref("F2")), default=answer)
    assert ok and len(asked) == 1
    entry = g.log[asked[0]["entry"]]
    assert entry["kind"] == "check" and entry["value"] == 90
    assert logtext.caption(dict(entry), t_for("ja"), "ja") == "F1: F2の情報収集 (1D100<=40) ＞ …"
    assert text(g.log[-1], "en").endswith("information gathering on F2 (Talisman reroll) (1D100<=40) ＞ 10 ＞ success")
