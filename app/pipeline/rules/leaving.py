"""Rules about leaving: a farewell that leaves, one that cannot, and a leave the text gives no cue for."""

from __future__ import annotations

from dataclasses import replace

from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.readings.farewell import (
    CLOSING_WORDS,
    ENDING_ONLY_FAREWELLS,
    FAREWELLS_AS_A_CLAUSE,
    SETTING_OUT,
    closing_word_alone,
    ending_farewell,
    farewell_talked_about,
    has_leave_cue,
    leaving_phrase_closes,
)
from app.pipeline.readings.movement import has_movement_cue, on_another_day
from app.pipeline.readings.replies import ASKING
from app.pipeline.readings.text import (
    CLOSING_MARKS,
    PAUSES,
    is_question,
    sentences_of,
    trim,
    without_quoted_words,
)
from app.pipeline.rules.context import ABOUT, Outcome, RuleContext, as_called
from app.pipeline.rules.going import places_not_declined
from app.text import AnalyzedText, normalize


def _without_a_closing_name(ctx: RuleContext) -> AnalyzedText:
    """The text without a last clause that only calls someone by name (じゃあね、灯ちゃん; へばまたな、駐在さん),
    or a name it runs into (ほんじゃ、まだね源さん): the farewell is what comes before it."""
    raw = ctx.text.raw
    called = [c for _, names in ctx.character_names for c in as_called(names)]
    cut = max(raw.rfind(mark) for mark in "、,，")
    if cut > 0 and trim(normalize(raw[cut + 1 :])) in called:
        return ctx.analyzer.analyze(raw[:cut])
    norm = trim(ctx.text.norm)
    run_into = max((c for c in called if norm.endswith(c) and len(norm) > len(c)), key=len, default=None)
    return ctx.text if run_into is None else ctx.analyzer.analyze(norm[: -len(run_into)])


def _closing_farewell(ctx: RuleContext) -> str | None:
    """The farewell the text ends with, or the one parting talk follows, or leaving said as a phrase
    (app/lexicon/farewell.json's leaving_phrases), unless the text talks about the
    word (失礼しますって言うの？) or goes to a reachable place it names (控え室に戻ります、失礼します goes there)."""
    text = _without_a_closing_name(ctx)
    farewell = (
        ending_farewell(text)
        or ctx.phrases.farewell_at_end(text)
        or _farewell_before_parting_talk(ctx)
        or closing_word_alone(ctx.text)
    )
    # (leaving said as a phrase, closing the text: *手を振って境内を後にする*, その場を離れる)
    if farewell is None and leaving_phrase_closes(without_quoted_words(text)):
        farewell = trim(text.norm)
    if farewell is None or farewell_talked_about(ctx.text):
        return None
    # (行ってきます after a line naming a reachable place may be going there: 倉庫を見てきてくれる？)
    line = ctx.line_before
    if farewell in SETTING_OUT and line is not None and ctx.moves_named(line):
        return None
    if _plans_a_visit(ctx, farewell):
        return None
    # (a place named without going there leaves all the same: 網小屋はまた今度にさしてもろて、…いにますけん;
    # nor one put off in a sentence of its own: 倉庫はまた今度。今日はもう帰ります; nor one said no to:
    # やっぱり舟はやめた。街道を歩いて行くことにするよ。じゃあな)
    now = replace(ctx, text=ctx.decided_text)
    if places_not_declined(now) and now.moves_in_text():
        return None
    return farewell


def _closing_farewell_as_said(ctx: RuleContext) -> str | None:
    """_closing_farewell of the line, or of its speech with its stage directions as sentences of their own
    (「では、また伺います」（一礼して暖簾をくぐる）: the farewell, then a gesture)."""
    return _closing_farewell(ctx) or (None if ctx.spoken is ctx else _closing_farewell(ctx.spoken))


def _plans_a_visit(ctx: RuleContext, farewell: str) -> bool:
    """The farewell is a promise to come again whose words name a reachable place (明日また喫茶店に寄るつもり):
    a plan to go there, not a leave from here."""
    said = farewell.replace("ー", "")
    named = ctx.moves_named()
    return any(normalize(name).replace("ー", "") in said for place in named for name in place.names)


# Words that turn to another subject after a farewell (じゃあね。あ、そういえば昨日の件…): no parting talk.
# Nor words that take it back, opening a clause (さよなら。でも、まだ帰らない; じゃあね。なんて、冗談だよ).
_TURNING_TO = tuple(
    normalize(w)
    for w in (
        "そういえば",
        "ところで",
        "それより",
        "その前に",
        "でも",
        "なんて",
        "なんちゃって",
        "やっぱり",
        "冗談",
        "まだ",
        "待って",
        "ちょっと待",
    )
)

_AGAIN = normalize("また")

# Openers that greet before a 失礼します that opens a visit (どうも、失礼します).
_GREETING_OPENERS = tuple(
    normalize(w) for w in ("どうも", "あの", "あのう", "こんにちは", "こんばんは", "おはようございます")
)

# A 失礼しました said of a moment before (さっきは失礼しました、…): an apology, no farewell.
_EARLIER = tuple(
    normalize(w) for w in ("さっき", "先ほど", "さきほど", "先程", "昨日", "先日", "この前", "この間", "この度")
)

# A farewell that also opens a visit (失礼します、お茶をお持ちしました): first in the text, it may greet.
_ALSO_GREETS = (normalize("失礼"), normalize("すみません"))


