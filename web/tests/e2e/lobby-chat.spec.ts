// The lobby's chat: two players see each other's lines as they are said; a page that opens the
// lobby later gets the last lines once each (and still once after it leaves the lobby and comes
// back, when they come again); a line too long is not sent and a line the server refuses says
// the server's reason, its words kept in the box.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { openLobby } from "./play";

const linesOf = (page: Page) => page.getByTestId("lobby-chat-lines").getByTestId("lobby-chat-line");

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("lobby-chat-input").fill(text);
  await page.getByTestId("lobby-chat-input").press("Enter");
}

/** The ids of the lines the page shows: each once. */
async function idsOf(page: Page): Promise<string[]> {
  return await linesOf(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? "?"));
}

test("two players chat in the lobby; a page opened later gets the history once; a refused line says why", async ({ guest }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
  const fromAnn = `hello from ann ${tag}`;
  const fromBob = `hello from bob ${tag}`;
  const a = await guest({ label: "ann" });
  const b = await guest({ label: "bob" });
  await openLobby(a);
  await openLobby(b);
  const ann = (await a.getByTestId("account").innerText()).replace(/ \(guest\)$/, "");

  await say(a, fromAnn);
  await expect(a.getByTestId("lobby-chat-input"), "the box empties once the line is sent").toHaveValue("");
  await expect(linesOf(b).filter({ hasText: fromAnn })).toHaveCount(1);
  await expect(linesOf(b).filter({ hasText: fromAnn })).toContainText(ann);
  await say(b, fromBob);
  await expect(linesOf(a).filter({ hasText: fromBob })).toHaveCount(1);
  await expect(linesOf(a).filter({ hasText: fromAnn }), "one's own line comes back once").toHaveCount(1);

  // A third player opens the lobby later: the history, each line once and in order.
  const c = await guest({ label: "cat" });
  await openLobby(c);
  await expect(linesOf(c).filter({ hasText: fromBob })).toHaveCount(1);
  await expect(linesOf(c).filter({ hasText: fromAnn })).toHaveCount(1);
  const texts = await linesOf(c).allInnerTexts();
  expect(texts.findIndex((t) => t.includes(fromAnn))).toBeLessThan(texts.findIndex((t) => t.includes(fromBob)));
  // Away from the lobby and back: the history comes again, and is still shown once.
  await c.getByTestId("nav-games").click();
  await expect(c.getByTestId("lobby-chat")).toHaveCount(0);
  await c.getByRole("link", { name: "Play" }).click();
  await expect(linesOf(c).filter({ hasText: fromBob })).toHaveCount(1);
  await expect(linesOf(c).filter({ hasText: fromAnn })).toHaveCount(1);
  const ids = await idsOf(c);
  expect(new Set(ids).size, `no line twice: ${ids.join(" ")}`).toBe(ids.length);

  // Too long: not sent, the count and the error say why, the words stay.
  const long = `${tag} ${"x".repeat(520)}`;
  await say(c, long);
  await expect(c.getByTestId("lobby-chat-error")).toHaveText(`Not sent: a line holds at most 500 characters; this one has ${long.length}.`);
  await expect(c.getByTestId("lobby-chat-count")).toHaveText(`${long.length} of at most 500 characters`);
  await expect(c.getByTestId("lobby-chat-input")).toHaveValue(long);

  // Refused by the server (a control character): its reason is shown, the words come back.
  const tabbed = `tab\there ${tag}`;
  await say(c, tabbed);
  await expect(c.getByTestId("lobby-chat-error")).toHaveText("Not sent: a line may not hold control characters");
  await expect(c.getByTestId("lobby-chat-input")).toHaveValue(tabbed);
  // A good line then goes, and the error goes with it.
  await say(c, `and now properly ${tag}`);
  await expect(c.getByTestId("lobby-chat-error")).toHaveCount(0);
  await expect(linesOf(a).filter({ hasText: `and now properly ${tag}` })).toHaveCount(1);
  for (const page of [a, b, c]) await expect(linesOf(page).filter({ hasText: tag })).toHaveCount(3);
});
