import json

import pytest

from app.pipeline.choice import ChoiceResult, DecisionConfig, choice_schema, decide, grammar_for


def test_schema_lists_exactly_the_options() -> None:
    schema = choice_schema(("A1", "A3", "none"))
    assert schema["properties"]["choice"]["enum"] == ["A1", "A3", "none"]
    assert schema["required"] == ["choice"] and schema["additionalProperties"] is False


def test_grammar_fixes_the_scaffolding_and_lists_the_options() -> None:
    grammar = grammar_for(("A1", "A12", "none"))
    assert 'root ::= "{\\"choice\\": \\"" choice "\\"}"' in grammar.gbnf
    assert 'choice ::= "A1" | "A12" | "none"' in grammar.gbnf
    assert grammar.parse(json.dumps({"choice": "A12"})) == "A12"


def test_grammar_is_built_once_per_option_set() -> None:
    assert grammar_for(("A1", "none")) is grammar_for(("A1", "none"))


def test_argmax_fixes_greedys_shared_prefix_error() -> None:
    # Greedy took "A" (0.6 in total) over "none" (0.4) and then A2; no single option beats none.
    result = ChoiceResult(choice="A2", probabilities={"A1": 0.2, "A2": 0.25, "A3": 0.15, "none": 0.4})
    assert decide(result, DecisionConfig(policy="greedy")).option == "A2"
    assert decide(result, DecisionConfig(policy="argmax")).option == "none"


def test_calibration_divides_out_the_content_free_bias() -> None:
    result = ChoiceResult(choice="none", probabilities={"A1": 0.35, "none": 0.65}, baseline={"A1": 0.1, "none": 0.9})
    config = DecisionConfig(calibration_strength=1.0, calibration_floor=0.01, none_bias=0.0, lexical_weight=0.0)
    decision = decide(result, config)
    assert decision.option == "A1"
    assert abs(sum(decision.scores.values()) - 1) < 1e-9


def test_lexical_evidence_breaks_a_close_call() -> None:
    result = ChoiceResult(choice="A1", probabilities={"A1": 0.45, "A2": 0.40, "none": 0.15})
    config = DecisionConfig(none_bias=0.0, lexical_weight=3.0)
    assert decide(result, config, {"A1": 0.0, "A2": 0.5}).option == "A2"


def test_required_words_in_the_text_count_for_their_intent() -> None:
    # 「BGMもっと明るいのにしない？」: the model leaned to 機材トラブル (A2); BGM is a required word of 選曲 (A1).
    result = ChoiceResult(choice="A2", probabilities={"A1": 0.3, "A2": 0.5, "none": 0.2})
    config = DecisionConfig(none_bias=0.0, lexical_weight=0.0, words_weight=1.5)
    assert decide(result, config).option == "A2"
    assert decide(result, config, matched_words=frozenset({"A1"})).option == "A1"


def test_word_vector_evidence_is_relative_to_the_options_mean() -> None:
    result = ChoiceResult("A1", {"A1": 0.45, "A2": 0.4, "none": 0.15})
    config = DecisionConfig(policy="calibrated", calibration_strength=0, none_bias=0, semantic_weight=3)
    assert decide(result, config, semantic={"A1": 0.3, "A2": 0.6}).option == "A2"
    # Equal similarity to every option says nothing: "none" gets the same value, nothing moves.
    even = decide(result, config, semantic={"A1": 0.5, "A2": 0.5})
    assert even.scores == pytest.approx(decide(result, config).scores)
