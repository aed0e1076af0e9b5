import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createInvoice, createPayout, studio, unique, useDemoOrganizations } from "./support";

// About the demo data: the demo organizations, not the spec's own.
useDemoOrganizations(import.meta.url);

// Issue 10: the console's list and record pages arrive with their first data in the HTML (the
// server prefetches it into the query cache), so nothing jumps when the page comes alive.
//
// CLS and LCP are measured in the browser with the PerformanceObserver (the same layout-shift and
// largest-contentful-paint entries Lighthouse reads from its trace), on a phone-sized viewport
// with the CPU slowed 4× through the DevTools protocol, as Lighthouse's mobile preset does.
// - CLS: asserted strictly against the target (< 0.05). It does not depend on the machine's speed
//   (a shift either happens or not), and the sum of all shifts used here is never below
//   Lighthouse's worst session window.
// - LCP: the target is 1.5 s on Lighthouse's simulated mobile (measured with
//   `npm run bench`'s console phase). Here, on a 2-core CI machine running ~7 jobs at once, a
//   clock under a 4× slowdown swung from 3 s to 12 s between two runs of the same build, so
//   the clock is not what guards it. What this page's code decides is *what* the largest paint
//   is: the largest element must already be in the first HTML (not rows painted after hydration
//   and a client fetch), asserted strictly. The time it takes is a figure, printed here and judged
//   by `npm run bench`'s console phase (Lighthouse, on a quiet machine), not by a clock in a test
//   that shares two cores with the rest of the suite.
const CLS_BUDGET = 0.05;
const PHONE = { width: 412, height: 823 };

type Vitals = { cls: number; lcp: number; lcpText: string; firstByte: number; shifts: Array<{ value: number; sources: string[] }> };

async function measure(page: Page, path: string, cpuSlowdown: number): Promise<Vitals> {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const vitals = { cls: 0, lcp: 0, lcpText: "", shifts: [] as Array<{ value: number; sources: string[] }> };
    (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        vitals.cls += entry.value;
        vitals.shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName))),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
        vitals.lcp = entry.startTime;
        // Its longest text node: React writes each one into the HTML as is (escaped).
        const walker = entry.element ? document.createTreeWalker(entry.element, NodeFilter.SHOW_TEXT) : null;
        let longest = "";
        for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          if (text.length > longest.length) longest = text;
        }
        vitals.lcpText = longest;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await page.goto(path);
  // Late shifts come from a fetch landing, a font or an image: measured once the network has been
  // idle (no fetch for 500 ms), every font and image has loaded, and two frames have been laid out
  // and painted after them, so each shift they caused has its layout-shift entry.
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const vitals = await page.evaluate(() => ({
    ...(window as unknown as { __vitals: Vitals }).__vitals,
    firstByte: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
  }));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return vitals;
}

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

test("the invoice list and an invoice's page load without layout shift, their largest paint in the first HTML, on a slowed phone", async ({ as }, testInfo) => {
  // Four page loads, two with the CPU slowed 4×, after a sign-in: more than the default minute on a busy machine.
  test.slow();
  const invoice = await createInvoice(unique("Vitals"));
  const { page } = await as("viewer");
  for (const path of ["/invoices", `/invoices/${invoice.id}`]) {
    const firstHtml = await (await page.request.get(path)).text();
    const slowed = await measure(page, path, 4);
    expect(slowed.cls, `${path} shifts: ${JSON.stringify(slowed.shifts)}`).toBeLessThan(CLS_BUDGET);
    const vitals = await measure(page, path, 1);
    const lcpAfterFirstByte = vitals.lcp - vitals.firstByte;
    const report = `${path}: CLS ${slowed.cls.toFixed(3)} (CPU 4×), ${vitals.cls.toFixed(3)} (CPU 1×); LCP ${Math.round(vitals.lcp)} ms (${Math.round(lcpAfterFirstByte)} ms after the first byte)`;
    console.log(report);
    await testInfo.attach(`vitals ${path}`, { body: `${report}\n${JSON.stringify(vitals.shifts, null, 2)}` });
    expect(vitals.cls, `${path} shifts: ${JSON.stringify(vitals.shifts)}`).toBeLessThan(CLS_BUDGET);
    for (const { lcp, lcpText } of [slowed, vitals]) {
      expect(lcp, path).toBeGreaterThan(0);
      expect(lcpText, `${path}: the largest paint has text`).not.toBe("");
      expect(firstHtml, `${path}: the largest paint (${lcpText.slice(0, 60)}) is in the first HTML`).toContain(escapeHtml(lcpText.slice(0, 40)));
    }
  }
});

