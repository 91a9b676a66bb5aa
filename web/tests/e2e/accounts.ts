// Accounts for the browser tests: a guest page registered under a new name through the header's
// account popover, as a person would.
import { expect, type Page } from "@playwright/test";

let made = 0;

/** A name no other test of this run has: `stem`, the time and a counter (at most 32 characters). */
export function freshName(stem: string): string {
  made += 1;
  const tail = `${Date.now().toString(36)}${made.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return `${stem.slice(0, 31 - tail.length)}-${tail}`;
}

/**
 * Fills the header's account popover with `name` and the test password and presses `button`
 * ("Register" or "Sign in"). The page reloads on the new session and the name shows before the
 * reload, so the reload is waited for.
 */
async function submitAccount(page: Page, name: string, button: "Register" | "Sign in"): Promise<void> {
  await page.goto("/rules/mur");
  await page.getByTestId("account").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill("correct horse battery");
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: button }).click();
  await reloaded;
  await expect(page.getByTestId("account")).toHaveText(name);
}

/** Registers the page's guest under a new name (the page reloads on its new session); returns the name. */
export async function register(page: Page, stem: string): Promise<string> {
  const name = freshName(stem);
  await submitAccount(page, name, "Register");
  return name;
}

/** Signs the page in as `name` (made by `register`) through the header's account popover. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await submitAccount(page, name, "Sign in");
}

/**
 * Takes out of `problems` (the fixture's console errors) the browser's "Failed to load resource"
 * lines of answers that the test provoked on purpose — a status of `statuses` for a URL matching
 * `url` — and checks there were `count` of them: the browser logs every 4xx as a console error.
 */
export function provoked(problems: string[], statuses: number[], url: RegExp, count: number): void {
  const mine = (p: string) => statuses.some((s) => p.includes(`status of ${s} `)) && url.test(p) && p.includes("Failed to load resource");
  expect(problems.filter(mine), "the refusals the test provoked, logged by the browser").toHaveLength(count);
  const rest = problems.filter((p) => !mine(p));
  problems.splice(0, problems.length, ...rest);
}
