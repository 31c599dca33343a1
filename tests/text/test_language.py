"""The language in force is per context: threads, asyncio tasks and blocks never see each other's."""

from __future__ import annotations

import asyncio
import threading

from tapete.text import current_language, msg, set_language, set_translator, use_language
from tapete.text.translations import translator


def test_blocks_nest_and_restore() -> None:
    with use_language("es"):
        assert msg("seat", seat=1) == "jugador 1"
        with use_language("fr"):
            assert current_language() == "fr"
            assert msg("seat", seat=1) == "joueur 1"
        assert current_language() == "es"
    assert current_language() == "en"
    assert msg("seat", seat=1) == "seat 1"


def test_unknown_language_is_english() -> None:
    with use_language("xx"):
        assert current_language() == "en"


def test_threads_do_not_share_the_language() -> None:
    seen: dict[str, str] = {}
    inside = threading.Barrier(2)

    def speak(lang: str) -> None:
        with use_language(lang):
            inside.wait()  # both threads are inside their blocks at once
            seen[lang] = msg("seat", seat=3)

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("es", "fr")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"es": "jugador 3", "fr": "joueur 3"}


def test_tasks_keep_their_language_across_await() -> None:
    async def speak(lang: str) -> str:
        with use_language(lang):
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            return msg("seat", seat=0)

    async def both() -> list[str]:
        return list(await asyncio.gather(speak("es"), speak("fr"), speak("en")))

    assert asyncio.run(both()) == ["jugador 0", "joueur 0", "seat 0"]


def test_process_default_and_reset() -> None:
    try:
        set_language("fr")
        assert msg("seat", seat=2) == "joueur 2"
        with use_language("es"):
            assert msg("seat", seat=2) == "jugador 2"
        assert current_language() == "fr"
        seen: list[str] = []
        t = threading.Thread(target=lambda: seen.append(current_language()))
        t.start()
        t.join()
        assert seen == ["fr"]  # the default holds in every thread
        set_translator(translator("es"))
        assert msg("seat", seat=2) == "jugador 2"
    finally:
        set_translator(None)
    assert msg("seat", seat=2) == "seat 2"


def test_a_plain_gettext_still_works_as_translator() -> None:
    try:
        set_translator(translator("es").gettext)
        assert msg("seat", seat=2) == "jugador 2"
    finally:
        set_translator(None)
