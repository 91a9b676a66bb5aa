// Unit tests of the client's pure parts (tests/unit/, vitest, Node): the click-path walk and
// the versioned game state. The browser tests (tests/e2e/) are Playwright's and run apart.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
