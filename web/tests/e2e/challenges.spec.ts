// Challenges between people: a challenge shared by link shows its details to whoever opens
// the link, the creator's page goes to the game the moment it starts (told by the server, not
// by polling), and a rated game's result shows on the players' pages in plain words.
import { test, expect } from "./fixtures";
import { openLobby, chooseVariant, onGamePage, sleep, waitTurn, randomDecision, Rng, gameOf } from "./play";
import { register } from "./accounts";
import type { Page } from "@playwright/test";

/** Creates a challenge of Murus Gallicus with an open second seat; returns its id. */
async function challenge(page: Page, who: "everyone (lobby)" | "those with the link", extra?: (page: Page) => Promise<void>): Promise<string> {
  await openLobby(page);
  await chooseVariant(page, "murus-gallicus");
  await page.getByTestId("seat-1").selectOption("open");
  await page.getByLabel("Who sees it").selectOption({ label: who });
  if (extra) await extra(page);
  await page.getByTestId("create").click();
  const waiting = page.getByTestId("waiting");
  await expect(waiting).toBeVisible();
  const link = await waiting.locator("code").innerText();
  const id = new URL(link).searchParams.get("challenge");
  expect(id, `a share link with the challenge: ${link}`).toBeTruthy();
  return id!;
}

test("a challenge shared by link shows its details to whoever opens the link, and the creator's page goes to the game as soon as it is joined, without polling", async ({ guest }) => {
  const a = await guest({ label: "creator" });
  const b = await guest({ label: "joiner" });
  const id = await challenge(a, "those with the link");
  const creator = (await a.getByTestId("account").innerText()).replace(/\s*\(guest\)$/, "");
  // Every time the creator's page asks the server about the challenge.
  const asked: number[] = [];
  a.on("request", (r) => {
    if (r.method() === "GET" && r.url().includes(`/api/challenges/${id}`)) asked.push(Date.now());
  });
  await b.goto(`/?challenge=${id}`);
  const linked = b.getByTestId("linked");
  await expect(linked).toContainText("Murus Gallicus");
  await expect(linked).toContainText(`by ${creator}`);
  await expect(linked).toContainText("1/2 seats");
  // A while passes before the joiner decides; the creator's page waits quietly.
  await sleep(3500);
  expect(asked, "the waiting page did not poll the challenge").toEqual([]);
  const clicked = Date.now();
  await linked.getByTestId("join-linked").click();
  const g = await onGamePage(b);
  await expect(a).toHaveURL(new RegExp(`/g/${g}$`), { timeout: 5_000 });
  expect(asked.length, "the creator's page asked once it was told").toBeGreaterThan(0);
  expect(asked[0]).toBeGreaterThanOrEqual(clicked);
  await onGamePage(a);
});

test("a link to a challenge that was withdrawn says so instead of offering to join", async ({ guest }) => {
  const a = await guest({ label: "creator" });
  const b = await guest({ label: "late" });
  const id = await challenge(a, "those with the link");
  await a.getByTestId("waiting").getByRole("button", { name: "Withdraw" }).click();
  await expect(a.getByTestId("waiting")).toHaveCount(0);
  await b.goto(`/?challenge=${id}`);
  const linked = b.getByTestId("linked");
  await expect(linked).toContainText("Murus Gallicus");
  await expect(linked).toContainText("no longer open: withdrawn");
  await expect(b.getByTestId("join-linked")).toHaveCount(0);
});

test("after a rated game the player's page gives the rating in plain words: provisional marked once, the uncertainty apart", async ({ guest }) => {
  const a = await guest({ label: "ann" });
  const b = await guest({ label: "bob" });
  const ann = await register(a, "ann");
  await register(b, "bob");
  await challenge(a, "everyone (lobby)", async (page) => {
    await page.getByLabel("Live").check();
    await page.getByLabel("Rated").check();
  });
  await openLobby(b);
  const join = b.locator('[data-testid="challenge"]').filter({ hasText: `by ${ann}` }).locator('[data-testid^="join-"]');
  await join.click();
  await onGamePage(b);
  await onGamePage(a);
  await waitTurn(a);
  await randomDecision(a, new Rng(3));
  await a.getByTestId("resign").click();
  await expect(gameOf(a)).toHaveAttribute("data-status", "over");
  await a.goto(`/u/${ann}`);
  const cell = a.locator('[data-testid^="rating-"]').first();
  await expect(cell).toBeVisible();
  const text = (await cell.innerText()).replace(/\s+/g, " ").trim();
  expect(text, "rating, then the ± and the word provisional in brackets").toMatch(/^\d+\? \(± \d+, provisional\)$/);
});
