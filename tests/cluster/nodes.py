"""A real cluster for the cluster tests: ``cardroom serve`` nodes on a fresh PostgreSQL schema
behind a real nginx (the configuration ``cluster/nginx.py`` renders), each node logging to its
own file. Tests using it skip without nginx, asyncpg or ``CARDROOM_TEST_PG_URL``."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.load import http
from cardroom.server.cluster.nginx import render

PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
NEEDS = [
    pytest.mark.skipif(not PG_URL, reason="CARDROOM_TEST_PG_URL is not set"),
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed"),
]


def free_ports(n: int) -> list[int]:
    """``n`` distinct free ports: all bound at once, so the system cannot hand one out twice
    (one at a time, two nodes were once given the same port and the second could not bind)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(socket.socket()) for _ in range(n)]
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]


def wait_up(port: int, proc: subprocess.Popen[bytes], limit: float = 30) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        assert proc.poll() is None, "a node exited at startup"
        try:
            http(f"http://127.0.0.1:{port}", "GET", "/api/games")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"node on {port} did not start")


@dataclass
class Cluster:
    """The running cluster: nginx at ``base``, node ``i`` at ``urls[i]`` as ``procs[i]``
    logging to ``logs[i]``, all on PostgreSQL schema ``schema``."""

    base: str
    urls: dict[int, str]
    procs: dict[int, subprocess.Popen[bytes]]
    logs: dict[int, Path]
    schema: str

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        """Rows of ``sql`` on the cluster's schema."""
        import asyncpg

        conn = await asyncpg.connect(PG_URL, server_settings={"search_path": self.schema})
        try:
            return list(await conn.fetch(sql, *args))
        finally:
            await conn.close()

    async def owner(self, table: str) -> int | None:
        """The node whose lease names ``table``."""
        rows = await self.fetch("SELECT node FROM leases WHERE table_id = $1", table)
        return int(rows[0][0]) if rows and rows[0][0] is not None else None


@contextlib.asynccontextmanager
async def cluster(tmp_path: Path, nodes: int, *flags: str) -> AsyncIterator[Cluster]:
    """``nodes`` nodes (``cardroom serve --node-id i`` with ``flags``, logging at info) behind
    nginx, on a schema of their own that is dropped afterwards."""
    import asyncpg

    assert PG_URL is not None and NGINX is not None
    schema = f"cluster_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(PG_URL)
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    db = f"{PG_URL}{'&' if '?' in PG_URL else '?'}search_path={schema}"
    ports = free_ports(nodes + 1)
    procs: dict[int, subprocess.Popen[bytes]] = {}
    logs = {i: tmp_path / f"node{i}.log" for i in range(1, nodes + 1)}
    nginx_conf = tmp_path / "nginx.conf"
    try:
        for i, port in enumerate(ports[1:], start=1):
            log = open(logs[i], "wb")  # noqa: SIM115 - closed with the process
            procs[i] = subprocess.Popen(
                [sys.executable, "-m", "cardroom", "serve", "--port", str(port), "--db", db,
                 "--node-id", str(i), "--log-level", "info", *flags],
                stdout=log, stderr=log,
            )  # fmt: skip
            if i == 1:
                wait_up(port, procs[i])  # the first node creates the schema alone
        for i, port in enumerate(ports[1:], start=1):
            wait_up(port, procs[i])
        nodes_at = [f"127.0.0.1:{p}" for p in ports[1:]]
        nginx_conf.write_text(render(f"127.0.0.1:{ports[0]}", nodes_at, str(tmp_path)))
        subprocess.run([NGINX, "-p", str(tmp_path), "-c", str(nginx_conf)], check=True)
        urls = {i: f"http://127.0.0.1:{p}" for i, p in enumerate(ports[1:], start=1)}
        yield Cluster(f"http://127.0.0.1:{ports[0]}", urls, procs, logs, schema)
    finally:
        if nginx_conf.exists():
            subprocess.run([NGINX, "-p", str(tmp_path), "-c", str(nginx_conf), "-s", "stop"],
                           check=False)  # fmt: skip
        for proc in procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        keep = os.environ.get("CARDROOM_FAILOVER_LOGS")  # a directory to keep the nodes' logs
        if keep:
            shutil.copytree(tmp_path, keep, dirs_exist_ok=True)
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()
