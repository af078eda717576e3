"""A scenario's `phrases` (contract section 1) add to the built-in lexicon for that scenario only."""

import json
from pathlib import Path

import pytest

from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.candidates import build_candidates
from app.pipeline.interpret import Interpreter
from app.pipeline.refine import (
    RuleContext,
    ScenarioPhrases,
    agreement_to_invitation,
    farewell_leaves,
    leave_needs_cue,
    move_needs_movement,
    refusal_to_invitation,
)
from app.scenario import Phrases, Scenario, load_scenario_dir
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.conftest import SCENARIO_DIR
from tests.fakes import FakeBackend

pytestmark = pytest.mark.issue(27)

# Words no built-in list has: a made-up register, so only the scenario's phrases can make them count.
MADE_UP = {
    "farewell": ["ぬるぽんぬでごわす"],
    "invitation": ["ぺけぽん"],
    "agreement": ["ぽんぽこりん"],
    "refusal": ["やだぴょろ"],
    "movement": ["ワープ"],
}


def with_phrases(scenario: Scenario, phrases: dict[str, list[str]]) -> Scenario:
    return scenario.model_copy(update={"id": scenario.id + "_dialect", "phrases": Phrases(**phrases)})


def context(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> RuleContext:
    candidates = tuple(build_candidates(state, scenario))
    return RuleContext(analyzer.analyze(text), state, candidates, analyzer, ScenarioPhrases.of(scenario.phrases))


def invited(state: GameState, line: str) -> GameState:
    return GameState.model_validate({**state.model_dump(), "last_line": {"speaker": "灯", "text": line}})


def test_a_scenario_farewell_leaves_in_that_scenario_only(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    dialect = with_phrases(hoshizora, MADE_UP)
    interpreter = Interpreter({s.id: s for s in (hoshizora, dialect)}, FakeBackend(), analyzer)
    for text in ("ぬるぽんぬでごわす", "では、ぬるぽんぬでごわす！"):
        there = interpreter.interpret(dialect.id, text, stage_state)
        assert (there.action, there.decided_by) == (LEAVE, "rule:farewell_leaves"), text
        elsewhere = interpreter.interpret(hoshizora.id, text, stage_state)
        assert elsewhere.decided_by != "rule:farewell_leaves", text
    asked = interpreter.interpret(dialect.id, "ぬるぽんぬでごわすって何？", stage_state)
    assert asked.decided_by != "rule:farewell_leaves"


@pytest.mark.round(26)
def test_a_scenario_farewell_ends_with_any_particle_and_before_a_parting_wish(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 26's yamanashi_ben: the writer listed けえるよ; the player said おれはこれでけえるね、…達者でな
    (the model read a topic the words filter had removed). A farewell listed with one closing particle
    ends with another, and a parting wish in a clause of its own may follow it; bare, it is no farewell
    (Hokkaido's したらね: したら opens a sentence), nor with a particle when under three characters or a
    well-then."""
    dialect = with_phrases(hoshizora, {"farewell": ["ぬるぽんよ", "いぬわ", "ほんならね"]})
    interpreter = Interpreter({s.id: s for s in (hoshizora, dialect)}, FakeBackend(), analyzer)
    for text in (
        "ぬるぽんね",
        "もうぬるぽんな",
        "おれはこれでぬるぽんね、みんなも元気でな",
        "ぬるぽんよ、気をつけてね",
    ):
        there = interpreter.interpret(dialect.id, text, stage_state)
        assert (there.action, there.decided_by) == (LEAVE, "rule:farewell_leaves"), text
    for text in (
        "うちのいぬよ",
        "わかった、ほんならな",
        "ぬるぽんね？",
        "ぬるぽんの話、元気でな",
        "ぬるぽん、ごはん食べるわ",
    ):
        assert interpreter.interpret(dialect.id, text, stage_state).decided_by != "rule:farewell_leaves", text


@pytest.mark.round(27)
def test_a_scenario_agreement_opens_the_reply_or_a_clause(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 27's chiba_ben: なんだか雨降りそうだっぺな holds the writer's んだ (in なんだか) and そうだっぺ (after
    降り); it agreed to go where the last line invited (a false move). A scenario's yes counts where a
    built-in one does: opening the reply or a clause of it."""
    state = invited(stage_state, "控え室、一緒に見に行ってみる？")
    dialect = with_phrases(hoshizora, {"agreement": ["んだ", "そうだっぺ"]})
    for text in ("んだ、ぬるぽん", "おう、そうだっぺ"):
        yes = agreement_to_invitation(None, context(text, dialect, state, analyzer))
        assert yes is not None and yes.action == Action("move", "控え室"), text
    for text in ("なんだか風が強そうだっぺな", "読んだ"):
        assert agreement_to_invitation(None, context(text, dialect, state, analyzer)) is None, text


def test_a_scenario_farewell_lets_a_leave_stand(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    text = "ぬるぽんぬでごわす、ギターは見つけるぞ"
    assert leave_needs_cue(LEAVE, context(text, hoshizora, stage_state, analyzer)) is not None
    assert leave_needs_cue(LEAVE, context(text, with_phrases(hoshizora, MADE_UP), stage_state, analyzer)) is None


def test_a_scenario_movement_phrase_makes_a_named_place_a_move(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    text = "控え室にワープする"
    to_green_room = Action("move", "控え室")
    assert move_needs_movement(to_green_room, context(text, hoshizora, stage_state, analyzer)) is not None
    dialect = with_phrases(hoshizora, MADE_UP)
    assert move_needs_movement(to_green_room, context(text, dialect, stage_state, analyzer)) is None


def test_a_scenario_movement_phrase_set_on_another_day_is_no_going(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 10: いいえ、としょしつ は あとで いきます, with いきます the scenario's own, is going later."""
    dialect = with_phrases(hoshizora, MADE_UP)
    assert context("控え室にワープする", dialect, stage_state, analyzer).moves_in_text()
    assert not context("控え室には明日ワープする", dialect, stage_state, analyzer).moves_in_text()
    assert not context("控え室 は あとで ワープ", dialect, stage_state, analyzer).moves_in_text()


@pytest.mark.round(21)
@pytest.mark.parametrize(
    ("text", "going"),
    [
        ("控え室のほうへぬるぽくか", True),
        ("控え室までぬるぽいてみる", True),
        ("控え室でぬるぽきましょう", True),
        ("控え室にぬるぽこう", True),
        ("昨日は控え室までぬるぽいた", False),
    ],
)
def test_a_scenario_movement_verb_counts_as_conjugated_going_now(
    text: str, going: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 21's nagasaki_ben: さるく given, さるいてみよう said. A verb given in its dictionary form counts
    in its て form, before ます and as a let's; not in the past."""
    dialect = with_phrases(hoshizora, {"movement": ["ぬるぽく"]})
    assert context(text, dialect, stage_state, analyzer).moves_in_text() is going


def test_a_scenario_invitation_and_its_yes_and_no(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = invited(stage_state, "控え室、ぺけぽん")
    dialect = with_phrases(hoshizora, MADE_UP)
    yes = agreement_to_invitation(None, context("ぽんぽこりん！", dialect, state, analyzer))
    assert yes is not None and yes.action == Action("move", "控え室")
    assert agreement_to_invitation(None, context("ぽんぽこりん！", hoshizora, state, analyzer)) is None
    no = refusal_to_invitation(None, context("やだぴょろ", dialect, state, analyzer))
    assert no is not None and no.action == NONE
    assert refusal_to_invitation(None, context("やだぴょろ", hoshizora, state, analyzer)) is None
    assert agreement_to_invitation(None, context("やだぴょろ", dialect, state, analyzer)) is None


@pytest.mark.round(31)
def test_a_scenario_refusal_right_after_a_noun_says_what_the_noun_is(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's bingo_ben lists ええわ (no need) among its refusals; ええ天気じゃのう、川風が気持ちええわ, to an
    offer of a ride, praised the breeze and declined nothing. After a first person or an adverb it declines."""
    state = invited(stage_state, "控え室まで、車で乗せちゃろうか？")
    dialect = with_phrases(hoshizora, {"refusal": ["ええわ"]})
    for text in ("いや、ええわ", "わしはええわ", "もうええわ"):
        no = refusal_to_invitation(None, context(text, dialect, state, analyzer))
        assert no is not None and no.action == NONE, text
    assert (
        refusal_to_invitation(None, context("ええ天気じゃのう、川風が気持ちええわ", dialect, state, analyzer)) is None
    )


def test_phrases_load_from_a_scenario_file_and_unknown_kinds_are_refused(tmp_path: Path) -> None:
    source = json.loads((SCENARIO_DIR / "hoshizora.json").read_text(encoding="utf-8"))
    (tmp_path / "good.json").write_text(
        json.dumps({**source, "id": "good", "phrases": {"farewell": ["さらばじゃ"]}}, ensure_ascii=False),
        encoding="utf-8",
    )
    (tmp_path / "bad.json").write_text(
        json.dumps({**source, "id": "bad", "phrases": {"farewells": ["さらばじゃ"]}}, ensure_ascii=False),
        encoding="utf-8",
    )
    loaded = load_scenario_dir(tmp_path)
    assert loaded.scenarios["good"].phrases.farewell == ["さらばじゃ"]
    assert "bad" not in loaded.scenarios
    assert any("farewells" in str(problem) for problem in loaded.problems)


def _assert_going_to_a_person(
    scenario: Scenario, state: GameState, analyzer: TextAnalyzer, going: tuple[str, ...], staying: tuple[str, ...] = ()
) -> None:
    """Each text of `going` is the move to ロビー, where the state has 真壁, by going_to_a_person; none of
    `staying` is decided by that rule."""
    interpreter = Interpreter({scenario.id: scenario}, FakeBackend(), analyzer)
    for text in going:
        result = interpreter.interpret(scenario.id, text, state)
        assert (result.action, result.decided_by) == (Action("move", "ロビー"), "rule:going_to_a_person"), text
    for text in staying:
        assert interpreter.interpret(scenario.id, text, state).decided_by != "rule:going_to_a_person", text


def test_going_to_see_an_absent_character_is_the_move_to_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Seed 001: 「ママに会いに行こう」 in the back room is the move to the room where she is."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("店長に会いに行こう", "真壁さんのところへ行ってくる", "マスターに話を聞きに行きましょう")
    # issue 27's new-shape sets: the person with にも, a purpose of one's own, or left unsaid after being named
    going += (
        "真壁さんにも話を聞きに行こう",
        "店長に相談しに行ってきます",
        "店長、今どこかな。ちょっと会いに行ってくる",
    )
    _assert_going_to_a_person(hoshizora, state, analyzer, going)
    interpreter = Interpreter({hoshizora.id: hoshizora}, FakeBackend(), analyzer)
    # where the player cannot go, going to see them is nothing the game can act on
    far = stage_state.model_copy(update={"elsewhere": {"真壁": "裏口"}})
    result = interpreter.interpret(hoshizora.id, "店長に会いに行こう", far)
    assert (result.action, result.decided_by) == (NONE, "rule:going_to_a_person")
    # not without `elsewhere`, not asked or past, not named alone, not in a sentence that does not move
    misses = [
        (stage_state, "店長に会いに行こう"),
        (state, "店長に会いに行った？"),
        (state, "店長って怖い？"),
        (state, "店長に怒られた。ロビーは広いね"),
        (state, "店長に言っておいて"),
    ]
    for where, text in misses:
        assert interpreter.interpret(hoshizora.id, text, where).decided_by != "rule:going_to_a_person", text


@pytest.mark.round(27)
def test_going_to_someone_while_naming_the_place_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 27's miyazaki_ben: 源じいなら山のこと…知っちょるかい、会いに行こや names the mountain road (山, one
    of its names) as what 源じい knows about, and he is there: going to him goes there. A place named that
    is not where they are leaves it to explicit_move and the model."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    _assert_going_to_a_person(
        hoshizora,
        state,
        analyzer,
        ("ロビーのことなら真壁さんだ。会いに行こう",),
        ("控え室のことなら真壁さんだ。会いに行こう",),
    )


@pytest.mark.round(18)
def test_meeting_an_absent_character_now_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's togaki: 僕は若旦那に直接会ってみることにした had no movement verb, and its decision (ことにした)
    read as past. Meeting someone absent, now, goes where they are; not met before, not a meeting that leads
    on to a farewell (fukusuu: 葛城さんにも会いたいけど、今日はもう遅いし、失礼します)."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("僕は店長に直接会ってみることにした", "真壁さんに会ってみます")
    staying = ("店長に会ったことある？", "店長には会ってない", "店長にも会いたいけど、今日はもう遅いし、失礼します")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(24)
def test_joining_up_with_an_absent_character_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 24's sennyuu: joining up (合流) with someone elsewhere is meeting them where they are; not
    joined already, nor someone else joining."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("店長と合流する", "真壁さんと合流しよう")
    staying = ("店長と合流した", "店長はもう真壁さんと合流してる？")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(18)
def test_a_longer_name_of_another_is_not_the_shorter_one(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's dousei: 大親方に見てもらいに行ってきます found both 大親方 and 親方 (another's name inside it),
    two places, and went nowhere."""
    minato = next(c for c in hoshizora.characters if c.id == "湊")
    renamed = minato.model_copy(update={"aliases": [*minato.aliases, "副店長"]})
    scenario = hoshizora.model_copy(
        update={"characters": [renamed if c.id == "湊" else c for c in hoshizora.characters]}
    )
    state = stage_state.model_copy(update={"present": ["灯"], "elsewhere": {"真壁": "控え室", "湊": "ロビー"}})
    _assert_going_to_a_person(scenario, state, analyzer, ("副店長に見てもらいに行ってきます",))


@pytest.mark.issue(27)
def test_going_to_someone_s_place_or_to_see_their_face(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """New-shape sets: someone's place said as とこ (堀さんとこ顔出してくるね), seeing their face (ミオちゃんの
    顔見に行ってこよう), and a guess about them in another sentence (辰じいさんなら何か知ってるかも。…会いに
    行ってきます, whose 知って read as a question about a place)."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = (
        "真壁さんとこ顔出してくるね",
        "店長の顔見に行ってこよう",
        "店長なら何か知ってるかも。ちょっと会いに行ってきます",
        "真壁さんたちのところへ行ってくる",  # a plural after the name (round 10)
        "店長の様子見に行こか",  # the particle dropped (round 10)
        "真壁さんに聞きたいことがあるから、ちょっと行ってくる",  # not 行ったことがある？ (round 9)
        "店長の店戻ろうや",  # someone's shop (round 11)
        "真壁さんとこ",  # someone's place and nothing else (round 12)
        "店長んとこへ！",
        "店長とこ、寄せてもらお",  # Kyoto: calling on someone (round 12)
        # round 14: the name in kana, as it reads; Sendai さ (to), どご (place), 行ぐ; looking for them;
        # a polite close run into the next sentence (voice input)
        "まかべさんにあいにいってみる",
        "真壁さんさ話聞きさ行ぐべ",
        "店長のどごさ戻っぺ",
        "店長探しさ行ってくっから",
        "店長のとこ戻ります報告しないと",
        "店長の様子を見てきます",  # checking on them and coming back (round 16)
    )
    staying = (
        "真壁さんまだ来ねぇなあ",  # さ opens さん here: no Sendai さ (to)
        "店長のところって行ったことある？",
        "店長とこのお店、知ってる？",
        "店長とこの猫",
        "さっき店長に『また来ます』って言っちゃったんですよね",  # words quoted (round 12)
        "ステージの様子を見てきます",  # a place's, not the person's (round 16)
    )
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(29)
def test_checking_on_someone_with_a_pause_or_an_adverb_between_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 29: 佐伯さんの様子、ちょっと見てきますね (eigakan) put a pause and an adverb between 様子 and 見てき,
    and 源じいの顔見てくるわ (noto_ben) saw the person's face and came back: both go where that person is. Not
    the face or the state of a place, nor one seen already."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = (
        "店長の様子、ちょっと見てきますね",
        "真壁さんの様子を少し見てくる",
        "店長の顔見てくるわ",
        "真壁さんの顔を見てきます",
    )
    staying = ("ステージの様子、ちょっと見てきます", "店長の顔、さっき見てきた")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(22)
def test_going_to_someone_so_called_or_to_fetch_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 22: the one named and what they are called (あの真壁って人のとこ), fetching them with the
    particle dropped (店長呼んでくる, 真壁さん迎えに行こう), and Fukui's closing ざ after the going."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = (
        "あの真壁って人のとこ、今から行かないと",
        "真壁という男のところへ行く",
        "店長呼んでくる！",
        "真壁さん迎えに行こう",
        "店長のとこ行ってくるざ",
    )
    staying = ("真壁って人のこと知ってる？", "店長が呼んでくる", "店長呼んで来てくれる？")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(26)
def test_going_to_wake_someone_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 26's kishukusha: 起こしてくるわ, said of a dorm-mate asleep in their room, goes there (the
    model read なし); woken already, or asked of another, it does not."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("真壁さん、まだ寝てるのかな。起こしてくるわ", "真壁さんを起こしに行こう")
    staying = ("真壁さんを起こしてきた", "真壁さん起こしてきてくれる？")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


def test_elsewhere_must_name_known_characters_and_places(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    from app.errors import StateError

    for elsewhere, field in (({"誰か": "ロビー"}, "state.elsewhere"), ({"真壁": "月面"}, "state.elsewhere.真壁")):
        with pytest.raises(StateError) as error:
            build_candidates(stage_state.model_copy(update={"elsewhere": elsewhere}), hoshizora)
        assert error.value.field == field


@pytest.mark.issue(27)
def test_visiting_a_person_humbly_is_going_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 5: 宮本さんのところにも一応伺ってみます visits someone (movement.json's visiting); for a place,
    or with nobody absent named, 伺う asks (ちょっと伺いたいんですが)."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("真壁さんのところにも一応伺ってみます", "店長のところへお邪魔しよう")
    staying = (
        "ちょっと伺いたいんですが",
        "真壁さんのところに伺ったのは昨日です",
        "店長に伺ってみます",
        "真壁さんに伺えばわかるかな？",
    )
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(30)
def test_a_visit_promised_with_a_scenario_going_word_after_a_farewell_still_leaves(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 30's hachijo_ben: おいとまするのー。またおじゃるわ (おじゃる, to come, among the scenario's movement
    phrases) was no leave: the scenario's going word after the farewell read as going elsewhere. A clause
    opening on また promises a later visit; the same word without it still goes."""
    dialect = with_phrases(hoshizora, {"movement": ["ワープする"]})
    leaving = ("では、失礼します。またワープするよ", "さよなら、またワープします")
    staying = ("では、失礼します。ワープするよ",)
    for text in leaving:
        outcome = farewell_leaves(None, context(text, dialect, stage_state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in staying:
        assert farewell_leaves(None, context(text, dialect, stage_state, analyzer)) is None, text


@pytest.mark.round(32)
def test_a_then_that_starts_like_a_scenario_yes_agrees_to_nothing(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 32's kesennuma_ben lists んだ among its yeses; ごっそさん。んだらおれ帰っから (thanks for the meal;
    well then, I'm off home) opens its clause with んだら, "well then", and went where the last line invited
    (a false move). A longer opener that begins as the phrase does is not the phrase."""
    state = invited(stage_state, "控え室、一緒に見に行ってみる？")
    dialect = with_phrases(hoshizora, {"agreement": ["んだ"]})
    assert agreement_to_invitation(None, context("ごっそさん。んだらおれ帰っから", dialect, state, analyzer)) is None
    yes = agreement_to_invitation(None, context("ごっそさん。んだ、行ぐべ", dialect, state, analyzer))
    assert yes is not None and yes.action == Action("move", "控え室")


@pytest.mark.round(33)
def test_going_to_talk_with_someone_goes_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 33's hataya: talking with someone and coming back (…とお話ししてまいります) went nowhere, for
    movement.json's to_see_someone knew seeing, fetching and greeting but not talking or consulting, nor
    the humble まいる after them. Talked with already, or asked of another, it does not go."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = (
        "店長とちょっと話してくる",
        "真壁さんとお話ししてまいります",
        "店長に相談してきます",
        "真壁さんにご挨拶してまいります",
    )
    staying = ("店長とはもう話してきました", "店長と話してきてくれる？")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)


@pytest.mark.round(34)
def test_a_reply_with_a_scenario_farewell_does_not_go_along(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 34's tango_ben: asked to fetch someone from a reachable place, the player said ほんなら、いんでくるわ。
    おおきに, with いんでくるわ one of the writer's farewells; the yes was read as going along there. A reply
    that closes a sentence on one of the scenario's farewells is no going along; where it is no listed farewell,
    it goes, and so does a listed farewell that only opens a clause (minato lists ほな: ええですね、ほな一緒に
    行きましょか went along, and went nowhere with the first version, which read the farewells anywhere)."""
    state = invited(stage_state, "ロビーに行ってみない？")
    text = "そしたら、いんでくるわ。おおきにな"
    dialect = with_phrases(hoshizora, {"farewell": ["いんでくるわ"]})
    assert agreement_to_invitation(None, context(text, dialect, state, analyzer)) is None
    gone = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert gone is not None and gone.action == Action("move", "ロビー")
    opening = with_phrases(hoshizora, {"farewell": ["ほな"]})
    along = agreement_to_invitation(None, context("ええやん、ほな一緒に行こか", opening, state, analyzer))
    assert along is not None and along.action == Action("move", "ロビー")


@pytest.mark.round(35)
def test_a_scenario_word_that_holds_a_no_is_no_no(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 35's oki_ben lists 行かいや (let's go) among its invitations; ええよ、行かいや, yes to going to fetch
    grandfather, went nowhere, for the built-in refusals read its いや as a no. A word the scenario lists for
    inviting, agreeing or moving is its own; a no outside one is still a no."""
    state = invited(stage_state, "一緒にロビーへ行かいや。")
    dialect = with_phrases(hoshizora, {"invitation": ["行かいや"]})
    yes = agreement_to_invitation(None, context("ええね、行かいや", dialect, state, analyzer))
    assert yes is not None and yes.action == Action("move", "ロビー")
    assert agreement_to_invitation(None, context("ええね、行かいや", hoshizora, state, analyzer)) is None
    assert agreement_to_invitation(None, context("いや、行かん", dialect, state, analyzer)) is None


@pytest.mark.round(35)
def test_taking_something_to_someone_s_place_is_going_to_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 35's shikki: asked to have the master look at a bowl, the player said 親方のところへお持ちします; a
    thing taken to someone's place goes where they are. Taken already, or asked of another, it does not go."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    going = ("店長のところへお持ちします", "真壁さんのとこに届けてくるね")
    staying = ("店長のところへ持っていきました", "真壁さんのところに届けてくれる？")
    _assert_going_to_a_person(hoshizora, state, analyzer, going, staying)
