"""The rules reference (tabletop/rulesref.py, config/<game>/reference/reference.yaml) and
``python main.py rules``: both languages complete, every refusal and prompt opens a section,
text wrapped with kinsoku, a broken file reported with file and line."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tabletop import cli
from tabletop.engine.errors import DataError
from tabletop.rulesref import (NO_END, NO_START, GAMES, display_width, find_section, format_reference,
                               load_reference, reference_path, wrap)

ROOT = Path(__file__).resolve().parents[1]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _source_strings(package: str, pattern: str) -> set[str]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_an_english_and_a_japanese_title_and_body(game):
    ref = load_reference(game)
    assert len(ref.sections) >= 15
    for s in ref.sections:
        for lang in ("en", "ja"):
            assert s.title(lang).strip() and s.body(lang).strip(), (s.id, lang)
        # the Japanese text is Japanese, not the English copied over
        ja = s.title("ja") + s.body("ja")
        letters = [c for c in ja if c.isalpha()]
        assert sum(1 for c in letters if JAPANESE.match(c)) > 0.8 * len(letters), s.id
        assert s.title("ja") != s.title("en") and s.body("ja") != s.body("en")
        assert not JAPANESE.search(s.title("en") + s.body("en")), s.id
    for lang in ("en", "ja"):
        for key in ("title", "sections", "close", "keys", "spec"):
            assert ref.text(key, lang).strip()
    assert ref.text("title", "ja") != ref.text("title", "en")


def test_every_pendulum_refusal_rule_id_opens_a_section():
    ref = load_reference("pendulum")
    rule_ids = _source_strings("pendulum/rules", r"[\"'](\d+(?:\.\d+)+ [^\"']*)[\"']")
    assert len(rule_ids) >= 20          # the search itself still finds the engine's rule ids
    missing = sorted(r for r in rule_ids if find_section(ref, r) is None)
    assert not missing
    assert find_section(ref, "4.4 timer row").id == "moving"
    assert find_section(ref, "4.6 acting last").id == "council_called"
    assert find_section(ref, "5.10 game end").id == "end"     # not 5.1
    assert find_section(ref, "api") is None                   # an internal misuse, not a rule


def test_every_grailwar_prompt_opens_a_section():
    ref = load_reference("grailwar")
    kinds = _source_strings("grailwar/rules", r"ask\(\s*[\"']([a-z_]+)[\"']")
    assert len(kinds) >= 20
    assert sorted(k for k in kinds if find_section(ref, k) is None) == []
    assert find_section(ref, "commit").id == "commitment"
    assert find_section(ref, "retreat_pay").id == "defeat"


def test_look_up_by_id_spec_reference_and_parent_section():
    pen, gw = load_reference("pendulum"), load_reference("grailwar")
    assert find_section(pen, "council").id == "council"
    assert find_section(pen, "5.8").id == "council"
    assert find_section(pen, "4.6.2 something").id == "council_called"     # falls back to 4.6
    assert find_section(pen, "G3").id == "two_player"
    assert find_section(gw, "§8.4").id == "winrate"
    assert find_section(gw, "8.4").id == "winrate"
    assert find_section(gw, "HR-30").id == "combat"
    assert find_section(gw, "§14.2").id == "defeat"
    for key in ("", None, "nonsense", "99.9"):
        assert find_section(pen, key) is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="あいうかきくさし。、」「（）ーっゃ漢字 abcdefg123", min_size=1, max_size=80),
       st.integers(min_value=4, max_value=30))
def test_wrap_keeps_every_character_and_obeys_kinsoku(text, width):
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for i, line in enumerate(lines):
        if i > 0 and line:
            assert line[0] not in NO_START, lines
        if line and i < len(lines) - 1:
            assert line[-1] not in NO_END or len(line.strip()) == 1, lines


def test_wrap_breaks_english_between_words_and_japanese_by_display_width():
    assert wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"]
    assert wrap("(1D100<=43) roll", 11) == ["(1D100<=43)", "roll"]
    lines = wrap("ワーカーを金の枠へドラッグし、砂時計が来たら実行します。", 20)
    assert all(display_width(line) <= 20 for line in lines)
    assert not any(line[0] in "、。ー" for line in lines[1:])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_whole_reference_fits_the_width(game, lang):
    text = format_reference(load_reference(game), lang, width=60)
    for line in text.splitlines():
        assert display_width(line) <= 60 or " " not in line.strip(), line
        if line and lang == "ja":
            assert line.lstrip()[0] not in "、。）」ー", line


def _run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, cwd=ROOT,
                          timeout=60, env={"PYTHONIOENCODING": "ascii", "PATH": "", "SDL_VIDEODRIVER": "dummy"})


def test_cli_prints_the_reference_in_both_languages_as_utf8():
    ja = _run_cli("rules", "pendulum", "--lang", "ja")
    assert ja.returncode == 0, ja.stderr
    text = ja.stdout.decode("utf-8")           # UTF-8 even when the terminal says ASCII
    assert "ペンデュラム — ルール早見表" in text and "計略カード" in text and "[moving]" in text
    en = _run_cli("rules", "grailwar", "--section", "HR-30")
    assert en.returncode == 0, en.stderr
    text = en.stdout.decode("utf-8")
    assert text.startswith("[combat] Combat: sides and the three slots")
    assert "Win rate and modifiers" not in text      # only the asked section


def test_cli_names_the_sections_for_an_unknown_one(capsys):
    assert cli.main(["rules", "grailwar", "--section", "comat"]) == 2
    err = capsys.readouterr().err
    assert "no section 'comat'" in err and "did you mean 'combat'" in err


def test_cli_in_process_prints_japanese(capsysbinary):
    assert cli.main(["rules", "grailwar", "--lang", "ja", "--section", "victory"]) == 0
    out = capsysbinary.readouterr().out.decode("utf-8")
    assert "勝利とターン制限" in out and "令呪" in out


def _broken(tmp_path, text):
    path = tmp_path / "reference.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_reference("pendulum", path)
    return path, "\n".join(exc.value.errors)


UI = """ui:
  en: {title: T, sections: S, close: C, keys: K, spec: P}
  ja: {title: 表, sections: 項目, close: 閉じる, keys: キー, spec: 節}
