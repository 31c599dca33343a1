"""The text layer: message catalogs, the language in force, and words in the reader's language.

Games and faces hand message ids and values (or :class:`tapete.core.words.Say`
values) to this layer; it turns them into words. No face gets its words from
another face. Everything here reads the language of the current context, so a
server can speak Spanish to one client and French to another at the same time.

Public API (``from tapete.text import ...``)
--------------------------------------------
Language (:mod:`tapete.text.language`):

* ``use_language(lang: str) -> ContextManager[Translator]``: speak ``lang`` ("en", "es", "fr";
  an unknown one is English) inside the block; a ContextVar, safe across threads and asyncio tasks.
* ``current_language() -> str``: the language code in force.
* ``set_language(lang: str) -> None``: the process default (the CLI's ``--lang``), used where no
  ``use_language`` block is active.
* ``Translator``: ``lang``, ``gettext(text) -> str``, ``ngettext(singular, plural, n) -> str``;
  calling it is ``gettext``. ``translator(lang) -> Translator`` (:mod:`tapete.text.translations`).
* Kept for old callers: ``set_translator(translator | None)``, ``current_translator()``.

Messages (:mod:`tapete.text.messages`):

* ``msg(key, /, count: int | None = None, **values) -> str``: a catalog message, translated, values
  filled in. Catalog values are either ``"text {field}"`` or a plural pair ``("1 card", "{count}
  cards")``; a pair needs ``count`` and picks its form through ``ngettext``; ``{count}`` is filled too.
  Values may be labels (below) or refs from :mod:`tapete.core.words`; they format by their spec.
* ``tr(text) -> str``: gettext of an English text.
* ``MESSAGES``, ``CATALOGS``: the catalogs (message id -> English text or plural pair).

Rendering games' words (:mod:`tapete.text.render`):

* ``say(s: Say, names: Names | None = None, sentence: bool = False) -> str``: one
  :class:`~tapete.core.words.Say` in the current language; nested ``Say`` values render too.
  ``sentence(text) -> str``: the first letter capitalised.
* ``use_names(names: Names) -> ContextManager[None]``: the names ``say``/``seat_label`` use when
  none are given. ``Names`` is a ``Mapping[int, str]`` or ``Sequence[str]`` (seat -> person's
  name; a missing or empty name keeps "seat N").
* ``seat_label(seat, names=None) -> Label``, ``side_label(players, side, names=None) -> Label``
  (a team at four players, else a seat; its extra form ``seats``: "team 1 (seats 1, 3)").
* ``Label`` (:mod:`tapete.text.grammar`): a noun phrase that carries its grammar; format specs in a
  template pick the form: ``{seat}`` subject ("seat 2", es "el jugador 2", fr "le joueur 2",
  "Ana"), ``{seat:bare}`` without article ("jugador 2"), ``{seat:de}`` (es "del jugador 2" /
  "de Ana", fr "du joueur 2" / "d'Ana", en "of seat 2"), ``{seat:a}`` (es "al jugador 2" / "a Ana",
  fr "au joueur 2" / "à Ana", en "to seat 2"); any other spec (``<17``) pads the subject form.
  Rule for capitals: texts are written as fragments ("el jugador 2 sale", "seat 2 to lead", as
  table rows and buttons need them); a face that shows a *sentence* (a line of narration, an
  explanation, an error) asks for one: ``say(s, sentence=True)`` or ``sentence(text)`` capitalises
  the first letter ("El jugador 2 juega el caballo de copas"), except a person's name, which stays as
  its owner wrote it ("x juega"; a name label has ``proper=True``). Inside a template, ``{seat:^}``
  (``{seat:^de}``...) capitalises one label that starts a sentence after a full stop.
  Templates write no article of their own before a seat or a side: es ``{seat:de}`` ("del jugador 2" /
  "de Ana"), ``{seat:a}`` ("al jugador 2"), ``{seat}`` ("el jugador 2"); fr ``{seat:de}`` ("du joueur
  2" / "d'Ana"), ``{seat:a}`` ("au joueur 2" / "à Ana"), ``{seat}`` ("le joueur 2"). Callers pass a
  ``SeatRef``/``SideRef`` (or a label), never the bare word ``msg("seat", ...)``; a plain string in
  such a field is taken as a person's name. ``tests/text/test_seat_grammar.py`` checks every message.
* ``{card}`` of a CardRef: ``""``/``short`` ("Cc", "V♥"), ``the``/``long`` with article ("el
  caballo de copas"), ``bare`` ("caballo de copas"), ``de`` ("del caballo de copas"), ``a``.
  ``{cards}`` of a CardsRef: ``""``/``short`` ("3o, Cc"), ``long`` ("el tres de oros y el caballo
  de copas"). ``{suit}`` of a SuitRef: ``""`` ("copas", "cœur"), ``de`` ("de copas", "d'oros"),
  ``a`` ("à cœur", "a copas", "in hearts"). ``{rank}`` of a RankRef (:mod:`tapete.core.words`):
  ``""``/``bare`` ("dame"), ``the`` ("la dame"), ``pl`` ("valets"), ``de``, ``a`` ("à la dame",
  "au roi"): fr "tierce {rank:a}", "carré de {rank:pl}".

Cards (:mod:`tapete.text.cards`), the one source of card names, in the current language:

* ``FACES``: the faces keys: ``"spanish"`` (Spanish 40-card ids, Spanish faces), ``"french"``
  (French 32-card ids of Belote), ``"french-40"`` (Spanish 40-card ids shown with French faces:
  Guiñote's ``deck_faces=french``).
* ``n_cards(faces) -> int``, ``card_name(faces, card, article=True) -> str``,
  ``card_short(faces, card) -> str``, ``cards_short(faces, cards, sep=" ") -> str`` ("-" for none),
  ``suit_name(faces, suit) -> str``,
  ``rank_name(faces, rank, count=1, article=False) -> str``, ``suit_colour(faces, suit) -> str``
  ("gold", "red", "blue", "green", "black"), ``suit_mark(faces, suit) -> str`` ("c", "♥"),
  ``card_label(faces, card) -> Label``, ``cards_label``, ``suit_label``, ``rank_label``,
  ``deck_words(faces) -> dict`` (JSON-able, for the browser: ``{"faces", "lang", "cards": [{"short",
  "name", "the", "rank", "suit"}] by card id, "suits": [{"name", "mark", "colour"}], "ranks": [{"name",
  "plural", "short"}]}``).

Errors (:mod:`tapete.text.errors`):

* ``error_text(e: BaseException, names: Names | None = None) -> str``: a TapeteError's ``say``
  rendered in the current language, else ``str(e)``. Raise with
  ``RulesError("english text", say=Say("error....", ...))`` (:mod:`tapete.core.errors`); the
  ``errors`` catalog (:mod:`tapete.text.catalog_errors`) holds the engines' messages.

Adding a message: put it in the area's ``catalog_<area>.py`` (a plural pair where a count meets a
noun), run ``python tools/i18n_catalogs.py <area>`` and translate the new entries of
``src/tapete/locale/{es,fr}/LC_MESSAGES/<area>.po``; ``tests/test_i18n.py`` checks them.
"""

