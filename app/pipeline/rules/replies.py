"""Rules about replies to the game's last line: yes or no to an invitation to a place, a place chosen
from those offered, a no to an offer, a bare yes to an offer of a topic."""

from __future__ import annotations

import re

from app import lexicon
from app.lexicon import tokens as token_patterns
from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.candidates import Candidate
from app.pipeline.readings.farewell import has_leave_cue, leaving_asked, parts_at_the_end, takes_the_yes_back
from app.pipeline.readings.movement import (
    MOVE_VERBS,
    bare_movement,
    bare_movement_after_openers,
    has_movement_cue,
    lets,
    lets_asked,
    put_off_till_done,
    puts_off,
    set_on_another_day,
)
from app.pipeline.readings.replies import (
    ASKING,
    DECLINING_ME,
    STAYING_HERE,
    echoes,
    follows,
    gives_a_reason,
    leads_to_going,
    lets_as_invited,
    offers,
    says_no,
    says_yes,
    tells_to_go_alone,
)
from app.pipeline.readings.small_talk import content_nouns
from app.pipeline.readings.text import (
    INTERJECTIONS,
    PAUSES,
    asks_who_what_where,
    clauses_of,
    is_kanji,
    is_question,
    normalized_words,
    plain_speech,
    sentences_of,
    trim,
    without_closing_marks,
)
from app.pipeline.rules.context import ABOUT, Outcome, RuleContext, as_called, topic_texts
from app.pipeline.rules.going import SEEING, TO_THEIR_PLACE, absent_characters
from app.text import AnalyzedText, normalize, strip_punctuation

# Going made the subject of a remark (行くのは怖いな, 行くのが面倒): an opinion about going, not a yes.
_GOING_REMARKED_ON = re.compile(r"(の|こと)(は|が|って)")

# A no, anywhere or opening the reply (app/lexicon/refusal.json).
_REFUSAL = lexicon.pattern("refusal", "anywhere")


_TOWARDS = ("に", "へ", "まで", "を")


def _invitation(ctx: RuleContext) -> tuple[Candidate, AnalyzedText] | None:
    """The one reachable place the last line invites the player to (控え室も見てみるか？), if any, with
    that line."""
    invitation = ctx.line_before
    if invitation is None:
        return None
    offered = offers(invitation)
    places = (
        ctx.moves_named(invitation, read=False)
        or _partly_named_moves(invitation, ctx.candidates, offered)
        or _their_places(ctx, invitation)
    )
    if len(places) > 1:  # 「お席が始まる前に、露地を歩きまへんか」: the one the line goes to or through
        places = [p for p in places if any(f"{normalize(n)}{m}" in invitation.norm for n in p.names for m in _TOWARDS)]
    if len(places) != 1 or not (offered or ctx.invites(invitation)):
        return None
    # 「ロビーについて話そう」 invites to talk about the place, not to go there.
    topic = tuple(f"{normalize(name)}{marker}" for name in places[0].names for marker in ABOUT)
    return None if any(t in invitation.norm for t in topic) else (places[0], invitation)


# After an absent character's name in an inviting line: their place (支配人のところへ), or whom the invitation
# leads to (源三さんなら、裏口を出たところで…ご案内しましょうか？)
_THEIR_PLACE_OR_THEM = (*TO_THEIR_PLACE, "なら", "だったら")


def _their_places(ctx: RuleContext, line: AnalyzedText) -> list[Candidate]:
    """The reachable places of characters who are not present, as `elsewhere` gives them, that the line names
    as the person's place (一緒に支配人のところへ行ってくれない？, with 支配人 in the office) or as whom it is
    about (源三さんなら、…ご案内しましょうか？): the line invites the player there."""
    places: list[Candidate] = []
    for _, names, where in absent_characters(ctx):
        if any(f"{called}{after}" in line.norm for called in as_called(names) for after in _THEIR_PLACE_OR_THEM):
            places += [c for c in ctx.candidates if c.action == Action("move", where) and c not in places]
    return places


