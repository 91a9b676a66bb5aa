// Chat lines as a page holds them (src/lib/chat.ts): one line per id however often a line
// comes, in the order of the server's time, the newest kept; and what the lobby's chat box
// refuses to send (src/lib/lobbyChat.ts).
import { describe, expect, it } from "vitest";
import { addLine } from "../../src/lib/chat";
import { lineProblem } from "../../src/lib/lobbyChat";
import type { Chat } from "../../src/wire/Chat";

const line = (id: string, at_ms: number, text = id): Chat => ({ id, room: "lobby", from: "ann", text, at_ms });
const ids = (lines: Chat[]) => lines.map((c) => c.id);

describe("addLine", () => {
  it("keeps a line heard twice (live, then in the history) once, and returns the same array", () => {
    const one = addLine([], line("a", 1), 10);
    const two = addLine(one, line("b", 2), 10);
    expect(addLine(two, line("a", 1), 10)).toBe(two);
    expect(ids(two)).toEqual(["a", "b"]);
  });
  it("puts a history that comes after newer live lines in the order of time", () => {
    let lines = addLine([], line("live", 50), 10);
    for (const h of [line("h1", 10), line("h2", 20), line("live", 50)]) lines = addLine(lines, h, 10);
    expect(ids(lines)).toEqual(["h1", "h2", "live"]);
  });
  it("keeps lines of the same time in the order they came", () => {
    let lines: Chat[] = [];
    for (const id of ["x", "y", "z"]) lines = addLine(lines, line(id, 5), 10);
    expect(ids(lines)).toEqual(["x", "y", "z"]);
  });
  it("keeps only the newest `max` lines", () => {
    let lines: Chat[] = [];
    for (let i = 0; i < 7; i++) lines = addLine(lines, line(`l${i}`, i), 5);
    expect(ids(lines)).toEqual(["l2", "l3", "l4", "l5", "l6"]);
    // An old line that comes late goes in and falls off at once.
    expect(ids(addLine(lines, line("old", 0), 5))).toEqual(["l2", "l3", "l4", "l5", "l6"]);
  });
});

describe("lineProblem (lobby chat)", () => {
  it("lets a line of up to 500 characters go, counting characters, not bytes", () => {
    expect(lineProblem("hello")).toBeNull();
    expect(lineProblem("é".repeat(500))).toBeNull();
    expect(lineProblem(`  ${"x".repeat(500)}  `)).toBeNull();
  });
  it("says why an empty or too long line is not sent", () => {
    expect(lineProblem("   ")).toBe("an empty line is not sent");
    expect(lineProblem("x".repeat(501))).toBe("a line holds at most 500 characters; this one has 501");
  });
});
