// Starts `muster serve` for the browser tests on a throwaway SQLite database, and removes the
// database's directory when the server ends. Playwright's `webServer` runs this (see
// playwright.config.ts); it waits for `/api/catalog` and stops this process at the end.
//
// Usage: node tests/e2e/serve.mjs <muster binary> <port>
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [bin, port] = process.argv.slice(2);
if (!bin || !port) {
  console.error("usage: node tests/e2e/serve.mjs <muster binary> <port>");
  process.exit(2);
}
if (!existsSync(bin)) {
  console.error(`serve.mjs: no server binary at ${bin}; build it with cargo build --release -p muster-cli`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "muster-e2e-"));
// Every test's players are guests from 127.0.0.1: the suite makes more sessions a minute than
// one real address may, so the allowance is raised.
const args = ["serve", "--db", `sqlite://${join(dir, "e2e.db")}`, "--addr", `127.0.0.1:${port}`, "--test-hooks", "--sessions-per-minute", "600"];
console.log(`serve.mjs: ${bin} ${args.join(" ")}`);
const child = spawn(bin, args, { stdio: "inherit" });
const cleanup = () => rmSync(dir, { recursive: true, force: true });
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => child.kill("SIGTERM"));
}
child.on("exit", (code, signal) => {
  cleanup();
  process.exit(code ?? (signal === "SIGTERM" ? 0 : 1));
});
child.on("error", (e) => {
  console.error(`serve.mjs: ${bin} could not start: ${e.message}`);
  cleanup();
  process.exit(1);
});
