// The first page load from loopback is fast and the client's JavaScript is small.
import { test, expect } from "./fixtures";
import { bundleJs } from "./env.mjs";

test("first load: the lobby's load event ends within 1 s on loopback", async ({ guest }) => {
  const page = await guest({ label: "first visit" });
  await page.goto("/", { waitUntil: "load" });
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { loadEventEnd: n.loadEventEnd, domContentLoaded: n.domContentLoadedEventEnd, transfer: n.transferSize };
  });
  console.log(`first load: loadEventEnd ${nav.loadEventEnd.toFixed(1)} ms, DOMContentLoaded ${nav.domContentLoaded.toFixed(1)} ms`);
  expect(nav.loadEventEnd).toBeGreaterThan(0);
  expect(nav.loadEventEnd).toBeLessThan(1000);
  await expect(page.getByTestId("card-murus-gallicus")).toBeVisible();
});

test("the client's JavaScript is under 300 KB gzipped in all", async ({ page }) => {
  const files = bundleJs();
  expect(files.length, "web/dist/assets holds the bundle").toBeGreaterThan(0);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  for (const f of files) console.log(`${f.file}: ${(f.raw / 1024).toFixed(1)} KB, ${(f.gzip / 1024).toFixed(1)} KB gzipped`);
  console.log(`JavaScript in all: ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThan(300 * 1024);
  // The server serves the same bundle the page loads.
  await page.goto("/");
  const scripts = await page.locator("script[src]").evaluateAll((ss) => ss.map((s) => (s as HTMLScriptElement).getAttribute("src") ?? ""));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) expect(files.map((f) => `/assets/${f.file}`), `${src} is a file of web/dist`).toContain(src);
});
