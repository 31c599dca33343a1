"""Check tapete's layers: who may import whom, no import cycles, no game names in faces and brains.

The layer map (docs/architecture.md), lowest first; a module may import its own
layer and the layers below it, never above:

    core < games < text < brains < table < faces

``games`` is every game package (found as the packages whose ``game`` module
exports ``GAME``) and :mod:`tapete.games`, the registry. On top of the order:
``table/`` and ``server/`` import nothing from ``cli/``, and ``cli/`` imports
``server/`` only in ``cli/serve.py`` (which starts it). Imports inside
functions count: a deferred import is still a dependency. Imports under
``if TYPE_CHECKING:`` count for the layer order but not for cycles (they name
types for the checker and run nothing).

Faces, brains and the table never name a game: a line that mentions a game's
name (its package name or title, or a class named after it) in ``cli/``,
``tui/``, ``table/``, ``replay/``, ``server/`` (the browser's JS included),
``envs/``, ``bots/``, ``solver/``, ``arena/`` or ``analysis/`` is reported, unless it carries the
marker ``game registration``.

Run ``python tools/check_layers.py`` (exit 1 and one line a finding), or call
:func:`findings` (``tests/test_layers.py`` does).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "tapete"

LAYERS = ("core", "games", "text", "brains", "table", "faces")
#: Top-level names under tapete/ -> layer (game packages are found, not listed).
FIXED = {
    "core": "core",
    "games": "games",
    "text": "text",
    "locale": "text",
    "bots": "brains",
    "solver": "brains",
    "arena": "brains",
    "analysis": "brains",
    "table": "table",
    "cli": "faces",
    "tui": "faces",
    "replay": "faces",
    "server": "faces",
    "envs": "faces",
    "__init__": "core",
}
#: Folders that must not name a game.
NEUTRAL = ("cli", "tui", "table", "replay", "server", "envs", "bots", "solver", "arena", "analysis")
MARKER = "game registration"


def game_packages() -> list[str]:
    """The game packages: every ``tapete/<name>/game.py`` that defines ``GAME``."""
    out = []
    for game_py in sorted(PACKAGE.glob("*/game.py")):
        if re.search(r"^GAME\b", game_py.read_text(encoding="utf-8"), re.MULTILINE):
            out.append(game_py.parent.name)
    return out


def layer_of(module: str, games: list[str]) -> str | None:
    """The layer of a dotted module name under ``tapete`` (None for outside modules)."""
    parts = module.split(".")
    if parts[0] != "tapete":
        return None
    if len(parts) == 1:
        return "core"
    top = parts[1]
    if top in games:
        return "games"
    return FIXED.get(top)


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` blocks."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                out.update(id(n) for n in ast.walk(stmt))
    return out


def imports_of(module: str, path: Path) -> Iterator[tuple[str, int, bool]]:
    """Every tapete module imported anywhere in a file (functions included), its line, and
    whether the import runs (False under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only = _type_checking_nodes(tree)
    for node in ast.walk(tree):
        runs = id(node) not in typing_only
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tapete"):
                    yield alias.name, node.lineno, runs
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if not base.startswith("tapete"):
                continue
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno, runs


def resolve(name: str, known: set[str]) -> str | None:
    """The known module a dotted import names (``from a.b import c`` may name module a.b.c or a name in a.b)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def layer_findings(games: list[str]) -> tuple[list[str], dict[str, set[str]]]:
    mods = dict(modules())
    known = set(mods)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    out: list[str] = []
    for module, path in mods.items():
        mine = layer_of(module, games)
        for name, line, runs in imports_of(module, path):
            target = resolve(name, known)
            if target is None or target == module:
                continue
            if runs and not module.startswith(target + ".") and not target.startswith(module + "."):
                graph[module].add(target)
            theirs = layer_of(target, games)
            where = f"{path.relative_to(ROOT)}:{line}"
            if mine is not None and theirs is not None and LAYERS.index(theirs) > LAYERS.index(mine):
                out.append(f"{where}: {module} ({mine}) imports {target} ({theirs}), a higher layer")
            top, their_top = module.split(".")[1:2], target.split(".")[1:2]
            if top in (["table"], ["server"]) and their_top == ["cli"]:
                out.append(f"{where}: {module} imports {target}: table/ and server/ import nothing from cli/")
            if top == ["cli"] and their_top == ["server"] and module != "tapete.cli.serve":
                out.append(f"{where}: {module} imports {target}: only cli/serve.py may import server/")
    return out, graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def name_pattern(games: list[str]) -> re.Pattern[str]:
    """Game package names, their titles' spellings and class prefixes (``GuinoteState``), any case."""
    words: set[str] = set()
    for g in games:
        words.add(g)
        words.add(g.replace("n", "ñ"))
    alternatives = "|".join(sorted(words, key=len, reverse=True))
    return re.compile(rf"(?i)(?<![a-z])({alternatives})", re.UNICODE)


def name_findings(games: list[str]) -> list[str]:
    pattern = name_pattern(games)
    out = []
    for folder in NEUTRAL:
        root = PACKAGE / folder
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix not in (".py", ".js", ".html", ".css") or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if MARKER in line:
                    continue
                match = pattern.search(line)
                if match:
                    out.append(f"{path.relative_to(ROOT)}:{number}: names the game {match.group(1)!r}: {line.strip()}")
    return out


def findings() -> list[str]:
    games = game_packages()
    out, graph = layer_findings(games)
    out += [f"import cycle: {' <-> '.join(c)}" for c in cycles(graph)]
    out += name_findings(games)
    return out


def main() -> int:
    found = findings()
    for line in found:
        print(line)
    print(f"{len(found)} finding(s) over the games {', '.join(game_packages())}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
