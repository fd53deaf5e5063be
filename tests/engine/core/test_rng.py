"""Golden-sequence and property tests for engine.core.rng, the engine's one pinned PRNG.

The golden values are part of the log contract: a recorded game replays only if these
sequences never change. If one of these tests fails, the generator changed; fix it.
"""

from __future__ import annotations

import pytest

from engine.core.rng import Rng, derive_seed, fnv1a64, mix64

SEED0_FIRST5 = [
    0xE220A8397B1DCDAF,
    0x6E789E6AA1B965F4,
    0x06C45D188009454F,
    0xF88BB8A8724C81EC,
    0x1B39896A51A8749B,
]
# Pinned from engine.core.rng and checked against the reference C splitmix64.c.
SEED7_FIRST5 = [
    0x63CBE1E459320DD7,
    0x044C3CD7F43C661C,
    0xE6984080BAB12A02,
    0x953AEB70673E29CB,
    0x73D33B666A1E21DA,
]


def _reference_randbelow(rng: Rng, n: int) -> int:
    """The textbook definition, built only on next_u64, to check the inlined fast paths."""
    limit = 2**64 - (2**64 % n)
    while True:
        v = rng.next_u64()
        if v < limit:
            return v % n


def _reference_shuffle(rng: Rng, items: list[int]) -> list[int]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _reference_randbelow(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# --------------------------------------------------------------------------- golden sequences


def test_seed0_golden_sequence() -> None:
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(5)] == SEED0_FIRST5


def test_seed7_golden_sequence() -> None:
    rng = Rng(7)
    assert [rng.next_u64() for _ in range(5)] == SEED7_FIRST5


def test_max_seed_wraps_modulo_2_64() -> None:
    rng = Rng(2**64 - 1)
    assert rng.next_u64() == 0xE4D971771B652C20
    assert rng.state == (2**64 - 1 + 0x9E3779B97F4A7C15) % 2**64


def test_shuffle_golden_seed7() -> None:
    rng = Rng(7)
    assert rng.shuffle(range(10)) == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
    assert rng.state == 0x8FF34785799E5CC4


def test_randbelow_golden_seed7() -> None:
    rng = Rng(7)
    assert [rng.randbelow(6) for _ in range(12)] == [3, 0, 0, 3, 4, 3, 4, 0, 5, 5, 1, 4]


def test_randbelow_golden_mixed_bounds() -> None:
    rng = Rng(7)
    bounds = (2, 3, 6, 10, 52, 100, 1000, 2**63 + 1)
    assert [rng.randbelow(n) for n in bounds] == [1, 0, 0, 3, 10, 5, 798, 6051947643683389182]


def test_randbelow_golden_with_rejections() -> None:
    # For n = 2**63 + 1 almost half the outputs are rejected: here the 3rd and 4th
    # outputs of seed 7 (0xE698..., 0x953A...) are skipped.
    rng = Rng(7)
    assert [rng.randbelow(2**63 + 1) for _ in range(3)] == [
        SEED7_FIRST5[0],
        SEED7_FIRST5[1],
        SEED7_FIRST5[4],
    ]


def test_derive_golden_seed7() -> None:
    child = Rng(7).derive("agent:p1")
    assert child.state == 0x1DFDBC387A4427D4
    assert [child.next_u64() for _ in range(3)] == [
        0xF5308F879E57C4E5,
        0x63E871B8A26E9635,
        0x8AAD1F932252B41A,
    ]


def test_fnv1a64_known_values() -> None:
    # Published FNV-1a 64-bit test vectors.
    assert fnv1a64("") == 0xCBF29CE484222325
    assert fnv1a64("a") == 0xAF63DC4C8601EC8C
    assert fnv1a64("foobar") == 0x85944171F73967E8


def test_mix64_is_the_splitmix_finalizer() -> None:
    assert mix64(0x9E3779B97F4A7C15) == SEED0_FIRST5[0]


# --------------------------------------------------------------------------- fast paths agree


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**63, 2**64 - 1])
def test_randbelow_matches_reference(seed: int) -> None:
    fast, slow = Rng(seed), Rng(seed)
    for n in (1, 2, 3, 5, 7, 9, 30, 2**32 + 1, 2**63 + 1, 2**64 - 1, 2**64):
        for _ in range(20):
            assert fast.randbelow(n) == _reference_randbelow(slow, n)
    assert fast.state == slow.state


