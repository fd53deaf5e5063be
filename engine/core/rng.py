"""The engine's one pinned pseudo-random generator: SplitMix64, with our own shuffle.

SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
OOPSLA 2014) keeps one 64-bit integer of state. Each step adds the golden gamma
0x9E3779B97F4A7C15 to the state and returns the state passed through a finalizer
(xor-shift 30, multiply 0xBF58476D1CE4E5B9, xor-shift 27, multiply 0x94D049BB133111EB,
xor-shift 31), all modulo 2**64. The seed *is* the initial state, so ``Rng(rng.state)``
restores a generator exactly and the state can live in the game state as a plain int.

On top of it: an unbiased ``randbelow`` by rejection sampling of whole 64-bit outputs,
a Fisher-Yates ``shuffle`` (from the last index down), and ``derive`` for independent
named streams (agents, rollouts) seeded by the finalizer of ``state XOR fnv1a64(label)``.
Every output sequence here is part of the log contract and is pinned by golden tests in
``tests/engine/core/test_rng.py``: changing any of it changes every recorded game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Rng", "derive_seed", "fnv1a64", "mix64"]

T = TypeVar("T")

_MASK64 = 0xFFFFFFFFFFFFFFFF
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def mix64(z: int) -> int:
    """The SplitMix64 finalizer: a bijection on 64-bit integers with good avalanche."""
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
    return z ^ (z >> 31)


def fnv1a64(label: str) -> int:
    """64-bit FNV-1a hash of the UTF-8 bytes of ``label`` (stable across runs, unlike hash())."""
    h = _FNV_OFFSET
    for byte in label.encode("utf-8"):
        h = ((h ^ byte) * _FNV_PRIME) & _MASK64
    return h


def _check_seed(seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < _TWO64:
        raise ValueError(f"seed must be an int with 0 <= seed < 2**64, got {seed!r}")


def derive_seed(master_seed: int, label: str) -> int:
    """The seed of the stream named ``label`` under ``master_seed``; equals
    ``Rng(master_seed).derive(label).state``."""
    _check_seed(master_seed)
    return mix64(master_seed ^ fnv1a64(label))


class Rng:
    """A SplitMix64 generator. Mutable: every draw advances ``state``.

    >>> rng = Rng(0)
    >>> hex(rng.next_u64())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    state: int

    def __init__(self, seed: int) -> None:
        _check_seed(seed)
        self.state = seed

    def __repr__(self) -> str:
        return f"Rng(0x{self.state:016x})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.state == other.state

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def next_u64(self) -> int:
        """Advance the state and return the next 64-bit output."""
        z = self.state = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; rejects outputs at or above the largest multiple
        of ``n`` below 2**64, so no value is favoured."""
        if n < 1:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        limit = _TWO64 - (_TWO64 % n)
        s = self.state
        while True:
            z = s = (s + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Return a new list with ``items`` in Fisher-Yates order: for i from len-1 down
        to 1, swap position i with ``randbelow(i + 1)``. ``items`` is left untouched."""
        out = list(items)
        s = self.state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                z = s = (s + _GAMMA) & _MASK64
                z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        self.state = s
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One element of ``items``, uniformly (one ``randbelow(len(items))`` draw)."""
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def copy(self) -> Rng:
        """An independent generator at the same state (draws on one do not move the other)."""
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone

    def derive(self, label: str) -> Rng:
        """A new generator for the stream named ``label``, seeded from the current state.
        Does not advance ``self``; the same state and label always give the same stream."""
        child = Rng.__new__(Rng)
        child.state = mix64(self.state ^ fnv1a64(label))
        return child
