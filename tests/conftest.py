"""Shared pytest setup.

Tests run against the *installed* ``tapete`` (``pip install .``), which is
normally compiled with mypyc. If it is not installed at all, the sources under
``src/`` are used instead, so a plain checkout can run the tests too.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_SRC = Path(__file__).resolve().parent.parent / "src"

if importlib.util.find_spec("tapete") is None and _SRC.is_dir():
    sys.path.insert(0, str(_SRC))


def pytest_report_header() -> str:
    import tapete
    import tapete.guinote.state as state

    kind = "pure Python" if str(state.__file__).endswith(".py") else "compiled"
    return f"tapete {tapete.__version__} from {Path(str(tapete.__file__)).parent} ({kind})"