@pytest.mark.parametrize("size", [0, 1, 2, 3, 10, 45])
def test_shuffle_matches_reference(size: int) -> None:
    fast, slow = Rng(99), Rng(99)
    items = list(range(size))
    assert fast.shuffle(items) == _reference_shuffle(slow, items)
    assert fast.state == slow.state


def test_shuffle_returns_new_list_and_keeps_input() -> None:
    items = ("a", "b", "c", "d", "e")
    out = Rng(3).shuffle(items)
    assert items == ("a", "b", "c", "d", "e")
    assert sorted(out) == list(items)
    lst = [1, 2, 3]
    assert Rng(3).shuffle(lst) is not lst


def test_shuffle_of_zero_or_one_item_draws_nothing() -> None:
    rng = Rng(5)
    assert rng.shuffle([]) == []
    assert rng.shuffle(["x"]) == ["x"]
    assert rng.state == 5


def test_randbelow_one_still_draws() -> None:
    rng = Rng(5)
    assert rng.randbelow(1) == 0
    assert rng.state != 5


def test_choice_is_one_randbelow_draw() -> None:
    items = ["ryu", "ken", "guile", "chun-li"]
    a, b = Rng(11), Rng(11)
    picks = [a.choice(items) for _ in range(20)]
    assert picks == [items[b.randbelow(len(items))] for _ in range(20)]


def test_choice_empty_raises() -> None:
    with pytest.raises(IndexError):
        Rng(1).choice([])


# --------------------------------------------------------------------------- statistics


def test_randbelow_3_is_roughly_uniform() -> None:
    rng = Rng(2024)
    counts = [0, 0, 0]
    for _ in range(30_000):
        counts[rng.randbelow(3)] += 1
    for c in counts:
        assert abs(c - 10_000) <= 300, counts


# --------------------------------------------------------------------------- state handling


def test_state_round_trip() -> None:
    rng = Rng(42)
    rng.next_u64()
    restored = Rng(rng.state)
    assert [restored.next_u64() for _ in range(5)] == [rng.next_u64() for _ in range(5)]


def test_copy_is_independent() -> None:
    rng = Rng(7)
    rng.next_u64()
    clone = rng.copy()
    assert clone == rng and clone is not rng
    first = [clone.next_u64() for _ in range(3)]
    assert rng.state != clone.state
    assert [rng.next_u64() for _ in range(3)] == first


def test_derive_is_deterministic_and_does_not_advance_parent() -> None:
    rng = Rng(7)
    before = rng.state
    a = rng.derive("agent:p1")
    b = rng.derive("agent:p1")
    assert rng.state == before
    assert a == b and a is not b
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert rng.derive("agent:p1").state == derive_seed(7, "agent:p1")


def test_derive_is_independent_of_parent_and_other_labels() -> None:
    rng = Rng(7)
    parent = rng.copy()
    p1, p2 = rng.derive("agent:p1"), rng.derive("agent:p2")
    parent_seq = [parent.next_u64() for _ in range(50)]
    p1_seq = [p1.next_u64() for _ in range(50)]
    p2_seq = [p2.next_u64() for _ in range(50)]
    assert not set(parent_seq) & set(p1_seq)
    assert not set(p1_seq) & set(p2_seq)
    assert not set(parent_seq) & set(p2_seq)
    # Drawing from a child leaves the parent's stream as it was.
    assert [rng.next_u64() for _ in range(50)] == parent_seq


def test_derive_depends_on_parent_state() -> None:
    rng = Rng(7)
    first = rng.derive("rollout").state
    rng.next_u64()
    assert rng.derive("rollout").state != first


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, -(2**64)])
def test_bad_seed_raises(seed: int) -> None:
    with pytest.raises(ValueError):
        Rng(seed)
    with pytest.raises(ValueError):
        derive_seed(seed, "x")


@pytest.mark.parametrize("seed", [1.0, "7", None, True])
def test_non_int_seed_raises(seed: object) -> None:
    with pytest.raises(ValueError):
        Rng(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, -1, -(2**64)])
def test_randbelow_bad_bound_raises(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).randbelow(n)


def test_repr_shows_state() -> None:
    assert repr(Rng(255)) == "Rng(0x00000000000000ff)"
