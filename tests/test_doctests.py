"""Run the doctests of every module under src/tapete, of README.md and of docs/**/*.md.

The installed package may be compiled with mypyc, and compiled functions and
classes hide their docstrings from :mod:`doctest`. So the examples are read
from the *source* files (by parsing them, without importing them a second
time) but run with the globals of the *installed* module of the same name:
they exercise the code users get, compiled or not.

Markdown files contribute their fenced ``python``/``pycon`` blocks that hold
``>>>`` examples; the blocks of one file share their globals, as in
``doctest.testfile``. One pytest test per module or file.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = "tapete"
OPTIONFLAGS = doctest.ELLIPSIS

_PARSER = doctest.DocTestParser()


# ----------------------------------------------------------------- sources
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, 1-based line of the docstring) of everything in a module."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, qual: str) -> None:
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            return
        if body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append((qual, value.value, value.lineno))
        for child in body:
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, f"{qual}.{child.name}")

    visit(tree, "")
    return found


def _source_doctests(path: Path, module_name: str) -> list[doctest.DocTest]:
    text = path.read_text(encoding="utf-8")
    tests = []
    for qual, doc, line in _docstrings(ast.parse(text, filename=str(path))):
        # The docstring's first line is the line of its opening quotes.
        test = _PARSER.get_doctest(doc, {}, module_name + qual, str(path), line - 1)
        if test.examples:
            tests.append(test)
    return tests


def _source_files() -> list[Path]:
    return sorted((SRC / PACKAGE).rglob("*.py")) if (SRC / PACKAGE).is_dir() else []


MODULES = [p for p in _source_files() if ">>>" in p.read_text(encoding="utf-8")]


# ---------------------------------------------------------------- markdown
_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<info>[\w+-]*)")
_DOCTEST_LANGS = {"python", "py", "python3", "pycon", "doctest"}


def _markdown_doctest_text(text: str) -> str:
    """The file with every line outside python fences blanked, so line numbers are kept."""
    out: list[str] = []
    fence: str | None = None
    keep = False
    for line in text.splitlines():
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group("fence")
            keep = m.group("info").lower() in _DOCTEST_LANGS
            out.append("")
        elif fence is not None and line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
            fence = None
            keep = False
            out.append("")
        else:
            out.append(line if keep else "")
    return "\n".join(out) + "\n"


def _markdown_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [p for p in files if p.is_file() and _PARSER.get_examples(_markdown_doctest_text(p.read_text("utf-8")))]


MARKDOWN = _markdown_files()


# ------------------------------------------------------------------ running
def _run(tests: list[doctest.DocTest]) -> None:
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=OPTIONFLAGS)
    for test in tests:
        runner.run(test, out=out.write, clear_globs=True)
    if runner.failures:
        pytest.fail(f"{runner.failures} of {runner.tries} doctest examples failed:\n{out.getvalue()}", pytrace=False)


@pytest.mark.parametrize("path", MODULES, ids=[_module_name(p) for p in MODULES])
def test_module_doctests(path: Path) -> None:
    name = _module_name(path)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (e.name == PACKAGE or e.name.startswith(PACKAGE + ".")):
            pytest.fail(f"{name} is in src/ but not importable ({e}): reinstall with `pip install .`", pytrace=False)
        pytest.skip(f"{name} needs an optional dependency: {e}")
    # A compiled module's __file__ is e.g. state.cpython-311-x86_64-linux-gnu.so, with state.py beside it.
    installed_file = Path(str(module.__file__))
    installed_source = installed_file.with_name(installed_file.name.split(".")[0] + ".py")
    if installed_source.is_file() and installed_source.read_bytes() != path.read_bytes():
        pytest.fail(
            f"the installed {name} ({installed_source}) differs from {path.relative_to(ROOT)}: "
            "the installed package is stale; reinstall with `pip install .`",
            pytrace=False,
        )
    tests = _source_doctests(path, name)
    for test in tests:
        test.globs = dict(vars(module))
    _run(tests)


@pytest.mark.parametrize("path", MARKDOWN, ids=[str(p.relative_to(ROOT)) for p in MARKDOWN])
def test_markdown_doctests(path: Path) -> None:
    text = _markdown_doctest_text(path.read_text(encoding="utf-8"))
    name = str(path.relative_to(ROOT))
    _run([_PARSER.get_doctest(text, {"__name__": "__main__"}, name, str(path), 0)])
