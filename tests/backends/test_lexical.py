from app.backends.lexical import LexicalBackend
from app.pipeline.addressee import find_addressee
from app.pipeline.candidates import build_candidates
from app.pipeline.choice import ChoiceRequest, grammar_for, options_for
from app.pipeline.prompt import render_prompt
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer


def _choose(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> str:
    candidates = build_candidates(state, scenario)
    prompt = render_prompt(scenario, state, candidates, find_addressee(text, state, scenario), text)
    request = ChoiceRequest(prompt, grammar_for(options_for(candidates)), tuple(candidates), analyzer.analyze(text))
    result = LexicalBackend().choose(request)
    assert abs(sum(result.probabilities.values()) - 1) < 1e-9
    return result.choice


def test_close_wording_picks_the_intent(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    assert _choose("さっきのノイズ何だった？", hoshizora, stage_state, analyzer) == "A2"


def test_unrelated_text_is_none(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    assert _choose("好きな色は？", amatsu, medbay_state, analyzer) == "none"
