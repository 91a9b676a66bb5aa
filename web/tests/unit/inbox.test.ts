// The notification list's pure parts (src/lib/inbox.ts): the bell's words, what opening the
// list marks read, the time in words, and how a live notice meets the server's count.
import { describe, expect, it } from "vitest";
import { bellBadge, bellLabel, kindWords, markUpTo, newestFirst, settle, whenWords } from "../../src/lib/inbox";
import type { InboxItem } from "../../src/wire/InboxItem";

const item = (id: string, at_ms: number, read = false): InboxItem => ({ id, kind: "your-turn", text: id, at_ms, read });

describe("the bell", () => {
  it("names the count in its accessible name and draws it short", () => {
    expect(bellLabel(0)).toBe("Notifications, no unread");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(7)).toBe("7");
    expect(bellBadge(100)).toBe("99+");
  });
});

describe("markUpTo", () => {
  it("is the newest unread item's time, so that later notices stay unread", () => {
    expect(markUpTo([item("c", 30), item("b", 20, true), item("a", 10)])).toBe(30);
    expect(markUpTo([item("c", 30, true), item("b", 20), item("a", 10)])).toBe(20);
  });
  it("is null when nothing shown is unread", () => {
    expect(markUpTo([])).toBeNull();
    expect(markUpTo([item("a", 10, true)])).toBeNull();
  });
});

describe("newestFirst", () => {
  it("orders by time, newest first, and keeps each id once", () => {
    const out = newestFirst([item("a", 10), item("c", 30), item("b", 20), item("c", 30)]);
    expect(out.map((i) => i.id)).toEqual(["c", "b", "a"]);
  });
});

describe("words", () => {
  it("says when, against now", () => {
    const now = 1_000_000_000_000;
    expect(whenWords(now - 5_000, now)).toBe("just now");
    expect(whenWords(now + 5_000, now)).toBe("just now");
    expect(whenWords(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(whenWords(now - 3 * 3_600_000, now)).toBe("3 h ago");
    expect(whenWords(now - 2 * 86_400_000, now)).toBe("2 d ago");
    expect(whenWords(now - 30 * 86_400_000, now)).toBe(new Date(now - 30 * 86_400_000).toLocaleDateString());
  });
  it("names each kind, and a kind it does not know by itself", () => {
    expect(kindWords("your-turn")).toBe("Your turn");
    expect(kindWords("game-ended")).toBe("Game ended");
    expect(kindWords("something-new")).toBe("something-new");
  });
});

describe("settle", () => {
  it("keeps the bumped count and asks again when a read right after a notice counts fewer", () => {
    expect(settle(3, 2, true)).toEqual({ unread: 3, again: true });
  });
  it("takes the server's count otherwise: a second read, or a count as large", () => {
    expect(settle(3, 2, false)).toEqual({ unread: 2, again: false });
    expect(settle(3, 3, true)).toEqual({ unread: 3, again: false });
    expect(settle(1, 4, true)).toEqual({ unread: 4, again: false });
  });
});
