#!/usr/bin/env python3
"""A random engine for muster: it plays uniformly random legal moves in any game.

It speaks the muster engine protocol (docs/engine-protocol.md) on its standard input and
output, and knows no rules itself: it starts `muster engine` as its rules oracle, tells it the
game and the position, and asks it for the legal moves. Python's standard library only.

    python3 examples/random_bot.py [--muster PATH]     (or the environment variable MUSTER,
                                                        which muster arena and muster play set)
"""
import argparse
import os
import random
import subprocess
import sys


class Oracle:
    """`muster engine`, asked about the rules."""

    def __init__(self, muster):
        self.proc = subprocess.Popen([muster, "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.games = [l for l in self.ask("muster") if l.startswith("game ")]

    def ask(self, command):
        """Sends one command; returns the data lines before `ok`, or raises with the `error`."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("muster engine ended")
            line = line.rstrip("\n")
            if line == "ok":
                return lines
            if line.startswith("error"):
                raise ValueError(line[len("error"):].strip())
            lines.append(line)


def play(oracle, say):
    """Reads commands until `quit`; `say` writes one answer line."""
    seed, rng = 0, random.Random(0)
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", "replace").strip()
        words = line.split()
        command = words[0] if words else ""
        try:
            if command == "muster":
                for answer in ["id name random_bot", "id version 1", "id author muster examples",
                               "protocol 1", *oracle.games, "option seed int default 0"]:
                    say(answer)
                say("ok")
            elif command == "isready":
                say("readyok")
            elif command == "setoption":
                if words[1] != "seed":
                    raise ValueError("unknown option `%s`" % words[1])
                seed = int(words[2])
                say("ok")
            elif command == "newgame":
                oracle.ask(line)
                rng = random.Random(seed)    # the seed is taken at the next newgame
                say("ok")
            elif command in ("position", "legal", "apply", "show"):
                for answer in oracle.ask(line):
                    say(answer)
                say("ok")
            elif command == "go":
                answer = oracle.ask("legal")
                if any(l.startswith("weights") for l in answer):     # chance is to act (§2)
                    raise ValueError("go: chance is to act; send its outcome (see `legal`) "
                                     "as an action")
                legal = [l for l in answer if l.startswith("legal")][0].split()[1:]
                if not legal:
                    raise ValueError("go: the game is over")
                say("bestmove " + rng.choice(legal))
            elif command == "stop":
                pass                          # `go` answered at once: nothing runs
            elif command == "quit":
                return
            else:
                raise ValueError("unknown command `%s`" % command if words else "an empty line")
        except IndexError:                            # a bad line is refused, never fatal
            say("error `%s`: an argument is missing" % line)
        except ValueError as e:
            say("error %s" % e)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--muster", default=os.environ.get("MUSTER", "muster"),
                        help="the muster program (default: $MUSTER, else `muster`)")
    oracle = Oracle(parser.parse_args().muster)

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    try:
        play(oracle, say)
    finally:
        oracle.proc.stdin.close()
        oracle.proc.wait()


if __name__ == "__main__":
    main()
