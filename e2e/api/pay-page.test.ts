// The hosted payment page (issue 26): /pay/{token} behind kg_deep_link, and its status route.
import { describe, expect, it } from "vitest";
import { api, approvedInvoice, createInvoice, createPaymentIntent, org, payIntentOk, payOk, serverUrl } from "./support";

/** The page's path from a record's kg_deep_link, on the test server (PUBLIC_URL is not set in tests). */
function payPath(link: string | null): string {
  if (!link) throw new Error("no kg_deep_link");
  return new URL(link).pathname;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${serverUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function status(path: string) {
  const response = await fetch(`${serverUrl}${path}/status`);
  return { status: response.status, body: (await response.json()) as any };
}

/** The page's visible text (tags dropped, entities of the few characters we print decoded). */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("hosted payment page", () => {
  it("kg_deep_link is an absolute /pay/{token} URL from approval on, the token unrelated to any id", async () => {
    const created = await createInvoice();
    expect(created.payment_intent.kg_deep_link).toBeNull();
    const approved = await approvedInvoice();
    const link: string = approved.payment_intent.kg_deep_link;
    expect(link).toMatch(/^https?:\/\/[^/]+\/pay\/[A-Za-z0-9_-]{32}$/);
    const token = link.split("/").pop()!;
    expect(token).not.toContain(approved.id);
    expect(token).not.toContain(approved.payment_intent.payment_intent_id);
    // The same link on every read.
    const read = await api("GET", `/invoice/intent/${approved.id}`, { role: "viewer" });
    expect(read.body.data.payment_intent.kg_deep_link).toBe(link);
    // Each record its own page.
    const other = await approvedInvoice();
    expect(other.payment_intent.kg_deep_link).not.toBe(link);
  });

  it("shows the merchant, lines, totals, amount, chain, address and an EIP-681 QR, and nothing internal", async () => {
    const invoice = await approvedInvoice();
    const path = payPath(invoice.payment_intent.kg_deep_link);
    const { status: code, headers, html } = await page(path);
    expect(code).toBe(200);
    const visible = text(html);
    expect(visible).toContain(`Pay ${org(0).name}`);
    expect(visible).toContain(`Invoice ${invoice.invoice_id}`);
    expect(visible).toContain("Widget");
    expect(visible).toContain("Setup");
    expect(visible).toContain("125.5 USDC");
    expect(visible).toContain("Arbitrum One");
    expect(visible).toContain(invoice.payment_intent.payment_address);
    expect(visible).toContain("Waiting for your payment");
    const pi = invoice.payment_intent;
    const uri = `ethereum:${pi.token_address}@42161/transfer?address=${pi.payment_address}&amp;uint256=125500000`;
    expect(html).toContain(`data-uri="${uri}"`);
    expect(html).toMatch(/src="data:image\/svg\+xml;base64,/);
    // No record id, payment intent id, client id, organization id or API key anywhere in the page.
    for (const secret of [invoice.id, pi.payment_intent_id, org(0).client_id, ...org(0).users.map((u) => u.api_key)]) {
      expect(html).not.toContain(secret);
    }
    expect(html).not.toMatch(/"org_id"|creator_uid|callback_url/);
    // The console's strict CSP: scripts only with this response's nonce.
    expect(headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers.get("x-frame-options") ?? headers.get("content-security-policy")).toMatch(/DENY|frame-ancestors 'none'/);
  });

  it("underpaid → still due; an on-time top-up → paid with a receipt; the status route follows", async () => {
    const invoice = await approvedInvoice();
    const path = payPath(invoice.payment_intent.kg_deep_link);
    expect((await status(path)).body).toMatchObject({ state: "awaiting", amount: "125.5", received: "0", still_due: "125.5", deadline_passed: false });
    const first = await payOk(invoice.payment_intent.payment_address, "100.25");
    expect((await status(path)).body).toMatchObject({ state: "underpaid", received: "100.25", still_due: "25.25" });
    const underpaid = text((await page(path)).html);
    expect(underpaid).toContain("Partly paid: 25.25 USDC still due");
    expect((await page(path)).html).toContain("uint256=25250000");
    await payOk(invoice.payment_intent.payment_address, "25.25");
    expect((await status(path)).body).toMatchObject({ state: "paid", received: "125.5", still_due: "0" });
    const paid = await page(path);
    expect(text(paid.html)).toContain("Paid. Thank you!");
    expect(text(paid.html)).toContain("Receipt");
    // The receipt names the transfer that confirmed the payment; nothing asks for more funds.
    expect(text(paid.html)).toContain(first.transfer.tx_hash);
    expect(paid.html).not.toContain('data-testid="pay-qr"');
  });

  it("cancelled and expired pages say so plainly, with the merchant's contact", async () => {
    const approved = await approvedInvoice();
    const cancelled = await api("POST", `/invoice/intent/${approved.id}/cancel`, { role: "finance", body: { reason: "duplicate" } });
    expect(cancelled.status).toBe(200);
    const cancelledPage = text((await page(payPath(approved.payment_intent.kg_deep_link))).html);
    expect(cancelledPage).toContain("This payment request was cancelled");
    expect(cancelledPage).toContain(`Contact ${org(0).name} at`);
    expect(cancelledPage).not.toContain(approved.payment_intent.payment_address);

    const soon = Math.floor(Date.now() / 1000) + 1;
    const expiring = await approvedInvoice({ payment_deadline: soon });
    const path = payPath(expiring.payment_intent.kg_deep_link);
    let state = "";
    for (let tries = 0; tries < 60 && state !== "expired"; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = (await status(path)).body.state;
    }
    expect(state).toBe("expired");
    expect(text((await page(path)).html)).toContain("This payment request has expired");
  });

  it("speaks Traditional Chinese from the browser's languages, and the switch overrides them", async () => {
    const invoice = await approvedInvoice();
    const path = payPath(invoice.payment_intent.kg_deep_link);
    const zh = text((await page(path, { "accept-language": "zh-TW,zh;q=0.9,en;q=0.5" })).html);
    expect(zh).toContain(`付款給 ${org(0).name}`);
    expect(zh).toContain("等待您的付款");
    expect(text((await page(path, { "accept-language": "fr-FR,en;q=0.8" })).html)).toContain("Waiting for your payment");
    expect(text((await page(`${path}?lang=en`, { "accept-language": "zh-TW" })).html)).toContain("Waiting for your payment");
    expect(text((await page(`${path}?lang=zh-TW`)).html)).toContain("等待您的付款");
  });

  it("a standalone payment intent has its page at creation; Solana gets a Solana Pay URI", async () => {
    const created = await createPaymentIntent({ chain: "sol", pay_token: "USDC" });
    const path = payPath(created.kg_deep_link);
    const { html } = await page(path);
    expect(html).toContain(`data-uri="solana:${created.payment_address}?amount=${created.crypto_amount}&amp;spl-token=${created.token_address}`);
    await payIntentOk(created.payment_intent_id, created.crypto_amount);
    expect((await status(path)).body.state).toBe("paid");
  });

  it("an unknown or malformed token is a plain not-found (404 on the status route)", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "nope", "%E2%98%83"]) {
      expect((await status(`/pay/${token}`)).status).toBe(404);
      expect(text((await page(`/pay/${token}`)).html)).toContain("There is no payment request at this address");
    }
  });
});
