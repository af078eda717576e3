import pytest

from app.pipeline.addressee import filter_by_addressee, find_addressee
from app.pipeline.candidates import build_candidates
from app.scenario import Scenario
from app.schemas import AvailableIntent, GameState
from app.text import TextAnalyzer


def test_name_with_honorific_at_the_start_is_a_call(hoshizora: Scenario, stage_state: GameState) -> None:
    addressee = find_addressee("湊さん、さっきの音は何？", stage_state, hoshizora)
    assert (addressee.character, addressee.reason) == ("湊", "called")


def test_alias_call(hoshizora: Scenario, stage_state: GameState) -> None:
    assert find_addressee("PAさん！ノイズがひどいよ", stage_state, hoshizora).character == "湊"


def test_asking_an_opinion_turns_to_that_character(hoshizora: Scenario, stage_state: GameState) -> None:
    addressee = find_addressee("湊はどう思う？", stage_state, hoshizora)
    assert (addressee.character, addressee.reason) == ("湊", "asked_opinion")


def test_a_name_inside_the_sentence_is_not_a_call(hoshizora: Scenario, stage_state: GameState) -> None:
    assert find_addressee("湊さんって無口だよね", stage_state, hoshizora).reason == "responder"


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "わかった、泊まるよ。湊さん、さっきの音は何？",
        "ありがとう！湊、ノイズのことなんだけど",
        "そっか…。ねえ湊くん、どう思う？",
    ],
)
def test_a_name_opening_a_later_sentence_is_a_call(text: str, hoshizora: Scenario, stage_state: GameState) -> None:
    """New-shape sets: a player answers first, then turns to someone (泊まります。誠さん、…覚えてる？)."""
    assert find_addressee(text, stage_state, hoshizora).character == "湊"


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "ありがとう。湊さんって無口だよね",
        "うん。湊のギター、どこ？",
        "灯ちゃん、ねえ。湊さんにも聞いた？",
        "わかった。湊の意見は関係ない",
    ],
)
def test_a_name_inside_a_later_sentence_or_after_a_call_is_not_a_call(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    assert find_addressee(text, stage_state, hoshizora).character == "灯"


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "はい、湊さん、さっきの音は何？",  # a yes first (round 10's learner set, helper's note)
        "えっと 湊さん さっきの音は何",  # a filler and spaces, as a voice transcript has them (round 11's writer)
        "はい湊さん、さっきの音は何？",  # a yes run into the call (round 15's writer had to drop it)
        "ところで湊さん、さっきの音は何？",  # a word moving the talk on
        "じゃあ、湊さん、さっきの音は何？",
        "湊さん昨日の音は何？",  # the call runs into the question, no pause
        "湊さんこの音って何？",
    ],
)
def test_a_call_after_a_yes_or_running_into_the_question(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    addressee = find_addressee(text, stage_state, hoshizora)
    assert (addressee.character, addressee.reason) == ("湊", "called")


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "湊さん家ってどこ？",  # their home, talked about
        "湊さん達は何してたの？",
        "湊さん本人に聞いた？",
        "湊さんがいいって",  # a particle: the name is the subject
        "うん、湊さんが言ってた",
        "湊昨日いた？",  # no honorific: a bare name running on is too often a subject with が dropped
    ],
)
def test_a_name_run_into_a_noun_or_a_particle_is_not_a_call(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    assert find_addressee(text, stage_state, hoshizora).reason != "called"


def test_absent_character_cannot_be_addressed(hoshizora: Scenario, stage_state: GameState) -> None:
    assert find_addressee("店長、こんばんは", stage_state, hoshizora).character == "灯"


def test_an_old_vocative_or_a_word_for_attention_before_the_name_is_a_call(
    hoshizora: Scenario, stage_state: GameState
) -> None:
    state = stage_state.model_copy(update={"selected": "灯"})
    for text in (
        "湊や、明日の予約は？",
        "湊よ、聞いてくれ",
        "さあ湊さん、どうなのか！",
        "ねえ、湊くん、あれ何？",
        "おい湊！",
    ):
        addressee = find_addressee(text, state, hoshizora)
        assert (addressee.character, addressee.reason) == ("湊", "called"), text
    # a name listed or talked about is no call, nor an attention word before something else
    for text in ("湊や灯はどこ？", "ねえ、湊さんって無口だよね", "ちょっと湊っぽいね", "ところで湊さんって無口だよね"):
        assert find_addressee(text, state, hoshizora).reason == "selected", text


def test_second_scenario_an_old_vocative_before_a_name(amatsu: Scenario) -> None:
    state = with_kujo_and_mikoto(("救難信号", "九条")).model_copy(update={"selected": "九条"})
    assert find_addressee("ミコトや、記録は？", state, amatsu).character == "ミコト"
    assert find_addressee("ほら、ミコト、見て", state, amatsu).character == "ミコト"


def another_selected(
    scene: str, hoshizora: Scenario, amatsu: Scenario, stage_state: GameState
) -> tuple[Scenario, GameState, str]:
    """The scene with one present character selected on screen, and the name of another present one."""
    if scene == "hoshizora":
        return hoshizora, stage_state.model_copy(update={"selected": "灯"}), "湊"
    return amatsu, with_kujo_and_mikoto(("救難信号", "九条")).model_copy(update={"selected": "九条"}), "ミコト"


def assert_calls(
    calls: tuple[str, ...], no_calls: tuple[str, ...], called: str, state: GameState, scenario: Scenario
) -> None:
    """Each of `calls` turns to `called`; each of `no_calls` leaves the selection standing."""
    for text in calls:
        addressee = find_addressee(text, state, scenario)
        assert (addressee.character, addressee.reason) == (called, "called"), text
    for text in no_calls:
        assert find_addressee(text, state, scenario).reason == "selected", text


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_stammered_or_startled_first_sound_before_the_name_is_a_call(
    scene: str, hoshizora: Scenario, amatsu: Scenario, stage_state: GameState
) -> None:
    scenario, state, called = another_selected(scene, hoshizora, amatsu, stage_state)
    # a sound before a word that is no name, or the name inside a longer word, is no call
    no_calls = ("え、本当に？", f"あ、{called}っぽいね")
    assert_calls((f"み、{called}さん、あの…", f"え、{called}、本当に？"), no_calls, called, state, scenario)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "さっきの音って何だったの、湊さん",  # round 14's writer: a call closing the line
        "ノイズ、直せる？湊",
        "ありがとう、湊くん！",
        "へばな、湊さん。",
    ],
)
def test_a_name_closing_the_text_after_a_pause_is_a_call(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    state = stage_state.model_copy(update={"selected": "灯"})
    addressee = find_addressee(text, state, hoshizora)
    assert (addressee.character, addressee.reason) == ("湊", "called")


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "それって、湊さん？",  # asks who
        "犯人は湊さん",  # no pause: a name inside the sentence
        "灯ちゃん、鍵を持ってたのは、湊さん",  # a call at the start wins
    ],
)
def test_a_name_closing_the_text_otherwise_is_no_call(text: str, hoshizora: Scenario, stage_state: GameState) -> None:
    assert find_addressee(text, stage_state, hoshizora).character == "灯"


