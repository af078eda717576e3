"""`agreement_to_invitation`: A short yes (うん、行ってみよう) to a line that
invites the player to a reachable place is that move; the model alone
sees no place in the player's text.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.candidates import Candidate, build_candidates
from app.pipeline.refine import (
    agreement_to_invitation,
    explicit_move,
    farewell_leaves,
    refusal_to_invitation,
)
from app.pipeline.rules.replies import _partly_named_moves
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import (
    Scenes,
    after_line,
    assert_no_invitation,
    assert_noes,
    assert_yeses,
    context,
    invited_to_a_reachable_place,
    move,
)


def test_short_yes_to_an_invitation_moves(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    outcome = agreement_to_invitation(None, context("うん、行ってみよう", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


def test_refusal_does_not_move(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    assert agreement_to_invitation(None, context("ううん、まだいい", hoshizora, state, analyzer)) is None


def test_yes_without_an_invitation_does_not_move(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "ロビーは混んでたよ")
    assert agreement_to_invitation(None, context("うん", hoshizora, state, analyzer)) is None


@pytest.mark.parametrize(
    ("line", "yes", "past", "reply_to_past"),
    [
        # a plain movement asked invites; a movement done does not
        ("……居住区、見に行く？", "うん、見に行こう", "居住区には行った？", "うん"),
        # the polite let's invites; a polite statement (「居住区で休みました」) does not
        (
            "居住区で少し休みましょう",
            "そうですね、行きましょう",
            "居住区で少し休みました",
            "そうですね、行きましょう",
        ),
    ],
)
def test_an_invitation_but_not_its_past_second_scenario(
    line: str,
    yes: str,
    past: str,
    reply_to_past: str,
    amatsu: Scenario,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    state = after_line(medbay_state, "沙耶", line)
    outcome = agreement_to_invitation(None, context(yes, amatsu, state, analyzer))
    assert outcome is not None and outcome.action == move("居住区")
    done = after_line(medbay_state, "沙耶", past)
    assert agreement_to_invitation(None, context(reply_to_past, amatsu, done, analyzer)) is None


def test_a_spoken_won_t_you_invites(
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    state = after_line(stage_state, "湊", "ロビー、ちょっと寄らねえ？")
    outcome = agreement_to_invitation(None, context("おう、行ってみるか", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    state = after_line(medbay_state, "沙耶", "今から居住区を確かめに行かね？")
    outcome = agreement_to_invitation(None, context("いいね、ライト持ってく", amatsu, state, analyzer))
    assert outcome is not None and outcome.action == move("居住区")
    outcome = refusal_to_invitation(None, context("やだよ、怖いし", amatsu, state, analyzer))
    assert outcome is not None and outcome.action == NONE
    # a past question is no invitation
    past = after_line(stage_state, "湊", "ロビー、行ったね？")
    assert agreement_to_invitation(None, context("うん", hoshizora, past, analyzer)) is None


@pytest.mark.parametrize(
    ("scene", "place", "bare"),
    [
        ("hoshizora", "ロビー", ("だな、行ってみよう", "それしかないですね。行きます")),
        ("amatsu", "管制室", ("だな、行ってみよう", "仕方ないな。行こう")),
    ],
)
def test_a_bare_movement_goes_to_the_invited_place(
    scene: str, place: str, bare: tuple[str, ...], invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    # before the movement's own sentence, a remark names no destination (それ is the plan)
    scenario, invited = invited_scenes[scene]
    for text in bare:
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    # a movement that names something else goes elsewhere
    for text in (
        "ご飯行こう",
        "トイレ行ってくる",
        "それよりご飯行こう",
        "それしかないですね。ご飯行きます",
        "まだ早い。後で行く",
    ):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.parametrize(
    "text", ["おう、行こうか", "じゃあ行こう", "ぜひ！", "いいっすね、行きましょう", "おう、付き合うぜ"]
)
def test_a_yes_after_an_opener_casual_or_keeping_company(
    text: str, amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = agreement_to_invitation(None, context(text, amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == move("管制室")


def test_an_older_won_t_you_invites(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "湊", "ロビーで一服していきやせんか")
    outcome = agreement_to_invitation(None, context("おう、行こうか", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.parametrize(
    "text", ["ああ、疲れた", "じゃあ、またね", "それなら鍵のことを教えて", "ちょっと", "ほな、ちょっと"]
)
def test_an_opener_alone_is_no_yes(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None


@pytest.mark.parametrize("text", ["そうですね、行きましょうか", "ぜひ、お供します"])
def test_a_polite_let_s_invites(text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "灯", "少し冷えてきたね。ロビーで温かいものでもいただきましょうか")
    outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


def test_keeping_company_is_not_any_company(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "湊", "ロビーで一杯やろうぜ")
    assert agreement_to_invitation(None, context("付き合ってる人いるの？", hoshizora, state, analyzer)) is None
    outcome = agreement_to_invitation(None, context("おう、付き合うぜ", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.parametrize("text", ["沙耶先生はいつからここに？", "かわいいね", "うんざりだよ"])
def test_a_yes_word_inside_another_word_is_no_yes(
    text: str,
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    # は|いつ is not はい, かわ|いいね not いいね: a yes word must be a whole word
    assert agreement_to_invitation(None, context(text, amatsu, medbay_state, analyzer)) is None
    state = after_line(stage_state, "灯", "ロビーで休もうよ")
    assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None
    outcome = agreement_to_invitation(None, context("それいいね", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.parametrize("text", ["行くのは怖いな", "ちょっと行くのが面倒だな", "見に行くのってありなの"])
def test_a_remark_on_going_is_no_yes(
    text: str,
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    # going made the subject of a remark is an opinion about it, not a yes: no move
    assert agreement_to_invitation(None, context(text, amatsu, medbay_state, analyzer)) is None
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None


def test_an_opener_then_something_else_is_no_yes(
    amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert agreement_to_invitation(None, context("そうですね、考えておきます", amatsu, medbay_state, analyzer)) is None


@pytest.mark.parametrize(
    "text",
    [
        "お願いします",
        "へい、合点だ",
        "なるほど、行ってみます",
        "わかりました",
        "頼む",
        "見てみたいです",
        "よし、参ろう",
        "案内いたせ",
        "心得た",
        "ほな、行こか",
        "よっしゃ、見てこか",
        "ほな、ちょっと見てこか",
    ],
)
def test_everyday_yeses(
    text: str,
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    outcome = agreement_to_invitation(None, context(text, amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == move("管制室")
    state = after_line(stage_state, "灯", "よかったらロビーでお茶でもいかが？")
    outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.parametrize(
    ("speaker", "line"),
    [
        ("湊", "今日はこのへんにしとくか。ロビーで一杯おごってやるよ"),
        ("灯", "ちょっと休憩しよっか。ロビー、静かでいいよ"),
        ("湊", "ロビー行こっか"),
    ],
)
def test_an_offer_or_a_spoken_let_s_invites(
    speaker: str, line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, speaker, line)
    for text in ("ほんとですか！ごちになります", "やった、行きます！"):
        outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), (line, text)


def test_an_offer_invites_second_scenario(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(medbay_state, "沙耶", "居住区でコーヒーをご馳走するよ")
    outcome = agreement_to_invitation(None, context("ほんとですか！ごちになります", amatsu, state, analyzer))
    assert outcome is not None and outcome.action == move("居住区")
    # I see (そっか) and somewhere (どっか) are no let's
    for line in ("そっか、居住区か", "どっか居住区の外に出たいね"):
        state = after_line(medbay_state, "沙耶", line)
        assert agreement_to_invitation(None, context("うん", amatsu, state, analyzer)) is None, line


def test_an_honorific_offer_to_see_invites(
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    for scenario, state, place, line in (
        (hoshizora, stage_state, "ロビー", "ロビーの展示、ご覧になりますか"),
        (amatsu, medbay_state, "管制室", "よろしければ管制室をご覧ください"),
    ):
        outcome = agreement_to_invitation(
            None, context("はい、お願いします", scenario, after_line(state, "湊", line), analyzer)
        )
        assert outcome is not None and outcome.action == move(place), line
    # did you see something there: a question, no offer
    state = after_line(stage_state, "湊", "ロビーで何かご覧になりましたか")
    assert agreement_to_invitation(None, context("はい", hoshizora, state, analyzer)) is None


@pytest.mark.parametrize(
    ("scene", "line", "reply", "place"),
    [
        # a movement asked plainly or politely, with or without a question mark, invites
        ("hoshizora", "音はロビーのほうだ。一緒に見に行くか", "はい、行きます", "ロビー"),
        ("hoshizora", "控え室に寄っていきますか", "よし、見に行こう", "控え室"),
        ("amatsu", "居住区に戻るか。", "お願いします、一緒に来てください", "居住区"),
        ("hoshizora", "帽子の男ならロビーに行きましたよ。一緒に確認しに行きます？", "お願いします〜", "ロビー"),
        ("amatsu", "居住区に行きません？", "りょうかいです", "居住区"),
        # chat yeses, and a little as the whole reply
        ("amatsu", "居住区に行きません？", "りょ！", "居住区"),
        ("hoshizora", "ロビーに行ってみない？", "じゃあ、少しだけ", "ロビー"),
        ("amatsu", "管制室に来てくれないか", "ちょっとだけなら", "管制室"),
        # asked in its own sentence, then more said (見に行くか。付き合え)
        ("hoshizora", "……もう一回、ロビーを見に行くか。付き合え", "はい、お供します", "ロビー"),
        ("amatsu", "居住区に戻るか？ 俺も行く", "ぜひ", "居住区"),
        ("amatsu", "ちょっと居住区まで付き合ってくれ", "了解です", "居住区"),
        # asked for (行ってくれる？, 来てもらえませんか)
        ("hoshizora", "ロビーの様子、一緒に見に行ってくれる？", "もちろんです", "ロビー"),
        ("amatsu", "居住区まで来てもらえませんか", "わかりました", "居住区"),
        # approval opening the reply, drawn out or after a pronoun; a chat OK before more
        ("hoshizora", "ロビーに行ってみない？", "いいよー", "ロビー"),
        ("amatsu", "居住区に行きません？", "それいいね", "居住区"),
        ("hoshizora", "ロビーに行ってみない？", "おっけ、ライト持ってく", "ロビー"),
    ],
)
def test_a_yes_to_a_movement_asked_moves(
    scene: str, line: str, reply: str, place: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    outcome = agreement_to_invitation(None, context(reply, scenario, after_line(state, "湊", line), analyzer))
    assert outcome is not None and outcome.action == move(place)


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        # whether to go, going perhaps, or gone: no invitation
        ("ロビーに行くか迷ってるんだ", "はい"),
        ("ロビーに行くかもしれない", "はい"),
        ("ロビーに行ったか", "はい"),
        ("ロビーに行きました？", "はい"),
        # りょ and 少しだけ only as the whole reply
        ("ロビーに行きません？", "りょうりの話？"),
        ("ロビーに行ってみない？", "少しだけ話を聞かせて"),
        ("ロビーに行ってみない？", "ちょっとだけ待って"),
        # dating is no coming along; an order, or a request already done, asks nothing
        ("ロビーで会った二人、付き合ってるのかな", "うん"),
        ("ロビーまで行ってくれ", "はい"),
        ("ロビーに行ってくれた？", "はい"),
        # praise of something else is no approval of the invitation
        ("ロビーに行ってみない？", "風が気持ちいいね"),
        ("ロビーに行ってみない？", "景色がいいですね"),
    ],
)
def test_near_misses_of_a_yes_to_a_movement_asked(
    line: str, reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "湊", line)
    assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None


def test_a_request_is_no_yes(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    ctx = context("お願いがあるんだけど", amatsu, medbay_state, analyzer)
    assert agreement_to_invitation(None, ctx) is None


def test_being_told_to_follow_invites(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    for line in ("ロビーまでついて来い", "ロビーに来なさい"):
        state = after_line(stage_state, "湊", line)
        outcome = agreement_to_invitation(None, context("わかりました", hoshizora, state, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), line


def test_talking_about_a_place_invites_nowhere(
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    state = after_line(stage_state, "灯", "ロビーについて話そう")
    assert agreement_to_invitation(None, context("うん", hoshizora, state, analyzer)) is None
    state = after_line(medbay_state, "沙耶", "管制室のことを話しましょうか")
    assert agreement_to_invitation(None, context("ええ、わかりました", amatsu, state, analyzer)) is None


def test_second_scenario(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    # medbay_state's last line: 「管制室に来てくれないか」
    outcome = agreement_to_invitation(None, context("ええ、わかりました", amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == move("管制室")


@pytest.mark.round(9)
@pytest.mark.parametrize(
    ("scene", "place", "call", "reported"),
    [
        ("hoshizora", "ロビー", "ロビーに行くぞ", "ロビーに行ったぞ"),
        ("amatsu", "管制室", "管制室に戻るぜ", "管制室に戻ったぜ"),
    ],
)
def test_a_movement_called_out_invites(
    scene: str, place: str, call: str, reported: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    invited = after_line(state, state.responder or "", call)
    for text in ("はい、行きましょう", "わかりました", "承知しました、すぐ参ります"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    done = after_line(state, state.responder or "", reported)
    assert agreement_to_invitation(None, context("わかりました", scenario, done, analyzer)) is None


@pytest.mark.round(9)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_junior_s_yes_and_leaving_work_in_kana(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    for text in ("うっす", "おっす！"):
        assert agreement_to_invitation(None, context(text, scenario, state, analyzer)) is not None, text
    assert agreement_to_invitation(None, context("うっすら見えた", scenario, state, analyzer)) is None
    for text in ("じゃ、今日はあがります。お疲れー", "お先にあがります"):
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    assert farewell_leaves(None, context("階段をあがります", scenario, state, analyzer)) is None


@pytest.mark.round(9)
@pytest.mark.parametrize(
    ("scene", "place", "going"),
    [
        ("hoshizora", "ロビー", ("ライト持ってすぐ行きます！", "懐中電灯を持って行こう")),
        ("amatsu", "管制室", ("工具持ってすぐ行く", "端末を持って行きます")),
    ],
)
def test_what_the_player_takes_along_is_no_destination(
    scene: str, place: str, going: tuple[str, ...], invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for text in going:
        outcome = agreement_to_invitation(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    assert agreement_to_invitation(None, context("ライト持ってトイレ行ってくる", scenario, state, analyzer)) is None


@pytest.mark.round(9)
@pytest.mark.parametrize(
    ("scene", "speaker", "line", "place", "echo", "elsewhere"),
    [
        (
            "hoshizora",
            "灯",
            "ロビーの受付、一緒に確認しに行かない？",
            "ロビー",
            "ですね、確認しましょう",
            "楽屋を確認しよう",
        ),
        (
            "amatsu",
            "九条",
            "管制室でログを調べに行こう",
            "管制室",
            "そうですね、ログを調べましょう",
            "酸素を調べましょう",
        ),
    ],
)
def test_a_let_s_that_repeats_the_proposal_agrees(
    scene: str,
    speaker: str,
    line: str,
    place: str,
    echo: str,
    elsewhere: str,
    scenes: Scenes,
    analyzer: TextAnalyzer,
) -> None:
    scenario, state = scenes[scene]
    invited = after_line(state, speaker, line)
    outcome = agreement_to_invitation(None, context(echo, scenario, invited, analyzer))
    assert outcome is not None and outcome.action == move(place)
    assert agreement_to_invitation(None, context(elsewhere, scenario, invited, analyzer)) is None
    # a word in common, but another proposal
    alone = after_line(state, speaker, f"一人で{place}にいるみたい。見に行かない？")
    assert agreement_to_invitation(None, context("一人にさせてやろうぜ", scenario, alone, analyzer)) is None


@pytest.mark.round(10)
@pytest.mark.parametrize(
    ("scene", "place", "line"),
    [
        ("hoshizora", "音響ブース", "音響の人に聞きに行こう"),
        ("amatsu", "居住区", "クルーの誰かに知らせに行こう？"),
    ],
)
def test_an_invitation_may_name_its_place_by_the_first_word(
    scene: str, place: str, line: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    invited = after_line(state, state.responder or "", line)
    for text in ("うん、行こ", "そうしましょう"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    refused = refusal_to_invitation(None, context("ちょっと待って、まだ探してみる", scenario, invited, analyzer))
    assert refused is not None and refused.action == NONE
    # no movement in the line: no place is meant
    asked = after_line(state, state.responder or "", line.replace("に行こう", "てみよう"))
    assert agreement_to_invitation(None, context("うん", scenario, asked, analyzer)) is None
    # the player's own text must name the place whole
    assert explicit_move(None, context(line, scenario, state, analyzer)) is None


@pytest.mark.round(10)
@pytest.mark.parametrize(
    ("scene", "speaker", "line", "place", "echo"),
    [
        ("hoshizora", "灯", "ロビーの受付、見に行かない？", "ロビー", "ですね、見てみましょう"),
        ("amatsu", "九条", "管制室のログ、確かめに行こう", "管制室", "ですね、確かめておきましょう"),
    ],
)
def test_a_let_s_with_an_auxiliary_repeats_the_proposal(
    scene: str, speaker: str, line: str, place: str, echo: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    invited = after_line(state, speaker, line)
    outcome = agreement_to_invitation(None, context(echo, scenario, invited, analyzer))
    assert outcome is not None and outcome.action == move(place)
    # the auxiliary alone (みる, おく) is not what was proposed
    for text in ("ですね、食べてみましょう", "ですね、片付けておきましょう"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(10)
@pytest.mark.parametrize(("scene", "place"), [("hoshizora", "ロビー"), ("amatsu", "管制室")])
def test_a_western_won_t_you_and_its_yeses(scene: str, place: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    invited = after_line(state, state.responder or "", f"{place}、一緒に見に行かん？")
    for text in ("よかよ、行こ", "行こうや"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    refused = refusal_to_invitation(None, context("あとでね、先にこれ片付けてしまうけん", scenario, invited, analyzer))
    assert refused is not None and refused.action == NONE
    # a plain negation invites nobody
    told = after_line(state, state.responder or "", f"{place}には行かん。")
    assert agreement_to_invitation(None, context("行こうや", scenario, told, analyzer)) is None


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_more_yeses_to_an_invitation(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "、一緒に確かめに行かん？")
    for text in (
        "おう、付き合うわ",
        "ほうじゃね、見に行ってみよう",  # そうだね in Hiroshima speech
        "せやな、行ってみよか",  # …and in Kansai speech
        "わかりました。懐中電灯、持っていきましょう",  # a yes, then a let's that only goes along
    ):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    for text in (
        "わかりました。でも、その前に少し話を聞かせてもらえますか",  # a yes, then asks something else
        "わかりました。じゃあお茶でも飲みに行きましょう",  # …or proposes something else
        "わかりました。私はここで待ってますね",
        "付き合うのは構わないけど、怖いな",
    ):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_yes_after_what_it_is_given_on(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "のほう、一緒に見に行ってくださらない？")
    outcome = agreement_to_invitation(None, context("お望みとあらば、喜んで", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == place
    for text in ("それって、喜んで行くもの？", "喜んでるとこ悪いけど、あとでね"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_yeses_in_an_own_voice_and_good_weather(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "のほう、一緒に見に行こうよ")
    for text in ("自分も行きます", "まかせて！", "私は賛成", "おう、ええぞ", "ええ、お供します"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    # ええ before a noun is "good" (western speech), not yes: it moved the player
    for text in ("ええ天気じゃのう", "自分も行きたかったな", "ええ湯じゃった"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_short_western_let_s_invites(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for rest_of_line in ("で一緒にさらおか", "、見に行こか", "のほうで休憩しよか"):
        place, invited = invited_to_a_reachable_place(state, scenario, rest_of_line)
        for text in ("よっしゃ、行きましょ", "はい、お供します"):
            outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
            assert outcome is not None and outcome.action == place, (rest_of_line, text)
    # a question with か after a verb that is no volitional invites nowhere
    for rest_of_line in ("に何があるか、知っとるか", "で何をしとったか覚えとるか"):
        _, line = invited_to_a_reachable_place(state, scenario, rest_of_line)
        assert agreement_to_invitation(None, context("はい", scenario, line, analyzer)) is None, rest_of_line


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_kyushu_yes_and_a_no_thank_you(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "のほう、一緒に見に行きません？")
    for text in ("よかよ", "よか！"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    for text in ("よかった", "よかったね、それ"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
    for text in ("ソーリー、ちょっと寒い、ノーサンキュー", "ノーサンキュー、ここにいる"):
        outcome = refusal_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    assert refusal_to_invitation(None, context("サンキュー、行こう", scenario, invited, analyzer)) is None


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_kansai_invitation_its_yes_and_a_no_that_puts_it_off(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "のほう、ちょっと一緒に歩きまへんか")
    for text in (
        "へえ、お供します",
        "ほな、参りましょか",
        "行きまひょ",
        "ええ、行きましょ",
        "よろしおすな",
        "よろしいですよ",
    ):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    for text in ("よろしおすか？", "よろしいですか？"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
    assert_noes(("またの機会にしときます", "また今度で"), scenario, invited, analyzer)
    # へんか without ま is a plain negative asked (知らへんか: don't you know?), no invitation
    assert_no_invitation(("の鍵、知らへんか",), "うん", scenario, state, analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_of_two_places_an_invitation_names_the_one_it_goes_to(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    first, second = [c.action for c in build_candidates(state, scenario) if c.action.kind == "move"][:2]
    line = f"{second.target}が開く前に、{first.target}に寄っていきませんか"
    invited = after_line(state, state.responder or "", line)
    outcome = agreement_to_invitation(None, context("うん、行こう", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == first
    # both gone to: no one place is the invitation's
    both = after_line(state, state.responder or "", f"{second.target}に行って、{first.target}にも寄りませんか")
    assert agreement_to_invitation(None, context("うん、行こう", scenario, both, analyzer)) is None


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_an_eastern_lets_its_yes_and_going_now(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "さ、一緒に見に行ぐべ")
    for text in ("んだな、行ぐべ", "んだ、行ぐ行ぐ", "わかった、案内してけろ", "おけ、今行く"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    for text in ("後で行く", "それは違うんだな"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
    # だべ guesses (古いんだべ): no verb before it, no invitation
    _, guessed = invited_to_a_reachable_place(state, scenario, "は古いんだべ")
    assert agreement_to_invitation(None, context("んだな", scenario, guessed, analyzer)) is None


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_invitations_asked_with_kai_or_an_old_negative(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for line, replies in (
        ("のほう、ちょっと一緒に見に行くかい", ("おう、行くべ", "したら、行ってみるかい", "うん、頼むわ")),
        ("を共に検めに参らぬか", ("御意", "かたじけない、共に参る", "承知した、参ろう")),
    ):
        assert_yeses(line, replies, scenario, state, analyzer)
    # no movement asked: no invitation to agree to
    assert_no_invitation(("は寒いかい", "の鍵を知らぬか"), "御意", scenario, state, analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_nagoya_lets(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "のほう、一緒に見てこよまい")
    for text in ("ええよ、行こまい", "ほうだね、見てこよか"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    # the standard won't-go (行くまい) invites no one
    _, refused = invited_to_a_reachable_place(state, scenario, "にはもう行くまい")
    assert agreement_to_invitation(None, context("ええよ", scenario, refused, analyzer)) is None


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_invitations_asked_with_an_edo_negative_or_to_go_ahead(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for line, replies in (
        ("まで一緒に見に行かねえか", ("おう、合点だ", "がってん承知、行こうじゃねえか", "へい、お供しやす")),
        ("、一緒に下見に行っとくか？", ("うっす、行きます", "いいっすね、行きましょ", "お願いします！")),
        ("のほうで温かいものでも飲みませんか", ("ありがたくあります、ご一緒します", "ご一緒させてください")),
    ):
        assert_yeses(line, replies, scenario, state, analyzer)
    # a plain negative (行かねえ: won't go), or a going ahead told, not asked, invites no one
    assert_no_invitation(("にはもう行かねえ", "に行っとく"), "おう、合点だ", scenario, state, analyzer)


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_childs_lets_and_its_yeses(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "でホットミルク飲もっか？")
    for text in ("うん、のむ！", "いく！いく！", "やったあ、いこいこ"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    # 乗っかる (to ride on) and おっかない (scary) invite no one
    assert_no_invitation(("の屋根に猫が乗っかってる", "はおっかないよ"), "うん", scenario, state, analyzer)


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_two_chat_yeses_and_a_no_that_ends_on_cant(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "、いっしょに見に行かね？")
    outcome = agreement_to_invitation(None, context("おけ、りょ", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == place
    assert_noes(
        ("ごめん、今メイク中だから無理", "えー、めんどいからパス", "あー、今ちょっと無理っす"),
        scenario,
        invited,
        analyzer,
    )
    # a can't that asks something, or a yes after it, is left to the model or agrees
    for text in ("無理って何が？", "無理しないでね、行こう"):
        assert refusal_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_kansai_and_hakata_invitations_and_their_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for line, replies in (
        ("の下見、一緒に行かへん？", ("ほな、そうしまひょか", "よろしおすなあ、ご一緒させてもらいます")),
        ("ば見に行かんや？", ("よかよ、行こうや", "行く行く！", "よかですね、見に行きましょう")),
    ):
        invited = assert_yeses(line, replies, scenario, state, analyzer)
        # a no still refuses; a long reply whose clauses do not all say yes is left to the model
        outcome = refusal_to_invitation(None, context("結構どす、あとにしますわ", scenario, invited, analyzer))
        assert outcome is not None and outcome.action == NONE, line
        for text in ("よろしおすなあ、ほんでも先に稽古せなあかん", "はい、でもその前に聞きたいことがあります"):
            assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
    # a plain Kansai negative, told, invites no one (行かへん: won't go)
    assert_no_invitation(("にはもう行かへん",), "ほな、そうしまひょか", scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_an_invitation_asked_with_kanka_and_its_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "で伝票ば確かめに行かんか？")
    for text in ("よかど、行こかい", "はい、ご一緒しもす", "行っど行っど", "しゃーねえな、付き合ってやるよ"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    # "it can't be helped" alone, or before something else, is no yes
    for text in ("しょうがないな", "仕方ねえな、それより鍵はどうした"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
    # a plain negative asked about something else invites no one (知らんか？: don't you know?)
    assert_no_invitation(("の鍵、知らんか？",), "よかど、行こかい", scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_contracted_lets_that_echoes_the_invitation(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "にお参りに行きませんか")
    outcome = agreement_to_invitation(None, context("おう、お参りしとこうかの", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == place
    # proposing something else instead
    assert agreement_to_invitation(None, context("おう、掃除しとこうかの", scenario, invited, analyzer)) is None


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_hokuriku_and_ibaraki_invitations_and_their_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for line, replies in (
        ("のほう、一緒に見に行かんけ？", ("いいね、行こまいけ", "ほやね、行きましょ", "うん、一緒に行くわ")),
        ("さ、お茶飲みに行がねえ？", ("いいね、行ぐべ", "んだな、行くっぺ", "おう、付き合うよ")),
    ):
        assert_yeses(line, replies, scenario, state, analyzer)
    # a negative told, or one asked about something else, invites no one
    assert_no_invitation(("の鍵、知らんけ？", "にはもう行がねえ"), "ほやね、行きましょ", scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_enshu_lets_and_a_theatrical_yes(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "、一緒に見に行かざあ")
    for text in ("いいよ、行かざあ", "ええね、ついてくわ", "フッ、付き合ってやろう", "おけまる！"):
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, text
    # a laugh alone is no yes; ござあ is no let's
    assert agreement_to_invitation(None, context("ふふ", scenario, invited, analyzer)) is None
    assert_no_invitation(("の鍵ならここにござあ",), "おけまる！", scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_western_and_court_invitations_and_their_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    for line, replies in (
        ("まで、一緒に行ってみんか？", ("ええで、行こうや", "おう、行ってみようか", "そうじゃな、付き合うわ")),
        (
            "へ、ともに参りませぬか",
            ("ええ、参りましょう", "喜んでお供いたします", "よろしゅうございます、ご一緒に"),
        ),
    ):
        invited = assert_yeses(line, replies, scenario, state, analyzer)
        # "I'm fine, I'll stay here" declines
        staying = context("わしはええわ、ここにおる", scenario, invited, analyzer)
        assert agreement_to_invitation(None, staying) is None, line
        outcome = refusal_to_invitation(None, staying)
        assert outcome is not None and outcome.action == NONE, line
    # a plain negative told, not asked, invites no one (見てみん: haven't looked)
    assert_no_invitation(("はまだ見てみんかった",), "ええで、行こうや", scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_kyushu_invitation_and_two_ways_of_saying_not_now(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    invited = assert_yeses(
        "んとこ、一緒に見に行かんね？", ("よかよ、行こや", "おう、行くっちゃ"), scenario, state, analyzer
    )
    assert_noes(
        ("今はいいわ、波見ときたいし", "あの…今ちょっと手が離せない感じで…", "手が離せんけん、後でな"),
        scenario,
        invited,
        analyzer,
    )
    # "now is when" is no "not now"; a plain negative told invites no one (行かんね: won't go, you know)
    assert refusal_to_invitation(None, context("今はいい天気だね", scenario, invited, analyzer)) is None
    assert_no_invitation(("にはもう行かんね",), "よかよ、行こや", scenario, state, analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_shinshu_lets_and_its_yeses(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("ほうだね、行かず", "いいよ、一緒に見るじ", "うん、見てみるか")
    invited = assert_yeses("、一緒に見に行かず？", yeses, scenario, state, analyzer)
    for text in ("わりい、今打っとるで無理だわ", "ずくがねえで、やめとくわ"):
        outcome = refusal_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    # 行かず told is "without going", and said back to another invitation it is no yes
    assert_no_invitation(("には行かずに待っとった",), "ほうだね、行かず", scenario, state, analyzer)
    _, asked = invited_to_a_reachable_place(state, scenario, "、一緒に見に行かない？")
    assert agreement_to_invitation(None, context("行かず", scenario, asked, analyzer)) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tohoku_and_kishu_invitations_and_their_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    assert_yeses(
        "さ、一緒に見に行がねが？",
        ("んだね、行くべ", "いいっちゃ、行ぐ行ぐ", "んだら、見でみっか"),
        scenario,
        state,
        analyzer,
    )
    assert_yeses(
        "のほう、つれもて見に行こら？",
        ("ええよ、行こら", "よっしゃ、つれもて行こら", "ほやな、見てこか"),
        scenario,
        state,
        analyzer,
    )
    # a guess on the dictionary form (行くら) proposes nothing
    assert_no_invitation(("には、もう誰か行くら",), "ええよ、行こら", scenario, state, analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_sending_the_one_inviting_alone_declines(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "、一緒に見に行かない？")
    assert_noes(
        (
            "自分はここで見張ってやす、兄貴だけでどうぞ",
            "わいはええわ、おっちゃん一人で行って",
            "いいよ、一人で行ってきな",
        ),
        scenario,
        invited,
        analyzer,
    )
    # the player going alone goes
    outcome = agreement_to_invitation(None, context("いいよ、一人で行ってくる", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == place
    assert refusal_to_invitation(None, context("いいよ、一人で行ってくる", scenario, invited, analyzer)) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_yes_from_one_who_calls_himself_ojisan(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("オジサンも付き合っちゃおうカナ", "おばさんも行こうかしら")
    invited = assert_yeses("、ご一緒しませんか？", yeses, scenario, state, analyzer)
    # someone else named before the yes does not say it for the player
    for text in ("お客さんも付き合っちゃおうかな", "おじさんの話も聞こうかな"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_yeses_and_a_no_in_katakana_english(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("オフコース、レッツゴー", "オーケー、チェックしにいこう")
    invited = assert_yeses("、一緒に見に行かない？", yeses, scenario, state, analyzer)
    outcome = refusal_to_invitation(None, context("ミーはステイするよ、ひとりでゴーして", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == NONE
    # a yes word before it does not make sending the inviter alone a yes (the katakana read as kana)
    text = "オッケー、ひとりでゴーして"
    assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_an_apology_with_no_yes_and_keeping_watch_here_decline(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    place, invited = invited_to_a_reachable_place(state, scenario, "、一緒に見に行きませんか？")
    assert_noes(
        (
            "すみません、先に投影機を見ておきたいので",
            "ごめん、今から予定あるんだよね",
            "ぼくはここでドレス見張ってるよ",
        ),
        scenario,
        invited,
        analyzer,
    )
    # an apology before a yes goes; one before a question is left to the model
    outcome = agreement_to_invitation(None, context("すみません、ご一緒します", scenario, invited, analyzer))
    assert outcome is not None and outcome.action == place
    for text in ("すみません、ご一緒します", "ごめん、そこって遠いの？", "ここで見張ってたのは誰？"):
        assert refusal_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_awa_lets_a_yes_after_a_concession_and_three_ways_of_saying_no(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    assert_yeses(
        "の長持、一緒に見に行こでー", ("ほうじゃな、行こでー", "ええじょ、行こ行こ"), scenario, state, analyzer
    )
    assert_no_invitation(("にはもう行ってきたでー",), "ほうじゃな、行こでー", scenario, state, analyzer)
    yeses = ("べ、別にアンタのためじゃないけど、行くわよ", "…いいけど", "わしもええよ、行こう")
    invited = assert_yeses("、一緒に見に行かない？", yeses, scenario, state, analyzer)
    assert_noes(
        ("今は麺打ちよるけん、よう行かんわ", "わしはええわ、ここで布見よる", "行きたいけど、無理"),
        scenario,
        invited,
        analyzer,
    )
    # a concession before a question is left to the model
    text = "いいけど、その前に聞きたいことがある"
    assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_contracted_lets_go_and_a_polite_wont_you_try_and_their_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("ええよ、行こ行こ", "かまへんで、付いてったるわ", "ああ、同行する")
    assert_yeses("のほう、ちょっと一緒に見てこうや", yeses, scenario, state, analyzer)
    yeses = ("いいですね、行きましょう", "ええ、ちょっと見てみましょうか")
    assert_yeses("の準備、一緒に見に行ってみません？", yeses, scenario, state, analyzer)
    assert_no_invitation(
        ("はこうやって見てたのよ", "に行ってみましたが、誰もいません"),
        "ええよ、行こ行こ",
        scenario,
        state,
        analyzer,
    )


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_kansai_wont_you_on_the_e_row_and_its_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("ええで、行こか", "ほな、見に行こや", "うん、付いてくわ")
    assert_yeses("のほう、一緒に見に行けへん？", yeses, scenario, state, analyzer)
    # told, not asked: no invitation
    assert_no_invitation(("にはもう行けへん",), "ええで、行こか", scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_eastern_yanda_opening_a_reply_is_a_no(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    invited = assert_yeses("、一緒に見に行かない？", ("んだ、行ぐべ",), scenario, state, analyzer)
    assert_noes(("やんだ、しゃっこいもん", "やんだ、寒いもの"), scenario, invited, analyzer)
    # the rain stopping is no refusal
    text = "雨やんだし、行こう"
    assert refusal_to_invitation(None, context(text, scenario, invited, analyzer)) is None


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tohoku_yeses_and_a_rhetorical_lets(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("へば、見さ行ぐか", "わがった、ついでぐ", "さあ、一緒に見に行こうではありませんか！")
    invited = assert_yeses("、一緒に見に行かない？", yeses, scenario, state, analyzer)
    # a rhetorical let's that proposes something else is left alone
    text = "さあ、先に話を聞こうではありませんか"
    assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_telling_the_one_inviting_to_go_is_a_no(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    _, invited = invited_to_a_reachable_place(state, scenario, "、一緒に見に行かない？")
    noes = (
        "おれはここで面っこ彫ってるがら、タケ行ってこい",
        "ここで待ってるから、行ってきて",
        "ここで待ってるから",
    )
    assert_noes(noes, scenario, invited, analyzer)
    # the player going is no such thing
    outcome = agreement_to_invitation(None, context("うん、行ってくる", scenario, invited, analyzer))
    assert outcome is not None and outcome.action.kind == "move"


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_western_negative_n_is_no_yes_and_telling_them_to_go_with_yo_is_a_no(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    invited = assert_yeses("、一緒に見に行かない？", ("そんなら、見に行こうか",), scenario, state, analyzer)
    noes = ("よだきいけん、行かん", "今は行けん", "うちはここで竹切りよるけん、ナッちゃん行ってきよ")
    assert_noes(noes, scenario, invited, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_asked_to_do_something_together_there_is_invited(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("了解、同行する、どうぞ", "了解した、一緒に確認に向かう", "了解、ついていく、以上")
    assert_yeses("のほう、一緒に見てもらえません？", yeses, scenario, state, analyzer)
    assert_no_invitation(("は一緒に見てもらえた",), "了解、同行する", scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_toyama_lets_and_its_yeses(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("いいちゃ、行かんまいけ", "ほんなら、見に行こまいけ", "わかったちゃ、ついてくわ")
    assert_yeses("のほう、一緒に見に行かんまいけ", yeses, scenario, state, analyzer)
    assert_no_invitation(("には行かんまま",), "いいちゃ、行かんまいけ", scenario, state, analyzer)
    yeses = ("ほやの、一緒に行くわ", "一緒に行きます")
    assert_yeses("のほう、一緒に見に行かんか？", yeses, scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_yes_opened_with_then(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("そいぎ、見に行こうか", "そしたら、行こっか", "そいなら一緒に行くばい")
    invited = assert_yeses("のほう、一緒に見に行かん？", yeses, scenario, state, analyzer)
    assert_noes(("そいぎ、まだここにおる", "そしたら、後で行く"), scenario, invited, analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_going_together_asked_and_its_yeses(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("うん、行くさ", "ほうけ、ほんじゃいっしょに行くだ", "ええよ、ついてくじゃん", "ほだな、一緒に行くわ")
    invited = assert_yeses("のほうも、いっしょに見に行くけ？", yeses, scenario, state, analyzer)
    assert_noes(("いや、おれはもうちっとここで房を見てるさ",), scenario, invited, analyzer)
    # going together told, or asked about the past: no invitation
    lines = ("には、あの人といっしょに行くけど", "には、いっしょに行ったことある？")
    assert_no_invitation(lines, "うん、行くさ", scenario, state, analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_eastern_te_mikka_and_the_ise_lets(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("んだな、行ぐべ", "んだなし、いっしょに行ってみっぺ", "いいよ、ついでぐ")
    invited = assert_yeses("のほうさ、いっしょに見に行ってみっか？", yeses, scenario, state, analyzer)
    assert_noes(("いや、おれはもうちっとここで足跡見でる",), scenario, invited, analyzer)
    assert_yeses("のほう、つんだって見に行かへんか？", ("ほやな、つんだって行こさ",), scenario, state, analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_western_wont_you_asked_with_kane(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("ええよ、行こうや", "ほうじゃね、いっしょに行くほ", "うん、ついて行くけえ")
    invited = assert_yeses("のほう、いっしょに見に行かんかね？", yeses, scenario, state, analyzer)
    assert_noes(("いや、わしはもうちいとここで船見ちょるけえ",), scenario, invited, analyzer)
    assert_no_invitation(("にはもう行かんかね",), "ええよ、行こうや", scenario, state, analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_banshu_wont_you_and_being_sent_alone_drawn_out(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("ええで、行こか", "せやな、一緒に行くわ", "うん、ついてくわ")
    invited = assert_yeses("のほう、いっぺん一緒に見に行かへんけ？", yeses, scenario, state, analyzer)
    noes = (
        "いや、わいはもうちょっとここで足跡見とくわ",
        "常さんひとりで…いってきてぇ",
        "ひとりで行ってきてぇ…",
        "タケ行ってきぃ",
    )
    assert_noes(noes, scenario, invited, analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_eastern_volitional_invitation_and_its_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("んだな、行ってみっぺ", "いいよ、いっしょに行ぐべ", "はい、ついてきます")
    invited = assert_yeses("のほうも、いっしょに見に行ってみっぺか", yeses, scenario, state, analyzer)
    noes = ("いや、おれはもうちっとここで見てっから", "ひとりで行ってきてくんちぇ")
    assert_noes(noes, scenario, invited, analyzer)
    assert_yeses("さ、いっしょに行ぐべか？", ("んだな、行ぐべ",), scenario, state, analyzer)
    # a guess with だっぺ, or a past with べ, invites no one
    lines = ("は、きっと混んでるだっぺ", "には、前に行ったべか？")
    assert_no_invitation(lines, "んだな、行ってみっぺ", scenario, state, analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_going_together_asked_politely_and_its_yeses(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("かしこまりました、お供いたします", "ええ、参りましょう", "承知しました、ご一緒いたします")
    invited = assert_yeses("のほうも、ご一緒に見に行かれますか", yeses, scenario, state, analyzer)
    assert_noes(("いえ、私はもう少しここで轍を検めております", "おひとりでどうぞ"), scenario, invited, analyzer)
    yeses = ("しゃーねーな、付き合ってやるよ", "おう、行こうぜ", "いいっすよ、ついてきます")
    invited = assert_yeses("のほうにも、一緒に見に行ってみます？", yeses, scenario, state, analyzer)
    assert_noes(("いや、おれはもうちょいここで見てるわ", "ひとりで行ってこいよ"), scenario, invited, analyzer)
    assert_yeses("に、行ってみますか", ("ええ、参りましょう",), scenario, state, analyzer)
    # asked about the past: no invitation
    lines = ("には、一緒に行かれたことは？", "へは、一緒に行きましたか？", "に行ってみました？")
    assert_no_invitation(lines, "ええ、参りましょう", scenario, state, analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_polite_miyazaki_wont_you_a_terse_yes_and_a_stammered_no(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("いいよ、行こや", "じゃあ、いっしょに行くわ", "うん、ついてくわ", "う、うん、い、行きます")
    invited = assert_yeses("のほうも、いっしょに見に行ってみんですか", yeses, scenario, state, analyzer)
    noes = ("いや、俺はもうちょっとここで見ちょくわ", "い、いえ、ぼ、ぼくは、こ、ここで、も、もう少し…")
    assert_noes(noes, scenario, invited, analyzer)
    invited = assert_yeses("のほうも、一緒に見に行くか？", ("おう、一緒に", "いっしょに！"), scenario, state, analyzer)
    # asking back is no yes
    for text in ("一緒に？", "え、一緒に？"):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_kanto_wont_you_on_nee_and_its_yeses(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("おう、行ってみんべ", "いいよ、一緒に行くべ", "はい、ついてきます")
    invited = assert_yeses("のほうも、一緒に見に行ってみねえかい", yeses, scenario, state, analyzer)
    assert_noes(("いや、おれはもうちっとここで見てるわ", "兄さんひとりで行ってきなよ"), scenario, invited, analyzer)
    assert_yeses("に、行かねえか？", ("おう、行ってみんべ",), scenario, state, analyzer)
    # a refusal or a question in the same speech invites no one
    lines = ("には、もう行かねえよ", "のこと、知らねえかい？")
    assert_no_invitation(lines, "おう、行ってみんべ", scenario, state, analyzer)


@pytest.mark.round(20)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_the_enshu_lets_on_mai_and_the_oita_wont_you_try_on_miran_kae(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    enshu = ("うん、行かまい", "ほうだね、一緒に行くに", "わかった、ついてくでね")
    assert_yeses("のほうも、一緒に見に行かまいか？", enshu, scenario, state, analyzer)
    oita = ("うん、行こうえ", "そうやな、一緒に行くわ", "わかった、ついていくけん")
    invited = assert_yeses("のほうも、一緒に見に行ってみらんかえ？", oita, scenario, state, analyzer)
    assert_noes(("いや、うちはもうちょっとここ片付けよるけん",), scenario, invited, analyzer)
    assert_yeses("に、一緒に行かんかえ", ("うん、行こうえ",), scenario, state, analyzer)
    # a question in the same speech invites no one
    assert_no_invitation(("のこと、知らんかえ？", "の鍵、知らんか？"), "うん、行かまい", scenario, state, analyzer)


@pytest.mark.round(20)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_an_escort_offered_in_any_politeness(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    yeses = ("はっ、お供いたします", "お供させてください", "喜んでお供しますよ")
    assert_yeses("のほうも、一緒に見に行ってみるか？", yeses, scenario, state, analyzer)
    # an offering is no escort
    assert_no_invitation(("に、お供えしておいてくれ",), "お供えしよう", scenario, state, analyzer)


@pytest.mark.round(20)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_long_yes_after_a_reason_or_following_the_one_who_invites(
    scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = invited_scenes[scene]
    inviter = state.responder
    yeses = (
        "そうですね、私も気になっていたので、一緒に行きます",
        f"わかりました、{inviter}さんのあとについていきますね",
        "はい、ちょうど手が空いたところだし、行ってみます",
        f"{inviter}さんについていきます",
    )
    invited = assert_yeses("のほうも、一緒に見に行ってみますか？", yeses, scenario, state, analyzer)
    for text in (
        "すみません、少し疲れたので、ここで休んでいます",  # a reason for staying
        "わかりました、でも足が痛いので、ついていけないです",  # failing to follow
        "そうですね、気になるので、先にその話を聞かせてください",  # it asks
        "いえ、ついていきません",
        "誰についていくの？",  # asked
        "申し訳ございません、ついてまいりません",
    ):
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text


@pytest.mark.round(20)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_following_humbly(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Found by round 20's second batch (a department store's service keigo)."""
    scenario, state = invited_scenes[scene]
    yeses = (f"承知いたしました、{state.responder}さんについてまいります", "かしこまりました、後ろをついて参ります")
    assert_yeses("のほうも、一緒にご覧になりますか？", yeses, scenario, state, analyzer)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "line",
    [
        "打ち上げ、ロビーで一杯やらんか？",  # won't you, on ず after a verb: do something there
        "ロビーでみんなで写真撮らん？",
        "物販ならロビーにまだ残っとる。見に行くかね？",  # the place in one sentence, the offer in the next
        "すぐにロビーへお通りになりますか？",  # an honorific will you
        "気になるならロビーへ行ってみては？",  # why not try
    ],
)
def test_a_line_that_offers_something_at_a_reachable_place_invites_there(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """New-shape sets: offers the invitation data did not read (やらんか, 見らんね, お通りになりますか,
    行ってみては？), read as token patterns (app/lexicon/offer.json), so a yes went nowhere."""
    state = after_line(stage_state, "灯", line)
    outcome = agreement_to_invitation(None, context("ええですね、お供します", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー"), line


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "line",
    [
        "ロビーで誰か見かけたか？",  # a state asked (見かける, past: did you see)
        "ロビーにいたのか？",
        "ロビーで何をやるんか？",  # who, what, where: it asks
        "ロビーのこと、知らんか？",
        "ロビー、もう開きますか？",  # an event, not the player's doing
        "ライブ、ロビーで始まりますか？",
        "どの席でロビーの物販を見ますか？",  # which: it asks
    ],
)
def test_a_question_at_a_place_that_offers_nothing_is_no_invitation(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", line)
    assert agreement_to_invitation(None, context("うん", hoshizora, state, analyzer)) is None, line


@pytest.mark.issue(27)
def test_a_no_after_an_offer_is_no_yes_and_an_english_yes_is_no_no(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "打ち上げ、ロビーで一杯やらんか？")
    assert agreement_to_invitation(None, context("うーん、今はいいかな", hoshizora, state, analyzer)) is None
    outcome = agreement_to_invitation(None, context("イエス、行く行く", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "reply",
    [
        "ええですね、ほな一緒に行きましょか",  # a let's asked with か proposes
        "行く行く〜焼きそばパン残ってっかな🤤",  # opens on going; the rest is talk (〜 pauses)
        "行きます行きます、ちょうどお腹すいてたんだよね",
    ],
)
def test_a_longer_yes_that_proposes_or_opens_on_going_goes(
    reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 5: replies over fifteen characters, one closing on 行きましょか (read as a question), one
    opening on 行く行く〜 (no pause found), answered なし."""
    state = after_line(stage_state, "灯", "腹減ったやろ。ロビーで一杯やりながら話そか？")
    outcome = agreement_to_invitation(None, context(reply, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー"), reply


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "reply",
    [
        "恐れ入りますが、私はこちらに残ります",  # 恐れ入る is no movement
        "ええですね、でも鍵のことはどうなりましたか",  # asks something else
        "行く行く〜って言いたいとこだけど、今日はやめとく",
    ],
)
def test_a_longer_reply_that_stays_or_asks_does_not_go(
    reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "腹減ったやろ。ロビーで一杯やりながら話そか？")
    assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None, reply


@pytest.mark.issue(27)
def test_the_invited_verb_said_twice_goes(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    """Round 5: 見る見る (read as the adverb みるみる) to 「…一緒に見ます？」 answered なし."""
    state = after_line(stage_state, "灯", "ロビーのモニターで映像、一緒に見ます？")
    outcome = agreement_to_invitation(None, context("見る見る！", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    for reply in ("見た見た", "見る"):  # past; said once, a bare verb is no eager yes
        assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None, reply


@pytest.mark.round(38)
def test_the_invited_verb_said_twice_in_any_form_goes(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 38's shinju: 乗ります乗ります！ to 「…筏まで船出すけど、あんたも乗ってく？」 answered なし."""
    state = after_line(stage_state, "灯", "ロビーで新曲流すけど、一緒に聴きに行きます？")
    outcome = agreement_to_invitation(None, context("聴きます聴きます！", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    for reply in ("聴きました聴きました", "聴かない聴かない", "飲みます飲みます"):  # past, negated, another verb
        assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None, reply


@pytest.mark.round(38)
def test_a_yes_that_goes_only_after_something_else_stays(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 38's shukubo: a going after something else done first (少し休憩してから行きます) goes later."""
    state = after_line(stage_state, "灯", "ロビー、一緒に見に行かない？")
    for reply in ("うん、ちょっと着替えてから行くね", "はい、お茶を飲んでから行きます"):
        assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None, reply


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    "line",
    [
        "帽子の兄ちゃんなら、ロビーのほうへ行ったよ。気になるなら見てきな。",
        "ロビーで呼んでたぞ。顔を出してやれ。",
        "ロビーに一緒に来んさい",
    ],
)
def test_a_line_that_tells_the_player_to_go_invites(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 6: 見てきな, 顔を出してやれ, 来んさい tell the player to go; a yes to them (わかった、ちょっと行って
    みる; 了解です、すぐ行きます) answered なし."""
    state = after_line(stage_state, "灯", line)
    for reply in ("わかった、ちょっと行ってみる", "了解です、すぐ行きます"):
        outcome = agreement_to_invitation(None, context(reply, hoshizora, state, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), (line, reply)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("ロビーで何してたか、正直に言ってみな", "うん"),  # an imperative of saying, not going
        ("ロビーまで聞こえるように、思いっきり歌ってこい", "はい"),
        ("控え室の鍵、湊に返してきなさい", "わかった"),
        ("先生はロビーに行きんさったよ", "うん"),  # an honorific past
        ("ロビーのポスター、あとで見てごらん", "わかった"),
        ("ロビーに行ってみない？", "行こう、と言いたいが、湊くんに止められてるんだ"),  # taken back
        ("ロビーに行ってみない？", "行ってきなよ、灯ちゃん一人で大丈夫でしょ"),  # someone else sent
        ("ロビーで何かあるみたい、見に行く？", "あるある"),  # not the invited verb said twice
        ("ロビーに湊くんいるから、行ってみない？", "いるいる"),
    ],
)
def test_review_near_misses_do_not_go(
    line: str, reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Review of issue 27's round-6 changes: each answered a move."""
    state = after_line(stage_state, "灯", line)
    assert agreement_to_invitation(None, context(reply, hoshizora, state, analyzer)) is None, (line, reply)


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("上のタンク、一緒に見に行くか？", True),  # the last word of 貯水タンク (round 7)
        ("貯水の係、呼びに行くか？", True),  # the first word
        ("タンクの水、濁ってない？", False),  # no movement, no offer
        # round 24's gunma_ben: a negative asked before more talk invites (湯もみショー見に行かねえ？もうすぐ…)
        ("上のタンク、見に行かねえ？もうすぐ日が暮れるし", True),
        ("上のタンク、見に行かない？すぐそこだよ", True),
        ("上のタンク、見に行きたくないんじゃろ？無理しとらん？", False),  # a guess at a want, not a proposal
        ("上のタンク、見に行かねえ。疲れた", False),
    ],
)
def test_a_line_may_name_a_place_by_the_first_or_last_word_of_its_name(
    line: str, named: bool, analyzer: TextAnalyzer
) -> None:
    roof = Candidate("A1", Action("move", "屋上"), "move", "屋上", names=("屋上", "貯水タンク"))
    found = _partly_named_moves(analyzer.analyze(line), (roof,))
    assert (found == [roof]) is named, line


def _goes_to_the_green_room(
    line: str, reply: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer, speaker: str = "灯"
) -> bool:
    """Whether agreement_to_invitation takes `reply`, after `line`, as the move to 控え室."""
    outcome = agreement_to_invitation(None, context(reply, scenario, after_line(state, speaker, line), analyzer))
    return outcome is not None and outcome.action == move("控え室")


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("reply", "goes"),
    [
        ("はい、控え室も見ておきたいです", True),  # a yes, then the invited place named (round 7)
        ("はい、控え室も確認させてください", True),
        ("はい、控え室はいいです", False),  # the place as a topic: no thanks
        ("うん、控え室も今度にする", False),  # no seeing, no going
        ("はい、控え室って何があるの？", False),  # asks about it
        ("控え室も見ておきたいです", False),  # no yes first: left to the other rules and the model
        ("はい、でもロビーが先", False),  # another place
    ],
)
def test_a_yes_then_the_invited_place_named_goes_there(
    reply: str, goes: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert (
        _goes_to_the_green_room("控え室のほうも一緒に見てみますか？", reply, hoshizora, stage_state, analyzer) is goes
    ), reply


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("reply", "goes"),
    [
        ("そうですね、冷えてきたし戻りましょうか", True),  # a reason running into the let's (round 9)
        ("うん、戻ろう", True),
        ("いや、まだここにいる", False),
    ],
)
def test_a_proposal_to_go_there_and_do_something_invites(
    reply: str, goes: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 9: 「ここは冷えるで。控え室に戻って温かいもんでも飲むか？」 proposes going there, asked with a
    plain verb and か, as an older speaker says it (invitation.json)."""
    line = "ここは冷えるで。控え室に戻って温かいもんでも飲むか？"
    assert _goes_to_the_green_room(line, reply, hoshizora, stage_state, analyzer) is goes, reply


@pytest.mark.issue(27)
@pytest.mark.parametrize(
    ("reply", "goes"),
    [
        ("ああ、行きましょう。灯さんに聞きたいことがあるので", True),  # a reason after the yes (round 11)
        ("ああ、行きましょう。灯さんに聞きたいことがあるので？", False),
        ("行くのは怖いな", False),  # going remarked on
    ],
)
def test_a_yes_then_a_reason_goes(
    reply: str, goes: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    line = "わしと一緒に控え室まで来るか？灯さんに話があるんじゃろ"
    assert _goes_to_the_green_room(line, reply, hoshizora, stage_state, analyzer, speaker="湊") is goes, reply


@pytest.mark.round(15)
def test_a_yes_to_an_invitation_to_an_absent_person_s_place_goes_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 15's romaji: 一緒に支配人のところへ行ってくれない？ → OK、一緒に行こう answered なし: the line names
    the person's place, and `elsewhere` says where that is."""
    away = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    state = after_line(away, "灯", "ねえ、一緒に真壁さんのところへ行ってくれない？")
    for text in ("わかった、一緒に行こう", "うん、行こう"):
        outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), text
    # not without the person's place in `elsewhere`, nor a line that only talks of it
    state = after_line(stage_state, "灯", "ねえ、一緒に真壁さんのところへ行ってくれない？")
    assert agreement_to_invitation(None, context("うん、行こう", hoshizora, state, analyzer)) is None
    state = after_line(away, "灯", "真壁さんのところ、散らかってたよ")
    assert agreement_to_invitation(None, context("うん", hoshizora, state, analyzer)) is None


@pytest.mark.round(15)
def test_a_going_then_a_parting_takes_leave_rather_than_going_along(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 15's romaji: ok, I'll go. お疲れさま (わかった, 行く. お疲れさま) takes leave."""
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    for text in ("わかった、行く。お疲れさま", "うん、行こう。気をつけてね"):
        assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None, text
    outcome = agreement_to_invitation(None, context("わかった、行く。", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.round(15)
@pytest.mark.parametrize("text", ["行かないわけないでしょ", "行かないわけにはいかないな"])
def test_a_negative_taken_back_accepts_an_invitation(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 15's hango: 一緒に来るか？ → 行かないわけないでしょ answered なし: its 行かない read as a no, its わけ as
    something named. A negative taken back is a yes; a plain one is not."""
    state = after_line(stage_state, "灯", "ロビーも見ておくか。一緒に来る？")
    outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    assert agreement_to_invitation(None, context("行かないよ", hoshizora, state, analyzer)) is None


@pytest.mark.round(17)
def test_a_yes_that_goes_along_to_the_invited_place_accepts(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 17's hikaku: よかったら温室まで一緒に行きません？ → いいですね、温室までご一緒します answered なし.
    A hum thinking aloud is no yes (うーん, which plain speech once read as うん)."""
    state = after_line(stage_state, "灯", "よかったらロビーまで一緒に行きません？")
    for text in ("いいですね、ロビーまでご一緒します", "はい、ロビーにもお供します"):
        outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), text
    for text in ("いや、ロビーまでご一緒するのはちょっと", "うーん、曲の話か機材の話か…"):
        assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None, text


@pytest.mark.round(21)
@pytest.mark.parametrize("text", ["行きます。セトリの話は歩きながら聞かせてください", "行こう。続きは道すがら教えて"])
def test_a_going_then_something_asked_on_the_way_goes(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """futatsu (round 21): what is asked on the way asks nothing but going along."""
    state = after_line(stage_state, "灯", "私はロビーに戻るけど、一緒に来る？")
    outcome = agreement_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.round(21)
def test_a_going_then_something_asked_here_is_left_to_the_model(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "私はロビーに戻るけど、一緒に来る？")
    text = "行きます。でもその前にセトリの話を聞かせてください"
    assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None


@pytest.mark.round(21)
def test_a_yes_to_being_shown_to_someone_goes_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """houkou (round 21): 源三さんなら、裏口を出たところで薪を割ってますよ。ご案内しましょうか？ leads to where
    源三 is (`elsewhere`)."""
    state = GameState.model_validate({**stage_state.model_dump(), "elsewhere": {"真壁": "ロビー"}})
    state = after_line(state, "灯", "店長なら、さっき電話してたよ。案内しようか？")
    outcome = agreement_to_invitation(None, context("はい、お願いします", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    talk = after_line(state, "灯", "店長なら、何か知ってるかもね")  # no invitation
    assert agreement_to_invitation(None, context("はい、お願いします", hoshizora, talk, analyzer)) is None


@pytest.mark.round(31)
@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("ロビーまで、車で乗せちゃろうか？", "ほんなら、お願いします"),
        ("ロビーまで送ってあげようか？", "うん、お願い"),
        ("一緒にロビーさ来るが？", "んだ、行ぐべ！"),
    ],
)
def test_a_yes_to_shall_i_take_you_or_to_come_asked_in_tohoku_goes(
    line: str, reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's bingo_ben and shimokita_ben: 運送屋まで、うちの車で乗せちゃろうか？ (Chugoku ちゃろう for
    てやろう) and なも一緒に港さ来るが？ (Tohoku が for か) invited nowhere, so the yes went nowhere."""
    state = after_line(stage_state, "灯", line)
    outcome = agreement_to_invitation(None, context(reply, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.round(32)
@pytest.mark.parametrize(
    ("line", "yes", "later"),
    [
        ("ロビーの方も見ておかれますか？", "ええ、見に行きましょう", "ええ、お茶を飲んでからにします"),
        ("これから一緒にロビーさ行ぐすか？", "んだっちゃ、行ぎましょ", "んだな、飯食ってがらにすっぺ"),
        ("ロビーに行ってみない？", "うん、行こう", "うん、明日にしよう"),
    ],
)
def test_a_yes_goes_unless_it_puts_the_going_off(
    line: str, yes: str, later: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 32's kamamoto and kesennuma_ben: an honorific offer to look beforehand (薪小屋の方も見ておかれますか？)
    and the Tohoku polite will-you (魚市場さ行ぐすか？) invited nowhere, so the yes went nowhere; a yes that
    puts the going off until after a meal (んだな、飯食ってがらにすっぺ) went at once (a false move)."""
    state = after_line(stage_state, "灯", line)
    outcome = agreement_to_invitation(None, context(yes, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    assert agreement_to_invitation(None, context(later, hoshizora, state, analyzer)) is None


@pytest.mark.round(32)
@pytest.mark.parametrize(
    "reply",
    [
        "恐れ入ります。ぜひご案内をお願いいたします。",
        "ありがとうございます。ぜひお願いします",
        "だんだん。ほんなら、お願いします",
    ],
)
def test_thanks_before_a_yes_go_along(
    reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 32's shiyakusho: 恐れ入ります。ぜひご案内をお願いいたします。 to このままご案内いたしましょうか went
    nowhere: thanks as a clause of their own did not lead to the yes as an opener does. Thanks before a no, or
    alone, still go nowhere."""
    state = after_line(stage_state, "灯", "ロビーまでご案内いたしましょうか。")
    outcome = agreement_to_invitation(None, context(reply, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    for text in ("ありがとうございます。でも、今日はやめておきます", "恐れ入ります"):
        assert agreement_to_invitation(None, context(text, hoshizora, state, analyzer)) is None, text


@pytest.mark.issue(27)
@pytest.mark.round(34)
def test_a_yes_then_asking_to_be_shown_the_way_goes(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 34's clock shop: asked whether they would see the storeroom upstairs, the player said ぜひ拝見
    したいです。ご案内をお願いできますか; the request closing on か read as a question, and the yes as none. A
    request to be shown the way or taken there goes along; another question after the yes does not."""
    state = after_line(stage_state, "灯", "よろしければ、ロビーもご覧になりますか？")
    outcome = agreement_to_invitation(
        None, context("ぜひ見てみたいです。ご案内をお願いできますか", hoshizora, state, analyzer)
    )
    assert outcome is not None and outcome.action == move("ロビー")
    asked = context("ぜひ見てみたいです。ロビーには誰がいますか", hoshizora, state, analyzer)
    assert agreement_to_invitation(None, asked) is None


@pytest.mark.issue(27)
@pytest.mark.round(35)
@pytest.mark.parametrize(
    ("line", "yes"),
    [
        ("ロビーまで運びましょうか", "じゃあ運ぼう"),  # a godan let's said back (enden)
        ("ロビーまで手伝いに行ってくれんけ？", "ええよ、行ってくるわ"),  # Wakasa's け asking (wakasa_ben)
        ("これからロビーに寄っていくが、一緒に来ーか？", "いいですね、一緒に行きます"),  # Oki's 来ーか (oki_ben)
    ],
)
def test_a_yes_to_an_invitation_in_a_dialect_s_form_goes(
    line: str, yes: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 35: 浜まで運びましょうか → よし、運ぼう (the let's 運ぼう echoes 運び only by its stem 運); a won't-you
    asked with Hokuriku's け (行ってくれんけ？) and Oki's drawn-out 来ーか？ invited nowhere. A no still goes
    nowhere."""
    state = after_line(stage_state, "灯", line)
    outcome = agreement_to_invitation(None, context(yes, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
    assert agreement_to_invitation(None, context("いや、やめとくわ", hoshizora, state, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.round(36)
@pytest.mark.parametrize("yes", ["じゃ、ついてこう", "ほいたら、一緒に行こうかね"])
def test_a_let_s_follow_or_a_yes_after_tosa_s_well_then_goes_along(
    yes: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 36's hata_ben: asked …おまんもついて来るかえ？, the player's ほいたら、ついて行こうかね went nowhere:
    Tosa's ほいたら (well then) opened nothing (agreement.json's openers), and the let's of ついていく said short
    (ついてこう) was no following (movement.json's following)."""
    state = after_line(stage_state, "灯", "今からロビーへ行くけど、一緒について来る？")
    outcome = agreement_to_invitation(None, context(yes, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")
