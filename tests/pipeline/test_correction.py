"""The correction stage: a line the player corrects is read as what they meant (round 12's teisei set:
a slip owned, a typed mark, a second thought, a line called off). The markers' own examples are in
app/lexicon/correction.json (tests/pipeline/test_lexicon.py runs them)."""

import pytest

from app.pipeline.correction import read_correction, scenario_names
from app.pipeline.interpret import Interpreter
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.fakes import FakeBackend

pytestmark = pytest.mark.issue(27)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("控え室に行きます。すみません、打ち間違い、ロビーです", "ロビーに行きます。"),  # the name put in its place
        ("控え室へ戻ります。いや、ロビーへ", "ロビーへ戻ります。"),
        ("控え室に行く、いや、行かない。ロビーだ", "ロビーに行く"),  # taken back, then the name
        ("控え室に行こう。あ、違う、ロビーで物販を見る", "ロビーで物販を見る"),
        ("湊さん＊灯ちゃん、セトリどうする？", "灯ちゃん、セトリどうする？"),  # a typed mark
        ("ロビーに生きたい＊行きたい", "ロビーに行きたい"),
        ("湊さん、＊灯ちゃん、セトリどうする？", "灯ちゃん、セトリどうする？"),
        ("セトリの話だけど、湊さん＊灯ちゃん！どう思う？", "セトリの話だけど、灯ちゃん！どう思う？"),  # ！ ends it
        ("セトリの話…じゃなくて、鍵の管理について", "鍵の管理について"),
    ],
)
def test_what_follows_a_correction_is_what_the_player_meant(
    typed: str, meant: str, analyzer: TextAnalyzer, hoshizora: Scenario
) -> None:
    correction = read_correction(typed, analyzer, scenario_names(hoshizora))
    assert correction.text == meant and correction.marker and not correction.taken_back


@pytest.mark.parametrize(
    "typed",
    [
        "控え室に行こう。いや、本当に",  # いや adds to what came before: it names nothing new
        "鍵について聞きたい。やっぱり気になるから",
        "やっぱりロビーに行こう",  # nothing said before it
        "いや、知らないな",
        "控え室…ロビー…どっちにしよう。やっぱり控え室！",  # a name alone replaces no act
        "*客席を見回しながら* 今日はお客さん少ないね",  # two marks: a stage direction
        "それは違うと思います",
        "鍵は閉まってた。でも休憩の前にギターを替えてるはずだから……誰が最後に見たの？",  # a doubt, reasoning on
        "い、いや…ぼ、僕は控え室で待ってます…",  # a stammer is nothing said before
        pytest.param("犯人は、やっぱり灯ちゃんなの？", marks=pytest.mark.round(32)),  # as expected, after a topic
    ],
)
def test_what_is_no_correction_is_read_as_typed(typed: str, analyzer: TextAnalyzer, hoshizora: Scenario) -> None:
    correction = read_correction(typed, analyzer, scenario_names(hoshizora))
    assert correction.text == typed and not correction.marker


@pytest.mark.parametrize(
    "typed",
    [
        "控え室に行こう。いや、やっぱりやめた",
        "帰ります。……やっぱり帰りません、もう少しいます",
        "ロビーに行こうと思ったけど、今日はやめておきます",
        "控え室に戻ろうかな…でもまだ聞きたいことあるし…うーん",  # a doubt that stays (round 13)
        "ロビーに行くか…いや、もうちょっとここで演奏を見てたいな",
    ],
)
def test_a_line_that_calls_off_what_it_said_answers_none_before_the_model(
    typed: str, interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    result = interpreter.interpret("hoshizora", typed, stage_state)
    assert result.action.notation == "なし" and result.decided_by == "rule:taken_back"
    assert result.trace["correction"]["taken_back"] and not fake_backend.requests


def test_the_model_reads_what_the_player_meant(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("none")
    result = interpreter.interpret("hoshizora", "セトリの話…じゃなくて、マイクの調子について", stage_state)
    assert fake_backend.requests[-1].text.raw == "マイクの調子について"
    assert result.trace["correction"] == {
        "marker": "じゃなくて、",
        "dropped": "セトリの話…",
        "meant": "マイクの調子について",
        "taken_back": False,
    }


def test_a_call_the_correction_leaves_behind_still_counts(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("none")
    result = interpreter.interpret("hoshizora", "湊さん、セトリ、いや、鍵の管理ってどうなってる？", stage_state)
    assert result.trace["correction"]["meant"] == "鍵の管理ってどうなってる？"
    assert result.trace["addressee"]["character"] == "湊"


def test_a_corrected_going_goes_where_the_player_meant(interpreter: Interpreter, stage_state: GameState) -> None:
    result = interpreter.interpret("hoshizora", "控え室に行きます。あ、間違えた、ロビーです", stage_state)
    assert result.action.notation == "移動:ロビー" and result.decided_by.startswith("rule:")


def test_a_place_of_one_kanji_is_something_named(analyzer: TextAnalyzer) -> None:
    """Round 13: 祠 is a place; the second thought names it (灯台に行ってみようかな…いや、先に祠かな)."""
    correction = read_correction("灯台に行ってみようかな…いや、先に祠かな。うん、祠にします", analyzer, ("灯台", "祠"))
    assert correction.text == "先に祠かな。うん、祠にします"


def test_with_the_rules_off_the_model_decides_a_line_called_off(
    scenarios: dict[str, Scenario], fake_backend: FakeBackend, analyzer: TextAnalyzer, stage_state: GameState
) -> None:
    """Measuring what the rules add: taken_back is a decision like theirs, off with them; the model still
    reads what was meant."""
    interpreter = Interpreter(scenarios, fake_backend, analyzer, rules=False)
    fake_backend.queue("none")
    result = interpreter.interpret("hoshizora", "控え室に行こう。いや、やっぱりやめた", stage_state)
    assert result.decided_by == "model" and fake_backend.requests[-1].text.raw == "やめた"


@pytest.mark.round(16)
def test_a_question_after_a_going_called_off_is_what_is_meant(analyzer: TextAnalyzer) -> None:
    """Round 16's nagabun: …言いたくなる気持ちもわかります。でも、僕はまだ帰りませんよ。…どんな内容だったん
    ですか？ was read as calling everything off (なし); the question that follows is what the player asks."""
    text = "「もう帰って」って言われそう。でも、僕はまだ帰りませんよ。最後に話したのはどんな内容だったんですか？"
    correction = read_correction(text, analyzer)
    assert not correction.taken_back and correction.text == "最後に話したのはどんな内容だったんですか？"
    assert read_correction("控え室に行こう。いや、やっぱりやめた", analyzer).taken_back
