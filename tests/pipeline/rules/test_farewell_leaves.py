"""`farewell_leaves`: A farewell at the end of the text (失礼します) leaves
when leaving is possible; asking about the word (失礼しますって言うの？) does not.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import LEAVE
from app.pipeline.refine import farewell_leaves
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, assert_farewells, context


def test_farewell_at_the_end_leaves(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = farewell_leaves(None, context("それじゃ、失礼しますね", hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == LEAVE


def test_asking_about_the_farewell_does_not_leave(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert farewell_leaves(None, context("失礼しますって言うの？", hoshizora, stage_state, analyzer)) is None
    assert (
        farewell_leaves(None, context("「お邪魔しました」って言えばいいの？", hoshizora, stage_state, analyzer)) is None
    )


def test_no_leave_when_leaving_is_impossible(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = stage_state.model_copy(update={"can_leave": False})
    assert farewell_leaves(None, context("失礼します", hoshizora, state, analyzer)) is None


def test_offering_the_way_is_not_a_farewell(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    assert farewell_leaves(None, context("どうぞ、お先に", amatsu, medbay_state, analyzer)) is None


def test_entering_greeting_is_not_a_farewell(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert farewell_leaves(None, context("お邪魔します", hoshizora, stage_state, analyzer)) is None


def test_second_scenario(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = farewell_leaves(None, context("では、お大事に。失礼します", amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == LEAVE


@pytest.mark.parametrize(
    "text",
    [
        "それじゃ、また来るよ",
        "じゃあ、そろそろ行くね",
        "もう行きます",
        "じゃあ、お先に",
        "じゃあ、また後で来ます",
        "また明日寄るね",
        "また明日ね",
        "では、お大事に",
        "じゃあ、また寄らせてもらうよ",
        "また顔出します",
        "邪魔したね",
        "それじゃ、そろそろ休みます",
        "先に寝ます。おやすみ",
        "じゃあ、お先でーす",
        "失礼しまーす",
        "今日はこれで上がります",
        "じゃあ、また後でな",
        "先に休ませてもらいます",
        "先に休ませてもらいますね",
    ],
)
def test_casual_farewells_leave(text: str, amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = farewell_leaves(None, context(text, amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == LEAVE


@pytest.mark.parametrize(
    "text",
    [
        "じゃあ、失礼するよ",
        "失礼させていただきます",
        "そろそろ帰らないと",
        "じゃあな！",
        "お元気で",
        "またお邪魔しますね",
        "では、これで",
        "今日はこの辺で",
        "帰るわ",
        "お先っす",
        "それでは後ほど",
        "そろそろ帰ろうかな",
        "今日はもう上がりますね",
        "また正月に帰ってくるね",
        "また遊びにくるね",
        "ごちそうさま。先に風呂入って寝るわ",
        "そろそろ帰ろっか",
        "そろそろ帰るわ",
        "また明日、学校でね",
        # older speech
        "これにて御免",
        "では、失礼つかまつる",
        "では皆の衆、御免つかまつる",
        "邪魔をしたな",
        "今日はこれにて",
        # Kansai
        "ごちそうさん。ほな",
        "ほなな",
    ],
)
def test_everyday_farewells_leave_in_both_scenarios(
    text: str,
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    for scenario, state in ((hoshizora, stage_state), (amatsu, medbay_state)):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, (scenario.id, text)


@pytest.mark.parametrize(
    "text",
    [
        "この辺で見かけた人いる？",
        "この辺で落としたんです",
        "これ変じゃね",
        "またお邪魔してもいい？",
        "帰ろうって言ってた",
        "それは失礼だよ",
        "また言いにくいね",
        "猫がよく寝るね",
        "先にお風呂どうぞ、私は後で寝ます",
        "また明日、学校で話すよ",
        "また明日でいい？",
        "邪魔をしたのは誰？",
        "御免なさい、遅れました",
        "これにて一件落着だね",
        "ほな、行こか",
    ],
)
def test_near_misses_of_everyday_farewells_stay(
    text: str, amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert farewell_leaves(None, context(text, amatsu, medbay_state, analyzer)) is None


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
@pytest.mark.parametrize(
    ("leaving", "staying"),
    [
        # a parting wish may follow a farewell; a wish alone, or after something else, is no
        # farewell, and あとで alone only puts something off
        (
            ("じゃ、あとでな。頑張れよ", "また来るね。気をつけて", "失礼します。お幸せに"),
            ("頑張れよ", "気をつけてね", "準備は大丈夫？頑張ってね", "その件はあとでな"),
        ),
        # a farewell may end in emoji or a face
        (
            ("じゃ、またあとでね〜👋", "またね(´・ω・`)", "おやすみ💤✨", "失礼しまーす！（笑）"),
            ("👋", "また会えるかな👋", "帰るの？(´・ω・`)"),
        ),
        # "well then" as a last sentence leaves, and as the whole text (round 12: じゃ, では); trailing
        # off, after a comma, or leading into something else, it only says "well then"
        (
            ("ありがとう、助かった。じゃ", "また聞きに来ます。それじゃ！", "助かりました。じゃ、これで", "じゃあ"),
            ("じゃあ…", "そうか、じゃあ", "わかった。じゃあ、次は？", "それは君の仕事じゃ"),
        ),
        # a wish, or thanks for the work, may close a farewell; thanks alone, or after something
        # else, is no farewell, nor is 私はこれで inside a sentence
        (
            (
                "じゃ、私はこれで。お疲れさまです",
                "失礼します、お仕事頑張ってください",
                "今日はもう上がりますね、お疲れさまです",
            ),
            (
                "お疲れさまです",
                "今日も一日、お疲れさまでした",
                "私はこれでいいと思う",
                "失礼します、頑張ってって言うの？",
            ),
        ),
        # turning in, in the player's own voice
        (
            ("じゃ、部屋に戻って休みます", "もう寝ます", "今日はもう休みますね"),
            ("部屋で休むの？", "もう休んでいいよ", "部屋で寝てた"),
        ),
    ],
)
def test_ways_of_closing_a_farewell(
    scene: str, leaving: tuple[str, ...], staying: tuple[str, ...], scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    for text in leaving:
        outcome = farewell_leaves(None, context(text, *scenes[scene], analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in staying:
        assert farewell_leaves(None, context(text, *scenes[scene], analyzer)) is None, text


@pytest.mark.round(27)
def test_thanks_for_a_meal_after_a_farewell_and_leaving_for_now(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 27: ほなな、ごちそうさん (nara_ben, in a teahouse) closed a farewell with thanks for the tea, as
    お疲れさまです closes one; ひとまず引き上げます (kuukou) withdraws for now as 今日は引き上げます does for the
    day (the model read small talk for both). Thanks alone is said at the table."""
    assert_farewells(
        ("ほなね、ごちそうさん", "じゃ、またね。ごちそうさまでした", "いったん引き上げます"),
        ("ごちそうさま", "ごちそうさまって言えばいい？", "引き上げるのはいつ？"),
        hoshizora,
        stage_state,
        analyzer,
    )


