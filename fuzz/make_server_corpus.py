#!/usr/bin/env python3
"""Writes the seed corpora and dictionaries of the fuzz targets of the server's doors, from the
frames and bodies of docs/protocol.md. Run from the repository root:

    python3 fuzz/make_server_corpus.py

* client_frame: a WebSocket frame of every kind, and refusals of every kind (not JSON, not a
  frame, an unknown kind, bad payloads with and without an ack id).
* session_body, challenge_body: `POST /api/session` and `POST /api/challenges` bodies, good and
  bad.
* record_import: a few records that are refused (unfinished, aborted, redacted, not a record).
  The finished games are written by the server's replay test, from seeded random games:
  MUSTER_WRITE_FUZZ_SEEDS=1 cargo test -p muster-server --test fuzz_inputs

Each target also gets a libFuzzer dictionary (fuzz/dict/TARGET.dict) of its keys and words.
"""
import json
import os

G = "01JDQ0V8M5X3Z7K2N4P6R8T0W2"
H = "0123456789abcdef"

FRAMES = {
    "sub": {"t": "sub", "d": {"g": G}},
    "sub-v": {"t": "sub", "d": {"g": G, "v": 12}},
    "unsub": {"t": "unsub", "d": {"g": G}},
    "act": {"t": "act", "d": {"g": G, "ply": 3, "a": "d1-d3", "id": 7, "h": H}},
    "act-mutou": {"t": "act", "d": {"g": G, "ply": 40, "a": "put t17 v12 e40", "id": 8, "h": H}},
    "ctl-resign": {"t": "ctl", "d": {"g": G, "k": "resign", "ply": 9, "id": 9, "h": H}},
    "ctl-draw-offer": {"t": "ctl", "d": {"g": G, "k": "draw-offer", "ply": 9, "id": 10, "h": H}},
    "ctl-forced-play-on": {"t": "ctl", "d": {"g": G, "k": "forced-play-on", "ply": 0, "id": 11,
                                             "h": H}},
    "legal": {"t": "legal", "d": {"g": G, "ply": 5, "prefix": ["d4", "3,-1"]}},
    "legal-no-prefix": {"t": "legal", "d": {"g": G, "ply": 5}},
    "preview": {"t": "preview", "d": {"g": G, "ply": 5, "a": ["place:0,0", "pass"], "id": 12}},
    "say-lobby": {"t": "say", "d": {"room": "lobby", "text": "hello", "id": 13}},
    "say-players": {"t": "say", "d": {"room": f"g:{G}:players", "text": "gg ½ é 😀", "id": 14}},
    "say-watchers": {"t": "say", "d": {"room": f"g:{G}:watchers", "text": "", "id": 4294967295}},
    "lobby-on": {"t": "lobby", "d": {"on": True}},
    "lobby-off": {"t": "lobby", "d": {"on": False}},
    "ping": {"t": "ping", "d": {"n": 42}},
}

BAD_FRAMES = {
    "bad-empty": "",
    "bad-cut": '{"t":',
    "bad-words": "act d1-d3",
    "bad-array": "[1,2]",
    "bad-no-kind": '{"d":{}}',
    "bad-kind-number": '{"t":7,"d":{}}',
    "bad-kind-unknown": '{"t":"move","d":{}}',
    "bad-kind-case": '{"t":"ACT","d":{}}',
    "bad-missing-h": '{"t":"act","d":{"g":"g1","ply":3,"a":"d1-d3","id":7}}',
    "bad-ply-text": '{"t":"act","d":{"g":"g1","ply":"3","a":"d1-d3","id":7,"h":"0"}}',
    "bad-id-negative": '{"t":"act","d":{"g":"g1","id":-7}}',
    "bad-id-too-big": '{"t":"say","d":{"room":"lobby","text":"x","id":4294967296}}',
    "bad-id-float": '{"t":"say","d":{"room":"lobby","text":"x","id":7.0}}',
    "bad-unknown-field": '{"t":"sub","d":{"g":"g1","seat":0,"id":3}}',
    "bad-no-payload": '{"t":"ping"}',
    "bad-null-payload": '{"t":"ping","d":null}',
    "bad-control-word": '{"t":"ctl","d":{"g":"g","k":"win","ply":0,"id":1,"h":"0"}}',
    "bad-room": '{"t":"say","d":{"room":"g:x:all","text":"hi","id":1}}',
    "bad-extra-key": '{"t":"ping","d":{"n":1},"x":2}',
    "bad-duplicate-key": '{"t":"ping","d":{"n":1},"t":"lobby"}',
    "bad-nesting": '{"t":"sub","d":' + "[" * 200 + "]" * 200 + "}",
    "bad-surrogate": '{"t":"say","d":{"room":"lobby","text":"\\ud800","id":1}}',
    "escapes": '{"t":"say","d":{"room":"lobby","text":"\\ud83d\\ude00\\u0000\\n\\/","id":1}}',
    "spaces": ' \t\n{ "t" : "ping" , "d" : { "n" : 0 } }\r\n',
}

