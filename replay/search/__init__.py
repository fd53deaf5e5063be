"""Moment search: the pattern language (``pattern``) that ``replay.index.search`` compiles
to parameterised SQL over the index (docs/search.md)."""
