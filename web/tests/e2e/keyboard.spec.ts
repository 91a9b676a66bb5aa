// A game played by keyboard alone: from the lobby to a Murus Gallicus game against the AI,
// moves made by tabbing to board targets and pressing Enter, and a resignation, without one
// click of the mouse.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { Rng, seedOf, gameOf, plyOf, waitTurn, idle, isOver } from "./play";
import { seedOverride } from "./env.mjs";

/** Presses Tab until the focused element matches `selector` (at most `most` presses). */
async function tabTo(page: Page, selector: string, most = 400): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${most} presses of Tab never reached ${selector}`);
}

/** The board targets that may be chosen now. */
const targets = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="board"] [data-clickable="1"]')].map((e) => e.getAttribute("data-target") ?? ""));

test("a game played by keyboard alone: start from the lobby, move by Tab and Enter, resign", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  await page.goto("/");
  await expect(page.getByTestId("card-murus-gallicus")).toBeVisible();
  await tabTo(page, '[data-testid="card-murus-gallicus"]');
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("card-murus-gallicus")).toHaveAttribute("aria-pressed", "true");
  await tabTo(page, '[data-testid="quick-ai-1"]');
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/g\/[^/]+$/);
  await expect(gameOf(page)).toHaveAttribute("data-game", "murus-gallicus");

  for (let move = 0; move < 4; move++) {
    expect(await waitTurn(page), "the game goes on").toBe(true);
    await idle(page);
    const ply = await plyOf(page);
    // Each press of Enter on a target continues the path; the move is sent when it is whole.
    for (let step = 0; (await plyOf(page)) === ply && (await page.getByTestId("pending").count()) === 0; step++) {
      expect(step, "a move is made within 10 presses").toBeLessThan(10);
      // The legal moves arrive after the position (they are asked for): wait for the targets.
      await expect.poll(async () => (await targets(page)).length, { message: "there is a target to go to" }).toBeGreaterThan(0);
      const now = await targets(page);
      const pick = rng.pick(now);
      await tabTo(page, `[data-testid="board"] [data-target="${pick}"]`);
      const label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
      expect(label, "a target says what it is").toMatch(new RegExp(`^${pick}: `));
      await page.keyboard.press("Enter");
      // Either the move went (the ply moved on, or it is pending), or the path goes on with
      // new targets. A whole path clears the targets a moment before its pending mark shows:
      // that in-between state is not a next step, so it is waited out.
      await expect
        .poll(async () => {
          if ((await plyOf(page)) !== ply || (await page.getByTestId("pending").count()) > 0) return true;
          const next = await targets(page);
          return next.length > 0 && next.join() !== now.join();
        })
        .toBe(true);
    }
    await expect(gameOf(page)).not.toHaveAttribute("data-ply", String(ply));
  }
  await waitTurn(page);
  await idle(page);
  if (!(await isOver(page))) {
    await tabTo(page, '[data-testid="resign"]');
    await page.keyboard.press("Enter"); // the confirmation is accepted by the fixture
    await expect(page.getByTestId("game-over")).toBeVisible();
  }
  expect(await isOver(page)).toBe(true);
  expect(await plyOf(page)).toBeGreaterThanOrEqual(8);
});