def test_selected_character_when_nobody_is_called(hoshizora: Scenario, stage_state: GameState) -> None:
    state = stage_state.model_copy(update={"selected": "湊"})
    assert find_addressee("ノイズ直った？", state, hoshizora).reason == "selected"
    assert find_addressee("灯ちゃん、ノイズ直った？", state, hoshizora).character == "灯"


def test_addressing_another_character_removes_the_responders_lines(hoshizora: Scenario, stage_state: GameState) -> None:
    candidates = build_candidates(stage_state, hoshizora)
    kept, removed = filter_by_addressee(
        candidates, find_addressee("湊さん、曲を変えて", stage_state, hoshizora), stage_state
    )
    # 灯's scripted lines, and the topics only 灯 knows
    assert {r.candidate.action.target for r in removed} == {"選曲", "励ます", "灯の夢", "ギター紛失", "昨夜の行動"}
    assert any(c.action.target == "機材トラブル" for c in kept)


@pytest.mark.issue(27)
def test_calling_the_responder_by_name_removes_nothing(hoshizora: Scenario, stage_state: GameState) -> None:
    # the contract filters only for an addressee other than the usual responder: 灯 stands for the scene
    candidates = build_candidates(stage_state, hoshizora)
    kept, removed = filter_by_addressee(
        candidates, find_addressee("灯ちゃん、機材って大丈夫？", stage_state, hoshizora), stage_state
    )
    assert removed == [] and any(c.action.target == "機材トラブル" for c in kept)  # 湊's line stays


