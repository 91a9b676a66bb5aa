#!/usr/bin/env python3
"""Seconds per decision of muster's AI levels, measured through the engine protocol.

For each level given, one `muster engine` plays every seat of a game against itself (`go level
N`, then `apply` of its answer; chance outcomes drawn by their weights from a seeded generator)
until the game ends or `--decisions` decisions have been timed. It prints, per level, the
decisions timed and the mean, 90th percentile and largest wall-clock seconds from `go` to
`bestmove`, split into the set-up (Mu's lay-out and selection, while the position text says
so) and the rest.

    scripts/decision-times.py --game mu --variant "levis ply_cap=200" --levels 5,6,7,8
    scripts/decision-times.py --game mutou --seats 3 --levels 8 --decisions 60

The levels' budgets count positions or iterations, not time, so the figures measure the machine
they run on: run them on an otherwise idle machine, or give `--clock cpu` to count the engine
process's processor time instead of the wall clock (10 ms steps; close to an idle machine's wall
clock, since a level searches on one thread, when other work shares the machine).
"""

import argparse
import os
import random
import subprocess
import sys
import time


class Engine:
    """One `muster engine` process, spoken to line by line."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.ask("muster")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, line, until=("ok",)):
        """Sends a command and returns its answer's lines, the last one included."""
        self.send(line)
        lines = []
        while True:
            answer = self.proc.stdout.readline()
            if not answer:
                sys.exit(f"the engine closed its output after `{line}`")
            answer = answer.rstrip("\n")
            lines.append(answer)
            word = answer.split(" ", 1)[0]
            if word == "error":
                sys.exit(f"`{line}`: {answer}")
            if word in until:
                return lines

    def cpu_seconds(self):
        """The processor time the engine process has used so far (user and system)."""
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def show(engine):
    """The engine's `show`: the actor line's words and the position text."""
    actor, position = None, ""
    for line in engine.ask("show"):
        if line.startswith("actor "):
            actor = line.split()[1:]
        elif line.startswith("position "):
            position = line[len("position "):]
    return actor, position


def chance(engine, rng):
    """Draws one chance outcome by its weights."""
    lines = engine.ask("legal")
    legal = next(l for l in lines if l.startswith("legal")).split()[1:]
    weights = next(l for l in lines if l.startswith("weights")).split()[1:]
    return rng.choices(legal, weights=[int(w) for w in weights])[0]


def in_setup(position):
    """Whether a position text shows Mu's set-up (its lay-out and select phases)."""
    return " layout " in position or " select " in position


def play(args, level, rng):
    """Times one level's decisions in self-play; returns (set-up seconds, play seconds)."""
    engine = Engine([args.muster, "engine", "--level", str(level)])
    seats = f" seats {args.seats}" if args.seats else ""
    engine.ask(f"newgame {args.game} {args.variant}{seats}".replace("  ", " "))
    setup, rest = [], []
    while len(setup) + len(rest) < args.decisions:
        actor, position = show(engine)
        if actor[0] == "over":
            break
        if actor[0] == "chance":
            engine.ask(f"apply {chance(engine, rng)}")
            continue
        clock = engine.cpu_seconds if args.clock == "cpu" else time.monotonic
        began = clock()
        lines = engine.ask(f"go level {level}", until=("bestmove",))
        seconds = clock() - began
        (setup if in_setup(position) else rest).append(seconds)
        engine.ask(f"apply {lines[-1].split(' ', 1)[1]}")
    engine.quit()
    return setup, rest


def summary(times):
    if not times:
        return "          -"
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    mean = sum(times) / len(times)
    return f"{len(times):4} {mean:6.2f} {p90:6.2f} {times[-1]:6.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--muster", default="target/release/muster", help="the muster binary")
    parser.add_argument("--game", required=True)
    parser.add_argument("--variant", default="")
    parser.add_argument("--seats", type=int)
    parser.add_argument("--levels", default="1,2,3,4,5,6,7,8")
    parser.add_argument("--decisions", type=int, default=400, help="at most this many timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clock", choices=["wall", "cpu"], default="wall",
        help="wall-clock seconds, or the engine's processor seconds",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.game} {args.variant} seats {args.seats or 'default'}: {args.clock} seconds per decision")
    print("level   set-up: n   mean    p90    max    play: n   mean    p90    max")
    for level in [int(l) for l in args.levels.split(",")]:
        setup, rest = play(args, level, rng)
        print(f"L{level:<5} {summary(setup):>30}   {summary(rest):>30}", flush=True)


if __name__ == "__main__":
    main()
