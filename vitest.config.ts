import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
// Test files that import server modules run them in Node, as the server does: `server-only`
// resolves the way it does on the server (its react-server build), not as the bundler's guard
// against browser imports.
const serverAlias = { ...alias, "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias: serverAlias },
        // The tests say "development" (demo data, sandbox); servers they start choose for themselves.
        test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node", env: { STUDIO_ENV: "development" } },
      },
      {
        // Tests that open their own database (a temp PGlite, or a scratch PostgreSQL database);
        // e2e/chain's also start a real local EVM node (Hardhat's) of their own.
        resolve: { alias: serverAlias },
        test: {
          name: "node",
          include: ["e2e/node/**/*.test.ts", "e2e/chain/**/*.test.ts"],
          environment: "node",
          env: { STUDIO_ENV: "development" },
          // Most of these tests boot a Studio (migrations, the demo seed) on a fresh database, which
          // takes minutes on a loaded 2-core machine; a timeout that cuts a boot short also leaves
          // that file's PGlite broken for its next test, so one slow boot failed two tests.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Real HTTP against the server scripts/test.mjs started (STUDIO_TEST_URL).
        resolve: { alias: serverAlias },
        test: { name: "api", include: ["e2e/api/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        // Starts (and SIGKILLs) its own `next start` servers on the build, never the shared one.
        resolve: { alias: serverAlias },
        test: { name: "servers", include: ["e2e/crash/**/*.test.ts", "e2e/servers/**/*.test.ts"], environment: "node", testTimeout: 120_000, hookTimeout: 60_000 },
      },
    ],
  },
});
