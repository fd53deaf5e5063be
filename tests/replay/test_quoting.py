"""``replay.quoting``: a value from a URL, a log or a person named in one short line."""

from __future__ import annotations

import unicodedata

import pytest

from replay.quoting import (
    MAX_MARKS,
    NOT_ASCII_DIGITS,
    as_written,
    error_text,
    integer_as_typed,
    not_an_integer,
    printable,
    quoted,
    shortened,
    too_many_digits,
)


@pytest.mark.parametrize(("value", "shown"), [
    ("ryu", "'ryu'"),
    ("x" * 40, repr("x" * 40)),
    ("x" * 41, f"'{'x' * 40}…' (41 characters)"),
    ("9" * 5000, f"'{'9' * 40}…' (5,000 characters)"),
    ("a'b", '"a\'b"'),  # as repr quotes it
    (12, "'12'"),
])
def test_quoted_cuts_a_long_value_and_says_its_length(value: object, shown: str) -> None:
    assert quoted(value) == shown


@pytest.mark.parametrize(("value", "shown"), [
    ("a" + "\u0301" * 30, "'a" + "\\u0301" * 6 + "…' (31 characters)"),
    ("Zoe\u0301\u0302\u0303", "'Zoe\\u0301\\u0302\\u0303'"),
    ("\u0301Ann", "'\\u0301Ann'"),  # a mark with no letter under it sits on the quote
    ("e" + "\u20dd" * 3, "'e" + "\\u20dd" * 3 + "'"),  # enclosing marks
    ("x\U0001d167\U0001d167\U0001d167", "'x\\U0001d167\\U0001d167\\U0001d167'"),
])
def test_quoted_escapes_the_marks_of_a_value_that_stacks_them(value: str, shown: str) -> None:
    assert quoted(value) == shown
    assert not any(unicodedata.category(c) in ("Mn", "Me") for c in quoted(value))


@pytest.mark.parametrize("name", [
    "Nguyễn Thị Ánh", unicodedata.normalize("NFD", "Nguyễn Thị Ánh"), "שָׁלוֹם", "مُحَمَّد",
    "देवनागरी", "ภาษาไทย", "a" + "\u0301" * MAX_MARKS,
])
def test_quoted_shows_a_script_that_marks_its_letters_as_it_is(name: str) -> None:
    assert quoted(name) == repr(name)


@pytest.mark.parametrize(("text", "shown"), [
    ("logs/a" + "\u0301" * 30 + ".exlog", "logs/a\u0301\u0301" + "\\u0301" * 28 + ".exlog"),
    ("\u0301x", "\\u0301x"),  # a mark with nothing of its own under it
    ("e\u0301\x1b[2J" + "\u0302" * 3, "e\u0301\\x1b[2J\u0302\u0302\\u0302"),
    ("a\tb", "a\\tb"),
])
def test_printable_escapes_the_marks_a_character_stacks_past_the_limit(
        text: str, shown: str) -> None:
    """A file named 'a' and 30 accents: ``exceed info`` named it in its one line with the
    30 marks raw, drawn as a column over the lines around it (``printable`` escaped
    control characters only). The marks past ``MAX_MARKS`` on one character are escaped
    now, and a real script's letters are kept."""
    assert printable(text) == shown


@pytest.mark.parametrize("name", [
    "Nguyễn Thị Ánh", unicodedata.normalize("NFD", "Nguyễn Thị Ánh"), "שָׁלוֹם", "مُحَمَّد",
    "देवनागरी", "ภาษาไทย", "a" + "\u0301" * MAX_MARKS, "ryu vs ken",
])
def test_printable_keeps_a_script_that_marks_its_letters(name: str) -> None:
    assert printable(name) == name


def test_as_written_keeps_a_short_number_as_typed() -> None:
    assert as_written(" 0x10 ") == "0x10" and as_written("-3") == "-3"
    assert as_written("1" * 41) == f"'{'1' * 40}…' (41 characters)"


