"""``AttackBit`` mirrors ``AttackFlag`` as plain ints (the hot strike code tests
``AttackSide.flags`` with them; issue 31): same names, same values, and a test with a
bit gives the same answer as with the flag."""

from __future__ import annotations

from engine.core.state import AttackBit, AttackFlag


def test_every_flag_has_its_bit_with_the_same_value() -> None:
    bits = {name: value for name, value in vars(AttackBit).items() if name.isupper()}
    assert bits == {flag.name: flag.value for flag in AttackFlag}
    assert all(type(value) is int for value in bits.values())


def test_a_bit_tests_flags_as_the_flag_does() -> None:
    flags = int(AttackFlag.IGNORE_ARMOR | AttackFlag.INVERT_RANGE)
    for flag in AttackFlag:
        assert bool(flags & getattr(AttackBit, str(flag.name))) == bool(flags & flag)
