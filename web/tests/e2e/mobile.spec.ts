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
