// /docs/api: Scalar renders the OpenAPI document under the console's CSP, without a violation,
// and passes axe (moderate or worse).
import { expect, test } from "./fixtures";
import { axeViolations } from "./support";

declare global {
  interface Window {
    __cspViolations?: Array<{ directive: string; blocked: string; sample: string; source: string }>;
  }
}

test("/docs/api renders the operations from openapi.json with no CSP violation and no axe violation", async ({ as }) => {
  const { page } = await as("viewer");
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` }),
    );
  });
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(new URL(page.url() || "http://127.0.0.1").origin) && !request.url().startsWith("data:")) outside.push(request.url());
  });
  const response = await page.goto("/docs/api");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await expect(page.getByText("Create an invoice intent").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/v1/studio/api/invoice/intent").first()).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(outside.filter((url) => !url.startsWith("http://127.0.0.1") && !url.startsWith("http://localhost"))).toEqual([]);

  expect(await axeViolations(page, { state: "/docs/api" })).toEqual([]);
});
