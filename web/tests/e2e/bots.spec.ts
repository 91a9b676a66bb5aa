// The bots page (/bots): a guest is told that bots need an account; a registered user makes a
// bot, sees its token once (and copies it), replaces it — the old token is refused from then on,
// the new one works — and revokes it, each after a confirmation; the server's refusals are quoted.
import type { APIRequestContext } from "@playwright/test";
import { test, expect } from "./fixtures";
import { freshName, provoked, register } from "./accounts";

/** The status of `GET /api/session` with `token` as the bearer (no cookie), and who it names. */
async function sessionOf(request: APIRequestContext, token: string): Promise<{ status: number; name?: string; bot?: boolean }> {
  const res = await request.get("/api/session", { headers: { Authorization: `Bearer ${token}` } });
  if (res.status() !== 200) return { status: res.status() };
  const body = (await res.json()) as { user: { name: string; bot: boolean } };
  return { status: 200, name: body.user.name, bot: body.user.bot };
}

test("a guest is told bots need a registered account; a registered user makes a bot, replaces its token (the old one is refused) and revokes it", async ({ guest, request, problems }) => {
  const page = await guest({ label: "owner" });
  await page.goto("/bots");
  const note = page.getByTestId("bots-guest");
  await expect(note).toContainText("Bots need a registered account");
  await expect(note.getByRole("link", { name: "sign-in page" })).toHaveAttribute("href", "/signin?next=%2Fbots");
  await expect(page.getByTestId("bot-create")).toHaveCount(0);

  await register(page, "owner");
  // The account popover of a registered user leads to the bots page.
  await page.getByTestId("account").click();
  await page.getByTestId("nav-bots").click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByText("You have no bots yet.")).toBeVisible();

  // A name the server refuses: its reason is quoted.
  await page.getByTestId("bot-name").fill("-nope");
  await page.getByTestId("bot-create").click();
  await expect(page.getByTestId("bots-error")).toHaveText("The bot -nope was not created: bad name `-nope`: it must begin with a letter or a digit");

  const bot = freshName("bot");
  await page.getByTestId("bot-name").fill(bot);
  await page.getByTestId("bot-create").click();
  const shown = page.getByTestId("bot-token");
  await expect(shown).toContainText(`The token of ${bot}`);
  await expect(page.getByTestId("bots-error")).toHaveCount(0);
  const first = (await page.getByTestId("token").innerText()).trim();
  expect(first.length, "a token is shown").toBeGreaterThan(20);
  expect(await sessionOf(request, first)).toEqual({ status: 200, name: bot, bot: true });
  const row = page.getByTestId(`bot-${bot}`);
  await expect(row.getByTestId("bot-token-state")).toHaveText("token works");

  // Copy puts the token on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("token-copy").click();
  await expect(shown.getByRole("status")).toHaveText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // The same name again: refused, and said.
  await page.getByTestId("bot-name").fill(bot);
  await page.getByTestId("bot-create").click();
  await expect(page.getByTestId("bots-error")).toContainText(`The bot ${bot} was not created: `);

  // Replacing asks first; cancelled, nothing changes.
  await row.getByTestId("bot-replace").click();
  await expect(row.getByTestId("bot-confirm")).toContainText("stops working at once");
  await expect(row.getByTestId("bot-confirm-yes")).toBeFocused();
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByTestId("bot-confirm")).toHaveCount(0);
  expect((await sessionOf(request, first)).status, "a cancelled replacement keeps the token").toBe(200);

  await row.getByTestId("bot-replace").click();
  await row.getByTestId("bot-confirm-yes").click();
  await expect(page.getByTestId("token")).not.toHaveText(first);
  const second = (await page.getByTestId("token").innerText()).trim();
  expect(second.length).toBeGreaterThan(20);
  expect((await sessionOf(request, first)).status, "the replaced token is refused").toBe(401);
  expect(await sessionOf(request, second)).toEqual({ status: 200, name: bot, bot: true });
  await expect(row.getByTestId("bot-token-state")).toHaveText("token works");

  // Revoking asks first, then the token stops working and the shown one goes.
  await row.getByTestId("bot-revoke").click();
  await expect(row.getByTestId("bot-confirm")).toContainText(`Revoke the token of ${bot}?`);
  await row.getByTestId("bot-confirm-yes").click();
  await expect(row.getByTestId("bot-token-state")).toHaveText("no token");
  await expect(page.getByTestId("bot-token")).toHaveCount(0);
  await expect(row.getByTestId("bot-revoke")).toHaveCount(0);
  expect((await sessionOf(request, second)).status, "the revoked token is refused").toBe(401);

  // The list survives a reload.
  await page.reload();
  await expect(page.getByTestId(`bot-${bot}`).getByTestId("bot-token-state")).toHaveText("no token");
  await expect(page.getByTestId("bot-token")).toHaveCount(0);
  // The bad name and the name taken, refused on purpose above: nothing else went wrong.
  provoked(problems, [400, 409], /\/api\/bots\b/, 2);
});
