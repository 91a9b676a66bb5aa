#!/usr/bin/env python3
"""Writes the small seed corpora of the fuzz targets from real games, played at random by the
`muster` binary (MUSTER, default target/release/muster). Run from the repository root:

    python3 fuzz/make_corpus.py

Each game target gets inputs of the form `variant / position / actions` (see
muster_rules::conformance::outside::game_texts): starts with a few legal actions, mid-game
positions with their next legal actions, and near-misses of real action texts.
"""
import json
import os
import random
import subprocess
import sys

MUSTER = os.environ.get("MUSTER", "target/release/muster")
GAMES = {
    "murus_gallicus": ("murus-gallicus", ["basic", "advanced", "abstractplay", "basic board=8x8"]),
    "mur": ("mur", ["game", "set", "match", "g1"]),
    "mu": ("mu", ["levis", "velox", "multi", "levis start=duel", "levis start=t3"]),
    "mutou": ("mutou", ["friendly", "village", "hex", "friendly board=sown"]),
}


def muster(*args):
    out = subprocess.run([MUSTER, *args], check=True, capture_output=True, text=True)
    return out.stdout


def state(game, variant, position):
    args = ["moves", game, "--variant", variant, "--json"]
    if position is not None:
        args += [f"--position={position}"]
    return json.loads(muster(*args))


def near_miss(action, rng):
    chars = list(action)
    if chars and rng.random() < 0.5:
        chars[rng.randrange(len(chars))] = rng.choice("0123456789abcxyz*+-:/é")
    else:
        chars.insert(rng.randrange(len(chars) + 1), rng.choice("9z-é "))
    return "".join(chars)


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)


def game_corpus(target, game, variants, rng):
    folder = f"fuzz/corpus/{target}"
    for variant in variants:
        position = None
        played = []
        for length in (0, 4, 12, 40):
            while len(played) < length:
                now = state(game, variant, position)
                if not now["moves"]:
                    break
                action = rng.choice(now["moves"])
                out = json.loads(muster("apply", game, "--variant", variant, "--json",
                                        *([f"--position={position}"] if position else []),
                                        "--", action))
                position = out["position"]
                played.append(action)
            now = state(game, variant, position)
            nxt = rng.sample(now["moves"], min(3, len(now["moves"])))
            misses = [near_miss(a, rng) for a in nxt[:2]]
            slug = variant.replace(" ", "_").replace("=", "-")
            write(folder, f"{slug}-{length}", "\n".join([variant, position or "", *nxt, *misses]))
            if length == 4:
                write(folder, f"{slug}-start-actions", "\n".join([variant, "", *played]))


def record_corpus(rng):
    folder = "fuzz/corpus/record"
    for target, (game, variants) in GAMES.items():
        variant = variants[0]
        start = muster("new", game, "--variant", variant).strip()
        position, actions = start, []
        for _ in range(10):
            now = state(game, variant, position)
            if not now["moves"]:
                break
            action = rng.choice(now["moves"])
            out = json.loads(muster("apply", game, "--variant", variant, "--json",
                                    f"--position={position}", "--", action))
            position = out["position"]
            actions.append(action)
        lines = [f'[Game "{game}"]', f'[Variant "{variant}"]', '[Result "*"]', ""]
        lines += [f"{i + 1}. {a}" for i, a in enumerate(actions)]
        write(folder, target, "\n".join(lines) + "\n")
        write(folder, f"{target}-start", "\n".join(
            [f'[Game "{game}"]', f'[Start "{position}"]', '[Player "{x}"] ; c', "", "{comment} 1."]) + "\n")


def variant_corpus():
    folder = "fuzz/corpus/variant"
    for target, (game, variants) in GAMES.items():
        for i, variant in enumerate(variants):
            write(folder, f"{target}-{i}", f"{game} {variant}")
    write(folder, "mu-options", "mu levis start=duel ply_cap=40 order=canonical")


EXTREMES = ["0", "-1", "255", "256", "65535", "65536", "4294967295", "4294967296",
            "18446744073709551615", "18446744073709551616", "\\x00", "\\xc3\\xa9", "\\xe2\\x80\\xae"]


def dictionary(target):
    """A libFuzzer dictionary: the words and separators of the target's corpus, and extremes."""
    import re
    words = set(EXTREMES)
    folder = f"fuzz/corpus/{target}"
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        words.update(w for w in re.findall(r"[A-Za-z_]+[=:]?|[=:,/|.*+^#-]", text) if len(w) <= 16)
    os.makedirs("fuzz/dict", exist_ok=True)
    with open(f"fuzz/dict/{target}.dict", "w", encoding="utf-8") as f:
        for word in sorted(words):
            escaped = word if word.startswith("\\") else word.replace("\\", "\\\\").replace('"', '\\"')
            f.write(f'"{escaped}"\n')


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    for target, (game, variants) in GAMES.items():
        game_corpus(target, game, variants, rng)
    record_corpus(rng)
    variant_corpus()
    for target in [*GAMES, "record", "variant"]:
        dictionary(target)


if __name__ == "__main__":
    main()