@pytest.mark.parametrize(("text", "why"), [
    ("x", "is not an integer"),
    ("1.5", "is not an integer"),
    ("9" * 4300 + "x", "is not an integer"),
    ("9" * 5000, "has too many digits (5,000; at most 4,300)"),
    (" -" + "1_0" * 3000 + " ", "has too many digits (6,000; at most 4,300)"),
])
def test_not_an_integer_tells_too_many_digits_from_not_a_number(text: str, why: str) -> None:
    with pytest.raises(ValueError):
        int(text)
    assert not_an_integer(text) == why
    assert not_an_integer("x", "an event number") == "is not an event number"


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


@pytest.mark.parametrize(("error", "shown"), [
    (AssertionError(), "AssertionError: (no details)"),
    (KeyError(), "KeyError: (no details)"),
    (ValueError("  \n "), "ValueError: (no details)"),
    (_Unprintable(), "_Unprintable: (no details)"),
    (ValueError("bad card"), "ValueError: bad card"),
    (RuntimeError("\nfirst\nsecond"), "RuntimeError: first"),
    (KeyError("ryu"), "KeyError: 'ryu'"),
])
def test_error_text_never_ends_at_the_colon(error: BaseException, shown: str) -> None:
    """Review item: ``f"{type(error).__name__}: {error}"`` showed an exception without a
    message as ``AssertionError: `` with nothing after it; ``error_text`` says so in
    words, and keeps one line of a multi-line message."""
    assert error_text(error) == shown


def test_error_text_cuts_a_long_line() -> None:
    assert error_text(ValueError("x" * 600), limit=10) == f"ValueError: {'x' * 10}…"


def test_shortened_keeps_a_short_message_and_cuts_a_long_one() -> None:
    assert shortened("Binder Error: x") == "Binder Error: x"
    assert shortened("x" * 301) == f"{'x' * 300}… (301 characters)"
    assert shortened("abcdef", limit=3) == "abc… (6 characters)"


@pytest.mark.parametrize(("text", "digits"), [
    ("9" * 5000, 5000), (" -" + "1_0" * 3000 + " ", 6000), ("9" * 4300, 0), ("12", 0),
    ("0x" + "f" * 5000, 0), ("nine", 0),
])
def test_too_many_digits_counts_only_a_decimal_python_refuses(text: str, digits: int) -> None:
    """A decimal past Python's 4,300 digits is counted (its range's refusal names it);
    one Python converts, hex and words are 0."""
    assert too_many_digits(text) == digits


@pytest.mark.parametrize(("text", "value"), [
    ("42", 42), ("010", 10), ("-7", -7), (" 12 ", 12), ("1_000", 1000),
    ("0x1f", 31), ("0X1F", 31), ("0o17", 15), ("0b101", 5), ("-0x10", -16),
    ("", None), ("seven", None), ("0x", None), ("0xg", None), ("1.5", None),
    ("9" * 5000, None),
    ("𝟗", None), ("٣", None), ("1٣", None), ("0x٣", None), ("\u00a09", None),  # int() reads them
])
def test_integer_as_typed_reads_a_seed_as_exceed_seed_does(text: str, value: int | None) -> None:
    """The CLI's integer arguments and the Games page's seed filter take the same texts:
    Python's literals, a decimal led by zeros ("010" is 10), nothing else."""
    assert integer_as_typed(text) == value


@pytest.mark.parametrize("text", ["𝟗", "٣", "-٣", "1_٣", "２", "²", "٣" * 5000])
def test_a_number_in_other_digits_says_so(text: str) -> None:
    """``int('𝟗')`` is 9: the CLI's ``--seed 𝟗`` was seed 9 and the Games page's seed
    filter read it alike. Each is now refused, and why says the digits."""
    assert integer_as_typed(text) is None and too_many_digits(text) == 0
    assert not_an_integer(text) == NOT_ASCII_DIGITS == "is not written in the digits 0-9"
