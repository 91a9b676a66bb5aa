// Toasts: a notification about the game the tab already shows is not shown as a toast (it
// covered the board's zoom buttons and told the player what the page says), and the words
// name the game, not its ids.
import { test, expect } from "./fixtures";
import { openLobby, chooseVariant, onGamePage, sleep } from "./play";

test("starting a hot-seat game shows no toast about that game on its page; the notifications' words quote no ids", async ({ page }) => {
  const notes: string[] = [];
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      const text = typeof f.payload === "string" ? f.payload : f.payload.toString();
      if (text.includes('"t":"notify"')) notes.push(text);
    }),
  );
  await openLobby(page);
  await chooseVariant(page, "mur");
  await page.getByTestId("quick-hotseat").click();
  const g = await onGamePage(page);
  await expect.poll(() => notes.filter((n) => n.includes("game-started") && n.includes(g)).length, { message: "the server said the game started" }).toBeGreaterThan(0);
  await sleep(300);
  expect(await page.locator(".toasts .toast").allInnerTexts(), "no toast about the game on its own page").toEqual([]);
  for (const n of notes) {
    const d = JSON.parse(n).d as { text: string; g?: string };
    expect(d.text, "no ids in a notification's words").not.toMatch(/[0-9A-Z]{20,}/);
    if (d.g === g) expect(d.text).not.toContain("challenge " + g);
  }
  expect(notes.some((n) => JSON.parse(n).d.text === "your game of Mur has started")).toBe(true);
});