def test_speaking_to_nobody_in_particular_removes_nothing(hoshizora: Scenario, stage_state: GameState) -> None:
    candidates = build_candidates(stage_state, hoshizora)
    kept, removed = filter_by_addressee(candidates, find_addressee("曲を変えて", stage_state, hoshizora), stage_state)
    assert removed == [] and len(kept) == len(candidates)


def with_kujo_and_mikoto(*available: tuple[str, str]) -> GameState:
    """The second scenario: 九条 answers, ミコト is present; `available` as (intent, speaker)."""
    return GameState.model_validate(
        {
            "present": ["九条", "ミコト"],
            "responder": "九条",
            "available_intents": [{"id": intent, "speaker": speaker} for intent, speaker in available],
        }
    )


@pytest.mark.issue(27)
def test_second_scenario_calling_the_responder_by_alias(amatsu: Scenario) -> None:
    state = with_kujo_and_mikoto(("救難信号", "九条"), ("酸素残量", "ミコト"))
    addressee = find_addressee("司令、酸素はもつんですか", state, amatsu)
    assert addressee.character == "九条" and addressee.reason == "called"
    kept, removed = filter_by_addressee(build_candidates(state, amatsu), addressee, state)
    assert removed == [] and "酸素残量" in [c.action.target for c in kept]