def _partly_named_moves(
    line: AnalyzedText, candidates: tuple[Candidate, ...], offered: bool = False
) -> list[Candidate]:
    """Reachable places a line with a movement in it names by the first or last word of their name only
    (パトロールの人に言いに行こう → パトロール詰所; 上のタンク、見に行くか → 貯水タンク), or a line with a
    movement or an offer by the word after の (わらわの泉へ、共に来ぬか → 精霊の泉; 丘の上で花火ば見らんね →
    見晴らしの丘): a character's line may name a place loosely. Only for the game's own lines; a player's
    text must name the place."""
    moving = has_movement_cue(line, own=False)
    if not (offered or moving):
        return []
    nouns = {s for s, _, pos in line.tokens if pos == "名詞" and (len(s) >= 2 or is_kanji(s))}

    def loosely(name: str, noun: str) -> bool:
        return noun != name and (
            (moving and len(noun) >= 2 and name.startswith(noun))
            # …or by its last word (上のタンク、一緒に見に行くか → 貯水タンク)
            or (moving and len(noun) >= 2 and name.endswith(noun))
            or ("の" in name and name.rsplit("の", 1)[1] == noun)
        )

    return [
        c
        for c in candidates
        if c.action.kind == "move" and any(loosely(normalize(name), noun) for name in c.names for noun in nouns)
    ]


_SEEN_OR_GONE_TO = ("も", "を", "に", "へ", "まで", "のほう", "の方")
_ACCOMPANYING = lexicon.phrases("agreement", "accompanying")


def _seen_or_gone_to(reply: AnalyzedText, place: Candidate) -> bool:
    """The reply names the place as what the player will see or go to: も, を, に or へ after it, then a
    seeing verb (倉庫も見ておきたい), going along (温室までご一緒します) or a movement."""
    for name in (normalize(n) for n in place.names):
        _, found, after = reply.norm.partition(name)
        marker = next((m for m in _SEEN_OR_GONE_TO if after.startswith(m)), None)
        if found and marker is not None:
            rest = after[len(marker) :]
            return rest.startswith(SEEING) or rest.startswith(_ACCOMPANYING) or has_movement_cue(reply)
    return False


