"""``exceed fork`` when this engine raises while it replays the parent before the fork
point (a bug): a refusal naming the decision, as a divergence there is.

Found walking the developer's path with a planted bug (Powerup raising): forking a log
past the first Powerup printed only ``exceed fork: internal error: RuntimeError: ...``,
exit 70, naming neither the decision nor what to run. Now it is one line naming the
parent, the exception and the decision, pointing at ``exceed verify``, exit 2, nothing
written, as for a parent that diverges before the fork point (docs/cli.md).

The bug is planted by replacing the Powerup effect's handler; in the sample the first
Powerup resolves at decision 23.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import schema as c
from engine.effects.registry import HANDLERS
from replay.cli import main

ROOT = Path(__file__).resolve().parents[2]
PARENT = ROOT / "sample_games" / "ryu-vs-ken_random-vs-random_seed0.exlog"


@pytest.fixture(autouse=True)
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    def powerup(ctx: object, effect: object) -> None:
        raise RuntimeError("planted bug")

    monkeypatch.setitem(HANDLERS, c.Powerup, (powerup, False))
    monkeypatch.delenv("EXCEED_DEBUG", raising=False)


@pytest.mark.parametrize("choose", [[], ["--choose", "0"]], ids=["listing", "fork"])
def test_a_parent_this_engine_raises_on_is_refused_naming_the_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], choose: list[str]
) -> None:
    out_file = tmp_path / "what_if.exlog"
    code = main(["fork", str(PARENT), "--at", "30", *choose, "--out", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == (f"exceed fork: {PARENT}: this engine raises RuntimeError: planted bug at "
                   "decision 23, before the fork point (run exceed verify on it)\n")
    assert list(tmp_path.iterdir()) == []

