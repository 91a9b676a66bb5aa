// axe-core on every page of the client, on a desktop and on a phone: no violation of impact
// "serious" or "critical" against WCAG 2.1 A and AA. Pages are checked in the states a user
// meets them: the lobby with a game's card open, a game in play (each of the four boards), a
// finished game's replay, the rules, a user's page, the sign-in page, the settings, the
// notifications' list open, the bots page (as a guest, and registered with a token shown), a
// path that does not exist; and again in dark pages: settings, lobby, a game, the replay, the
// bots page and the notifications.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { openLobby, playAi, createWithSeats, onGamePage, idle } from "./play";
import { freshName, register } from "./accounts";

/** The violations of impact serious or critical on the page as it is now, one line each. */
async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ")}`);
}

/** Checks the page now and records what was checked under `name`. */
async function check(page: Page, name: string, found: Record<string, string[]>): Promise<void> {
  found[name] = await serious(page);
}

for (const viewport of [
  { name: "desktop", width: 1000, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`axe finds no serious or critical violation on any page (${viewport.name})`, async ({ guest }) => {
    const page = await guest({ viewport });
    const found: Record<string, string[]> = {};

    await openLobby(page);
    await page.getByTestId("lobby-chat-input").fill("axe was here");
    await page.getByTestId("lobby-chat-input").press("Enter");
    await expect(page.getByTestId("lobby-chat-line").filter({ hasText: "axe was here" }).first()).toBeVisible();
    await check(page, "lobby, with a chat line", found);
    await page.getByTestId("card-mutou").click();
    await page.getByRole("button", { name: /^Options/ }).click();
    await check(page, "lobby, MuTou's options open", found);

    // The four boards in play.
    const mg = await playAi(page, "murus-gallicus", 1);
    await idle(page);
    await check(page, "game: Murus Gallicus vs AI", found);
    await page.getByTestId("resign").click();
    await expect(page.getByTestId("game-over")).toBeVisible();
    await check(page, "game over", found);
    for (const game of ["mu", "mur", "mutou"]) {
      await createWithSeats(page, game, ["me", "ai1"]);
      await onGamePage(page);
      await idle(page);
      await check(page, `game: ${game}`, found);
    }

    await page.goto(`/replay/${mg}`);
    await expect(page.getByTestId("replay")).toBeVisible();
    await check(page, "replay", found);
    for (const game of ["murus-gallicus", "mu", "mur", "mutou"]) {
      await page.goto(`/rules/${game}`);
      await expect(page.getByTestId("rules")).toBeVisible();
      await check(page, `rules: ${game}`, found);
    }
    await page.goto("/games");
    await expect(page.locator("main h1")).toBeVisible();
    await check(page, "my games", found);
    const me = (await page.getByTestId("account").innerText()).replace(/ \(guest\)$/, "");
    await page.goto(`/u/${encodeURIComponent(me)}`);
    await expect(page.locator("main h1")).toBeVisible();
    await check(page, "user page", found);
    await page.goto("/nowhere");
    await expect(page.locator("main h1")).toHaveText("Not found");
    await check(page, "not found", found);
    await page.goto("/signin");
    await expect(page.locator("main h1")).toBeVisible();
    await check(page, "sign in", found);
    await page.goto("/settings");
    await expect(page.getByTestId("settings")).toBeVisible();
    await check(page, "settings", found);

    // The bell's list open (the games above told of their starts), the bots page as a guest
    // sees it, then as a registered user with a bot, its new token and a confirmation showing.
    await page.goto("/games");
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("inbox-item").first()).toBeVisible();
    await check(page, "notifications open", found);
    await page.keyboard.press("Escape");
    await page.goto("/bots");
    await expect(page.getByTestId("bots-guest")).toBeVisible();
    await check(page, "bots (guest)", found);
    await register(page, "axe");
    await page.goto("/bots");
    await page.getByTestId("bot-name").fill(freshName("axebot"));
    await page.getByTestId("bot-create").click();
    await expect(page.getByTestId("token")).toBeVisible();
    await page.getByTestId("bot-replace").click();
    await expect(page.getByTestId("bot-confirm")).toBeVisible();
    await check(page, "bots (a token shown, a confirmation asked)", found);

    // Dark pages (the settings' default follows the system): contrast is checked again.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
    await check(page, "settings, dark", found);
    await openLobby(page);
    await check(page, "lobby, dark", found);
    await page.goto(`/g/${mg}`);
    await expect(page.getByTestId("game-over")).toBeVisible();
    await check(page, "game over, dark", found);
    await page.goto(`/replay/${mg}`);
    await expect(page.getByTestId("replay")).toBeVisible();
    await check(page, "replay, dark", found);
    await page.goto("/bots");
    await expect(page.getByTestId("bot-list")).toBeVisible();
    await check(page, "bots, dark", found);
    // The user registered above has none yet: the list says so.
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("inbox")).toBeVisible();
    await check(page, "notifications open, dark", found);

    const bad = Object.entries(found).filter(([, v]) => v.length > 0);
    expect(Object.keys(found).length, "every page was checked").toBeGreaterThanOrEqual(26);
    expect(bad, "serious or critical axe violations, by page").toEqual([]);
  });
}
