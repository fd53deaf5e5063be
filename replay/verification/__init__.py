"""Verifying a recorded game: re-simulate its decisions on the current engine and report
the first divergence in game terms (``verify``)."""
