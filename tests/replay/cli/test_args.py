"""The argument types every subcommand shares (``replay/cli/args.py``)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from replay.cli import args, main


@pytest.mark.parametrize(("parse", "text", "value"), [
    (args.count, "0", 0), (args.count, "12", 12), (args.count, "0x10", 16),
    (args.count, "010", 10), (args.positive, "1", 1), (args.positive, "0x2", 2),
    (args.seed, "0", 0), (args.seed, "0xff", 255), (args.seed, "0b11", 3), (args.seed, str(2**64 - 1), 2**64 - 1),
    (args.seconds, "0", 0.0), (args.seconds, "2.5", 2.5), (args.port, "8501", 8501),
])
def test_values_each_type_takes(parse: object, text: str, value: float) -> None:
    assert parse(text) == value  # type: ignore[operator]


@pytest.mark.parametrize(("parse", "text", "message"), [
    (args.count, "-1", "expected 0 or more, got -1"),
    (args.count, "many", "expected an integer, got 'many'"),
    (args.positive, "0", "expected a positive integer, got 0"),
    (args.positive, "x", "expected a positive integer, got 'x'"),
    (args.seed, "-1", "seed must be in 0..2**64-1, got -1"),
    (args.seed, "1.5", "seed must be an integer, got '1.5'"),
    (args.seconds, "nan", "expected 0 or more seconds, got 'nan'"),
    (args.seconds, "soon", "expected seconds, got 'soon'"),
    (args.port, "0", "expected a port in 1..65535, got 0"),
    (args.port, "http", "expected a port number, got 'http'"),
])
def test_values_each_type_refuses_in_one_line(parse: object, text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        parse(text)  # type: ignore[operator]
    assert str(caught.value) == message


@pytest.mark.parametrize(("parse", "text", "message"), [
    (args.seed, "9" * 5000, "seed must be in 0..2**64-1, got '" + "9" * 40 + "…' (5,000 "
     "characters)"),
    (args.jobs, "9" * 5000, f"expected at most {args.MAX_JOBS:,} processes (4 per core, at "
     "least 8), got '" + "9" * 40 + "…' (5,000 characters)"),
    (args.jobs, "-" + "9" * 5000, "expected a positive integer, got '-" + "9" * 39
     + "…' (5,001 characters)"),
    (args.count, "9" * 5000, "expected an integer, got '" + "9" * 40 + "…' (5,000 "
     "characters), which has too many digits (5,000; at most 4,300)"),
    (args.seed, "0x" + "f" * 5000, "seed must be in 0..2**64-1, got '0x" + "f" * 38
     + "…' (5,002 characters)"),
    (args.count, "-" + "9" * 99, "expected 0 or more, got '-" + "9" * 39 + "…' (100 characters)"),
    (args.port, "x" * 300, "expected a port number, got '" + "x" * 40 + "…' (300 characters)"),
    (args.seconds, "y" * 300, "expected seconds, got '" + "y" * 40 + "…' (300 characters)"),
    (args.integer, "1.5", "expected an integer, got '1.5'"),
    # a fuzz helper (6 Dec 2026): Python takes 0x or 0b of any length, then cannot print
    # it: `replay --turn 0x<5,000 f>` was an internal error, exit 70
    (args.integer, "0x" + "f" * 5000, "expected an integer, got '0x" + "f" * 38
     + "…' (5,002 characters), which has more than 4,300 digits in decimal"),
    (args.count, "0b" + "1" * 15000, "expected an integer, got '0b" + "1" * 38
     + "…' (15,002 characters), which has more than 4,300 digits in decimal"),
])
def test_a_long_value_is_named_cut_short(parse: object, text: str, message: str) -> None:
    """The CLI audit left: a 5,000-digit ``--seed`` was echoed whole and called "not an
    integer" (Python converts at most 4,300 digits), and ``0x`` with 5,000 hex digits
    escaped as argparse's "invalid seed value" with the whole text. A value with a range
    (a seed, ``--jobs``) past Python's digits is refused by its range, not Python's limit
    (a seed has 20 digits at most); one with none (a count) says it has too many digits."""
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        parse(text)  # type: ignore[operator]
    assert str(caught.value) == message


@pytest.mark.parametrize(("argv", "unknown"), [
    (["play", "--p1", "ryu", "--p2", "ken", "--games", "3"], "--games 3"),
    (["info", "x.exlog", "--turn", "5"], "--turn 5"),
    # a word after `characters` is a FIGHTER now (`exceed characters ken`): an option it
    # does not know is the command's error still
    (["characters", "ryu", "--cards"], "--cards"),
])
def test_an_unknown_option_is_the_commands_error(argv: list[str], unknown: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Found walking docs/cli.md ("Option errors caught by argparse print the usage line
    first and then one ``exceed COMMAND: error: ...`` line"): an unknown option got the
    top-level usage and ``exceed: error: unrecognized arguments``. Nothing runs."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"usage: exceed {argv[0]} ")
    assert captured.err.splitlines()[-1] == f"exceed {argv[0]}: error: unrecognized arguments: {unknown}"


@pytest.mark.parametrize(("text", "why"), [
    ("http://a b/", "a whole address without spaces or control characters, got "
                    "'http://a b/'"),
    ("http://h/\x1b[2J", "a whole address without spaces or control characters, got "
                         "'http://h/\\x1b[2J'"),
    ("<b>dash</b>", "an http:// or https:// address with a host, got '<b>dash</b>'"),
    ("javascript:alert(1)//", "an http:// or https:// address with a host, got "
                              "'javascript:alert(1)//'"),
    ("http:///game", "an http:// or https:// address with a host, got 'http:///game'"),
    # a link joins /game?game=... to it: after a query or fragment it names no page
    ("http://h/?a=1", "the dashboard's address without a ?query or #fragment (each link "
                      "adds its page's), got 'http://h/?a=1'"),
    ("http://h#top", "the dashboard's address without a ?query or #fragment (each link "
                     "adds its page's), got 'http://h#top'"),
    # a host or port no browser reads was taken, and every link printed with it
    ("http://[::1", "an address with a valid host and port, got 'http://[::1' (Invalid "
                    "IPv6 URL)"),
    ("http://h:abc", "an address with a valid host and port, got 'http://h:abc' (Port "
                     "could not be cast to integer value as 'abc')"),
    ("http://:80", "an http:// or https:// address with a host, got 'http://:80'"),
])
@pytest.mark.parametrize("command", ["find", "insights"])
def test_a_links_url_that_is_no_whole_address_is_refused(
        command: str, text: str, why: str, tmp_path: object,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Attack 3: ``--url`` was taken as written, so ``exceed find hit --url 'http://a b/'``
    printed every link with a space in it (cut in two where clicked or pasted) and
    ``--url '<b>dash</b>'`` links that were markup, not addresses, exit 0. An address
    is ``http://`` or ``https://`` with a host and no space nor control character."""
    given = ["find", "hit"] if command == "find" else ["insights", "--player", "Ann"]
    with pytest.raises(SystemExit) as exited:
        main([*given, "--db", f"{tmp_path}/none.duckdb", "--url", text])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert err.splitlines()[-1] == f"exceed {command}: error: argument --url: expected {why}"
    assert "\x1b" not in err


