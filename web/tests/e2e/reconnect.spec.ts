// A socket cut without a close frame (the server's test hook) while a move is made: the move
// waits as `pending`, goes once the socket is back, and is committed exactly once.
import { test, expect } from "./fixtures";
import { Rng, seedOf, playAi, randomDecision, waitTurn, idle, plyOf, gameOf } from "./play";
import { seedOverride } from "./env.mjs";

test("reconnect: a move typed while the connection is down shows pending and is committed exactly once after the reconnect; so is a move in flight when the socket is cut", async ({ page }, info) => {
  const rng = new Rng(seedOf(info.title, seedOverride));
  const g = await playAi(page, "murus-gallicus", 1, { preset: "basic" });
  await randomDecision(page, rng);
  await waitTurn(page);
  await idle(page);
  const ply = await plyOf(page);

  // A legal action text from the typed-move box's completions.
  const legal = await page.locator("#legal-moves option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(legal.length, "the typed-move box offers the legal moves").toBeGreaterThan(0);
  const action = rng.pick(legal);
  const typed = page.getByTestId("typed-move");
  await typed.fill(action);

  // Record, in the page, whether the banner and `pending` ever show (they may be brief).
  await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, boolean> };
    w.seen = {};
    const look = () => {
      for (const id of ["reconnecting", "pending"]) if (document.querySelector(`[data-testid="${id}"]`)) w.seen[id] = true;
      if (document.querySelector('[data-testid="reconnecting"]') && document.querySelector('[data-testid="pending"]')) w.seen.both = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  });

  // Cut this user's sockets; the banner shows; the move is made while it shows. The move is
  // sent from inside the page the moment the banner appears: the first reconnect comes 300 ms
  // after the cut, too soon for a round trip of the test runner on a busy machine.
  const dropped = await page.evaluate(async () => {
    const r = await fetch("/api/test/drop", { method: "POST", credentials: "same-origin" });
    const body = await r.text();
    if (r.status === 200) {
      await new Promise<void>((done) => {
        const look = () => {
          if (!document.querySelector('[data-testid="reconnecting"]')) return;
          watch.disconnect();
          done();
        };
        const watch = new MutationObserver(look);
        watch.observe(document.body, { childList: true, subtree: true });
        look();
      });
      document.querySelector<HTMLFormElement>("form.typed")?.requestSubmit();
    }
    return { status: r.status, body };
  });
  expect(dropped.status, `POST /api/test/drop answered ${dropped.body}`).toBe(200);
  expect(JSON.parse(dropped.body).dropped).toBeGreaterThanOrEqual(1);

  // After the reconnect: the banner goes, the move is acknowledged and played once.
  await expect(page.getByTestId("reconnecting")).toHaveCount(0, { timeout: 20_000 });
  await expect(gameOf(page)).not.toHaveAttribute("data-ply", String(ply), { timeout: 20_000 });
  await expect(page.getByTestId("pending")).toHaveCount(0, { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, boolean> }).seen);
  expect(seen.pending, "the move showed as pending").toBe(true);
  expect(seen.both, "the move was pending while the banner showed").toBe(true);
  await expect(page.getByTestId("error")).toHaveCount(0);

  // The AI answers; then the page and the server agree the move is there once.
  await waitTurn(page);
  await idle(page);
  const moves = page.locator('[data-testid="moves"] .mv');
  await expect(moves.nth(ply)).toHaveAttribute("data-ply", String(ply));
  expect((await moves.nth(ply).innerText()).trim()).toBe(action);
  const now = await plyOf(page);
  await expect(moves).toHaveCount(now);
  const record = await (await page.request.get(`/api/games/${g}/record`)).text();
  const lines = record.split("\n").filter((l) => /^\d+\.\s/.test(l)).map((l) => l.replace(/^\d+\.\s*/, "").trim());
  expect(lines, "the server's record has every decision once").toHaveLength(now);
  expect(lines[ply], "the move made while disconnected is the record's next decision").toBe(action);
  expect(lines.slice(ply).filter((a, i) => a === action && i % 2 === 0), "and it is there once").toHaveLength(1);

  // Again, with the cut right after the move leaves: the act may be in flight when the
  // socket dies, so the client sends it again on the new socket; it still counts once.
  const before = await plyOf(page);
  const legal2 = await page.locator("#legal-moves option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const action2 = rng.pick(legal2);
  await typed.fill(action2);
  await typed.press("Enter");
  const cut = await page.evaluate(async () => (await fetch("/api/test/drop", { method: "POST", credentials: "same-origin" })).status);
  expect(cut).toBe(200);
  await expect(page.getByTestId("reconnecting")).toHaveCount(0, { timeout: 20_000 });
  await waitTurn(page);
  await idle(page);
  const end = await plyOf(page);
  await expect(moves).toHaveCount(end);
  expect((await moves.nth(before).innerText()).trim()).toBe(action2);
  const record2 = await (await page.request.get(`/api/games/${g}/record`)).text();
  const lines2 = record2.split("\n").filter((l) => /^\d+\.\s/.test(l)).map((l) => l.replace(/^\d+\.\s*/, "").trim());
  expect(lines2, "the record has every decision once").toHaveLength(end);
  expect(lines2[before]).toBe(action2);
  expect(lines2.slice(0, before), "the earlier decisions are unchanged").toEqual(lines.slice(0, before));
});
