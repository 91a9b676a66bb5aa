// Mu levis against AI level 1: the lay-out (ghost `place:` rosettes), the selection, then moves
// until a chain reaction; after its animation the board shows exactly the server's scene.
import { test, expect } from "./fixtures";
import { Rng, seedOf, playAi, randomDecision, waitTurn, idle, shot, boardPieces, boardOf, gameOf, plyOf } from "./play";
import { seedOverride } from "./env.mjs";

/** My decisions before the test gives up waiting for an explosion. */
const MAX_DECISIONS = 150;

test("Mu levis vs AI level 1: lay-out by ghost place targets, selection, moves until a cell explodes; after the animation the pieces equal a fresh load's", async ({ page, guest }, info) => {
  test.setTimeout(900_000);
  const rng = new Rng(seedOf(info.title, seedOverride));
  const g = await playAi(page, "mu", 1, { preset: "levis" });
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
    await randomDecision(page, rng, (t) => (t === "pass" ? 0 : 1));
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
  console.log(`Mu: ${decisions} decisions of mine, ply ${await plyOf(page)}; stages ${[...stages].join(", ")}`);
  expect(exploded, `a chain reaction within ${MAX_DECISIONS} decisions`).toBe(true);
  expect([...stages].sort(), "lay-out, selection and moves were played").toEqual(["lay-out", "move", "selection"]);
  const line = log.locator("li").filter({ hasText: "explodes" }).first();
  await expect(line.locator("a.rule")).toHaveAttribute("href", "/rules/mu#2.6");

  // After the animation the board is the server's scene: the pieces a fresh load draws. (Once
  // the AI has answered, nothing moves until this page plays.)
  await waitTurn(page, 60_000);
  await idle(page, 60_000);
  await expect(boardOf(page)).toHaveAttribute("data-animating", "0");
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
