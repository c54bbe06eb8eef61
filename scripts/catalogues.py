"""Write the catalogues in one canonical form (sorted keys, one per line, UTF-8), so branches
that add keys merge line by line. Usage: .venv/bin/python scripts/catalogues.py"""

from __future__ import annotations

import json
import sys

from cardroom.i18n import CATALOGUE_DIR, LANGUAGES


def canonical(data: dict[str, str]) -> str:
    return json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    for lang in LANGUAGES:
        path = CATALOGUE_DIR / f"{lang}.json"
        path.write_text(canonical(json.loads(path.read_text("utf-8"))), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
