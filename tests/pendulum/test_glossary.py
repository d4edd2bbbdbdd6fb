"""One Japanese term per thing (issue 11 item 3): the glossary below — an English term, the one
Japanese term the game uses for it (following the team's teaching guide and the rules spec's
vocabulary), and the variants that must not appear — checked over every Japanese text a
Pendulum player reads: the screen's strings (``pendulum:`` and ``teach:`` of config/i18n/ja.yaml),
the teaching course, the rules reference and the names in the game data."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"

# en term (a regex, matched as words, any case) -> the Japanese term, forbidden variants (regexes)
GLOSSARY = [
    (r"stratagems?", "計略", [r"策略"]),
    (r"grande workers?|grandes?", "上級ワーカー", [r"グランデ", r"大ワーカー"]),
    (r"common workers?", "一般ワーカー", [r"通常ワーカー", r"普通のワーカー", r"コモン"]),
    (r"(?<!legendary )achievements?", "実績", [r"功業", r"アチーブメント", r"偉業カード", r"偉業\d"]),
    (r"legendary token", "偉業トークン", [r"偉業の印"]),
    (r"legendary", "偉業", [r"伝説"]),
    (r"privilege", "特権", [r"優先権"]),
    (r"provinces?", "属州", [r"プロヴィンス"]),
    (r"time track", "タイムトラック", [r"時間トラック"]),
    (r"time markers?", "時間マーカー", [r"時刻マーカー"]),
    (r"(?:top|bottom|timer) rows?|rows?", "段", [r"上の列", r"下の列", r"の列", r"列[にでのをへ]"]),
    (r"resources?", "資源", [r"資材"]),
    (r"(?:your |player )?mats?", "マット", [r"(?<!ホット)シート"]),
    (r"reward box(?:es)?", "報酬ボックス", [r"獲得ボックス"]),
    (r"gold frames?", "金の枠", [r"金枠"]),
    (r"action phase", "アクションフェイズ", [r"行動フェイズ"]),
    (r"hourglass(?:es)?|timers?", "砂時計", [r"タイマー"]),
    (r"council", "評議会", [r"(?<!評)議会"]),
    (r"votes?", "票", [r"投票権"]),
]


def _flat(d, prefix=""):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _flat(v, f"{prefix}{k}.")
    elif isinstance(d, str):
        yield prefix[:-1], d


def _pairs(node, where):
    """(where, en, ja) for every {en: ..., ja: ...} pair of strings in a YAML tree."""
    if isinstance(node, dict):
        if isinstance(node.get("en"), str) and isinstance(node.get("ja"), str):
            yield where, node["en"], node["ja"]
        for k, v in node.items():
            yield from _pairs(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _pairs(v, f"{where}[{i}]")


def _reference_pairs():
    ref = yaml.safe_load((CONFIG / "pendulum/reference/reference.yaml").read_text(encoding="utf-8"))
    for sec in ref["sections"]:
        for field in ("title", "body"):
            yield f"reference:{sec['id']}.{field}", sec["en"][field], sec["ja"][field]


def texts():
    """(where, English, Japanese) of every text a Pendulum player reads."""
    en = yaml.safe_load((CONFIG / "i18n/en.yaml").read_text(encoding="utf-8"))
    ja = yaml.safe_load((CONFIG / "i18n/ja.yaml").read_text(encoding="utf-8"))
    out = []
    for section in ("pendulum", "teach"):
        en_flat = dict(_flat(en[section], section + "."))
        for key, text in _flat(ja[section], section + "."):
            out.append((f"ja.yaml:{key}", en_flat.get(key, ""), text))
    for path in sorted((CONFIG / "pendulum/teaching").glob("*.yaml")):
        out.extend(_pairs(yaml.safe_load(path.read_text(encoding="utf-8")), f"teaching/{path.name}"))
    out.extend(_reference_pairs())
    for path in sorted((CONFIG / "pendulum").glob("*.yaml")):
        out.extend(_pairs(yaml.safe_load(path.read_text(encoding="utf-8")), f"pendulum/{path.name}"))
    return out


TEXTS = texts()


def test_the_glossary_reads_every_kind_of_text():
    places = {where.split(":")[0].split("/")[0] for where, _en, _ja in TEXTS}
    assert {"ja.yaml", "teaching", "reference", "pendulum"} <= places
    assert len(TEXTS) > 600


@pytest.mark.parametrize("en_term,ja_term,forbidden", GLOSSARY, ids=[g[1] for g in GLOSSARY])
def test_no_other_japanese_word_for_the_same_thing(en_term, ja_term, forbidden):
    bad = [(where, m.group(0), ja[max(0, m.start() - 12):m.end() + 12])
           for where, _en, ja in TEXTS for pat in forbidden for m in re.finditer(pat, ja)]
    assert not bad, bad[:10]


NAMED = [g for g in GLOSSARY if g[1] in ("計略", "上級ワーカー", "一般ワーカー", "実績", "偉業トークン", "タイムトラック",
                                          "報酬ボックス", "金の枠")]


@pytest.mark.parametrize("en_term,ja_term,forbidden", NAMED, ids=[g[1] for g in NAMED])
def test_where_the_english_names_it_the_japanese_uses_the_term(en_term, ja_term, forbidden):
    """Where the English text names the thing, its Japanese text uses the glossary's term."""
    word = re.compile(rf"\b(?:{en_term})\b", re.I)
    missing = [(where, en[:60], ja[:60]) for where, en, ja in TEXTS if word.search(en) and ja_term not in ja]
    assert not missing, (len(missing), missing[:12])


# pictures of the cardboard game our screen does not draw (it shows names, letters and numbers):
# a lesson that points at them sends the learner looking for something that is not there
CARDBOARD = [r"\bfists?\b", r"\blaurels?\b", r"\bshield\b", r"\bcoins?\b", r"\boctagons?\b", r"\ba head\b",
             r"\btop middle\b", r"こぶし", r"月桂冠", r"盾", r"コイン", r"八角形", r"人の頭", r"中央上"]


def test_the_course_describes_our_screen_not_the_cardboard():
    bad = [(where, m.group(0)) for where, en, ja in TEXTS if where.startswith("teaching/")
           for text in (en, ja) for pat in CARDBOARD for m in re.finditer(pat, text, re.I)]
    assert not bad, bad
