"""`going_by_description`: a going of the player's own that names no place but says something of one
(赤い屋根の家に行ってみよう) goes to the one reachable place whose description holds a specific noun of the
going's clause. Not when two places share it, nor for a word for any place, nor a text that asks, leaves
or puts the going off.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(20)` marks the
new-shape sets that found it (eval/shapes: shokudou, tokuchou)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import going_by_description
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move

pytestmark = pytest.mark.round(20)

# hoshizora's stage reaches 控え室 (出演者が準備をする楽屋), ロビー (受付と物販のある入口ホール) and 音響ブース
# (ミキサー卓が置かれた客席後方の小部屋); 客席 is an alias of the stage itself.


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("ちょっとホールのほう行ってくる", "ロビー"),
        ("出演者の様子を見に行こう", "控え室"),
        ("後方の小部屋に行ってみます", "音響ブース"),
    ],
)
def test_a_going_that_says_something_of_one_place_goes_there(
    text: str, place: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = going_by_description(None, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == move(place)


@pytest.mark.parametrize(
    "text",
    [
        "出演者ってどこ？",  # asks
        "出演者の様子は後で見に行く",  # put off
        "客席のほうに行こう",  # 客席 names the stage, where the player is (the booth is 客席後方の小部屋)
        "湊さんの様子を見に行こう",  # a character's name (not in a description here, but never a description)
        "小さい部屋に行こう",  # a word for any place
        "出演者の話をしよう",  # no going
        "出演者を見てから帰ります",  # leaves
        "ロビーの出演者を見に行ってくる",  # a place named: explicit_move's
    ],
)
def test_a_going_that_tells_no_one_place_is_left_alone(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert going_by_description(None, context(text, hoshizora, stage_state, analyzer)) is None


# A house whose rooms are told apart only by where they are (round 21's houkou: 右の扉, 一つ目の角).
@pytest.mark.round(29)
def test_a_lets_asked_with_ka_proposes_a_going(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 29's chikugo_ben: 腹の減ったけん、うなぎでも食べに行こうかい closes its let's with かい, which reads
    as a question, and the eel house was left to the model (a topic). A let's asked proposes; a question word
    still asks."""
    for text in ("出演者の様子でも見に行こうかい", "出演者の様子を見に行きましょうか"):
        outcome = going_by_description(None, context(text, hoshizora, stage_state, analyzer))
        assert outcome is not None and outcome.action == move("控え室"), text
    for text in ("出演者の誰に会いに行こうか？", "出演者の様子、見に行った？"):
        assert going_by_description(None, context(text, hoshizora, stage_state, analyzer)) is None, text


_HOUSE = Scenario.model_validate(
    {
        "id": "house",
        "locations": [
            {"id": "広間", "description": "玄関を入ってすぐの広間。左右に扉がある"},
            {"id": "書斎", "description": "広間の右の扉の先。本棚の並ぶ書斎"},
            {"id": "居間", "description": "広間の左の扉の先。暖炉のある部屋"},
            {"id": "寝室", "description": "廊下の一つ目の角を曲がってすぐの部屋"},
            {"id": "納戸", "description": "廊下の二つ目の角を曲がった先の部屋"},
        ],
        "characters": [{"id": "執事"}],
    }
)
_IN_THE_HALL = GameState.model_validate(
    {"location": "広間", "present": ["執事"], "moves": ["書斎", "居間", "寝室", "納戸"], "can_leave": False}
)


@pytest.mark.round(21)
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("一つ目の角を曲がって、部屋に入ります", "寝室"),
        ("二つ目の角を曲がった先まで行ってみる", "納戸"),
        ("右の扉を開けてみます", "書斎"),  # a door opened there goes through it
    ],
)
def test_a_going_that_repeats_a_phrase_of_one_place_goes_there(text: str, place: str, analyzer: TextAnalyzer) -> None:
    outcome = going_by_description(None, context(text, _HOUSE, _IN_THE_HALL, analyzer))
    assert outcome is not None and outcome.action == move(place)


@pytest.mark.round(21)
@pytest.mark.parametrize(
    "text",
    [
        "角を曲がって、部屋に入ります",  # either corner's room: each description shares 角を曲がっ, nearly as long
        "奥の部屋に入ってみます",  # の部屋 is a word for any place, whoever's description holds it
        "右の扉を開けたら誰かいた",  # a door opened before, no going
        "本棚を開けてみます",  # no door
    ],
)
def test_a_phrase_that_tells_no_one_place_is_left_alone(text: str, analyzer: TextAnalyzer) -> None:
    assert going_by_description(None, context(text, _HOUSE, _IN_THE_HALL, analyzer)) is None


_VALLEY = Scenario.model_validate(
    {
        "id": "valley",
        "locations": [
            {"id": "宿", "description": "谷あいの小さな宿"},
            {"id": "停留所", "description": "飯山線の小さなバス停"},
            {"id": "登山口", "description": "湖畔へ続く遊歩道の入口"},
            {"id": "茶屋", "description": "峠の茶屋。名物の団子がある"},
        ],
        "characters": [{"id": "女将"}],
    }
)
_AT_THE_INN = GameState.model_validate(
    {"location": "宿", "present": ["女将"], "moves": ["停留所", "登山口", "茶屋"], "can_leave": False}
)


@pytest.mark.round(38)
@pytest.mark.parametrize(
    "text",
    [
        "湖畔まで行ってみよう",  # the trailhead's description says where its path leads, not what it is (round 37)
        "ちょっと飯山の町まで行ってくる",  # 飯山 of 飯山線, a bus line (round 38: 飯田の町, 飯田線)
    ],
)
def test_where_a_place_leads_or_a_compound_of_its_description_is_no_going_there(
    text: str, analyzer: TextAnalyzer
) -> None:
    """Two false actions of rounds 37 and 38: a going to the noun the description names as where the place
    leads (火口へ続く遊歩道の入口), or as the first part of a compound (飯田線の小さな無人駅)."""
    assert going_by_description(None, context(text, _VALLEY, _AT_THE_INN, analyzer)) is None


@pytest.mark.round(38)
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("飯山線のバスに乗りに行こう", "停留所"),  # the compound said as the description says it
        ("遊歩道の入口まで行ってみる", "登山口"),  # what the place is
        ("団子を食べに行こう", "茶屋"),
    ],
)
def test_what_a_description_says_a_place_is_still_goes_there(text: str, place: str, analyzer: TextAnalyzer) -> None:
    outcome = going_by_description(None, context(text, _VALLEY, _AT_THE_INN, analyzer))
    assert outcome is not None and outcome.action == move(place)
