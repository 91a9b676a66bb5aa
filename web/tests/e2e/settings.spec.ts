// The settings page: each choice is stored with the account (another browser signed in as the
// same user shows it), and the pages follow it — dark pages, the board's marks in colours safe
// for colour blindness, coordinates off, the animation speed and confirmed moves on the game
// page; "as the system says" follows the system's light or dark while the page is open.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { playAi, waitTurn, idle, plyOf, gameOf, boardOf, Rng } from "./play";
import { register, signInAs } from "./accounts";

/** The page's background colour as drawn. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** Waits until the settings page says the last change was stored. */
async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId("settings-status")).toHaveText("Saved.");
}

test("settings are kept with the account: another browser signed in as the same user gets dark pages, colour-blind marks, no coordinates, 2× and confirmed moves", async ({ guest }) => {
  const a = await guest({ label: "sam" });
  const name = await register(a, "sam");
  await a.goto("/settings");
  await expect(a.getByTestId("settings")).toBeVisible();
  const light = await background(a);

  await a.getByTestId("pref-theme").getByLabel("dark").check();
  await saved(a);
  await expect(a.locator("html")).toHaveAttribute("data-scheme", "dark");
  expect(await background(a), "dark pages").not.toBe(light);
  await a.getByTestId("pref-palette").getByLabel("safe for colour blindness").check();
  await saved(a);
  await a.getByTestId("pref-coords").uncheck();
  await saved(a);
  await a.getByTestId("pref-speed").selectOption("2");
  await saved(a);
  await a.getByTestId("pref-confirm").check();
  await saved(a);

  // Another browser: nothing of this is in its storage; the account has it.
  const b = await guest({ label: "sam elsewhere" });
  await b.goto("/settings");
  await expect(b.getByTestId("pref-theme").getByLabel("as the system says")).toBeChecked();
  await signInAs(b, name);
  await b.goto("/settings");
  await expect(b.getByTestId("pref-theme").getByLabel("dark")).toBeChecked();
  await expect(b.getByTestId("pref-palette").getByLabel("safe for colour blindness")).toBeChecked();
  await expect(b.getByTestId("pref-coords")).not.toBeChecked();
  await expect(b.getByTestId("pref-speed")).toHaveValue("2");
  await expect(b.getByTestId("pref-confirm")).toBeChecked();
  expect(await background(b), "dark pages in the other browser too").not.toBe(light);

  // The game page follows: no coordinates, blue targets, 2×, a move waits for its confirmation.
  await playAi(b, "murus-gallicus", 1);
  await expect(b.getByTestId("speed")).toHaveValue("2");
  await expect(b.getByTestId("confirm-toggle")).toBeChecked();
  await expect(boardOf(b).locator(".label-coordinate").first()).toBeHidden();
  expect(await boardOf(b).locator(".label-coordinate").count(), "the board has coordinates to hide").toBeGreaterThan(0);
  await waitTurn(b);
  await idle(b);
  const ply = await plyOf(b);
  const target = boardOf(b).locator(".target-outline").first();
  await expect(target).toHaveCount(1);
  expect(await target.evaluate((e) => getComputedStyle(e).stroke), "targets in Okabe and Ito's blue").toBe("rgb(0, 114, 178)");
  const rng = new Rng(7);
  for (let i = 0; i < 10 && (await b.getByTestId("confirm").count()) === 0; i++) {
    const cells = await boardOf(b).locator('[data-clickable="1"]').all();
    expect(cells.length, "a target to click").toBeGreaterThan(0);
    await rng.pick(cells).click();
  }
  await expect(b.getByTestId("confirm")).toBeVisible();
  expect(await plyOf(b), "nothing is sent before the confirmation").toBe(ply);
  await b.getByTestId("confirm").click();
  await expect(gameOf(b)).not.toHaveAttribute("data-ply", String(ply));

  // Switching confirmation off on the game page is kept with the account as well.
  await b.getByTestId("confirm-toggle").uncheck();
  await a.goto("/settings");
  await expect(a.getByTestId("pref-confirm")).not.toBeChecked();
});

test("pages left to the system follow its light or dark while open; standard marks are green", async ({ guest }) => {
  const page = await guest();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/settings");
  await expect(page.getByTestId("pref-theme").getByLabel("as the system says")).toBeChecked();
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "light");
  expect(await background(page)).not.toBe(dark);
  // Chosen light stays light whatever the system says.
  await page.getByTestId("pref-theme").getByLabel("light").check();
  await saved(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "light");

  await playAi(page, "murus-gallicus", 1);
  await waitTurn(page);
  await idle(page);
  const target = boardOf(page).locator(".target-outline").first();
  await expect(target).toHaveCount(1);
  expect(await target.evaluate((e) => getComputedStyle(e).stroke), "targets in the standard green").toBe("rgb(27, 127, 59)");
  await expect(boardOf(page).locator(".label-coordinate").first()).toBeVisible();
});
