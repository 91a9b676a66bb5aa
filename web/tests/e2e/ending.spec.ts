// How a game's page ends: the status line after a resignation and after a flag (live and after
// a reload), the clocks (never above the starting time, a flagged clock at 0:00), and a link
// to a game that does not exist.
import { test, expect } from "./fixtures";
import { Rng, seedOf, openLobby, chooseVariant, playAi, onGamePage, randomDecision, waitTurn, gameOf, idle, shot, type VariantChoice } from "./play";
import { seedOverride } from "./env.mjs";
import type { Page } from "@playwright/test";

const status = (page: Page) => page.getByTestId("status");

test("after a resignation the status line says how the game ended and names the seat by colour and player, not whose move it was, also after a reload", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  await playAi(page, "murus-gallicus", 1);
  await waitTurn(page);
  await randomDecision(page, rng);
  await expect(gameOf(page)).toHaveAttribute("data-ply", "2", { timeout: 30_000 });
  await expect(status(page)).toContainText("to move");
  await page.getByTestId("resign").click();
  await expect(page.getByTestId("game-over")).toBeVisible();
  await expect(gameOf(page)).toHaveAttribute("data-status", "over");
  // The seat that resigned is named by its colour and its player, as in the game-over dialog.
  await expect(page.getByTestId("game-over")).toContainText(/Light \(guest-\w+\) resigned/);
  for (const when of ["live", "after a reload"]) {
    await expect(status(page), when).toContainText(/Light \(guest-\w+\) resigned/);
    await expect(status(page), when).not.toContainText("to move");
    await expect(status(page), when).toContainText("game over");
    if (when === "live") {
      await page.reload();
      await expect(gameOf(page)).toHaveAttribute("data-status", "over");
    }
  }
});

/** Creates a live game against AI level 1 from the lobby's form, with `base_ms` asked of the server. */
async function liveVsAi(page: Page, baseMs: number, v: VariantChoice = {}): Promise<string> {
  await openLobby(page);
  await chooseVariant(page, "murus-gallicus", v);
  await page.getByLabel("Live").check();
  await page.getByLabel("Minutes").fill("1");
  await page.getByLabel("+ seconds per turn").fill("0");
  await page.getByTestId("seat-1").selectOption("ai1");
  // The form offers whole minutes; the server takes 10 s and more. The request is made shorter
  // on its way out so that a flag comes within the test's time.
  await page.route("**/api/challenges", async (route) => {
    const req = route.request();
    if (req.method() !== "POST") return route.continue();
    const body = req.postDataJSON();
    expect(body.clock, "the form asks for a 1+0 live clock").toEqual({ kind: "live", base_ms: 60_000, inc_ms: 0 });
    body.clock.base_ms = baseMs;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId("create").click();
  return onGamePage(page);
}

/** Starts recording every text the clocks show (window.clockTexts). */
async function recordClocks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { clockTexts: string[] };
    w.clockTexts = [];
    const take = () => document.querySelectorAll('[data-testid^="clock-"]').forEach((c) => w.clockTexts.push(c.textContent ?? ""));
    take();
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test("a live clock never shows more than its starting time, and a flag stops it at 0:00 with the status saying so, live and after a reload", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  await liveVsAi(page, 10_000);
  await recordClocks(page);
  await expect(page.getByTestId("clock-0")).toHaveText("0:10");
  await waitTurn(page);
  await randomDecision(page, rng);
  // The AI replies; then Light's clock runs (every human seat has moved) and flags after 10 s.
  await expect(gameOf(page)).toHaveAttribute("data-ply", "2", { timeout: 30_000 });
  await expect(page.getByTestId("game-over")).toBeVisible({ timeout: 30_000 });
  await idle(page);
  const texts = await page.evaluate(() => (window as unknown as { clockTexts: string[] }).clockTexts);
  expect(texts.length, "the clocks were seen counting").toBeGreaterThan(5);
  expect(
    texts.filter((t) => t !== "0:10" && !/^0:0\d$/.test(t)),
    "no clock showed more than its 10 s",
  ).toEqual([]);
  for (const when of ["live", "after a reload"]) {
    await expect(page.getByTestId("clock-0"), when).toHaveText("0:00");
    await expect(status(page), when).toContainText(/Light \(guest-\w+\) ran out of time/);
    await expect(status(page), when).not.toContainText("to move");
    if (when === "live") {
      await shot(page, "flag-live");
      await page.reload();
      await expect(gameOf(page)).toHaveAttribute("data-status", "over");
    }
  }
});

test("a link to a game that does not exist says so and leads back to the lobby", async ({ page }) => {
  await openLobby(page);
  await page.goto("/g/no-such-game-here");
  const missing = page.getByTestId("not-found");
  await expect(missing).toBeVisible({ timeout: 10_000 });
  await expect(missing).toContainText("no-such-game-here");
  await expect(page.getByTestId("loading")).toHaveCount(0);
  await missing.getByRole("link", { name: "Back to the lobby" }).click();
  await expect(page.getByTestId("card-murus-gallicus")).toBeVisible();
});
