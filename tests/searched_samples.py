"""The committed samples found by a search (``engine/recording/samples.py``), by their note
in ``sample_games/MANIFEST``: their seed moves whenever the agents' play changes, so tests
name them by what they show, not by file name."""

from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"


def searched_sample(note: str) -> Path:
    """The sample whose MANIFEST note is ``note`` ("astral heat", "long game", ...)."""
    for line in (SAMPLES / "MANIFEST").read_text(encoding="utf-8").splitlines()[1:]:
        fields = line.split("\t")
        if fields[-1] == note:
            return SAMPLES / fields[0]
    raise LookupError(f"sample_games/MANIFEST has no sample noted {note!r}")
