"""`refusal_to_offer`: A no that asks nothing (いえ、名簿は後で結構です; ええわ、いらんけえ) to a line
offering something other than a place (ご覧になりますか？, もう一杯食うてくか？) declines it: it raises no
topic, though the model reads the offered thing as one. A no that leaves or goes somewhere is left to the
other rules and the model.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 1-3 of eval/shapes)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import Outcome, refusal_to_offer
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context

pytestmark = pytest.mark.issue(27)

OFFERS = [
    "セットリスト、ご覧になりますか？",
    "お茶でもいかがです？",
    "もう一杯飲んでく？",
    "差し入れ、ひとつ食べんか？",
]


def reply_to(line: str, text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> Outcome | None:
    """`refusal_to_offer` on `text`, said after 灯's `line`."""
    return refusal_to_offer(None, context(text, scenario, after_line(state, "灯", line), analyzer))


@pytest.mark.parametrize("line", OFFERS)
@pytest.mark.parametrize("text", ["いえ、後で結構です", "いや、今はいいです", "ううん、遠慮しとく"])
def test_a_no_to_an_offer_is_none(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = reply_to(line, text, hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(24)
@pytest.mark.parametrize("line", ["楽屋の金庫は暗証番号式。開ける？", "予備の鍵ならある。使いますか？"])
@pytest.mark.parametrize("text", ["いや、金庫はいい", "ううん、やめとく"])
def test_a_no_to_something_offered_to_be_done_with_a_thing_is_none(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 24's sennyuu: 机の引き出しは電子錠。開ける？ offers the player to open it (offer.json), and
    いや、引き出しはいい declines; the model had read the drawer as the locks topic."""
    outcome = reply_to(line, text, hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(27)
@pytest.mark.parametrize("line", ["セットリスト、見ます？ちょっと妙なんですよ。", "お茶でもいかがです？冷めちゃうし"])
def test_a_no_to_an_offer_with_a_remark_after_it_is_none(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 27's shokubutsuen: 温度ログ、見ます？ちょっと変なんですよ。 offers, then remarks; いえ、ログは
    あとで結構です declined (the model read the log topic). The line's last question is what it offers."""
    outcome = reply_to(line, "いえ、あとで結構です", hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.parametrize(
    "text",
    [
        "いや、それより裏口の鍵は誰が持ってるの？",  # goes on to ask
        "すみません、持ち場に戻ります",  # an apology that leaves
        "いえ、先にロビーに行きます",  # a no that goes elsewhere
        "うん、見せて",  # a yes
        "いや、それより裏口の鍵のことが気になる",  # goes on to a subject of its own
    ],
)
def test_a_no_that_asks_leaves_or_goes_and_a_yes_are_left_alone(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert reply_to(OFFERS[0], text, hoshizora, stage_state, analyzer) is None


@pytest.mark.parametrize("line", ["昨日の夜、どこにいたの？", "ギター、見つかった？", "リハ、お疲れさま。"])
def test_a_no_to_a_line_that_offers_nothing_is_left_to_the_model(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert reply_to(line, "いや、まだ", hoshizora, stage_state, analyzer) is None


@pytest.mark.round(21)
def test_a_no_to_talk_of_what_was_offered_declines_it(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """nagasaki_ben (round 21): いえ、佐吉の話はもうよかです to an offer to talk of 佐吉 declines; a no that
    talks of something the offer did not name goes on to a subject of its own."""
    offer = "店長のことで、私が知っていることをお話ししましょうか？"
    outcome = reply_to(offer, "いえ、店長の話はもういいです", hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE
    assert reply_to(offer, "いえ、ギターの話はもういいです", hoshizora, stage_state, analyzer) is None


@pytest.mark.round(30)
@pytest.mark.parametrize("line", ["今夜、店で一杯やらねえか？", "もう遅い。片付けは明日にするか？"])
@pytest.mark.parametrize("text", ["酒はあんまり飲めねえ、すまねえ", "いえ、もう少しだけ残ります"])
def test_a_no_to_won_t_you_or_to_shall_we_make_it_so_is_none(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 30's hachijo_ben and seisakusho: the eastern won't-you on ねえ (島酒一杯やらねえか？) and a
    proposal with に and する (続きは明日にするか？) offer; a can't followed by sorry in a clause of its own
    (…飲めねえのー、すまねえ) or a no (いえ、もう少しだけ残ります…) declined them, and the model read topics."""
    outcome = reply_to(line, text, hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(30)
@pytest.mark.parametrize(
    "text",
    [
        "わざわざ来てくれて、すみません",
        "わざわざ来てくれて、すみません。",  # the apology's own negative, before the closing mark
        "いただきます、すみません！",
        "行けない？ごめん",
    ],
)
def test_sorry_after_no_can_t_or_in_a_question_declines_nothing(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert reply_to("今夜、店で一杯やらねえか？", text, hoshizora, stage_state, analyzer) is None


@pytest.mark.round(31)
def test_a_no_that_names_the_offered_topic_by_another_of_its_words_declines_it(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's shimokita_ben: けの汁…食ってぐが？ offered food, and やんた、今腹いっぺぇだはんで declined it;
    腹, another of the food topic's words, read as a subject of the reply's own. A word of a topic the line
    did not name still raises something new."""
    offer = "新しいセットリスト、見てく？"
    outcome = reply_to(offer, "いや、曲はあとでいい", hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE
    assert reply_to(offer, "いや、それより鍵はあとでいい", hoshizora, stage_state, analyzer) is None


@pytest.mark.round(31)
@pytest.mark.parametrize("line", ["差し入れのおにぎり、食ってぐが？", "駅まで乗せてやろうか？"])
def test_a_no_to_a_voiced_will_you_or_to_shall_i_do_it_for_you_is_none(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's shimokita_ben and bingo_ben: the Tohoku will-you voiced (食ってぐが？) and a shall I do it
    for you (乗せちゃろうか？) offer; やんた (Tohoku いやだ) says no."""
    outcome = reply_to(line, "やんた、今はいい", hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(36)
@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("差し入れ、ひとつ食べんかー？", "いや、今はいいです"),  # an offer asked with a drawn-out か
        ("差し入れ、ひとつ食べんか？", "曲の準備があるから、また今度ね"),  # a topic's word only in the reason
        ("差し入れ、ひとつ食べんか？", "今日はお腹いっぱいだから、またこんどね"),  # put off, in kana
    ],
)
def test_a_no_put_off_after_its_reason_or_to_a_drawn_out_offer_is_none(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 36's miyako_ben: offered a boat ride with 乗せてやろうかー？, 明日は祭りの準備あるから、またこんどねー
    was read as the festival topic: the drawn-out か asked no offer, またこんど in kana put nothing off, and 祭り,
    a topic's word, raised a subject of its own though it only gave the reason for the no."""
    outcome = reply_to(line, text, hoshizora, stage_state, analyzer)
    assert outcome is not None and outcome.action == NONE