"""


def test_a_broken_reference_file_is_reported_with_file_and_line(tmp_path):
    path, msg = _broken(tmp_path, "game: pendulum\n" + UI + """sections:
- id: goal
  spec: ["1.1"]
  en: {title: Goal, body: text}
  ja: {title: 目的}
""")
    assert f"{path}:9: sections.0.ja.body: required field is missing" in msg

    path, msg = _broken(tmp_path, "game: pendulum\n" + UI + """sections:
- id: goal
  spec: ["1.1"]
  en: {title: Goal, body: text}
  ja: {title: 目的, body: 本文}
- id: goal
  spec: ["not a spec"]
  en: {title: Goal, body: text}
  ja: {title: 目的, body: 本文}
""")
    assert f"{path}:11: sections.1.spec.0:" in msg
    path, msg = _broken(tmp_path, "game: pendulum\n" + UI + "sections: [\n")
    assert f"{path}:" in msg and "not valid YAML" in msg


def test_a_duplicate_section_id_is_reported(tmp_path):
    path, msg = _broken(tmp_path, "game: pendulum\n" + UI + """sections:
- id: goal
  spec: ["1.1"]
  en: {title: Goal, body: text}
  ja: {title: 目的, body: 本文}
- id: goal
  spec: ["1.2"]
  en: {title: Goal, body: text}
  ja: {title: 目的, body: 本文}
""")
    assert f"{path}:10: sections.1.id: duplicate id 'goal'" in msg


def test_the_files_live_outside_the_engines_data_folders():
    # config/<game>/*.yaml are the engines' own files, which refuse unknown names
    for game in GAMES:
        assert reference_path(game).parent.name == "reference" and reference_path(game).is_file()


def test_pendulum_japanese_uses_one_term_per_thing():
    text = format_reference(load_reference("pendulum"), "ja")
    for term in ("計略カード", "上級ワーカー", "一般ワーカー", "実績", "特権順", "評議会", "属州", "偉業"):
        assert term in text
    for other in ("策略", "グランデ", "功業", "通常ワーカー", "アチーブメント", "プロヴィンス"):
        assert other not in text
