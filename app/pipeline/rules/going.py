"""Rules about going somewhere: a place named with a movement, going to a person, waiting, searching or
doing something at a place; and the vetoes that hold the model's move to what the text says."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from app import lexicon
from app.pipeline.actions import NONE, Action
from app.pipeline.candidates import Candidate
from app.pipeline.readings.farewell import excuse_asked, has_leave_cue
from app.pipeline.readings.movement import (
    CLAUSE_BREAKS,
    DIRECTIONS,
    TO_A_NAMED_PLACE,
    TOWARDS_A_PLACE,
    after_giving_up,
    asked_of_another,
    asks_to_be_shown,
    bare_movement,
    has_movement_cue,
    heads_for,
    intends,
    is_place_question,
    lets,
    movement_asked_of_another,
    named_things,
    not_now,
    puts_off,
    set_on_another_day,
    undecided,
    without_what_is_put_off,
)
from app.pipeline.readings.replies import is_invitation, offers, says_no, says_yes, tells_to_go_alone
from app.pipeline.readings.small_talk import content_nouns
from app.pipeline.readings.text import (
    FIRST_PERSON_PATTERN,
    PAUSES,
    asks_who_what_where,
    clauses_of,
    is_kanji,
    is_question,
    longest_shared_phrase,
    names_place,
    normalized_words,
    says_a_word,
    sentences_of,
    trim,
    without_openers,
    without_quoted_words,
    word_spans,
)
from app.pipeline.rules.context import ABOUT, HONORIFIC_FORMS, Outcome, RuleContext, as_called
from app.text import AnalyzedText, normalize, whole_word_starts

# So is withdrawing to it (バックヤードに下がらせていただきます), said with に or へ, not done (下がった) nor
# said of a thing (温室のCO2、下がってる), nor someone made to (控え室に下がらせた); alone,
# 下がらせていただきます takes one's leave. Matched on the trimmed text (控え室へ下がる。).
_WITHDRAWING_TO = re.compile(r"[にへ]下が(らせ(?![たま])|ります|る$|るよ|るね|るわ|ろう)")


# After a place's name, what makes it the subject of talk (灯台の話, 灯台のこと, 灯台の件).
_ABOUT_A_PLACE = (*ABOUT, "の件")


def explicit_move(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A reachable place named with a movement verb is a move (控え室に行こう), whatever the model
    thinks; a question about the place (控え室って行ったことある？, 食堂って面会の人も入っていいんですか)
    is not. After an intention given up (資料室に行こうと思ったけど、やっぱり先に発電小屋を見てくる), what
    follows is what the player decides; a place put off in a sentence before the last (いや、倉庫はまた今度。
    今日はもう帰ります), one someone else is sent on to alone (工房へはお一人でどうぞ。私は今日はこれで帰ります)
    or one only talked about (灯台の話はまた今度聞かせてください) is not gone to."""
    if (instead := after_giving_up(ctx.text, ctx.analyzer)) is not None:
        ctx = replace(ctx, text=instead)
    ctx = replace(ctx, text=without_what_is_put_off(ctx.text, ctx.analyzer))
    if (own := _without_others_going(ctx)) is None:
        return None
    ctx = replace(ctx, text=own)
    places = places_not_declined(ctx)
    if len(places) > 1:
        places = _first_stop(ctx.text, places) or _gone_towards(ctx, places)
    if len(places) != 1 or is_place_question(ctx.text, ctx.place_names) or excuse_asked(ctx.text) or not_now(ctx.text):
        return None
    if _only_talked_about(ctx.text, places[0]):
        return None
    if (
        not _moves_to(ctx, places[0])
        and not _WITHDRAWING_TO.search(trim(ctx.text.norm))
        and not asks_to_be_shown(ctx.text, places[0])
        and not heads_for(ctx.text, ctx.place_names)
        and not _visits(ctx.text, places[0])
    ):
        return None
    # (…or with は: 物置は、裏の戸から出たらすぐかね？ asks the way, 地方車は一時に通りに入る？ asks when
    # the truck goes in; neither is the player going)
    if _asks_about_place(ctx.text, places[0], _TOPIC_MARKERS_BEFORE_A_MOVEMENT):
        return None
    # (…or a thing of the place's: after the model, the other vetoes read such a question)
    if _asks_about_a_thing_of(ctx.text, places[0]):
        return None
    return Outcome(
        places[0].action,
        "explicit_move",
        f"names {places[0].action.target} with a movement verb or a request to be shown it",
    )


def _moves_to(ctx: RuleContext, place: Candidate) -> bool:
    """The text moves: a movement verb, or going home (帰る: movement.json's home) in the sentence that names
    the place (事務所帰るわ); in another, the player goes home and the place is only talked about (…昼は蔵の騒ぎ
    で、夕方は駅まで走って。…おれはこれで帰らせてもらうね。ほいじゃあ。: round 26's yamanashi_ben, a false move
    before its farewell)."""
    # (a movement verb first, the common case, read once: it is a going home too, for the verbs with 帰る hold
    # those without it)
    if ctx.moves_in_text():
        return True
    return ctx.moves_in_text(TO_A_NAMED_PLACE) and any(
        has_movement_cue(sentence, TO_A_NAMED_PLACE, ctx.place_names) and place in ctx.moves_named(sentence)
        for sentence in sentences_of(ctx.text)
    )


# Towards a place, a humble visit goes there (直売所へ伺います); 受付に伺います may ask there instead.
_TOWARDS_A_VISIT = tuple(normalized_words("へ まで"))


def _visits(text: AnalyzedText, place: Candidate) -> bool:
    """A sentence visits the place humbly: its name, へ or まで, and a visiting verb (movement.json's
    visiting) that has_movement_cue reads as going now (ではそちらの工房へ伺います; not 伺いました)."""
    names = [normalize(name) for name in place.names]
    return any(
        has_movement_cue(sentence, _VISITING)
        and any(f"{name}{to}" in sentence.norm for name in names for to in _TOWARDS_A_VISIT)
        for sentence in sentences_of(text)
    )


def _without_others_going(ctx: RuleContext) -> AnalyzedText | None:
    """The text without its sentences that send someone else on alone (小野寺さん、工房へはお一人でどうぞ。私は
    今日はこれで帰ります) or ask them to go (ばあちゃん、先に家に帰っとって。おいは駅まで…): a place named
    there is theirs to go to. None when every sentence does."""
    sentences = sentences_of(ctx.text)
    kept = [
        s for s in sentences if not tells_to_go_alone(s.norm) and not movement_asked_of_another(s, _GOING_NOT_COMING)
    ]
    if len(kept) == len(sentences):
        return ctx.text
    return ctx.analyzer.analyze("".join(s.norm for s in kept)) if kept else None


# Asked of someone else, these send them (先に家に帰っとって); 来る brings them to the player (交番に来てくれって:
# a call the player answers).
_GOING_NOT_COMING = TO_A_NAMED_PLACE - {normalize("来る")}


def _only_talked_about(text: AnalyzedText, place: Candidate) -> bool:
    """Every time the text writes the place's name, the place is what is talked about (灯台の話はまた今度
    聞かせてください; 灯台のこと), not where anyone goes."""
    norm = text.norm
    after = [norm[m.end() :] for name in place.names for m in re.finditer(re.escape(normalize(name)), norm)]
    return bool(after) and all(rest.startswith(_ABOUT_A_PLACE) for rest in after)


# A place, then a clause to be done there first (公園で少し頭を冷やしてから, 薬局に寄ってから): no pause, no
# sentence's end before its て or で から
_DONE_THERE_FIRST = r"(?:で|に|へ|まで)[^。.!?、,]*?[てで]から"


def _first_stop(text: AnalyzedText, places: list[Candidate]) -> list[Candidate]:
    """Of several places named, the one where the player first does something before going on (公園で少し頭を
    冷やしてから、文月堂に戻ります: the park), when it is named before every other: where the player goes
    now. Round 21 (futatsu)."""
    norm = text.norm
    starts = {
        place: min((m.start() for n in place.names for m in re.finditer(re.escape(normalize(n)), norm)), default=-1)
        for place in places
    }
    first = [
        place
        for place in places
        if re.search(rf"(?:{'|'.join(re.escape(normalize(n)) for n in place.names)}){_DONE_THERE_FIRST}", norm)
    ]
    if len(first) != 1 or any(0 <= at < starts[first[0]] for place, at in starts.items() if place != first[0]):
        return []
    return first


