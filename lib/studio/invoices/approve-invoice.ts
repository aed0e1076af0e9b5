import { eq, sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db/client";
import { organizations } from "@/lib/studio/db/schema";
import type { Principal } from "@/lib/studio/auth/principal";
import { StudioError } from "@/lib/studio/errors";
import { chainAdapter } from "@/lib/studio/chain/adapter";
import { findChain } from "@/lib/studio/chain/registry";
import { defaultPaymentDeadline } from "@/lib/studio/invoices/deadline";
import { assertTransition, getInvoiceOrThrow, lockInvoiceOrThrow, transitionInvoice } from "@/lib/studio/invoices/queries";
import { serializeInvoice } from "@/lib/studio/invoices/serialize";

// POST /invoice/intent/{id}/approve: opens the payment window with a fresh deposit address.
export async function approveInvoice(input: { principal: Principal; id: string; now?: Date }) {
  const { principal, id } = input;
  const now = input.now ?? new Date();
  const database = await db();
  await database.transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(tx, principal.orgId, id);
    if (current.invoice.creatorUid === principal.uid) {
      throw new StudioError("maker_checker", "The user who created an invoice cannot approve it; another approver must");
    }
    const { invoice, paymentIntent } = current;
    const chain = findChain(paymentIntent.chainId);
    if (!chain) throw new Error(`invoice ${invoice.id} is on unknown chain ${paymentIntent.chainId}`);
    // Refused transitions must not burn an address index, so the state check comes first.
    assertTransition(current, "approve");
    const index = await takeAddressIndex(tx, principal.orgId);
    const paymentAddress = chainAdapter().depositAddress({ chain, hdSeedSealed: index.hdSeedSealed, index: index.value });
    const paymentDeadline =
      paymentIntent.requestedDeadline ??
      defaultPaymentDeadline({ issueDate: invoice.invoiceIssueDate, paymentTerms: invoice.paymentTerms, approvedAt: now });
    await transitionInvoice(tx, {
      current,
      action: "approve",
      operatorUid: principal.uid,
      reason: "approved",
      invoiceChanges: { approveTime: now, reviewer: invoice.reviewer ?? principal.name },
      paymentChanges: { paymentAddress, addressIndex: index.value, paymentDeadline },
      now,
    });
  });
  const approved = await getInvoiceOrThrow(database, principal.orgId, id);
  return serializeInvoice(approved.invoice, approved.paymentIntent);
}

/** The organization's next unused HD index; the row update serializes concurrent approvals. */
async function takeAddressIndex(tx: Tx, orgId: number): Promise<{ value: number; hdSeedSealed: string }> {
  const [row] = await tx
    .update(organizations)
    .set({ nextAddressIndex: sql`${organizations.nextAddressIndex} + 1` })
    .where(eq(organizations.id, orgId))
    .returning({ next: organizations.nextAddressIndex, hdSeedSealed: organizations.hdSeedSealed });
  if (!row) throw new Error(`organization ${orgId} vanished`);
  return { value: row.next - 1, hdSeedSealed: row.hdSeedSealed };
}
