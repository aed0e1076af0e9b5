// The browser security headers of console pages (proxy.ts): a page cannot be framed by another
// site, markup injected into a page cannot run script, and the API's JSON is never sniffed.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { baseUrl, createInvoice } from "./support";

declare global {
  interface Window {
    __injected?: number;
    __violations?: Array<{ directive: string; blocked: string }>;
  }
}

/** A page on another origin (localhost, not the console's 127.0.0.1, on its own port) that frames `src`. */
async function framingSite(src: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>framer</title><iframe id="console" src="${src}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("another site cannot frame a console page", async ({ browser }) => {
  const target = `${baseUrl}/sign-in`;
  const site = await framingSite(target);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // The console did answer the frame's request; the browser refused to show it.
    const answered = page.waitForResponse((response) => response.url() === target);
    await page.goto(site.url);
    expect((await answered).status()).toBe(200);
    const frame = await (await page.locator("iframe#console").elementHandle())!.contentFrame();
    expect(frame).not.toBeNull();
    await expect.poll(() => frame!.url()).not.toBe(target);
    await expect(page.frameLocator("iframe#console").getByRole("heading", { name: "Sign in to Studio" })).toHaveCount(0);
    expect(await frame!.evaluate(() => document.querySelector("form") === null)).toBe(true);
  } finally {
    await context.close();
    await site.close();
  }
});

test("an inline script or style injected into a page does not apply, and the page still works", async ({ as }) => {
  const invoice = await createInvoice();
  const { page } = await as("viewer");
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__violations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  // As if the page's HTML had picked up attacker markup (a stored XSS on the way to the browser).
  let injected = 0;
  await page.route(
    (url) => url.pathname === "/invoices",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain("<head>");
      injected += 1;
      await route.fulfill({ response, body: html.replace("<head>", "<head><script>window.__injected = 1</script><style>body { visibility: hidden }</style>") });
    },
  );
  await page.goto(`/invoices?search=${encodeURIComponent(invoice.recipient_name)}`);
  expect(injected).toBe(1);

  // The console's own scripts ran: the list loaded through React Query, the shell knows who signed in.
  await expect(page.getByTestId("viewer-role")).toHaveText("Viewer");
  await expect(page.getByRole("row").filter({ hasText: invoice.recipient_name })).toHaveCount(1);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("visible");
  // The console's own inline stylesheet applied: the skip link is visually hidden until focused.
  expect(await page.getByRole("link", { name: "Skip to content" }).evaluate((link) => getComputedStyle(link).position)).toBe("absolute");
  // The only things refused were the injected script and style: nothing of the console's own.
  await expect
    .poll(() => page.evaluate(() => window.__violations))
    .toEqual([
      { directive: "script-src-elem", blocked: "inline" },
      { directive: "style-src-elem", blocked: "inline" },
    ]);
});

test("the console's own code asks for nothing its policy refuses: a record's page and its dialog's validation raise no CSP violation", async ({ as }) => {
  // zod, on its first parse of an object, probes `new Function` unless told not to: under a policy
  // without 'unsafe-eval' that probe is a refused eval (Lighthouse's best-practices caught it).
  const invoice = await createInvoice();
  const { page } = await as("approver");
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__violations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  const detail = new InvoiceDetailPage(page);
  await detail.goto(invoice.id);
  await detail.action("Reject").click();
  await detail.confirm(/Confirm reject/);
  // The dialog's zod schema has parsed the form (and so has any probe it makes).
  await expect(detail.dialog().getByRole("alert")).toHaveText("A reason is required to reject an invoice.");
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
});

test("a page response carries the headers, with a new nonce each time that is on the page's scripts", async ({ playwright }) => {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const nonces: string[] = [];
  for (let load = 0; load < 2; load++) {
    const response = await context.get("/sign-in");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    nonces.push(nonce);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("unsafe-inline");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // Plain http: no HSTS, which a browser would ignore here anyway.
    expect(headers["strict-transport-security"]).toBeUndefined();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    // The stylesheet travels inline (no round trip for it), allowed by its hash since React writes
    // it without the nonce.
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const inlined = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(inlined.length).toBe(1);
    for (const css of inlined) expect(policy).toContain(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  await context.dispose();
});

test("the JSON routes carry nosniff without going through the page proxy", async ({ playwright }) => {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  for (const urlPath of ["/v1/studio/api/me", "/v1/studio/api/no-such-endpoint", "/api/me", "/api/no-such-route"]) {
    const response = await context.get(urlPath);
    expect(response.headers()["content-type"], urlPath).toContain("application/json");
    expect(response.headers()["x-content-type-options"], urlPath).toBe("nosniff");
    expect(response.headers()["content-security-policy"], urlPath).toBeUndefined();
  }
  await context.dispose();
});

test("over https a page also sends HSTS and upgrades insecure requests", async ({ playwright }) => {
  // No trusted proxy here, so the scheme is the request URL's, which `next start` takes from
  // X-Forwarded-Proto: a client claiming https only changes what it is told itself.
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const response = await context.get("/sign-in", { headers: { "X-Forwarded-Proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(response.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  await context.dispose();
});
