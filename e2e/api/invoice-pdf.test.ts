// The invoice PDF (issue 26): GET /invoice/intent/{id}/pdf and the payment page's copy, read back
// with poppler's pdftotext (.ci/run installs poppler-utils).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { api, approvedInvoice, createInvoice, expectError, org, payOk, serverUrl, user } from "./support";

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-pdf-")), "invoice.pdf");
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

const getPdf = (id: string, key = user("viewer").api_key) =>
  fetch(`${serverUrl}/v1/studio/api/invoice/intent/${id}/pdf`, { headers: { "X-STUDIO-API-KEY": key } });

describe("invoice PDF", () => {
  it("carries the number, merchant, recipient, every line, the totals and the pay link", async () => {
    const invoice = await approvedInvoice({ description: "March work" });
    const response = await getPdf(invoice.id);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.invoice_id}.pdf"`);
    const text = await pdfText(response);
    expect(text).toContain(org(0).name);
    expect(text).toContain(`Invoice ${invoice.invoice_id}`);
    expect(text).toContain(invoice.recipient_name);
    expect(text).toContain("March work");
    expect(text).toMatch(/Widget\s+2\s+50\s+100/);
    expect(text).toMatch(/Setup\s+1\s+20\s+5\.5\s+20/);
    expect(text).toMatch(/Subtotal\s+120 USDC/);
    expect(text).toMatch(/Tax\s+5\.5 USDC/);
    expect(text).toMatch(/Total\s+125\.5 USDC/);
    expect(text).toContain(invoice.payment_intent.payment_address);
    expect(text).toContain(invoice.payment_intent.kg_deep_link);
  });

  it("before approval it has no pay link; a paid one says what arrived", async () => {
    const created = await createInvoice();
    const draft = await pdfText(await getPdf(created.id));
    expect(draft).toContain(created.invoice_id);
    expect(draft).not.toContain("/pay/");
    const approved = await approvedInvoice();
    await payOk(approved.payment_intent.payment_address, "125.5");
    expect(await pdfText(await getPdf(approved.id))).toMatch(/Received: 125\.5 USDC/);
  });

  it("needs a key with transfer:read in the owning organization; 405 on other methods", async () => {
    const invoice = await createInvoice();
    const anonymous = await getPdf(invoice.id, "");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe(40100);
    expectError(await api("GET", `/invoice/intent/${invoice.id}/pdf`, { role: "viewer", orgIndex: 1 }), 404, 40400);
    expectError(await api("GET", "/invoice/intent/inv_unknown/pdf", { role: "viewer" }), 404, 40400);
    expect((await api("POST", `/invoice/intent/${invoice.id}/pdf`, { role: "admin", body: {} })).status).toBe(405);
  });

  it("the payment page links the same PDF, public behind its token", async () => {
    const invoice = await approvedInvoice();
    const pagePath = new URL(invoice.payment_intent.kg_deep_link).pathname;
    const html = await (await fetch(`${serverUrl}${pagePath}`)).text();
    expect(html).toContain(`href="${pagePath}/pdf?lang=en"`);
    const text = await pdfText(await fetch(`${serverUrl}${pagePath}/pdf`));
    expect(text).toContain(invoice.invoice_id);
    expect(text).toContain(pagePath);
    expect((await fetch(`${serverUrl}/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/pdf`)).status).toBe(404);
  });
});
