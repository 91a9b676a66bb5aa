// Murus Gallicus against AI level 1, played to the end by clicks on the board.
import { test, expect } from "./fixtures";
import { Rng, seedOf, playAi, randomDecision, waitTurn, idle, plyOf, isOver, shot, boardPieces, gameOf } from "./play";
import { seedOverride } from "./env.mjs";

test("Murus Gallicus vs AI level 1: random legal clicks play a whole game; the AI replies; the end shows the game-over dialog and a replay link", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  // A project ply cap bounds the game (a draw at 200 plies); the AI usually wins long before.
  const g = await playAi(page, "murus-gallicus", 1, { preset: "basic", options: { ply_cap: "200" } });
  await expect(gameOf(page)).toHaveAttribute("data-game", "murus-gallicus");
  await expect(gameOf(page)).toHaveAttribute("data-ply", "0");
  // The start position: 8 towers a side on the home rows.
  const start = await boardPieces(page);
  expect(start.filter((p) => p.split(" ")[2] === "tower")).toHaveLength(16);
  await shot(page, "murus-gallicus-start");

  // The first move, then the AI's reply.
  await waitTurn(page);
  const first = await randomDecision(page, rng);
  expect(first.clicks.length, "a move is a from and a to click").toBeGreaterThanOrEqual(2);
  await expect(gameOf(page)).toHaveAttribute("data-ply", "2", { timeout: 30_000 });
  await expect(page.locator('[data-testid="moves"] .mv')).toHaveCount(2);

  let mine = 1;
  let middle = false;
  while (await waitTurn(page, 60_000)) {
    await randomDecision(page, rng);
    mine += 1;
    if (!middle && (await plyOf(page)) >= 16) {
      await idle(page);
      await shot(page, "murus-gallicus-middle");
      middle = true;
    }
    expect(mine, "the game ends within the ply cap").toBeLessThanOrEqual(110);
  }
  expect(await isOver(page)).toBe(true);
  await idle(page);
  const over = page.getByTestId("game-over");
  await expect(over).toBeVisible();
  await expect(over.getByRole("link", { name: /replay/i })).toHaveAttribute("href", `/replay/${g}`);
  await shot(page, "murus-gallicus-end");

  // The move list and the server's record agree on every decision.
  const plies = await plyOf(page);
  const record = await (await page.request.get(`/api/games/${g}/record`)).text();
  const moves = record.split("\n").filter((l) => /^\d+\.\s/.test(l));
  expect(moves, "the record holds every decision once").toHaveLength(plies);
  expect(record).toMatch(/\[Result "[^"]+"\]/);
  const listed = await page.locator('[data-testid="moves"] .mv').allInnerTexts();
  expect(listed.map((t) => t.trim())).toEqual(moves.map((l) => l.replace(/^\d+\.\s*/, "").trim()));
});