@pytest.mark.parametrize("text", ["http://127.0.0.1:8642", "https://coach.example/x/", ""])
def test_a_whole_address_or_none_is_taken(text: str) -> None:
    assert args.dashboard_url(text) == text


@pytest.mark.parametrize("argv", [
    ["samples", "--out", ""],
    ["simulate", "--p1", "ryu", "--p2", "ken", "--out", ""],
    ["capsule", "{log}", "--at", "30", "--out", ""],
])
def test_an_empty_out_folder_is_refused_not_the_current_folder(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Attack 3: ``--out ""`` (a script's ``--out "$DIR"`` with ``DIR`` unset) is
    ``Path("")``, the current folder: ``exceed samples --out ""`` wrote its 77 logs and
    MANIFEST there, replacing any of the same name, exit 0. A folder option refuses an
    empty value (``fuzz --out`` too)."""
    log = Path(__file__).resolve().parents[3] / "sample_games" / \
        "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    work = tmp_path / "here"
    work.mkdir()
    monkeypatch.chdir(work)
    with pytest.raises(SystemExit) as exited:
        main([a.format(log=log) for a in argv])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"exceed {argv[0]}: error: argument --out: expected a folder, got '' "
        "(write . for the current folder)")
    assert list(work.iterdir()) == []


@pytest.mark.parametrize("command", [["find", "hit"], ["insights", "--player", "Ann"],
                                     ["dashboard"]])
@pytest.mark.parametrize(("value", "why"), [
    ("eighty", "expected a port number, got 'eighty'"),
    ("99999", "expected a port in 1..65535, got 99999"),
])
def test_a_bad_port_from_the_environment_names_the_variable(
        command: list[str], value: str, why: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack 3: ``EXCEED_DASHBOARD_PORT=eighty exceed find hit`` said "argument --port:
    expected a port number, got 'eighty'" to someone who gave no ``--port``; the line
    names the variable it came from. A ``--port`` typed is refused as before."""
    monkeypatch.setenv("EXCEED_DASHBOARD_PORT", value)
    with pytest.raises(SystemExit) as exited:
        main([*command, "--db", str(tmp_path / "none.duckdb")])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"exceed {command[0]}: error: argument --port: {why} (from $EXCEED_DASHBOARD_PORT)")
    with pytest.raises(SystemExit):
        main([*command, "--db", str(tmp_path / "none.duckdb"), "--port", value])
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"exceed {command[0]}: error: argument --port: {why}")


