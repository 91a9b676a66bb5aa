// The fixtures every browser test uses: a console watch that fails the test on any console
// error or uncaught page error (the client must run without them), and fresh guest sessions
// in their own browser contexts (one context = one cookie jar = one player).
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** The animation speed the tests run at (the guests' settings, 4×). */
export const SPEED = "4";

/** Fails the test on a console error or a page error of `page`, collected into `problems`. */
export function watchPage(page: Page, label: string, problems: string[]): void {
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    const at = m.location();
    problems.push(`${label}: console error: ${m.text()}${at.url ? ` (${at.url}:${at.lineNumber})` : ""}`);
  });
  page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
}

/** Options of a guest's context. */
export interface GuestOptions {
  /** A name for messages (default `guest <n>`). */
  label?: string;
  /** The viewport (default 1000×800). */
  viewport?: { width: number; height: number };
  /** A touch screen (taps are touches; default false). */
  touch?: boolean;
}

type Fixtures = {
  /** Console and page errors seen so far in this test, by any page of any context. */
  problems: string[];
  /**
   * A new player: a fresh browser context (its own guest session once it opens a page),
   * animations at 4×, dialogs accepted, watched for console errors. Closed after the test.
   */
  guest: (opts?: GuestOptions) => Promise<Page>;
};

/**
 * A guest session for the context made through the API before any page opens, with its
 * settings' animation speed at `SPEED` (`PUT /api/me/prefs`): the page finds the session's
 * cookie and token and takes the guest over, as it would after a reload.
 */
async function prepare(context: BrowserContext): Promise<void> {
  const made = await context.request.post("/api/session", { data: { kind: "guest" } });
  expect(made.ok(), `a guest session: ${made.status()} ${await made.text()}`).toBe(true);
  const { token } = (await made.json()) as { token: string };
  const prefs = await context.request.put("/api/me/prefs", {
    data: { anim_speed: Number(SPEED), confirm_moves: false, coords: true, palette: "standard", theme: "system" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(prefs.status(), `the guest's settings: ${await prefs.text()}`).toBe(200);
  // The token is handed over once: a page that later ends or replaces the session keeps its own.
  await context.addInitScript((t: string) => {
    try {
      if (localStorage.getItem("e2e.handed-over") === null) {
        localStorage.setItem("e2e.handed-over", "1");
        localStorage.setItem("muster.token", t);
      }
    } catch {
      /* storage off: the cookie carries the session */
    }
  }, token);
}

export const test = base.extend<Fixtures>({
  problems: async ({}, use) => {
    const problems: string[] = [];
    await use(problems);
    expect(problems, "no console errors or page errors during the test").toEqual([]);
  },
  context: async ({ context }, use) => {
    await prepare(context);
    await use(context);
  },
  page: async ({ page, problems }, use) => {
    watchPage(page, "page", problems);
    page.on("dialog", (d) => void d.accept());
    await use(page);
  },
  guest: async ({ browser, baseURL, problems }, use) => {
    const contexts: BrowserContext[] = [];
    let n = 0;
    const make = async (opts: GuestOptions = {}): Promise<Page> => {
      n += 1;
      const context = await newContext(browser, baseURL, opts.viewport, opts.touch);
      contexts.push(context);
      const page = await context.newPage();
      watchPage(page, opts.label ?? `guest ${n}`, problems);
      page.on("dialog", (d) => void d.accept());
      return page;
    };
    await use(make);
    for (const c of contexts) await c.close();
  },
});

async function newContext(browser: Browser, baseURL: string | undefined, viewport?: { width: number; height: number }, touch = false): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: viewport ?? { width: 1000, height: 800 }, hasTouch: touch });
  await prepare(context);
  return context;
}

export { expect };
