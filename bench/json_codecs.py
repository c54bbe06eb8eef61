"""Encode real server frames with json, orjson and msgspec: which is fastest, and by how much.

Frames are the envelopes of seeded Tichu games (every seat's observation after every record),
so the figures cover what a server really sends, exchange listings included.

    .venv/bin/python bench/json_codecs.py [--games 3] [--repeat 5]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardroom.bots.arena.match import play_match
from cardroom.bots.registry import make_bot
from cardroom.engine import get_game
from cardroom.engine.runner import apply_record

Encoder = Callable[[Any], Any]


def frames(games: int) -> list[Any]:
    game = get_game("tichu")
    out: list[Any] = []
    config = game.config_from_json({})
    for seed in range(games):
        bots = [make_bot("tichu", "heuristic") for _ in range(4)]
        result = play_match(game, config, bots, seed=str(seed))
        state = game.new(config)
        for record in result.record.records:
            state, _ = apply_record(game, state, record)
            for seat in range(4):
                obs = game.observe(state, seat).to_json()
                out.append({"t": "ev", "v": record.seq, "events": [], "obs": obs})
    return out


def encoders() -> dict[str, Encoder]:
    found: dict[str, Encoder] = {"json": lambda v: json.dumps(v, separators=(",", ":"))}
    for name in ("orjson", "msgspec"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if name == "orjson":
            found["orjson"] = lambda v, m=module: m.dumps(v).decode()
        else:
            found["msgspec"] = module.json.Encoder().encode
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    data = frames(args.games)
    print(f"{len(data)} frames")
    for name, encode in encoders().items():
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            for frame in data:
                encode(frame)
            runs.append((time.perf_counter() - start) / len(data) * 1e6)
        mean, sd = statistics.mean(runs), statistics.stdev(runs)
        half = 1.96 * sd / len(runs) ** 0.5
        print(f"{name:8} {mean:7.1f} us/frame  (95% CI +- {half:.1f})")


if __name__ == "__main__":
    main()
