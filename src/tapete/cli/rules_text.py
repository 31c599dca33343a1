"""The rules of a preset as structured text a reader can follow, in the current language.

Pure functions from a rules object (:class:`~tapete.guinote.rules.GuinoteRules`
or :class:`~tapete.belote.rules.BeloteRules`) to data, no printing: a summary
of the game the rules describe (players, cards, how trumps are chosen, what
wins) and every option grouped by topic, each with its value in words, a
sentence saying what it means, its source (as ``docs/rules/*.md`` cite it) and
whether these rules use it at all. ``tapete rules`` lays the result out; a
server or a face can show the same data. All wording comes from the ``rules``
catalog (:mod:`tapete.cli.messages_rules`), translated by
:func:`tapete.cli.messages.set_translator`.

>>> from tapete.guinote.rules import GuinoteRules
>>> doc = describe(GuinoteRules.preset("clasico"))
>>> doc.title
'Guiñote rules: preset clasico'
>>> entry = doc.entry("figure_order")
>>> entry.value_text
'caballo above sota (caballo 3 points, sota 2)'
>>> entry.source
'sota above: 002 §02; caballo above: 001 Card Deck, 003 Persiapan Dek Kartu'
>>> doc.entry("tute_points").used
False
>>> differing(GuinoteRules.preset("riojano"), GuinoteRules.preset("aragones"))
['tute', 'tute_figures']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tapete.belote.rules import DEFAULT_PRESET as BELOTE_DEFAULT
from tapete.belote.rules import BeloteRules, deal_packet_sizes
from tapete.cli.messages import msg
from tapete.guinote.rules import DEFAULT_PRESET as GUINOTE_DEFAULT
from tapete.guinote.rules import GuinoteRules

#: Either game's rules.
Rules = GuinoteRules | BeloteRules

#: The games, by the name the command line uses.
GAME_NAMES: Final = ("guinote", "belote")

#: Each game's options by topic, in the order they are shown. Every option is in exactly one topic
#: (tests/test_rules_cmd.py checks it), so a new option fails the tests until it is placed here.
TOPICS: Final[dict[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "guinote": (
        ("deal", ("players", "figure_order", "deal_packet", "direction", "first_lead", "next_dealer")),
        ("trumps", ("exchange_timing", "exchange_needs_counting_indicator")),
        (
            "play",
            (
                "strict_from_first_trick",
                "must_follow",
                "must_head",
                "head_when_trumped",
                "must_trump",
                "must_overtrump",
                "must_undertrump",
                "partner_exempt",
                "review_tricks",
            ),
        ),
        (
            "cantes",
            (
                "cante_figure",
                "cante_by",
                "cante_timing",
                "cantes_per_trick",
                "cantes_in_arrastre",
                "cante_points_trump",
                "cante_points_plain",
                "tute",
                "tute_points",
                "tute_figures",
            ),
        ),
        ("scoring", ("last_trick_bonus", "capote", "capote_bonus")),
        (
            "match",
            (
                "target",
                "idas_vueltas",
                "claims",
                "wrong_claim_loses",
                "both_past",
                "last_trick_min_points",
                "malas_buenas",
                "deck_faces",
                "partidas_to_win",
            ),
        ),
    ),
    "belote": (
        (
            "deal",
            ("players", "deck", "hand_size", "layout", "deal_packets", "taker_takes_retourne", "bergere", "direction"),
        ),
        (
            "trumps",
            (
                "bidding",
                "taking_sa_ta",
                "decouverte_trump",
                "min_bid",
                "bid_step",
                "max_bid",
                "auction_sa_ta",
                "generale",
                "coinche",
                "surcoinche_multiplier",
            ),
        ),
        ("play", ("partner_exempt", "overtrump_partner_on_trump_lead", "must_undertrump")),
        (
            "declarations",
            (
                "declarations",
                "declaration_tie",
                "belote_rebelote",
                "belote_counts_for_contract",
                "belote_to_defence_on_failure",
            ),
        ),
        (
            "scoring",
            (
                "scoring",
                "litige",
                "last_trick_bonus",
                "capot_scoring",
                "capot_bonus",
                "rounding",
                "contract_vs",
                "failed_points",
            ),
        ),
        ("match", ("target", "next_dealer")),
    ),
}

#: Where each game's full rules are written down.
DOCS: Final = {"guinote": "docs/rules/guinote.md", "belote": "docs/rules/belote.md"}


@dataclass(frozen=True)
class OptionEntry:
    """One option of a rules object, in words."""

    name: str
    label: str
    value: object
    value_text: str
    about: str
    source: str
    #: False when these rules never read the option (an auction setting under the taking, ...).
    used: bool
    #: The option's value in the rules compared with (the preset, or the default preset under
    #: ``--diff``) when it differs there, else None.
    base_text: str | None = None


@dataclass(frozen=True)
class Section:
    """The options of one topic."""

    topic: str
    title: str
    entries: tuple[OptionEntry, ...]


@dataclass(frozen=True)
class RulesDoc:
    """Everything ``tapete rules`` prints about one rules object."""

    game: str
    preset: str
    title: str
    description: str
    #: (label, text) rows saying what the game is under these rules.
    summary: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]
    #: The name of the preset that ``base_text`` values come from.
    base: str
    sources: str
    docs: str

    def entry(self, name: str) -> OptionEntry:
        """The entry of one option (KeyError if it is not shown)."""
        for section in self.sections:
            for entry in section.entries:
                if entry.name == name:
                    return entry
        raise KeyError(name)

    @property
    def entries(self) -> list[OptionEntry]:
        return [e for s in self.sections for e in s.entries]


# ====================================================================== small pieces
def game_of(rules: Rules) -> str:
    """``guinote`` or ``belote``: the prefix of the game's message ids."""
    return "belote" if isinstance(rules, BeloteRules) else "guinote"


