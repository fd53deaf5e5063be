"""The DuckDB index of recorded games: its schema, the rows a log becomes, the one writer,
the typed read-only queries and the Parquet export.

``schema`` (tables and column types, the ``strikes`` columns derived from
``replay.strikes.StrikeSummary``), ``rows`` (decoding logs into Arrow tables, in worker
processes), ``writer`` (the indexer: the only code that writes the index), ``source``
(where the index is read from, short-lived read-only connections, time limits),
``queries`` (row types and the named analytics queries), ``named`` (those queries by name,
for ``exceed query``) and ``export`` (a partitioned Parquet copy).
"""