from tapete.text.cards import (
    FACES,
    card_label,
    card_name,
    card_short,
    cards_label,
    cards_short,
    deck_words,
    n_cards,
    rank_label,
    rank_name,
    suit_colour,
    suit_label,
    suit_mark,
    suit_name,
)
from tapete.text.errors import error_text
from tapete.text.grammar import Label
from tapete.text.language import (
    Translator,
    current_language,
    current_translator,
    set_language,
    set_translator,
    use_language,
)
from tapete.text.messages import CATALOGS, MESSAGES, msg, tr
from tapete.text.render import Names, say, seat_label, sentence, side_label, use_names
from tapete.text.translations import LANGUAGES, translator

__all__ = [
    "CATALOGS",
    "FACES",
    "LANGUAGES",
    "MESSAGES",
    "Label",
    "Names",
    "Translator",
    "card_label",
    "card_name",
    "card_short",
    "cards_label",
    "cards_short",
    "current_language",
    "current_translator",
    "deck_words",
    "error_text",
    "msg",
    "n_cards",
    "rank_label",
    "rank_name",
    "say",
    "seat_label",
    "sentence",
    "set_language",
    "set_translator",
    "side_label",
    "suit_colour",
    "suit_label",
    "suit_mark",
    "suit_name",
    "tr",
    "translator",
    "use_language",
    "use_names",
]
