// Two players in two browser contexts play Mur: one creates a challenge with an open seat, the
// other joins it from the lobby; they click random legal moves until the event log has shown
// a knock and a trap withdrawal.
import { test, expect } from "./fixtures";
import { Rng, seedOf, createWithSeats, openLobby, onGamePage, randomDecision, idle, gameOf, isOver, shot, plyOf, eventLines } from "./play";
import { seedOverride } from "./env.mjs";
import type { Page } from "@playwright/test";

/** Decisions (both players together) before the test gives up looking for a trap withdrawal. */
const MAX_DECISIONS = 400;

test("Mur between two guests: join from the lobby, play until a knock (rule 1.5) and a trap withdrawal (rule 1.6) show in the event log", async ({ guest }, info) => {
  test.setTimeout(900_000);
  const rng = new Rng(seedOf(info.title, seedOverride));
  const a = await guest({ label: "creator" });
  const b = await guest({ label: "joiner" });
  await createWithSeats(a, "mur", ["me", "open"], { preset: "match" });
  await expect(a.getByTestId("waiting")).toBeVisible();

  await openLobby(b);
  const join = b.locator('[data-testid="challenge"]').filter({ hasText: "Mur" }).locator('[data-testid^="join-"]');
  await expect(join).toHaveCount(1);
  await join.click();
  const g = await onGamePage(b);
  // The creator's page goes to the game by itself.
  await expect(a).toHaveURL(new RegExp(`/g/${g}$`), { timeout: 10_000 });
  await onGamePage(a);
  await shot(a, "mur-start");

  // Both keep the event log open: it shows the events seen since the page loaded.
  await a.getByTestId("tab-events").click();
  await b.getByTestId("tab-events").click();
  const log = a.getByTestId("events");
  const seen = async () => {
    const text = (await log.innerText()).toLowerCase();
    return { knock: text.includes("knocked"), trap: text.includes("trapped"), withdrawal: /withdraw[^\n]*§1\.6 trap withdrawal/.test(text) };
  };

  let decisions = 0;
  let middle = false;
  while (decisions < MAX_DECISIONS) {
    const s = await seen();
    if (s.knock && s.withdrawal) break;
    if (await isOver(a)) break;
    const mover = await whoseTurn(a, b);
    await randomDecision(mover, rng);
    decisions += 1;
    if (!middle && s.knock) {
      await idle(a);
      await shot(a, "mur-middle");
      middle = true;
    }
  }
  const s = await seen();
  console.log(`Mur: ${decisions} decisions (ply ${await plyOf(a)}); knock ${s.knock}, trap ${s.trap}, trap withdrawal ${s.withdrawal}`);
  expect(s.knock, `a knock within ${MAX_DECISIONS} decisions`).toBe(true);
  expect(s.withdrawal, `a trap withdrawal within ${MAX_DECISIONS} decisions`).toBe(true);

  // The knock line links to the rule; both players saw the same events.
  await idle(a);
  await idle(b);
  const knock = log.locator("li").filter({ hasText: "knocked" }).first();
  await expect(knock.locator("a.rule")).toHaveAttribute("href", "/rules/mur#1.5");
  const trapWithdrawal = log.locator("li").filter({ hasText: "trap withdrawal" }).first();
  await expect(trapWithdrawal.locator("a.rule")).toHaveAttribute("href", "/rules/mur#1.6");
  expect(await eventLines(b)).toEqual(await eventLines(a));
  await shot(a, "mur-end");
});

/** The page whose turn it is (polls both; one of two seats always acts in Mur). */
async function whoseTurn(a: Page, b: Page): Promise<Page> {
  for (let i = 0; i < 600; i++) {
    for (const p of [a, b]) if ((await gameOf(p).getAttribute("data-my-turn")) === "1") return p;
    await a.waitForTimeout(100);
  }
  throw new Error("neither player is to move");
}
