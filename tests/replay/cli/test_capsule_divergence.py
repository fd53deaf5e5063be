"""``exceed capsule --failing`` on a divergence says it did not shrink it.

A divergence is never shrunk (its outcome is known only for the recorded decisions), yet
the line said ``shrunk from 2 decision(s), 60 card(s) to 2 decision(s), 60 card(s)``, as
if delta debugging had run and found nothing to drop. The log here is recorded on an
engine whose Tatsumaki Senpukyaku has 1 more power, as a developer's log would be.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.play.api import GameSetup
from engine.recording.record import record_to_file
from replay.cli import main


def test_a_divergence_is_said_not_shrunk(tmp_path: Path) -> None:
    cat = default_catalog()
    cards = dict(cat.cards)
    tatsu = cards["ken_tatsumakisenpukyaku"]
    cards["ken_tatsumakisenpukyaku"] = msgspec.structs.replace(tatsu, power=tatsu.power + 1)
    log = tmp_path / "stronger.exlog"
    record_to_file(log, GameSetup(p1="ryu", p2="ken"), 2, ("random", "random"),
                   Catalog(cards=cards, characters=cat.characters))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["capsule", str(log), "--failing", "--out", str(tmp_path / "caps")])
    assert code == 0, err.getvalue()
    line = out.getvalue().splitlines()[0]
    assert "divergence at decision 83 (decision 83 causes other events than the log " \
        "records); not shrunk (a divergence's outcome is known only for the recorded " \
        "decisions): 2 decision(s), 60 card(s)" in line
    assert "shrunk from" not in line
