"""The "before" column measured on the pre-change code, in the same run.

``python -m bench.run --before-ref REF`` checks REF (a tag, branch or commit) out into a
detached git worktree under the bench's work directory, and before each benchmark runs
that benchmark there first, in a child process with the worktree on ``PYTHONPATH`` and
the same interpreter. The two measurements of a benchmark are taken back to back, so both
see the same machine load; the child's rows become the "before" values of the parent's
rows with the same id. Benchmarks the old code does not have get no "before" value.

The child writes nothing of its own (``--no-write``) and keeps its corpora in a work
directory of its own, since an older engine may write another log format.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bench.config import ROOT


class BeforeRefError(RuntimeError):
    """The reference cannot be checked out or its benchmarks cannot be listed."""


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise BeforeRefError(f"git {' '.join(args)}: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout.strip()


@dataclass
class BeforeRef:
    """A checked-out reference whose benchmarks run next to the current ones."""

    ref: str
    work: Path
    quick: bool
    seed: int
    sha: str = ""
    tree: Path = field(default_factory=Path)
    known: frozenset[str] = frozenset()
    rows: dict[str, dict[str, object]] = field(default_factory=dict)

    def prepare(self) -> None:
        """Check the reference out (once per commit) and list the benchmarks it has."""
        self.sha = _git("rev-parse", "--verify", f"{self.ref}^{{commit}}")
        self.tree = self.work / f"before-{self.sha[:12]}"
        if not (self.tree / "bench" / "run.py").exists():
            _git("worktree", "prune")
            _git("worktree", "add", "--detach", "--force", str(self.tree), self.sha)
        listed = subprocess.run(
            [sys.executable, "-c", "from bench.run import ALL; print('\\n'.join(ALL))"],
            cwd=self.tree, env=self._env(), capture_output=True, text=True, check=False)
        if listed.returncode != 0:
            raise BeforeRefError(f"{self.ref}: cannot list its benchmarks: "
                                 f"{listed.stderr.strip().splitlines()[-1:]}")
        self.known = frozenset(listed.stdout.split())

    def _env(self) -> dict[str, str]:
        return os.environ | {"PYTHONPATH": str(self.tree)}

    def measure(self, name: str) -> str | None:
        """Run benchmark ``name`` on the old code; keep its rows. Returns a problem or None."""
        if name not in self.known:
            return f"{self.ref} has no benchmark {name}"
        out = self.work / f"before-{self.sha[:12]}-{name}.json"
        argv = [sys.executable, "-m", "bench.run", "--only", name, "--no-write",
                "--save-json", str(out), "--seed", str(self.seed),
                "--work", str(self.work / f"before-{self.sha[:12]}-work")]
        if self.quick:
            argv.append("--quick")
        print(f"    before ({self.ref} {self.sha[:12]}): {name} ...", flush=True)
        done = subprocess.run(argv, cwd=self.tree, env=self._env(), check=False,
                              stdout=subprocess.DEVNULL)
        if not out.exists():
            return f"{self.ref}: {name} failed (exit {done.returncode})"
        saved = json.loads(out.read_text(encoding="utf-8"))
        for row in saved.get("metrics", []):
            if row.get("bench") == name:
                self.rows[str(row["id"])] = {"median": row["median"], "ratio": row["ratio"],
                                             "baseline_median": row["baseline_median"]}
        return None

    @property
    def source(self) -> str:
        return f"git {self.ref} ({self.sha[:12]}), measured in the same run"
