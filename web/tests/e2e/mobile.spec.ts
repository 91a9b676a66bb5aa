// Each game's page on a 390×844 phone: nothing overflows sideways, and the board and the
// action bar can be seen.
import { test, expect } from "./fixtures";
import { openLobby, chooseVariant, onGamePage, idle, shot } from "./play";

const GAMES = ["murus-gallicus", "mur", "mu", "mutou"] as const;

for (const game of GAMES) {
  test(`mobile 390×844: the ${game} page has no horizontal overflow and shows the board and the action bar`, async ({ guest }) => {
    const page = await guest({ label: `${game} phone`, viewport: { width: 390, height: 844 } });
    await openLobby(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the lobby fits the phone's width").toBeLessThanOrEqual(390);
    await chooseVariant(page, game);
    await page.getByTestId("quick-hotseat").click();
    await onGamePage(page);
    await idle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "the game page fits the phone's width").toBeLessThanOrEqual(390);
    const board = page.getByTestId("board");
    await expect(board).toBeInViewport({ ratio: 0.5 });
    const box = await board.boundingBox();
    expect(box, "the board has a size").not.toBeNull();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390.5);
    await shot(page, `${game}-mobile`);
    const bar = page.getByTestId("action-bar");
    await bar.scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    const barBox = await bar.boundingBox();
    expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(390.5);
  });
}

test("mobile 390×844: every control of the lobby's new-game card lies within the phone's width, options open, for every game", async ({ guest }) => {
  const page = await guest({ label: "phone lobby", viewport: { width: 390, height: 844 } });
  await openLobby(page);
  for (const game of GAMES) {
    await page.getByTestId(`card-${game}`).click();
    const card = page.getByRole("region", { name: "New game" });
    await expect(card.getByRole("heading")).toContainText("New game of");
    const options = card.getByRole("button", { name: /^Options/ });
    if ((await options.getAttribute("aria-expanded")) !== "true") await options.click();
    const outside = await card.evaluate((root) =>
      [...root.querySelectorAll("button, select, input, a")]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > 390.5))
        .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" at ${Math.round(box.left)}–${Math.round(box.right)}`),
    );
    expect(outside, `${game}: controls outside the phone's width`).toEqual([]);
    for (const id of ["quick-ai-4", "quick-ai-8", "preset"]) await expect(card.getByTestId(id)).toBeVisible();
  }
  await shot(page, "lobby-mobile");
});
