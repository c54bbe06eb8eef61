"""The group commit's batch on SQLite: what one ``append_batch`` costs, per batch and per append,
when batches of many sizes follow one another (as under a changing load), in this process; and
the same batches with the read of the tables' last seqs in one shape per batch size (as it was
before its shapes were padded to powers of two), round for round beside it.

Each batch appends one record to each of ``k`` distinct tables, ``k`` drawn from 1..``--max``
(seeded); batches go in pairs of one ``k``, one batch with each shape, so that both meet the
same load of the machine. The figures are the mean CPU time of the loop's thread per batch (a
batch is written on the loop: the CPU time is steadier than the wall clock on a busy machine),
median over the rounds, and each round's ratio. How many shapes of that read a run asks for
decides how often sqlite3 prepares it anew (its statement cache keeps 128 statements).

    .venv/bin/python bench/append_batch.py [--max 512] [--pairs 1000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from cardroom.engine.record import LogRecord
from cardroom.storage import SqlStore, TableMeta
from cardroom.storage import sql as sql_module

AT = "2026-01-01T00:00:00.000+00:00"
Shape = Callable[[Sequence[str]], tuple[str, list[str]]]
Times = tuple[float, float]
PADDED: Shape = sql_module._last_seqs


def per_size(ids: Sequence[str]) -> tuple[str, list[str]]:
    """The read in one shape per number of tables (its text built anew each time)."""
    marks = ", ".join("?" for _ in ids)
    sql = (
        "SELECT id, (SELECT MAX(seq) FROM log WHERE table_id = id) FROM tables "
        f"WHERE id IN ({marks})"
    )
    return sql, list(ids)


async def one_round(path: Path, tables: int, pairs: int, most: int, seed: int) -> Times:
    """CPU seconds per batch with each shape over ``pairs`` pairs of batches: both of a pair
    append to ``k`` tables (1..``most``), one with each shape, in alternating order."""
    store = SqlStore(str(path))
    await store.open()
    try:
        ids = [f"t{n}" for n in range(tables)]
        for table_id in ids:
            await store.create_table(TableMeta(table_id, "toepen", "1", {}), 4)
        seqs = dict.fromkeys(ids, 0)
        rng = random.Random(seed)
        spent = {PADDED: 0.0, per_size: 0.0}
        for n in range(pairs):
            k = rng.randint(1, most)
            for shape in (PADDED, per_size) if n % 2 == 0 else (per_size, PADDED):
                batch = []
                for table_id in rng.sample(ids, k):
                    seqs[table_id] += 1
                    seq = seqs[table_id]
                    record = LogRecord(seq, "action", 0, f"pass {seq}", False, AT)
                    batch.append((table_id, [record]))
                setattr(sql_module, "_last_seqs", shape)  # noqa: B010 (the store reads it there)
                start = time.thread_time()
                results = await store.append_batch(batch)
                spent[shape] += time.thread_time() - start
                setattr(sql_module, "_last_seqs", PADDED)  # noqa: B010
                assert results == [None] * len(batch)
        return spent[PADDED] / pairs, spent[per_size] / pairs
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max", type=int, default=512, help="most appends in one batch")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    tables, size = max(args.max, 1), (1 + args.max) / 2
    rounds = []
    for n in range(args.rounds):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.db"
            rounds.append(asyncio.run(one_round(path, tables, args.pairs, args.max, n)))
    for name, times in (("padded", [r[0] for r in rounds]), ("per size", [r[1] for r in rounds])):
        batch = statistics.median(times)
        each = ", ".join(f"{t * 1e6:.0f}" for t in times)
        print(
            f"batches of 1..{args.max}, read {name}: {batch * 1e6:.0f} µs CPU per batch, "
            f"{batch / size * 1e6:.2f} µs per append (rounds: {each})"
        )
    ratios = [p / e for p, e in rounds]
    print(f"padded / per size, by round: median {statistics.median(ratios):.3f} "
          f"(rounds: {', '.join(f'{r:.3f}' for r in ratios)})")  # fmt: skip


if __name__ == "__main__":
    main()
