// MuTou with three guests: during the secret setting-out each player sees the other seats'
// stacks only as `?`, never their contents; once everyone has set out, all see every stack.
import { test, expect } from "./fixtures";
import { Rng, seedOf, createWithSeats, openLobby, onGamePage, randomDecision, idle, gameOf, shot, boardOf, boardPieces } from "./play";
import { seedOverride } from "./env.mjs";
import type { Page } from "@playwright/test";

test("MuTou, three guests: others' stacks show only as ? during the setting-out, and all stacks show to all once it is done", async ({ guest }, info) => {
  test.setTimeout(600_000);
  const rng = new Rng(seedOf(info.title, seedOverride));
  const pages = [await guest({ label: "creator" }), await guest({ label: "joiner 1" }), await guest({ label: "joiner 2" })];
  await createWithSeats(pages[0], "mutou", ["me", "open", "open"], { preset: "friendly" });
  await expect(pages[0].getByTestId("waiting")).toBeVisible();
  let g = "";
  for (const p of pages.slice(1)) {
    await openLobby(p);
    const join = p.locator('[data-testid="challenge"]').filter({ hasText: "MuTou" }).locator('[data-testid^="join-"]');
    await expect(join).toHaveCount(1);
    await join.click();
  }
  // The last joiner starts the game; everyone ends up on its page.
  for (const p of pages) {
    await expect(p).toHaveURL(/\/g\/[^/]+$/, { timeout: 15_000 });
    const id = await onGamePage(p);
    if (g) expect(id).toBe(g);
    g = id;
  }
  const seats = await Promise.all(pages.map(mySeat));
  await idle(pages[0]);
  await shot(pages[0], "mutou-start");
  expect(new Set(seats).size, "three different seats").toBe(3);

  // Setting out: one shak per decision, seat by seat, each hidden from the others.
  let decisions = 0;
  let checked = 0;
  const own = [0, 0, 0];
  const secrets: string[][] = [[], [], []];
  for (; decisions < 60; decisions++) {
    for (const p of pages) await idle(p);
    const status = await pages[0].getByTestId("status").innerText();
    if (!/set(s|ting)? out/i.test(status)) break;
    for (let i = 0; i < 3; i++) {
      checked += await checkHidden(pages[i], seats[i], own[i], decisions);
      // No other seat's secret action text is anywhere in this page (text, attributes, lists).
      const html = await pages[i].content();
      for (let j = 0; j < 3; j++) if (j !== i) for (const a of secrets[j]) expect(html.includes(a), `${a} (seat ${seats[j]}'s secret) in seat ${seats[i]}'s page`).toBe(false);
    }
    if (decisions === 12) await shot(pages[1], "mutou-middle");
    const mover = await whoseTurn(pages);
    const made = await randomDecision(mover, rng);
    const k = pages.indexOf(mover);
    own[k] += 1;
    // The mover sees its own action in its move list.
    const entry = mover.getByTestId("moves").locator(`.mv[data-ply="${made.ply}"]`);
    await expect(entry).not.toHaveClass(/secret/);
    secrets[k].push((await entry.innerText()).trim());
  }
  console.log(`MuTou: ${decisions} setting-out decisions; ${checked} hidden stacks checked; secrets ${secrets.map((x) => x.join(" ")).join(" | ")}`);
  expect(secrets.every((x) => x.length === 11), "11 secret actions per seat").toBe(true);
  expect(decisions, "every seat set out its 11 shakken").toBeGreaterThanOrEqual(33);
  expect(checked, "hidden stacks were seen").toBeGreaterThan(0);

  // After the setting-out: no stack is hidden and all three see the same pieces.
  for (const p of pages) await idle(p);
  const views = [];
  for (const p of pages) {
    await expect(boardOf(p).locator('.piece[data-hidden="1"]')).toHaveCount(0);
    views.push(await boardPieces(p));
  }
  expect(views[0].length).toBeGreaterThan(0);
  // And the move lists show every setting-out action to everyone.
  for (const p of pages) {
    const listed = (await p.getByTestId("moves").locator(".mv").allInnerTexts()).map((t) => t.trim());
    for (const a of secrets.flat()) expect(listed, `${a} is revealed`).toContain(a);
  }
  expect(views[1]).toEqual(views[0]);
  expect(views[2]).toEqual(views[0]);
  await shot(pages[0], "mutou-end");

  // The seat to move sees what each of its buttons does, with the rule it comes from.
  const movers = [];
  for (const p of pages) if ((await gameOf(p).getAttribute("data-my-turn")) === "1") movers.push(p);
  expect(movers, "one seat is to move").toHaveLength(1);
  const mover = movers[0];
  const palette = mover.getByTestId("palette");
  await expect(palette).toContainText("rest: gain a wafer from the supply");
  await expect(palette.getByRole("link", { name: "§S14" })).toHaveAttribute("href", "/rules/mutou#S14");
  const buttons = await mover.locator('[data-testid="action-bar"] [data-testid^="button-"]').evaluateAll((bs) =>
    bs.map((b) => ({ id: b.getAttribute("data-target") ?? "", described: b.getAttribute("aria-describedby") ?? "" })),
  );
  expect(buttons.length).toBeGreaterThan(0);
  for (const b of buttons) {
    expect(b.described, `the ${b.id} button points at its explanation`).toBe(`help-${b.id}`);
    await expect(palette.locator(`#help-${b.id.replace(/:/g, "\\:")}`)).not.toBeEmpty();
  }
  if (buttons.some((b) => b.id === "split")) await expect(palette).toContainText("split a tessel");
  // Typing a tool's word offers its moves, though the page had not loaded them (lazy groups).
  if (buttons.some((b) => b.id === "ins")) {
    await mover.getByTestId("typed-move").fill("ins:");
    await expect
      .poll(async () => (await mover.locator("#legal-moves option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter((v) => v.startsWith("ins:")).length, {
        message: "completions of `ins:`",
      })
      .toBeGreaterThan(0);
    await mover.getByTestId("typed-move").fill("");
  }
  await palette.scrollIntoViewIfNeeded();
  await shot(mover, "mutou-palette");
});

/** This page's seat (the seat panel marked `mine`). */
async function mySeat(p: Page): Promise<string> {
  const id = await p.locator('[data-testid^="seat-panel-"].mine').getAttribute("data-testid");
  expect(id).toBeTruthy();
  return id!.replace("seat-panel-", "");
}

/**
 * Checks the page's board: its own stacks are open, every stack of another seat is hidden and
 * drawn as `?` only (no count, no shakken); the move list hides the other seats' `total - mine`
 * decisions. Returns how many hidden stacks it checked.
 */
async function checkHidden(p: Page, seat: string, mine: number, total: number): Promise<number> {
  const pieces = await boardOf(p)
    .locator(".piece")
    .evaluateAll((els) => els.map((e) => ({ owner: e.getAttribute("data-owner"), hidden: e.getAttribute("data-hidden"), height: e.getAttribute("data-height"), text: (e.textContent ?? "").trim(), at: e.getAttribute("data-at") })));
  let n = 0;
  for (const x of pieces) {
    if (x.owner === seat) {
      expect(x.hidden ?? "0", `seat ${seat} sees its own stack on ${x.at}`).not.toBe("1");
    } else {
      expect(x.hidden, `seat ${seat} sees seat ${x.owner}'s stack on ${x.at} only as hidden`).toBe("1");
      expect(x.text, `seat ${seat} sees seat ${x.owner}'s stack on ${x.at} as ? only`).toBe("?");
      expect(x.height ?? "0", "no height of a hidden stack").toBe("0");
      n += 1;
    }
  }
  // The move list shows this seat's own decisions and only a lock for the others'.
  const moves = p.getByTestId("moves");
  await expect(moves.locator(".mv"), `seat ${seat}: every decision is listed`).toHaveCount(total);
  await expect(moves.locator(".mv.secret"), `seat ${seat}: the other seats' decisions are secret`).toHaveCount(total - mine);
  return n;
}

async function whoseTurn(pages: Page[]): Promise<Page> {
  for (let i = 0; i < 600; i++) {
    for (const p of pages) if ((await gameOf(p).getAttribute("data-my-turn")) === "1") return p;
    await pages[0].waitForTimeout(100);
  }
  throw new Error("no player is to move");
}
