"""What every game's rules object shares: presets, options by name, validation, storage.

A game's rules are a frozen dataclass whose fields are its options; it
inherits :class:`RulesBase` and sets ``GAME``, ``PRESETS`` (name -> rules)
and ``CHOICES`` (option -> allowed strings). Records and position strings
store a rules object as its preset name plus the options changed from it.

A preset's defaults may change (a better reading of a seed): the game then bumps
``REVISION`` and lists in ``PRESET_CHANGES`` the values the presets had before,
and stored rules carry the revision they were written under (``to_dict``), so a
record or a server's table saved before the change still replays under the rules
it was played with (:meth:`RulesBase.preset_as_of`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Self

from tapete.core.errors import RulesError
from tapete.core.words import Say

_TRUE = ("1", "true", "yes", "on", "si", "sí", "oui")
_FALSE = ("0", "false", "no", "off", "non")


class RulesBase:
    """Mixin for a frozen dataclass of options (see the module docstring)."""

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[dict[str, Any]] = {}
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The revision of the presets' defaults (1 until a preset's default first changes).
    REVISION: ClassVar[int] = 1
    #: Revision -> preset -> the options it had before that revision.
    PRESET_CHANGES: ClassVar[dict[int, dict[str, dict[str, Any]]]] = {}

    preset_name: str

    # ------------------------------------------------------------ presets and options
    @classmethod
    def preset(cls, name: str) -> Self:
        """A named preset; unknown names are refused with the list of known ones."""
        found = cls.PRESETS.get(name)
        if not isinstance(found, cls):
            choices = ", ".join(cls.PRESETS)
            raise RulesError(
                f"unknown {cls.GAME} preset {name!r}: expected one of {choices}",
                say=Say("error.rules.unknown_preset", game=cls.GAME, name=name, choices=choices),
            )
        return found

    @classmethod
    def preset_as_of(cls, name: str, revision: int) -> Self:
        """The preset ``name`` as it was at ``revision`` of the presets' defaults.

        Each later change restores the value it replaced, the oldest such change last, so data
        written at ``revision`` reads back under the rules it was played with.
        """
        if not isinstance(revision, int) or isinstance(revision, bool) or not 1 <= revision <= cls.REVISION:
            raise RulesError(
                f"bad rules revision {revision!r}: expected a whole number from 1 to {cls.REVISION}",
                say=Say("error.rules.bad_revision", value=revision, most=cls.REVISION),
            )
        rules = cls.preset(name)
        before: dict[str, Any] = {}
        for changed_at in sorted(cls.PRESET_CHANGES, reverse=True):
            if revision < changed_at:
                before.update(cls.PRESET_CHANGES[changed_at].get(name, {}))
        return dataclasses.replace(rules, **before) if before else rules  # type: ignore[type-var]

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls) if f.name != "preset_name"]  # type: ignore[arg-type]

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed; unknown options are refused."""
        known = [*self.option_names(), "preset_name"]
        for key in changes:
            if key not in known:
                choices = ", ".join(sorted(known))
                raise RulesError(
                    f"unknown {self.GAME} option {key!r}: expected one of {choices}",
                    say=Say("error.rules.unknown_option", game=self.GAME, name=key, choices=choices),
                )
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def with_option_strings(self, options: dict[str, str]) -> Self:
        """Apply ``KEY=VALUE`` options given as strings (from a command line)."""
        return self.replace(**{k: self.parse_option_value(k, v) for k, v in options.items()})

    @classmethod
    def parse_option_value(cls, key: str, text: str) -> Any:
        """Turn a command-line value into the option's type, with a clear error."""
        kinds = {f.name: f.type for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        if key not in kinds or key == "preset_name":
            choices = ", ".join(cls.option_names())
            raise RulesError(
                f"unknown {cls.GAME} option {key!r}: expected one of {choices}",
                say=Say("error.rules.unknown_option", game=cls.GAME, name=key, choices=choices),
            )
        kind = kinds[key]
        if kind in ("int", int):
            try:
                return int(text)
            except ValueError:
                raise RulesError(
                    f"bad value {text!r} for {key}: expected a whole number",
                    say=Say("error.rules.bad_int", value=text, name=key),
                ) from None
        if kind in ("bool", bool):
            low = text.strip().lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise RulesError(
                f"bad value {text!r} for {key}: expected true or false",
                say=Say("error.rules.bad_bool", value=text, name=key),
            )
        return text

    def options_changed(self) -> dict[str, Any]:
        """The options that differ from this object's preset."""
        base = self.PRESETS.get(self.preset_name)
        if base is None:
            raise RulesError(f"unknown {self.GAME} preset {self.preset_name!r}")
        return {name: getattr(self, name) for name in self.option_names() if getattr(self, name) != getattr(base, name)}

    def to_dict(self) -> dict[str, Any]:
        """Preset name plus changed options, and the presets' revision once there is more than one:
        the form stored in records."""
        out: dict[str, Any] = {"preset": self.preset_name, "options": self.options_changed()}
        if self.REVISION > 1:
            out["revision"] = self.REVISION
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read :meth:`to_dict`'s form back; without a ``revision`` the data is of revision 1."""
        if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
            raise RulesError('rules must be an object with a "preset" name and an "options" object')
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RulesError('rules "options" must be an object of option names to values')
        base = cls.preset_as_of(data["preset"], data.get("revision", 1))
        return base.replace(**options)

    # ------------------------------------------------------------ validation
    def check_types(self) -> None:
        """Each option has a value of its type, and string options one of their choices."""
        for name, allowed in self.CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                choices = ", ".join(allowed)
                raise RulesError(
                    f"bad value {value!r} for {name}: expected one of {choices}",
                    say=Say("error.rules.bad_choice", value=value, name=name, choices=choices),
                )
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.type in ("int", int) and (not isinstance(value, int) or isinstance(value, bool)):
                raise RulesError(
                    f"bad value {value!r} for {f.name}: expected a whole number",
                    say=Say("error.rules.bad_int", value=value, name=f.name),
                )
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesError(
                    f"bad value {value!r} for {f.name}: expected true or false",
                    say=Say("error.rules.bad_bool", value=value, name=f.name),
                )

    def check_non_negative(self, *names: str) -> None:
        for name in names:
            if getattr(self, name) < 0:
                value = getattr(self, name)
                raise RulesError(
                    f"bad value {value} for {name}: expected 0 or more",
                    say=Say("error.rules.negative", value=value, name=name),
                )