@pytest.mark.issue(27)
@pytest.mark.parametrize("text", ["PA様、ノイズがひどいよ", "PAさま、ノイズがひどいよ"])
def test_a_name_with_its_polite_honorific_swapped_is_a_call(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    """Round 21: a name written with one polite honorific is called with another (お嬢さん、… for お嬢様)."""
    assert find_addressee(text, stage_state, hoshizora).character == "湊"


def test_a_name_with_a_familiar_honorific_for_a_polite_one_is_no_call(
    hoshizora: Scenario, stage_state: GameState
) -> None:
    """Only the polite honorifics stand for one another: ちゃん is another register (and PA alone no name)."""
    assert find_addressee("PAちゃん、ノイズがひどいよ", stage_state, hoshizora).reason != "called"


def test_second_scenario_title_alias(amatsu: Scenario) -> None:
    state = GameState.model_validate({"present": ["九条", "ミコト"], "responder": "九条"})
    assert find_addressee("司令、救助は？", state, amatsu).character == "九条"
    assert find_addressee("ミコトさんはどう考える？", state, amatsu).character == "ミコト"


@pytest.mark.issue(27)
def test_another_characters_scripted_line_is_out_of_reach_whoever_knows_it(
    hoshizora: Scenario, stage_state: GameState
) -> None:
    # 湊 knows 鍵の管理 (knowledge), but 灯 speaks its scripted line: asked of 湊, it is not 灯's line to play
    state = stage_state.model_copy(
        update={
            "selected": "湊",
            "available_intents": [
                AvailableIntent(id="鍵の管理", speaker="灯"),
                AvailableIntent(id="灯の夢", speaker="灯"),
            ],
        }
    )
    _, removed = filter_by_addressee(
        build_candidates(state, hoshizora), find_addressee("裏口の鍵って誰が持ってるの？", state, hoshizora), state
    )
    scripted = sorted(r.candidate.action.target for r in removed if r.candidate.source == "available")
    assert scripted == ["灯の夢", "鍵の管理"]


@pytest.mark.issue(27)
def test_second_scenario_a_knowing_character_does_not_reach_anothers_line(amatsu: Scenario) -> None:
    state = with_kujo_and_mikoto(("航路", "九条"), ("救難信号", "九条"))
    _, removed = filter_by_addressee(
        build_candidates(state, amatsu), find_addressee("ミコトさん、航路はどうなってる？", state, amatsu), state
    )
    scripted = sorted(r.candidate.action.target for r in removed if r.candidate.source == "available")
    assert scripted == ["救難信号", "航路"]  # ミコト knows 航路, but 九条 speaks its line


def test_a_topic_only_another_present_character_knows_is_out_of_reach(
    hoshizora: Scenario, stage_state: GameState
) -> None:
    # 灯の夢 has no scripted line here; only 灯 knows it, so 湊 has nothing to say about it
    candidates = build_candidates(stage_state, hoshizora)
    dream = next(c for c in candidates if c.action.target == "灯の夢")
    assert dream.source == "answered" and dream.known_by == ("灯",)
    for text in ("湊さん、灯ちゃんの夢って知ってる？", "灯の夢って知ってる？"):
        state = stage_state if text.startswith("湊") else stage_state.model_copy(update={"selected": "湊"})
        kept, removed = filter_by_addressee(candidates, find_addressee(text, state, hoshizora), state)
        assert "灯の夢" in [r.candidate.action.target for r in removed], text
    kept, _ = filter_by_addressee(candidates, find_addressee("灯ちゃん、夢は？", stage_state, hoshizora), stage_state)
    assert "灯の夢" in [c.action.target for c in kept]


def test_second_scenario_a_topic_only_another_knows_is_out_of_reach(amatsu: Scenario) -> None:
    state = with_kujo_and_mikoto(("救難信号", "九条"))
    candidates = build_candidates(state, amatsu)
    answered = {c.action.target: c.known_by for c in candidates if c.source == "answered"}
    only_kujo = sorted(t for t, who in answered.items() if who == ("九条",))
    assert only_kujo  # the check below must have something to remove
    _, removed = filter_by_addressee(candidates, find_addressee("ミコト、どう？", state, amatsu), state)
    assert set(only_kujo) <= {r.candidate.action.target for r in removed}
    _, removed = filter_by_addressee(candidates, find_addressee("司令、どうです？", state, amatsu), state)
    assert not set(only_kujo) & {r.candidate.action.target for r in removed}


def test_answered_intents_the_game_gives_are_kept(hoshizora: Scenario, stage_state: GameState) -> None:
    # given by the game, they say nothing of who knows them: nothing to filter by
    state = stage_state.model_copy(update={"answered_intents": ["灯の夢"]})
    kept, _ = filter_by_addressee(
        build_candidates(state, hoshizora), find_addressee("湊さん、夢ってある？", state, hoshizora), state
    )
    assert "灯の夢" in [c.action.target for c in kept]


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_space_after_the_name_sets_a_call_off_like_a_comma(
    scene: str, hoshizora: Scenario, amatsu: Scenario, stage_state: GameState
) -> None:
    """Text typed without punctuation, or dictated, puts a space where the comma would be."""
    scenario, state, called = another_selected(scene, hoshizora, amatsu, stage_state)
    calls = (f"{called} あした何時から", f"{called}さん　あの音なに", f"ねえ {called} 聞いて", f"え {called} 本当に")
    # the name inside a word before the space, or talked about, is still no call
    no_calls = (f"{called}っぽい 音だね", f"{called}さんって 無口だよね")
    assert_calls(calls, no_calls, called, state, scenario)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text",
    [
        "（湊さんの方を向いて）セトリ、どうする？",  # round 9: narration turning to someone
        "（湊に）昨日の夜のこと、何か知ってる？",
        "*湊くんに向き直って*ねえ、ノイズのことなんだけど",
        "（うなずいて）湊さん、ノイズのこと教えて",  # a call right after a stage direction
    ],
)
def test_a_stage_direction_that_turns_to_someone_addresses_them(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    assert find_addressee(text, stage_state, hoshizora).character == "湊"


@pytest.mark.issue(27)
@pytest.mark.parametrize("text", ["（黙ってうなずく）セトリ、どうする？", "（湊のギターを思い出して）セトリは？"])
def test_a_stage_direction_that_turns_to_nobody_addresses_the_responder(
    text: str, hoshizora: Scenario, stage_state: GameState
) -> None:
    assert find_addressee(text, stage_state, hoshizora).character == "灯"


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "text", ["てんちょう、さっきの音は何？", "さっきの音って何だったんですか、てんちょう", "まかべさん！ノイズがひどい"]
)
def test_a_name_called_by_how_it_reads_is_a_call(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16 (addressing): a player typing kana or romaji calls 店長 てんちょう; with the analyser, a name
    written with kanji is also called by its reading (three kana or more)."""
    state = stage_state.model_copy(update={"present": [*stage_state.present, "真壁"]})
    assert find_addressee(text, state, hoshizora, analyzer).character == "真壁"
    assert find_addressee(text, state, hoshizora).reason == "responder"


@pytest.mark.issue(27)
def test_a_reading_inside_the_sentence_is_not_a_call(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = stage_state.model_copy(update={"present": [*stage_state.present, "真壁"]})
    assert find_addressee("てんちょうって何時に来るの？", state, hoshizora, analyzer).reason == "responder"
