"""Split a py-spy profile (``py-spy record -f raw``: folded stacks) into the server's parts.

Why: "where does an action's time go" must be answered with figures, not guesses. Each sample
is charged by its innermost frame that carries a bucket's marker (so ``json.dumps`` called from
``ws.py`` counts as JSON, not websocket).

    py-spy record -p PID -d 20 -r 200 -f raw -o prof.txt
    python bench/profile_split.py prof.txt
"""

from __future__ import annotations

import sys
from collections import Counter

BUCKETS = (
    ("storage", ("aiosqlite", "sqlite3", "storage/", "asyncpg", "group_commit")),
    ("json", ("json/", "orjson", "msgspec", "wire.py")),
    ("websocket", ("websockets/", "wsproto", "permessage_deflate", "zlib", "/ws.py")),
    ("engine", ("games/", "engine/")),
    ("bots", ("bots/", "bot_driver", "bot_pool")),
    ("projection+actor", ("server/table/actor.py",)),
    ("http", ("starlette", "uvicorn/protocols/http", "h11", "httptools")),
    ("asyncio/other", ("",)),
)


def bucket(stack: str) -> str:
    for frame in reversed(stack.split(";")):
        for name, marks in BUCKETS[:-1]:
            if any(m in frame for m in marks):
                return name
    return BUCKETS[-1][0]


def split(lines: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for line in lines:
        stack, _, n = line.rstrip().rpartition(" ")
        if not n.isdigit():
            continue
        name = bucket(stack)
        counts[name] += int(n)
    return counts


def main(path: str) -> None:
    with open(path) as f:
        counts = split(f.readlines())
    total = sum(counts.values()) or 1
    print(f"{total} samples")
    for name, n in counts.most_common():
        print(f"  {name:18} {100 * n / total:5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1])
