"""One server per node id on PostgreSQL: cluster nodes share a database, but two nodes with one
node id, or a lone server (no ``--node-id``) beside anything else, must not: the later one
refuses to start with a clear message. Skips without ``CARDROOM_TEST_PG_URL``."""

from __future__ import annotations

import os

import pytest

from tests.server.test_attacks_resilience import process, run_to_exit

PG_URL = os.environ.get("CARDROOM_TEST_PG_URL")
pytest.importorskip("asyncpg")
pytestmark = pytest.mark.skipif(not PG_URL, reason="CARDROOM_TEST_PG_URL is not set")
NODE = ("--node-id", "917")  # an id no other test uses (node locks span the database)


async def test_a_node_id_held_by_a_live_node_is_refused() -> None:
    assert PG_URL is not None
    async with process(PG_URL, *NODE) as (_, server, _log):  # type: ignore[arg-type]
        code, err = await run_to_exit(PG_URL, *NODE)  # type: ignore[arg-type]
        assert code != 0 and "node 917 is already running" in err, err
        code, err = await run_to_exit(PG_URL)  # type: ignore[arg-type]
        assert code != 0 and "in use by another cardroom server" in err, err
        assert (await server.http.get("/api/games")).status_code == 200
    async with process(PG_URL, *NODE) as (_, server, _log):  # type: ignore[arg-type]
        assert (await server.http.get("/api/games")).status_code == 200  # released on exit


async def test_a_lone_server_keeps_nodes_and_other_servers_out() -> None:
    assert PG_URL is not None
    async with process(PG_URL) as (_, server, _log):  # type: ignore[arg-type]
        code, err = await run_to_exit(PG_URL)  # type: ignore[arg-type]
        assert code != 0 and "in use by another cardroom server" in err, err
        code, err = await run_to_exit(PG_URL, *NODE)  # type: ignore[arg-type]
        assert code != 0 and "without --node-id is using this database" in err, err
        assert (await server.http.get("/api/games")).status_code == 200
