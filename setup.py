"""Build hook: compile tapete's hot engine modules with mypyc.

``pip install .`` type-checks the modules in :data:`MYPYC_MODULES` and compiles
them to C extensions (the same typed source runs about 3x faster compiled).
The ``.py`` files are installed too; Python imports the extension first.

It also builds :data:`C_EXTENSIONS`, small C modules kept beside the Python
they port: ``tapete/core/_cardsearch.c`` is the solver's search in C
(``tapete/core/card_search.py`` is its reference and uses it when built).

Set ``TAPETE_PURE_PYTHON=1`` to skip compiling and install plain Python
(it behaves identically, only slower). Editable installs (``pip install -e .``)
should use it: a compiled ``.so`` left beside the sources would shadow edits.
"""

from __future__ import annotations

import os
import sysconfig
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as _build_ext

#: The modules compiled with mypyc, as paths under ``src/``. Add a module here
#: to compile it; it must type-check, and it may only import modules that exist.
#:
#: Compiled classes are "native": their instances have no ``__dict__``, refuse
#: attributes not declared in the class and values of the wrong type (TypeError),
#: cannot be subclassed from interpreted code, and need ``__reduce__`` to pickle
#: or copy when ``__init__`` takes arguments. A class that must keep plain
#: Python semantics can say ``@mypy_extensions.mypyc_attr(native_class=False)``.
#: ``tapete/guinote/rules.py`` is left out on purpose: GuinoteRules validates
#: field types itself (RulesError), which a native class would pre-empt with a
#: TypeError; it is not on the hot path (the engine copies its fields).
MYPYC_MODULES = [
    "tapete/core/errors.py",
    "tapete/core/tricks.py",
    "tapete/core/cards/spanish.py",
    "tapete/guinote/tables.py",
    "tapete/guinote/actions.py",
    "tapete/guinote/state.py",
    "tapete/belote/tables.py",
    "tapete/belote/declarations.py",
    "tapete/belote/state.py",
    "tapete/brisca/tables.py",
    "tapete/brisca/actions.py",
    "tapete/brisca/state.py",
    "tapete/core/card_search.py",
    "tapete/core/sampling.py",
    # The observation vectors of tapete.envs, built once an environment step.
    "tapete/core/tensor.py",
    "tapete/guinote/tensor.py",
    "tapete/belote/tensor.py",
    "tapete/brisca/tensor.py",
]


#: C extensions: (module, source under ``src/``). Each must behave exactly as the Python it ports.
C_EXTENSIONS = [
    ("tapete.core._cardsearch", "tapete/core/_cardsearch.c"),
]


def pure_python() -> bool:
    """Whether ``TAPETE_PURE_PYTHON`` asks for an uncompiled install."""
    return os.environ.get("TAPETE_PURE_PYTHON", "").strip().lower() not in ("", "0", "false", "no")


def ext_modules() -> list[object]:
    if pure_python():
        return []
    from mypyc.build import mypycify

    # The build type-checks with its own minimal mypy settings rather than the
    # project's strict ones (CI runs `mypy --strict` separately): an install must
    # not fail on a style-level strictness error, nor on errors in modules that
    # are only imported, not compiled (follow_imports = silent).
    fd, config = tempfile.mkstemp(prefix="tapete-mypyc-", suffix=".ini")
    with os.fdopen(fd, "w") as f:
        f.write("[mypy]\nfollow_imports = silent\n")
    native = [
        Extension(name, [os.path.join("src", source)], extra_compile_args=["-O3"]) for name, source in C_EXTENSIONS
    ]
    try:
        return native + list(
            mypycify(
                ["--config-file", config, *(os.path.join("src", m) for m in MYPYC_MODULES)],
                opt_level="3",
                debug_level="0",
                group_name="tapete",
            )
        )
    finally:
        os.unlink(config)


class build_ext(_build_ext):
    """Also delete compiled modules that an earlier build left in ``build/``.

    Otherwise a module dropped from :data:`MYPYC_MODULES` would still be
    packaged from the stale build folder, its extension shadowing the source.
    """

    def run(self) -> None:
        if not self.inplace:
            keep = {os.path.abspath(self.get_ext_fullpath(ext.name)) for ext in self.extensions}
            suffixes = (sysconfig.get_config_var("EXT_SUFFIX") or ".so", ".so", ".pyd")
            for root, _dirs, files in os.walk(self.build_lib):
                for name in files:
                    path = os.path.abspath(os.path.join(root, name))
                    if name.endswith(suffixes) and path not in keep:
                        os.remove(path)
        super().run()


setup(ext_modules=ext_modules(), cmdclass={"build_ext": build_ext})
