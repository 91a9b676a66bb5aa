// The fixtures every browser test uses: a console watch that fails the test on any console
// error or uncaught page error (the client must run without them), and fresh guest sessions
// in their own browser contexts (one context = one cookie jar = one player).
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** The animation speed the tests run at (the game page's `animation` select, 4×). */
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

async function prepare(context: BrowserContext): Promise<void> {
  await context.addInitScript((speed: string) => {
    try {
      localStorage.setItem("muster.speed", speed);
    } catch {
      /* storage off: animations run at 1× */
    }
  }, SPEED);
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
      const context = await newContext(browser, baseURL, opts.viewport);
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

async function newContext(browser: Browser, baseURL: string | undefined, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: viewport ?? { width: 1000, height: 800 } });
  await prepare(context);
  return context;
}

export { expect };
