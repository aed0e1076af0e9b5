import "server-only";
// What the hosted payment page (/pay/{token}) shows, read by its token. Only what a payer needs:
// no API key, no record or payment intent id, no internal field leaves this module.
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "@/lib/db/client";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { organizations, users } from "@/lib/studio/db/orgs-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import { findChain } from "@/lib/studio/chain/registry";
import { formatUnits } from "@/lib/studio/core/money";
import { receivedFacts, type PaymentStatus } from "@/lib/studio/payment-intents/status";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";
import { invoicePdfFilename, renderInvoicePdf } from "@/lib/studio/invoices/invoice-pdf";
import { payPageUrl } from "@/lib/studio/pay/pay-link";
import { PAY_TOKEN_PATTERN } from "@/lib/studio/pay/pay-link";
import { walletUri } from "@/lib/studio/pay/wallet-uri";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";

/** Where the payment stands, in the payer's terms. */
export type PayState = "awaiting" | "underpaid" | "paid" | "review" | "expired" | "cancelled" | "refunded";

/** The live part of the page: what the status route answers and the page polls. */
export type PayStatus = {
  state: PayState;
  /** Token amounts as decimal strings. */
  amount: string;
  received: string;
  still_due: string;
  /** Unix seconds; 0 when none. */
  deadline: number;
  deadline_passed: boolean;
};

export type PayLine = { name: string; quantity: number; unit_price: number; tax: number | null };

export type PayPage = PayStatus & {
  merchant: { name: string; email: string | null };
  kind: "invoice" | "payout" | "payment";
  /** The invoice's (or payout's) human number; null for a standalone payment. */
  reference: string | null;
  invoice: { lines: PayLine[]; subtotal: string; tax: string; total: string; unit: string } | null;
  symbol: string;
  chain: string;
  address: string;
  wallet_uri: string;
  qr_svg: string;
  payment_tx_hash: string | null;
  payment_tx_url: string | null;
  paid_at: number | null;
};

type Found = { pi: PaymentIntentRow; merchant: PayPage["merchant"]; kind: PayPage["kind"]; reference: string | null; invoice: PayPage["invoice"] };

export function payStateOf(status: PaymentStatus, deadlinePassed: boolean): PayState {
  switch (status) {
    case "pending":
    case "awaiting_approval":
      // Before the sweeper's next pass, a passed deadline is already an expired page.
      return deadlinePassed ? "expired" : "awaiting";
    case "insufficient_not_refunded":
      return "underpaid";
    case "success":
      return "paid";
    case "manual_review":
    case "aml_hold":
      return "review";
    case "expired":
      return "expired";
    case "cancelled":
      return "cancelled";
    case "refunded":
    case "insufficient_refunded":
      return "refunded";
  }
}

function statusOf(pi: PaymentIntentRow, now: Date): PayStatus {
  const { receivedUnits, dueUnits } = receivedFacts(pi);
  const deadline = pi.paymentDeadline ?? 0;
  const deadlinePassed = deadline > 0 && Math.floor(now.getTime() / 1000) > deadline;
  const stillDue = receivedUnits >= dueUnits ? 0n : dueUnits - receivedUnits;
  return {
    state: payStateOf(pi.status as PaymentStatus, deadlinePassed),
    amount: formatUnits(dueUnits, pi.decimals),
    received: formatUnits(receivedUnits, pi.decimals),
    still_due: formatUnits(stillDue, pi.decimals),
    deadline,
    deadline_passed: deadlinePassed,
  };
}

