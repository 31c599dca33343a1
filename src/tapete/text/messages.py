"""Every sentence tapete shows, keyed by message id, and :func:`msg` to say one in the language in force.

Code never holds user-facing literals: it calls :func:`msg` with a message id and the values to
fill in. The English text is the source; it is also the gettext ``msgid``, so a translated catalog
(es, fr) plugs in through :func:`tapete.text.language.use_language` without touching the code.

A catalog value is a text, or a plural pair ``(singular, plural)`` whose form ``ngettext`` picks
by ``count`` (the ``.po`` files hold them as ``msgid_plural`` with ``msgstr[n]``).

>>> msg("seat", seat=2)
'seat 2'
>>> msg("show.stock.count", count=1), msg("show.stock.count", count=3)
('1 face-down card + the indicator', '3 face-down cards + the indicator')
>>> msg("nope")
Traceback (most recent call last):
...
KeyError: "no CLI message 'nope'"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from tapete.text import (
    catalog_brisca,
    catalog_errors,
    catalog_match,
    catalog_play,
    catalog_replay,
    catalog_rules,
    catalog_server,
    catalog_solve,
    catalog_web,
)
from tapete.text.grammar import FORMS, name_label
from tapete.text.language import current_language, current_translator, set_language, set_translator, use_language

#: A catalog value: an English text, or a plural pair (singular, plural) chosen by ``count``.
Text = str | tuple[str, str]

#: Message id -> English text (``str.format`` fields in braces) of the core catalog (``tapete.po``).
CORE: Final[dict[str, Text]] = {
    # ------------------------------------------------------------ program and options
    "prog.description": "tapete: positions, rules and games of {games} from the command line.",
    "prog.epilog": "Run 'tapete COMMAND --help' for the options of one command.",
    "prog.commands": "commands",
    "opt.version": "show the version and exit",
    "opt.lang": "language of the output: en, es or fr (default: from the locale)",
    "opt.position": (
        "a position string of any game (see the notation module of its package, tapete.GAME.notation), quoted or "
        "as separate words, or '-' to read it from standard input; leave it out to deal a fresh position"
    ),
    "opt.game": "game of a fresh deal or match: {games} (default {default})",
    "opt.preset": "rules preset of a fresh deal or match (another game's preset needs its --game): {presets}",
    # One game's presets in a help text: "guinote: aragones, clasico, ... (default aragones)".
    "opt.preset.game": "{game}: {presets} (default {default})",
    "opt.option": "change one rules option of a fresh deal, e.g. target=101 (repeatable)",
    "opt.seed": "shuffle seed of a fresh deal (default: a random one, shown in the output)",
    "opt.dealer": "dealer seat of a fresh deal (default 0)",
    "opt.french": "write cards with French faces and suit symbols (K♥ instead of Rc or Kh)",
    "opt.json": "print JSON instead of text",
    "cmd.demo.help": "play a seeded match between random players and print it, deal by deal",
    "opt.demo_seed": "seed of the deals, the first dealer and the players (default 1)",
    "opt.hands": "also print every hand as dealt",
    "cmd.show.help": "show a position readably",
    "cmd.show.description": (
        "Show a position of any game: rules, trumps, hands, the trick, points, cantes or declarations "
        "and whose turn it is. Without a position, deal a fresh one and print its position string."
    ),
    "cmd.legal.help": "list the legal actions of a position",
    "cmd.legal.description": (
        "List the legal actions of the seat to act, one per line with a short description. "
        "Without a position, deal a fresh one."
    ),
    # ------------------------------------------------------------ errors
    "error.line": "{prog}: error: {detail}",
    "error.usage": "{detail} (see '{prog} --help')",
    "error.no_command": "expected a command: {choices}",
    "error.option_syntax": "bad --option {text!r}: expected KEY=VALUE, e.g. target=101",
    "error.option_twice": "--option {key} is given twice: expected each option once",
    "error.deal_with_position": (
        "the options {flags} are for dealing a fresh position: give either a POSITION or deal options, not both"
    ),
    "error.empty_stdin": "no position on standard input: expected one position string",
    "error.empty_position": "the position is empty: give a position string, or none at all to deal one",
    "error.preset_other_game": "{error}; {name} presets need --game {name}",
    # ------------------------------------------------------------ words
    "seat": "seat {seat}",
    "team": "team {team}",
    "team.seats": "team {team} (seats {seats})",
    "team.people": "{a} and {b}",
    "team.you": "you and {partner}",
    "team.you.de": "of you and {partner}",
    "team.you.a": "to you and {partner}",
    "none": "none",
    "yes": "yes",
    "no": "no",
    "phase.play": "play",
    "phase.window": "cante window",
    "phase.predraw": "before the draw",
    "phase.over": "over",
    "phase.bidding": "bidding",
    # ------------------------------------------------------------ Belote words
    "contract.sa": "sans-atout",
    "contract.ta": "tout-atout",
    "ranks.9": "nines",
    "ranks.T": "tens",
    "ranks.J": "jacks",
    "ranks.Q": "queens",
    "ranks.K": "kings",
    "ranks.A": "aces",
    "call.pass": "pass",
    "call.take": "take in {contract}",
    "call.bid": "{points} in {contract}",
    "call.capot": "capot in {contract}",
    "call.generale": "générale in {contract}",
    "call.coinche": "coinche",
    "call.surcoinche": "surcoinche",
    "decl.tierce": "tierce",
    "decl.quarante": "quarante",
    "decl.quinte": "quinte",
    "decl.sequence": "{name} to the {card}",
    "decl.carre": "carré of {ranks}",
    "decl.points": "{declaration} ({points})",
    # ------------------------------------------------------------ show
    "show.position": "position",
    "show.rules": "rules",
    "show.rules.preset": "{preset}",
    "show.rules.changed": "{preset}, changed: {changes}",
    "show.deal": "deal",
    "show.deal.seed": "seed {seed}, dealer {dealer}",
    "show.dealer": "dealer",
    "show.trump": "trump",
    "show.trump.face_up": "{suit} (indicator {card} face up under the stock)",
    "show.trump.drawn": "{suit} (the indicator has been drawn)",
    "show.stock": "stock",
    "show.stock.count": ("{count} face-down card + the indicator", "{count} face-down cards + the indicator"),
    "show.stock.empty": "empty: arrastre, play follows the strict rules",
    "show.hands": "hands",
    "show.hand.line": "{who:<17} {cards}",
    "show.hand.shown": "shown: {cards}",
    "show.hand.to_act": "<- to act",
    "show.hand.empty": "-",
    "show.trick": "trick",
    "show.trick.none": "none in progress",
    "show.trick.cards": "{plays}; best so far {best} ({seat})",
    "show.trick.play": "{card} ({seat})",
    "show.last_trick": "last trick",
    "show.last_trick.winner": "won by {seat}",
    "show.last_trick.cards": "{cards}, won by {seat}",
    "show.taken": "taken",
    "show.taken.team": "{team}: {points} points ({cards} in cards + {cantes} in cantes), tricks won: {tricks}",
    "show.cantes": "cantes",
    "show.cante.sing": "{seat} sang {points} in {suit}",
    "show.cante.tute": "{seat} sang tute",
    "show.exchange": "exchange",
    "show.exchange.by": "{seat} exchanged the 7 of trumps for the indicator",
    "show.match": "match",
    "show.match.context": "scores before this deal {a} - {b}, {part}",
    "show.match.idas": "idas",
    "show.match.vueltas": "vueltas",
    "show.phase": "phase",
    "show.turn": "turn",
    "show.turn.play": "{seat} to play a card",
    "show.turn.lead": "{seat} to lead",
    "show.turn.window": "{seat} may sing or exchange the 7, or pass (after the side's trick)",
    "show.turn.predraw": "{seat} may exchange the 7 of trumps before the draw, or pass",
    "show.turn.over": "nobody: the deal is over",
    "show.result": "result",
    "show.result.team": (
        "{team}: {total} ({cards} cards + {cantes} cantes + {last} last trick + {capote} capote), tricks won: {tricks}"
    ),
    "show.result.tute": "tute by {team} wins the partida",
    "show.result.claim_ok": "{team} claimed the target and was right",
    "show.result.claim_wrong": "{team} claimed the target and was wrong",
    "show.result.capote": "capote: {team} took every trick",
    # ------------------------------------------------------------ show: Belote
    "show.retourne": "retourne",
    "show.retourne.proposes": (
        "{card} proposes {suit} as trumps; {count} card still to deal",
        "{card} proposes {suit} as trumps; {count} cards still to deal",
    ),
    "show.retourne.taken": "{card}, taken by {seat}",
    "show.retourne.proposes_out": (
        "{card} proposes {suit} as trumps; {count} card still to deal, {out} stay out of play",
        "{card} proposes {suit} as trumps; {count} cards still to deal, {out} stay out of play",
    ),
    "show.retourne.not_taken": "{card}, not taken: it stays face up, out of play",
    "show.retourne.last_dealt": "{card}, the last card dealt ({seat}'s layout), proposes {suit} as trumps",
    "show.retourne.in_layout": "{card}, the last card dealt ({seat}'s layout)",
    "show.bergere": "bergère",
    "show.bergere.card": "{card}, the bottom card of the pack, shown for information only",
    "show.out": "out of play",
    "show.out.count": (
        "{count} card face down, seen by nobody",
        "{count} cards face down, seen by nobody",
    ),
    "show.bidding": "bidding",
    "show.call": "{seat}: {call}",
    "show.contract": "contract",
    "show.contract.none": "none yet",
    "show.contract.void": "none: everybody passed, the deal is void and the next dealer deals",
    "show.contract.high": "highest bid so far {bid}, by {seat}",
    "show.contract.high_coinched": "{high}, coinched by {seat}",
    "show.contract.taken": "{contract} by {seat}",
    "show.contract.coinched": "{contract}, coinched (x{multiplier})",
    "show.contract.surcoinched": "{contract}, surcoinched (x{multiplier})",
    "show.contract.against": "{contract}, alone against {a} and {b}",
    "show.contract.fixed": "{contract}, the suit of the last card dealt (no taker)",
    "show.hand.face_down": "{count} face down",
    "show.hand.covered": "* a face-up card lying on a face-down one, turned up when the trick is over",
    "show.turn.bid": "{seat} to speak",
    "show.taken.belote": "{team}: {points} card points, tricks won: {tricks}",
    "show.declarations": "declared",
    "show.declarations.scored": "{team} scores {points}",
    "show.declarations.none_score": "neither team scores (a tie)",
    "show.declarations.nobody": "nobody scores (a tie)",
    "show.belote": "belote",
    "show.belote.held": "{seat} holds the king and queen of trumps, {played} of 2 played",
    "show.match.scores": "scores before this deal {a} - {b}",
    "show.match.scores_list": "scores before this deal {scores}",
    "show.result.belote": "{team}: {total} ({cards} cards, {declarations} declarations, {belote} belote)",
    "show.result.made": "{team} made the contract",
    "show.result.dedans": "{team} failed the contract (dedans)",
    "show.result.litige": "litige: {points} points held for the winner of the next deal",
    "show.result.capot": "capot: {team} took every trick",
    "show.result.redeal": "everybody passed: no score, the next dealer deals",
    "show.result.in_play": "points in play this deal: {points}",
    "show.result.no_taker": "no taker: each player scores his own points",
    # ------------------------------------------------------------ legal actions
    "legal.none": "no legal actions: the deal is over",
    "legal.header": "{seat} to act ({phase}):",
    "action.play": "play {card}",
    # A card in words, as a value inside another message ("play the caballo of copas").
    "card.named": "{card:long}",
    "action.sing": "sing {points} in {suit}",
    "action.sing.trump": "sing {points} in {suit} (trumps)",
    "action.tute.bonus": "sing tute ({points} points)",
    "action.tute.wins": "sing tute: wins the partida",
    "action.exchange": "exchange the 7 of trumps {siete} for the indicator {card}",
    "action.claim": "claim the partida: {team} has {total} of {target}",
    "action.pass.window": "pass: do not sing",
    "action.pass.predraw": "pass: keep the 7 and draw",
    "action.pass": "pass",
    "action.take": "take the contract in {contract}",
    "action.bid": "bid {bid}",
    "action.coinche": "coinche: double the opponents' contract",
    "action.surcoinche": "surcoinche: redouble the coinche",
    "action.declare": "declare {declarations}",
    # ------------------------------------------------------------ demo
    "demo.teams": "Team 0 is seats 0 and 2, team 1 seats 1 and 3; seat 1 plays after seat 0.",
    "demo.holds": "{seat} holds {cards}",
    "demo.trick": "trick {n}: {plays} -> {seat} takes {points}",
    "demo.score": "score: {a} - {b}",
    # Guiñote's demo (the terminal helper; same English as the msgids tapete.po translates)
    "demo.guinote.title": "tapete demo: a match between random players, {preset} rules, seed {seed}",
    "demo.guinote.teams.2": "Team 0 is seat 0, team 1 seat 1.",
    "demo.guinote.deal.kind": "Partida {p}, deal {d} ({kind}): dealer {dealer}, trump {suit}, indicator {card}",
    "demo.guinote.deal": "Partida {p}, deal {d}: dealer {dealer}, trump {suit}, indicator {card}",
    "demo.guinote.sing": "{seat} sings {points} in {suit}",
    "demo.guinote.tute": "{seat} sings tute",
    "demo.guinote.exchange": "{seat} exchanges the 7 of trumps for {card}",
    "demo.guinote.claim": "{seat} claims the partida: {verdict}",
    "demo.guinote.right": "right",
    "demo.guinote.wrong": "wrong",
    "demo.guinote.team": "{team}: {total} (cards {cards}, cantes {cantes}, last trick {last}, capote {capote})",
    "demo.guinote.replayed": "the deal is tied: it is replayed",
    "demo.guinote.partida": "{team} wins partida {p} ({reason})",
    "demo.guinote.reason.target": "reached the target",
    "demo.guinote.reason.both_past": "both sides passed the target",
    "demo.guinote.reason.claim": "a right claim",
    "demo.guinote.reason.wrong_claim": "the other side claimed wrongly",
    "demo.guinote.reason.tute": "tute",
    "demo.guinote.reason.capote": "capote",
    "demo.guinote.reason.malas": "the other side ended the deal under the minimum score (las malas)",
    "demo.guinote.winner": "{team:^} wins the match, {won} partidas to {lost}.",
    "demo.belote.title": "tapete demo: a Belote match between random players, {preset} rules, seed {seed}",
    "demo.belote.deal": "Deal {d}: dealer {dealer}, retourne {card}",
    "demo.belote.deal.auction": "Deal {d}: dealer {dealer}",
    "demo.belote.bidding": "bidding: {calls}",
    "demo.belote.redeal": "everybody passed: the deal is void, the next dealer deals",
    "demo.belote.contract": "contract: {contract} by {seat}",
    "demo.belote.declares": "{seat} declares {declarations}",
    "demo.belote.declarations": "declarations: {team} scores {points}",
    "demo.belote.declarations.none": "declarations: neither team scores (a tie)",
    "demo.belote.belote": "{seat}: belote",
    "demo.belote.rebelote": "{seat}: rebelote",
    "demo.belote.team": "{team}: {score} (cards {cards}, declarations {declarations}, belote {belote})",
    "demo.belote.sum": "{team}: {sum}",
    "demo.belote.made": "{team} made the contract",
    "demo.belote.dedans": "{team} failed the contract (dedans)",
    "demo.belote.litige": "litige: {points} points held for the winner of the next deal",
    "demo.belote.capot": "capot by {team}",
    "demo.belote.litige_paid": "{team} also takes the {points} points held in litige",
    "demo.belote.winner": "{team:^} wins the match, {won} to {lost}.",
    "demo.belote.both_past": "Both teams passed the target: {team} wins the match, {won} to {lost} ({why}).",
    "demo.belote.why.takers": "the takers' score counts first",
    "demo.belote.why.defence": "the takers failed their contract",
    "demo.belote.players": "{n} players, each for himself; seat 1 plays after seat 0.",
    "demo.belote.out": (
        "the retourne stays face up, out of play; bergère {card}; {count} card stays face down",
        "the retourne stays face up, out of play; bergère {card}; {count} cards stay face down",
    ),
    "demo.belote.face_down": "{seat} face down: {cards}",
    "demo.belote.turned_up": "turned up: {cards}",
    "demo.belote.trumps_fixed": "trumps: {contract}, the suit of the last card dealt (no taker)",
    "demo.belote.declarations.nobody": "declarations: nobody scores (a tie)",
    "demo.score.list": "score: {scores}",
    "demo.belote.winner.player": "{seat:^} wins the match with {won} ({scores}).",
    "demo.belote.both_past.players": "Several players passed the target: {seat} wins the match with {won} ({why}).",
    "demo.belote.why.highest": "the highest score",
    "demo.belote.tie": "Several players passed the target with the same best score: one more deal.",
}


#: Each catalog (gettext domain, see :data:`tapete.text.translations.DOMAINS`) and its messages: one per area
#: of the interface, each in its own module, so that each area's text is kept on its own.
CATALOGS: Final[dict[str, Mapping[str, Text]]] = {
    "tapete": CORE,
    "play": catalog_play.MESSAGES,
    "replay": catalog_replay.MESSAGES,
    "match": catalog_match.MESSAGES,
    "rules": catalog_rules.MESSAGES,
    "solve": catalog_solve.MESSAGES,
    "server": catalog_server.MESSAGES,
    "web": catalog_web.MESSAGES,
    "errors": catalog_errors.MESSAGES,
    "brisca": catalog_brisca.MESSAGES,
}


def _merge(catalogs: Mapping[str, Mapping[str, Text]]) -> dict[str, Text]:
    out: dict[str, Text] = {}
    for domain, messages in catalogs.items():
        for key, text in messages.items():
            if key in out:
                raise KeyError(f"message id {key!r} of catalog {domain!r} is already used")
            if isinstance(text, tuple) and len(text) != 2:
                raise ValueError(f"message id {key!r}: a plural message is a pair (singular, plural)")
            out[key] = text
    return out


#: Every message id of every catalog -> its English text (or plural pair).
MESSAGES: Final[dict[str, Text]] = _merge(CATALOGS)


def tr(text: str) -> str:
    """Translate an English message id given as text (gettext style: ``_ = tr``)."""
    return current_translator().gettext(text)


def template(key: str, count: int | None = None) -> str:
    """The translated template of ``key``; a plural message picks its form by ``count``."""
    try:
        text = MESSAGES[key]
    except KeyError:
        raise KeyError(f"no CLI message {key!r}") from None
    if isinstance(text, tuple):
        if count is None:
            raise TypeError(f"message {key!r} has plural forms: give count=")
        return current_translator().ngettext(text[0], text[1], count)
    return current_translator().gettext(text)


def _as_is(value: object) -> object:
    return value


#: Turns a value (a ref of :mod:`tapete.core.words`, a nested Say) into something ``str.format`` can
#: write; :mod:`tapete.text.render`, which builds on this module, installs its own when imported
#: (always: importing ``tapete.text.messages`` imports the ``tapete.text`` package first).
_render_value: Callable[[object], object] = _as_is


def set_value_renderer(render: Callable[[object], object]) -> None:
    """Install how values are rendered (see :data:`_render_value`); avoids an import cycle."""
    global _render_value
    _render_value = render


class _Word(str):
    """A plain text given where a template asks for a grammatical form (``{seat:de}``): taken as a name
    (no article: "de Robot 3", fr "d'Ana"), so that a caller that still passes a string gets words,
    not a ``ValueError``. Seats should come as :class:`~tapete.core.words.SeatRef` values or labels."""

    def __format__(self, spec: str) -> str:
        form = spec[1:] if spec.startswith("^") else spec
        if form in FORMS or form in ("the", "long", "short", "pl"):
            return format(name_label(current_language(), str(self)), spec)
        return format(str(self), spec)


def fill(text: str, values: dict[str, object]) -> str:
    """Fill a translated template; refs and nested Says become labels and texts (see :mod:`tapete.text`)."""
    rendered = {name: _render_value(value) for name, value in values.items()}
    return text.format(**{k: _Word(v) if isinstance(v, str) else v for k, v in rendered.items()})


def msg(key: str, /, count: int | None = None, **values: object) -> str:
    """The message ``key``, translated (plural form by ``count``), with ``values`` filled in.

    ``count`` is also a value (``{count}``). Values may be :mod:`tapete.core.words` refs, nested
    ``Say`` values or :class:`tapete.text.grammar.Label` s: they format by their spec (see
    :mod:`tapete.text`).
    """
    if count is not None:
        values["count"] = count
    return fill(template(key, count), values)


__all__ = [
    "CATALOGS",
    "CORE",
    "MESSAGES",
    "Text",
    "current_language",
    "current_translator",
    "fill",
    "msg",
    "set_language",
    "set_translator",
    "template",
    "tr",
    "use_language",
]
