from app.pipeline.candidates import build_candidates
from app.pipeline.filters import filter_by_words
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer


def _kept(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> set[str]:
    kept, _ = filter_by_words(build_candidates(state, scenario), analyzer.analyze(text), analyzer)
    return {c.action.notation for c in kept}


def test_intent_without_its_words_is_removed(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert "意図:選曲" not in _kept("今日はいい天気だね", hoshizora, stage_state, analyzer)
    assert "意図:選曲" in _kept("次の曲は？", hoshizora, stage_state, analyzer)


def test_full_width_and_katakana_variants_match(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert "意図:選曲" in _kept("ＢＧＭ変えない？", hoshizora, stage_state, analyzer)  # full-width BGM
    assert "意図:鍵の管理" in _kept("かぎは誰が持ってるの", hoshizora, stage_state, analyzer)  # カギ in hiragana


def test_inflected_verb_matches_by_dictionary_form(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    # words has 開け; 開けた / 開けられる share its dictionary form.
    assert "意図:鍵の管理" in _kept("誰が扉を開けたの？", hoshizora, stage_state, analyzer)


def test_intent_with_empty_words_is_never_removed(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert "意図:機材トラブル" in _kept("あはは", hoshizora, stage_state, analyzer)


def test_second_scenario_words(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    assert "意図:睡眠薬" in _kept("眠れなくて", amatsu, medbay_state, analyzer)
    assert "意図:睡眠薬" not in _kept("リーの具合は？", amatsu, medbay_state, analyzer)


def test_a_kana_word_inside_another_word_does_not_keep_the_intent(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    # 鍵の管理's words include カギ: not found in できるかぎり (as far as possible)
    assert "意図:鍵の管理" not in _kept("できるかぎり早く見つけたい", hoshizora, stage_state, analyzer)
    assert "意図:鍵の管理" in _kept("カギ、見つけたい", hoshizora, stage_state, analyzer)
