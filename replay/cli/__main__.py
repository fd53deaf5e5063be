"""``python -m replay.cli ARGS``: the ``exceed`` command without its console script."""

from replay.cli import main

raise SystemExit(main())
