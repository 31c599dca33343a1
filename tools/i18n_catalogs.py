"""Keep the es/fr gettext catalogs in step with the English messages.

Run ``python tools/i18n_catalogs.py`` after adding or changing user-facing
text: it collects every message id (the ``_("...")`` calls under src/tapete
and the English texts of ``tapete.cli.messages``), adds new ids to
``src/tapete/locale/<lang>/LC_MESSAGES/tapete.po`` with an empty translation,
marks vanished ones obsolete, and lists what still needs translating.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tapete"
LANGS = ("es", "fr")


def message_ids() -> list[str]:
    ids: dict[str, None] = {}
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(SRC), method_map=[("**.py", "python")], keywords={"_": None}
    ):
        if isinstance(message, str):
            ids[message] = None
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from tapete.cli.messages import MESSAGES
    except ImportError:
        MESSAGES = {}
    for text in MESSAGES.values():
        ids[text] = None
    return list(ids)


def main() -> int:
    template = Catalog(domain="tapete")
    for msgid in message_ids():
        template.add(msgid)
    missing = 0
    for lang in LANGS:
        path = SRC / "locale" / lang / "LC_MESSAGES" / "tapete.po"
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang, domain="tapete")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain="tapete", project="tapete")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, catalog, width=120, omit_header=False, sort_output=False)
        todo = [m.id for m in catalog if m.id and not m.string]
        missing += len(todo)
        for msgid in todo:
            print(f"{lang}: untranslated: {msgid!r}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
