"""Architecture rules enforced by tools: import-linter layer contracts and ruff's banned APIs.

Both tools run from the same virtual environment as the test interpreter, at the repo root,
so they read the project's pyproject.toml (and engine/ruff.toml for the engine's bans).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

PROBE_SOURCE = "import random\nimport time\n\nprint(random.random(), time.time())\n"


def _run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300, check=False
    )


def test_import_contracts_hold() -> None:
    result = _run([str(BIN / "lint-imports")])
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_bans_nondeterministic_apis_in_engine() -> None:
    probe = ROOT / "engine" / "_banned_probe.py"
    try:
        probe.write_text(PROBE_SOURCE, encoding="utf-8")
        result = _run(
            [str(BIN / "ruff"), "check", "--no-cache", "--output-format=concise", str(probe)]
        )
    finally:
        probe.unlink(missing_ok=True)
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