def agreement_to_invitation(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A short yes (うん、行ってみよう) to a line that invites the player to a reachable place is that
    move; the model alone sees no place in the player's text."""
    invited = _invitation(ctx)
    if invited is None:
        return None
    place, invitation = invited
    reply = _plain_lets(ctx)
    text = plain_speech(strip_punctuation(reply.raw))  # いいっすね: casual です
    # (not in a reason given in a sentence of its own: 行きましょう。…聞きたいことがあるので)
    said = [sentence for sentence in sentences_of(reply) if not gives_a_reason(sentence)]
    remarked = _GOING_REMARKED_ON.search(plain_speech(strip_punctuation("".join(sn.norm for sn in said))))
    if _REFUSAL.search(ctx.phrases.without_own_words(reply.norm)) or remarked or tells_to_go_alone(reply.norm):
        return None
    # (a going, then a parting: わかった、行く。お疲れさま takes leave rather than going along)
    if parts_at_the_end(reply):
        return None
    # (…or closes a sentence on a farewell the scenario lists: ほんなら、いんでくるわ。おおきに, where いんでくるわ
    # is one; not a listed ほな that opens a yes: ええですね、ほな一緒に行きましょか)
    if any(ctx.phrases.farewell_at_end(sentence) is not None for sentence in sentences_of(reply)):
        return None
    if ctx.phrases.said("refusal", reply) is not None or says_no(reply):
        return None
    # (a yes that puts it off goes later, not now: うん、明日にしよう; んだな、飯食ってがらにすっぺ; 一服してから行く)
    if puts_off(reply) or put_off_till_done(reply):
        return None
    if DECLINING_ME.match(trim(reply.norm)):
        return None
    # a reply that ends staying where it is goes nowhere (わしはええわ、ここにおる: ええ is "no need")
    if STAYING_HERE.match(PAUSES.split(trim(reply.norm))[-1]):
        return None
    if named := ctx.moves_named(reply):
        # a yes, then the invited place named as what the player will see or go to (はい、倉庫も見ておきたい
        # です), goes; not the place as a topic (はい、倉庫はいいです), nor another place (explicit_move's)
        yes_first = says_yes(clauses_of(reply)[0]) and not ASKING.search(reply.norm)
        if named != [place] or not yes_first or not _seen_or_gone_to(reply, place):
            return None
        return Outcome(place.action, "agreement_to_invitation", f"agrees to go to {place.action.target}")
    if len(text) <= 15:
        goes = (
            says_yes(reply)
            or ctx.phrases.said("agreement", reply) is not None
            or bare_movement(reply)
            # …after openers the analyser may read as nouns (ほやな、つんだって行こさ: ほや, a sea squirt)
            or bare_movement_after_openers(text, ctx.analyzer)
            or echoes(reply, invitation)
            or lets_as_invited(reply, invitation)
            or follows(reply)
        )
    else:
        # A longer reply goes when a yes is a sentence of its own and what follows only goes along
        # (わかりました。懐中電灯、持っていきましょう); not when it asks or proposes something else.
        # Or when a yes, a going or a following comes after clauses that open, say yes, concede or give a
        # reason (よろしおすなあ、ご一緒させてもらいます; 別にアンタのためじゃないけど、行くわよ;
        # そうですね、私も気になっていたので、一緒に行きます; わかりました、工藤さんのあとについていきますね).
        first, *rest = sentences_of(reply)
        clauses = clauses_of(reply)
        *leading, last = clauses
        # (a reason given in a sentence of its own asks nothing: …堂本さんに聞きたいことがあるので)
        # (…nor one asked on the way: 行きます。家賃の話は歩きながら聞かせてください)
        asks = any(ASKING.search(s.norm) and not _on_the_way(s) for s in said) and not lets_asked(reply)
        goes = not asks and (
            (
                bool(rest)
                and len(strip_punctuation(first.norm)) <= 15
                and (says_yes(first) or bare_movement(first))
                # (…or gives its reason: ああ、行きましょう。堂本さんに聞きたいことがあるので)
                and all(bare_movement(s) or echoes(s, invitation) or gives_a_reason(s) or _on_the_way(s) for s in rest)
            )
            or (
                bool(leading)
                and all(leads_to_going(c) for c in leading)
                and (
                    (len(strip_punctuation(last.norm)) <= 15 and says_yes(last))
                    # (a movement with nothing else named, whatever reason runs into it: 冷えてきたし戻りましょうか)
                    or bare_movement(last)
                    or follows(last)
                )
            )
            # …or when it opens on going itself (行く行く〜焼きそばパン残ってっかな): what follows is talk
            or (bool(leading) and _opens_on_going(leading[0], reply))
        )
    if not goes:
        return None
    return Outcome(place.action, "agreement_to_invitation", f"agrees to go to {place.action.target}")


_ON_THE_WAY = lexicon.phrases("agreement", "on_the_way")
_TAKEN_THERE = lexicon.phrases("agreement", "taken_there")
_ASKING_NOTHING_ELSE = (*_ON_THE_WAY, *_TAKEN_THERE)


def _on_the_way(sentence: AnalyzedText) -> bool:
    """The sentence asks or says something on the way there (歩きながら聞かせてください), or asks to be shown
    the way or taken there (ご案内をお願いできますか): agreement.json's on_the_way and taken_there."""
    return any(words in sentence.norm for words in _ASKING_NOTHING_ELSE)


# What takes back or quotes a going that opens a reply (行こう、と言いたいが…; 行く行く、でも…).
_TAKEN_BACK = tuple(normalized_words("が、 けど けれど でも と言 って言 とは ただ"))


def _opens_on_going(first: AnalyzedText, reply: AnalyzedText) -> bool:
    """The reply's first clause is the player's own going, as a let's (行こう) or the movement said twice
    (行く行く〜, 行きます行きます), and nothing after it takes it back or quotes it; not telling someone
    else to go (行ってきなよ, 行ってあげて)."""
    verbs = [lemma for _, lemma, pos in first.tokens if pos == "動詞"]
    said_twice = len(verbs) >= 2 and len(set(verbs)) == 1 and verbs[0] in MOVE_VERBS
    own = said_twice or (bare_movement(first) and lets(first))
    rest = reply.norm[len(first.norm) :]
    return own and not any(word in rest for word in _TAKEN_BACK)


_PLACE_CHOSEN = lexicon.words("agreement", "place_chosen")
_OPENER_POS = frozenset(("感動詞", "接続詞", "補助記号"))


def choosing_an_offered_place(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """Naming one of the reachable places the last line offers, and nothing else (どうする？改札で聞く？
    それとも地下街のほう見てみる？ → 地下街かな〜, じゃあ地下街で): choosing it. The model saw a question in
    かな, and the line names two places, so agreement_to_invitation finds no one invitation."""
    line = ctx.line_before
    if line is None or not (offers(line) or ctx.invites(line)):
        return None
    chosen = ctx.moves_named()
    if len(chosen) != 1 or chosen[0] not in ctx.moves_named(line, read=False):
        return None
    reply = trim(ctx.text.norm)
    for name in sorted((normalize(n) for n in chosen[0].names), key=len, reverse=True):
        before, found, after = reply.partition(name)
        # (only openers before it: うーん、じゃあ)
        opening = ctx.analyzer.analyze(before).tokens if before else ()
        if found and (not after or after in _PLACE_CHOSEN) and all(pos in _OPENER_POS for _, _, pos in opening):
            target = chosen[0].action.target
            return Outcome(chosen[0].action, "choosing_an_offered_place", f"names {target}, which the last line offers")
    return None


# Options chosen by their place in the line, each group named by its note (app/lexicon/speech.json).
_BY_POSITION = tuple(
    (group["note"], tuple(normalize(w) for w in group["words"]))
    for group in lexicon.load("speech")["option_by_position"]["groups"]
)


def _at_position(options: list[Candidate], position: str) -> Candidate | None:
    """The option at `position` (first, second, middle, last); the middle only of an odd number."""
    if position == "middle":
        return options[len(options) // 2] if len(options) % 2 else None
    return options[{"first": 0, "second": 1, "last": -1}[position]]


_LONGEST_CHOICE = 15


def _options_in_order(ctx: RuleContext, line: AnalyzedText) -> list[Candidate]:
    """The places the line names, in the order it names them; or, when it names fewer than two, the topics
    it names by their id or words. Empty when two share a first mention (a word inside another's name)."""
    places = ctx.moves_named(line, read=False)
    if len(places) >= 2:
        named = [(c, (c.action.target, *c.names)) for c in places]
    else:
        named = [
            (c, (c.action.target, *c.words))
            for c in ctx.candidates
            if c.action.kind == "intent" and c.action.target is not None
        ]
    norm = line.norm
    first: dict[Candidate, int] = {}
    for candidate, names in named:
        found = [norm.find(normalize(n)) for n in names if n and normalize(n) in norm]
        if found:
            first[candidate] = min(found)
    if len(set(first.values())) != len(first):
        return []
    return sorted(first, key=first.__getitem__)


def choosing_by_position(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A short reply that picks one of the places or topics the last line offers by its place in the line
    (灯台と浜辺、どちらを先に見に行かれます？ → 二つ目のほうにします; 前者で): that option. The reply names
    neither, so the model, reading it alone, saw nothing to choose (round 11)."""
    line = ctx.line_before
    # (asked with a question word, whatever closes it: どっちにする。, 何からお話ししましょう。)
    if line is None or not (is_question(line) or asks_who_what_where(without_closing_marks(line))):
        return None
    reply = strip_punctuation(trim(ctx.text.norm))
    if len(reply) > _LONGEST_CHOICE or ASKING.search(trim(ctx.text.norm)) or says_no(ctx.text):
        return None
    opened = reply
    for opener in INTERJECTIONS:
        if opened.startswith(opener):
            opened = opened[len(opener) :]
            break
    position = next((note for note, words in _BY_POSITION if opened.startswith(words)), None)
    options = _options_in_order(ctx, line)
    if position is None or len(options) < 2 or (chosen := _at_position(options, position)) is None:
        return None
    reason = f"picks {chosen.action.notation}, by its place in the last line"
    return Outcome(chosen.action, "choosing_by_position", reason)


# A let's put as a rhetorical question (さあ、一緒に見に行こうではありませんか！): it proposes, it does not ask.
_RHETORICAL_LETS = re.compile(r"(?<=う)(では|じゃ)(ありません|ない|ねえ)か(?=[!！。.]*$)")


def _plain_lets(ctx: RuleContext) -> AnalyzedText:
    """The reply with a rhetorical let's said plainly (行こうではありませんか → 行こう)."""
    plain = _RHETORICAL_LETS.sub("", ctx.text.raw)
    return ctx.text if plain == ctx.text.raw else ctx.analyzer.analyze(plain)


def refusal_to_invitation(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A no (いや、まだここを調べたい), or a reply that puts the going off (うん、明日にしよう), to a line
    that invites the player to a reachable place is neither that move nor a topic: the model read 調べたい
    as a question about the suspect. A no that goes on to ask something (いや、それより鍵のことを教えて) is
    left to the model."""
    invited = _invitation(ctx)
    if invited is None or ASKING.search(trim(ctx.text.norm.lstrip("、。,.!！…‥「」 "))):
        return None
    place, _ = invited
    if (own := ctx.phrases.said("refusal", ctx.text)) is not None:
        return Outcome(NONE, "refusal_to_invitation", f"declines the invitation to {place.action.target} 「{own}」")
    if says_no(ctx.text):
        return Outcome(NONE, "refusal_to_invitation", f"declines the invitation to {place.action.target}")
    # (a yes that puts the going off goes nowhere now either: うん、明日にしよう; 飯食ってからにする; nor one whose
    # every going is set later: 森はあとで行く)
    if set_on_another_day(ctx.text):
        return Outcome(NONE, "refusal_to_invitation", f"puts off the invitation to {place.action.target}")
    return None


def _raises_something_new(ctx: RuleContext, line: AnalyzedText) -> bool:
    """The reply goes on to a subject of its own (いや、鍵のことが気になる): it talks about something
    (のこと, について), or names a topic's required words, of a topic the last line did not name by any
    of them (けの汁、食ってぐが？ → やんた、今腹いっぺぇだ: 腹 and 汁 are the one food topic's); not in a
    clause that only gives the reason for the no (明日は祭りの準備があるから、また今度ね)."""
    norm = ctx.text.norm
    if any(marker in norm for marker in ABOUT) and not _talks_of_what_was_offered(ctx.text, line):
        return True
    said = "".join(clause.norm for clause in clauses_of(ctx.text) if not gives_a_reason(clause))
    topics = [[normalize(w) for w in c.words if w] for c in ctx.candidates if c.action.kind == "intent"]
    return any(not any(w in line.norm for w in words) and any(w in said for w in words) for words in topics)


def _talks_of_what_was_offered(reply: AnalyzedText, line: AnalyzedText) -> bool:
    """Each thing the reply talks about (the word before のこと, の話, について) is one the offering line names
    (佐吉さんのことで、…お話ししましょうか？ → いえ、佐吉の話はもうよかです): the reply answers the offer."""
    words = reply.tokens
    about = [
        words[i - 1][0]
        for i in range(1, len(words))
        if any("".join(w[0] for w in words[i : i + 3]).startswith(marker) for marker in ABOUT)
        and words[i - 1][2] in ("名詞", "代名詞")
    ]
    return bool(about) and all(word in line.norm for word in about)


def refusal_to_offer(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A no that asks nothing (いえ、名簿は後で結構です; ええわ、いらんけえ) to a line offering something
    other than a place (ご覧になりますか？, もう一杯食うてくか？, タクシーお呼びしましょうか？) declines
    it: it raises no topic, though the model reads the offered thing as one (名簿 → 乗客名簿). A no
    that leaves or goes somewhere (すみません、持ち場に戻ります), or goes on to a subject of its own
    (いや、鍵のことが気になる), is left to the other rules and the model."""
    line = ctx.line_before
    if line is None or ASKING.search(trim(ctx.text.norm.lstrip("、。,.!！…‥「」 "))):
        return None
    if has_leave_cue(ctx.text) or ctx.moves_in_text():
        return None
    if not (offers(line) or ctx.invites(line)):
        return None
    if _raises_something_new(ctx, line):
        return None
    if (own := ctx.phrases.said("refusal", ctx.text)) is not None:
        return Outcome(NONE, "refusal_to_offer", f"declines what the last line offers 「{own}」")
    if not says_no(ctx.text):
        return None
    return Outcome(NONE, "refusal_to_offer", "declines what the last line offers")


def put_off_for_now(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A text that does it only after something else is done, or asks whether later will do (少し休んでから
    行きます; この皿を洗ってからでもいいですか？ 手が汚れてるので: readings/movement.py's put_off_till_done),
    goes nowhere and raises no topic now: the model read such replies to a request or an invitation as the
    topic asked about (round 38's shukubo, ina_ben, ningyo_joruri). One that names a reachable place, takes
    leave, or names a topic the last line did not (there is no last line: any topic) is left to the other rules."""
    if not put_off_till_done(ctx.text) or has_leave_cue(ctx.text) or ctx.moves_named():
        return None
    if _raises_something_new(ctx, ctx.line_before or ctx.analyzer.analyze("")):
        return None
    return Outcome(NONE, "put_off_for_now", "does it only after something else is done")


_LONGEST_BARE_REPLY = 10


def _says_back_the_verb(reply: AnalyzedText, line: AnalyzedText) -> bool:
    """The reply is one of the line's verbs and nothing else but closing words (飲んでくかい？ → のむ;
    一緒に行かん？ → いく; 読んでみるかい？ → よむ!), or ends on it said twice (見る見る)."""
    words = [(lemma, pos) for _, lemma, pos in reply.tokens if pos not in ("補助記号", "助詞", "助動詞")]
    offered = {lemma for _, lemma, pos in line.tokens if pos == "動詞"}
    if len(words) == 1 and words[0][1] == "動詞" and words[0][0] in offered:
        return True
    # …or said twice, eagerly, closing the reply (おk、見る見る🌟; アーカイブ見る見るーーー)
    said = strip_punctuation(trim(reply.norm)).rstrip("ー")
    return any(said.endswith(normalize(verb) * 2) for verb in offered)


def _offered_topic(ctx: RuleContext, line: AnalyzedText) -> Candidate | None:
    """The one topic the line's offer speaks of: the intent whose id, words, description, examples or
    notes share the most of the offer's nouns (ラムネ → 「出された飲み物（麦茶、ラムネ…）をいただく」), and
    more than any other intent. The offer is the line's last sentence; one that names nothing
    (読んでみるかい？) offers what the sentence before it names (この手紙、…挟まっとった)."""
    sentences = [s for s in sentences_of(line) if strip_punctuation(s.norm)]
    terms: set[str] = set()
    for sentence in reversed(sentences):
        terms = {normalize(noun) for noun in content_nouns(sentence)}
        if terms:
            break
    # An invitation to go somewhere (見に行くか？) that names no reachable place may mean one left
    # unnamed: it takes up a topic only as the very thing it goes to (お祭り、一緒に行かん？ → 祭り).
    going = any(pos == "動詞" and lemma in MOVE_VERBS for _, lemma, pos in line.tokens)  # (not 飲んでく's てく)
    shared: dict[Candidate, int] = {}
    for candidate in ctx.candidates:
        if candidate.action.kind != "intent" or candidate.action.target is None:
            continue
        named_by = (candidate.action.target, *candidate.words)
        texts = [normalize(t) for t in (named_by if going else (*named_by, *topic_texts(candidate)))]
        shared[candidate] = sum(any(term in text for text in texts) for term in terms)
    ranked = sorted(shared.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]


def agreement_to_offer(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A bare yes (うん！, いいよ) or the offered verb said back (のむ, いく, よむ) to a line offering or
    inviting to something that is no reachable place (ラムネ、飲んでくかい？; 明日のお祭り、一緒に行かん？)
    takes up the one topic that offer speaks of. The reply names nothing, so the model, reading it
    alone, read なし (round 8: うん！ to an offered drink, いく to an invitation to the festival)."""
    line = ctx.line_before
    if line is None or _invitation(ctx) is not None or not (offers(line) or ctx.invites(line)):
        return None
    reply = ctx.text
    if len(strip_punctuation(trim(reply.norm))) > _LONGEST_BARE_REPLY or ASKING.search(trim(reply.norm)):
        return None
    said_back = _says_back_the_verb(reply, line)  # (いく to 一緒に行かん？ is no move of the player's own)
    if has_leave_cue(reply) or (ctx.moves_in_text() and not said_back) or _raises_something_new(ctx, line):
        return None
    if ctx.moves_named(reply):
        return None
    if _REFUSAL.search(reply.norm) or says_no(reply) or ctx.phrases.said("refusal", reply) is not None:
        return None
    yes = said_back or says_yes(reply) or echoes(reply, line) or ctx.phrases.said("agreement", reply) is not None
    if not yes:
        return None
    topic = _offered_topic(ctx, line)
    if topic is None:
        return None
    return Outcome(topic.action, "agreement_to_offer", f"takes up {topic.action.target}, which the last line offers")


def yes_to_leaving(action: Action | None, ctx: RuleContext) -> Outcome | None:
    """A yes (はい、お世話になりました; ええ、ではお言葉に甘えて) to the game's last line asking whether the
    player leaves now (もう帰っちゃうんですか？; そろそろお帰りになりますか？) takes leave, as a farewell does:
    round 20's annai and tokuchou, which the model read as なし. Not a no, nor a yes taken back or one that
    stays (はい、でもその前に…; ほうじゃな、もうちぃと居るわ), nor a reply that asks (何者だったんだべ), goes
    somewhere or names a place (いや、もう一晩泊まります。戻りましょう). So does a yes to going along on the
    speaker's going away where the game has no place for it (_invited_away), said with a going or not
    (ええ、ご一緒します。山を下りましょう)."""
    line = ctx.line_before
    if line is None or ctx.candidate_for(LEAVE) is None:
        return None
    along = not leaving_asked(line) and _invited_away(ctx, line)
    if not (along or leaving_asked(line)):
        return None
    reply = ctx.text
    if ASKING.search(trim(reply.norm)) or says_no(reply) or takes_the_yes_back(reply) or _REFUSAL.search(reply.norm):
        return None
    # (going along is said with a going: ええ、ご一緒します。山を下りましょう)
    if ctx.phrases.said("refusal", reply) is not None or (ctx.moves_in_text() and not along) or ctx.moves_named():
        return None
    if not (says_yes(reply) or has_leave_cue(reply) or ctx.phrases.said("agreement", reply) is not None):
        return None
    return Outcome(LEAVE, "yes_to_leaving", "says yes to leaving, which the last line asks about")


_GOING_AWAY = token_patterns.patterns("movement", "going_away")


def _invited_away(ctx: RuleContext, line: AnalyzedText) -> bool:
    """The line invites or asks the player along on its speaker's going back or down to somewhere, or
    aboard (最終の船で街に戻りますが、ご一緒にどうです？; もう最終便出るで。あんた、乗っていくんな？:
    movement.json's going_away), now, to nowhere a reachable place's name or description holds (今から店に戻る
    けぇ、一緒に来んさい goes to her café): going along leaves the scene. Round 38's shinju and
    shodoshima_ben, round 37's sumiyaki (the model and leave_needs_cue read なし)."""
    asks = ctx.invites(line) or offers(line) or is_question(line)
    if not asks or set_on_another_day(line) or ctx.moves_named(line, read=False) or _their_places(ctx, line):
        return False
    reachable = "".join(
        normalize(text) for c in ctx.candidates if c.action.kind == "move" for text in (c.description, *c.names)
    )
    words = line.tokens
    return any(
        not _PAST_AFTER.intersection(lemma for _, lemma, _ in words[end : end + 1])
        and (words[start][2] != "名詞" or normalize(words[start][0]) not in reachable)
        for pattern in _GOING_AWAY
        for start, end in token_patterns.spans(pattern, words)
    )


_PAST_AFTER = frozenset(("た",))  # (町に戻ったんですか？ asks about a going done)
