"""What an operator reads when ``cardroom serve`` cannot start: one ``cannot start: …`` line
saying what and where, a non-zero exit and no traceback, for every condition an operator can
fix (a database another server holds, a port in use, a database path that cannot be created,
a malformed ``--db``, PostgreSQL unreachable or silent, a signal while starting). And once it
listens, the log names the port it got, ``--port 0`` included."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from .conftest import TIMEOUT
from .processes import LAUNCH, ROOT, process
from .test_attacks_resilience import run_to_exit


def one_line(err: str, *parts: str) -> str:
    """The one error line of ``err``, checked to name ``parts``; no traceback, and not
    uvicorn's "Application startup failed. Exiting." after it."""
    assert "Traceback" not in err, err
    assert "Application startup failed" not in err, err
    lines = [line for line in err.splitlines() if "ERROR" in line]
    assert len(lines) == 1, err
    assert all(part in lines[0] for part in parts), lines[0]
    return lines[0]


async def test_a_second_server_on_one_database_says_so_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "cardroom.db"
    async with process(db):
        code, err = await run_to_exit(db)
    assert code != 0
    one_line(err, "cannot start: the database", str(db), "in use by another cardroom server")


async def test_the_log_names_the_port_bound_for_port_0(tmp_path: Path) -> None:
    async with process(tmp_path / "cardroom.db") as (_, server, log):
        assert server.url.rsplit(":", 1)[1] != "0"
        async with asyncio.timeout(TIMEOUT):  # logged just after uvicorn's own line
            while not any(f"ops.process: listening on {server.url}" in line for line in log):
                await asyncio.sleep(0.05)


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.create_server(("127.0.0.1", 0)) as sock:
        yield sock.getsockname()[1]


async def test_a_port_in_use_stops_the_start_before_the_database_opens(
    tmp_path: Path, taken_port: int
) -> None:
    code, err = await run_to_exit(tmp_path / "cardroom.db", "--port", str(taken_port))
    assert code != 0
    one_line(err, f"cannot listen on 127.0.0.1 port {taken_port}", "Address already in use")
    assert "tables resumed" not in err and not (tmp_path / "cardroom.db").exists()


async def test_a_database_path_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "missing" / "cardroom.db"
    code, err = await run_to_exit(db)
    assert code != 0
    one_line(err, f"the database {db} cannot be opened", "No such file or directory")


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://me@h/db", "is no SQLite file"),
        ("sqlite://cardroom.db", "is no SQLite file"),
        ("postgresql://me:secret@h:port/db", "its port is not a number"),
    ],
)
async def test_a_malformed_db_url_is_refused_before_anything_starts(url: str, says: str) -> None:
    code, err = await run_to_exit(url)  # type: ignore[arg-type]
    assert code == 2
    assert "secret" not in one_line(err, "--db", says)


async def test_postgresql_unreachable_is_one_line_without_the_password() -> None:
    pytest.importorskip("asyncpg")
    code, err = await run_to_exit("postgresql://cardroom:x@127.0.0.1:1/none")  # type: ignore[arg-type]
    assert code != 0
    line = one_line(err, "postgresql://cardroom:***@127.0.0.1:1/none cannot be opened")
    assert "ConnectionRefusedError" in line


@asynccontextmanager
async def silent_postgres() -> AsyncIterator[tuple[str, asyncio.Event]]:
    """A PostgreSQL address that accepts connections and never answers (a hung database); the
    event is set once the server connects."""
    reached = asyncio.Event()
    held: list[asyncio.StreamWriter] = []

    async def accept(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        reached.set()

    listener = await asyncio.start_server(accept, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    try:
        yield f"postgresql://cardroom:x@127.0.0.1:{port}/none", reached
    finally:
        for writer in held:
            writer.close()
        listener.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_while_the_database_hangs_stops_the_start_at_once(
    sig: signal.Signals,
) -> None:
    """uvicorn lets a start run to its end before it obeys a signal: a minute, here."""
    pytest.importorskip("asyncpg")
    async with silent_postgres() as (url, reached):
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", LAUNCH, "serve", "--port", "0", "--db", url,
            cwd=ROOT, stderr=asyncio.subprocess.PIPE, env=os.environ,
        )  # fmt: skip
        try:
            async with asyncio.timeout(TIMEOUT):
                await reached.wait()
                proc.send_signal(sig)
                _, err = await proc.communicate()
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert proc.returncode != 0
    one_line(err.decode(), f"cannot start: stopped by {sig.name} while starting")
