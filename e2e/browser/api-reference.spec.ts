// The API reference: /docs/api and a page a tag render every operation of openapi.json on the
// server (no Scalar, no inline styles), and the "Try requests" link opens Scalar's interactive
// reference at /docs/api/try under that page's CSP. Both without a CSP violation, a request off this site, or
// an axe violation (moderate or worse).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, baseUrl } from "./support";

declare global {
  interface Window {
    __cspViolations?: Array<{ directive: string; blocked: string; sample: string; source: string }>;
  }
}

/** Collects CSP violations in the page and requests to other origins, for the test's end. */
async function watch(page: Page): Promise<{ outside: string[] }> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` }),
    );
  });
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("data:") && !url.startsWith("http://127.0.0.1") && !url.startsWith("http://localhost")) outside.push(url);
  });
  return { outside };
}

test("/docs/api lists every operation of openapi.json, each tag's page renders them on the server with the schemas they use, and both pass axe", async ({ as }) => {
  const { page } = await as("viewer");
  const { outside } = await watch(page);
  const openapi = await (await fetch(`${baseUrl}/v1/studio/api/openapi.json`)).json();
  const operations = Object.values(openapi.paths as Record<string, Record<string, { summary: string }>>).flatMap((path) => Object.values(path));

  const response = await page.goto("/docs/api");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(policy).not.toContain("'unsafe-inline'");
  await expect(page.getByRole("heading", { level: 1, name: /API reference/ })).toBeVisible();
  const links = await page.getByRole("navigation", { name: "Contents" }).locator("li a").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
  expect(links).toHaveLength(operations.length);
  expect(await axeViolations(page, { state: "/docs/api" })).toEqual([]);

  // Every tag's page has each of its operations, and every type link lands on a schema on that page.
  const tagPages = [...new Set(links.map((link) => link.split("#")[0]!))];
  let found = 0;
  for (const tagPage of tagPages) {
    // On the server: the operations are in the document as it arrives, before any script runs.
    const html = await (await page.goto(tagPage))!.text();
    for (const link of links.filter((candidate) => candidate.startsWith(`${tagPage}#`))) {
      expect(html, link).toContain(`id="${link.split("#")[1]}"`);
      found += 1;
    }
    const dangling = await page.locator("main a[href^='#']").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!).filter((href) => !document.getElementById(href.slice(1))));
    expect(dangling, tagPage).toEqual([]);
  }
  expect(found).toBe(operations.length);

  await page.goto("/docs/api");
  await page.getByRole("link", { name: "Create an invoice intent" }).click();
  await expect(page).toHaveURL(/\/docs\/api\/invoices#/);
  const create = page.locator("article", { has: page.getByRole("heading", { level: 2, name: "Create an invoice intent" }) });
  await create.getByRole("link", { name: "InvoiceCreateRequest" }).first().click();
  await expect(page).toHaveURL(/#schema-invoicecreaterequest$/);
  await expect(page.locator("#schema-invoicecreaterequest").getByRole("rowheader", { name: /^amount/ })).toBeVisible();
  expect(await axeViolations(page, { state: "/docs/api/invoices" })).toEqual([]);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(await page.locator(".scalar-app").count()).toBe(0);
  expect(outside).toEqual([]);
  expect((await page.goto("/docs/api/no-such-tag"))?.status()).toBe(404);
});

test("/docs/api/try opens Scalar's interactive reference under its own CSP, with no violation", async ({ as }) => {
  const { page } = await as("viewer");
  const { outside } = await watch(page);
  await page.goto("/docs/api");
  const [response] = await Promise.all([page.waitForResponse((answer) => new URL(answer.url()).pathname === "/docs/api/try"), page.getByRole("link", { name: "Try requests in the interactive reference" }).click()]);
  expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await expect(page.getByText("Create an invoice intent").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/v1/studio/api/invoice/intent").first()).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(outside).toEqual([]);
  expect(await axeViolations(page, { state: "/docs/api/try" })).toEqual([]);
});
