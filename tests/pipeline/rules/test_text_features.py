"""Text features the rules share (movement and leave cues, farewells,
invitations, shared runs).

`round(n)` marks the evaluation round whose held-out sets found a case."""

from __future__ import annotations

import pytest

from app.pipeline.candidates import build_candidates
from app.pipeline.readings.movement import has_movement_cue
from app.pipeline.readings.text import (
    lcs_length,
    longest_shared_phrase,
    longest_shared_run,
    mentioned_moves,
    names_place,
    says_a_word,
    sentences_of,
)
from app.pipeline.refine import going_to_a_person
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move


def test_lcs() -> None:
    assert lcs_length("abcde", "ace") == 3


@pytest.mark.round(14)
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("船長、出るのは四時で変わりないですか", "船"),
        ("店長、今日は何時までですか", "店"),
        ("漁港に着いたぞ", "港"),
    ],
)
def test_a_place_inside_a_longer_kanji_word_is_not_named(text: str, place: str, analyzer: TextAnalyzer) -> None:
    assert names_place(analyzer.analyze(text), place) is False


@pytest.mark.round(14)
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("船に戻る", "船"),
        ("店の前で待ってます", "店"),
        ("がくやにもどるね", "がくや"),
        ("控え室前に集合", "控え室"),
    ],
)
def test_a_place_named_as_a_word_is_named(text: str, place: str, analyzer: TextAnalyzer) -> None:
    assert names_place(analyzer.analyze(text), place) is True


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("text", "place", "named"),
    [
        ("じゃあ私はこれで…", "ハコ", False),  # は|これ: a kana name across two words (round 6: a false move)
        ("それ、はこんでくれる？", "はこ", False),  # inside a longer kana word (運んで)
        ("ハコ行こう", "ハコ", True),
        ("らいぶはうすいこう", "ライブハウス", True),  # a longer one, however the analyser cuts the kana
    ],
)
def test_a_kana_name_starts_and_ends_where_words_do(text: str, place: str, named: bool, analyzer: TextAnalyzer) -> None:
    assert names_place(analyzer.analyze(text), place) is named


@pytest.mark.issue(27)
@pytest.mark.round(36)
@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("明るいうちに浜を見てこよう", False),  # a while (round 36's miyako_ben: 今のうちに went home)
        ("今のうちに倉庫へ行こう", False),
        ("そのうち行くね", False),  # some day
        ("うちらも一緒に行ってええ？", False),  # the western and girlish we
        ("うちも見に行く", False),
        ("うちに帰ろうかな", True),
        ("ばあちゃんのうちへ寄ってく", True),
    ],
)
def test_a_word_that_holds_home_s_alias_and_means_else_names_no_place(
    text: str, named: bool, analyzer: TextAnalyzer
) -> None:
    """うち, the home many games name so, is also a while, some day and I: movement.json's not_a_place."""
    assert names_place(analyzer.analyze(text), "うち") is named


def test_longest_shared_run() -> None:
    assert longest_shared_run("搬入口の辺りで誰か", "リハの途中、搬入口の辺りで帽子の男") == 7
    assert longest_shared_run("abc", "xyz") == 0


@pytest.mark.issue(27)
def test_a_place_typed_in_kana_is_named_by_how_it_reads(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 6: へや もどる (a phone player, not converting) named no place; in a text with no kanji a name
    is also found by its reading, as a word of its own, and not by one kana (課 reads か). Round 11 (voice
    input: とけいとうに行ってみます): in a mixed text too, for a reading of three kana or more."""
    candidates = tuple(build_candidates(stage_state, hoshizora))
    for text in ("がくやに いこう", "おんきょうぶーす いこう", "がくやに行こう"):
        named = mentioned_moves(analyzer.analyze(text), candidates, analyzer)
        assert named and named[0].action in (move("控え室"), move("音響ブース")), text
    assert mentioned_moves(analyzer.analyze("がくやに いこう"), candidates) == []  # without the analyser
    # (nor a longer word that starts like one, nor a verb or a particle that reads like one)
    for text in ("さっさとがくせいと行こう",):
        assert mentioned_moves(analyzer.analyze(text), candidates, analyzer) == [], text


def _with_aliases(scenario: Scenario, aliases: dict[str, list[str]]) -> Scenario:
    """`scenario` with more aliases for some of its characters and places."""
    characters = [c.model_copy(update={"aliases": [*c.aliases, *aliases.get(c.id, [])]}) for c in scenario.characters]
    locations = [p.model_copy(update={"aliases": [*p.aliases, *aliases.get(p.id, [])]}) for p in scenario.locations]
    return scenario.model_copy(update={"characters": characters, "locations": locations})


@pytest.mark.round(19)
@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("ロビーの主に会いに行きたいな", []),  # a character's alias (aishou: ひまわりのママ, not the café)
        ("ロビー前ステージって広いね", []),  # the place the player is in (ひまわり通り, the street)
        ("ロビー裏の倉庫に行こう", []),  # a place out of reach
        ("ロビーの主に会う前に、ロビーに寄ろう", ["ロビー"]),  # named once more on its own
        ("ロビーに行こう", ["ロビー"]),
    ],
)
def test_a_place_named_only_inside_another_name_of_the_scenario_is_not_named(
    text: str, named: list[str], hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 19's aishou: ひまわりのママに会いに行きたいな went to the café ひまわり, not to the shrine where she
    was; ひまわり通りってこの商店街のことだったんだ, the street the player stood in, to the café too. A reachable
    place's name inside a longer name of a character, of the current place or of a place out of reach is
    not that place; a character's, where the state says where they are (present, or `elsewhere`)."""
    aliases = {"真壁": ["ロビーの主"], "ステージ": ["ロビー前ステージ"], "裏口": ["ロビー裏の倉庫"]}
    scenario = _with_aliases(hoshizora, aliases)
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "控え室"}})
    ctx = context(text, scenario, state, analyzer)
    assert [c.action.target for c in ctx.moves_named()] == named
    # (without the scenario's other names, as before: the name is found)
    assert [c.action.target for c in mentioned_moves(ctx.text, ctx.candidates, analyzer)] == ["ロビー"]
    # (nor where the state does not say where he is: ロビーの主 may well be in the ロビー; 駐在さん, 駐在所)
    unknown = context(text, scenario, stage_state, analyzer)
    assert [c.action.target for c in unknown.moves_named()] == (["ロビー"] if "主" in text else named)


