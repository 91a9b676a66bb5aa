// The game as the browser holds it (src/game/state.ts): versioned entries applied in order,
// gaps found, the end of a game, and the clocks drawn from the server's last word.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clocksNow, reduce, statusWords, stoppedClock, type GameState } from "../../src/game/state";
import type { Full } from "../../src/wire/Full";
import type { ServerMsg } from "../../src/wire/ServerMsg";
import type { Scene } from "../../src/wire/Scene";

const cell = (id: string, title: string) => ({ id, title }) as unknown as Scene["cells"][number];
const scene = (status: string) => ({ status, panels: [], cells: [cell("a1", "empty"), cell("b1", "empty")] }) as unknown as Scene;
/** A step's scene: the change from board `base` to board `board`, with these cells changed. */
const delta = (status: string, base = "k1", board = base, changed: Scene["cells"] = []) =>
  ({ base, board, viewer: null, status, panels: [], pieces: [], marks: [], targets_for: null, targets: [], buttons: [], changed }) as unknown as Scene;

/** A `full` of a two-seat game at version `v`, Light to move, with 60 s on each clock. */
function full(v: number, more: Partial<Full> = {}): Full {
  return {
    g: "G1",
    v,
    ply: v,
    game: "murus-gallicus",
    variant: "basic",
    seats: [
      { seat: 0, online: true },
      { seat: 1, online: false },
    ],
    status: "running",
    actor: { seat: 0 },
    clock: { remaining_ms: [60_000, 60_000], running: 0, server_ms: 0 },
    scene: scene("Light to move, ply 0"),
    board: "k1",
    moves: [],
    offers: [],
    hash: "h",
    ...more,
  } as unknown as Full;
}

function step(v: number, status = `ply ${v}`, scene = delta(status)): ServerMsg {
  return {
    t: "step",
    d: { g: "G1", v, ply: v, by: { seat: 0 }, a: `m${v}`, events: [], anim: [], actor: { seat: 1 }, scene, hash: "h", revealed: [] },
  } as unknown as ServerMsg;
}

function end(v: number, termination: string, reason: string): ServerMsg {
  return { t: "end", d: { g: "G1", v, outcome: { scores: [0, 1], ranks: [1, 0], reason }, termination, ratings: [] } } as unknown as ServerMsg;
}

const start = (): GameState => reduce(null, { t: "full", d: full(3) }) as GameState;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe("versioned entries", () => {
  it("apply the next version and keep the move list", () => {
    const s = reduce(start(), step(4)) as GameState;
    expect(s.v).toBe(4);
    expect(s.moves.map((m) => m.a)).toEqual(["m4"]);
  });
  it("ignore a version already held", () => {
    const s = start();
    expect(reduce(s, step(3))).toBe(s);
  });
  it("report a gap when a version is missed", () => {
    expect(reduce(start(), step(5))).toBe("gap");
  });
  it("need a full first", () => {
    expect(reduce(null, step(1))).toBeNull();
  });
});

describe("a step's scene", () => {
  it("keeps the board held and replaces the cells that changed", () => {
    const s = reduce(start(), step(4, "ply 4", delta("ply 4", "k1", "k2", [cell("b1", "a tower")]))) as GameState;
    expect(s.scene.status).toBe("ply 4");
    expect(s.scene.cells.map((c) => c.title)).toEqual(["empty", "a tower"]);
    expect(s.board).toBe("k2");
    const next = reduce(s, step(5, "ply 5", delta("ply 5", "k2"))) as GameState;
    expect(next.scene.cells).toBe(s.scene.cells);
  });
  it("is stale when it applies to another board", () => {
    expect(reduce(start(), step(4, "ply 4", delta("ply 4", "k0", "k2")))).toBe("stale");
  });
  it("is stale when a changed cell is not on the board", () => {
    expect(reduce(start(), step(4, "ply 4", delta("ply 4", "k1", "k2", [cell("z9", "?")])))).toBe("stale");
  });
});

describe("the end of a game", () => {
  it("stops the running clock where it had counted down to", () => {
    let s = start();
    vi.setSystemTime(1_012_500);
    s = reduce(s, end(4, "resignation", "Light (ann) resigned")) as GameState;
    expect(s.actor).toBe("over");
    expect(s.clock?.running).toBeUndefined();
    expect(s.clock?.remaining_ms).toEqual([47_500, 60_000]);
    vi.setSystemTime(1_100_000);
    expect(clocksNow(s, Date.now())).toEqual([47_500, 60_000]);
  });
  it("shows a flagged clock at zero, whatever the local count said", () => {
    let s = start();
    vi.setSystemTime(1_059_000);
    s = reduce(s, end(4, "time-forfeit", "Light (ann) ran out of time")) as GameState;
    expect(s.clock?.remaining_ms).toEqual([0, 60_000]);
  });
  it("makes the status line say how the game ended outside the rules", () => {
    const s = reduce(start(), end(4, "resignation", "Light (ann) resigned")) as GameState;
    expect(statusWords(s)).toBe("game over: Light (ann) resigned (0-1)");
    expect(statusWords(start())).toBe("Light to move, ply 0");
    const aborted = reduce(start(), end(4, "aborted", "")) as GameState;
    expect(statusWords(aborted)).toBe("game aborted");
  });
  it("keeps the scene's words when the rules ended the game", () => {
    const over = { ...start(), scene: scene("game over: Dark broke through (0-1)") };
    const s = reduce(over, end(4, "normal", "Dark broke through")) as GameState;
    expect(statusWords(s)).toBe("game over: Dark broke through (0-1)");
  });
});

describe("clocks", () => {
  it("count the running clock down from the server's last word", () => {
    const s = start();
    expect(clocksNow(s, 1_010_000)).toEqual([50_000, 60_000]);
    expect(clocksNow(s, 1_090_000)).toEqual([0, 60_000]);
  });
  it("never show more than the last word, for a time read before it came", () => {
    expect(clocksNow(start(), 999_600)).toEqual([60_000, 60_000]);
  });
  it("leave a stopped clock as it is", () => {
    const s = { ...start(), clock: { remaining_ms: [5_000, 7_000], server_ms: 0 } };
    expect(stoppedClock(s, 2_000_000, true)).toBe(s.clock);
  });
});

describe("chat", () => {
  const line = (id: string, text: string): ServerMsg => ({ t: "chat", d: { id, room: "g:G1:players", from: "ann", text, at_ms: 1 } }) as ServerMsg;
  it("keeps each line once when a new connection's history repeats it", () => {
    let s = reduce(start(), line("c1", "hello")) as GameState;
    s = reduce(s, line("c2", "good luck")) as GameState;
    s = reduce(s, line("c1", "hello")) as GameState;
    s = reduce(s, line("c2", "good luck")) as GameState;
    s = reduce(s, line("c3", "thanks")) as GameState;
    expect(s.chat.map((c) => c.text)).toEqual(["hello", "good luck", "thanks"]);
  });
});