def _gone_towards(ctx: RuleContext, places: list[Candidate]) -> list[Candidate]:
    """Of several places named, those named with に, へ or まで in a sentence that moves (試飲室のワイン、美味しかった
    です。さて、セラーに降りてみます: the cellar); the others are only talked about."""
    moving = [s.norm for s in sentences_of(ctx.text) if has_movement_cue(s, TO_A_NAMED_PLACE, ctx.place_names)]
    return [
        place
        for place in places
        if any(f"{normalize(n)}{p}" in sentence for n in place.names for p in TOWARDS_A_PLACE for sentence in moving)
    ]


# After a person's name (and an honorific), going to see them: ママに会いに行こう, 番頭さんのところへ行く.
_TO_THE_PERSON = lexicon.phrases("movement", "to_the_person")
# …or after the name and what the player calls them (あの拓海って子のとこ行かんと).
_CALLED_SO = lexicon.phrases("movement", "called_so")
_TO_SEE_SOMEONE = lexicon.phrases("movement", "to_see_someone")


_PLURALS = ("", *normalized_words("たち 達 ら"))

# Going to a person: any movement, or visiting their place (宮本さんのところにも伺ってみます), or meeting
# them where they are (若旦那に直接会ってみることにした).
_VISITING = lexicon.words("movement", "visiting")
_MEETING = lexicon.words("movement", "meeting")
_TO_A_PERSON = TO_A_NAMED_PLACE | _VISITING
# A person's place (番頭さんのところ, 店長とこ): going there goes where they are (going_to_a_person), and an
# invitation there invites to it (agreement_to_invitation).
TO_THEIR_PLACE = tuple(normalized_words("のところ の所 のとこ んとこ とこ のお宅 のうち の家 んち"))


def absent_characters(ctx: RuleContext) -> list[tuple[str, tuple[str, ...], str]]:
    """(id, names, location) of each character the state places elsewhere and not here."""
    elsewhere = ctx.state.elsewhere or {}
    return [
        (c, names, elsewhere[c]) for c, names in ctx.character_names if c in elsewhere and c not in ctx.state.present
    ]


def _absent(ctx: RuleContext, elsewhere: dict[str, str]) -> list[tuple[str, tuple[str, ...]]]:
    """absent_characters' (id, names), a name written with kanji also as it reads, for a player typing kana
    (げんさん for 源さん, けんた for 健太), when that is three kana or more (one or two are words as often as
    names: よう for 陽)."""
    absent = {c for c, _, _ in absent_characters(ctx)}
    return [(c, names) for c, names in ctx.names_as_typed if c in absent]


def _people_gone_to(ctx: RuleContext, elsewhere: dict[str, str]) -> set[tuple[str, str]]:
    """(character, location) of each absent character the text goes to: named with a particle of
    direction (に, にも, へ, のところ, を) in a sentence that moves (篠原さんに相談しに行ってきます, 小夜ちゃんにも
    話を聞きに行こう, 駐在さんにこのこと知らせてくる), or named anywhere in a text that goes to see someone
    without saying whom (健太さん、朝から姿が見えないし、ちょっと会いに行ってみます)."""
    norm = ctx.text.norm
    moving = [s.norm for s in sentences_of(ctx.text) if has_movement_cue(s, TO_A_NAMED_PLACE) or _meets(s)]
    # (visiting counts towards someone's place only: 店長に伺ってみます asks)
    visiting = [s.norm for s in sentences_of(ctx.text) if has_movement_cue(s, _VISITING)]
    to_see_someone = any(
        marker in said for said in (norm, _without_pauses_and_adverbs(ctx.text)) for marker in _TO_SEE_SOMEONE
    )
    # (a name is looked for outside those words: テキ, read てき, is no one inside 話してきます)
    unsaid = _blanked(norm, tuple(marker for marker in _TO_SEE_SOMEONE if marker in norm))
    found = set()
    for character, names in _absent(ctx, elsewhere):
        # (with a plural after the name: 汐里さんたちのところへ行ってくる; or what they are called: 拓海って子)
        called = tuple(f"{c}{so}{plural}" for c in as_called(names) for so in ("", *_CALLED_SO) for plural in _PLURALS)
        # (another's longer name is not this one's: 大親方に… goes to 大親方, not to 親方)
        longer = _longer_names_of_others(ctx, character, names)
        said, going, calling = (
            [_blanked(s, longer) for s in moving],
            [_blanked(s, longer) for s in visiting],
            _blanked(unsaid, longer),
        )
        directed = any(_after_the_name(s, c, p) for c in called for p in _TO_THE_PERSON for s in said) or any(
            _after_the_name(s, c, p) for c in called for p in TO_THEIR_PLACE for s in going
        )
        if directed or (to_see_someone and any(c in calling for c in called)):
            found.add((character, elsewhere[character]))
    return found


def _without_pauses_and_adverbs(text: AnalyzedText) -> str:
    """The text without its pauses and adverbs, which come between a noun and its verb without changing
    what is done (佐伯さんの様子、ちょっと見てきますね: 様子見てき)."""
    return "".join(surface for surface, _, pos in text.tokens if pos != "副詞" and surface not in _PAUSING)


def _meets(sentence: AnalyzedText) -> bool:
    """The sentence meets someone, now, and ends on it (若旦那に直接会ってみることにした), with no movement verb
    of its own, whose tense then decides (店長に会いに行った？ went); not a meeting that leads on to something
    else (葛城さんにも会いたいけど、今日はもう…失礼します)."""
    words = sentence.tokens
    if any(lemma in TO_A_NAMED_PLACE for _, lemma, _ in words) or not has_movement_cue(sentence, _MEETING):
        return False
    last = max(i for i, (_, lemma, _) in enumerate(words) if lemma in _MEETING)
    return not any(
        surface in _PAUSING or (pos == "助詞" and surface in CLAUSE_BREAKS) for surface, _, pos in words[last + 1 :]
    )


_PAUSING = frozenset("、,…‥")


