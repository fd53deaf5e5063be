"""Argument types shared by the subcommands: each parses one value or raises argparse's
``ArgumentTypeError``, which argparse turns into a usage line and exit 2.

Integers are read as decimal or as Python literals (``10``, ``010``, ``0x10``), so every
count, seed and port takes decimal or hex alike.
"""

from __future__ import annotations

import argparse
import math


def _integer(text: str, what: str) -> int:
    for base in (0, 10):  # base 10 too, for a decimal with leading zeros ("010")
        try:
            return int(text, base)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")


def count(text: str) -> int:
    """0 or more: a row count, an offset, a number of turns or recent events."""
    value = _integer(text, "an integer")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def positive(text: str) -> int:
    """1 or more: a number of games, jobs or games per transaction."""
    value = _integer(text, "a positive integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def seed(text: str) -> int:
    """A game seed, 0..2**64-1."""
    try:
        value = int(text, 16) if text.lower().startswith("0x") else int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
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
    value = _integer(text, "a port number")
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port in 1..65535, got {value}")
    return value