@pytest.mark.round(19)
def test_going_to_see_someone_whose_name_holds_a_place_goes_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    scenario = _with_aliases(hoshizora, {"真壁": ["ロビーの主"]})
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "控え室"}})
    outcome = going_to_a_person(None, context("ロビーの主に会いに行きたいな", scenario, state, analyzer))
    assert outcome is not None and outcome.action == move("控え室")


@pytest.mark.parametrize(("text", "said"), [("彼を追う", True), ("彼岸に行こう", False), ("あの人のとこ", True)])
def test_a_word_said_as_a_word_of_its_own(text: str, said: bool, analyzer: TextAnalyzer) -> None:
    assert says_a_word(analyzer.analyze(text), ("彼", "あの人")) is said


def test_the_longest_shared_phrase_is_the_longest_that_is_kept() -> None:
    assert longest_shared_phrase("一つ目の角を曲がって", "廊下の一つ目の角を曲がってすぐ") == "一つ目の角を曲がって"
    assert longest_shared_run("一つ目の角を曲がって", "廊下の一つ目の角を曲がってすぐ") == 10
    # (kept: no の at either end)
    kept = longest_shared_phrase("右の扉の先", "左の扉の先の部屋", lambda phrase: not phrase.startswith("の"))
    assert kept == "扉の先"


@pytest.mark.issue(27)
@pytest.mark.round(23)
@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("手術室…入るの…？ほんとに…？", ["手術室...入るの...?", "ほんとに...?"]),  # the analyser cuts 入る|の|.|.|.|?
        ("本当！？じゃあ行こう", ["本当!?", "じゃあ行こう"]),
        ("はい。行きます", ["はい。", "行きます"]),
    ],
)
def test_a_run_of_closing_marks_closes_one_sentence(text: str, sentences: list[str], analyzer: TextAnalyzer) -> None:
    """Round 23's haikyo: cut after each mark, 入るの…？ was a sentence 入るの. and a question mark alone, and a
    question asked with an ellipsis read as none."""
    assert [s.norm for s in sentences_of(analyzer.analyze(text))] == sentences


@pytest.mark.issue(27)
@pytest.mark.round(31)
def test_going_to_greet_someone_named_anywhere_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's zeikan: 林社長がお見えでしたら、ちょっとご挨拶してきます named the president as the
    subject of a condition, then went to greet him; to_see_someone did not know greeting."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "控え室"}})
    outcome = going_to_a_person(
        None, context("真壁さんがお見えでしたら、ちょっとご挨拶してきます", hoshizora, state, analyzer)
    )
    assert outcome is not None and outcome.action == move("控え室")
    assert going_to_a_person(None, context("真壁さんにはもうご挨拶してきた", hoshizora, state, analyzer)) is None


@pytest.mark.round(33)
@pytest.mark.parametrize("text", ["行く、ないよ", "戻る、ない", "帰らんば"])
def test_a_verb_whose_clause_ends_at_once_is_read_without_error(text: str, analyzer: TextAnalyzer) -> None:
    """A movement verb followed at once by a pause, then a negative (行く、ないよ), left its "must" check
    an empty clause, which the check for Kyushu's 帰らんば first read past its end."""
    assert has_movement_cue(analyzer.analyze(text)) in (True, False)


@pytest.mark.issue(27)
@pytest.mark.round(37)
@pytest.mark.parametrize(
    "text",
    [
        "真壁じいのとこに行ってくる",
        "真壁さんのところに顔出してきます",
        "真壁さんの顔見てくるっちょ",
        "真壁さんのとこ寄ってくだよ",
    ],
)
def test_going_to_someone_as_village_speech_says_it(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 37: a kin word after the name as its honorific (勇吉おじ, トメばあ), 顔出してくる (read 顔出し +
    てく), a くる run on into its particle (見てくるっちょ: くるっ, the adverb) and the copula after a going
    (寄ってくだっけ, read as a past) each hid a going to see someone."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "控え室"}})
    outcome = going_to_a_person(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("控え室")
    assert going_to_a_person(None, context("真壁じいのとこに行ってきた", hoshizora, state, analyzer)) is None
