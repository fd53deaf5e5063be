"""A catalog for the Under Night In-Birth season tests: the packaged card data plus one
test-only UNI fighter, ``unitester`` (``tests/fixtures/uni/unitester.json``): the 8 `uni`
Normals x2 and a Trap boost (a 19-card deck, which a UNI deck may have), an exceed action
"Revert", ``on_exceed: draw 1`` and ``on_revert: draw 2``. No UNI fighter is in the
packaged data yet; this one never is."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from engine.cards.catalog import DATA_DIR, Catalog, load_catalog

FIXTURE = Path(__file__).with_name("fixtures") / "uni" / "unitester.json"


def uni_catalog() -> Catalog:
    """The packaged data plus ``unitester``, loaded from a temporary copy."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        shutil.copytree(DATA_DIR, root)
        shutil.copy(FIXTURE, root / "characters" / FIXTURE.name)
        return load_catalog(root)


UNI_CATALOG = uni_catalog()
