"""`doing_something_at_a_place`: The player proposing or asking leave to do something at a reachable
place (館長室でゆっくり話しましょう, 警備室でカメラの映像を確認させていただきます, 展示室を拝見させて
いただいてもよろしいでしょうか) goes there: the place is named as where it is done, with no movement verb.
Not asked of someone else, not past, not a question about the place.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 4 of eval/shapes: eight moves answered なし)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import doing_something_at_a_place
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, assert_explicit_moves, each_place_and_alias

pytestmark = pytest.mark.issue(27)


@each_place_and_alias
def test_proposing_or_asking_leave_to_do_something_there_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    moving = (
        f"じゃあ{place}でゆっくり話しましょう",
        f"{alias}で腹ごしらえしよか",
        f"{place}で記録を確認させていただきます",
        f"もう一度{alias}で確認させてください",
        f"{place}を拝見させていただいてもよろしいでしょうか",
        f"先に{alias}のほう見さしてもらいますわ",
        f"{place}で休憩しよっか",
        f"{alias}で一服しよ",
        f"{place}を検めさせてもらおう",  # inspecting, in older speech (round 11)
        f"{alias}の中、見せてもらえますやろか",  # inside it (round 12)
        f"{place}で一服しもんそ",  # Kagoshima let's and I will (round 13)
        f"{alias}で話を聞いてみっど",
    )
    assert_explicit_moves(place, moving, (), scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_proposing_to_make_ones_way_there_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """The place marked as where the proposal takes the player (へ, まで), with a verb that is no
    movement verb of the lexicon: 歩く, 足を運ぶ."""
    moving = (
        f"{place}まで歩こうか",
        f"よし、{alias}まで足を運んでみるといたそう",
        f"{place}のほうへ急ぎましょう",
    )
    staying = (
        f"{alias}まで歩いた",  # past
        f"{place}まで歩いてください",  # asked of someone else
        f"{alias}へはどう行くんでしょうか",  # asks the way
    )
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_asked_of_someone_else_past_wondered_or_asked_about_is_no_move(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    staying = (
        f"{place}で待っててください",  # asked of someone else
        f"{alias}で話した",  # past
        f"{place}で話そうと思ったけど",  # a thought, not a proposal
        f"{alias}で何をしましょうか",  # asks what
        f"{place}って何時まで開いてる？",  # about the place
        f"鍵のことで{alias}の人と話そう",  # the place only qualifies someone
        f"{place}で待ってろ",  # an order
        f"{alias}でやったんだろう",  # a guess
        f"{place}で休ませてもらったよ",  # past
        f"{alias}で拾った鍵、確認させてください",  # what was done there describes a thing
        f"{place}の方が広いけど、ここで話しましょう",  # done here instead
        f"{alias}で待ってもらおう",  # someone else made to
        f"{place}では静かにしましょう",  # a rule for the place
        f"今度、{alias}で星でも見ませんか。また別の夜にでも",  # put off to another night (round 12)
        f"{place}でゆっくり話そうかな…どうしよう",  # left undecided (round 13)
    )
    assert_explicit_moves(place, (), staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_trying_something_there_after_a_clause_of_its_own_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 6: 似たような手口の過去の事件、資料室で当たってみるか answered なし: てみるか was no let's, and the
    clause before the place counted against it."""
    moving = (f"似たような手口の過去の事件、{place}で当たってみるか", f"{alias}で調べてみるかな")
    staying = (f"{place}で調べてみるかって言われても", f"似たような事件、{alias}で調べたか？")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_towards_a_place_without_going_or_after_a_time_clause_is_no_move(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Review of issue 27's round-6 changes: へ or まで with a verb that goes nowhere, and a time or a
    condition in a clause before the place, made false moves."""
    staying = (
        f"{place}まで届く声で歌おう！",
        f"{alias}へ電話してみよう",
        f"{place}までケーブル延ばそう",
        f"ライブ終わったら、{alias}で物販手伝おう",
        f"あとで、{place}で話そう",
        f"次の休憩のとき、{alias}で話しましょう",
    )
    assert_explicit_moves(place, (), staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_trying_it_said_plainly_or_deciding_to_oneself_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 6: 北口のロータリーでユウキを待ってみる answered なし: a plain てみる and a verb before か
    (一杯やるか) closed no intention."""
    moving = (f"{place}でしばらく様子を見てみる", f"{alias}で何か食べるか", f"じゃあ{place}で一服するかな")
    staying = (
        f"{place}で待ってみる？",  # asked
        f"{alias}で調べてみろ",  # an order
        f"{place}に誰かいるか",  # a being
        f"{alias}でやってるか",  # ongoing
        f"{place}で食べたか",  # past
    )
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@each_place_and_alias
def test_a_short_lets_or_a_wont_you_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 7: ドリバでなんか飲も and 居酒屋で一杯やりながら話しませんか answered なし."""
    moving = (f"{place}でなんか飲も", f"{alias}で一杯やりながら話しませんか")
    staying = (f"{place}で見ろ", f"{alias}で待っていませんか", f"{place}で見ませんでしたか")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@pytest.mark.round(15)
@each_place_and_alias
def test_an_opener_set_off_before_the_place_or_a_spoken_causative_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 15 (Kanazawa): ほんなら、工房で聞かしてもらうわ answered なし."""
    moving = (f"ほんなら、{place}で聞かしてもらうわ", f"それなら、{alias}で話しましょう")
    staying = (f"{place}で聞かしてもらった", f"ほんなら、{alias}で聞かしてもらえる？")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@pytest.mark.round(17)
@each_place_and_alias
def test_a_place_weighed_in_a_sentence_before_the_last_is_not_gone_to(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 17 (comparing): 温室を見るか部屋に戻るか…いや、今夜はもう休みます moved to the greenhouse."""
    moving = (f"ここに残るか帰るか…それなら、{alias}で話しましょう",)
    staying = (f"{place}を見るか部屋に戻るか…いや、今夜はもう休みます", f"{alias}を調べるか、帰るか…")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@pytest.mark.issue(27)
@pytest.mark.round(18)
@each_place_and_alias
def test_trying_staying_or_dropping_by_to_do_something_there_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 18: 喫茶店で美和さんに聞いてみます, 先に食堂で待ってようかな, お宮で鬼の話でも聞いてこうかのう went
    nowhere (intention.json knew てみる, not てみます; ていよう and ていこう contracted were no intention)."""
    moving = (f"{place}で話を聞いてみます", f"先に{alias}で待ってようかな", f"{place}で話でも聞いてこうかのう")
    staying = (f"{place}で話を聞いてみました", f"{alias}で待ってよ", f"{place}で話を聞いてみますか")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@pytest.mark.round(31)
@each_place_and_alias
def test_walking_about_a_place_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 31's shashinkan and tsushima_ben: 商店街をもう少し歩いてみるよ and 浜ば歩いてみるけん (Kyushu's ば
    for を; the western けん, so, closing the try) went nowhere: 歩く went only towards a place (へ, まで)."""
    moving = (f"{place}をもう少し歩いてみるよ", f"{alias}ば歩いてみるけん", f"{place}の中を散歩しよう")
    staying = (f"{place}を歩いた", f"{alias}を歩いてみる？", f"{place}を歩いてる人がいた")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)


@pytest.mark.round(35)
@each_place_and_alias
def test_a_yes_before_the_proposal_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 35's enden: asked to help carry the salt to the harbour, いいですよ、港まで運びましょう went nowhere:
    a yes set off before the place was read as what the place's clause follows, as a noun would be."""
    moving = (f"いいですよ、{place}まで運びましょう", f"ええよ、{alias}まで歩こうか")
    staying = (f"いいですね、{place}で働くのは", f"いいですよ、{alias}まで運んでください")
    assert_explicit_moves(place, moving, staying, scenes, scene, analyzer, rule=doing_something_at_a_place)
