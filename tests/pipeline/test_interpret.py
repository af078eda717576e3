"""The whole pipeline around a fake backend: what reaches the model, and what comes back."""

from dataclasses import replace

import pytest

from app.budget import Budget
from app.errors import InputError, ModelError, ScenarioError, StateError
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.interpret import Interpreter
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.fakes import FakeBackend


def test_model_choice_maps_back_through_this_requests_tokens(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A2")  # A2 = 機材トラブル in this state
    result = interpreter.interpret("hoshizora", "さっきから何か変な音しない？", stage_state)
    assert result.action.notation == "意図:機材トラブル"
    assert result.decided_by == "model"
    assert result.confidence is not None and result.confidence > 0.9


def test_filters_shape_the_grammar_and_every_state_candidate_is_scored(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("none")
    result = interpreter.interpret("hoshizora", "湊さん、マイクの具合どう？", stage_state.model_copy())
    request = fake_backend.requests[-1]
    a1 = next(c for c in request.candidates if c.token == "A1")
    assert request.option(a1) in request.grammar.options  # shown and scored…
    assert "A1" not in result.trace["after_addressee"]  # …but 選曲 is 灯's line and 湊 was addressed
    assert result.trace["addressee"] == {"character": "湊", "reason": "called", "name": "湊さん"}


def test_a_pick_removed_by_a_filter_becomes_none(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A1")  # 選曲, which 灯 speaks; the player turned to 湊
    result = interpreter.interpret("hoshizora", "湊、BGMを変えてくれない？", stage_state)
    assert result.action.notation == "なし"
    assert result.decided_by == "rule:filtered_out"


def test_move_without_destination_drops_out_of_the_decision(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A5")  # 移動:ロビー, and nothing else the model likes
    result = interpreter.interpret("hoshizora", "今度一緒に映画見ようよ", stage_state)
    assert result.action.notation == "なし"
    assert result.trace["rules_fired"][0]["rule"] == "move_needs_destination_or_cue"
    assert result.trace["rules_fired"][0]["from"] == "移動:ロビー"
    assert result.trace["model"]["dropped"] == ["移動:ロビー", "移動:控え室", "移動:音響ブース"]


def test_a_place_named_without_movement_leaves_the_next_reading(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A5>A2")  # ロビー is named, but the text is about the noise there: 機材トラブル
    result = interpreter.interpret("hoshizora", "ロビーまで変な音が響いてたけど平気？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and result.decided_by == "model"
    assert "移動:ロビー" in result.trace["model"]["dropped"]


def test_leave_without_farewell_still_becomes_none(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A7>A2")  # 離脱 for small talk: a vetoed leave is なし, not the next-best topic
    result = interpreter.interpret("hoshizora", "猫飼ってる？", stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:leave_needs_cue"


@pytest.fixture
def checking_interpreter(interpreter: Interpreter) -> Interpreter:
    """Every topic the model picks goes to the yes/no check (the fake's picks are all confident)."""
    interpreter.confirm_below = 1.0
    return interpreter


def test_a_topic_the_yes_no_check_rejects_becomes_none(
    checking_interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A2")
    fake_backend.queue_confirmation(p_yes=0.02, p_yes_content_free=0.25)
    result = checking_interpreter.interpret("hoshizora", "週末って何してるの？", stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:topic_not_confirmed"
    assert result.trace["confirmation"]["topic"] == "意図:機材トラブル"
    request = fake_backend.confirm_requests[-1]
    assert request.prompt.variable.endswith('"週末って何してるの？"')
    assert "ノイズ" in request.prompt.catalogue  # the topic's own description and examples


def test_a_confirmed_topic_stands(
    checking_interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A2")
    fake_backend.queue_confirmation(p_yes=0.4, p_yes_content_free=0.25)
    result = checking_interpreter.interpret("hoshizora", "さっきから変な音しない？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and result.decided_by == "model"


def test_a_failed_check_leaves_the_pick(
    checking_interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A2")
    fake_backend.confirmations.append(ModelError("boom"))
    result = checking_interpreter.interpret("hoshizora", "さっきから変な音しない？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and result.error is None


def test_a_rejected_topic_the_characters_know_about_gets_a_second_look(
    checking_interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    checking_interpreter.confirm_knowledge_min_ratio = 1.3
    fake_backend.queue("A2")  # 機材トラブル: 湊 knows the mixer's third channel is noisy
    fake_backend.queue_confirmation(p_yes=0.05, p_yes_content_free=0.25)  # rejected
    fake_backend.queue_confirmation(p_yes=0.5, p_yes_content_free=0.25)  # 2.0 with the knowledge shown
    result = checking_interpreter.interpret("hoshizora", "3chってまだ変なの？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and result.decided_by == "model"
    first, second = fake_backend.confirm_requests
    assert "ノイズが乗る" not in first.prompt.catalogue and "ノイズが乗る" in second.prompt.catalogue
    assert second.content_free_prompt.catalogue == second.prompt.catalogue
    assert result.trace["confirmation"]["with_knowledge"]["ratio"] == 2.0


@pytest.mark.parametrize(
    "second_look",
    [(0.3, 0.25), ModelError("boom")],  # below the bar (1.2 < 1.3), or the model failed
)
def test_the_rejection_stands_when_the_second_look_does_not_confirm(
    second_look: tuple[float, float] | ModelError,
    checking_interpreter: Interpreter,
    fake_backend: FakeBackend,
    stage_state: GameState,
) -> None:
    checking_interpreter.confirm_knowledge_min_ratio = 1.3
    fake_backend.queue("A2")
    fake_backend.queue_confirmation(p_yes=0.05, p_yes_content_free=0.25)
    if isinstance(second_look, ModelError):
        fake_backend.confirmations.append(second_look)
    else:
        fake_backend.queue_confirmation(*second_look)
    result = checking_interpreter.interpret("hoshizora", "週末って何してるの？", stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:topic_not_confirmed"
    assert len(fake_backend.confirm_requests) == 2


@pytest.mark.parametrize(("token", "knowledge_bar"), [("A1", 1.3), ("A2", 0.0)])
def test_no_second_look_without_knowledge_or_when_turned_off(
    token: str,
    knowledge_bar: float,
    checking_interpreter: Interpreter,
    fake_backend: FakeBackend,
    stage_state: GameState,
) -> None:
    # A1 (選曲): no character knows anything of it; A2 has knowledge, but the second look is off
    checking_interpreter.confirm_knowledge_min_ratio = knowledge_bar
    fake_backend.queue(token)
    fake_backend.queue_confirmation(p_yes=0.05, p_yes_content_free=0.25)
    result = checking_interpreter.interpret("hoshizora", "好きな歌手って誰？", stage_state)  # 歌: 選曲's words
    assert result.action.notation == "なし" and len(fake_backend.confirm_requests) == 1
    assert "with_knowledge" not in result.trace["confirmation"]


@pytest.mark.parametrize(
    ("scenario", "token", "text"),
    [
        ("hoshizora", "A2", "「さようなら」って、この辺の言葉だと何て言うの？"),
        ("amatsu", "A1", "「失礼します」って言ってから入るべきでした？"),
    ],
)
def test_an_unsure_topic_for_a_text_about_a_farewell_word_is_none(
    scenario: str,
    token: str,
    text: str,
    checking_interpreter: Interpreter,
    fake_backend: FakeBackend,
    stage_state: GameState,
    medbay_state: GameState,
) -> None:
    fake_backend.queue(token)
    state = stage_state if scenario == "hoshizora" else medbay_state
    result = checking_interpreter.interpret(scenario, text, state)
    assert result.action.notation == "なし" and result.decided_by == "rule:farewell_word_talked_about"
    assert fake_backend.confirm_requests == []  # decided without the yes/no question


def test_a_sure_topic_for_a_text_about_a_farewell_word_stands(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    # a scenario with a topic on manners: the model is sure, and the pick stands
    interpreter.confirm_below = 0.7
    fake_backend.queue("A2")  # the fake's picks are confident
    result = interpreter.interpret("hoshizora", "帰るときは「お先に失礼します」って言えばいいの？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and result.decided_by == "model"


def test_confident_picks_and_moves_skip_the_check(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    interpreter.confirm_below = 0.8
    fake_backend.queue("A2")  # confident: above 0.8
    interpreter.interpret("hoshizora", "さっきから変な音しない？", stage_state)
    assert fake_backend.confirm_requests == []


def test_fast_route_does_not_call_the_model(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    result = interpreter.interpret("hoshizora", "控え室に行こう", stage_state)
    assert result.action.notation == "移動:控え室" and result.decided_by == "rule:explicit_move"
    assert fake_backend.requests == []


def test_model_failure_answers_none_with_the_error(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue(ModelError("decode failed"))
    result = interpreter.interpret("hoshizora", "ギターのこと教えて", stage_state)
    assert result.action.notation == "なし"
    assert result.error == {"kind": "model_error", "message": "decode failed"}


def test_context_overflow_answers_none(stage_state: GameState, interpreter: Interpreter) -> None:
    interpreter.backend = FakeBackend(limit=100)
    result = interpreter.interpret("hoshizora", "ギターのこと教えて", stage_state)
    assert result.action.notation == "なし" and result.error and result.error["kind"] == "context_overflow"


def test_entities_and_attitude_are_reported(interpreter: Interpreter, stage_state: GameState) -> None:
    result = interpreter.interpret("hoshizora", "すみません、昨日の夜ギターはどこに？", stage_state)
    assert result.entities == ["guitar", "last_night"]
    assert result.attitude == "att_polite"


@pytest.mark.parametrize(
    ("scenario", "text", "error", "field"),
    [
        ("nope", "こんにちは", ScenarioError, "scenario"),
        ("hoshizora", "   ", InputError, "text"),
        ("hoshizora", "あ" * 1001, InputError, "text"),
    ],
)
def test_bad_requests_name_the_field(
    interpreter: Interpreter, stage_state: GameState, scenario: str, text: str, error: type, field: str
) -> None:
    with pytest.raises(error) as raised:
        interpreter.interpret(scenario, text, stage_state)
    assert raised.value.field == field


def test_unknown_state_id_is_refused(interpreter: Interpreter, stage_state: GameState) -> None:
    with pytest.raises(StateError):
        interpreter.interpret("hoshizora", "x", stage_state.model_copy(update={"moves": ["屋上"]}))


@pytest.mark.issue(27)
@pytest.mark.round(18)
def test_a_topic_reached_once_the_model_s_pick_dropped_out_is_checked(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    """Round 18's kurikaeshi: the model's move dropped out (a place question) and a topic scored 0.91 among
    the rest, over the check's bar: 古書店って、ここからまっすぐでしたっけ？ もう一度道を教えてください."""
    interpreter.confirm_below = 0.5  # the fake's picks are confident: above this bar
    fake_backend.queue("A5>A2")  # ロビー dropped out; 機材トラブル next
    fake_backend.queue_confirmation(p_yes=0.02, p_yes_content_free=0.25)
    result = interpreter.interpret("hoshizora", "ロビーまで変な音が響いてたけど平気？", stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:topic_not_confirmed"
    # the model's own pick, over the bar, goes unchecked
    fake_backend.queue("A2")
    result = interpreter.interpret("hoshizora", "さっきから変な音しない？", stage_state)
    assert result.action.notation == "意図:機材トラブル" and "confirmation" not in result.trace


class _GreedyTakesTheSecond(FakeBackend):
    """Grammar-constrained greedy decoding can end on another option than the likeliest whole answer (the
    first token's mass pooled over A1…A12): the queued order's second is the greedy choice here."""

    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        result = super().choose(request, budget)
        second = sorted(result.probabilities, key=lambda o: result.probabilities[o])[-2]
        return replace(result, choice=second)


@pytest.mark.issue(27)
@pytest.mark.round(18)
def test_the_likeliest_option_dropped_out_makes_the_topic_unsure_whatever_greedy_chose(
    scenarios: dict[str, Scenario], analyzer: TextAnalyzer, stage_state: GameState
) -> None:
    """Round 18's kurikaeshi again: greedy decoding had chosen the topic, while the likeliest answer (0.89) was
    the move that dropped out."""
    backend = _GreedyTakesTheSecond()
    interpreter = Interpreter(scenarios, backend, analyzer)
    interpreter.confirm_below = 0.5
    backend.queue("A5>A2")
    backend.queue_confirmation(p_yes=0.02, p_yes_content_free=0.25)
    result = interpreter.interpret("hoshizora", "ロビーまで変な音が響いてたけど平気？", stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:topic_not_confirmed"
