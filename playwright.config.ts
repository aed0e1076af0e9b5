import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

/**
 * Debian's Chromium as `.ci/run` finds it: CHROMIUM_PATH, else its headless shell
 * (`chromium-headless-shell`, the old headless mode that Playwright's own downloads use too), else
 * `chromium` on PATH. The shell is the same Blink without the full browser around it: on three
 * workflow and accessibility specs it spent 213 CPU seconds where the full browser spent 302 and 327.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium-headless-shell", "chromium"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
    } catch {}
  }
  throw new Error("No Chromium: set CHROMIUM_PATH or install Debian's chromium-headless-shell (apt-get install chromium-headless-shell).");
}

// Run through `node scripts/test.mjs browser`: it builds, starts a server on a fresh database and
// sets STUDIO_TEST_URL / STUDIO_TEST_DATA_DIR. Debian's Chromium, no browser download.
export default defineConfig({
  testDir: "e2e/browser",
  testMatch: /.*\.spec\.ts/,
  // A test's budget, not a speed assertion (speed is measured in bench/): the workflow specs take
  // 20-40 s on a quiet 2-core machine and passed 60 s, all at once, on a loaded one.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: false,
  reporter: [["list"]],
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: process.env.STUDIO_TEST_URL,
    // Recording a trace of every test cost 14 % of the stage's CPU (350 → 302 CPU seconds on three
    // workflow and accessibility specs), and CI keeps no test-results to open one from: to debug a
    // failure, run it again with `npm test -- browser --trace retain-on-failure <spec>`.
    trace: "off",
    // A failing test's page as it was; the screenshots specs keep for people to look at are not
    // taken in CI (support.ts keepScreenshot), where nobody looks at a passing test's pictures.
    screenshot: "only-on-failure",
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: chromiumPath(),
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
