// The rules pages hold the anchors the event log's rule links point to.
import { test, expect } from "./fixtures";

// One rule reference of each game's events, as the event log links it (`/rules/<game>#<n>`).
const LINKED = { "murus-gallicus": "2.2", mur: "1.5", mu: "2.6", mutou: "S18" } as const;

for (const [game, section] of Object.entries(LINKED)) {
  test(`rules of ${game}: the page shows the rules and the anchor #${section} an event links to`, async ({ page }) => {
    await page.goto(`/rules/${game}#${section}`);
    const rules = page.getByTestId("rules");
    await expect(rules).toBeVisible();
    const anchor = page.locator(`[id="${section}"]`);
    await expect(anchor).toHaveCount(1);
    // The page scrolls to the anchor once the rules are drawn.
    await expect(anchor).toBeInViewport();
  });
}
