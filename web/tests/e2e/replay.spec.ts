// The replay of a finished game: the scrubber and the step buttons move through the plies, the
// board follows, and the last ply shows the board the game ended with.
import { test, expect } from "./fixtures";
import { Rng, seedOf, playAi, randomDecision, idle, plyOf, boardPieces, gameOf } from "./play";
import { seedOverride } from "./env.mjs";

test("replay of a resigned game: scrub to 0, step forward, the ply counter and the board change, and the last ply matches the game's end", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  const g = await playAi(page, "murus-gallicus", 1, { preset: "basic" });
  for (let i = 0; i < 3; i++) await randomDecision(page, rng);
  await expect.poll(() => plyOf(page)).toBeGreaterThanOrEqual(6);
  await idle(page);
  await page.getByTestId("resign").click(); // window.confirm is accepted by the fixture
  await expect(gameOf(page)).toHaveAttribute("data-status", "over");
  await expect(page.getByTestId("game-over")).toBeVisible();
  await idle(page);
  const plies = await plyOf(page);
  const end = await boardPieces(page);

  await page.goto(`/replay/${g}`);
  const replay = page.getByTestId("replay");
  const counter = page.getByTestId("replay-ply");
  await expect(replay).toBeVisible();
  await expect(page.getByTestId("board")).toBeVisible();
  // The replay opens at the end, or at the start; either way the scrubber reaches both.
  const scrubber = page.getByTestId("scrubber");
  await expect(scrubber).toHaveAttribute("max", String(plies));

  await scrubber.fill("0");
  await expect(counter).toHaveText(new RegExp(`^\\s*0\\s*/\\s*${plies}\\s*$`));
  await expect(replay).toHaveAttribute("data-ply", "0");
  await idle(page);
  const atStart = await boardPieces(page);
  expect(atStart.filter((p) => p.split(" ")[2] === "tower"), "the start: 16 towers").toHaveLength(16);

  await page.getByTestId("replay-forward").click();
  await expect(counter).toHaveText(new RegExp(`^\\s*1\\s*/\\s*${plies}\\s*$`));
  await expect(replay).toHaveAttribute("data-ply", "1");
  await idle(page);
  const afterOne = await boardPieces(page);
  expect(afterOne, "the first move changes the board").not.toEqual(atStart);

  await page.getByTestId("replay-back").click();
  await expect(replay).toHaveAttribute("data-ply", "0");
  await idle(page);
  expect(await boardPieces(page)).toEqual(atStart);

  await scrubber.fill(String(plies));
  await expect(counter).toHaveText(new RegExp(`^\\s*${plies}\\s*/\\s*${plies}\\s*$`));
  await idle(page);
  expect(await boardPieces(page), "the last ply is the board the game ended with").toEqual(end);
});
