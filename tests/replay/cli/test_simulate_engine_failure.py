"""``exceed simulate`` when the engine raises in one game of the batch (a bug).

Found walking the developer's path with a planted bug (Powerup raising from turn 8):
``exceed simulate --p1 akuma --p2 ryu --games 3 --out DIR`` printed only ``exceed
simulate: internal error: RuntimeError: ...``, naming neither the game (its seed, its
file) nor the decision, and removed the failing game's log: DIR was left empty, nothing
to verify or cut into a capsule. Now the one line names the game's log, the decision
and turn, and that log keeps the game up to it, unfinished; exit 70 as before.

The bug is planted by replacing the Powerup effect's handler; in Ryu vs Ken, random
agents, seed 0 (the sample of that name) the first Powerup resolves at decision 23.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import schema as c
from engine.effects.registry import HANDLERS
from engine.recording.record import read_game
from replay.cli import main
from replay.verification.verify import verify


@pytest.fixture(autouse=True)
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    def powerup(ctx: object, effect: object) -> None:
        raise RuntimeError("planted bug")

    monkeypatch.setitem(HANDLERS, c.Powerup, (powerup, False))
    monkeypatch.delenv("EXCEED_DEBUG", raising=False)


def test_the_failing_game_is_named_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "batch"
    code = main(["simulate", "--p1", "ryu", "--p2", "ken", "--games", "3", "--out", str(out)])
    stdout, err = capsys.readouterr()
    log = out / "ryu-vs-ken_random-vs-random_seed0.exlog"
    assert code == 70 and stdout == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err == (f"exceed simulate: internal error in {log} at decision 23 (turn 13): "
                   "RuntimeError: planted bug (set EXCEED_DEBUG=1 for a traceback); the game "
                   f"so far is kept there, unfinished; 0 of 3 game(s) are in {out}\n")
    assert sorted(p.name for p in out.iterdir()) == [log.name]
    game = read_game(log)
    assert game.trailer is None and len(game.decisions) == 23
    verdict = verify(game)
    assert verdict.divergence is None and verdict.checked == 23
