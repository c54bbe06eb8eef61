"""Split a py-spy profile (``py-spy record -f raw``: folded stacks) into the server's parts.

Why: "where does a record's time go" must be answered with figures, not guesses. A sample is
charged to the first part, in the order of ``PARTS``, that has a frame anywhere in its stack:
an observation built for a bot's view counts as an observation, not as the bot driver; JSON
encoding called from the websocket layer counts as encoding. Samples of a thread waiting
(``epoll_pwait`` in the event loop, aiosqlite's worker waiting on its queue) are dropped, so
record with ``--native`` (without it py-spy's idle detection charges the loop's waits to
``Runner.run``, a third of a paced profile):

    py-spy record -p PID -d 25 -r 100 --native -f raw -o prof.txt
    python bench/profile_split.py prof.txt
"""

from __future__ import annotations

import sys
from collections import Counter

PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gc", ("gc_collect", "young_collections", "full_collections")),
    ("observations", ("Game.observe (", ".observe (cardroom/games")),
    ("storage", ("aiosqlite", "sqlite3", "storage/", "asyncpg")),
    ("bot driver", ("bot_driver.py", "bots/")),
    (
        "encoding",
        (
            "wire.py",
            "msgspec",
            "to_json",
            "with_say",
            "narration",
            "Version.envelope",
            "history.py",
            "json/",
            "orjson",
        ),
    ),
    (
        "websocket",
        (
            "web/ws.py",
            "starlette/websockets",
            "uvicorn/protocols/websockets",
            "websockets/",
            "UVStream",
            "_exception_handler",
        ),
    ),
    ("engine", ("games/", "engine/")),
    ("http", ("starlette", "uvicorn/protocols/http", "httptools")),
    ("actor", ("server/",)),
)
OTHER = "asyncio loop/other"
IDLE_LEAVES = ("epoll_pwait", "epoll_wait", "select (")
IDLE_WAITS = ("SimpleQueue_get",)


def part(frames: list[str]) -> str | None:
    """The part a sample's frames (outermost first) belong to; None for a waiting thread."""
    if any(m in frames[-1] for m in IDLE_LEAVES):
        return None
    if any(w in f for f in frames[-4:] for w in IDLE_WAITS):
        return None
    for name, marks in PARTS:
        if any(m in f for f in frames for m in marks):
            return name
    return OTHER


def split(lines: list[str]) -> tuple[Counter[str], int]:
    """Samples per part, and the idle samples dropped."""
    counts: Counter[str] = Counter()
    idle = 0
    for line in lines:
        stack, _, n = line.rstrip().rpartition(" ")
        frames = stack.split(";")[1:]  # the first is the thread
        if not n.isdigit() or not frames:
            continue
        name = part(frames)
        if name is None:
            idle += int(n)
        else:
            counts[name] += int(n)
    return counts, idle


def main(path: str) -> None:
    with open(path) as f:
        counts, idle = split(f.readlines())
    total = sum(counts.values()) or 1
    print(f"{total} busy samples ({idle} idle dropped)")
    for name, n in counts.most_common():
        print(f"  {name:20} {100 * n / total:5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1])
