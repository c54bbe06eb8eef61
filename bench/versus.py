"""Side by side: this tree's Tichu engine against a pinned reference, in one process.

``python bench/versus.py --ref COMMIT [--compile] [--reps N] [--rounds N]``

The reference is ``git archive COMMIT src/cardroom`` unpacked into a temporary directory as the
package ``cardroom_ref`` (every ``cardroom`` import rewritten), so both engines load into one
process and run the very same work: seeded random one-round matches through the checked engine
(``Runner`` + ``engine.testing.choose``, the same deals and choices when the rules agree) and
seeded random ``fastsim`` rounds. ``--compile`` builds the reference's hot modules with mypyc
too, to compare against this tree's compiled build (``scripts/compile.sh``).

``--processes`` runs each engine in a process of its own instead (one per engine and rep, the
same seeds, alternating which goes first), so neither engine's memo tables, objects or collector
weigh on the other's timing: back-to-back runs, checked rounds only.

On a shared machine only ratios are trustworthy: each rep times both engines back to back in CPU
time (``time.process_time``), alternating which goes first, and the figure is the per-rep ratio
with a 95 % confidence interval (Student t) over the reps. Rates (rounds per CPU second) are
printed too, but other processes' load shifts them between runs.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REF = "cardroom_ref"
T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}
T95.update({11: 2.23, 12: 2.20, 13: 2.18, 14: 2.16, 15: 2.14, 16: 2.13, 17: 2.12, 18: 2.11})


def reference(commit: str, compile_: bool) -> Path:
    """The reference package ``cardroom_ref`` of ``commit`` in a temporary directory (kept
    between runs by commit, so a compiled reference is built once)."""
    sha = subprocess.run(
        ["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    base = Path(tempfile.gettempdir()) / f"cardroom-ref-{sha[:12]}{'-c' if compile_ else ''}"
    package = base / REF
    if not (package / "__init__.py").exists():
        base.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", sha, "src/cardroom"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        (base / "src" / "cardroom").rename(package)
        (base / "src").rmdir()
        word = re.compile(r"\bcardroom(?=[.\s])")
        for path in package.rglob("*.py"):
            path.write_text(word.sub(REF, path.read_text()))
        if compile_:  # the modules that commit's scripts/compile.sh builds (games and engine)
            script = subprocess.run(
                ["git", "show", f"{sha}:scripts/compile.sh"], cwd=ROOT, capture_output=True
            ).stdout.decode()
            listed = re.findall(r"cardroom/((?:games|engine)/[\w/]+\.py)", script)
            mypyc = Path(sys.executable).with_name("mypyc")
            modules = [f"{REF}/{m}" for m in dict.fromkeys(listed)]
            subprocess.run([str(mypyc), *modules], cwd=base, check=True, capture_output=True)
    return base


def load(prefix: str) -> dict[str, Any]:
    """The engine entry points of package ``prefix``."""
    engine = importlib.import_module(f"{prefix}.engine")
    testing = importlib.import_module(f"{prefix}.engine.testing")
    fastsim = importlib.import_module(f"{prefix}.games.tichu.fastsim")
    combos: ModuleType = importlib.import_module(f"{prefix}.games.tichu.combos")
    return {
        "engine": engine,
        "choose": testing.choose,
        "fastsim": fastsim,
        "compiled": not str(combos.__file__).endswith(".py"),
        "prefix": prefix,
    }


def checked_rounds(impl: dict[str, Any], seeds: range) -> float:
    """CPU seconds for seeded random one-round matches through the checked engine."""
    engine, choose = impl["engine"], impl["choose"]
    game = engine.get_game("tichu")
    config = replace(game.default_config(), max_rounds=1)
    start = time.process_time()
    for seed in seeds:
        runner = engine.Runner(game, config, engine.SeededResolver(seed))
        rng = random.Random(seed)
        while not game.is_terminal(runner.state):
            runner.act(*choose(game, runner.state, rng))
    return time.process_time() - start


def fastsim_rounds(impl: dict[str, Any], seeds: range) -> float:
    """CPU seconds for seeded random ``fastsim`` rounds (deal, exchange, play, score)."""
    fastsim = impl["fastsim"]
    sim_cls, policy = fastsim.Sim, fastsim.random_policy
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        sim_cls.deal(rng).rollout(policy, rng)
    return time.process_time() - start


def digest(impl: dict[str, Any], seeds: range) -> str:
    """SHA-256 of seeded random matches (the standard rules and every option, alternately, up
    to 3 rounds): every state's observation bytes for each seat, a spectator and the omniscient
    view (key order included), each seat's legal actions, each step's events as each audience
    sees them, and the log. Equal digests: byte-identical observations and logs."""
    engine, choose = impl["engine"], impl["choose"]
    types = importlib.import_module(f"{impl['prefix']}.engine.types")
    audiences = (0, 1, 2, 3, types.SPECTATOR, types.OMNISCIENT)
    game = engine.get_game("tichu")
    configs = game.conformance_configs()
    log = hashlib.sha256()
    for seed in seeds:
        runner = engine.Runner(game, configs[seed % 2], engine.SeededResolver(seed))
        rng = random.Random(seed)
        while not game.is_terminal(runner.state):
            state = runner.state
            for audience in audiences:
                log.update(json.dumps(game.observe(state, audience).to_json()).encode())
            for seat in range(4):
                log.update(repr([str(a) for a in game.legal_actions(state, seat)]).encode())
            log.update(repr(sorted(game.active_seats(state))).encode())
            for event in runner.act(*choose(game, state, rng)):
                for audience in audiences:
                    seen = game.project(event, audience)
                    log.update(json.dumps(None if seen is None else seen.to_json()).encode())
        log.update(runner.to_record().to_jsonl().encode())
    return log.hexdigest()


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95 % confidence interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    t = T95.get(len(values), 2.0)
    return mean, t * statistics.stdev(values) / len(values) ** 0.5


def compare(
    name: str,
    work: Callable[[dict[str, Any], range], float],
    ours: dict[str, Any],
    ref: dict[str, Any],
    rounds: int,
    reps: int,
    warm: bool = True,
) -> None:
    if warm:  # warm both (imports, caches); a run in its own process warms itself
        work(ours, range(rounds // 10 + 1))
        work(ref, range(rounds // 10 + 1))
    ratios, ours_rate, ref_rate = [], [], []
    for rep in range(reps):
        seeds = range(rep * rounds, (rep + 1) * rounds)
        if rep % 2:
            t_ref, t_ours = work(ref, seeds), work(ours, seeds)
        else:
            t_ours, t_ref = work(ours, seeds), work(ref, seeds)
        ratios.append(t_ref / t_ours)
        ours_rate.append(rounds / t_ours)
        ref_rate.append(rounds / t_ref)
    ratio, half = mean_ci(ratios)
    rate_ours, half_ours = mean_ci(ours_rate)
    rate_ref, half_ref = mean_ci(ref_rate)
    print(
        f"{name:<28} speed-up {ratio:5.2f}x ± {half:.2f} (95% CI, {reps} reps of {rounds} rounds;"
        f" median {statistics.median(ratios):.2f}x, range {min(ratios):.2f}-{max(ratios):.2f})"
        f" | ours {rate_ours:8,.0f} ± {half_ours:,.0f} rounds/CPU-s"
        f" | reference {rate_ref:8,.0f} ± {half_ref:,.0f}"
    )


def solo(prefix: str, start: int, rounds: int) -> None:
    """Print the CPU seconds of ``checked_rounds`` on ``rounds`` seeds from ``start``, with only
    the package ``prefix`` loaded (after a warm-up on other seeds)."""
    impl = load(prefix)
    checked_rounds(impl, range(10**6, 10**6 + rounds // 10 + 1))
    print(checked_rounds(impl, range(start, start + rounds)))


def alone(commit: str, base: Path, compiled: bool) -> Callable[[dict[str, Any], range], float]:
    """A ``compare`` work: ``checked_rounds`` of an engine (``{"prefix": …}``) on the seeds, in a
    process of its own (``solo``)."""

    def run(impl: dict[str, Any], seeds: range) -> float:
        env = {**os.environ, "PYTHONPATH": str(base)}
        command = [sys.executable, __file__, "--ref", commit, "--solo", impl["prefix"]]
        command += [str(seeds.start), "--rounds", str(len(seeds))]
        command += ["--compile"] if compiled else []
        out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        return float(out.stdout.split()[-1])

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the reference commit (default main)")
    parser.add_argument("--compile", action="store_true", help="a mypyc-compiled reference")
    parser.add_argument("--reps", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=40, help="checked rounds per rep")
    parser.add_argument("--sim-rounds", type=int, default=400, help="fastsim rounds per rep")
    parser.add_argument(
        "--digest", type=int, metavar="N", help="only compare N matches' observation digests"
    )
    parser.add_argument("--processes", action="store_true", help="each run in its own process")
    parser.add_argument("--solo", nargs=2, metavar=("PACKAGE", "START"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    base = reference(args.ref, args.compile)
    sys.path.insert(0, str(base))
    if args.solo:
        solo(args.solo[0], int(args.solo[1]), args.rounds)
        return
    if args.processes:
        print(f"reference {args.ref} ({base}); load {os.getloadavg()[0]:.1f}")
        work = alone(args.ref, base, args.compile)
        ours, ref = {"prefix": "cardroom"}, {"prefix": REF}
        compare("checked, own processes", work, ours, ref, args.rounds, args.reps, warm=False)
        return
    ours, ref = load("cardroom"), load(REF)
    load_avg = os.getloadavg()
    print(
        f"reference {args.ref} ({base}); compiled: ours {ours['compiled']},"
        f" reference {ref['compiled']}; load {load_avg[0]:.1f} on {os.cpu_count()} cores"
    )
    if args.digest:
        seeds = range(args.digest)
        mine, theirs = digest(ours, seeds), digest(ref, seeds)
        print(f"digest of {args.digest} matches: ours {mine[:16]}, reference {theirs[:16]}")
        print("byte-identical" if mine == theirs else "DIFFERENT")
        sys.exit(mine != theirs)
    compare("checked random rounds", checked_rounds, ours, ref, args.rounds, args.reps)
    compare("fastsim random rounds", fastsim_rounds, ours, ref, args.sim_rounds, args.reps)


if __name__ == "__main__":
    main()
