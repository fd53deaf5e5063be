"""``make fuzz`` can be restricted to a few fighters, as the README and docs/cli.md say.

Found walking the developer's path: ``make fuzz GAMES=1`` plays every ordered pair of
the 51 fighters under four agent pairings (10,000+ games) and the target had no way to
pass ``exceed fuzz --fighter``, so a developer checking one fighter's fix had to leave
make for the command. ``FIGHTERS="ryu ken"`` now passes each as ``--fighter``; without
it the command is as before. Checked with ``make -n`` (nothing is run).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _fuzz_command(*variables: str) -> str:
    done = subprocess.run(["make", "-n", "-s", "-o", ".venv/.stamp", "fuzz", *variables],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stdout.splitlines() if " fuzz " in line]
    return line


def test_fighters_restrict_the_fuzz_target() -> None:
    assert _fuzz_command("GAMES=1", "FIGHTERS=ryu ken") == (
        ".venv/bin/exceed fuzz --games 1 --fighter=ryu --fighter=ken")


def test_without_fighters_every_matchup_is_played() -> None:
    assert _fuzz_command("GAMES=3") == ".venv/bin/exceed fuzz --games 3"
