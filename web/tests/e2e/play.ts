// Driving the client as a player would: the lobby's forms, and legal moves chosen at random
// among the targets the page marks clickable (the server's click paths; no rule lives here).
import { expect, type Locator, type Page } from "@playwright/test";
import { webDir } from "./env.mjs";

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
}

/** A seed from a test's title (stable from run to run) and an optional override. */
export function seedOf(title: string, override?: string): number {
  if (override && /^\d+$/.test(override)) return Number(override);
  let h = 2166136261;
  for (const c of title) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Lobby

/** Opens the lobby and waits until the games' cards are drawn (the guest session exists). */
export async function openLobby(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByTestId("card-murus-gallicus")).toBeVisible();
}

export interface VariantChoice {
  /** A preset name of the catalog (the `preset` select). */
  preset?: string;
  /** Options set in the options panel, by key. */
  options?: Record<string, string>;
}

/** Picks the game's card, its preset and options in the new-game form. */
export async function chooseVariant(page: Page, game: string, v: VariantChoice = {}): Promise<void> {
  await page.getByTestId(`card-${game}`).click();
  if (v.preset) await page.getByTestId("preset").selectOption(v.preset);
  const options = Object.entries(v.options ?? {});
  if (options.length > 0) {
    await page.getByRole("button", { name: /^Options/ }).click();
    for (const [key, value] of options) {
      const field = page.locator("label.option").filter({ has: page.locator("span", { hasText: new RegExp(`^${key}\\b`) }) });
      const select = field.locator("select");
      if ((await select.count()) > 0) {
        await select.selectOption(value);
        continue;
      }
      const off = field.locator("input[type=checkbox]");
      if ((await off.count()) > 0 && (await off.isChecked())) await off.uncheck();
      await field.locator("input[type=number]").fill(value);
    }
  }
  const text = await page.getByTestId("variant-text").textContent();
  for (const [key, value] of options) expect(text, "the variant text carries the option").toContain(`${key}=${value}`);
}

/** Starts a game of `game` against AI seats of `level` from the lobby; returns the game id. */
export async function playAi(page: Page, game: string, level: 1 | 2 | 4 | 6 | 8, v: VariantChoice = {}): Promise<string> {
  await openLobby(page);
  await chooseVariant(page, game, v);
  await page.getByTestId(`quick-ai-${level}`).click();
  return await onGamePage(page);
}

/** The seats of the new-game form: `me`, `open`, `ai<L>`. */
export type SeatKind = "me" | "open" | `ai${number}`;

/** Fills the seat editor with exactly `seats` rows and creates the game or the challenge. */
export async function createWithSeats(page: Page, game: string, seats: SeatKind[], v: VariantChoice = {}): Promise<void> {
  await openLobby(page);
  await chooseVariant(page, game, v);
  const rows = page.locator('[data-testid^="seat-"]').filter({ has: page.locator("option") });
  while ((await rows.count()) < seats.length) await page.getByTestId("add-seat").click();
  while ((await rows.count()) > seats.length) await page.getByRole("button", { name: `Remove seat ${await rows.count()}` }).click();
  for (let i = 0; i < seats.length; i++) await page.getByTestId(`seat-${i}`).selectOption(seats[i]);
  await page.getByTestId("create").click();
}

/** Waits for the page to be on a game page with its board drawn; returns the game id. */
export async function onGamePage(page: Page): Promise<string> {
  // The lobby's form error, if it shows, is why no game started: fail with it at once.
  const refused = page
    .getByTestId("form-error")
    .waitFor({ timeout: 30_000 })
    .then(async () => `the lobby refused: ${await page.getByTestId("form-error").innerText()}`)
    .catch(() => null);
  const arrived = page
    .waitForURL(/\/g\/[^/]+$/, { timeout: 30_000 })
    .then(() => null)
    .catch((e: Error) => e.message);
  const why = await Promise.race([arrived, refused.then((r) => r ?? arrived)]);
  if (why) throw new Error(why);
  await expect(page.getByTestId("game")).toBeVisible();
  await expect(page.getByTestId("board")).toBeVisible();
  return gameId(page);
}

export function gameId(page: Page): string {
  const m = /\/g\/([^/?#]+)/.exec(page.url());
  if (!m) throw new Error(`not on a game page: ${page.url()}`);
  return decodeURIComponent(m[1]);
}

// ---------------------------------------------------------------------------------------------
// The game page

export const gameOf = (page: Page): Locator => page.getByTestId("game");
export const boardOf = (page: Page): Locator => page.getByTestId("board");

/** The number of decisions played, as the game page says. */
export async function plyOf(page: Page): Promise<number> {
  return Number(await gameOf(page).getAttribute("data-ply"));
}

/** Whether the game is over (or aborted) as the page says. */
export async function isOver(page: Page): Promise<boolean> {
  const s = await gameOf(page).getAttribute("data-status");
  return s !== "running" && s !== "filling";
}

/** Waits until no animation plays and no move waits for its acknowledgement. */
export async function idle(page: Page, timeout = 30_000): Promise<void> {
  await expect(boardOf(page)).toHaveAttribute("data-animating", "0", { timeout });
  await expect(page.getByTestId("pending")).toHaveCount(0, { timeout });
}

/** Waits until it is this page's turn or the game is over; true when it is the turn. */
export async function waitTurn(page: Page, timeout = 60_000): Promise<boolean> {
  const game = gameOf(page);
  await expect
    .poll(async () => (await game.getAttribute("data-my-turn")) === "1" || (await isOver(page)), { timeout, message: "waiting for my turn or the end" })
    .toBe(true);
  return !(await isOver(page));
}

/** What this page may click now: choices of an open chooser, else board targets and buttons. */
async function candidates(page: Page): Promise<Locator[]> {
  const choices = await page.locator('[data-testid="chooser"] [data-testid^="choose-"]').all();
  if (choices.length > 0) return choices;
  const cells = await boardOf(page).locator('[data-clickable="1"]').all();
  const buttons = await page.locator('[data-testid="action-bar"] [data-testid^="button-"]:not([disabled])').all();
  return [...cells, ...buttons];
}

/** The candidates' names in one string, read in one go (to tell whether a click changed them). */
async function candidatesKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const choices = [...document.querySelectorAll('[data-testid="chooser"] [data-testid^="choose-"]')];
    const here = choices.length > 0 ? choices : [
      ...document.querySelectorAll('[data-testid="board"] [data-clickable="1"]'),
      ...document.querySelectorAll('[data-testid="action-bar"] [data-testid^="button-"]:not([disabled])'),
    ];
    return here.map((e) => e.getAttribute("data-target") ?? e.getAttribute("data-testid") ?? "?").join(" ");
  });
}

