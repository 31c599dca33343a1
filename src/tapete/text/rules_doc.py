"""The rules of a preset as structured text a reader can follow, in the current language.

Pure functions from any game's rules object to data, no printing, asking the
game (:meth:`~tapete.core.game.Game.rules_topics`, ``option_used``,
``rules_summary``, ``option_value``, ``rules_docs``) what is its own: a summary
of the game the rules describe (players, cards, how trumps are chosen, what
wins) and every option grouped by topic, each with its value in words, a
sentence saying what it means, its source (as ``docs/rules/*.md`` cite it) and
whether these rules use it at all. ``tapete rules`` lays the result out, and the
server answers the same data (:func:`to_data`) at ``GET /api/rules/{game}`` for the
browser's rules page. It asks only the core, the games and the text layer, so every
face can use it. All wording comes from the ``rules``
catalog (:mod:`tapete.text.catalog_rules`), translated by
:func:`tapete.text.messages.set_translator`.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("clasico")
>>> doc = describe(game.rules("clasico"))
>>> doc.title == f"{game.title} rules: preset clasico"
True
>>> entry = doc.entry("figure_order")
>>> entry.value_text
'caballo above sota (caballo 3 points, sota 2)'
>>> entry.source
'sota above: 002 §02; caballo above: 001 Card Deck, 003 Persiapan Dek Kartu'
>>> doc.entry("tute_points").used
False
>>> differing(game.rules("riojano"), game.rules("aragones"))
['tute', 'tute_figures']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tapete.core.rules import RulesBase
from tapete.games import GAMES, Game, game, game_of_rules
from tapete.text.messages import msg
from tapete.text.rows import part

#: Any game's rules.
Rules = RulesBase


class _Topics(Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]]):
    """Each game's options by topic (:meth:`~tapete.core.game.Game.rules_topics`), by game name."""

    def __getitem__(self, name: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return game(name).rules_topics()

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: Each game's options by topic, in the order they are shown (the games say them).
TOPICS: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = _Topics()


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
    """The game's name: the prefix of its message ids."""
    return game_of_rules(rules).name


def rules_class(name: str) -> type[RulesBase]:
    return game(name).rules_class


def default_preset(name: str) -> str:
    return game(name).default_preset


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
    said = _game(game).option_value(name, value)
    return part(said) if said is not None else str(value)


def _game(name: str) -> Game:
    return game(name)


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
    return game_of_rules(rules).option_used(rules, name)


# ====================================================================== the summary
def summary(rules: Rules) -> list[tuple[str, str]]:
    """(label, text) rows: what the game is under these rules, as the game says it."""
    return [(part(label), part(text)) for label, text in game_of_rules(rules).rules_summary(rules)]


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
    base: Any = cls.preset(base_name)
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
        docs=msg("rules.docs", path=_game(game).rules_docs()),
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


def preset_title(game: str, name: str) -> str:
    """A preset's name as players say it (with its accents: ``Aragonés``, ``Contrée``)."""
    return msg(f"rules.{game}.preset_title.{name}")


def page_data(rules: Rules) -> dict[str, object]:
    """What a rules page shows: :func:`to_data` and the words around it, ready for JSON.

    On top of :func:`to_data`'s keys: the game's and the preset's names (``game_title``,
    ``preset_title``), the preset's ``description``, the ``summary`` rows, the ``topics`` in the
    order they are shown (each with its title), the game's ``presets`` (name, title, description)
    with its ``default_preset``, and under ``differs`` the default preset's value (in words) of
    each option these rules set otherwise; then the ``sources`` and ``docs`` lines.

    >>> from tapete.games import game_of_preset
    >>> data = page_data(game_of_preset("clasico").rules("clasico"))
    >>> data["preset_title"], data["default_preset"], data["texts"]["figure_order"]["value"]
    ('Clásico', 'aragones', 'caballo above sota (caballo 3 points, sota 2)')
    >>> data["differs"]["figure_order"]
    'sota above caballo (sota 3 points, caballo 2)'
    >>> data["topics"][0], data["summary"][0]["label"]
    ({'name': 'deal', 'title': 'Cards and the deal'}, 'Players')
    """
    name = game_of(rules)
    the_game = _game(name)
    doc = describe(rules)
    default = rules_class(name).preset(default_preset(name))
    return {
        **to_data(rules),
        "game_title": the_game.title,
        "preset_title": preset_title(name, rules.preset_name),
        "description": doc.description,
        "summary": [{"label": label, "text": text} for label, text in doc.summary],
        "topics": [{"name": topic, "title": msg(f"rules.{name}.topic.{topic}")} for topic, _ in TOPICS[name]],
        "default_preset": default.preset_name,
        "default_title": preset_title(name, default.preset_name),
        "presets": [
            {"name": preset, "title": preset_title(name, preset), "description": text} for preset, text in presets(name)
        ],
        "differs": {option: value_text(name, option, getattr(default, option)) for option in differing(rules, default)},
        "sources": doc.sources,
        "docs": doc.docs,
    }
