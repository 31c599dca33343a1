"""Keep the es/fr gettext catalogs in step with the English messages.

Run ``python tools/i18n_catalogs.py`` after adding or changing user-facing
text: for each catalog (``tapete.text.messages.CATALOGS``: ``tapete`` holds
the ``_("...")`` calls under src/tapete and the core messages, the others
one area each) it adds new ids to
``src/tapete/locale/<lang>/LC_MESSAGES/<catalog>.po`` with an empty
translation, drops vanished ones, and lists what still needs translating.
``python tools/i18n_catalogs.py play`` updates only the named catalogs.
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


def message_ids() -> dict[str, list[str | tuple[str, str]]]:
    """Each catalog's message ids (English texts, or (singular, plural) pairs), in order."""
    extracted: dict[str | tuple[str, str], None] = {}
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(SRC), method_map=[("**.py", "python")], keywords={"_": None}
    ):
        if isinstance(message, str):
            extracted[message] = None
    sys.path.insert(0, str(ROOT / "src"))
    from tapete.text.messages import CATALOGS

    out: dict[str, list[str | tuple[str, str]]] = {}
    for domain, messages in CATALOGS.items():
        ids: dict[str | tuple[str, str], None] = dict(extracted) if domain == "tapete" else {}
        for text in messages.values():
            ids[text] = None
        out[domain] = list(ids)
    return out


def main(argv: list[str]) -> int:
    missing = 0
    for domain, ids in message_ids().items():
        if argv and domain not in argv:
            continue
        template = Catalog(domain=domain)
        for msgid in ids:
            template.add(msgid)
        for lang in LANGS:
            path = SRC / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
            if not ids and not path.exists():
                continue
            if path.exists():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=lang, domain=domain)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=lang, domain=domain, project="tapete")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            with path.open("wb") as f:
                write_po(f, catalog, width=120, omit_header=False, sort_output=False)
            todo = [m.id for m in catalog if m.id and not (all(m.string) if isinstance(m.string, tuple) else m.string)]
            missing += len(todo)
            for untranslated in todo:
                print(f"{lang} {domain}.po: untranslated: {untranslated!r}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
