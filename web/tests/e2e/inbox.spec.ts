// The notification bell: a challenge naming a player raises the count on their open page at
// once, the count survives a reload, the list (opened from the keyboard) shows the newest first
// with a link to the game, and opening it marks what it shows read — also after a reload. A turn
// in an untimed game comes the same way. Escape closes the list and gives the focus back.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { register } from "./accounts";
import { chooseVariant, onGamePage, openLobby, randomDecision, Rng, waitTurn } from "./play";

/** Ann's challenge of Murus Gallicus (untimed, ann first) naming `who` in the second seat; returns its link. */
async function challengeNaming(page: Page, who: string): Promise<string> {
  await openLobby(page);
  await chooseVariant(page, "murus-gallicus");
  await page.getByTestId("seat-1").selectOption("user");
  await page.getByLabel("Seat 2 player").fill(who);
  await page.getByLabel("Who sees it").selectOption({ label: "the named players" });
  await page.getByTestId("create").click();
  const waiting = page.getByTestId("waiting");
  await expect(waiting).toBeVisible();
  return await waiting.locator("code").innerText();
}

test("the bell counts notices live and over reloads; its list, opened by keyboard, shows them newest first with the game's link and marks them read", async ({ guest }) => {
  const a = await guest({ label: "ann" });
  const b = await guest({ label: "bob" });
  const ann = await register(a, "ann");
  const bob = await register(b, "bob");
  const bell = b.getByTestId("bell");
  await b.goto("/games");
  await expect(bell).toHaveAccessibleName("Notifications, no unread");

  // Ann names bob in a challenge: bob's page, open all along, counts it at once.
  const link = await challengeNaming(a, bob);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(bell).toHaveText("1");
  await b.reload();
  await expect(bell, "the count survives a reload").toHaveAccessibleName("Notifications, 1 unread");

  // Bob joins: the game's start is one more (the challenge's own end is not kept).
  await b.goto(new URL(link).pathname + new URL(link).search);
  await b.getByTestId("join-linked").click();
  const g = await onGamePage(b);
  await onGamePage(a);
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");

  // Ann moves: it is bob's turn in an untimed game, and he is told.
  await waitTurn(a);
  await randomDecision(a, new Rng(27));
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");

  // From the keyboard: focus the bell, Enter opens the list, which takes the focus.
  await b.goto("/games");
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
  await bell.focus();
  await b.keyboard.press("Enter");
  const list = b.getByTestId("inbox");
  await expect(list).toBeVisible();
  await expect(list).toBeFocused();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  const items = list.getByTestId("inbox-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveAttribute("data-kind", "your-turn");
  await expect(items.nth(0)).toContainText(`${ann} has played: your turn in Murus Gallicus`);
  await expect(items.nth(1)).toHaveAttribute("data-kind", "game-started");
  await expect(items.nth(1)).toContainText("your game of Murus Gallicus has started");
  await expect(items.nth(2)).toHaveAttribute("data-kind", "challenge");
  await expect(items.nth(2)).toContainText(`${ann} challenges you to a game of Murus Gallicus`);
  await expect(list.locator("li.unread"), "each is marked new").toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(items.nth(i).locator("time")).toHaveText(/^(just now|\d+ min ago)$/);
  await expect(items.nth(0).getByTestId("inbox-game")).toHaveAttribute("href", `/g/${g}`);
  await expect(items.nth(1).getByTestId("inbox-game")).toHaveAttribute("href", `/g/${g}`);
  await expect(items.nth(2).getByTestId("inbox-game"), "a challenge has no game yet").toHaveCount(0);
  // Opening marked them read.
  await expect(bell).toHaveAccessibleName("Notifications, no unread");
  await expect(bell).toHaveText("");

  // Escape closes the list and the focus is back on the bell.
  await b.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute("aria-expanded", "false");

  // Read they stay, after a reload; the list still holds them, no longer new; its link goes to the game.
  await b.reload();
  await expect(bell).toHaveAccessibleName("Notifications, no unread");
  await bell.click();
  await expect(items).toHaveCount(3);
  await expect(list.locator("li.unread")).toHaveCount(0);
  await items.nth(0).getByTestId("inbox-game").click();
  await expect(b).toHaveURL(new RegExp(`/g/${g}$`));
  await expect(list, "following a link closes the list").toHaveCount(0);

  // Bob plays; ann plays again: bob is told, live. Bob plays that turn on the game's page, without
  // opening the list: the turn he took leaves the count at once, and the list after a reload.
  const rng = new Rng(28);
  await randomDecision(b, rng);
  await waitTurn(a);
  await randomDecision(a, rng);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await randomDecision(b, rng);
  await expect(bell, "a turn taken is not unread").toHaveAccessibleName("Notifications, no unread");
  await b.reload();
  await expect(bell).toHaveAccessibleName("Notifications, no unread");
});
