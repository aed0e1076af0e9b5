import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node" },
      },
      {
        // Tests that open their own database (a temp PGlite, or a scratch PostgreSQL database);
        // e2e/chain's also start a real local EVM node (Hardhat's) of their own.
        resolve: { alias },
        test: { name: "node", include: ["e2e/node/**/*.test.ts", "e2e/chain/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        // Real HTTP against the server scripts/test.mjs started (STUDIO_TEST_URL).
        resolve: { alias },
        test: { name: "api", include: ["e2e/api/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        // Starts (and SIGKILLs) its own `next start` servers on the build, never the shared one.
        resolve: { alias },
        test: { name: "servers", include: ["e2e/crash/**/*.test.ts", "e2e/servers/**/*.test.ts"], environment: "node", testTimeout: 120_000, hookTimeout: 60_000 },
      },
    ],
  },
});
