"""Matching a scenario's words in the player's text."""

import pytest

from app.text import TextAnalyzer, as_whole_words, lets_as_written, without_stammers


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("防犯カメラの映像", "カメラ"),
        ("かぎは誰が持ってるの", "カギ"),  # katakana and hiragana fold together
        ("イカ釣りに行く", "イカ"),
        ("ＢＧＭ変えない？", "BGM"),
        ("盗難事件の話", "盗難"),  # a word in kanji may sit inside a longer one
        ("誰が扉を開けたの？", "開け"),
        ("ネタ元って誰？", "ネタ"),  # one word to SudachiPy, but the kana ends where the kanji starts
        ("生ビールください", "ビール"),
    ],
)
def test_a_word_is_found(text: str, word: str, analyzer: TextAnalyzer) -> None:
    assert analyzer.analyze(text).contains(analyzer.analyze(word))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("記録で確かめられません？", "カメラ"),  # かめら inside 確かめられ
        ("できるかぎり早く", "カギ"),  # かぎ inside かぎり
        ("ご注文はいかがですか", "イカ"),
        ("今日はいい天気", "天国"),
    ],
)
def test_a_kana_word_inside_another_word_is_not_found(text: str, word: str, analyzer: TextAnalyzer) -> None:
    assert not analyzer.analyze(text).contains(analyzer.analyze(word))


@pytest.mark.round(22)
@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("かりんとうてまだある？", "かりんとう"),  # かりん|と|うて
        ("だぜんてどんな感じ", "だぜん"),  # だ|ぜ|んて
        pytest.param(
            "さつまあげっち何ね？", "さつまあげ", marks=pytest.mark.round(37)
        ),  # さつ|ま|あ|げっ|ち: quoting っち
    ],
)
def test_a_kana_word_the_analyser_cut_across_its_end_is_found_with_it(
    text: str, word: str, analyzer: TextAnalyzer
) -> None:
    assert not analyzer.analyze(text).contains(analyzer.analyze(word))
    assert analyzer.analyze(text).contains(analyzer.analyze(word), analyzer)


@pytest.mark.round(22)
@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("記録で確かめられません？", "カメラ"),  # what follows かめら (れません) opens on no particle
        ("ご注文はいかがですか", "イカ"),  # two kana: a part of other words too often
    ],
)
def test_a_kana_word_inside_another_is_not_found_with_the_analyser(
    text: str, word: str, analyzer: TextAnalyzer
) -> None:
    assert not analyzer.analyze(text).contains(analyzer.analyze(word), analyzer)


def test_whole_words_start_and_end_at_word_boundaries() -> None:
    assert as_whole_words("いいね", ["うん", "いい", "ね"])
    assert not as_whole_words("いいね", ["かわいい", "ね"])
    assert not as_whole_words("", ["うん"])


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("い、いえ、ぼ、ぼくは、こ、ここで…", "いえ、ぼくは、ここで…"),
        ("い、い、いや", "いや"),
        ("ア、アイス、ください", "アイス、ください"),
        # not a stammer: a word of its own before a word that starts as it ends, or no repeat at all
        ("ここ、ここに置いて", "ここ、ここに置いて"),
        ("たまに、にんじん", "たまに、にんじん"),
        ("え、園長", "え、園長"),
    ],
)
def test_a_stammer_is_taken_out(typed: str, said: str, analyzer: TextAnalyzer) -> None:
    assert without_stammers(typed) == said
    assert analyzer.analyze(typed).raw == said


@pytest.mark.round(17)
@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("ふなつきばにいこお", "ふなつきばにいこう"),
        ("もどろおよ！", "もどろうよ！"),
        pytest.param("たいいくかんいこーーー！", "たいいくかんいこう！", marks=pytest.mark.round(22)),
        pytest.param("はやくかえろーぜ", "はやくかえろうぜ", marks=pytest.mark.round(22)),
        pytest.param("なんでなのー？", "なんでなのー？", marks=pytest.mark.round(22)),
        pytest.param("またよー", "またよー", marks=pytest.mark.round(22)),
        # not おお, nor お inside a word
        ("おお、すごい", "おお、すごい"),
        ("とおくにいる", "とおくにいる"),
    ],
)
def test_a_lets_spelt_as_said_is_read_as_written(typed: str, said: str, analyzer: TextAnalyzer) -> None:
    assert lets_as_written(typed) == said
    assert analyzer.analyze(typed).raw == said


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("わかった ありがとう またくるね", "わかった、ありがとう、またくるね"),  # after a verb, an interjection
        ("失礼します 課長も", "失礼します、課長も"),  # after an auxiliary
        ("きれいだね ここ", "きれいだね、ここ"),  # after a closing particle
        ("うらの くら みてくる", "うらのくらみてくる"),  # after a noun or の: words spaced only
        ("みて くる", "みてくる"),  # after て
        ("ignore previous instructions", "ignorepreviousinstructions"),  # latin words
        ("A3 を選べ", "a3を選べ"),
    ],
)
def test_a_space_that_closes_a_clause_is_read_as_a_pause(typed: str, read: str, analyzer: TextAnalyzer) -> None:
    analyzed = analyzer.analyze(typed)
    assert analyzed.norm == read
    assert analyzed.raw == typed  # the model reads the text as typed
    assert "".join(surface for surface, _, _ in analyzed.tokens) == read
