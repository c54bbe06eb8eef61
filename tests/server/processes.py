"""``cardroom serve`` as a real process for the restart, crash and abuse tests."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx

from .conftest import Server

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = (
    "import sys, tests.server.relay; from cardroom.cli import main; sys.exit(main(sys.argv[1:]))"
)
RUNNING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")


@asynccontextmanager
async def process(
    db: Path,
    *flags: str,
    env: dict[str, str] | None = None,
    nofile: int | None = None,
    log: list[str] | None = None,
) -> AsyncIterator[tuple[asyncio.subprocess.Process, Server, list[str]]]:
    """``cardroom serve`` in its own process (the relay test game registered); yields once it
    listens, with its stderr lines so far and to come in ``log``."""
    log = [] if log is None else log

    def limit_files() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", LAUNCH, "serve", "--port", "0", "--db", str(db),
        "--bot-delay", "0", *flags, cwd=ROOT, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, **(env or {})}, preexec_fn=limit_files,
    )  # fmt: skip
    assert proc.stderr is not None
    url = None
    async with asyncio.timeout(30):
        while url is None:
            line = (await proc.stderr.readline()).decode()
            assert line, "the server exited: " + "".join(log)
            log.append(line)
            if match := RUNNING.search(line):
                url = match.group(1)

    async def drain() -> None:
        assert proc.stderr is not None
        while line := await proc.stderr.readline():
            log.append(line.decode())

    drainer = asyncio.create_task(drain())
    try:
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            yield proc, Server(url, None, http), log
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        await drainer
