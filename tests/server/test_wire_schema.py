"""The wire's typed messages are the protocol: the JSON Schema in docs/ is generated from them
and current, the browser and terminal clients send and handle only what it declares, and every
frame a table sends conforms to it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec

from cardroom.engine import SPECTATOR
from cardroom.server.settings import STATIC_DIR
from cardroom.server.table.commands import Act, Attach, Ready, Say, SetBot
from cardroom.server.web import wire
from cardroom.storage import MemoryStore

from .test_actor import WHO, Inbox, seated

ROOT = Path(__file__).parents[2]
SCHEMA = ROOT / "docs" / "wire-schema.json"
CLIENT_SOURCES = [*STATIC_DIR.glob("*.js"), ROOT / "src" / "cardroom" / "tui" / "remote.py"]


def tags(direction: str) -> dict[str, set[str]]:
    """``t`` → the fields its frame may carry, for ``client`` or ``server`` frames."""
    schema = wire.schema()
    mapping = schema["properties"][direction]["discriminator"]["mapping"]
    return {
        tag: set(schema["$defs"][ref.rsplit("/", 1)[1]]["properties"])
        for tag, ref in mapping.items()
    }


def test_the_schema_in_docs_is_generated_from_the_messages() -> None:
    current = json.dumps(wire.schema(), indent=2, sort_keys=True) + "\n"
    assert SCHEMA.read_text() == current, (
        "docs/wire-schema.json is stale: python -m cardroom.server.web.wire > docs/wire-schema.json"
    )


def sent_frames() -> list[tuple[str, set[str], Path]]:
    """Each frame literal the clients send: its ``t``, its keys and the file."""
    found = []
    for path in CLIENT_SOURCES:
        text = path.read_text()
        js = r"\{\s*t:\s*\"(\w+)\"\s*,?([^{}]*)\}"
        py = r"\{\s*\"t\":\s*\"(\w+)\"\s*,?([^{}]*)\}"
        for tag, body in re.findall(js if path.suffix == ".js" else py, text):
            keys = {part.split(":")[0].strip().strip('"') for part in body.split(",")}
            found.append((tag, keys - {""}, path))
    return found


def test_the_clients_send_only_declared_frames_and_fields() -> None:
    client = tags("client")
    frames = sent_frames()
    assert {"hello", "act", "chat", "ready", "resync"} <= {tag for tag, _, _ in frames}
    for tag, keys, path in frames:
        assert tag in client, f"{path.name} sends an undeclared frame {tag!r}"
        assert keys <= client[tag], f"{path.name} sends {tag!r} with {keys - client[tag]}"


def test_the_browser_handles_every_server_frame_and_no_other() -> None:
    source = (STATIC_DIR / "socket.js").read_text()
    receive = source[source.index("receive(msg)") :]
    handled = set(re.findall(r'case "(\w+)":', receive[: receive.index("default:")]))
    assert handled == set(tags("server")) - {"pong"}


async def test_every_frame_a_table_sends_conforms_to_the_schema() -> None:
    actor, tokens, inbox = await seated(MemoryStore())
    player = Inbox()
    await actor.call(Attach(player, tokens[1], None))
    await actor.call(Say(0, None, "hello"))
    await actor.call(Say(SPECTATOR, "Eve", "hi"))
    await actor.call(Act(0, "bid 1"))
    await actor.call(Act(1, "bid 0"))
    await actor.call(Ready(0))
    await actor.call(SetBot(1, "random", WHO))  # the player loses seat 1
    frames: list[dict[str, Any]] = inbox.messages + player.messages
    assert {f["t"] for f in frames} >= {"welcome", "ev", "seats", "chat", "unseated"}
    for frame in frames:
        msgspec.convert(frame, wire.ServerMessage)  # raises on any mismatch
    await actor.stop()


def test_replies_encode_through_the_structs() -> None:
    assert wire.encode(wire.reject("stale", "look again", 4)) == (
        '{"t":"reject","id":4,"code":"stale","msg":"look again","key":"reject.stale",'
        '"params":{"rule":"none","detail":"look again"}}'
    )
    cited = json.loads(wire.encode(wire.reject("illegal", "R8.1.9: play the wished 8")))
    assert cited["key"] == "reject.illegal" and cited["params"]["rule"] == "R8.1.9"
    assert json.loads(wire.encode(wire.Pong())) == {"t": "pong"}
