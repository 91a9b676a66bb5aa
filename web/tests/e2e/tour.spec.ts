// Screenshots of every page, on a desktop and on a 390×844 phone, light and dark, to look at
// (`scripts/tour.sh`; web/test-results/tour/<viewport>-<scheme>-<page>.png). Not a test of
// behaviour: it runs only with MUSTER_TOUR=1, and fails only when a page does not open.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { openLobby, playAi, createWithSeats, onGamePage, idle, waitTurn } from "./play";
import { tour, webDir } from "./env.mjs";
import { freshName, register } from "./accounts";

test.skip(!tour, "screenshots only on request: scripts/tour.sh");

const VIEWPORTS = [
  { name: "desktop", width: 1000, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  for (const scheme of ["light", "dark"] as const) {
    test(`tour: every page (${viewport.name}, ${scheme})`, async ({ guest }) => {
      test.setTimeout(300_000);
      const page = await guest({ viewport });
      await page.emulateMedia({ colorScheme: scheme });
      const snap = (name: string) => page.screenshot({ path: `${webDir}/test-results/tour/${viewport.name}-${scheme}-${name}.png`, fullPage: true });
      await visit(page, snap);
    });
  }
}

async function visit(page: Page, snap: (name: string) => Promise<unknown>): Promise<void> {
  await openLobby(page);
  await snap("lobby");
  await page.getByTestId("card-mutou").click();
  await page.getByRole("button", { name: /^Options/ }).click();
  await snap("lobby-mutou-options");

  const mg = await playAi(page, "murus-gallicus", 1);
  await waitTurn(page);
  await idle(page);
  await snap("game-murus-gallicus");
  await page.getByTestId("resign").click();
  await expect(page.getByTestId("game-over")).toBeVisible();
  await snap("game-over");
  for (const [game, options] of [
    ["mu", {}],
    ["mur", {}],
    ["mutou", {}],
    ["mutou", { board: "sown" }],
  ] as const) {
    await createWithSeats(page, game, ["me", "ai1"], { options });
    await onGamePage(page);
    await idle(page);
    await snap(`game-${game}${"board" in options ? "-sown" : ""}`);
  }
  await page.goto(`/replay/${mg}`);
  await expect(page.getByTestId("replay")).toBeVisible();
  await snap("replay");
  for (const game of ["murus-gallicus", "mu", "mur", "mutou"]) {
    await page.goto(`/rules/${game}`);
    await expect(page.getByTestId("rules")).toBeVisible();
    await snap(`rules-${game}`);
  }
  await page.goto("/games");
  await expect(page.locator("main h1")).toBeVisible();
  await snap("my-games");
  const me = (await page.getByTestId("account").innerText()).replace(/ \(guest\)$/, "");
  await page.goto(`/u/${encodeURIComponent(me)}`);
  await expect(page.locator("main h1")).toBeVisible();
  await snap("user");
  await page.goto("/settings");
  await expect(page.getByTestId("settings")).toBeVisible();
  await snap("settings");
  await page.goto("/bots");
  await expect(page.getByTestId("bots-guest")).toBeVisible();
  await snap("bots-guest");
  await page.goto("/games");
  await page.getByTestId("bell").click();
  await expect(page.getByTestId("inbox")).toBeVisible();
  await snap("notifications");
  await page.keyboard.press("Escape");
  await page.goto("/signin");
  await expect(page.locator("main h1")).toBeVisible();
  await snap("signin");
  await page.goto("/nowhere");
  await expect(page.locator("main h1")).toHaveText("Not found");
  await snap("not-found");
  await register(page, "tour");
  await page.goto("/bots");
  await page.getByTestId("bot-name").fill(freshName("tourbot"));
  await page.getByTestId("bot-create").click();
  await expect(page.getByTestId("token")).toBeVisible();
  await snap("bots");
}
