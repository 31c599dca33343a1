"""Every table test starts and ends in English: ``main(["--lang", ...])`` and ``TableApp(lang=...)``
switch the process-wide translator."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tapete.text.messages import set_translator


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_translator(None)
    yield
    set_translator(None)
