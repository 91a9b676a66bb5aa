// Node for the browser tests, kept out of the TypeScript (which is checked without Node's
// types; env.d.mts declares what is here): the server binary, a free loopback port, the
// browser, and file and gzip helpers. The port is chosen once, in the runner's process, and kept
// in the environment so that the workers (which load the config again) agree on it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function freePort() {
  const code = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", code], { encoding: "utf8" }).trim();
}

if (!process.env.MUSTER_E2E_PORT) process.env.MUSTER_E2E_PORT = freePort();

/** The port `muster serve` listens on (127.0.0.1). */
export const port = Number(process.env.MUSTER_E2E_PORT);
/** The `muster` binary: MUSTER_BIN, else the workspace's release build. */
export const musterBin = process.env.MUSTER_BIN ?? resolve(web, "../target/release/muster");
/** Chromium: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The wrapper that starts the server on a temporary database. */
export const serveScript = resolve(web, "tests/e2e/serve.mjs");
/** Node itself, to run the wrapper. */
export const node = process.execPath;
/** The web/ folder. */
export const webDir = web;
/** True on CI (more patience, no reuse). */
export const ci = !!process.env.CI;

/** MUSTER_TOUR=1: take the screenshots of every page (tour.spec.ts, scripts/tour.sh). */
export const tour = process.env.MUSTER_TOUR === "1";

/** MUSTER_E2E_SEED: a seed for every test's random choices (default: from each test's title). */
export const seedOverride = process.env.MUSTER_E2E_SEED;

/** The built client's JavaScript: each file of web/dist/assets/*.js with its size raw and gzipped. */
export function bundleJs() {
  const dir = resolve(web, "dist/assets");
  if (!existsSync(dir)) throw new Error(`no built client at ${dir}: run npm run build in web/`);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const bytes = readFileSync(resolve(dir, f));
      return { file: f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
}

/** Gzipped size of a text (level 9). */
export function gzipSize(text) {
  return gzipSync(Buffer.from(text, "utf8"), { level: 9 }).length;
}