SESSIONS = {
    "guest": {"kind": "guest"},
    "guest-named": {"kind": "guest", "name": "ada_l.1815"},
    "guest-bad-name": {"kind": "guest", "name": "-ada"},
    "login": {"kind": "login", "name": "Ada", "password": "correct horse"},
    "register": {"kind": "register", "name": "Ada", "password": "correct horse"},
    "register-short-password": {"kind": "register", "name": "Ada", "password": "1234567"},
    "register-wide-password": {"kind": "register", "name": "Bob", "password": "ééééééé"},
    "register-long-name": {"kind": "register", "name": "x" * 33, "password": "12345678"},
    "register-cyrillic": {"kind": "register", "name": "Аda", "password": "12345678"},
    "register-spaces": {"kind": "register", "name": "ada lovelace", "password": " " * 8},
}

BAD_SESSIONS = {
    "bad-kind": '{"kind":"admin","name":"root"}',
    "bad-extra": '{"kind":"guest","name":"ada","admin":true}',
    "bad-missing-password": '{"kind":"register","name":"ada"}',
    "bad-not-json": "kind=register&name=ada",
    "bad-number-name": '{"kind":"login","name":7,"password":"x"}',
}

ME, OPEN = {"kind": "me"}, {"kind": "open"}
LIVE = {"kind": "live", "base_ms": 300000, "inc_ms": 2000}
CORR = {"kind": "corr", "per_move_ms": 86400000}
NONE = {"kind": "none"}
CHALLENGES = {
    "mu-ai": {"game": "mu", "variant": "levis", "seats": [ME, {"kind": "ai", "level": 3}],
              "clock": NONE},
    "murus-open-live": {"game": "murus-gallicus", "variant": "basic", "seats": [ME, OPEN],
                        "clock": LIVE, "rated": True, "visibility": "public"},
    "murus-board": {"game": "murus-gallicus", "variant": "basic board=8x8",
                    "seats": [OPEN, ME], "clock": CORR, "random_order": True},
    "mur-user": {"game": "mur", "variant": "set", "seats": [ME, {"kind": "user", "name": "bob"}],
                 "clock": CORR, "takeback": "never", "visibility": "direct"},
    "mu-multi": {"game": "mu", "variant": "multi", "seats": [ME, OPEN, {"kind": "ai", "level": 8}],
                 "clock": NONE, "takeback": "always", "visibility": "link"},
    "mutou": {"game": "mutou", "variant": "friendly", "seats": [ME, {"kind": "ai", "level": 1}],
              "clock": NONE},
    "hot-seat": {"game": "mu", "variant": "velox", "seats": [ME, ME], "clock": NONE},
    "bad-variant": {"game": "mu", "variant": "levis start=nowhere", "seats": [ME, OPEN],
                    "clock": NONE},
    "no-seats": {"game": "mur", "variant": "", "seats": [], "clock": NONE},
    "too-many-seats": {"game": "murus-gallicus", "variant": "", "seats": [ME] * 9, "clock": NONE},
}

BAD_CHALLENGES = {
    "bad-ai-level": '{"game":"mu","variant":"","seats":[{"kind":"ai","level":9}],'
                    '"clock":{"kind":"none"}}',
    "bad-clock": '{"game":"mu","variant":"","seats":[{"kind":"me"}],'
                 '"clock":{"kind":"live","base_ms":-1,"inc_ms":0}}',
    "bad-extra": '{"game":"mu","variant":"","seats":[],"clock":{"kind":"none"},"x":1}',
    "bad-huge-clock": '{"game":"mu","variant":"","seats":[{"kind":"me"}],'
                      '"clock":{"kind":"corr","per_move_ms":18446744073709551615}}',
}

RECORD = """[Game "murus-gallicus"]
[Variant "basic"]
[Seats "2"]
[Light "Ann"]
[Dark "Bob"]
[Result "*"]

1. d1-d3 2. e7-e5
"""

