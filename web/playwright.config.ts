// Browser tests of the client (tests/e2e/) in Debian's Chromium against a release
// `muster serve` on a throwaway SQLite database. Run them with scripts/browser.sh, which
// installs Chromium when missing and builds the server first; browsers are never downloaded.
import { defineConfig } from "@playwright/test";
import { chromiumPath, ci, musterBin, node, port, serveScript } from "./tests/e2e/env.mjs";

const baseURL = `http://127.0.0.1:${port}`;
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/output",
  // Two cores: never more than two browsers at once.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: ci,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1000, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: `${q(node)} ${q(serveScript)} ${q(musterBin)} ${port}`,
    url: `${baseURL}/api/catalog`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