async function find(token: string): Promise<Found | null> {
  if (!PAY_TOKEN_PATTERN.test(token)) return null;
  const database = await db();
  const [pi] = await database.select().from(paymentIntents).where(eq(paymentIntents.payToken, token)).limit(1);
  // No page before there is an address to pay.
  if (!pi || !pi.paymentAddress) return null;
  const [org] = await database.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, pi.orgId));
  const contact = async (uid: string) => {
    const [user] = await database.select({ email: users.email }).from(users).where(eq(users.uid, uid));
    return user?.email ?? null;
  };
  const merchantName = org?.name ?? "";
  const [invoice] = await database.select().from(invoices).where(eq(invoices.paymentIntentId, pi.id));
  if (invoice) {
    const record = serializeInvoice(invoice, pi);
    return {
      pi,
      merchant: { name: merchantName, email: await contact(invoice.creatorUid) },
      kind: "invoice",
      reference: record.invoice_id,
      invoice: {
        lines: record.detail_items.map((item) => ({ name: item.name, quantity: item.quantity, unit_price: item.unit_price, tax: item.tax ?? null })),
        subtotal: record.subtotal,
        tax: record.tax_total,
        total: record.amount,
        unit: record.currency ?? pi.tokenSymbol,
      },
    };
  }
  const [payout] = await database.select().from(payouts).where(eq(payouts.paymentIntentId, pi.id));
  if (payout) {
    return { pi, merchant: { name: merchantName, email: await contact(payout.creatorUid) }, kind: "payout", reference: payout.payoutNumber, invoice: null };
  }
  return { pi, merchant: { name: merchantName, email: null }, kind: "payment", reference: null, invoice: null };
}

/** The payment page of `token`, or null when there is none (unknown token, no address yet). */
export async function readPayPage(token: string, now: Date = new Date()): Promise<PayPage | null> {
  const found = await find(token);
  if (!found) return null;
  const { pi } = found;
  const chain = findChain(pi.chainId);
  if (!chain || !pi.paymentAddress) return null;
  const status = statusOf(pi, now);
  const { dueUnits, receivedUnits } = receivedFacts(pi);
  // The QR asks for what is still due: the whole amount, or the rest after a short payment.
  const askUnits = receivedUnits > 0n && receivedUnits < dueUnits ? dueUnits - receivedUnits : dueUnits;
  const uri = walletUri({ chain, tokenAddress: pi.tokenAddress, to: pi.paymentAddress, units: askUnits, decimals: pi.decimals, label: found.merchant.name });
  const qr = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return {
    ...status,
    merchant: found.merchant,
    kind: found.kind,
    reference: found.reference,
    invoice: found.invoice,
    symbol: pi.tokenSymbol,
    chain: chain.name,
    address: pi.paymentAddress,
    wallet_uri: uri,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(qr).toString("base64")}`,
    payment_tx_hash: pi.paymentTxHash,
    payment_tx_url: pi.paymentTxHash ? `${chain.explorerTxUrl}${pi.paymentTxHash}` : null,
    paid_at: pi.paymentTxTimestamp,
  };
}

/** The live status of `token`'s page, or null. */
export async function readPayStatus(token: string, now: Date = new Date()): Promise<PayStatus | null> {
  if (!PAY_TOKEN_PATTERN.test(token)) return null;
  const [pi] = await (await db()).select().from(paymentIntents).where(eq(paymentIntents.payToken, token)).limit(1);
  if (!pi || !pi.paymentAddress) return null;
  return statusOf(pi, now);
}

/** The invoice PDF behind `token`'s page (the payer's copy and, once paid, receipt), or null. */
export async function readPayPagePdf(token: string): Promise<{ bytes: Buffer; filename: string } | null> {
  if (!PAY_TOKEN_PATTERN.test(token)) return null;
  const database = await db();
  const [pi] = await database.select().from(paymentIntents).where(eq(paymentIntents.payToken, token)).limit(1);
  if (!pi || !pi.paymentAddress) return null;
  const [invoice] = await database.select().from(invoices).where(eq(invoices.paymentIntentId, pi.id));
  if (!invoice) return null;
  const record = serializeInvoice(invoice, pi);
  const [org] = await database.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, pi.orgId));
  const bytes = await renderInvoicePdf({ invoice: record, merchantName: org?.name ?? "", payLink: payPageUrl(token) });
  return { bytes, filename: invoicePdfFilename(record) };
}