RECORDS = {
    "bad-unfinished": RECORD,
    "bad-aborted": RECORD.replace('[Result "*"]', '[Ending "aborted"]\n[Result "*"]'),
    "bad-redacted": RECORD.replace('[Result "*"]', '[Redacted "stops before decision 3"]\n'
                                                   '[Result "*"]'),
    "bad-no-game": '[Variant "basic"]\n[Result "1-0"]\n\n1. d1-d3\n',
    "bad-not-a-record": "hello, world\n",
    "bad-blank": " \n\t\n",
    "bad-illegal": RECORD.replace("e7-e5", "e7-e1").replace('"*"', '"1-0"'),
}

WORDS = ["{", "}", "[", "]", ":", ",", '"', "true", "false", "null", "0", "-1", "1e3", "7.0",
         "4294967295", "4294967296", "18446744073709551615", "18446744073709551616",
         "\\u0000", "\\ud800", "\\ud83d\\ude00", "\\\\", "\\\"", "é", "…", "\\n"]


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)


def corpus(target, good, bad):
    for name, value in good.items():
        write(f"fuzz/corpus/{target}", name, json.dumps(value, ensure_ascii=False))
    for name, text in bad.items():
        write(f"fuzz/corpus/{target}", name, text)


def keys(value, out):
    """Every object key and string value of a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            keys(v, out)
    elif isinstance(value, list):
        for v in value:
            keys(v, out)
    elif isinstance(value, str) and len(value) <= 24:
        out.add(value)


def dict_entry(word):
    """A libFuzzer dictionary entry: printable ASCII as is, a backslash and a double quote
    escaped by a backslash, any other byte as backslash-x and two hex digits (the only escapes
    libFuzzer reads)."""
    out = []
    for byte in word.encode("utf-8"):
        char = chr(byte)
        if char in '\\"':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\x{byte:02x}")
    return '"' + "".join(out) + '"'


def dictionary(target, words):
    os.makedirs("fuzz/dict", exist_ok=True)
    with open(f"fuzz/dict/{target}.dict", "w", encoding="ascii") as f:
        for word in sorted(set(words) - {""}):
            f.write(dict_entry(word) + "\n")


def json_words(values, extra):
    words = set(WORDS) | set(extra)
    for value in values:
        keys(value, words)
    words |= {f'"{w}"' for w in list(words) if w.replace("-", "_").isidentifier()}
    return words


def main():
    corpus("client_frame", FRAMES, BAD_FRAMES)
    controls = ["resign", "resign-set", "abort", "draw-offer", "draw-yes", "draw-no",
                "back-offer", "back-yes", "back-no", "claim-win", "claim-draw", "rematch-offer",
                "rematch-yes", "rematch-no", "auto-decline-on", "auto-decline-off",
                "forced-play-on", "forced-play-off"]
    dictionary("client_frame", json_words(FRAMES.values(), controls + ["g:", ":players",
                                                                     ":watchers", "v"]))
    corpus("session_body", SESSIONS, BAD_SESSIONS)
    dictionary("session_body", json_words(SESSIONS.values(), ["guest-", "-", "_", ".", "x" * 8]))
    corpus("challenge_body", CHALLENGES, BAD_CHALLENGES)
    dictionary("challenge_body", json_words(CHALLENGES.values(), [
        "ai", "user", "level", "corr", "per_move_ms", "random_order", "rated", "takeback",
        "casual", "visibility", "public", "link", "direct", "mutou", "mur", "mu", "seats=",
        "start=", "board=", "ply_cap=", "order=", "multi", "velox", "village", "hex", "sown",
        "advanced", "game", "match", "g1"]))
    for name, text in RECORDS.items():
        write("fuzz/corpus/record_import", name, text)
    dictionary("record_import", ["[", "]", '"', "\\\"", "\\\\", "{", "}", ";", "\n", "1.",
                                 "Game", "Variant", "Seats", "Start", "Result", "Ending",
                                 "Retired", "Redacted", "RulesVersion", "Hashes", "Termination",
                                 "resigned", "timeout", "abandoned", "agreed", "aborted", "@",
                                 "1-0", "0-1", "½-½", "*", "murus-gallicus", "mur", "mu",
                                 "mutou", "pass", "place:", "-", ":", ",", "0", "1", "2", "3",
                                 "4294967296", "18446744073709551616"])


if __name__ == "__main__":
    main()
