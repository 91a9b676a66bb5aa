// What the page does when the server closes its WebSocket (crates/wire/src/close.rs, mirrored in
// src/lib/close.ts): a session ended from outside is a 4001 close and the page never reconnects
// with it (a guest goes on as a fresh guest, a registered user lands on the sign-in page); a
// frame above 16 KiB is refused in the page and never sent; a frame the server does not read at
// all closes the socket with 1009, after which the page waits for a person's "Reconnect".
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import type { Socket } from "../../src/lib/socket";

/** The cap of a client frame in bytes (muster_wire::MAX_FRAME). */
const MAX_FRAME = 16 * 1024;
/** How long the page is watched for a reconnect that must not come. */
const QUIET_MS = 4000;

/** Every WebSocket the page opens, and the size in bytes of every frame it sends. */
function watchSockets(page: Page): { opened: number; sent: number[]; heads: string[]; closed: number; pongs: number } {
  const seen = { opened: 0, sent: [] as number[], heads: [] as string[], closed: 0, pongs: 0 };
  const encoder = new TextEncoder();
  page.on("websocket", (ws) => {
    seen.opened += 1;
    ws.on("framesent", (f) => {
      seen.sent.push(typeof f.payload === "string" ? encoder.encode(f.payload).length : f.payload.length);
      seen.heads.push(typeof f.payload === "string" ? f.payload.slice(0, 40) : "(binary)");
    });
    ws.on("framereceived", (f) => {
      if (typeof f.payload === "string" && f.payload.startsWith('{"t":"pong"')) seen.pongs += 1;
    });
    ws.on("close", () => (seen.closed += 1));
  });
  return seen;
}

/** Waits until the page's socket is open. */
async function socketOpen(page: Page) {
  await page.waitForFunction(() => (window as unknown as { musterSocket?: Socket }).musterSocket?.status === "open");
}

async function heldToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("muster.token"));
  expect(token, "the page holds a session token").toBeTruthy();
  return token!;
}

test("signed out: a guest tab whose session is ended from outside goes on as a fresh guest, with no reconnect loop", async ({ page, request }) => {
  const sockets = watchSockets(page);
  await page.goto("/");
  const account = page.getByTestId("account");
  await expect(account).toContainText("(guest)");
  await socketOpen(page);
  // The lobby's own requests (catalog, then challenges, your games, watch) have all been
  // answered: one still to be sent when the session ends would carry the ended token and be
  // answered 401, which the browser logs as a console error. A session ended from outside
  // while a request is on its way is a race no page can avoid; this test is about the socket.
  await expect(page.getByTestId("watch")).toBeVisible();
  await expect(page.locator("#main")).not.toContainText("Loading…");
  const before = (await account.innerText()).trim();
  const token = await heldToken(page);
  expect(sockets.opened).toBe(1);

  // The session ends elsewhere (a logout with the tab's token): the server closes with 4001.
  const ended = await request.delete("/api/session", { headers: { Authorization: `Bearer ${token}` } });
  expect(ended.status(), await ended.text()).toBe(204);
  await expect(page.getByTestId("signed-out-guest")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("signed-out-guest")).toContainText("You were signed out (logged out).");
  await expect(account).toContainText("(guest)");
  await expect(account).not.toHaveText(before);
  const fresh = await heldToken(page);
  expect(fresh, "the ended token is dropped").not.toBe(token);
  await socketOpen(page);

  // One socket for the new guest, and no more: the ended session is never reconnected.
  await page.waitForTimeout(QUIET_MS);
  expect(sockets.opened, "the first socket and the new guest's").toBe(2);
  expect(await page.evaluate(() => (window as unknown as { musterSocket: Socket }).musterSocket.status)).toBe("open");
  await expect(page.getByTestId("connection-stopped")).toHaveCount(0);
  await expect(page.getByTestId("reconnecting")).toHaveCount(0);
});

test("signed out: a registered user whose session is ended lands on the sign-in page with the reason, and can sign in again", async ({ page, request }) => {
  const sockets = watchSockets(page);
  await page.goto("/rules/mur");
  await expect(page.getByTestId("account")).toContainText("(guest)");
  const name = `ada-${Date.now().toString(36)}`;
  const password = "correct horse battery";
  await page.getByTestId("account").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account")).toHaveText(name);
  await socketOpen(page);
  const token = await heldToken(page);
  const opened = sockets.opened;

  const ended = await request.delete("/api/session", { headers: { Authorization: `Bearer ${token}` } });
  expect(ended.status(), await ended.text()).toBe(204);
  await expect(page).toHaveURL(/\/signin\?next=%2Frules%2Fmur$/, { timeout: 10_000 });
  const notice = page.getByTestId("signed-out");
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText("You were signed out (logged out).");
  await expect(page.getByTestId("account")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("muster.token")), "the ended token is dropped").toBeNull();
  await page.waitForTimeout(QUIET_MS);
  expect(sockets.opened, "no socket is opened with the ended session").toBe(opened);

  // Signing in again goes back to the page the user was on.
  await page.getByTestId("signin-name").fill(name);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
  await expect(page).toHaveURL(/\/rules\/mur$/);
  await expect(page.getByTestId("account")).toHaveText(name);
  await socketOpen(page);
});