def rules_class(game: str) -> type[GuinoteRules] | type[BeloteRules]:
    return BeloteRules if game == "belote" else GuinoteRules


def default_preset(game: str) -> str:
    return BELOTE_DEFAULT if game == "belote" else GUINOTE_DEFAULT


def option_label(game: str, name: str) -> str:
    return msg(f"rules.{game}.{name}.name")


def option_about(game: str, name: str) -> str:
    return msg(f"rules.{game}.{name}.about")


def option_source(game: str, name: str) -> str:
    return msg(f"rules.{game}.{name}.source")


def preset_description(game: str, name: str) -> str:
    return msg(f"rules.{game}.preset.{name}")


def value_text(game: str, name: str, value: object) -> str:
    """An option's value in words: yes/no, a phrase per choice, a number."""
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if name in rules_class(game).CHOICES:
        return msg(f"rules.{game}.{name}.value.{value}")
    if game == "guinote" and name == "cantes_per_trick" and value == 0:
        return msg("rules.value.no_limit")
    return str(value)


def message_ids(game: str) -> list[str]:
    """Every message id the text of ``game``'s options, choices and presets needs."""
    cls = rules_class(game)
    ids = [f"rules.{game}.topic.{topic}" for topic, _ in TOPICS[game]]
    for name in cls.option_names():
        ids += [f"rules.{game}.{name}.{part}" for part in ("name", "about", "source")]
        ids += [f"rules.{game}.{name}.value.{choice}" for choice in cls.CHOICES.get(name, ())]
    ids += [f"rules.{game}.preset.{preset}" for preset in cls.PRESETS]
    return ids


def differing(rules: Rules, other: Rules) -> list[str]:
    """The options whose values differ between two rules objects of one game, in field order."""
    return [name for name in rules.option_names() if getattr(rules, name) != getattr(other, name)]