def _longer_names_of_others(ctx: RuleContext, character: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """Other characters' names that hold one of `names` (大親方 holds 親方), longest first."""
    longer = {
        other
        for someone, theirs in ctx.character_names
        if someone != character
        for other in theirs
        if any(name in other and name != other for name in names)
    }
    return tuple(sorted(longer, key=len, reverse=True))


def _blanked(text: str, names: tuple[str, ...]) -> str:
    """`text` with each of `names` written over, so no shorter name is found inside it."""
    for name in names:
        text = text.replace(name, "＿" * len(name))
    return text


def _after_the_name(sentence: str, name: str, particle: str) -> bool:
    """`particle` right after `name` in `sentence`, and not the start of an honorific there (Tohoku さ, to:
    じっちゃさ知らせに; not 健一さん)."""
    start = sentence.find(f"{name}{particle}")
    while start >= 0:
        rest = sentence[start + len(name) :]
        if not any(h.startswith(particle) and rest.startswith(h) for h in HONORIFIC_FORMS):
            return True
        start = sentence.find(f"{name}{particle}", start + 1)
    return False


_GOING_THERE = ("", *normalized_words("へ に まで"))


def _place_alone(ctx: RuleContext, elsewhere: dict[str, str]) -> set[tuple[str, str]]:
    """(character, location) of the absent character whose place is all the text says (源さんとこ,
    先生んとこへ): as a place named alone with へ goes there (heads_for)."""
    alone = trim(ctx.text.norm)
    return {
        (character, elsewhere[character])
        for character, names in _absent(ctx, elsewhere)
        if any(alone == f"{c}{p}{to}" for c in as_called(names) for p in TO_THEIR_PLACE for to in _GOING_THERE)
    }


def going_to_a_person(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """An absent character named with going to see them (ママに会いに行こう, said in the back room) is the
    move to where the game says they are (`state.elsewhere`), when that place is reachable: just as
    naming the place would be; when it is not, the text asks nothing the game can act on (なし). A text
    that names another reachable place is explicit_move's. Words the player quotes are not theirs
    (さっき柚木さんに『また来ます』って言っちゃった)."""
    elsewhere = ctx.state.elsewhere or {}
    ctx = replace(ctx, text=without_quoted_words(ctx.text))
    moving = [s for s in sentences_of(ctx.text) if has_movement_cue(s, _TO_A_PERSON)]
    if not elsewhere:
        return None
    # a place question in the sentence that goes (ママのところって行ったことある？), not in another
    # (辰じいさんなら何か知ってるかも。…会いに行ってきます)
    if any(is_place_question(s) for s in moving):
        return None
    if excuse_asked(ctx.text) or not_now(ctx.text):
        return None
    going = ctx.moves_in_text(_TO_A_PERSON) or any(_meets(s) for s in sentences_of(ctx.text))
    found = _people_gone_to(ctx, elsewhere) if going else _place_alone(ctx, elsewhere)
    places = {location for _, location in found}
    if len(places) != 1:
        return None
    # (a place named too is explicit_move's, unless it is where they are: 源じいなら山のこと知っちょるかい、会いに
    # 行こや, with 源じい on the mountain road 山道, also called 山)
    if (named := {c.action.target for c in ctx.moves_named()}) and named != places:
        return None
    (character, location), *_ = sorted(found)
    candidate = ctx.candidate_for(Action("move", location))
    if candidate is None:
        return Outcome(NONE, "going_to_a_person", f"goes to see {character}, who is at {location}: not reachable")
    return Outcome(candidate.action, "going_to_a_person", f"goes to see {character}, who is at {location}")


_BEING_THERE = lexicon.words("movement", "someone_there")
_ASKING_SOMEONE = lexicon.words("movement", "asking_someone")
_NEGATIVES = frozenset(normalized_words("ない ぬ ず ません"))
_MASU = normalize("ます")


def _said_to_be_at(ctx: RuleContext, place: Candidate) -> bool:
    """Someone is said to be at the place: its name, に, a verb of being, not negated (駐車場にいるはずだし,
    管理人室にいらっしゃるそうなので; not 駐車場にはいない)."""
    norm = ctx.text.norm
    for name in (normalize(n) for n in place.names):
        start = norm.find(f"{name}に")
        if start < 0:
            continue
        after = ctx.analyzer.analyze(norm[start + len(name) + 1 :]).tokens
        if after and after[0][1] in _BEING_THERE and not any(t[1] in _NEGATIVES for t in after[1:3]):
            return True
    return False


def _decides_to_ask_someone(clause: AnalyzedText) -> bool:
    """A clause in which the player will ask or see someone, closed on what they will do (警備員さんに聞いて
    みよう, 大家さんにも相談してみます)."""
    words = [t for t in clause.tokens if t[2] != "補助記号"]
    asking = [i for i, (_, lemma, _) in enumerate(words) if lemma in _ASKING_SOMEONE]
    if not asking or not any(w[0] == "に" for w in words[: asking[0]]) or _HAVING_OTHERS_DO.search(clause.norm):
        return False
    humble_will = len(words) >= 2 and words[-1][1] == _MASU and words[-2][2] == "動詞"
    return intends(clause) or humble_will


def going_left_undecided(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A text about going to a reachable place or an absent character whose last sentence leaves it
    undecided (船着き場…行くべきか、行かないべきか…うーん、まだ決められない; 源蔵さんの家に行きたいけど…どうしようかな)
    says nothing the game can act on: なし, before the model reads the place or a topic the text names as
    what the player chose."""
    if not undecided(ctx.text) or not ctx.moves_in_text(TO_A_NAMED_PLACE):
        return None
    # (only a going the game could act on, to a reachable place or an absent character: 大学行くか就職するか
    # 迷ってて weighs a future, which a topic may be about)
    elsewhere = ctx.state.elsewhere or {}
    someone = any(name in ctx.text.norm for _, names in _absent(ctx, elsewhere) for name in names)
    if not someone and not ctx.moves_named():
        return None
    return Outcome(NONE, "going_left_undecided", "the text goes nowhere yet: it ends undecided")


def place_put_off(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A text that is one clause putting a reachable place off (灯台にはまた今度にします, 倉庫はまた今度), or
    one sentence closing on a going there set on another day and asking nothing (明日、北の森に行こう; 朝に
    なったら沢の様子見に行こう), says nothing the game can act on now: なし, before the model reads a topic
    about the place (the move veto alone left it 灯台の明かり, round 14; a topic near the place, round 22)."""
    put_off = len(clauses_of(ctx.text)) == 1 and puts_off(ctx.text)
    if not (put_off or _going_planned(ctx.text)) or not ctx.moves_named():
        return None
    return Outcome(NONE, "place_put_off", "puts the place off to another time")


def _one_sentence_asking_nothing(text: AnalyzedText) -> bool:
    """One sentence that asks nothing; a let's mused on (明日になったら北の森に行こうかな) asks nothing, for
    intends reads it as the player's own."""
    return len(sentences_of(text)) == 1 and not (is_question(text) and not intends(text))


def _going_planned(text: AnalyzedText) -> bool:
    """One sentence, asking nothing, whose last clause goes, every going of it set on another day."""
    clauses = clauses_of(text)
    if not _one_sentence_asking_nothing(text) or not clauses:
        return False
    closes_going = any(pos == "動詞" and lemma in TO_A_NAMED_PLACE for _, lemma, pos in clauses[-1].tokens)
    return closes_going and set_on_another_day(text)


def going_out_of_reach(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """One sentence, asking nothing, whose last clause is the player's own going, that names a place of the
    scenario the game offers no way to now and no reachable place (竹生島に行こう; 藤堂さん竹生島行かはった
    らしいし、追いかけよ): nothing the game can act on, なし, before the model reads the topic that names that
    place (round 25's shiga_ben: 0.99). A leave (宿に帰ろう) is the farewell rules'."""
    text = ctx.text
    # (the names first: most texts name no such place, and this runs on every request; a name of one
    # character only as a word of its own, and no direction: 港さ戻っぺ, not 空港, nor 下 in 下に降りてきます,
    # which goes downstairs)
    words = {surface for surface, _, _ in text.tokens} - DIRECTIONS
    named = [
        (place, names)
        for place, names in ctx.places_out_of_reach
        if place != ctx.state.location and any(name in text.norm if len(name) > 1 else name in words for name in names)
    ]
    if not named or not _one_sentence_asking_nothing(text) or ctx.moves_named():
        return None
    clauses = clauses_of(text)
    if not clauses or has_leave_cue(text):
        return None
    going = has_movement_cue(clauses[-1], TO_A_NAMED_PLACE)
    # (…or visits it humbly, right after its name: 畑にも伺ってみたいです, for a place is not asked)
    if not going and not (
        has_movement_cue(clauses[-1], _VISITING) and _visited(clauses[-1], [n for _, names in named for n in names])
    ):
        return None
    return Outcome(NONE, "going_out_of_reach", f"goes to {named[0][0]}, which is not reachable from here")


def _visited(clause: AnalyzedText, names: list[str]) -> bool:
    """A visiting verb (movement.json's visiting) right after one of `names` and a particle of going, with
    も, は, or a polite お before it (楮畑にも伺いたい, 工房へお邪魔します)."""
    place = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    towards = "|".join(TOWARDS_A_PLACE)
    right_after = re.compile(f"(?:{place})(?:{towards})(?:も|は)?(?:お|ご)?$")
    surfaces = [surface for surface, _, _ in clause.tokens]
    return any(
        lemma in _VISITING and right_after.search("".join(surfaces[:index]))
        for index, (_, lemma, _) in enumerate(clause.tokens)
    )


# Words that point at a place away from the player (そこ, あそこ, あっち, そっち); not ここ (here), nor one
# before の, which points at a thing there (あそこの神社); and at someone (彼女, あの人): movement.json.
_POINTING = lexicon.words("movement", "pointing")
_POINTING_AT_SOMEONE = lexicon.phrases("movement", "pointing_at_someone")


# How long a going with no place or thing at all may be to go where the last line pointed (行くぞ, よし、行こう).
_SHORT_GOING = 10


def _short_bare_going(text: AnalyzedText) -> bool:
    """The whole text is a short going of the player's own, with nothing named, asked, or taken leave of."""
    return (
        len(trim(text.norm)) <= _SHORT_GOING
        and bare_movement(text)
        and not is_question(text)
        and not movement_asked_of_another(text)
        and not has_leave_cue(text)
    )


def going_where_pointed(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A place word with a movement, no place named (じゃあ、そこ見てくる), or a short going with nothing named
    at all (行くぞ), goes to the one reachable place the game's last line names (最後に見たのは、あっちの網小屋の
    前だったな; 見ろ、灯台の灯がまた消えてる): the player points at what was just said. Not when the line names
    none or several, nor asked (そこって行ったことある？), nor put off."""
    line = ctx.line_before
    if line is None or ctx.moves_named() or not_now(ctx.text):
        return None
    pointing = [
        sentence
        for sentence in sentences_of(ctx.text)
        if any(
            surface in _POINTING and sentence.tokens[i + 1 : i + 2] != (("の", "の", "助詞"),)
            for i, (surface, _, _) in enumerate(sentence.tokens)
        )
    ]
    # (visiting a place pointed at goes there: そちらに伺ってみます)
    goes_pointed = any(has_movement_cue(s, _TO_A_PERSON) and not is_place_question(s) for s in pointing)
    if not pointing and (to_them := _going_to_someone_pointed(ctx, line)) is not None:
        return to_them
    # (a short going after an invitation or an offer is a reply to it: agreement_to_invitation's)
    replying = offers(line) or ctx.invites(line)
    if not goes_pointed and (replying or not _short_bare_going(ctx.text)):
        return None
    named = ctx.moves_named(line)
    if len(named) != 1:
        return None
    return Outcome(named[0].action, "going_where_pointed", f"goes where the last line named: {named[0].action.target}")


def _going_to_someone_pointed(ctx: RuleContext, line: AnalyzedText) -> Outcome | None:
    """A sentence that goes to someone pointed at (彼女を追いかけます; あの人のとこ、行ってみるか) goes where the
    absent characters the last line names are (真帆なら、さっき桐野先生のところへ薬を取りに行ったぞ), when
    that is one reachable place."""
    going = [
        s
        for s in sentences_of(ctx.text)
        if says_a_word(s, _POINTING_AT_SOMEONE)
        and (has_movement_cue(s, _TO_A_PERSON) or _meets(s))
        and not is_place_question(s)
    ]
    if not going:
        return None
    named = {place for _, names, place in absent_characters(ctx) if any(c in line.norm for c in as_called(names))}
    if len(named) != 1:
        return None
    (place,) = named
    candidate = ctx.candidate_for(Action("move", place))
    if candidate is None:
        return None
    return Outcome(candidate.action, "going_where_pointed", f"goes to whom the last line named, at {place}")


def seeing_someone_where_they_are(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """The player deciding to ask or see someone the text says is at a reachable place goes there
    (警備員さんに聞いてみよう、駐車場にいるはずだし; 大家さんにも相談してみます、管理人室にいらっしゃるそうなので):
    the model read what they will ask as the topic. Not a report alone (店長なら事務所におるよ), not a
    question (事務所にいるの？: the player must close a clause on what they will do), not one that says no
    one is there (駐車場にはいない), not someone else made to ask (聞いてもらおう)."""
    places = ctx.moves_named()
    if len(places) != 1 or not _said_to_be_at(ctx, places[0]):
        return None
    if not any(_decides_to_ask_someone(clause) for clause in clauses_of(ctx.text)):
        return None
    return Outcome(
        places[0].action, "seeing_someone_where_they_are", f"goes to see someone at {places[0].action.target}"
    )


# What may mark the place as a question's topic: って; with a movement verb in the question, は too.
_TOPIC_MARKERS = ("って",)
_TOPIC_MARKERS_BEFORE_A_MOVEMENT = ("って", "は")


def _asks_about_place(text: AnalyzedText, place: Candidate, markers: tuple[str, ...] = _TOPIC_MARKERS) -> bool:
    """A question that opens with the place as its topic (ねえ、控え室って…？) asks about the place, a
    movement verb in it or not (奥座敷って入っちゃだめなんすか, 跨線橋って、どこから上がるんですか); a let's
    or a won't-you to go there (控え室って行ってみない？) still proposes going, but not one without a
    movement (決闘場って危なくない？). って only: 「控え室は施錠されてたのかな」 sets the scene for a
    topic (the keys). Asking who is there (応接室には、今どなたかいらっしゃいますか) asks about the place
    too."""
    if not _asked_first(text):
        return False
    openings = _openings(text.norm)
    # the cheap tests first: this runs for every move option the model scored
    someone_there = tuple(f"{normalize(name)}には" for name in place.names)
    if any(o.startswith(someone_there) and _SOMEONE_THERE.search(o) for o in openings):
        return True
    topic = tuple(f"{normalize(name)}{marker}" for name in place.names for marker in markers)
    if not any(o.startswith(topic) for o in openings):
        return False
    return not _proposes_going(text)


def _asked_first(text: AnalyzedText) -> bool:
    """The text asks, or its first sentence does and nothing after it goes (お城ってロープウェイで上がるん？ リフト
    もあるんじゃろ)."""
    if is_question(text):
        return True
    first, *rest = sentences_of(text)
    return bool(rest) and is_question(first) and not any(has_movement_cue(s) for s in rest)


def _proposes_going(text: AnalyzedText) -> bool:
    """A let's or a won't-you to go (控え室って行ってみない？); not asking whether one can (松山城の天守って
    登れますか？: a movement verb in its potential form)."""
    return is_invitation(text) and has_movement_cue(text, TO_A_NAMED_PLACE) and not _asks_if_one_can(text)


# A godan verb's last kana and the kana its potential form ends on (登る: 登れ, 行く: 行け)
_POTENTIAL_ENDINGS = dict(zip("うくぐすつぬぶむる", "えけげせてねべめれ", strict=True))


def _asks_if_one_can(text: AnalyzedText) -> bool:
    """A movement verb in its potential form (登れますか？, 上がれる？, 行けます？)."""
    for surface, lemma, pos in text.tokens:
        if pos != "動詞" or lemma not in TO_A_NAMED_PLACE:
            continue
        ending = _POTENTIAL_ENDINGS.get(lemma[-1])
        if ending is not None and (surface.endswith(ending) or surface.endswith(f"{ending}る")):
            return True
    return False


def _asks_about_a_thing_of(text: AnalyzedText, place: Candidate) -> bool:
    """A question that opens with a thing of the place's as its topic (ゆうにい、がっこうのおばけってよるにでるの？
    asks about the ghost, which comes out): as _asks_about_place, the movement is not the player's."""
    if not _asked_first(text):
        return False
    things = _things_of_the_place(text, place, _TOPIC_MARKERS_BEFORE_A_MOVEMENT)
    if not any(o.startswith(thing) for thing in things for o in _openings(text.norm)):
        return False
    return not _proposes_going(text)


_NOUN_WORDS = frozenset(("名詞", "代名詞", "接尾辞", "接頭辞"))


def _things_of_the_place(text: AnalyzedText, place: Candidate, markers: tuple[str, ...]) -> list[str]:
    """Each topic in the text that is a thing of the place's (学校のおばけって, 神社の祭りの支度は): the place's
    name, の, nouns (with の between them), then one of `markers` as a particle; not a verb's て form
    (庭の風に当たって, 工場のほうへ戻って)."""
    words, found, spans = text.tokens, list[str](), word_spans(text)
    if spans is None:  # (the words do not spell the text: no positions to read)
        return found
    # where a word ends in the text: the word's index
    last_word_ending = {end: index for index, (end, _) in enumerate(spans.values())}
    for name in (normalize(n) for n in place.names):
        for match in re.finditer(re.escape(name), text.norm):
            last = last_word_ending.get(match.end())
            if last is None or words[last + 1 : last + 2] != (("の", "の", "助詞"),):
                continue
            rest = words[last + 2 :]
            nouns = next(
                (k for k, (surface, _, pos) in enumerate(rest) if pos not in _NOUN_WORDS and surface != "の"), 0
            )
            if nouns and rest[nouns - 1][0] != "の" and rest[nouns][0] in markers and rest[nouns][2] == "助詞":
                length = len(name) + 1 + sum(len(surface) for surface, _, _ in rest[: nouns + 1])
                found.append(text.norm[match.start() : match.start() + length])
    return found


# The longest first clause that may be a call before a question's topic (代表、 / 湊さん、).
_LONGEST_CALL = 8


def _openings(norm: str) -> tuple[str, ...]:
    """Where a question's topic may stand: at the text's start past its openers, or after a short
    first clause, a call (代表、地方車は…？ / 湊さん、控え室って…？)."""
    first, pause, rest = norm.partition("、")
    opening = without_openers(PAUSES.sub("", norm))
    if pause and 0 < len(first) <= _LONGEST_CALL:
        return opening, without_openers(PAUSES.sub("", rest))
    return (opening,)


# Whether anyone is there (誰かいる？, どなたかいらっしゃいますか, 誰がおるん？).
_SOMEONE_THERE = re.compile(r"(誰|だれ|どなた)(か|が)?(いる|いま|いら|おる|おり|おん)")

# The player saying where they will be (編集局で待機してます, じゃあ僕は事務所にいるね) or what they will
# search there: with nothing before the place but an opener, a first person or an adverb, so that
# 「湊さんならロビーにいますよ」 or 「みんなロビーにいるよ」 (where someone else is) and 「ロビーで待ってて」
# (a request) are not the player.
_STAY_BEFORE = re.compile(
    rf"(?:(?:{'|'.join(map(re.escape, lexicon.phrases('movement', 'ones_own_openers')))})、?)?"
    rf"(?:(?:{FIRST_PERSON_PATTERN})(?:は|も|、))?"
    rf"(?:(?:{'|'.join(map(re.escape, lexicon.phrases('movement', 'ones_own_adverbs')))})、?)?"
)
# What follows the place: being, waiting or resting there (控室でちいと休むわ); searching it (自転車置き場も
# 確認しておきます, 収蔵庫を確認させてください), in the player's own voice, not past, asked or asked of someone else.
_STAY_AFTER = lexicon.pattern("movement", "staying_at")
_SEARCH_AFTER = lexicon.pattern("movement", "searching_a_place")


def _says_of_place(text: AnalyzedText, place: Candidate, after_place: re.Pattern[str]) -> bool:
    """Whether a sentence of the text is the player's own, with nothing before the place but an opener,
    a first person or an adverb, and what follows the place matching `after_place`."""
    names = sorted((normalize(n) for n in place.names), key=len, reverse=True)
    for sentence in sentences_of(text):
        norm = trim(sentence.norm.rstrip("。.!…‥"))
        for name in names:
            before, found, after = norm.partition(name)
            if found and _STAY_BEFORE.fullmatch(before) and after_place.match(after):
                return True
    return False


def waiting_at_place(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """The player saying they will be at a reachable place (控え室で待ってますね) goes there: no
    movement verb is said, but the place is where the player will be."""
    places = ctx.moves_named()
    if len(places) != 1 or not _says_of_place(ctx.text, places[0], _STAY_AFTER):
        return None
    return Outcome(places[0].action, "waiting_at_place", f"says the player will be at {places[0].action.target}")


def searching_a_place(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """The player saying they will search a reachable place (自転車置き場も確認しておきます, 収蔵庫を確認
    させてください) goes there to do it. Not what is at the place (ロビーの防犯カメラを確認しておきます names
    the camera), nor a search asked of someone else (ロビーを調べてください) or already done (調べた)."""
    places = ctx.moves_named()
    if len(places) != 1 or not _says_of_place(ctx.text, places[0], _SEARCH_AFTER):
        return None
    return Outcome(places[0].action, "searching_a_place", f"says the player will search {places[0].action.target}")


# Where a place is named as the scene of what the player does (館長室で話しましょう, 展示室を拝見させて…).
_DONE_AT = ("で", "のほうで", "の方で", "でも")
# (longest first; inside it too: 蔵の中、見せてもらえますやろか)
_SEEN = ("のほうを", "の方を", "のほうも", "の方も", "の中を", "の中も", "の中、", "のほう", "の方", "を", "も")

# …or as where the player's proposal takes them (ステーションまで歩こうか, 本陣まで足を運んでみるといたそう).
_GOING_WHEN_PROPOSED = lexicon.words("movement", "going_when_proposed")
_AT_A_TIME = frozenset(normalized_words("とき 時 前 後 あと 際 間 途中 ところ 頃 ころ 次 今度 今日 今夜 明日 あした"))
_TOWARDS_IT = ("へ", "まで", "のほうへ", "の方へ", "のほうまで", "の方まで")
# …or that the player walks about (浜を歩いてみる; 商店街の中を散歩しよう), with Kyushu's を, ば (浜ば歩いてみるけん).
_THROUGH_IT = ("の中を", "のほうを", "の方を", "を", "ば")

# Somewhere else the sentence goes on to do it (ロビーの方が広いけど、ここで話しましょう).
_HERE_INSTEAD = tuple(normalize(w) for w in ("ここ", "そこ", "こっち", "そっち", "此処"))
_PAST = normalize("た")

# Someone else made to do it (ロビーで待ってもらおう, 歌ってもらおうか), unlike the player's own させてもらおう.
_HAVING_OTHERS_DO = re.compile(r"(?<![させ])[てで](もらお|もらいましょ|いただこ|いただきましょ)")
SEEING = lexicon.phrases("movement", "seeing")

# Words that may come before the place in such a sentence: openers, adverbs, a first person.
_LEADING_POS = frozenset(("感動詞", "副詞", "接続詞", "補助記号", "代名詞"))


def doing_something_at_a_place(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """The player proposing or asking leave to do something at a reachable place (館長室でゆっくり話しましょう,
    警備室でカメラの映像を確認させていただきます, 展示室を拝見させていただいてもよろしいでしょうか) goes there: the
    place is named as where it is done, with no movement verb. Not asked of someone else (ロビーで待ってて
    ください), not past, not a question about the place."""
    places = ctx.moves_named()
    if len(places) != 1 or not_now(ctx.text):
        return None
    place = places[0]
    names = sorted((normalize(n) for n in place.names), key=len, reverse=True)
    for sentence in sentences_of(ctx.decided_text):
        # (a place question's words in a proposal ask nothing: 駐在所で詳しい記録見せてもらおか)
        if not intends(sentence) or _HAVING_OTHERS_DO.search(trim(sentence.norm)):
            continue
        norm = sentence.norm
        for name in names:
            before, found, after = norm.partition(name)
            if not found:
                continue
            # (a topic set out before stays out: 過去の事件、資料室で当たってみるか; not a time or a
            # condition: ライブ終わったら、ロビーで…, 次の休憩のとき、… plan for later)
            if "、" in before:
                topic, _, clause = before.rpartition("、")
                last = ctx.analyzer.analyze(topic).tokens[-1:]
                # (…or an opener: ほんなら、工房で聞かしてもらうわ; or a yes: いいですよ、港まで運びましょう)
                opener = _STAY_BEFORE.fullmatch(topic) is not None or says_yes(ctx.analyzer.analyze(topic))
                if opener or (last and last[0][2] == "名詞" and last[0][0] not in _AT_A_TIME):
                    before = clause
            leading = ctx.analyzer.analyze(before).tokens if before else ()
            # (a modifier of the place's own may come first: 地下の収蔵庫)
            plain_start = not any(pos not in _LEADING_POS and pos != "名詞" and w != "の" for w, _, pos in leading)
            if not ((plain_start and len(leading) <= 4) or _STAY_BEFORE.fullmatch(before)):
                continue
            # (では sets a rule for the place: ロビーでは静かにしましょう)
            at = after.startswith(_DONE_AT) and not after.startswith("では")
            seen_as = next((p for p in _SEEN if after.startswith(p)), None)
            seen = seen_as is not None and after[len(seen_as) :].startswith(SEEING)
            after_words = ctx.analyzer.analyze(after).tokens
            # (only with a verb of going: ロビーまで届く声で歌おう, ロビーへ電話してみよう go nowhere)
            towards = after.startswith(_TOWARDS_IT + _THROUGH_IT) and any(
                lemma in _GOING_WHEN_PROPOSED for _, lemma, _ in after_words
            )
            # (not what was done there, describing a thing: ロビーで拾った鍵、確認させてください)
            done = any(lemma == _PAST for _, lemma, _ in after_words)
            if (at or seen or towards) and not done and not any(h in after for h in _HERE_INSTEAD):
                return Outcome(
                    place.action, "doing_something_at_a_place", f"proposes doing something at {place.action.target}"
                )
    return None


# --- rules that correct the model ---------------------------------------------------------------


def place_is_the_subject(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A question about the place the model chose (離れってここから遠いんですか, 決闘場って危なくない？,
    奥座敷って入っちゃだめなんすか) is talk about the place: the answer is なし. Dropping the move
    instead gave a topic whose description names the place (離れの客 → the missing guest)."""
    if action is None or action.kind != "move":
        return None
    candidate = ctx.candidate_for(action)
    if candidate is None or not _asks_about_place(ctx.text, candidate):
        return None
    return Outcome(NONE, "place_is_the_subject", f"asks about {action.target}")


_COMING_FROM = lexicon.words("movement", "coming_from")


def place_is_where_it_comes_from(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A text that names the place the model chose only as where something comes from (から, or のほうから),
    with verbs that come and none that go (うわあ、客席から拍手が来てる！; 本堂から来ました), does not go there:
    round 38's ningyo_joruri, a false action. A going that starts there (本堂から回ろう) has a verb of its own,
    and one that fetches something from there (倉庫から豆を取ってきます) comes only after a て."""
    if action is None or action.kind != "move" or (candidate := ctx.candidate_for(action)) is None:
        return None
    norm = ctx.text.norm
    names = "|".join(re.escape(n) for n in sorted((normalize(n) for n in candidate.names if n), key=len, reverse=True))
    mentions = list(re.finditer(names, norm))
    if not mentions or not all(norm.startswith(_FROM, m.end()) for m in mentions):
        return None
    words = ctx.text.tokens
    # (not くる after て, a going to fetch something: 倉庫から豆を取ってきます)
    coming = [i for i, (_, lemma, pos) in enumerate(words) if pos == "動詞" and lemma in _COMING_FROM]
    if not any(i == 0 or words[i - 1][0] not in ("て", "で") for i in coming):
        return None
    if any(pos == "動詞" and lemma in TO_A_NAMED_PLACE - _COMING_FROM for _, lemma, pos in words):
        return None
    return Outcome(NONE, "place_is_where_it_comes_from", f"names {action.target} only as where something comes from")


_FROM = ("から", "のほうから", "の方から")


def move_needs_destination_or_cue(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A move must name its destination, or be a bare movement (「行こう」, 「あっちに行こう」) when only
    one place is reachable: an invitation such as 「今度一緒に映画見ようよ」 or 「ご飯でも行こうよ」
    must never move the player."""
    if action is None or action.kind != "move":
        return None
    candidate = ctx.candidate_for(action)
    if candidate is None and names_place(ctx.text, action.target or ""):
        return None
    # (as written or in kana; not only inside another name: ひまわり通り, the street, is no café ひまわり)
    if candidate is not None and ctx.moves_named(candidates=(candidate,)):
        return None
    moves = [c for c in ctx.candidates if c.action.kind == "move"]
    if len(moves) == 1 and ctx.moves_in_text() and not named_things(ctx.text):
        return None
    if _to_someone_the_rules_cannot_name(ctx, action):
        return None
    return Outcome(NONE, "move_needs_destination_or_cue", "the text names no reachable place")


def _to_someone_the_rules_cannot_name(ctx: RuleContext, action: Action) -> bool:
    """The text goes to someone's place (お母さんのとこへもんてみるわ) by a word that names no character of the
    scenario, and the model's move goes where an absent character is: it read whom the word means from
    the characters' descriptions (round 18's okayama_ben, 0.97), which the rules cannot. A character the
    rules do name is going_to_a_person's."""
    if action.target not in (ctx.state.elsewhere or {}).values() or not ctx.moves_in_text(_TO_A_PERSON):
        return False
    norm = ctx.text.norm
    called = as_called(tuple(n for _, theirs in ctx.names_as_typed for n in theirs))
    for marker in _SOMEONES_PLACE:
        at = norm.find(marker)
        while at > 0:
            # (the ん of んとこ may close the honorific, おばちゃんとこ, or follow a name, リクんとこ)
            owners = (norm[:at], norm[: at + 1]) if marker.startswith("ん") else (norm[:at],)
            if not any(o.endswith(called) for o in owners) and owners[-1].endswith(HONORIFIC_FORMS):
                return True
            at = norm.find(marker, at + 1)
    return False


# Someone's place, after the word that names them with an honorific (お母さんのとこ, 先生の奥さんのところ,
# おばちゃんとこ); not のうち (among), nor a time or a thing's (今日のところは, 下駄箱んとこ).
_SOMEONES_PLACE = tuple(m for m in TO_THEIR_PLACE if m.startswith(("の", "ん")) and m != normalize("のうち"))


_COPULAS = frozenset(normalized_words("だ です"))


def move_needs_movement(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A place named in a sentence about something else is not a move: 「控え室は施錠されてたのかな」
    names the room but says nothing of going there; nor is someone else asked to go there (先に神社に
    戻ってて). A bare place (「ロビーへ」) still moves, and so does a sentence of one after other talk
    (逃げよう！高台へ！), and the player looking the place over (隣の西の蔵も見ておきたいです)."""
    if action is None or action.kind != "move":
        return None
    # (a going put off or only weighed in an earlier sentence is none: 書庫に戻るか、もう少しここを見るか…
    # もう少し見ます)
    decided = replace(ctx, text=ctx.decided_text)
    if decided.moves_in_text(TO_A_NAMED_PLACE) or heads_for(ctx.text, ctx.place_names):
        return None
    candidate = ctx.candidate_for(action)
    if candidate is not None and _looks_over(ctx, candidate):
        return None
    tokens = ctx.text.tokens
    predicates = [s for s, lemma, pos in tokens if pos in ("動詞", "形容詞") and lemma not in TO_A_NAMED_PLACE]
    # …or a na-adjective said of something (裏山って夜だと真っ暗ですよね); 「大丈夫、ロビーへ」 still moves
    predicates += [
        s
        for index, (s, _, pos) in enumerate(tokens)
        if pos == "形状詞" and index + 1 < len(tokens) and tokens[index + 1][1] in _COPULAS
    ]
    if predicates:
        return Outcome(NONE, "move_needs_movement", f"the text says 「{predicates[0]}」, not a movement")
    if candidate is not None and not is_question(ctx.text) and (owned := _what_the_place_has(ctx, candidate)):
        return Outcome(NONE, "move_needs_movement", f"the text speaks of the place's 「{owned}」, not of going there")
    if candidate is not None and (said := _what_is_said_of_the_place(ctx, candidate)):
        return Outcome(NONE, "move_needs_movement", f"the text says 「{said}」 of the place, not a movement")
    # (its only going asked of someone else: 千鶴さん、先に神社に戻ってて)
    if movement_asked_of_another(ctx.text):
        return Outcome(NONE, "move_needs_movement", "the text asks someone else to go")
    return None


# Between a place and the verb that looks it over: its state or inside (灯室の様子、ちょっと見ておきたい).
_PLACE_PART = frozenset(normalized_words("様子 中 方 ほう 辺り あたり 周り 奥"))
_ASKING_OF_OTHERS = frozenset(normalized_words("くれる 呉れる 下さる くださる 頂戴 ちょうだい"))
_BETWEEN = frozenset(("助詞", "副詞", "補助記号", "接頭辞"))
# (what may follow a text's last word: marks, and particles, 無理よ)
_AFTER_THE_LAST_WORD = frozenset(("補助記号", "助詞"))
# (見とったって: hearsay of the past; 見たら: if; 調べない: not)
_DONE_IF_OR_NOT = frozenset(normalized_words("た たって たら ない ず ぬ"))
_THEN = lexicon.phrases("movement", "then")
# (港がよく見えますね: the place in sight is not looked over)
_SEEN_FROM_AFAR = lexicon.words("movement", "seen_from_afar")


_OF = normalize("の")


def _where_named(ctx: RuleContext, place: Candidate) -> tuple[str, tuple[tuple[str, str, str], ...]] | None:
    """The text before the place's longest name found in it, and the words after that name."""
    norm = ctx.text.norm
    for name in sorted((normalize(n) for n in place.names), key=len, reverse=True):
        at = norm.find(name)
        if at >= 0:
            return norm[:at], ctx.analyzer.analyze(norm[at + len(name) :]).tokens
    return None


def _words_after(ctx: RuleContext, place: Candidate) -> tuple[tuple[str, str, str], ...]:
    """The text's own words after the place's longest name found in it, where a word ends there (階段はやだ:
    階段|は|や|だ, where はやだ read again would be はや|だ); else what follows the name, read again."""
    norm = ctx.text.norm
    for name in sorted((normalize(n) for n in place.names), key=len, reverse=True):
        if (at := norm.find(name)) < 0:
            continue
        end, offset = at + len(name), 0
        for index, (surface, _, _) in enumerate(ctx.text.tokens):
            if offset == end:
                return ctx.text.tokens[index:]
            offset += len(surface)
        return ctx.analyzer.analyze(norm[end:]).tokens
    return ()


def _said_of(ctx: RuleContext, place: Candidate) -> tuple[tuple[str, str, str], ...] | None:
    """The words after the place made what the text is about (地下は…, 屋上って…), or None."""
    words = _words_after(ctx, place)
    return words[1:] if words and words[0][0] in _TOPIC_MARKERS_BEFORE_A_MOVEMENT else None


def _said_of_a_thing_of(ctx: RuleContext, place: Candidate) -> tuple[tuple[str, str, str], ...] | None:
    """The words after a noun of the place made what the text is about (工場の見学は…, 蔵の中って…), or None."""
    words = _words_after(ctx, place)
    if len(words) < 3 or words[0][0] != _OF or words[1][2] != "名詞":
        return None
    return words[3:] if words[2][0] in _TOPIC_MARKERS_BEFORE_A_MOVEMENT else None


def _what_the_place_has(ctx: RuleContext, place: Candidate) -> str | None:
    """What the text, with no predicate, says the place has (神社の娘さんなんですよね: its daughter; round 18's
    model moved there at 0.94): a noun after the place and の that is not its part or side (蔵の中へ, 書斎の
    ほうへ), and that is not where the text goes (神社の裏手へ)."""
    if (named := _where_named(ctx, place)) is None:
        return None
    words = named[1]
    if len(words) < 2 or words[0][0] != _OF or words[1][2] != "名詞" or words[1][1] in _PLACE_PART:
        return None
    return None if any(surface in _GOING_THERE[1:] for surface, _, _ in words[2:]) else words[1][0]


def _what_is_said_of_the_place(ctx: RuleContext, place: Candidate) -> str | None:
    """The noun that, with no predicate, closes a text about the place (地下は…無理…; 屋上は立入禁止; round
    23's haikyo, the model's move at 0.94): said of it, not where one goes; 次は地下 still moves."""
    if (words := _said_of(ctx, place)) is None:
        return None
    content = [(surface, pos) for surface, _, pos in words if pos not in _AFTER_THE_LAST_WORD]
    return content[-1][0] if content and content[-1][1] == "名詞" else None


def _looks_over(ctx: RuleContext, place: Candidate) -> bool:
    """The player will look the place over (隣の西の蔵も見ておきたいです; 展示室みておくか; 灯室の様子、ちょっと見て
    おきたい気もする): a seeing verb, with only particles, adverbs or the place's state or inside between, not
    past, negated or a condition, not asked of someone else and not a later step. Said of a reachable place,
    that is going there (issue 27: a move said as what one will do there)."""
    if (named := _where_named(ctx, place)) is None:
        return False
    before, words = named
    if any(then in before for then in _THEN):  # (a later step: まず…、それから書庫を調べよう)
        return False
    index = next(
        (i for i, (_, lemma, pos) in enumerate(words) if pos not in _BETWEEN and lemma not in _PLACE_PART), None
    )
    if index is None or words[index][2] not in ("動詞", "名詞") or words[index][1] in _SEEN_FROM_AFAR:
        return False
    verb = words[index][0]
    if not (verb.startswith(SEEING) or normalize(words[index][1]).startswith(SEEING)):
        return False
    clause = []
    for word in words[index + 1 :]:
        if PAUSES.fullmatch(word[0]) or word[0] == "?":
            break
        clause.append(word)
    if any(lemma in _DONE_IF_OR_NOT or lemma in _ASKING_OF_OTHERS for _, lemma, _ in clause):
        return False
    # (…or its going asked of someone else, bare: タク、先に廊下見てきて…お願い; round 23's haikyo, the model's
    # move at 0.99; not 見せてもらえますか, the player shown the place)
    return not any(
        pos == "動詞" and lemma in TO_A_NAMED_PLACE and asked_of_another(words, index + 1 + i)
        for i, (_, lemma, pos) in enumerate(clause)
    )


def move_set_on_another_day(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A movement set on another day (また明日観音さん行こまい, 来週ロビー行くわ) is a plan, not going now:
    the rules before the model do not read it as going, and the model's pick is held to that reading
    (the model gave 0.99 to the temple for the first, round 8 of the sets of other shapes)."""
    if action is None or action.kind != "move" or not set_on_another_day(ctx.text):
        return None
    return Outcome(NONE, "move_set_on_another_day", "the text goes there on another day")


def places_not_declined(ctx: RuleContext) -> list[Candidate]:
    """The reachable places the text names, but for one said no to (階段はやだ…廊下、戻ろ…; やっぱり舟はやめた)."""
    return [place for place in ctx.moves_named() if declined(ctx, place) is None]


def declined(ctx: RuleContext, place: Candidate) -> str | None:
    """The no said of the place, or of a thing of it (工場の見学は結構でございます), in its own clause (階段は
    やだ…廊下、戻ろ…; 地下は無理): refusal.json's words, as says_no reads a reply."""
    if (words := _said_of(ctx, place) or _said_of_a_thing_of(ctx, place)) is None:
        return None
    rest = list(itertools.dropwhile(lambda word: PAUSES.fullmatch(word[0]) is not None, words))
    said = list(itertools.takewhile(lambda word: not _CLOSES_A_CLAUSE.match(word[0]), rest))
    clause = "".join(s for s, _, _ in said)
    # (a clause asked is no no: ロビーの物販って見に行かない？)
    asked = len(said) < len(rest) and rest[len(said)][0] == "?"
    return clause if clause and not asked and says_no(ctx.analyzer.analyze(clause)) else None


_CLOSES_A_CLAUSE = re.compile(r"[、,。.!?…‥]")


def move_given_up(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A place named only in an intention the text gives up (資料室に行こうと思ったけど、やっぱり先に発電小屋を
    見てくる) is not where it goes: the model took the first place named (round 9 of the sets of other
    shapes). So is a place said no to (階段はやだ…; round 23). The pick drops out and the next reading stands."""
    if action is None or action.kind != "move" or (place := ctx.candidate_for(action)) is None:
        return None
    if (no := declined(ctx, place)) is not None:
        return Outcome(NONE, "move_given_up", f"the text says 「{no}」 to {action.target}")
    if (instead := after_giving_up(ctx.text, ctx.analyzer)) is None or place in ctx.moves_named(instead, (place,)):
        return None
    return Outcome(NONE, "move_given_up", f"the text gives up going to {action.target}")


def place_question_is_not_move(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """Asking about a place (ロビーって行ったことある？, 3号車ってこの先ですか) or about something there
    (喫茶店のママって、どんな人？: a question with no movement in it) is talk, not a move."""
    if action is None or action.kind != "move":
        return None
    asks_without_moving = is_question(ctx.text) and not ctx.moves_in_text(TO_A_NAMED_PLACE)
    # (a let's closing on か looks the place over: 警察が来る前に展示室みておくか)
    candidate = ctx.candidate_for(action)
    if asks_without_moving and candidate is not None and any(intends(s) for s in sentences_of(ctx.text)[-1:]):
        asks_without_moving = not _looks_over(ctx, candidate)
    if not is_place_question(ctx.text, ctx.place_names) and not asks_without_moving:
        return None
    return Outcome(NONE, "place_question_is_not_move", "the text asks about the place")


def move_asked_leave_for(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A movement asked leave for as one's time here ends (そろそろ宿に戻ってもよろしいでしょうか) waits for
    the game's answer, as a leave asked for does."""
    if action is None or action.kind != "move" or not excuse_asked(ctx.text):
        return None
    return Outcome(NONE, "move_asked_leave_for", "the text asks leave to go")


_NOT_DESCRIBING = lexicon.words("movement", "not_describing")


def going_by_description(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A going of the player's own that names no place but says something of one (赤い屋根の家に行ってみよう;
    ちょっと試飲しに行ってくる！; ２Ｆの廊下に出ます) goes to the one reachable place whose description (the
    scenario's, which the model reads too) holds a noun of the going's clause: a specific noun, two
    characters or more, not a name of the scenario's (a character, the place the player is in, a place out
    of reach) nor a word for any place (movement.json's not_describing). Not when two places share one, nor
    a text that asks, leaves, or puts the going off; a let's asked with か proposes and asks nothing
    (うなぎでも食べに行こうかい: round 29's chikugo_ben). Round 20 (shokudou, tokuchou: the model read a topic or
    なし); at its commit it decided 6 of the committed cases, none against their expectations. When no noun
    tells one place, a phrase of the description the going's sentence repeats (一つ目の角を曲がって、左の部屋に
    入ります) tells, when no other place's description shares one nearly as long; opening a door there goes
    through it (右の扉を開けてみます). Round 21 (houkou: rooms by where they are)."""
    if (is_question(ctx.text) and not _proposes(ctx.text)) or has_leave_cue(ctx.text) or not_now(ctx.text):
        return None
    if ctx.moves_named():
        return None
    if set_on_another_day(ctx.text):
        return None
    opens_a_door = [c for c in clauses_of(ctx.text) if _opens_a_door(c)]
    if not ctx.moves_in_text() and not opens_a_door:
        return None
    going = [c for c in clauses_of(ctx.text) if has_movement_cue(c) and not is_place_question(c)] + opens_a_door
    # (a name of the scenario's is no description: 客席, the stage's, is no booth 客席後方の小部屋)
    names = [*(name for _, theirs in ctx.names_as_typed for name in theirs), *ctx.names_beside_places]
    nouns = {
        noun
        for clause in going
        for noun in map(normalize, content_nouns(clause))
        if len(noun) > 1 and noun not in _NOT_DESCRIBING and not any(noun in n or n in noun for n in names)
    }
    places = [c for c in ctx.candidates if c.action.kind == "move"]
    descriptions = {c: ctx.analyzer.analyze(c.description) for c in places} if nouns else {}
    described = {
        c: shared for c in places if (shared := sorted(n for n in nouns if _describes(n, c, descriptions[c], going)))
    }
    if len(described) != 1:  # (of those a noun names, when several; the way there may come first in its
        # sentence: 一つ目の角を曲がって、左の部屋に入ります)
        said = [s.norm for s in sentences_of(ctx.text) if any(c.norm in s.norm for c in going)]
        described = _described_by_a_phrase([_blanked(s, tuple(names)) for s in said], list(described) or places)
    if len(described) != 1:
        return None
    ((place, shared),) = described.items()
    return Outcome(place.action, "going_by_description", f"goes where the description says {'、'.join(shared)}")


_LEADING_TO = lexicon.words("movement", "leading_to")


def _describes(noun: str, place: Candidate, description: AnalyzedText, going: list[AnalyzedText]) -> bool:
    """The place's `description` (analysed) holds the noun as what the place is or has: not only as where it
    leads (三原山の火口へ続く遊歩道の入口, for 火口まで行ってみる), nor when the going goes to another thing of
    the noun's that neither the description nor the place's names hold (飯田の町まで行ってくる, for 飯田線の小さな
    無人駅): false actions in rounds 37 and 38."""
    if noun not in description.norm:
        return False
    own = description.norm + "".join(normalize(name) for name in place.names)
    if any(head not in own for head in _heads_gone_to(noun, going)):
        return False
    return not _only_where_it_leads(noun, description)


def _only_where_it_leads(noun: str, description: AnalyzedText) -> bool:
    """Each time the description names the noun as a word of its own, a particle of going and a verb of
    leading follow it (火口へ続く: movement.json's leading_to)."""
    words = description.tokens
    surfaces = [normalize(surface) for surface, _, _ in words]
    offsets = [0, *itertools.accumulate(len(surface) for surface in surfaces)]
    leads: list[bool] = []
    for start in whole_word_starts(noun, surfaces):
        after = words[offsets.index(offsets[start] + len(noun)) :][:2]
        leads.append(len(after) == 2 and after[0][0] in TOWARDS_A_PLACE and after[1][1] in _LEADING_TO)
    return bool(leads) and all(leads)


def _heads_gone_to(noun: str, going: list[AnalyzedText]) -> list[str]:
    """What a going goes to where it names the noun as whose (飯田の町まで行ってくる: 町)."""
    heads = []
    for clause in going:
        words = clause.tokens
        for index in range(len(words) - 2):
            if normalize(words[index][0]) != noun or words[index + 1][0] != "の":
                continue
            end = index + 2
            while end < len(words) and words[end][2] == "名詞":
                end += 1
            if end > index + 2 and end < len(words) and words[end][0] in TOWARDS_A_PLACE:
                heads.append("".join(normalize(surface) for surface, _, _ in words[index + 2 : end]))
    return heads


def _proposes(text: AnalyzedText) -> bool:
    """A let's, asked or not, with no who, what or where in it (うなぎでも食べに行こうかい): read only for a text
    that asks."""
    return lets(text) and not asks_who_what_where(list(text.tokens))


_OPENING = lexicon.words("movement", "opening_a_door")
_DOORS = lexicon.listed("movement", "opening_a_door", "doors")


def _opens_a_door(clause: AnalyzedText) -> bool:
    return has_movement_cue(clause, _OPENING) and any(door in clause.norm for door in _DOORS)


# A phrase shared with a description tells the place when it holds two kanji of its own (no word for any
# place counts, so neither の部屋 nor a run of particles and endings does: てみます) or is six characters
# long, and no other place's shares one within the margin.
_SHORTEST_PHRASE = 3
_LONG_PHRASE = 6
_PHRASE_MARGIN = 2


def _described_by_a_phrase(said: list[str], places: list[Candidate]) -> dict[Candidate, list[str]]:
    shared = {
        place: max(
            (longest_shared_phrase(clause, normalize(place.description), _tells_a_place) for clause in said),
            key=len,
            default="",
        )
        for place in places
    }
    ranked = sorted(shared.items(), key=lambda item: len(item[1]), reverse=True)
    if not ranked or not ranked[0][1]:
        return {}
    if len(ranked) > 1 and len(ranked[1][1]) > len(ranked[0][1]) - _PHRASE_MARGIN:
        return {}
    return {ranked[0][0]: [ranked[0][1]]}


def _tells_a_place(phrase: str) -> bool:
    if len(phrase) < _SHORTEST_PHRASE:
        return False
    for word in _NOT_DESCRIBING:
        phrase = phrase.replace(word, "")
    return len(phrase) >= _LONG_PHRASE or sum(map(is_kanji, phrase)) >= 2
