// Mu levis in hot seat (one player clicks for both seats, so the seeded choices alone decide
// the game): the lay-out (ghost rosette centres), the selection, then moves until a chain
// reaction; after its animation the board shows exactly the server's scene. While a move
// animates, `pass` cannot be pressed (the board takes no clicks then either).
import { test, expect } from "./fixtures";
import { Rng, seedOf, openLobby, chooseVariant, onGamePage, randomDecision, waitTurn, idle, shot, boardPieces, boardOf, gameOf, plyOf, watchButtonsDuringAnimation, pressableDuringAnimation } from "./play";
import { seedOverride } from "./env.mjs";
import type { Page } from "@playwright/test";

/** Decisions (both seats) before the test gives up waiting for an explosion. */
const MAX_DECISIONS = 300;

test("Mu levis, hot seat: lay-out by ghost rosette targets, selection, moves until a cell explodes; after the animation the pieces equal a fresh load's; no move button is pressable while the board animates", async ({ page, guest }, info) => {
  test.setTimeout(900_000);
  const rng = new Rng(seedOf(info.title, seedOverride));
  await openLobby(page);
  await chooseVariant(page, "mu", { preset: "levis" });
  await page.getByTestId("quick-hotseat").click();
  const g = await onGamePage(page);
  await watchButtonsDuringAnimation(page);
  await shot(page, "mu-start");

  // Lay-out: the first decision places a segment on a ghost rosette centre (target `q,r`,
  // the action `place:q,r`).
  await waitTurn(page);
  await idle(page);
  const ghosts = boardOf(page).locator('[data-clickable="1"]');
  await expect(ghosts.first()).toBeVisible();
  for (const id of await ghosts.evaluateAll((es) => es.map((e) => e.getAttribute("data-target") ?? ""))) expect(id, "the lay-out's targets are rosette centres").toMatch(/^-?\d+,-?\d+$/);
  const first = await randomDecision(page, rng);
  expect(first.clicks).toHaveLength(1);
  await expect(page.locator('[data-testid="moves"] .mv').first()).toHaveText(`place:${first.clicks[0]}`);

  // Then on: random decisions (placing, clearing, moving) until the log shows an explosion.
  await page.getByTestId("tab-events").click();
  const log = page.getByTestId("events");
  let decisions = 1;
  let exploded = false;
  while (decisions < MAX_DECISIONS) {
    if ((await log.innerText()).includes("explodes")) {
      exploded = true;
      break;
    }
    if (!(await waitTurn(page, 60_000))) break;
    // Passing is legal, but two passes in a row end the game: pass only when nothing else is.
    // Men moved onto the mover's own men make tall stacks, and tall stacks explode: prefer
    // those landings (a choice among the legal targets, read from the board's pieces).
    const own = await ownCells(page);
    await randomDecision(page, rng, (t) => (t === "pass" ? 0 : own.has(t) ? 2 : 1));
    decisions += 1;
    if (decisions === 16) {
      await idle(page);
      await shot(page, "mu-middle");
    }
  }
  // The record shows the three stages: lay-out, selection, moves.
  const record = await (await page.request.get(`/api/games/${g}/record`)).text();
  const actions = record.split("\n").filter((l) => /^\d+\.\s/.test(l)).map((l) => l.replace(/^\d+\.\s*/, "").trim());
  const stages = new Set(actions.map((a) => (a.startsWith("place:") ? "lay-out" : a.startsWith("clear:") ? "selection" : "move")));
  console.log(`Mu: ${decisions} decisions, ply ${await plyOf(page)}; stages ${[...stages].join(", ")}`);
  expect(exploded, `a chain reaction within ${MAX_DECISIONS} decisions`).toBe(true);
  expect([...stages].sort(), "lay-out, selection and moves were played").toEqual(["lay-out", "move", "selection"]);
  const line = log.locator("li").filter({ hasText: "explodes" }).first();
  await expect(line.locator("a.rule")).toHaveAttribute("href", "/rules/mu#2.6");

  // After the animation the board is the server's scene: the pieces a fresh load draws.
  await idle(page, 60_000);
  await expect(boardOf(page)).toHaveAttribute("data-animating", "0");
  expect(await pressableDuringAnimation(page), "no move button could be pressed while the board animated").toEqual([]);
  const ply = await plyOf(page);
  const drawn = await boardPieces(page);
  const fresh = await guest({ label: "spectator" });
  await fresh.goto(`/g/${g}`);
  await expect(gameOf(fresh)).toHaveAttribute("data-ply", String(ply));
  await idle(fresh);
  expect(await plyOf(page), "no move was played meanwhile").toBe(ply);
  expect(drawn.length).toBeGreaterThan(0);
  expect(drawn, "the animated board ends on the server's scene").toEqual(await boardPieces(fresh));
  await shot(page, "mu-end");
});

/** The cells holding men of the seat to act. */
async function ownCells(page: Page): Promise<Set<string>> {
  const panel = await page.locator('[data-testid^="seat-panel-"][data-to-act="1"]').first().getAttribute("data-testid");
  const seat = panel?.replace("seat-panel-", "") ?? "";
  const at = await boardOf(page)
    .locator(`.piece[data-owner="${seat}"]`)
    .evaluateAll((es) => es.map((e) => e.getAttribute("data-at") ?? ""));
  return new Set(at);
}
