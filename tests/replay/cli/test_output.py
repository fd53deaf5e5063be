"""Rich output on a terminal, the plain text of old off one (``replay/cli/output.py``).

A terminal is faked by a text stream whose ``isatty`` is true; rich then draws its
tables and bars into it. Off a terminal (every other test) nothing changes.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from engine import default_catalog
from replay.cli import main
from replay.cli.output import on_terminal, progress
from replay.cli.queries import write_rows


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_progress_bar_is_drawn_on_a_terminal_only() -> None:
    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        with progress("simulate", stream) as advance:
            for done in range(1, 8):
                advance(done, 7)
    assert "simulate" in tty.getvalue() and "7/7" in tty.getvalue()
    assert pipe.getvalue() == ""


def test_simulate_draws_its_bar_on_a_terminal_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tty = Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    code = main(["simulate", "--p1", "ryu", "--p2", "ken", "--games", "3", "--out",
                 str(tmp_path)])
    assert code == 0
    assert "3/3" in tty.getvalue()
    assert capsys.readouterr().out.startswith(f"wrote 3 game(s) to {tmp_path}: p1 ryu won ")
    assert len(list(tmp_path.glob("*.exlog"))) == 3


def test_characters_is_a_table_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    tty = Terminal()
    monkeypatch.setattr(sys, "stdout", tty)
    assert main(["characters"]) == 0
    text = tty.getvalue()
    catalog = default_catalog()
    for char_id in catalog.character_ids():
        row = next(line for line in text.splitlines() if f" {char_id} " in line)
        assert catalog.character(char_id).name in row
        assert f"│ {catalog.character(char_id).exceed_cost} " in row
    lines = text.splitlines()
    red_horizon = sum(catalog.character(c).season.value == "red_horizon"
                      for c in catalog.character_ids())
    assert f"Red Horizon ({red_horizon})" in lines[0]  # a table per line, titled
    assert "exceed" in lines[2]  # its title, top border, header row
    assert any("Street Fighter (12)" in line for line in lines)


def test_info_is_a_table_on_a_terminal(sample_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    tty = Terminal()
    monkeypatch.setattr(sys, "stdout", tty)
    assert main(["info", str(sample_path)]) == 0
    rows = {line.split("│")[1].strip(): line.split("│")[2].strip()
            for line in tty.getvalue().splitlines() if line.count("│") == 3}
    assert rows["sealed"] == "yes"
    assert re.search(r"wins \(p[12] .+' life reached 0\)$|wins \(p[12] .+'s life reached 0\)$",
                     rows["result"]), rows["result"]
    assert rows["counts"].startswith("turns ")


def test_query_rows_are_a_table_on_a_terminal_and_aligned_text_off_one() -> None:
    names, rows = ["character", "games", "rate"], [("ryu", 3, 0.5), ("ken", 12, None)]
    tty, pipe = Terminal(), io.StringIO()
    write_rows(tty, "table", names, rows)
    write_rows(pipe, "table", names, rows)
    assert pipe.getvalue() == ("character  games  rate\n"
                               "ryu        3      0.500\n"
                               "ken        12\n"
                               "(2 rows)\n")
    drawn = [line for line in tty.getvalue().splitlines() if "│" in line]
    assert [cell.strip() for cell in drawn[0].split("│")[1:-1]] == ["ryu", "3", "0.500"]
    assert [cell.strip() for cell in drawn[1].split("│")[1:-1]] == ["ken", "12", ""]
    assert "(2 rows)" in tty.getvalue()


def test_csv_escapes_control_characters_on_a_terminal_only() -> None:
    """``exceed query games --format csv`` on a terminal wrote a player name's escape
    sequence raw, so a log could drive the terminal (noticed at the last stop); into a
    file or a pipe the CSV keeps every value as it is (it is data there)."""
    names, rows = ["player", "games"], [("Ann\x1b[2J\x07", 3), (None, 1)]
    tty, pipe = Terminal(), io.StringIO()
    write_rows(tty, "csv", names, rows)
    write_rows(pipe, "csv", names, rows)
    assert tty.getvalue() == "player,games\nAnn\\x1b[2J\\x07,3\n,1\n"
    assert "\x1b" not in tty.getvalue() and "\x07" not in tty.getvalue()
    assert pipe.getvalue() == "player,games\nAnn\x1b[2J\x07,3\n,1\n"


def test_a_column_name_is_escaped_as_its_values_are() -> None:
    """``exceed query --sql 'SELECT 1 AS "<ESC>[2J"'`` escaped every value of the table
    but wrote the column name (the SQL's alias, any text) raw, on a terminal as into a
    pipe, and so did CSV on a terminal: the header drove the terminal. It is escaped as
    the values are; CSV into a file or a pipe keeps it as it is (it is data there)."""
    names, rows = ["a\x1b[2J", "b\u202e"], [("x\x1b", 1)]
    for fmt in ("table", "csv"):
        tty, pipe = Terminal(), io.StringIO()
        write_rows(tty, fmt, names, rows)
        write_rows(pipe, fmt, names, rows)
        assert "\x1b[2J" not in tty.getvalue() and "\u202e" not in tty.getvalue(), fmt
        assert "a\\x1b[2J" in tty.getvalue() and "b\\u202e" in tty.getvalue(), fmt
        if fmt == "table":
            assert pipe.getvalue().splitlines()[0] == "a\\x1b[2J  b\\u202e"
        else:
            assert pipe.getvalue().splitlines()[0] == "a\x1b[2J,b\u202e"


def test_json_writes_every_unprintable_character_as_an_escape() -> None:
    """Attack 4: the docs said JSON escapes control characters always, but JSON escapes
    only C0 ones: a log path (or any stored text) holding a C1 CSI (U+009B, read as ESC [
    by some terminals), a bidi override (U+202E) or a zero-width joiner was written raw by
    ``exceed query --format json`` (and ``find``/``analyze``/``insights --json``). Each is
    now a ``\\u`` escape; a JSON reader gets the very same value."""
    import json

    value = "a\u202eb\x9b31mc\u200dd\U000e0001e日本"
    out = io.StringIO()
    write_rows(out, "json", ["path", "games"], [(value, 1)])
    text = out.getvalue()
    assert text.isascii() is False and "日本" in text  # printable text is kept as it is
    assert not any(c in text for c in "\u202e\x9b\u200d\U000e0001"), text
    assert "\\u202e" in text and "\\u009b" in text and "\\udb40\\udc01" in text
    assert json.loads(text) == [{"path": value, "games": 1}]


def test_a_closed_or_odd_stream_counts_as_no_terminal() -> None:
    closed = io.StringIO()
    closed.close()
    assert not on_terminal(closed)
    assert on_terminal(Terminal())


def test_printable_escapes_what_would_drive_a_terminal() -> None:
    from replay.cli.output import printable

    assert printable("ryu-vs-ken_seed1.exlog") == "ryu-vs-ken_seed1.exlog"
    assert printable("Zoë 日本.exlog") == "Zoë 日本.exlog"
    assert printable("a\x1b[31mb\x07\n\t\udcff") == "a\\x1b[31mb\\x07\\n\\t\\udcff"


def test_a_progress_label_is_text_not_rich_markup() -> None:
    """Audit: ``exceed analyze`` labels its bar with the log's file name, and rich read it
    as markup: ``[red]y.exlog`` was drawn as a red ``y.exlog``."""
    tty = Terminal()
    with progress("analyze [red]y.exlog", stream=tty) as advance:
        advance(1, 2)
    drawn = tty.getvalue()
    assert "[red]y.exlog" in drawn and "\x1b[31m" not in drawn.split("y.exlog")[0][-12:]
