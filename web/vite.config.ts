import { defineConfig } from "vite";

// The bundle is embedded in the `muster` binary (crates/server/src/assets.rs reads `dist/`).
// `npm run dev` proxies the API and the socket to a `muster serve` on the default port.
export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: false },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8080",
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
});
