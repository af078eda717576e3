"""`yes_to_leaving`: a yes (はい、お世話になりました; ええ、ではお言葉に甘えて) to the game's last line asking
whether the player leaves now (もう帰っちゃうんですか？; そろそろお帰りになりますか？) takes leave. Not a no,
a yes taken back, a reply that asks or goes somewhere, nor a yes to a line that asks something else.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(20)` marks the
new-shape sets that found it (eval/shapes: annai, tokuchou)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import LEAVE
from app.pipeline.refine import yes_to_leaving
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context

pytestmark = pytest.mark.round(20)

ASKING_IF_LEAVING = [
    "もう帰っちゃうんですか？ バス、あと五分で来ますよ",
    "今日は遠いところをありがとう。そろそろお帰りになりますか？ 車を回させますけれど",
    "もう行っちゃうの？",
    "そろそろ失礼なさいますか？",
]


@pytest.mark.parametrize("line", ASKING_IF_LEAVING)
@pytest.mark.parametrize("text", ["はい、お世話になりました！", "ええ、ではお言葉に甘えて", "うん", "はい、失礼します"])
def test_a_yes_to_being_asked_if_leaving_leaves(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = yes_to_leaving(None, context(text, hoshizora, after_line(stage_state, "灯", line), analyzer))
    assert outcome is not None and outcome.action == LEAVE


@pytest.mark.parametrize("line", ASKING_IF_LEAVING)
@pytest.mark.parametrize(
    "text",
    [
        "いえ、まだいます",
        "はい、でもその前に一つだけ",
        "うん。ところで選曲どうする？",
        "いや、やっぱりロビーに戻ります",
        "ロビーに行こう",
        "ほうじゃな、もうちぃと居るわ",  # okayama_ben (eval/shapes): a yes that stays
        "あの見慣れねえ男、結局何者だったんだべ",  # sendai_ben (eval/shapes): asks, with no mark
    ],
)
def test_a_no_a_yes_taken_back_or_a_going_elsewhere_is_not_leave(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert yes_to_leaving(None, context(text, hoshizora, after_line(stage_state, "灯", line), analyzer)) is None


@pytest.mark.parametrize(
    "line",
    [
        "いつ帰るの？",
        "もう帰ったの？",
        "帰らないの？",
        "明日帰るの？",
        "お帰りの電車は大丈夫ですか？",
        "もうロビーに行くの？",
        "お車の用意ができております。お忘れ物はございませんか",
        "失礼ですが、お名前は？",
    ],
)
def test_a_yes_to_another_question_is_not_leave(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert yes_to_leaving(None, context("はい", hoshizora, after_line(stage_state, "灯", line), analyzer)) is None


def test_not_where_leaving_is_not_possible(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state.model_copy(update={"can_leave": False}), "灯", "もう帰っちゃうの？")
    assert yes_to_leaving(None, context("うん", hoshizora, state, analyzer)) is None


@pytest.mark.round(21)
@pytest.mark.parametrize(
    ("line", "leaves"),
    [
        ("もう遅い。送りますから、今夜はお帰りなさい", True),  # told to leave (houkou)
        ("今日はもうお帰りください", True),
        ("おかえりなさい！ 遅かったね", False),  # the greeting
        ("明日またお帰りなさい", False),  # not closing the line
    ],
)
def test_a_yes_to_being_told_to_leave_leaves(
    line: str, leaves: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = yes_to_leaving(
        None, context("そうですね、そうします", hoshizora, after_line(stage_state, "灯", line), analyzer)
    )
    assert (outcome is not None and outcome.action == LEAVE) is leaves


INVITING_ALONG_AWAY = [
    "私は最終のバスで町に戻りますけど、一緒にどうです？",
    "わしはこのまま麓へ下りる。あんたも一緒に来るか？",
    "もう最後の船が出るで。あんた、乗っていくんか？",
]


@pytest.mark.round(38)
@pytest.mark.parametrize("line", INVITING_ALONG_AWAY)
@pytest.mark.parametrize("text", ["ええ、ご一緒させて", "うん、乗る。いろいろありがとう", "はい、一緒に下りましょう"])
def test_a_yes_to_going_along_away_leaves(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Rounds 37 and 38 (sumiyaki, shinju, shodoshima_ben): a yes to going along back to town, down the
    mountain or aboard the last boat, where the game has no such place, was read as なし."""
    outcome = yes_to_leaving(None, context(text, hoshizora, after_line(stage_state, "灯", line), analyzer))
    assert outcome is not None and outcome.action == LEAVE


@pytest.mark.round(38)
@pytest.mark.parametrize(
    "line",
    [
        "ロビーへ戻るけど、一緒にどうです？",  # a reachable place: agreement_to_invitation's
        "明日、町に戻りますけど、一緒にどうです？",  # another day
        "町に戻ったんですか？",  # no invitation: past
        "私は町に戻ります",  # asks nothing
    ],
)
def test_a_yes_to_a_line_that_invites_no_going_away_now_stays(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context("ええ、ご一緒させてもらいます", hoshizora, after_line(stage_state, "灯", line), analyzer)
    assert yes_to_leaving(None, ctx) is None


@pytest.mark.round(38)
def test_a_no_to_going_along_away_stays(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "灯", INVITING_ALONG_AWAY[0])
    for text in ("いえ、まだ残ります", "どうしよっかなあ？", "ロビーに行きます"):
        assert yes_to_leaving(None, context(text, hoshizora, state, analyzer)) is None, text