def _plans(text: AnalyzedText) -> list[range]:
    """Where, in the text's normalised form, its sentences that plan something for another day, not asked,
    lie (木箱のことは明日、灯台の志摩さんにも聞いてみます): after a farewell, parting talk, whatever they name."""
    spans, at = [], 0
    for sentence in sentences_of(text):
        at = text.norm.find(sentence.norm, at)
        verbs = [i for i, (_, _, pos) in enumerate(sentence.tokens) if pos == "動詞"]
        if at >= 0 and verbs and on_another_day(sentence.tokens[: verbs[-1]]) and not is_question(sentence):
            spans.append(range(at, at + len(sentence.norm)))
        at = max(at, 0) + len(sentence.norm)
    return spans


def _farewell_before_parting_talk(ctx: RuleContext) -> str | None:
    """A farewell closing a clause, followed only by parting talk: words that ask nothing and go nowhere
    (お先に失礼しますけえ、健太によろしゅう言うといてください; ほな、さいなら。麦湯ごちそうさんどした;
    ほいじゃあ、またの。健太、東京でも頑張りんさいよ！). Whatever wish, thanks or greeting to pass on
    follows, in whatever dialect, the farewell has been said, and so has any plan for another day (じゃあ、
    僕はこのへんで。木箱のことは明日、志摩さんにも聞いてみます。…気をつけて)."""
    norm = trim(ctx.text.norm)
    cuts = [m.end() for m in PAUSES.finditer(norm) if 0 < m.end() < len(norm)]
    plans = _plans(ctx.text)
    for cut in reversed(cuts):
        head = norm[:cut]
        tail = "".join(ch for at, ch in enumerate(norm[cut:], cut) if not any(at in plan for plan in plans))
        turning = any(c.lstrip("あえ").startswith(_TURNING_TO) for c in PAUSES.split(tail) if c)
        # (って or と opening the rest quotes the farewell: じゃあね、って言いたいけど…)
        turning = turning or tail.startswith(("って", "と言", "とい"))
        if "?" in tail or ASKING.search(tail) or turning or any(m in tail for m in ABOUT):
            return None
        rest = ctx.analyzer.analyze(tail)
        # (…not one that itself leaves: 「じゃ、俺はこれで」（勝手口から帰っていく）; a clause opening on また
        # promises to come again and goes nowhere now: おいとまします。またおじゃるわ)
        onward = ctx.analyzer.analyze("、".join(c for c in PAUSES.split(tail) if c and not c.startswith(_AGAIN)))
        goes = ctx.phrases.said("movement", onward) is not None or has_movement_cue(onward)
        if tail and ((goes and not has_leave_cue(rest)) or ctx.moves_named(rest, read=False)):
            return None
        said = ctx.analyzer.analyze(head)
        farewell = ending_farewell(said) or ctx.phrases.farewell_at_end(said)
        if farewell is None:
            continue
        # one that may lead into what follows (ほな、そうしまひょ; また明日、学校で話すよ; a well-then, じゃあ、
        # ここで待たせてもらいます) parts only as a sentence of its own
        # (…a sentence before may end on it: ほんならこれで。おばちゃん、気ぃつけてな)
        leads_on = (
            farewell in ENDING_ONLY_FAREWELLS
            or farewell in FAREWELLS_AS_A_CLAUSE
            or farewell in CLOSING_WORDS
            or farewell.startswith("また")
        )
        if head[-1] not in CLOSING_MARKS and leads_on:
            continue
        opening = trim(head)
        for greeting in _GREETING_OPENERS:
            if opening.startswith(greeting):
                opening = opening[len(greeting) :].lstrip("、,")
        if not PAUSES.search(opening) and opening.startswith(_ALSO_GREETS):
            return None
        return None if farewell.startswith(_ALSO_GREETS) and head.startswith(_EARLIER) else farewell
    return None


def farewell_leaves(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A farewell at the end of the text (失礼します) leaves when leaving is possible; asking about
    the word (失礼しますって言うの？) does not."""
    if ctx.candidate_for(LEAVE) is None or (farewell := _closing_farewell_as_said(ctx)) is None:
        return None
    return Outcome(LEAVE, "farewell_leaves", f"ends with the farewell 「{farewell}」")


# How many characters of a character's knowledge the text must repeat (six: a phrase, not a word).


def farewell_without_leave(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A farewell at the end of the text where the player cannot leave is small talk: the game has no
    leave to give, and with none to pick the model read 「ほな、また来ますわ」 as a topic."""
    if ctx.candidate_for(LEAVE) is not None or (farewell := _closing_farewell_as_said(ctx)) is None:
        return None
    return Outcome(NONE, "farewell_without_leave", f"ends with the farewell 「{farewell}」; leaving is not possible")


# After a place's name, the particles that make it where a movement goes (に, へ, まで) or passes (を).


def leave_needs_cue(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """Leaving ends the scene, so it needs a farewell or a leaving verb that is said, not asked about:
    the model picked 離脱 for off-topic small talk and for 「失礼しますって言うの？」. Said by the player,
    not quoted: 「まあ帰るでよ」ってママの口癖だがね reports someone's words (the model's 離脱, round 8)."""
    if action is None or action.kind != "leave":
        return None
    if not farewell_talked_about(ctx.text):
        own = without_quoted_words(ctx.text)
        # (a promise to come again that plans a visit elsewhere is no cue, unless a sentence before leaves)
        if (farewell := ending_farewell(own)) is not None and _plans_a_visit(ctx, farewell):
            own = ctx.analyzer.analyze("".join(s.norm for s in sentences_of(own)[:-1]))
        if has_leave_cue(own) or ctx.phrases.said("farewell", own) is not None:
            return None
        # (a farewell farewell_leaves reads, a gesture after it: 「では、また伺います」（一礼して…）)
        if _closing_farewell_as_said(ctx) is not None:
            return None
    return Outcome(NONE, "leave_needs_cue", "no farewell or leaving verb in the text")
