import "server-only";
// An invoice as a PDF (issue 26), drawn with pdfkit: a maintained PDF library that runs in Node
// with no browser. Its built-in Helvetica covers Latin-1 only; text beyond that (Traditional
// Chinese names, lines) needs a font file with those glyphs: INVOICE_PDF_FONT, else the first of
// Debian's fonts found (fonts-noto-cjk, then DejaVu Sans).
import fs from "node:fs";
import { env } from "@/lib/env";
import { findChain } from "@/lib/studio/chain/registry";
import { decimalFromNumber, formatUnits, multiply } from "@/lib/studio/core/money";
import type { InvoiceIntentRecord } from "@/lib/studio/invoices/serialize";

const FONT_CANDIDATES: Array<{ path: string; family?: string }> = [
  { path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", family: "NotoSansCJKtc-Regular" },
  { path: "/usr/share/fonts/opentype/noto/NotoSansCJKtc-Regular.otf" },
  { path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" },
];

let chosenFont: { path: string; family?: string } | null | undefined;

/** The font file for text beyond Latin-1, or null when there is none (Helvetica only). */
function unicodeFont(): { path: string; family?: string } | null {
  if (chosenFont !== undefined) return chosenFont;
  const configured = env.INVOICE_PDF_FONT ? [{ path: env.INVOICE_PDF_FONT }] : [];
  chosenFont = [...configured, ...FONT_CANDIDATES].find((candidate) => fs.existsSync(candidate.path)) ?? null;
  return chosenFont;
}

export type InvoicePdfInput = {
  invoice: InvoiceIntentRecord;
  merchantName: string;
  /** The hosted payment page (kg_deep_link), or null before approval. */
  payLink: string | null;
  now?: Date;
};

export function invoicePdfFilename(invoice: InvoiceIntentRecord): string {
  return `${invoice.invoice_id.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}

/** The invoice's PDF bytes: number, dates, parties, lines, totals, payment details and the pay link. */
export async function renderInvoicePdf({ invoice, merchantName, payLink, now = new Date() }: InvoicePdfInput): Promise<Buffer> {
  // Loaded on first use, not at import: pdfkit is an external package the build loads
  // asynchronously, and a route module that imported it at the top could not be required
  // synchronously by `npm start`'s API fast path (scripts/start.mjs), which every invoice GET takes.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Invoice ${invoice.invoice_id}`, Author: merchantName, Subject: `Invoice ${invoice.invoice_id}`, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const font = unicodeFont();
  if (font) doc.registerFont("body", font.path, font.family);
  const body = font ? "body" : "Helvetica";
  const pi = invoice.payment_intent;
  const unit = invoice.currency ?? pi.symbol;
  const date = (iso: string | number) => new Date(typeof iso === "number" ? iso * 1000 : iso).toISOString().slice(0, 10);
  const left = 50;
  const width = doc.page.width - 100;

  doc.font(body).fontSize(20).text(merchantName, left, 50, { width });
  doc.moveDown(0.3).fontSize(14).text(`Invoice ${invoice.invoice_id}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Issued: ${date(invoice.invoice_issue_date)}`);
  if (pi.payment_deadline) doc.text(`Due: ${date(pi.payment_deadline)}`);
  doc.text(`Status: ${invoice.status}`);
  doc.moveDown();
  doc.fontSize(11).text("Bill to");
  doc.fontSize(10).text(invoice.recipient_name).text(invoice.organization_name).text(invoice.recipient_email);
  if (invoice.description) doc.moveDown(0.5).text(invoice.description, { width });
  doc.moveDown();

  // Lines: item, quantity, unit price, tax, line total.
  const columns = [
    { title: "Item", x: left, w: 220, align: "left" as const },
    { title: "Qty", x: left + 225, w: 50, align: "right" as const },
    { title: "Unit price", x: left + 280, w: 80, align: "right" as const },
    { title: "Tax", x: left + 365, w: 60, align: "right" as const },
    { title: "Amount", x: left + 430, w: width - 430, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.fontSize(10).font(bold && !font ? "Helvetica-Bold" : body);
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, column.x, y, { width: column.w, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.font(body);
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(columns.map((column) => column.title), true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor("#999999").stroke();
  doc.y += 4;
  for (const item of invoice.detail_items) {
    const lineTotal = lineAmount(item.quantity, item.unit_price);
    row([item.name, String(item.quantity), String(item.unit_price), item.tax === undefined ? "" : String(item.tax), lineTotal]);
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.y += 6;
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc.text(label, left + 280, y, { width: 145, align: "right" });
    doc.text(`${value} ${unit}`, left + 430, y, { width: width - 430, align: "right" });
    doc.x = left;
  };
  total("Subtotal", invoice.subtotal);
  total("Tax", invoice.tax_total);
  total("Total", invoice.amount);
  doc.moveDown(1.5);

  doc.x = left;
  doc.fontSize(11).text("Payment", left, doc.y, { width });
  doc.fontSize(10).text(`Amount: ${pi.crypto_amount} ${pi.symbol} on ${findChain(pi.payment_chain_id)?.name ?? pi.payment_chain_id}`, { width });
  if (pi.payment_address) doc.text(`Address: ${pi.payment_address}`, { width });
  if (pi.received_crypto_amount) doc.text(`Received: ${pi.received_crypto_amount} ${pi.symbol}`, { width });
  if (payLink) {
    doc.moveDown(0.5).text("Pay online: ", { continued: true, width });
    doc.fillColor("#1d4ed8").text(payLink, { link: payLink, underline: true, width });
    doc.fillColor("#000000");
  }
  doc.end();
  return done;
}

/** quantity × unit_price written exactly, as the invoice's totals are (no floating point). */
function lineAmount(quantity: number, unitPrice: number): string {
  const { units, scale } = multiply(decimalFromNumber(quantity), decimalFromNumber(unitPrice));
  return formatUnits(units, scale);
}
