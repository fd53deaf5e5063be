"""Card facts: the card-data schema, the catalog loaded from ``engine/data/``, Tag Teams and the seasons."""