/** Each page's first HTML, as `page`'s person gets it, holds its needles and no loading state. */
async function expectFirstHtmlHolds(page: Page, pages: Array<[string, string[]]>) {
  for (const [path, expected] of pages) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const text = await response.text();
    // Booleans, not toContain: a failure names the page and the needle, not the whole HTML.
    for (const needle of expected) expect(text.includes(needle), `${path} holds ${needle}`).toBe(true);
    // The loading states are not what the first HTML shows: tabs have their counts, the list its rows.
    expect(text.includes('data-state="loading"'), `${path} has no loading placeholder`).toBe(false);
    expect(text.includes('aria-busy="true"'), `${path} has no loading record`).toBe(false);
    // Nor behind a Suspense boundary still pending when the HTML was first sent (React's `<!--$?-->`):
    // such content is revealed by a script after React's reveal throttle (~300 ms), so the rows
    // painted after the first paint and became a late largest paint (Lighthouse mobile LCP 2.4 s).
    expect(text.includes("<!--$?-->"), `${path} sends its content with the first paint, not streamed in later`).toBe(false);
  }
}

test("the first HTML, before any script runs, already holds each page's first data", async ({ as }) => {
  const invoice = await createInvoice(unique("First HTML"));
  const [payout] = await studio<Array<{ id: string; payout_id: string }>>("GET", "/payout/intents?page_size=1", "viewer");
  const [intent] = await studio<Array<{ payment_intent_id: string }>>("GET", "/payment/intents?page_size=1", "viewer");
  const [entry] = await studio<Array<{ reference: string; payment_intent_id: string | null; transfer_id: string | null }>>("GET", "/balances/ledger?page_size=1", "viewer");
  expect(payout && intent && entry, "the demo data has a payout, a payment intent and a ledger entry").toBeTruthy();
  const { page } = await as("viewer");
  await expectFirstHtmlHolds(page, [
    ["/invoices", [invoice.invoice_id, invoice.recipient_name]],
    [`/invoices/${invoice.id}`, [`Invoice ${invoice.invoice_id}`, invoice.recipient_name]],
    ["/payouts", [payout!.payout_id]],
    [`/payouts/${payout!.id}`, [`Payout ${payout!.payout_id}`]],
    ["/payment-intents", [intent!.payment_intent_id]],
    [`/payment-intents/${intent!.payment_intent_id}`, [`Payment intent ${intent!.payment_intent_id}`]],
    ["/balances", [entry!.transfer_id ?? entry!.payment_intent_id ?? entry!.reference]],
    ["/settings/approvals", ['data-kind="invoice"', 'data-kind="payout"', 'data-kind="withdrawal"']],
  ]);
});

test("an edit page's first HTML holds its record's form, filled in", async ({ as }) => {
  const invoice = await createInvoice(unique("Edit HTML"));
  const payout = await createPayout(unique("Edit HTML"));
  const { page } = await as("finance");
  await expectFirstHtmlHolds(page, [
    [`/invoices/${invoice.id}/edit`, [`Edit invoice ${invoice.invoice_id}`, `value="${invoice.recipient_name}"`]],
    [`/payouts/${payout.id}/edit`, [`Edit payout ${payout.payout_id}`, `value="${payout.recipient_name}"`]],
  ]);
});

test("the prefetched state in the HTML is inert: a recipient name that closes the script tag is shown as text", async ({ as }) => {
  const hostile = `</script><script>window.__prefetchXss=1</script><img src=x onerror="window.__prefetchXss=2">${unique("Xss")}`;
  const invoice = await createInvoice(hostile);
  const { page } = await as("viewer");
  const text = await (await page.request.get(`/invoices/${invoice.id}`)).text();
  expect(text).not.toContain("<script>window.__prefetchXss");
  expect(text).not.toContain("<img src=x");
  const violations: string[] = [];
  page.on("console", (message) => message.text().includes("Content Security Policy") && violations.push(message.text()));
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { name: `Invoice ${invoice.invoice_id}` })).toBeVisible();
  await expect(page.getByText(hostile).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __prefetchXss?: number }).__prefetchXss)).toBeUndefined();
  expect(violations).toEqual([]);
});
