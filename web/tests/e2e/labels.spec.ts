// The labels drawn on a board (coordinates, spoke letters, the points' and cells' names) never
// cover one another: each can be read.
import { test, expect } from "./fixtures";
import { openLobby, chooseVariant, onGamePage, idle } from "./play";

const GAMES = ["murus-gallicus", "mur", "mu", "mutou"] as const;

for (const game of GAMES) {
  test(`no two labels of the ${game} board overlap`, async ({ page }) => {
    await openLobby(page);
    await chooseVariant(page, game);
    await page.getByTestId("quick-hotseat").click();
    await onGamePage(page);
    await idle(page);
    const overlaps = await page.locator('[data-testid="board"] .labels').evaluate((root) => {
      const boxes = [...root.querySelectorAll("text")]
        .map((t) => ({ text: t.textContent ?? "", r: t.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
      const found: string[] = [];
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].r;
          const b = boxes[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) found.push(`"${boxes[i].text}" and "${boxes[j].text}"`);
        }
      return { count: boxes.length, found };
    });
    expect(overlaps.count, "the board has labels").toBeGreaterThan(0);
    expect(overlaps.found, "labels drawn over one another").toEqual([]);
  });
}
