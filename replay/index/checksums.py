"""The checksum list an export writes beside each table's Parquet files, and its check.

A Parquet file damaged in its middle (its footer intact) can decode into other values
without any error: DuckDB checks a page's framing, not its bytes, and zeroed spots in a
page went unnoticed about one time in seven. So ``exceed export`` writes
``DIR/<table>/_checksums.json`` (``CHECKSUMS``; Spark and DuckDB's ``bucket=*/*.parquet``
glob both skip it): each partition file's size and SHA-256. Before a query runs over
an export, the files of the tables it names are checked against their list (each file
hashed once per size and modification time, then remembered), and the first file whose
bytes differ, that is missing, or that no export wrote is named in the one line that
refuses the query. An export written before the lists (no ``_checksums.json``) is read
as before, with DuckDB's own checks only.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import threading
from pathlib import Path

CHECKSUMS = "_checksums.json"
"""The checksum list of a table folder of an export."""
MAX_CHECKSUMS = 1 << 20
"""Bytes a checksum list may hold (an export has at most 16 partition files a table)."""
PARTITION_GLOB = "bucket=*/*.parquet"
_CHUNK = 1 << 20

_lock = threading.Lock()
_hashed: dict[str, tuple[int, int, str]] = {}
"""Per path: the size and modification time in ns of the version last hashed, and its
SHA-256. One entry per path (a file exported again replaces its entry), at most
``_MOST_HASHED`` paths (more: forgotten, and hashed again when read)."""
_MOST_HASHED = 65_536


class ListProblem(Exception):
    """A checksum list that cannot be read or is not one an export writes."""


def sha256_of(path: Path) -> str:
    """The SHA-256 of ``path``'s bytes (hex), remembered per path, size and mtime."""
    stat = path.stat()
    key, version = str(path), (stat.st_size, stat.st_mtime_ns)
    with _lock:
        known = _hashed.get(key)
    if known is not None and known[:2] == version:
        return known[2]
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(_CHUNK):
            digest.update(chunk)
    found = digest.hexdigest()
    with _lock:
        if len(_hashed) >= _MOST_HASHED and key not in _hashed:
            _hashed.clear()
        _hashed[key] = (*version, found)
    return found


def write_checksums(folder: Path) -> None:
    """Write ``folder``'s checksum list: every partition file, by its path under
    ``folder`` (``bucket=a/data_0.parquet``), with its size and SHA-256."""
    entries = {
        file.relative_to(folder).as_posix(): {"size": file.stat().st_size,
                                               "sha256": sha256_of(file)}
        for file in sorted(folder.glob(PARTITION_GLOB))}
    (folder / CHECKSUMS).write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")


def _listed(folder: Path) -> dict[str, tuple[int, str]] | None:
    """``folder``'s checksum list, None when it has none; ``ListProblem`` when it
    cannot be read, is too large, or is not a list an export writes."""
    path = folder / CHECKSUMS
    try:  # opened without waiting: a pipe in its place held every query up for good
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise ListProblem("is not a regular file")
            raw = stream.read(MAX_CHECKSUMS + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ListProblem(f"cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_CHECKSUMS:
        raise ListProblem(f"is over {MAX_CHECKSUMS:,} bytes, larger than any export writes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise ListProblem(f"is not JSON ({str(error).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise ListProblem("is not a map of files")
    listed: dict[str, tuple[int, str]] = {}
    for name, entry in data.items():
        size = entry.get("size") if isinstance(entry, dict) else None
        digest = entry.get("sha256") if isinstance(entry, dict) else None
        if (not isinstance(size, int) or isinstance(size, bool) or size < 0
                or not isinstance(digest, str) or len(digest) != 64):
            raise ListProblem(f"has an entry that is not a size and a SHA-256 ({name[:80]!r})")
        listed[name] = (size, digest)
    return listed


def unlike_listed(directory: Path, tables: list[str]) -> tuple[Path, str] | None:
    """The first partition file of ``tables`` under the export ``directory`` that is
    not as its table's checksum list says (or that list itself), with what is wrong in
    words (``damaged Parquet file, ...``); None when every file is as listed or a table
    has no list (an older export)."""
    for table in tables:
        folder = directory / table
        try:
            listed = _listed(folder)
        except ListProblem as problem:
            return folder / CHECKSUMS, f"damaged checksum list of the export's {table}: it {problem}"
        if listed is None:
            continue
        present = {file.relative_to(folder).as_posix(): file  # DuckDB reads no FIFO
                   for file in folder.glob(PARTITION_GLOB) if file.is_file()}
        for name in sorted(present.keys() - listed.keys()):
            return present[name], f"a Parquet file no export wrote (it is not in {table}/{CHECKSUMS})"
        for name, (size, digest) in sorted(listed.items()):
            file = present.get(name)
            if file is None:
                return folder / name, f"missing Parquet file (it is in {table}/{CHECKSUMS})"
            try:
                actual = file.stat().st_size
                if actual != size:
                    return file, (f"damaged Parquet file, it holds {actual:,} bytes where the "
                                  f"export wrote {size:,}")
                if sha256_of(file) != digest:
                    return file, (f"damaged Parquet file, its bytes are not those the export "
                                  f"wrote (its SHA-256 differs from {table}/{CHECKSUMS})")
            except OSError as error:
                return file, f"damaged Parquet file, it cannot be read ({error.strerror or error})"
    return None