/** What was clicked to make one decision. */
export interface Decision {
  clicks: string[];
  ply: number;
}

async function describe(l: Locator): Promise<string> {
  // Short waits: the targets can change under us (the other seat's step arrives), and a target
  // that is gone is simply read again.
  return (await l.getAttribute("data-target", { timeout: 2000 })) ?? (await l.getAttribute("data-testid", { timeout: 2000 })) ?? "?";
}

/**
 * Makes one legal decision by clicking random clickable targets until the page sends a move
 * (the ply moves on or `pending` shows). Waits for the turn first. `prefer` weighs a target
 * (its `data-target` or test id): only the targets of the highest weight are picked from, unless
 * every weight is 0. Returns the clicks.
 */
export async function randomDecision(page: Page, rng: Rng, prefer?: (target: string) => number): Promise<Decision> {
  await waitTurn(page);
  await idle(page);
  const game = gameOf(page);
  const ply = await plyOf(page);
  const clicks: string[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const now = await candidates(page);
    if (now.length === 0) {
      if ((await plyOf(page)) !== ply || (await page.getByTestId("pending").count()) > 0) break;
      await sleep(100);
      continue;
    }
    let choice = rng.pick(now);
    let name: string;
    let before = "";
    try {
      if (prefer) {
        const named = await Promise.all(now.map(async (l) => ({ l, w: prefer(await describe(l)) })));
        const best = Math.max(...named.map((x) => x.w));
        if (best > 0) choice = rng.pick(named.filter((x) => x.w === best)).l;
      }
      name = await describe(choice);
      before = await candidatesKey(page);
      await choice.click({ timeout: 5000 });
    } catch {
      // The page changed between reading the targets and clicking one: read them again.
      await sleep(100);
      continue;
    }
    clicks.push(name);
    // The click either continues the path (other targets) or sends the move. Until the page
    // has drawn the click's effect, the targets are the ones clicked from: wait for a change.
    await expect
      .poll(
        async () => {
          if ((await plyOf(page)) !== ply || (await page.getByTestId("pending").count()) > 0) return "sent";
          const key = await candidatesKey(page);
          return key !== "" && key !== before ? "more" : "wait";
        },
        { timeout: 10_000 },
      )
      .not.toBe("wait")
      .catch(() => undefined);
    if ((await plyOf(page)) !== ply || (await page.getByTestId("pending").count()) > 0) break;
    if (clicks.length > 30) throw new Error(`30 clicks made no move at ply ${ply}: ${clicks.join(" ")}`);
  }
  await expect(game, `the move made by ${clicks.join(" → ")} is played`).not.toHaveAttribute("data-ply", String(ply), { timeout: 30_000 });
  return { clicks, ply };
}

/**
 * Starts watching the action bar: every time a move button (`button-*`, e.g. Mu's `pass`) or a
 * chooser's choice can be pressed while the board animates, its name is kept (read them with
 * `pressableDuringAnimation`). The board takes no clicks then, and neither may the buttons.
 */
export async function watchButtonsDuringAnimation(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { pressedWhileAnimating: string[] };
    w.pressedWhileAnimating = [];
    const look = () => {
      const board = document.querySelector('[data-testid="board"]');
      if (board?.getAttribute("data-animating") !== "1") return;
      document
        .querySelectorAll<HTMLButtonElement>('[data-testid="action-bar"] [data-testid^="button-"], [data-testid="action-bar"] [data-testid^="choose-"]')
        .forEach((b) => {
          if (!b.disabled) w.pressedWhileAnimating.push(b.getAttribute("data-testid") ?? "?");
        });
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-animating", "disabled"] });
  });
}

/** The move buttons seen pressable during an animation since `watchButtonsDuringAnimation`. */
export async function pressableDuringAnimation(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { pressedWhileAnimating: string[] }).pressedWhileAnimating);
}

/** The event log's lines (opens the events tab). */
export async function eventLines(page: Page): Promise<string[]> {
  await page.getByTestId("tab-events").click();
  return await page.getByTestId("events").locator("li").allInnerTexts();
}

/** The pieces the board draws, one sorted line per piece (`at owner kind height hidden`). */
export async function boardPieces(page: Page): Promise<string[]> {
  const pieces = await boardOf(page)
    .locator(".piece")
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-at"), e.getAttribute("data-owner"), e.getAttribute("data-kind"), e.getAttribute("data-height"), e.getAttribute("data-hidden") ?? "0"].join(" ")),
    );
  return pieces.sort();
}

/** Saves a screenshot of the page to test-results/shots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${webDir}/test-results/shots/${name}.png` });
}
