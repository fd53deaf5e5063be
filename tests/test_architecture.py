"""Architecture rules enforced by tools: import-linter contracts, ruff's banned APIs, the
allow-lists of what one package may import of another (read with grimp), and the size
limit of a module.

Both tools run from the same virtual environment as the test interpreter, at the repo root,
so they read the project's pyproject.toml (and engine/ruff.toml for the engine's bans).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

MAX_MODULE_LINES = 600
"""No module in engine/, replay/ or dashboard/ is longer (style: small modules, split by
what the code does)."""

PROBE_SOURCE = "import random\nimport time\n\nprint(random.random(), time.time())\n"


def _run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300, check=False
    )


def test_import_contracts_hold() -> None:
    result = _run([str(BIN / "lint-imports")])
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_bans_nondeterministic_apis_in_engine() -> None:
    """The probe is handed to ruff on stdin under a name in engine/ (ruff applies that
    path's rules): written into engine/ it raced a parallel test copying the package
    (``FileNotFoundError`` for the probe in a CI run)."""
    result = _run(
        [str(BIN / "ruff"), "check", "--no-cache", "--output-format=concise",
         "--stdin-filename", str(ROOT / "engine" / "_banned_probe.py"), "-"],
        stdin=PROBE_SOURCE,
    )
    banned = [line for line in result.stdout.splitlines() if "TID251" in line]
    assert result.returncode == 1, result.stdout + result.stderr
    assert any("`random`" in line for line in banned), result.stdout
    assert any("`time.time`" in line for line in banned), result.stdout


def test_ruff_bans_apply_only_inside_engine() -> None:
    result = _run(
        [
            str(BIN / "ruff"),
            "check",
            "--no-cache",
            "--output-format=concise",
            "--stdin-filename",
            str(ROOT / "replay" / "_banned_probe.py"),
            "-",
        ],
        stdin=PROBE_SOURCE,
    )
    assert "TID251" not in result.stdout, result.stdout


# --- allow-lists: what each package may import of another (issue 12) -----------------

DASHBOARD_MAY_IMPORT = frozenset({"replay.query"})
"""The replay modules the dashboard imports directly: the query API, nothing else."""


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", "replay", "dashboard", cache_dir=None)


def test_replay_imports_only_the_engines_public_surface() -> None:
    """Every import of the engine in replay/ (the CLI included) is ``from engine import
    ...``: the names in ``engine/__init__.py``, never a module under it."""
    graph = _graph()
    deep = []
    for importer in sorted(graph.find_descendants("replay") | {"replay"}):
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported.split(".")[0] != "engine":
                continue
            for detail in graph.get_import_details(importer=importer, imported=imported):
                line = detail["line_contents"].strip()
                if not (line.startswith("from engine import ") or line == "import engine"):
                    deep.append(f"{importer}:{detail['line_number']}: {line}")
    assert deep == []


def test_the_dashboard_imports_only_replays_query_api() -> None:
    graph = _graph()
    reached: dict[str, set[str]] = {}
    for importer in sorted(graph.find_descendants("dashboard") | {"dashboard"}):
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported.split(".")[0] in {"replay", "engine"}:
                reached.setdefault(imported, set()).add(importer)
    assert "replay.query" in reached
    assert {m: sorted(by) for m, by in reached.items() if m not in DASHBOARD_MAY_IMPORT} == {}


def test_the_public_surface_contract_refuses_a_deep_engine_import(tmp_path: Path) -> None:
    """A copy of the packages with one replay module importing ``engine.core.state``: the
    import-linter contract names it (so the contract is not vacuous)."""
    for package in ("engine", "replay", "dashboard"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "replay" / "_deep_probe.py").write_text(
        '"""Probe."""\n\nfrom engine.core.state import State\n\nprint(State)\n', encoding="utf-8")
    result = subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "replay is not allowed to import engine.core.state" in result.stdout, result.stdout
    assert "replay._deep_probe -> engine.core.state" in result.stdout, result.stdout


def _modules_over(limit: int, packages: tuple[str, ...]) -> list[str]:
    """``path: N lines`` for every module of ``packages`` longer than ``limit`` lines."""
    over = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                over.append(f"{path.relative_to(ROOT)}: {lines} lines")
    return over


def test_no_module_is_over_the_line_limit() -> None:
    """Issue 29 item 4: no module in engine/, replay/ or dashboard/ over 600 lines; the
    failure lists every one that is."""
    assert _modules_over(MAX_MODULE_LINES, ("engine", "replay", "dashboard")) == []


def test_the_line_limit_check_names_a_long_module() -> None:
    """The size check counts lines and names the module that is over, with its count."""
    assert _modules_over(10_000, ("engine", "replay", "dashboard")) == []
    assert any(entry.startswith("engine/core/apply.py: ")
               for entry in _modules_over(10, ("engine",)))