# ====================================================================== which options matter
def is_used(rules: Rules, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules (docs/rules/*.md say when it does not)."""
    if isinstance(rules, BeloteRules):
        return _belote_used(rules, name)
    return _guinote_used(rules, name)


def _guinote_used(r: GuinoteRules, name: str) -> bool:
    conditions = {
        "tute_points": r.tute == "bonus",
        "tute_figures": r.tute != "none",
        "capote_bonus": r.capote == "bonus",
        "last_trick_min_points": r.both_past == "last_trick",
        "head_when_trumped": r.must_head,
        "cante_by": r.players == 4,
        "partner_exempt": r.players == 4,
        "wrong_claim_loses": r.claims != "none",
        "exchange_needs_counting_indicator": r.exchange_timing != "never",
    }
    return conditions.get(name, True)


def _belote_used(r: BeloteRules, name: str) -> bool:
    auction = r.bidding == "auction"
    if name in ("min_bid", "bid_step", "max_bid", "auction_sa_ta", "generale", "coinche"):
        return auction
    conditions = {
        "surcoinche_multiplier": auction and r.coinche,
        "capot_scoring": auction,
        "taking_sa_ta": r.bidding == "taking" and not (r.layout == "decouverte" and r.decouverte_trump == "fixed"),
        "decouverte_trump": r.layout == "decouverte",
        "contract_vs": r.players == 3,
        "failed_points": r.players == 3,
        "litige": r.scoring == "classic" and r.players == 4,
        "partner_exempt": r.players == 4,
        "overtrump_partner_on_trump_lead": r.players == 4,
        "declaration_tie": r.declarations,
        "belote_counts_for_contract": r.belote_rebelote,
        "belote_to_defence_on_failure": r.belote_rebelote,
        "bergere": r.layout == "hand",
        "taker_takes_retourne": r.layout == "hand",
        "deal_packets": r.layout == "hand",
    }
    return conditions.get(name, True)


# ====================================================================== the summary
def summary(rules: Rules) -> list[tuple[str, str]]:
    """(label, text) rows: players, cards, the deal, trumps, play or the contract, scoring, winning."""
    if isinstance(rules, BeloteRules):
        return _belote_summary(rules)
    return _guinote_summary(rules)


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _guinote_summary(r: GuinoteRules) -> list[tuple[str, str]]:
    g = "rules.guinote.summary"
    tute = msg(f"{g}.tute.{r.tute}", points=r.tute_points) if r.tute != "none" else ""
    capote = msg(f"{g}.capote.{r.capote}", points=r.capote_bonus) if r.capote != "none" else ""
    points = msg(f"{g}.points", trump=r.cante_points_trump, plain=r.cante_points_plain, last=r.last_trick_bonus)
    match = msg(f"{g}.match.many", partidas=r.partidas_to_win) if r.partidas_to_win > 1 else msg(f"{g}.match.one")
    return [
        (msg("rules.label.players"), msg(f"{g}.players.{r.players}")),
        (msg("rules.label.cards"), msg(f"{g}.cards.{r.figure_order}")),
        (msg("rules.label.deal"), msg(f"{g}.deal", packet=r.deal_packet)),
        (msg("rules.label.trumps"), _join(msg(f"{g}.trumps"), msg(f"{g}.exchange.{r.exchange_timing}"))),
        (msg("rules.label.play"), msg(f"{g}.play.strict" if r.strict_from_first_trick else f"{g}.play.free")),
        (msg("rules.label.points"), _join(points, tute, capote)),
        (
            msg("rules.label.winning"),
            _join(msg(f"{g}.target", target=r.target), msg(f"{g}.idas_vueltas") if r.idas_vueltas else "", match),
        ),
    ]


def _belote_summary(r: BeloteRules) -> list[tuple[str, str]]:
    b = "rules.belote.summary"
    fixed = r.layout == "decouverte" and r.decouverte_trump == "fixed"
    if r.layout == "decouverte":
        deal = msg(f"{b}.deal.decouverte")
    elif r.bidding == "auction":
        deal = msg(f"{b}.deal.auction", hand=r.hand_size)
    else:
        deal = _join(
            msg(
                f"{b}.deal.taking",
                first=sum(deal_packet_sizes(r)),
                packets=value_text("belote", "deal_packets", r.deal_packets),
                hand=r.hand_size,
            ),
            msg(f"{b}.deal.retourne_taken" if r.taker_takes_retourne else f"{b}.deal.retourne_out"),
            msg(f"{b}.deal.bergere") if r.bergere else "",
        )
    if fixed:
        trumps = msg(f"{b}.trumps.fixed")
    elif r.bidding == "auction":
        trumps = _join(
            msg(f"{b}.trumps.auction", low=r.min_bid, high=r.max_bid, step=r.bid_step),
            msg(f"{b}.trumps.generale") if r.generale else "",
            msg(f"{b}.trumps.auction_sa_ta") if r.auction_sa_ta else "",
            msg(f"{b}.trumps.coinche", multiplier=r.surcoinche_multiplier) if r.coinche else "",
        )
    else:
        trumps = _join(
            msg(f"{b}.trumps.decouverte" if r.layout == "decouverte" else f"{b}.trumps.taking"),
            msg(f"{b}.trumps.sa_ta") if r.taking_sa_ta else "",
        )
    if fixed:
        contract = msg(f"{b}.contract.fixed")
    elif r.scoring != "classic":
        contract = msg(f"{b}.contract.{r.scoring}")
    elif r.players == 3:
        contract = msg(f"{b}.contract.classic.3.{r.contract_vs}")
    elif r.players == 2:
        contract = msg(f"{b}.contract.classic.2")
    else:
        litige = msg(f"{b}.contract.{r.litige}") if r.litige != "dedans" else ""
        contract = _join(msg(f"{b}.contract.classic.4"), litige)
    capot = msg(f"{b}.capot", points=152 + r.last_trick_bonus + r.capot_bonus)
    target = msg(f"{b}.target.4" if r.players == 4 else f"{b}.target.other", target=r.target)
    return [
        (msg("rules.label.players"), msg(f"{b}.players.{r.players}")),
        (msg("rules.label.cards"), msg(f"{b}.cards.{r.deck}", last=r.last_trick_bonus)),
        (msg("rules.label.deal"), deal),
        (msg("rules.label.trumps"), trumps),
        (msg("rules.label.contract"), _join(contract, capot)),
        (msg("rules.label.winning"), target),
    ]


# ====================================================================== the whole text
def entry_of(rules: Rules, name: str, base: Rules | None = None) -> OptionEntry:
    """One option in words; ``base_text`` is set when ``base`` has another value."""
    game = game_of(rules)
    value = getattr(rules, name)
    base_text = None
    if base is not None and getattr(base, name) != value:
        base_text = value_text(game, name, getattr(base, name))
    return OptionEntry(
        name=name,
        label=option_label(game, name),
        value=value,
        value_text=value_text(game, name, value),
        about=option_about(game, name),
        source=option_source(game, name),
        used=is_used(rules, name),
        base_text=base_text,
    )


def describe(rules: Rules, *, diff: bool = False) -> RulesDoc:
    """The rules in words.

    Every option is shown, each marked with the value of the rules' own preset
    where it was changed; with ``diff`` only the options that differ from the
    game's default preset, each with the default's value.
    """
    game = game_of(rules)
    cls = rules_class(game)
    default = default_preset(game)
    base_name = default if diff else rules.preset_name
    base: Rules = cls.preset(base_name)
    shown: Sequence[str] = differing(rules, base) if diff else rules.option_names()
    sections = []
    for topic, names in TOPICS[game]:
        entries = tuple(entry_of(rules, name, base) for name in names if name in shown)
        if entries:
            sections.append(Section(topic, msg(f"rules.{game}.topic.{topic}"), entries))
    changed = rules.options_changed()
    if diff:
        title = msg("rules.diff.title", game=rules.GAME, preset=rules.preset_name, default=default)
        if changed:
            title = msg(
                "rules.diff.title",
                game=rules.GAME,
                preset=_changed_text(rules.preset_name, changed),
                default=default,
            )
    elif changed:
        title = msg("rules.title.changed", game=rules.GAME, preset=rules.preset_name, changes=_changes(changed))
    else:
        title = msg("rules.title", game=rules.GAME, preset=rules.preset_name)
    return RulesDoc(
        game=game,
        preset=rules.preset_name,
        title=title,
        description=preset_description(game, rules.preset_name),
        summary=tuple(summary(rules)),
        sections=tuple(sections),
        base=base_name,
        sources=msg(f"rules.{game}.sources"),
        docs=msg("rules.docs", path=DOCS[game]),
    )


def _changes(changed: dict[str, object]) -> str:
    return ", ".join(f"{k}={_plain(v)}" for k, v in changed.items())


def _changed_text(preset: str, changed: dict[str, object]) -> str:
    return f"{preset} ({_changes(changed)})"


def _plain(value: object) -> str:
    """A value as ``--option`` takes it (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def presets(game: str) -> list[tuple[str, str]]:
    """(name, one-line description) of every preset of a game, the default first as the rules list them."""
    return [(name, preset_description(game, name)) for name in rules_class(game).PRESETS]


def to_data(rules: Rules, *, diff: bool = False) -> dict[str, object]:
    """The rules as JSON-ready data that :meth:`RulesBase.from_dict` reads back.

    ``preset`` and ``options`` rebuild the same options: all of them, or under
    ``diff`` the default preset and what differs from it. ``changed`` holds the
    options changed from the rules' own preset and ``texts`` the words shown
    for each option, for faces that show them.
    """
    game = game_of(rules)
    default = rules_class(game).preset(default_preset(game))
    if diff:
        preset = default.preset_name
        names = differing(rules, default)
    else:
        preset = rules.preset_name
        names = rules.option_names()
    doc = describe(rules, diff=diff)
    return {
        "game": game,
        "preset": preset,
        "options": {name: getattr(rules, name) for name in names},
        "changed": rules.options_changed(),
        "texts": {
            e.name: {
                "topic": s.topic,
                "name": e.label,
                "value": e.value_text,
                "about": e.about,
                "source": e.source,
                "used": e.used,
            }
            for s in doc.sections
            for e in s.entries
        },
    }