@pytest.mark.parametrize(
    "text",
    [
        "また明日来ますか？",
        "あの人、また来るって言ってた",
        "それはまた今度",
        "また会えたね",
        "また来てね",
        "また来るの",
        "また来週の会議で話します",
        "また会えたよね",
        "また来てよね",
        "そろそろ休みますか？",
        "先生、少し休んでください",
        "先に休んでてください",
    ],
)
def test_a_later_visit_asked_or_reported_is_not_a_farewell(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert farewell_leaves(None, context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.round(10)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_western_and_plain_farewells(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("ほな、失礼しますけん", "今日はもう上がるね。おつかれ"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in ("階段を上がるね", "もう上がるの？"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_farewells_in_casual_and_formal_speech(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("お先に失礼しまっす", "本日はこれにて下がらせていただきます"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in ("一歩下がってください", "失礼しまっすって言えばいいの？"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_taking_leave_with_a_let_s(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("今日はここらでお暇しよう", "そろそろおいとましましょう"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    assert farewell_leaves(None, context("お暇しようかと思ったけど、まだいるよ", scenario, state, analyzer)) is None


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_bare_osaki_takes_leave(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("おつかれでーす、お先〜", "じゃ、お先"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in ("どうぞ、お先", "このままじゃお先真っ暗だ", "お先？"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_english_farewells_and_everyone_called_after_one(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("オーケー、グッナイ！", "グッナイ、みんな", "おやすみ、みんな", "またね、皆さん"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in ("みんな", "グッナイって英語？", "それはみんな知ってる"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_farewells_typed_in_kana_alone(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("ばいばい、またあした！", "しつれいします", "ぼく、もうかえるね"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    # かえる is also 変える: only after もう or そろそろ does it leave
    for text in ("ながすきょく、かえろう", "きょくをかえります", "もうかえるの？"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_taking_ones_leave_politely_or_in_kyoto_speech(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = (
        "ほな、お先にお暇させてもらいます",
        "では、お暇いたします",
        "本機はこれより退出します。お疲れさまでした",
    )
    # 暇 as free time; 会 inside a noun (機会) is no promise to meet again
    staying = ("お暇ですか？", "お暇なら一緒に来て", "退出したのは誰？", "またの機会にしときます")
    assert_farewells((*leaving, "ほな、おやかまっさんどした"), staying, *scenes[scene], analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_logging_off_in_chat(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("じゃ、今日は落ちるわ。おつー", "そろそろ落ちまーす。おつでした", "先に落ちます")
    staying = ("階段から落ちる", "成績が落ちます", "おつ", "今日は落ちるの？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_parting_greetings(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("では皆様、ごきげんよう", "それでは、ごきげんよう", "じゃ、またやーさい")
    # ごきげんよう alone also greets on meeting
    staying = ("ごきげんよう", "ごきげんよう、皆様", "ごきげんようって、いつ使うの？", "またやさいいためか")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_behind_a_characters_verbal_tic(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("それでは、お先に失礼しますにゃ", "お先に失礼しますにゃ、お疲れさまでした☆", "失礼しますぴょん！")
    staying = ("失礼しますにゃって言うの？", "にゃーん", "お先に失礼しますにゃ？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_edo_farewells(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("そいじゃ、お先に失礼しやす", "そんじゃ、あっしはこれで", "では、拙者はこれで")
    # やすい is "easy to"; the player's own "I" with これで, not at the end, says something else
    staying = ("失礼しやすい", "あっしはこれでいいんで？", "あっしはこれで三度目だ")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_kyoto_farewell_closing_on_e(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほな、今日はこれで失礼しますえ", "お先に失礼しますえ")
    staying = ("失礼しますえ？", "失礼しますって言うたらええ？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_slipping_away_in_slang_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("んじゃ、オレはこれでバックれるわ", "そろそろずらかるぞ")
    staying = ("ばっくれるなよ", "バックれたのは誰？", "ずらかる気か？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_withdrawing_in_older_speech_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("大儀であった。余はこれにて下がる", "では、これにて下がります", "余はこれで")
    staying = ("これで熱が下がる", "これにて下がるのか？", "余はこれでよい")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_closing_on_de(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほいじゃ、お先に失礼するで", "ほな、今日はこれで失礼しますで")
    staying = ("失礼するで？", "失礼するでって言えばええの？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_leaving_with_the_spoken_causative(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほな、今日はもう帰らしてもらうわ", "今日はこれで帰らせてもらうで")
    staying = ("帰らしてもらうって言えばええの？", "まだ帰らしてもらうわけにはいかん")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_leaving_with_the_eastern_lets(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("んじゃ、お先に失礼すっぺ", "今日はもう帰るべ")
    staying = ("失礼すっぺ？", "もう帰るべきかな")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_farewells_in_katakana_english_or_with_kara(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("オーケー、トゥデイはこれでゴーホームします", "じゃ、グッバイ", "んだら、今日はこれで帰っから")
    staying = ("ゴーホームしてもいい？", "グッバイって言えばいいの？", "帰っから？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_decided_on_with_to_suru(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("さて、拙僧はこれにて下がるとしよう", "では、失礼するとしようか")
    staying = ("帰るとしたら何時ごろ？", "これにて下がるとしようかと思ったが、まだ聞きたいことがある？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_farewells_closing_on_cha_or_in_the_old_volitional(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほんなら、おらこれで失礼するちゃ", "さて、今宵はこれにてお暇いたそう")
    staying = ("もう帰らなくちゃいけないの？", "お暇いたそうかと思ったけど、まだ話がある？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_taking_ones_leave_with_shikkei(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("では、僕はこれで失敬する", "じゃあ、お先に失敬します")
    staying = ("失敬な！僕はそんなこと言っていないぞ", "いや失敬、今のは冗談だ", "失敬するときは声をかけてくれ")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_leave_taken_in_voiced_morioka_speech(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("んだら、今日はこれで帰らせでもらいす", "これで帰らせでもらいます")
    staying = ("帰らせでもらえねえの？",)
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_farewells_drawn_out_with_small_vowels(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほんじゃ…おさきにしつれいしまぁす…", "じゃあ、お先でぇす")
    staying = ("しつれいしまぁすって言ってた", "ぱーてぃーの曲、かえますか")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_going_home_with_the_western_inu(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほな、いぬわ", "ほな、いぬで", "そろそろいにます", "ほんなら去ぬわ")
    staying = ("うちのいぬ、かわいいわ", "うちのいぬ", "いぬが好き？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_an_old_man_s_farewell_closing_on_deno(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    leaving = ("ほいじゃ、お先に失礼しますでの", "わしはこれで帰るでの")
    staying = ("失礼しますでの、と言うてええかの？", "帰るでのうて、まだおる")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_followed_by_the_name_it_is_said_to_leaves(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """New-shape sets: 「へばまたな、駐在さん」 (a farewell, then whom it is said to) was read as a topic."""
    scenario, state = scenes[scene]
    name = state.responder or ""
    for text in (f"じゃあね、{name}さん", f"失礼します、{name}", f"またな、{name}さん！"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in (f"ありがとう、{name}さん", f"それで、{name}さん", f"じゃあね、{name}さんって言うの？"):
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.issue(27)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_followed_by_parting_talk_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """New-shape sets: a farewell, then wishes, thanks or a greeting to pass on in any dialect
    (お先に失礼しますけえ、健太によろしゅう言うといてください; ほな、さいなら。麦湯ごちそうさんどした) was
    read as a topic or small talk: only a farewell at the very end counted."""
    leaving = (
        "お先に失礼します、みなさんによろしくお伝えください",
        "さいなら。今日はごちそうさんでした",
        "じゃあ、またね。明日も頑張りや！",
        "今日はこれで帰ります、いろいろありがとうございました",
        "では、これで。体に気ぃつけなはれや",
    )
    staying = (
        "失礼します、お茶をお持ちしました",  # 失礼します opening a visit
        "また明日、学校で話すよ",  # また明日 leading into when and where
        "じゃあね、って言ってたけど、あれはどういう意味？",  # asks something after it
        "では、これで。あ、その前にロビーに寄っていこう",  # goes somewhere after it
        "ほな、そうしまひょ",  # ほな leading into a yes
        "じゃあ、またね。あ、そういえば昨日の件、まだ途中だった",  # turns to another subject
        "さよなら。でも、まだ帰らない",  # takes it back
        "じゃあね。なんて、冗談だよ",
        "さっきは失礼しました、鍵を返しに来ました",  # an apology for a moment before
        "どうも、失礼します。今日はよろしくお願いします",  # a greeting on arrival
        "じゃあね。あ、ちょっと待って",
        "じゃあね、って言いたいけどもう少しいる",  # the word quoted
        "じゃあね、なんちゃって",
    )
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_space_after_a_farewell_pauses_as_a_comma_would(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 6: players who space their words instead of punctuating (今夜はこのへんで失礼します 課長も
    あまり無理なさらずに; わかった ありがとう またくるね) ran the farewell into what followed it."""
    leaving = ("今夜はこのへんで失礼します 課長もあまり無理なさらずに", "わかった ありがとう またくるね")
    staying = ("またの機会にしときます", "じゃあね って言ってたけど あれはどういう意味？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_review_near_misses_of_kana_and_clause_farewells_stay(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Review of issue 27's round-6 changes: someone else coming back, じゃな as "right", a じゃね that
    leads into more talk, and spaces inside a phrase read as pauses, each answered a leave."""
    staying = (
        "台風またくるね",
        "あいつまたくるよ",
        "いやまたくるんかい",
        "ほう、じゃな。もうちいと話そうや",
        "なるほどね。じゃね、次の曲なんだけど",
        "帰る とか 言わないでよ",
        "帰る わけ ない でしょ",
        "ノイズ やばい じゃね",
    )
    assert_farewells((), staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("text", "leaves"),
    [
        ("控え室はまた今度にして、今日は失礼します", True),  # a place named, not gone to (round 7)
        ("ロビーのこと、ありがとう。失礼します", True),
        ("控え室に戻ります、失礼します", False),  # goes there: explicit_move's
        ("ロビーに寄ってから、失礼します", False),
    ],
)
def test_a_farewell_naming_a_place_leaves_unless_it_goes_there(
    text: str, leaves: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = farewell_leaves(None, context(text, hoshizora, stage_state, analyzer))
    assert (outcome is not None and outcome.action == LEAVE) is leaves, text


@pytest.mark.issue(27)
def test_a_farewell_typed_with_one_slip_in_its_ending_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 8 of the sets of other shapes (typing slips): the model read these as leaves and
    leave_needs_cue, finding no farewell, turned them into なし."""
    assert_farewells(
        leaving=(
            "ごちそうさまでした。そろそろしつれいしまう",
            "おじゃましまいた",
            # round 17: a Latin letter the input method left for a kana, the last kana not typed
            "そろそろしつれいしmす",
            "おじゃましましt",
            "それじゃ、おやすみなさ",
        ),
        staying=(
            "フロアにバックします",  # one kana from ばっくれます, but early in the word: another word
            "おじゃましまいたって言えばいいの？",  # talked about, slip or not
            "失礼しまう",  # a short farewell: one slip could make another word
            "しつれいしまう。あ、その前にひとつ",  # not at the end
            "しつれいしmすか？",  # asked
            "しつれいしm",  # two slips
        ),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.issue(27)
def test_leaving_said_as_a_phrase_closing_the_text_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 9 (narration): the model read *手を振って境内を後にする* as small talk; said as a phrase, leaving
    closing the text is a farewell (farewell.json's leaving_phrases)."""
    assert_farewells(
        leaving=(
            "*手を振って境内を後にする*",
            "（帽子を取って会釈し、その場を離れる）",
            "少々席を外させていただきます。",
        ),
        staying=(
            "その場を離れるな",  # forbidden
            "「その場を離れる」って書いてあった",  # quoted
            "その場を離れる前に、ひとつ聞いていい？",  # not closing the text
        ),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("text", "leaves"), [("じゃ", True), ("では。", True), ("じゃあ…", False), ("じゃあ、また後で話そう", False)]
)
def test_a_well_then_that_is_the_whole_text_leaves(
    text: str, leaves: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 12 (very short inputs): じゃ alone takes leave; trailing off, or opening a sentence, it leads on."""
    outcome = farewell_leaves(None, context(text, hoshizora, stage_state, analyzer))
    assert (outcome is not None and outcome.action == LEAVE) is leaves


@pytest.mark.round(15)
def test_setting_out_with_nothing_before_it_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 15 (requests): the model read それじゃ、行ってきます as small talk; setting out, with at most an
    opener before it in its clause, is a farewell (farewell.json's setting_out). With a place or an errand
    before it, the player steps out to somewhere (トイレ行ってくる: the model's to read)."""
    assert_farewells(
        leaving=("それじゃ、行ってきます", "ごちそうさまでした。じゃあ出かけてきます", "うん、行ってきます！"),
        staying=("ちょっとトイレ行ってくるね", "行ってきますって言って出たきりなんです", "もう行ってきた？"),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.round(15)
def test_setting_out_after_a_line_naming_a_place_is_left_to_the_model(
    invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """After ロビーに行ってみない？, 行ってきます may be going there: no farewell decides it."""
    hoshizora, invited = invited_scenes["hoshizora"]
    assert farewell_leaves(None, context("じゃあ、行ってきます", hoshizora, invited, analyzer)) is None


@pytest.mark.round(16)
def test_a_voiced_again_and_a_person_called_after_a_farewell_leave(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16's ibaraki_ben: ほんじゃ、まだね源さん, ほんじゃあな、源さん。まだ明日 and ほんじゃね、おばちゃん。
    ごちそうさん answered なし. また voiced as まだ parts after a well-then or a farewell (farewell.json's
    voiced_again); someone called by what they are to the player, or by name run into the farewell, is
    who it is said to (person_called)."""
    assert_farewells(
        leaving=(
            "ほんじゃ、まだね",
            "ほんじゃ、まだね湊さん",
            "じゃあな、湊。まだ明日",
            "ほんじゃね、おばちゃん。ごちそうさん",
            "ほんならこれで。おばちゃん、気ぃつけてな",
        ),
        staying=("まだね", "うーん、まだね", "試験いつ？まだ明日", "おばちゃん、ごちそうさん"),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.round(16)
def test_a_promise_to_come_again_naming_a_reachable_place_is_a_plan(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16's kako: 明日また喫茶店に寄るつもり left (see_you_later). Coming again names where one comes
    back to; naming a reachable place, it is a plan to go there, not a farewell here."""
    assert_farewells(
        leaving=("また寄らせてもらいます",),
        staying=("明日またロビーに寄るつもり", "また控え室に寄ります"),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.round(16)
def test_plans_for_another_day_after_a_farewell_are_parting_talk(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16's nagabun: じゃあ、僕はこのへんで。木箱のことは明日、灯台の志摩さんにも聞いてみます。…気をつけて
    answered なし: a plan for another day after a farewell is parting talk, whatever place or topic it names."""
    assert_farewells(
        leaving=(
            "じゃあ、僕はこのへんで。鍵のことは明日、ロビーの人にも聞いてみます。湊さんも、気をつけて。",
            "今日はこれで失礼します。セトリの件は明日あらためて聞いてみます。",
            "今日はこれで帰ります。何かわかったら連絡しますね",
        ),
        staying=(
            "じゃあ、僕はこのへんで。鍵のことは、ロビーの人にも聞いてみます。",  # not another day
            "今日はこれで失礼します。セトリの件、明日聞いてもいい？",  # asked
        ),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_lets_hedged_or_calling_it_a_day_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 17 (indirect speech): そろそろお暇しようかな answered なし, and 今日はこのへんにしておこうかな a topic."""
    leaving = ("そろそろお暇しようかな", "日が暮れてきたし、今日はこのへんにしておこうかな", "今日はこの辺にしときます")
    staying = (
        "お暇しようかな？",
        "失礼しようかなって思った",
        "そろそろ帰ろうかな…どうしよう",
        "この辺にしておこうかって言われた",
    )
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_well_then_before_a_comma_leads_into_what_follows(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 19's taiki: わかりました。じゃあ、ここで待たせてもらいます left: じゃあ, ended by a comma, was read as a
    farewell and the player's staying as parting talk. A well-then parts only as a sentence of its own."""
    leaving = ("ありがとう、助かった。じゃあ。体に気をつけてね", "では、これで。体に気ぃつけなはれや")
    staying = (
        "わかりました。じゃあ、ここで待たせてもらいます",
        "それじゃ、もう少しここにいます",
        "では、お言葉に甘えて",
    )
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_before_leaving_narrated_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 18's togaki, once a well-then led on: 「ごちそうさま。じゃ、俺はこれで」（勝手口から帰っていく） left only
    through its じゃ; the directions after the farewell go, and going home is no going elsewhere."""
    leaving = ("「ごちそうさま。じゃ、俺はこれで」（勝手口から帰っていく）",)
    staying = ("では、これで。あ、その前にロビーに寄っていこう",)
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(21)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_then_someone_thanked_leaves(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 21's akita_ben: a どうも after a farewell and a call is thanks, no question (どう asks; どうも
    does not)."""
    leaving = ("じゃ、俺は帰ります。マスター、どうもな", "失礼します。先生、どうもね")
    staying = ("じゃ、帰ります。マスター、どうする？",)
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(23)
def test_setting_out_said_to_someone_leaves(scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 23's gifu_ben: ほんならおかん、行ってくるわ。体に気いつけてな had the one it is said to between the
    well-then and the setting out (farewell.json's person_called, parents added); with an errand it is a
    step out, not a leave. (amatsu's scene is left out: its last line asks the player to a place, and a
    setting out after it may be going there.)"""
    leaving = ("ほんならおかん、行ってくるわ。体に気いつけてな", "じゃあ母さん、行ってきます")
    staying = ("母さん、ちょっとトイレ行ってくる",)
    assert_farewells(leaving, staying, *scenes["hoshizora"], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(28)
def test_going_back_to_rest_after_a_farewell_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 28's ressha: a farewell closing a sentence, then going back to rest somewhere out of the game's
    reach, read as going somewhere and not as a leave. Going back to rest in a reachable place goes there."""
    outcome = farewell_leaves(
        None, context("では、今日はこの辺で。宿に戻ってちょっと休みます", hoshizora, stage_state, analyzer)
    )
    assert outcome is not None and outcome.action == LEAVE
    assert farewell_leaves(None, context("じゃあ、ロビーに戻って休みます", hoshizora, stage_state, analyzer)) is None


@pytest.mark.round(30)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_eastern_lets_voiced_must_go_with_neba_and_ora_taking_leave(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 30's shonai_ben, hachijo_ben and sado_ben: 帰っべ (the eastern let's voiced after っ), must-go
    with ねば (そろそろ行かねば), and おら's はこれで before parting talk were read as topics."""
    leaving = (
        "日も暮れたし、そろそろ帰っべ",
        "そろそろ行かねば。みなさん、お達者で",
        "そろそろお暇せねば",
        "ほんなら、おらはこれで。みんなも元気でな",
    )
    staying = ("帰っべか？", "行かねばならぬ理由は何だ？", "おらはこれでいいと思う")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.round(31)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_closing_particle_drawn_out_is_read_long(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 31's bingo_ben and round 30's hachijo_ben: わしゃ帰るけぇ and 休ませてもらうのー, read by plain
    speech as 帰るけ and もらうの, which ask; the drawn-out けえ (so) and のう close a farewell."""
    leaving = ("ほいじゃあ、わしゃ帰るけぇ。邪魔したの", "今日はもう休ませてもらうのー", "ほんなら帰るのぉ。")
    staying = ("もう帰るのー？", "帰るけ？", "もう帰るの？")
    assert_farewells(leaving, staying, *scenes[scene], analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(34)
def test_a_farewell_after_a_place_said_no_to_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 34's ferry crossing: やっぱり舟はやめた。街道を歩いて行くことにするよ。じゃあな named the ferry (a
    reachable place) only to say no to it, and a going out of the game's reach: no going there, a leave."""
    text = "やっぱり控え室はやめた。駅まで歩いて行くことにするよ。じゃあな"
    outcome = farewell_leaves(None, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == LEAVE
    assert farewell_leaves(None, context("やっぱり控え室に行くよ。じゃあな", hoshizora, stage_state, analyzer)) is None


@pytest.mark.round(35)
def test_leaving_the_village_or_island_now_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 35's takajo and yaeyama_ben: ありがとうございました。今日はこれで村を出ます and …これで島を出ます
    (leaving the place the story is set in) were no leave. On another day it is a plan; wished or asked, no
    going."""
    assert_farewells(
        leaving=("お世話になりました。今日でこの町を離れます", "じゃあ、そろそろ島を発つよ"),
        staying=("明日、村を出ます", "いつか島を出たい", "町を出るの？", "村を離れないで"),
        scenario=hoshizora,
        state=stage_state,
        analyzer=analyzer,
    )
