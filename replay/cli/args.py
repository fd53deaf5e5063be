"""Argument types shared by the subcommands: each parses one value or raises argparse's
``ArgumentTypeError``, which argparse turns into a usage line and exit 2.

Integers are read in decimal or with a ``0x``, ``0o`` or ``0b`` prefix (``10``, ``010``,
``0x10``), so every count, seed and port is written the same way.
"""

from __future__ import annotations

import argparse
import math


def _integer(text: str, refusal: str) -> int:
    """``text`` as an integer, else ``ArgumentTypeError(f"{refusal}, got {text!r}")``."""
    for base in (0, 10):  # base 10 too, for a decimal with leading zeros ("010")
        try:
            return int(text, base)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"{refusal}, got {text!r}")


def count(text: str) -> int:
    """0 or more: a row count, an offset, a number of turns or recent events."""
    value = _integer(text, "expected an integer")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def positive(text: str) -> int:
    """1 or more: a number of games, jobs or games per transaction."""
    value = _integer(text, "expected a positive integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def seed(text: str) -> int:
    """A game seed, 0..2**64-1."""
    value = _integer(text, "seed must be an integer")
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0..2**64-1, got {value}")
    return value


def seconds(text: str) -> float:
    """0 or more seconds (a fraction is fine)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more seconds, got {text!r}")
    return value


def port(text: str) -> int:
    """A TCP port, 1..65535."""
    value = _integer(text, "expected a port number")
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port in 1..65535, got {value}")
    return value
