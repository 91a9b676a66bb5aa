// A phone's finger on MuTou's sown board: a tap on a target smaller than a finger (a vertex to
// remove) zooms in on it and chooses nothing; the target is then finger-sized and the next tap
// chooses it.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { createWithSeats, onGamePage, waitTurn, idle, boardOf, plyOf, randomDecision, Rng } from "./play";

/** Each clickable target's id and its box on the screen, inside the viewport. */
async function targetBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="board"] [data-clickable="1"]')]
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.getAttribute("data-target") ?? "", x: r.left + r.width / 2, y: r.top + r.height / 2, size: Math.max(r.width, r.height) };
      })
      .filter((b) => b.x > 0 && b.y > 0 && b.x < innerWidth && b.y < innerHeight),
  );
}

test("phone, touch: a tap on a MuTou target smaller than a finger zooms in first, and the next tap chooses it", async ({ guest }) => {
  const page = await guest({ viewport: { width: 390, height: 844 }, touch: true });
  await createWithSeats(page, "mutou", ["me", "ai1"], { options: { board: "sown" } });
  await onGamePage(page);
  // The setting-out, by random clicks of the mouse (a click is never a finger's tap).
  const rng = new Rng(5);
  for (let i = 0; i < 40; i++) {
    await waitTurn(page);
    await idle(page);
    if (!/sets out/.test(await page.getByTestId("status").innerText())) break;
    await randomDecision(page, rng);
  }
  await waitTurn(page);
  await idle(page);
  // Removing a vertex: the vertices are the targets, each far smaller than a finger.
  await page.getByTestId("button-rmv").click();
  await expect(boardOf(page).locator('[data-clickable="1"]').first()).toHaveCount(1);
  await boardOf(page).scrollIntoViewIfNeeded();
  const boxes = await targetBoxes(page);
  const small = boxes.filter((b) => b.size < 30).sort((a, b) => a.size - b.size)[0];
  expect(small, `a target smaller than a finger among ${boxes.map((b) => `${b.id} ${b.size.toFixed(0)}px`).join(", ")}`).toBeDefined();
  const ply = await plyOf(page);

  await page.touchscreen.tap(small.x, small.y);
  await expect(boardOf(page)).toHaveAttribute("data-zoomed", "1");
  expect(await boardOf(page).locator(`[data-target="${small.id}"][data-selected="1"]`).count(), "the zooming tap chose nothing").toBe(0);
  expect(await plyOf(page)).toBe(ply);
  await expect(page.getByTestId("pending")).toHaveCount(0);

  const after = (await targetBoxes(page)).find((b) => b.id === small.id);
  expect(after, `${small.id} is still in view after the zoom`).toBeDefined();
  expect(after!.size, `${small.id} grew from ${small.size.toFixed(1)} px`).toBeGreaterThanOrEqual(30);
  await page.touchscreen.tap(after!.x, after!.y);
  await expect
    .poll(async () => (await boardOf(page).locator(`[data-target="${small.id}"][data-selected="1"]`).count()) > 0 || (await page.getByTestId("pending").count()) > 0 || (await plyOf(page)) !== ply)
    .toBe(true);
});
