// The settings as read from this browser's copy, and the root attributes they set.
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFS, parsePrefs, rootAttributes } from "../../src/lib/prefs";

describe("parsePrefs", () => {
  it("reads a whole, valid copy as it is", () => {
    const p = { anim_speed: 2, confirm_moves: true, coords: false, palette: "colour-blind", theme: "dark" };
    expect(parsePrefs(p)).toEqual(p);
  });
  it("gives the defaults for what is not an object", () => {
    for (const x of [null, undefined, 3, "dark", [1, 2]]) expect(parsePrefs(x)).toEqual(DEFAULT_PREFS);
  });
  it("replaces each missing or unknown value by its default and keeps the others", () => {
    expect(parsePrefs({ anim_speed: 3, confirm_moves: "yes", coords: false, palette: "neon", theme: "dark", extra: 1 })).toEqual({
      ...DEFAULT_PREFS,
      coords: false,
      theme: "dark",
    });
  });
  it("accepts only the speeds the server accepts", () => {
    expect([0.5, 1, 2, 4, 8, 0, -1, Number.NaN].map((s) => parsePrefs({ anim_speed: s }).anim_speed)).toEqual([0.5, 1, 2, 4, 1, 1, 1, 1]);
  });
});

describe("rootAttributes", () => {
  it("follows the system only when the choice is the system's", () => {
    const system = { ...DEFAULT_PREFS, theme: "system" as const };
    expect(rootAttributes(system, true)["data-scheme"]).toBe("dark");
    expect(rootAttributes(system, false)["data-scheme"]).toBe("light");
    expect(rootAttributes({ ...DEFAULT_PREFS, theme: "light" }, true)["data-scheme"]).toBe("light");
    expect(rootAttributes({ ...DEFAULT_PREFS, theme: "dark" }, false)["data-scheme"]).toBe("dark");
  });
  it("names the palette and whether coordinates show", () => {
    const a = rootAttributes({ ...DEFAULT_PREFS, palette: "colour-blind", coords: false }, false);
    expect(a["data-palette"]).toBe("colour-blind");
    expect(a["data-coords"]).toBe("off");
    expect(rootAttributes(DEFAULT_PREFS, false)["data-coords"]).toBe("on");
  });
});
