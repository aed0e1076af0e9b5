import { defineConfig } from "@playwright/test";

// Run through `node scripts/test.mjs browser`: it builds, starts a server on a fresh database and
// sets STUDIO_TEST_URL / STUDIO_TEST_DATA_DIR. Debian's Chromium, no browser download.
export default defineConfig({
  testDir: "e2e/browser",
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: false,
  reporter: [["list"]],
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: process.env.STUDIO_TEST_URL,
    trace: "retain-on-failure",
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
