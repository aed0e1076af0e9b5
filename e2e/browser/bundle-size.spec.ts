import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createInvoice, studio } from "./support";

type FirstLoad = { scripts: Map<string, number>; documentBytes: number };

/**
 * What a fresh load of a page fetches, gzipped (what a CDN would send): every script, and the
 * document itself (which carries the page's stylesheet inline, next.config.mjs `inlineCss`).
 * `load` navigates and waits for the page to show.
 */
async function firstLoad(page: Page, load: () => Promise<void>): Promise<FirstLoad> {
  const scripts = new Map<string, number>();
  let documentBytes = 0;
  // A response whose body cannot be read would silently shrink the total: each one fails the test.
  const unreadable: string[] = [];
  const reads: Promise<void>[] = [];
  await page.goto("about:blank");
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "document") return;
    reads.push(
      response.body().then(
        (body) => {
          const size = gzipSync(body, { level: 9 }).length;
          if (type === "script") scripts.set(response.url(), size);
          else documentBytes += size;
        },
        (error: Error) => void unreadable.push(`${response.url()}: ${error.message}`),
      ),
    );
  });
  await load();
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  expect(unreadable, "responses whose size could not be measured").toEqual([]);
  expect(scripts.size).toBeGreaterThan(0);
  return { scripts, documentBytes };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (scripts: Map<string, number>) => [...scripts.values()].reduce((sum, size) => sum + size, 0);

// First-load JS of /invoices: every script the browser fetches for a fresh load of the list,
// gzipped. Target: at most 180 KB.
test("the invoice list loads at most 180 KB of gzipped JavaScript", async ({ as }, testInfo) => {
  // The spec's own organization: one invoice for the list to show.
  await createInvoice();
  const { page, list } = await as("viewer");
  const { scripts } = await firstLoad(page, async () => {
    await list.goto();
    await expect(list.rows.first()).toBeVisible();
  });
  const report = `first-load JS of /invoices: ${kb(total(scripts))} KB gzip in ${scripts.size} scripts`;
  console.log(report);
  await testInfo.attach("bundle-size", { body: report });
  expect(total(scripts)).toBeLessThanOrEqual(180 * 1024);
});

// The payer's page on a phone (Lighthouse mobile ≥ 95, issue 26): the framework's scripts and its
// own small island, and a document that carries only its own stylesheet (app/pay/pay.css). With
// the console's stylesheet, inlined in the HTML and again in the RSC payload, the document was
// 36 KB gzip; with its own, 19 KB.
test("the payer's page loads at most 145 KB of gzipped JavaScript and a document of at most 24 KB", async ({ page }, testInfo) => {
  const invoice = await createInvoice();
  const approved = await studio("POST", `/invoice/intent/${invoice.id}/approve`, "approver", {});
  const { scripts, documentBytes } = await firstLoad(page, async () => {
    await page.goto(new URL(approved.payment_intent.kg_deep_link).pathname);
    await expect(page.getByTestId("pay-state")).toHaveAttribute("data-state", "awaiting");
  });
  const report = `first load of /pay/{token}: ${kb(total(scripts))} KB of JS gzip in ${scripts.size} scripts, document ${kb(documentBytes)} KB gzip`;
  console.log(report);
  await testInfo.attach("bundle-size", { body: report });
  expect(total(scripts)).toBeLessThanOrEqual(145 * 1024);
  expect(documentBytes).toBeLessThanOrEqual(24 * 1024);
});