test("a message above 16 KiB is refused in the page and never sent; the socket stays open and nothing is resent", async ({ page }) => {
  const sockets = watchSockets(page);
  await page.goto("/");
  await socketOpen(page);
  const outcome = await page.evaluate(async () => {
    const s = (window as unknown as { musterSocket: Socket }).musterSocket;
    // 9,000 `é` are 9,000 characters but 18,000 bytes: the cap is in bytes.
    const sent = s.send({ t: "say", d: { room: "lobby", text: "é".repeat(9000), id: s.newId() } });
    let written: string;
    try {
      await s.write((id) => ({ t: "say", d: { room: "lobby", text: "x".repeat(20_000), id } }));
      written = "acknowledged";
    } catch (e) {
      written = (e as { code: string }).code;
    }
    return { sent, written, pending: s.pendingCount() };
  });
  expect(outcome).toEqual({ sent: false, written: "too-large", pending: 0 });
  await expect(page.getByTestId("refused").first()).toContainText("Not sent");

  // The socket still works: a ping is answered.
  await page.evaluate(() => (window as unknown as { musterSocket: Socket }).musterSocket.send({ t: "ping", d: { n: 7 } }));
  await expect.poll(() => sockets.pongs, { message: "the ping is answered" }).toBeGreaterThan(0);
  await page.waitForTimeout(QUIET_MS);
  expect(sockets.opened, "no reconnect").toBe(1);
  expect(sockets.closed, "no close").toBe(0);
  expect(Math.max(...sockets.sent), "no frame above the cap left the page").toBeLessThanOrEqual(MAX_FRAME);
  expect(await page.evaluate(() => (window as unknown as { musterSocket: Socket }).musterSocket.status)).toBe("open");
});

test("a nack{too-large} without an id (a raw 20 KiB frame) is shown and resends nothing", async ({ page }) => {
  const sockets = watchSockets(page);
  await page.goto("/");
  await socketOpen(page);
  // The lobby follows the lobby feed once it has loaded (`lobby on`): that frame is sent first,
  // so that it is not taken for a frame sent again after the refusal.
  await expect.poll(() => sockets.heads.some((h) => h.startsWith('{"t":"lobby"')), { message: "the lobby feed is followed" }).toBe(true);
  await page.evaluate(() => (window as unknown as { musterSocket: Socket }).musterSocket.webSocket()!.send("x".repeat(20 * 1024)));
  await expect(page.getByTestId("refused").first()).toContainText("too large");
  // The browser reports a sent frame on its own channel, which can come after the page has
  // already shown the server's answer to it: the count starts once the raw frame is seen.
  await expect.poll(() => sockets.sent.filter((n) => n > MAX_FRAME).length, { message: "the raw frame is seen as sent" }).toBe(1);
  const after = sockets.sent.length;
  await page.waitForTimeout(QUIET_MS);
  expect(sockets.heads.slice(after), "nothing was sent again").toEqual([]);
  expect(sockets.sent.filter((n) => n > MAX_FRAME), "the one raw frame only").toHaveLength(1);
  expect(sockets.opened).toBe(1);
  expect(sockets.closed).toBe(0);
});

// The server reads a frame up to 1 MiB to its end before it closes with 1009, so the close
// frame is not lost to a reset of unread bytes.
test("a frame the server refuses whole (100 KiB) closes the socket with 1009: no reconnect by itself, the reason shows, and Reconnect opens it again", async ({ page }) => {
  const sockets = watchSockets(page);
  await page.goto("/");
  await socketOpen(page);
  await page.evaluate(() => (window as unknown as { musterSocket: Socket }).musterSocket.webSocket()!.send("x".repeat(100 * 1024)));
  const stopped = page.getByTestId("connection-stopped");
  await expect(stopped).toBeVisible({ timeout: 10_000 });
  await expect(stopped).toContainText("(code 1009)");
  await expect(page.getByTestId("close-reason")).not.toBeEmpty();
  await page.waitForTimeout(QUIET_MS);
  expect(sockets.opened, "no reconnect by itself").toBe(1);
  await expect(stopped).toBeVisible();

  await page.getByTestId("reconnect").click();
  await socketOpen(page);
  await expect(stopped).toHaveCount(0);
  expect(sockets.opened, "one socket more, on the person's request").toBe(2);
});
