// The game page's chat: a player's line shows in the players' room, a watcher's only in the
// watchers' room, and a line the server refuses says why and comes back into the box.
import { test, expect } from "./fixtures";
import { playAi } from "./play";

test("game chat: players and watchers each have their room; a line the server refuses shows its reason and the words come back", async ({ guest }) => {
  const a = await guest({ label: "player" });
  const b = await guest({ label: "watcher" });
  const g = await playAi(a, "murus-gallicus", 1);
  await b.goto(`/g/${g}`);
  await expect(b.getByTestId("game")).toBeVisible();
  for (const p of [a, b]) await p.getByTestId("tab-chat").click();
  const box = (p: typeof a) => p.getByTestId("chat");
  const tag = Date.now().toString(36);

  await box(a).getByLabel("Chat message").fill(`good game ${tag}`);
  await box(a).getByLabel("Chat message").press("Enter");
  await expect(box(a).locator(".lines li").filter({ hasText: `good game ${tag}` })).toHaveCount(1);
  await box(b).getByLabel("Chat message").fill(`watching ${tag}`);
  await box(b).getByLabel("Chat message").press("Enter");
  await expect(box(b).locator(".lines li").filter({ hasText: `watching ${tag}` })).toHaveCount(1);
  await expect(box(b).locator(".lines li").filter({ hasText: `good game ${tag}` }), "the players' room is not the watchers'").toHaveCount(0);
  await expect(box(a).locator(".lines li").filter({ hasText: `watching ${tag}` })).toHaveCount(0);

  const tabbed = `tab\there ${tag}`;
  await box(a).getByLabel("Chat message").fill(tabbed);
  await box(a).getByLabel("Chat message").press("Enter");
  await expect(a.getByTestId("chat-error")).toHaveText("Not sent: a line may not hold control characters");
  await expect(box(a).getByLabel("Chat message")).toHaveValue(tabbed);
  await expect(box(a).locator(".lines li").filter({ hasText: "tab" })).toHaveCount(0);
});
