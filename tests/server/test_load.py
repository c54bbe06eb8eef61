"""``cardroom load`` against a real server process: it plays and reports its figures."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.serial  # loads both cores and measures rates: runs alone


def run_load(
    *args: str, check: bool = False, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``cardroom load ARGS`` in a child process, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "cardroom", "load", *args],
        capture_output=True, text=True, timeout=timeout, check=check,
    )  # fmt: skip


def test_load_command_reports_rate_and_latency() -> None:
    result = run_load("--tables", "2", "--seconds", "2", "--game", "toepen", check=True)
    acked = re.search(r"actions: (\d+) acked \(([\d.]+)/s\), (\d+) rejected", result.stdout)
    latency = re.search(r"p50 ([\d.]+) ms, p99 ([\d.]+) ms", result.stdout)
    assert acked and latency, result.stdout + result.stderr
    assert int(acked.group(1)) > 10 and float(acked.group(2)) > 0
    assert 0 < float(latency.group(1)) <= float(latency.group(2))


def test_load_refuses_remote_targets() -> None:
    result = run_load("--url", "http://example.com:8000")
    assert result.returncode == 2 and "127.0.0.1" in result.stderr


def test_the_cli_loads_without_the_server_extra() -> None:
    code = (
        "import sys\n"
        "for name in ('aiosqlite', 'asyncpg', 'starlette', 'uvicorn', 'websockets'):\n"
        "    sys.modules[name] = None\n"
        "from cardroom.cli import build_parser\n"
        "build_parser().parse_args(['load', '--tables', '1'])\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_staggered_paced_tables_play_and_are_measured() -> None:
    """With ``--stagger`` the tables begin over that many seconds (within the warm-up here),
    and their humans' actions are acknowledged and measured."""
    result = run_load("--tables", "3", "--pace", "0.2", "--bot-delay", "0.05", "--stagger", "1",
                      "--warmup", "1.5", "--seconds", "2", check=True, timeout=90)  # fmt: skip
    acked = re.search(r"actions: (\d+) acked", result.stdout)
    assert acked and int(acked.group(1)) >= 3, result.stdout + result.stderr


def test_load_refuses_a_negative_stagger() -> None:
    result = run_load("--stagger", "-1")
    assert result.returncode == 2 and "--stagger" in result.stderr


def test_a_server_that_refuses_seats_is_reported_not_retried() -> None:
    """A server with a public server's per-address bounds refuses the generator's seats: it
    says why and stops, instead of retrying until its deadline."""
    bound = ("--serve-arg=--max-seats-per-address", "--serve-arg=2")
    result = run_load("--tables", "3", "--seconds", "2", "--game", "toepen", *bound, timeout=90)
    assert "the server refused a table or seat (429)" in result.stderr, result.stderr
    assert "seats" in result.stderr and "errors" in result.stdout, result.stdout
