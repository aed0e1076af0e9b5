import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { createInvoice } from "./support";

// First-load JS of /invoices: every script the browser fetches for a fresh load of the list,
// gzipped (what a CDN would send). Target: at most 180 KB.
test("the invoice list loads at most 180 KB of gzipped JavaScript", async ({ as }, testInfo) => {
  // The spec's own organization: one invoice for the list to show.
  await createInvoice();
  const { page, list } = await as("viewer");
  const scripts = new Map<string, number>();
  // A script whose body cannot be read would silently shrink the total: each one fails the test.
  const unreadable: string[] = [];
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    reads.push(
      response.body().then(
        (body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
        (error: Error) => void unreadable.push(`${response.url()}: ${error.message}`),
      ),
    );
  });
  await page.goto("about:blank");
  await list.goto();
  await expect(list.rows.first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  expect(unreadable, "scripts whose size could not be measured").toEqual([]);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const report = `first-load JS of /invoices: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} scripts`;
  console.log(report);
  await testInfo.attach("bundle-size", { body: report });
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(180 * 1024);
});