@pytest.mark.parametrize(("argv", "message"), [
    (["verify", "LOG", "--jobs", "100000"], f"--jobs: expected at most {args.MAX_JOBS:,} processes"),
    (["index", "LOG", "--jobs", "100000"], f"--jobs: expected at most {args.MAX_JOBS:,} processes"),
    (["analyze", "LOG", "--jobs", "100000"], f"--jobs: expected at most {args.MAX_JOBS:,} processes"),
    (["simulate", "--p1", "ryu", "--p2", "ken", "--out", "OUT", "--jobs", "100000"],
     f"--jobs: expected at most {args.MAX_JOBS:,} processes"),
    (["simulate", "--p1", "ryu", "--p2", "ken", "--out", "OUT", "--games", "99999999999"],
     "--games: expected at most 1,000,000, got 99999999999"),
    (["analyze", "LOG", "--rollouts", "99999999999"],
     "--rollouts: expected at most 100,000, got 99999999999"),
    (["analyze", "LOG", "--best", "99999999999"], "--best: expected at most 100,000, got 99999999999"),
    (["query", "games", "--timeout", "99999999999999999999999"],
     "--timeout: expected at most 604,800 seconds (a week), got '99999999999999999999999'"),
    (["index", "LOG", "--wait", "1e12"], "--wait: expected at most 604,800 seconds (a week), "
     "got '1e12'"),
])
def test_a_count_that_costs_processes_or_memory_has_a_ceiling(
        argv: list[str], message: str, tmp_path: Path, sample_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 100000`` forked until the machine stalled (load 53 on 2 cores, a minute
    and more before anything), ``simulate --games 99999999999`` and ``analyze --rollouts
    99999999999`` ran out of memory (an internal error, exit 70, or the machine's memory),
    and ``query --timeout 99999999999999999999999`` printed its timer thread's traceback
    (a time past the platform's ``time_t``) under the rows: each is a usage line now,
    before anything is started or written."""
    argv = [str(sample_path) if a == "LOG" else str(tmp_path / "out") if a == "OUT" else a
            for a in argv]
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"error: argument {message}" in err, err
    assert "Traceback" not in err and not (tmp_path / "out").exists()
    assert args.MAX_JOBS >= 8 and args.jobs(str(args.MAX_JOBS)) == args.MAX_JOBS


@pytest.mark.parametrize(("argv", "says"), [
    (["query", "games", "--format", "{long}"], "exceed query: error: argument --format: "
     "invalid choice: {cut} (choose from 'table', 'csv', 'json')"),
    (["replay", "--as", "{long}", "x.exlog"], "exceed replay: error: argument --as: invalid "
     "choice: {cut} (choose from 'all', 'p1', 'p2')"),
    (["query", "{long}"], "exceed query: error: argument NAME: invalid choice: {cut} (choose "
     "from 'agents', 'cards', 'characters', 'counts', 'game', 'games', 'lengths', "
     "'matchups', 'players', 'strikes')"),
])
def test_an_invalid_choice_names_a_long_value_by_its_first_characters(
        capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    """argparse's own "invalid choice" repeated the value whole (a 100,000-character
    ``--format`` gave a 100,000-character line); now it is cut like every refused value,
    and a short one reads as before."""
    long, cut = "q" * 100_000, f"'{'q' * 40}…' (100,000 characters)"
    with pytest.raises(SystemExit) as stopped:
        main([a.replace("{long}", long) for a in argv])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == says.replace("{cut}", cut)
    with pytest.raises(SystemExit):
        main([a.replace("{long}", "xml") for a in argv])
    assert capsys.readouterr().err.splitlines()[-1] == says.replace("{cut}", "'xml'")


def test_unrecognized_arguments_are_cut_to_one_short_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown option or extra argument of 100,000 characters was repeated whole."""
    with pytest.raises(SystemExit) as stopped:
        main(["query", "games", "--" + "q" * 100_000])
    assert stopped.value.code == 2
    line = capsys.readouterr().err.splitlines()[-1]
    assert line.startswith("exceed query: error: unrecognized arguments: --qqq")
    assert line.endswith("… (100,002 characters)") and len(line) < 400
    with pytest.raises(SystemExit):
        main(["query", "games", "--bogus"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "exceed query: error: unrecognized arguments: --bogus")


_A_PATH = "expected a path, got '' (write . for the current folder)"
_A_FILE = "expected a file, got ''"  # (`.` is refused there too: no hint to write it)


@pytest.mark.parametrize(("argv", "argument", "why"), [
    (["info", ""], "FILE|DIR", _A_PATH),
    (["verify", ""], "FILE|DIR", _A_PATH),
    (["analyze", ""], "FILE|DIR", _A_PATH),
    (["replay", ""], "FILE", _A_FILE),
    (["capsule", "", "--at", "4"], "FILE", _A_FILE),
    (["fork", "", "--at", "2", "--choose", "0"], "FILE", _A_FILE),
    (["play", "--p1", "ryu", "--p2", "ken", "--position", ""], "--position", _A_FILE),
    (["index", ""], "PATH", _A_PATH),
    (["index", "{log}", ""], "PATH", _A_PATH),
])
def test_an_empty_path_is_refused_not_the_current_folder(
        argv: list[str], argument: str, why: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Walking the terminal: ``exceed info ""`` (a script's ``"$LOG"`` with ``LOG``
    unset) is ``Path("")``, the current folder: ``info``, ``verify``, ``analyze`` and
    ``index`` read every log there, exit 0. A path argument refuses an empty value, as
    ``--out`` does, and nothing is read or written."""
    log = Path(__file__).resolve().parents[3] / "sample_games" / \
        "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    work = tmp_path / "here"
    work.mkdir()
    (work / "game.exlog").write_bytes(log.read_bytes())
    monkeypatch.chdir(work)
    with pytest.raises(SystemExit) as exited:
        main([a.format(log=log) for a in argv])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == f"exceed {argv[0]}: error: argument {argument}: {why}"
    assert sorted(p.name for p in work.iterdir()) == ["game.exlog"]


@pytest.mark.parametrize("argv", [
    ["play", "--p1", "ryu", "--p2", "ken", "--\x1b[31m"],
    ["info", "x.exlog", "--agent", "a\rb"],
    ["replay", "x.exlog", "\u202eevil"],
])
def test_an_unknown_argument_is_echoed_escaped(argv: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A fuzz helper (6 Dec 2026): "unrecognized arguments" was cut short but not escaped,
    so an escape sequence, a carriage return or a right-to-left mark reached the terminal
    as it was typed. Now it is written as Python writes it."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert "unrecognized arguments: " in err
    assert err.isprintable() and "\\" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--p1", "ryu", "--p2", "ken", "--out", "o", "--seed", "𝟗"],
     "argument --seed: seed must be an integer, got '𝟗', which is not written in the "
     "digits 0-9"),
    (["simulate", "--p1", "ryu", "--p2", "ken", "--out", "o", "--games", "٣"],
     "argument --games: expected a positive integer, got '٣', which is not written in the "
     "digits 0-9"),
    (["play", "--p1", "ryu", "--p2", "ken", "--seed", "0x٣"],
     "argument --seed: seed must be an integer, got '0x٣', which is not written in the "
     "digits 0-9"),
    (["replay", "game.exlog", "--turn", "１"],
     "argument --turn: expected an integer, got '１', which is not written in the digits "
     "0-9"),
    (["query", "games", "--limit", "²"],
     "argument --limit: expected an integer, got '²', which is not written in the digits 0-9"),
    (["query", "games", "--wait", "٣.5"],
     "argument --wait: expected seconds, got '٣.5', which is not written in the digits 0-9"),
    (["simulate", "--p1", "ryu", "--p2", "ken", "--out", "o", "--seed", "٣" * 5000],
     "argument --seed: seed must be an integer, got '" + "٣" * 40 + "…' (5,000 "
     "characters), which is not written in the digits 0-9"),
])
def test_a_number_in_other_digits_is_refused_in_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA: Python's ``int('𝟗')`` is 9 and ``int('٣')`` 3, so ``--seed 𝟗`` played seed 9
    and ``--games ٣`` three games: a number the person never wrote in digits 0-9. The
    shared integer parser (``replay.quoting.integer_as_typed``) reads ASCII only, and
    the refusal says why, as for any other value that is not a number."""
    monkeypatch.chdir(tmp_path)  # (read as a number, simulate wrote its games to o/)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"exceed {argv[0]}: error: {message}"
    assert args.integer("9") == 9 and args.seconds(" 2.5 ") == 2.5  # 0-9 still read
