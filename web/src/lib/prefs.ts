// The user's settings (`GET`/`PUT /api/me/prefs`): kept with the account on the server, a copy
// in this browser so that the first paint already has them, and applied to the page as
// attributes of the root element (`data-theme`, `data-palette`, `data-coords`) that the style
// sheets read.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { get, put } from "./api";
import type { Prefs } from "../wire/Prefs";
import type { PaletteChoice } from "../wire/PaletteChoice";
import type { ThemeChoice } from "../wire/ThemeChoice";

/** The animation speeds the server accepts (`Prefs::ANIM_SPEEDS`). */
export const ANIM_SPEEDS = [0.5, 1, 2, 4] as const;
const THEMES: readonly ThemeChoice[] = ["system", "light", "dark"];
const PALETTES: readonly PaletteChoice[] = ["standard", "colour-blind"];

/** The settings of a user who never chose any (the server's defaults). */
export const DEFAULT_PREFS: Prefs = { anim_speed: 1, confirm_moves: false, coords: true, palette: "standard", theme: "system" };

const CACHE_KEY = "muster.prefs";

/**
 * Settings read from untrusted JSON (the browser's copy, which anything may have written):
 * each field that is missing or not an allowed value is its default, so this never throws.
 */
export function parsePrefs(value: unknown): Prefs {
  const o = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const pick = <T>(x: unknown, allowed: readonly T[], dflt: T): T => (allowed.includes(x as T) ? (x as T) : dflt);
  return {
    anim_speed: pick(o.anim_speed, ANIM_SPEEDS as readonly number[], DEFAULT_PREFS.anim_speed),
    confirm_moves: typeof o.confirm_moves === "boolean" ? o.confirm_moves : DEFAULT_PREFS.confirm_moves,
    coords: typeof o.coords === "boolean" ? o.coords : DEFAULT_PREFS.coords,
    palette: pick(o.palette, PALETTES, DEFAULT_PREFS.palette),
    theme: pick(o.theme, THEMES, DEFAULT_PREFS.theme),
  };
}

/** This browser's copy of the settings (the defaults when there is none or it is unreadable). */
export function cachedPrefs(): Prefs {
  try {
    const text = localStorage.getItem(CACHE_KEY);
    return parsePrefs(text === null ? null : JSON.parse(text));
  } catch {
    return DEFAULT_PREFS;
  }
}

function keep(p: Prefs): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(p));
  } catch {
    /* storage off: the server's copy is read on every start */
  }
}

/**
 * The root attributes that carry `p` into the style sheets: `data-theme` (as chosen),
 * `data-scheme` (`light` or `dark`: the choice, or the system's when the choice is `system`;
 * `systemDark` says which the system prefers), `data-palette` and `data-coords` (`on`, `off`).
 */
export function rootAttributes(p: Prefs, systemDark: boolean): Record<string, string> {
  const scheme = p.theme === "system" ? (systemDark ? "dark" : "light") : p.theme;
  return { "data-theme": p.theme, "data-scheme": scheme, "data-palette": p.palette, "data-coords": p.coords ? "on" : "off" };
}

const darkQuery = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
let applied: Prefs = DEFAULT_PREFS;
// The system's light or dark changes while the page is open: follow it when the choice is `system`.
darkQuery?.addEventListener("change", () => applyPrefs(applied));

/** Sets the attributes of `rootAttributes` for `p` on the document's root element. */
export function applyPrefs(p: Prefs): void {
  applied = p;
  const root = document.documentElement;
  for (const [k, v] of Object.entries(rootAttributes(p, darkQuery?.matches ?? false))) root.setAttribute(k, v);
}

/**
 * The signed-in user's settings from the server, kept in this browser and applied. When the
 * server cannot answer, the browser's copy is used (the page works with it; a later save tells
 * what failed).
 */
export async function loadPrefs(): Promise<Prefs> {
  let p: Prefs;
  try {
    p = parsePrefs(await get<Prefs>("/api/me/prefs"));
    keep(p);
  } catch {
    p = cachedPrefs();
  }
  applyPrefs(p);
  return p;
}

/**
 * Stores `p` as the user's settings; answers them as the server stored them, kept in this
 * browser and applied. Throws the server's refusal (an `HttpError`) and then changes nothing.
 */
export async function savePrefs(p: Prefs): Promise<Prefs> {
  const stored = parsePrefs(await put<Prefs>("/api/me/prefs", p));
  keep(stored);
  applyPrefs(stored);
  return stored;
}

/** The settings shared by every page, and how to change them. */
export interface PrefsCtx {
  prefs: Prefs;
  /** Stores a change of some fields; resolves once the server has it, throws its refusal. */
  change(patch: Partial<Prefs>): Promise<void>;
}

export const PrefsContext = createContext<PrefsCtx>({ prefs: DEFAULT_PREFS, change: async () => {} });

export function usePrefs(): PrefsCtx {
  return useContext(PrefsContext);
}
