// The click-path walk (src/game/input.ts): the legal moves' paths, followed click by click.
import { describe, expect, it } from "vitest";
import { click, complete, finishing, moveWords, stillLegal, walk } from "../../src/game/input";
import type { LegalMoves } from "../../src/wire/LegalMoves";

const legal: LegalMoves = {
  moves: [
    { a: "d1-d3", path: ["d1", "d3"] },
    { a: "d1-d2", path: ["d1", "d2"] },
    { a: "e1-e3", path: ["e1", "e3"] },
    // Two moves on one path, told apart by their labels (a chooser opens).
    { a: "e1-f2=a", path: ["e1", "f2"], label: "a" },
    { a: "e1-f2=b", path: ["e1", "f2"], label: "b" },
    // A move that ends where a longer one goes on.
    { a: "g1", path: ["g1"] },
    { a: "g1-g2", path: ["g1", "g2"] },
    { a: "pass", path: ["pass"] },
  ],
  lazy: [{ prefix: ["h1"], n: 40 }],
};

describe("walk", () => {
  it("offers the first click of every path and every lazy group at the start", () => {
    expect([...walk(legal, []).next].sort()).toEqual(["d1", "e1", "g1", "h1", "pass"]);
  });
  it("offers what continues a prefix, and the moves it completes", () => {
    const w = walk(legal, ["g1"]);
    expect([...w.next]).toEqual(["g2"]);
    expect(w.complete.map((m) => m.a)).toEqual(["g1"]);
  });
  it("names the lazy group a prefix leads into", () => {
    expect(walk(legal, ["h1"]).lazy).toEqual([["h1"]]);
    expect(walk(legal, ["h1", "h2"]).lazy).toEqual([["h1"]]);
  });
  it("offers nothing without legal moves", () => {
    expect(walk(undefined, []).next.size).toBe(0);
  });
});

describe("click", () => {
  it("extends a path that more clicks must finish", () => {
    expect(click(legal, [], "d1")).toEqual({ kind: "extend", path: ["d1"] });
  });
  it("submits the one move a click completes", () => {
    expect(click(legal, ["d1"], "d3")).toEqual({ kind: "submit", move: legal.moves[0] });
    expect(click(legal, [], "pass")).toEqual({ kind: "submit", move: legal.moves[7] });
  });
  it("opens a chooser where several moves share the path", () => {
    const c = click(legal, ["e1"], "f2");
    expect(c.kind).toBe("choose");
    if (c.kind === "choose") {
      expect(c.moves.map((m) => m.label)).toEqual(["a", "b"]);
      expect(c.more).toBe(false);
    }
  });
  it("opens a chooser that says more follows where a move ends and another goes on", () => {
    const c = click(legal, [], "g1");
    expect(c).toMatchObject({ kind: "choose", more: true });
  });
  it("asks for a lazy group's moves", () => {
    expect(click(legal, [], "h1")).toEqual({ kind: "load", path: ["h1"], groups: [["h1"]] });
  });
  it("refuses a target that continues no path", () => {
    expect(click(legal, ["d1"], "e3")).toEqual({ kind: "invalid" });
    expect(click(legal, [], "z9")).toEqual({ kind: "invalid" });
  });
});

describe("around the walk", () => {
  it("keeps a selection only while it still leads somewhere", () => {
    expect(stillLegal(legal, ["d1"])).toBe(true);
    expect(stillLegal({ moves: [{ a: "pass", path: ["pass"] }] }, ["d1"])).toBe(false);
    expect(stillLegal(undefined, [])).toBe(true);
  });
  it("previews only a click that finishes one move", () => {
    expect(finishing(legal, ["d1"], "d2")?.a).toBe("d1-d2");
    expect(finishing(legal, [], "d1")).toBeNull();
    expect(finishing(legal, ["e1"], "f2")).toBeNull();
  });
  it("completes typed text case-insensitively, up to a limit", () => {
    expect(complete(legal, "D1")).toEqual(["d1-d3", "d1-d2"]);
    expect(complete(legal, "", 3)).toHaveLength(3);
    expect(complete(undefined, "d")).toEqual([]);
  });
});

describe("moveWords", () => {
  const titles = new Map([
    ["e12", "e12: an edge of t3 and t4"],
    ["t3", "t3: a tessel of 6 corners"],
  ]);
  it("names each target of the path by the board's title, else by its id", () => {
    expect(moveWords({ a: "ins:e12", path: ["ins", "e12"] }, titles)).toBe("ins → e12: an edge of t3 and t4");
  });
  it("puts the move's own label first", () => {
    expect(moveWords({ a: "t3-x", path: ["t3"], label: "split east" }, titles)).toBe("split east — t3: a tessel of 6 corners");
  });
});
